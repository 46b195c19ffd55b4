"""Mana (106), mana abilities (605) and the payment solver (601.2g-h).

The solver proposes an automatic payment from the mana pool and untapped
sources whose mana abilities cost only {T}; a source with several mana
abilities (a dual land: 305.6 gives it one per basic land type) may pay with
any of them. Manual mana abilities stay legal alongside it, including those
with mana or sacrifice costs (605.3a).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping
from typing import NamedTuple

from karn import ir
from karn.cards.mana import COLORS, ManaCost, parse_mana_symbols
from karn.engine import costs, decisions
from karn.engine.context import Context
from karn.engine.drawing import draw
from karn.engine.events import AddMana, LifeGain, LifeLoss, SpendMana, Tap
from karn.engine.frames import ManaFrame
from karn.engine.layers import Chars
from karn.engine.pipeline import perform
from karn.engine.references import count, damage_event, damage_source
from karn.engine.state import Option
from karn.engine.targeting import matches
from karn.engine.values import Chosen, chosen_for, player_ref


class Source(NamedTuple):
    """A permanent the solver may tap for mana: each of its free mana abilities
    (index in its abilities, the symbols it adds); ``exact`` maps a color to the
    ability that adds exactly one mana of it; ``most`` is the most mana one adds."""

    oid: int
    options: tuple[tuple[int, tuple[str, ...]], ...]
    exact: dict[str, int]
    most: int

    @staticmethod
    def of(oid: int, options: tuple[tuple[int, tuple[str, ...]], ...]) -> Source:
        exact: dict[str, int] = {}
        for idx, syms in options:
            if len(syms) == 1:
                exact.setdefault(syms[0], idx)
        return Source(oid, options, exact, max(len(syms) for _, syms in options))

    def produces(self, color: str) -> int | None:
        """The ability that adds exactly one mana of `color`, if any."""
        return self.exact.get(color)


def mana_abilities(ctx: Context, oid: int) -> list[tuple[int, ir.Activated]]:
    """The mana abilities a permanent has now (605.1a), by index in its abilities
    (printed, granted by layer 6, intrinsic to its land types, 305.6)."""
    return [
        (i, a)
        for i, a in enumerate(ctx.chars(oid).abilities)
        if isinstance(a, ir.Activated) and a.mana_ability
    ]


def sick(ctx: Context, oid: int) -> bool:
    """302.6: a creature's {T} abilities need it to have been controlled since the turn began."""
    c = ctx.chars(oid)
    return ctx.obj(oid).sick and c.is_("creature") and "haste" not in c.keywords


def can_activate_mana(
    ctx: Context, p: int, oid: int, ab: ir.Activated, srcs: list[Source] | None = None
) -> bool:
    """605.3a: a player may activate a mana ability whenever they could pay its cost."""
    o = ctx.obj(oid)
    if ctx.controller(oid) != p:
        return False
    c = ab.cost
    if c.tap and (o.tapped or sick(ctx, oid)):
        return False
    if c.loyalty is not None:
        return False  # loyalty mana abilities: not supported yet (none compile)
    if c.parts and not costs.can_pay(ctx, p, oid, c):
        return False  # 118.3: "Pay 1 life", "Remove a charge counter from ~"
    if ab.once_each_turn and o.activated_turns.get(_ability_id(ctx, oid, ab)) == ctx.state.turn:
        return False  # 602.5b
    if c.mana:
        others = [x for x in (sources(ctx, p) if srcs is None else srcs) if x.oid != oid]
        pl = ctx.state.players[p]
        return solve(pl.pool, ManaCost.parse(c.mana), others, pl.life) is not None
    return True


def free_source(ab: ir.Activated) -> bool:
    """A mana ability the solver may use: no mana, sacrifice or loyalty in its cost, and
    no timing restriction (602.5d: those are offered as abilities, checked when activated)."""
    c = ab.cost
    return (
        not c.mana
        and c.loyalty is None
        and not c.exile_self
        and not c.parts
        and not ab.once_each_turn
        and not ab.only_during
    )


def sources(ctx: Context, p: int) -> list[Source]:
    """The permanents `p` controls that the solver may tap for mana now: their mana abilities
    whose only cost is {T}; untapped, and not summoning-sick creatures without haste (302.6).
    The candidates are kept per version of the characteristics; tapped and sick are read live."""
    version = ctx.state.layers_version
    cache = ctx.source_cache
    if cache[0] != version:
        cache = ctx.source_cache = (version, {})
    candidates: list[tuple[Source, bool]] | None = cache[1].get(p)
    if candidates is None:
        candidates = cache[1][p] = _source_candidates(ctx, p)
    objects = ctx.state.objects
    return [
        src
        for src, sick_matters in candidates
        if not objects[src.oid].tapped and not (sick_matters and objects[src.oid].sick)
    ]


def _source_candidates(ctx: Context, p: int) -> list[tuple[Source, bool]]:
    out: list[tuple[Source, bool]] = []
    per_object = ctx.object_sources
    for oid, c in ctx.battlefield_chars().items():
        if c.controller != p:
            continue
        chosen = ctx.state.objects[oid].chosen
        entry = per_object.get(oid)
        if entry is None or entry[0] != c.ability_ids or entry[2] != chosen:
            src, live = _source_of(ctx, oid, c, chosen)
            entry = (c.ability_ids, src, chosen)
            if not live:  # 106.7: what it could produce depends on the other permanents
                per_object[oid] = entry
        if entry[1] is not None:
            sick_matters = "creature" in c.types and "haste" not in c.keywords
            out.append((entry[1], sick_matters))
    if any(
        isinstance(ab, ir.Triggered) and ab.trigger.event == "tapped_for_mana"
        for c in ctx.battlefield_chars().values()
        for ab in c.abilities
    ):
        # 605.4a: mana added by triggered mana abilities counts for what a source can pay.
        out = [(_with_triggered_mana(ctx, p, src), sick) for src, sick in out]
    return out


def _with_triggered_mana(ctx: Context, p: int, src: Source) -> Source:
    n = mana_triggers(ctx, p, src.oid)
    if not n:
        return src
    options = tuple((i, syms + (min(syms, key="WUBRGC".index),) * n) for i, syms in src.options)
    return Source.of(src.oid, options)


def _source_of(ctx: Context, oid: int, c: Chars, chosen: Chosen | None) -> tuple[Source | None, bool]:
    """The source the solver may tap, and whether what it offers depends on other permanents
    (106.7: "any type that a land you control could produce"), so it can't be kept per object."""
    options: list[tuple[int, tuple[str, ...]]] = []
    live = False
    for i, (ab, aid) in enumerate(zip(c.abilities, c.ability_ids, strict=True)):
        if not isinstance(ab, ir.Activated) or any(isinstance(e, ir.AddMana) and e.times for e in ab.effects):
            continue  # a variable amount ("for each creature you control"): activated by hand only
        if ab.mana_ability and ab.cost.tap and free_source(ab):
            if not has_choice(ab):
                syms = produced(ab, chosen_for(chosen, aid))
                if syms:
                    options.append((i, syms))
                continue
            live = live or any(isinstance(e, ir.AddCouldProduce) for e in ab.effects)
            for syms in _outcomes(mana_slots(ctx, c.controller, oid, ab, chosen_for(chosen, aid))):
                if syms:
                    options.append((i, syms))
    return (Source.of(oid, tuple(dict.fromkeys(options))) if options else None), live


#: The most outcomes of one mana ability the solver considers ("five mana in any combination
#: of colors" has 126): beyond it, only the outcomes of one color each.
_MAX_OUTCOMES = 40


def _outcomes(slots: list[Slot]) -> list[tuple[str, ...]]:
    """Every mana one activation may add: one alternative of each slot, in order."""
    size = 1
    for slot in slots:
        size *= len(slot)
    if size > _MAX_OUTCOMES:
        # "in any combination of colors": the i-th alternative of every slot (one color each)
        widest = max(len(slot) for slot in slots)
        return [tuple(sym for slot in slots for sym in slot[min(i, len(slot) - 1)]) for i in range(widest)]
    return [tuple(sym for alt in pick for sym in alt) for pick in itertools.product(*slots)]


def has_choice(ab: ir.Activated) -> bool:
    """Does the mana this ability adds depend on a choice made as it resolves (106.1, 605.3b)?"""
    return any(isinstance(e, _CHOICE_EFFECTS) for e in ab.effects)


_CHOICE_EFFECTS = (ir.AddOneOf, ir.AddAnyColor, ir.AddCouldProduce)
ChoiceEffect = ir.AddOneOf | ir.AddAnyColor | ir.AddCouldProduce

#: One choice of a mana ability as it resolves: its alternatives, each the symbols it adds.
Slot = tuple[tuple[str, ...], ...]


def commander_colors(ctx: Context, p: int) -> tuple[str, ...] | None:
    """903.4: the colors of `p`'s commander's color identity; None without a commander (karn's
    games have none yet: the quality is undefined and the ability adds nothing, 903.4f)."""
    return None


def mana_slots(ctx: Context, p: int, oid: int, ab: ir.Activated, chosen: Mapping[str, str]) -> list[Slot]:
    """What one activation of a mana ability adds, as the choices made as it resolves (106.1,
    605.3b): one slot per choice, a fixed part as a slot of one alternative. A choice with no
    alternative adds nothing (106.5: an undefined type of mana; 903.4f; 106.7)."""
    slots: list[Slot] = []
    for e in ab.effects:
        if isinstance(e, ir.AddMana):
            syms = effect_symbols(e, chosen)
            if syms and e.times is None:
                slots.append((syms,))
        elif isinstance(e, _CHOICE_EFFECTS):
            slots += effect_slots(ctx, p, oid, e)
    return slots


def effect_slots(ctx: Context, p: int, oid: int, e: ChoiceEffect) -> list[Slot]:
    """The choices one effect adding chosen mana asks for (106.1): "{R} or {G}" is one slot;
    "two mana in any combination of colors" two; none when no mana is defined (106.5, 106.7,
    903.4f)."""
    if isinstance(e, ir.AddOneOf):
        return [tuple(parse_mana_symbols(option) for option in e.options)]
    if isinstance(e, ir.AddAnyColor):
        colors = COLORS if e.colors is ir.ColorRange.ANY else commander_colors(ctx, p)
        if not colors:
            return []
        if e.spread is ir.ColorSpread.ONE_COLOR:
            return [tuple((color,) * e.count for color in colors)]
        return [tuple((color,) for color in colors)] * e.count
    kinds = could_produce(ctx, p, oid, e, frozenset())
    return [tuple((k,) for k in kinds)] if kinds else []


def could_produce(
    ctx: Context, p: int, oid: int, e: ir.AddCouldProduce, seen: frozenset[int]
) -> tuple[str, ...]:
    """106.7: the types (or colors) of mana the permanents ``e`` describes could produce now,
    costs ignored; a permanent already being asked about (``seen``) counts for nothing, so two
    Exotic Orchards alone define no type."""
    kinds: set[str] = set()
    seen = seen | {oid}
    for other, c in ctx.battlefield_chars().items():
        if other in seen or not matches(ctx, other, e.permanents, p, oid):
            continue
        chosen = ctx.state.objects[other].chosen
        for ab, aid in zip(c.abilities, c.ability_ids, strict=True):
            if isinstance(ab, ir.Activated) and ab.mana_ability:
                kinds |= _types_of(ctx, c.controller, other, ab, chosen_for(chosen, aid), seen)
    order = "WUBRG" if e.kinds is ir.ManaKinds.COLOR else "WUBRGC"
    return tuple(k for k in order if k in kinds)


def _types_of(
    ctx: Context, p: int, oid: int, ab: ir.Activated, chosen: Mapping[str, str], seen: frozenset[int]
) -> set[str]:
    out: set[str] = set()
    for e in ab.effects:
        if isinstance(e, ir.AddMana):
            out |= set(effect_symbols(e, chosen))
        elif isinstance(e, ir.AddOneOf):
            out |= {s for option in e.options for s in parse_mana_symbols(option)}
        elif isinstance(e, ir.AddAnyColor):
            out |= set(COLORS if e.colors is ir.ColorRange.ANY else commander_colors(ctx, p) or ())
        elif isinstance(e, ir.AddCouldProduce):
            out |= set(could_produce(ctx, p, oid, e, seen))
    return out


def produced(ab: ir.Activated, chosen: Mapping[str, str] | None = None) -> tuple[str, ...]:
    """The mana symbols a mana ability without a choice adds (106.1); ``chosen``: the values its
    source chose as it entered (607.2a), for "one mana of the chosen color"."""
    syms = _produced(ab.effects)
    for e in ab.effects:
        if isinstance(e, ir.AddMana) and e.chosen_color:
            syms += effect_symbols(e, chosen or {})
    return syms


@functools.cache
def _produced(effects: tuple[ir.Effect, ...]) -> tuple[str, ...]:
    syms: tuple[str, ...] = ()
    for e in effects:
        if isinstance(e, ir.AddMana) and not e.chosen_color:
            syms += parse_mana_symbols(e.mana)
    return syms


def effect_symbols(e: ir.AddMana, chosen: Mapping[str, str]) -> tuple[str, ...]:
    """The mana symbols one ``AddMana`` adds once: its symbols, or the color its source chose
    as it entered (607.2a; nothing when none was chosen)."""
    if e.chosen_color:
        color = chosen.get("color", "")
        return (color,) if color else ()
    return parse_mana_symbols(e.mana)


def add_mana(ctx: Context, p: int, symbols: tuple[str, ...], rule: str = "106.4") -> None:
    perform(ctx, AddMana(player=p, symbols=symbols, rule=rule))


def activate_mana_ability(
    ctx: Context,
    p: int,
    oid: int,
    idx: int,
    keep: ManaCost | None = None,
    choice: tuple[str, ...] | None = None,
) -> None:
    """605.3b: a mana ability resolves immediately, without the stack. While a cost is being
    paid (601.2g), ``keep`` is that cost: the ability's own mana cost is paid with mana the
    pending cost doesn't need, when possible. ``choice``: the mana it adds when it adds mana
    chosen as it resolves (106.1, the payment solver's pick); without it the player is asked
    (a :class:`ManaFrame` on the agenda, one choice at a time)."""
    chars = ctx.chars(oid)
    ab, aid = chars.abilities[idx], chars.ability_ids[idx]
    assert isinstance(ab, ir.Activated)
    chosen = chosen_for(ctx.state.objects[oid].chosen, aid)  # 607.2a, 607.5a: its linked choice
    if choice is None and has_choice(ab):
        slots = mana_slots(ctx, p, oid, ab, chosen)
        if any(len(slot) > 1 for slot in slots):
            ctx.state.agenda.append(ManaFrame(player=p, source=oid, ability=idx, keep=str(keep or "")))
            return
        choice = tuple(sym for slot in slots for alt in slot for sym in alt)
    name = ctx.describe(oid)
    c = ab.cost
    if c.mana and not pay(ctx, p, ManaCost.parse(c.mana), exclude=oid, keep=keep):
        raise AssertionError("a mana ability was offered whose mana cost can't be paid")
    syms: tuple[str, ...] = ()
    if choice is not None:
        syms = choice
    else:
        for e in ab.effects:
            if isinstance(e, ir.AddMana):
                # 106.3: "Add {G} for each creature you control": counted as the ability resolves (605.3b).
                n = 1 if e.times is None else count(ctx, e.times, p, oid, [])
                syms += effect_symbols(e, chosen) * n
    if c.tap:
        syms += _triggered_mana(ctx, p, oid, syms)
    if ab.once_each_turn:
        mark_activated(ctx, oid, aid)
    if c.tap:
        perform(ctx, Tap(obj=oid, tapped=True, rule="605.3b", quiet=True))
    if c.parts:
        costs.pay(ctx, p, oid, c, ())  # 605.3b: parts that ask nothing ("Sacrifice ~", "Pay 1 life")
    perform(ctx, AddMana(player=p, symbols=syms))
    verb = "taps" if c.tap else "uses"
    ctx.emit("605.3b", f"{ctx.player_name(p)} {verb} {name} for {''.join('{' + s + '}' for s in syms)}")
    _also(ctx, p, oid, ab)


def _also(ctx: Context, p: int, oid: int, ab: ir.Activated) -> None:
    """The rest of a mana ability's effects, done as it resolves (605.3b): "This land deals 1
    damage to you." (a pain land, 120.3), "You gain 1 life.", "Draw a card." (121.1). The
    compiler refuses a mana ability with any other effect (:data:`MANA_SIDE_EFFECTS`)."""
    for e in ab.effects:
        if isinstance(e, ir.DealDamage) and isinstance(e.amount, int):
            src = damage_source(ctx, oid)
            perform(ctx, damage_event(ctx, src, oid, player_ref(p), e.amount))
        elif isinstance(e, ir.GainLife) and isinstance(e.amount, int):
            perform(ctx, LifeGain(player=p, amount=e.amount))
        elif isinstance(e, ir.LoseLife) and isinstance(e.amount, int):
            perform(ctx, LifeLoss(player=p, amount=e.amount))
        elif isinstance(e, ir.Draw) and isinstance(e.amount, int):
            draw(ctx, p, e.amount)


def mana_frame_step(ctx: Context, f: ManaFrame) -> None:
    """106.1, 605.3b: the player chooses the mana a mana ability adds as it resolves, one choice
    at a time ("{R} or {G}"; each mana of "two mana in any combination of colors")."""
    chars = ctx.chars(f.source)
    ab, aid = chars.abilities[f.ability], chars.ability_ids[f.ability]
    assert isinstance(ab, ir.Activated)
    slots = mana_slots(ctx, f.player, f.source, ab, chosen_for(ctx.state.objects[f.source].chosen, aid))
    if f.answer is not None:
        f.picks.append(f.answer.a)
        f.answer = None
    asked = [i for i, slot in enumerate(slots) if len(slot) > 1]
    if len(f.picks) < len(asked):
        slot = slots[asked[len(f.picks)]]
        options = [Option("mana_choice", i, label=symbols_text(alt)) for i, alt in enumerate(slot)]
        which = f" ({len(f.picks) + 1} of {len(asked)})" if len(asked) > 1 else ""
        prompt = f"{ctx.describe(f.source)}: choose the mana to add{which}"
        decisions.ask(ctx, f.player, "mana_choice", "106.1", prompt, options)
        return
    picked = dict(zip(asked, f.picks, strict=True))
    choice = tuple(sym for i, slot in enumerate(slots) for sym in slot[min(picked.get(i, 0), len(slot) - 1)])
    ctx.state.agenda.pop()
    keep = ManaCost.parse(f.keep) if f.keep else None
    activate_mana_ability(ctx, f.player, f.source, f.ability, keep=keep, choice=choice)


def symbols_text(syms: tuple[str, ...]) -> str:
    return "".join("{" + s + "}" for s in syms)


def mana_triggers(ctx: Context, p: int, oid: int) -> int:
    """605.1b: how many triggered mana abilities ("Whenever a player taps a land for mana, that
    player adds one mana of any type that land produced") tapping this permanent for mana triggers."""
    n = 0
    for src, ab, controller in ctx.statics("tapped_for_mana"):
        t = ab.trigger
        if t.player == "you" and controller != p:
            continue
        if t.filter is None or matches(ctx, oid, t.filter, controller, src):
            n += sum(e.count for e in ab.effects if isinstance(e, ir.AddManaProduced))
    return n


def _triggered_mana(ctx: Context, p: int, oid: int, produced_syms: tuple[str, ...]) -> tuple[str, ...]:
    """605.4a: the triggered mana abilities resolve immediately after the mana ability that
    triggered them: one more mana of a type the permanent produced (106.12a). When it produced
    several types, karn adds the first in WUBRGC order (the player's choice is not asked yet)."""
    if not produced_syms:
        return ()
    n = mana_triggers(ctx, p, oid)
    if not n:
        return ()
    kind = min(produced_syms, key="WUBRGC".index)
    ctx.emit(
        "605.4a",
        f"{ctx.player_name(p)} adds {{{kind}}}" + (f" ×{n}" if n > 1 else "") + " (triggered mana ability)",
    )
    return (kind,) * n


Plan = tuple[dict[str, int], list[tuple[Source, int, tuple[str, ...]]]]


def solve(pool: dict[str, int], cost: ManaCost, srcs: list[Source], life: int = 0) -> Plan | None:
    """Find a payment: mana to spend from the pool and (source, ability) pairs to activate.
    None if impossible. ``life``: the payer's life total, for Phyrexian symbols (107.4f,
    119.4); a cost with hybrid symbols is payable when one of its nonhybrid equivalents is
    (601.2b, :func:`settle_hybrid`).

    Colored symbols are paid first (pool, then sources that add exactly that color,
    preferring sources with fewer other choices), then generic with what is left (pool
    first, then sources by how little they are otherwise needed).
    """
    if cost.hybrid:
        found = settle_hybrid(pool, cost, srcs, life)
        return None if found is None else found[2]
    return _solve_plain(pool, cost, srcs)


def settle_hybrid(
    pool: dict[str, int], cost: ManaCost, srcs: list[Source], life: int
) -> tuple[tuple[str, ...], int, Plan, ManaCost] | None:
    """601.2b, 107.4e-f: the way of paying each hybrid symbol of ``cost`` the automatic payment
    announces: the first nonhybrid equivalent (less life first, then less mana:
    :meth:`ManaCost.equivalents`) the pool and sources can pay; its ways, the life it pays, the
    plan and the equivalent cost. None if none can be paid."""
    for ways, plain, paid in cost.equivalents(life):
        plan = _solve_plain(pool, plain, srcs)
        if plan is not None:
            return ways, paid, plan, plain
    return None


def _solve_plain(pool: dict[str, int], cost: ManaCost, srcs: list[Source]) -> Plan | None:
    avail = dict(pool)
    used: dict[str, int] = {}
    free = list(srcs)
    taps: list[tuple[Source, int, tuple[str, ...]]] = []
    for color, n in cost.colored:
        for _ in range(n):
            if avail.get(color, 0) > 0:
                avail[color] -= 1
                used[color] = used.get(color, 0) + 1
                continue
            pick = None
            for src in free:
                if color in src.exact and (pick is None or len(src.options) < len(pick.options)):
                    pick = src
                    if len(src.options) == 1:
                        break
            if pick is None:
                # A source adding this color with more mana ({G}{G}: 605.4a's triggered mana):
                # the rest goes to the pool and pays for what follows.
                found = next(((s, i, y) for s in free for i, y in s.options if color in y), None)
                if found is None:
                    return None
                src, idx, syms = found
                free.remove(src)
                taps.append((src, idx, syms))
                rest = list(syms)
                rest.remove(color)
                for extra in rest:
                    avail[extra] = avail.get(extra, 0) + 1
                continue
            free.remove(pick)
            taps.append((pick, pick.exact[color], (color,)))
    generic = cost.generic
    for color in ("C",) + COLORS:
        while generic > 0 and avail.get(color, 0) > 0:
            avail[color] -= 1
            used[color] = used.get(color, 0) + 1
            generic -= 1
    if generic > 0 and len(free) > 1:
        free.sort(key=lambda s: ("C" not in s.exact, len(s.options), -s.most))
    while generic > 0:
        if not free:
            return None
        pick = free.pop(0)
        idx, syms = max(pick.options, key=lambda o: len(o[1]))
        taps.append((pick, idx, syms))
        generic -= len(syms)
    return used, taps


def available_count(pool: dict[str, int], srcs: list[Source]) -> int:
    return sum(pool.values()) + sum(s.most for s in srcs)


def max_x(ctx: Context, p: int, cost: ManaCost, extra: int = 0, cap: int = 20, exclude: int = 0) -> int:
    """The largest X (107.3) the player could pay for (bounded so the option list stays small)."""
    pl = ctx.state.players[p]
    pool = pl.pool
    srcs = [x for x in sources(ctx, p) if x.oid != exclude]
    if cost.x == 0:
        return 0
    # the least mana the cost may take: a Phyrexian symbol none (2 life), a {2/W} one mana (107.4e-f)
    least = cost.generic + sum(n for _, n in cost.colored) + sum(1 for h in cost.hybrid if "P" not in h)
    hi = (available_count(pool, srcs) - least - extra) // cost.x
    hi = max(0, min(hi, cap))
    while hi > 0 and solve(pool, cost.with_x(hi, extra), srcs, pl.life) is None:
        hi -= 1
    return hi


def can_pay(ctx: Context, p: int, cost: ManaCost, exclude: int = 0) -> bool:
    pl = ctx.state.players[p]
    return solve(pl.pool, cost, [x for x in sources(ctx, p) if x.oid != exclude], pl.life) is not None


def _chosen_part(ctx: Context, oid: int, idx: int, syms: tuple[str, ...]) -> tuple[str, ...] | None:
    """The mana the solver picked for a mana ability with a choice (106.1), without what
    triggered mana abilities add (605.4a: they are added as the ability resolves); None when the
    ability has no choice."""
    ab = ctx.chars(oid).abilities[idx]
    if not isinstance(ab, ir.Activated) or not has_choice(ab):
        return None
    n = mana_triggers(ctx, ctx.controller(oid), oid)
    return syms[: len(syms) - n] if n else syms


def _generic_order(keep: ManaCost | None) -> tuple[str, ...]:
    """The order generic mana is spent from the pool: colorless first, and the colors a
    pending cost needs (`keep`) last."""
    needed = {color for color, _ in keep.colored} if keep is not None else set()
    return ("C",) + tuple(c for c in COLORS if c not in needed) + tuple(c for c in COLORS if c in needed)


def pay(ctx: Context, p: int, cost: ManaCost, exclude: int = 0, keep: ManaCost | None = None) -> bool:
    """Pay a mana cost with the solver's proposal (601.2g-h). False if impossible. A cost with
    hybrid symbols (a mana ability's "{R/G}, {T}: ...") is paid as the nonhybrid equivalent the
    solver finds, Phyrexian symbols with mana when it can, else 2 life each (601.2b, 107.4f)."""
    pl = ctx.state.players[p]
    srcs = [x for x in sources(ctx, p) if x.oid != exclude]
    if cost.hybrid:
        settled = settle_hybrid(pl.pool, cost, srcs, pl.life)
        if settled is None:
            return False
        _, life, plan, cost = settled
    else:
        life = 0
        found = _solve_plain(pl.pool, cost, srcs)
        if found is None:
            return False
        plan = found
    _, taps = plan
    for src, idx, syms in taps:
        activate_mana_ability(ctx, p, src.oid, idx, choice=_chosen_part(ctx, src.oid, idx, syms))
    # Spend: colored requirements, then generic, from the (now larger) pool.
    pool = dict(pl.pool)
    spent: dict[str, int] = {}
    for color, n in cost.colored:
        if pool.get(color, 0) < n:
            return False
        pool[color] -= n
        spent[color] = spent.get(color, 0) + n
    generic = cost.generic
    for color in _generic_order(keep):
        while generic > 0 and pool.get(color, 0) > 0:
            pool[color] -= 1
            spent[color] = spent.get(color, 0) + 1
            generic -= 1
    if generic:
        return False
    if spent:
        perform(ctx, SpendMana(player=p, symbols=spent))
    if life:
        pay_life(ctx, p, life)  # 601.2h: the rest of the cost, in any order
    return True


def pay_life(ctx: Context, p: int, life: int) -> None:
    """107.4f, 119.4: pay 2 life for each Phyrexian symbol paid so (the player loses that life)."""
    ctx.emit("107.4f", f"{ctx.player_name(p)} pays {life} life for Phyrexian mana")
    perform(ctx, LifeLoss(player=p, amount=life, rule="119.4", payment=True))


def _ability_id(ctx: Context, oid: int, ab: ir.Activated) -> str:
    chars = ctx.chars(oid)
    return next(
        (aid for a, aid in zip(chars.abilities, chars.ability_ids, strict=True) if a is ab or a == ab), ""
    )


def mark_activated(ctx: Context, oid: int, aid: str) -> None:
    """602.5b: "Activate only once each turn": the turns in which the object's ability was
    activated (only the current one is ever read)."""
    o = ctx.state.objects[oid]
    o.activated_turns = {**o.activated_turns, aid: ctx.state.turn}
