"""Casting spells (601) and activating abilities (602), step by step.

601.2a move the card to the stack; 601.2b modes and X; 601.2c targets, one
pick at a time; 601.2f total cost (with cost increases); 601.2g-h mana
abilities and payment; 601.2i the spell becomes cast. Casting is
transactional (733): the state before it began is kept as bytes and restored
if the player cancels.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Callable, Iterator
from typing import NamedTuple

import msgspec

from karn import ir
from karn.cards.mana import LIFE, ManaCost, hybrid_alternatives
from karn.engine import activated, cost_keywords, costs, decisions, mana, permissions, targeting, timing
from karn.engine.abilities import (
    BESTOW_TARGET,
    ability,
    alternative_costs,
    bestow_cost,
    card_flashback,
    divided_damage,
    enchant_filter,
    extra_cost_per_target,
    morph_ability,
    spell_ability,
    spell_target_specs,
)
from karn.engine.actions import Action
from karn.engine.context import Context
from karn.engine.events import CounterChange, SpellCast, Tap, TurnFaceUp, ZoneChange
from karn.engine.filters import characteristics_match, object_matches
from karn.engine.frames import (
    ActivateFrame,
    CascadeProgress,
    CastFrame,
    CastProgress,
    FreeCastFrame,
    ResolveFrame,
    TurnFaceUpFrame,
)
from karn.engine.layers import Chars, face_down_chars
from karn.engine.pipeline import perform, put_on_stack
from karn.engine.pipeline.replacement import applies_to, madness_cost
from karn.engine.references import buyback_cost, count, kicker_costs, leave_stack, multikicker
from karn.engine.state import (
    BATTLEFIELD,
    EXILE,
    GRAVEYARD,
    HAND,
    STACK,
    Obj,
    Option,
    decode_state,
    encode_state,
)

# ---------------------------------------------------------------------------- what may be cast


class _SpellInfo(NamedTuple):
    land: bool
    instant: bool
    cost: ManaCost  # with X = 0 (601.2f minimum)
    castable: bool  # compiled completely and has a mana cost (118.6)


def _spell_info(ctx: Context, name: str) -> _SpellInfo:
    memo = ctx.printed.memo
    info: _SpellInfo | None = memo.get(("spell", name))
    if info is None:
        face = ctx.face(name)
        # 118.6 / 202.1b: a card with no mana cost can't be cast (without an alternative cost);
        # 712.8a: the back face of a double-faced card is not cast.
        # 709.3: a split card is cast as one of its halves, never whole.
        castable = (
            ctx.compiled(name).playable
            and face.mana_cost is not None
            and not face.front
            and not (face.layout == "split" and face.parts)
        )
        # 702.8a: flash lets the card be cast any time its controller could cast an instant
        flash = any(isinstance(a, ir.Keyword) and a.name == "flash" for a in ctx.compiled(name).abilities)
        info = memo["spell", name] = _SpellInfo(
            "land" in face.types,
            "instant" in face.types or flash,
            face.cost.with_x(0) if castable else ManaCost(),
            castable,
        )
    return info


def instant_speed(ctx: Context, name: str) -> bool:
    """An instant, or a card with flash (702.8a): cast any time its owner has priority."""
    info: _SpellInfo | None = ctx.printed.memo.get(("spell", name))
    return (info if info is not None else _spell_info(ctx, name)).instant


def is_land_card(ctx: Context, name: str) -> bool:
    info: _SpellInfo | None = ctx.printed.memo.get(("spell", name))
    return (info if info is not None else _spell_info(ctx, name)).land


#: A cast or play option's ``b`` for the card's i-th part (``PART_OPTION + i``,
#: :meth:`karn.cards.pool.CardPool.cast_parts`): 0 is the card as it is, 1 face down (702.37c)
PART_OPTION = 2


def part_of_option(ctx: Context, oid: int, b: int) -> str:
    """The part an option's ``b`` casts or plays ("" for the card itself or face down);
    raises ``ValueError`` for a part the card doesn't have."""
    if b < PART_OPTION:
        return ""
    parts = ctx.pool.cast_parts(ctx.obj(oid).name)
    if b - PART_OPTION >= len(parts):
        raise ValueError(f"{ctx.obj(oid).name} has no part {b - PART_OPTION + 1} to cast")
    return parts[b - PART_OPTION]


@contextlib.contextmanager
def evaluated_as(ctx: Context, oid: int, part: str) -> Iterator[None]:
    """709.3a, 712.11c, 715.3a: only the part a player chooses to cast (or the face of a modal
    double-faced card they play, 712.12) is evaluated to see whether it can be: for the length
    of the check, the card is seen with that part's characteristics (its name keys them). The
    permanents' characteristics are computed first, without it; nothing else changes."""
    if not part:
        yield
        return
    ctx.field()
    state = ctx.state
    # A stand-in object in a stand-in state, not a change in place: the card may be shared
    # with copies of the game (karn.engine.state.copy_state).
    stand_in = msgspec.structs.replace(state.objects[oid], name=part)
    ctx.state = msgspec.structs.replace(state, objects={**state.objects, oid: stand_in})
    try:
        yield
    finally:
        ctx.state = state


def has_targets(ctx: Context, p: int, oid: int) -> bool:
    """601.2c: a spell needing targets can be cast only with legal choices for each slot."""
    name = ctx.obj(oid).name
    sa = spell_ability(ctx, name)
    if sa is not None and sa.modes:
        fillable = sum(1 for m in sa.modes if _slots_fillable(ctx, p, oid, m.targets))
        # 700.2a: each chosen mode needs its targets ("one or both": one such mode is enough)
        return fillable >= (1 if sa.up_to else max(1, sa.choose))
    return _slots_fillable(ctx, p, oid, spell_target_specs(ctx, name, []))


def _slots_fillable(ctx: Context, p: int, source: int, specs: tuple[ir.TargetSpec, ...]) -> bool:
    return targeting.slots_fillable(ctx, specs, p, source, source)


def castable_card(ctx: Context, name: str) -> bool:
    """Can this card ever be cast (118.6: it has a mana cost; it compiled completely)?"""
    return _spell_info(ctx, name).castable


def can_cast(
    ctx: Context,
    p: int,
    oid: int,
    srcs: list[mana.Source] | None = None,
    sorcery_ok: bool | None = None,
    avail: int | None = None,
    flashback: bool = False,
) -> bool:
    """601.2: timing (117.1a, 307.1), legal targets (601.2c) and a payable cost (601.2h).
    ``flashback``: cast from the graveyard for its flashback cost (702.34a)."""
    name = ctx.state.objects[oid].name
    info: _SpellInfo | None = ctx.printed.memo.get(("spell", name))
    if info is None:
        info = _spell_info(ctx, name)
    if info.land or not info.castable:
        return False
    if (
        not info.instant
        and not (timing.sorcery_timing(ctx, p) if sorcery_ok is None else sorcery_ok)
        and not flash_permitted(ctx, p, oid)
    ):
        bestow = bestow_cost(ctx, name)
        return bestow is not None and _bestow_possible(ctx, p, oid, bestow, False)  # 601.3b
    if srcs is None:
        srcs = mana.sources(ctx, p)
    if cost_keywords.cost_keywords(ctx, name):
        # 702.51a, 702.66a, 702.126a: creatures, artifacts, graveyard cards pay part of the cost
        srcs = cost_keywords.sources_with_units(ctx, p, srcs, name)
        avail = None
    printed = info.cost
    if flashback:
        fb = card_flashback(ctx, oid)  # 613.1f: as the card is in its graveyard now
        if fb is None:
            return False
        printed = ManaCost.parse(fb)
    reduction = cost_reduction(ctx, p, oid)
    cost = reduced(printed, reduction)
    if not _affordable(ctx, p, cost, srcs, avail):
        # 118.9, 601.2b: or for one of its alternative costs (evoke, 702.74a)
        alts: tuple[ir.AlternativeCost, ...] = () if flashback else alternative_costs(ctx, name)
        if not any(
            alt_allowed(ctx, p, a)
            and _affordable(ctx, p, reduced(ManaCost.parse(a.cost), reduction), srcs, avail)
            for a in alts
        ):
            return False
    sacrifice = additional_sacrifice(ctx, name)
    if sacrifice is not None and not _sacrifice_candidates(ctx, p, oid, sacrifice):
        return False  # 601.2h: the additional cost can't be paid
    extra_cost = additional_parts(ctx, name)
    if extra_cost is not None and not costs.can_pay(ctx, p, oid, extra_cost):
        return False  # 601.2h, 118.3: "discard a card", "pay 3 life" can't be paid
    if cast_forbidden(ctx, p, oid, 0) and (not ctx.face(name).cost.x or cast_forbidden(ctx, p, oid, 1)):
        # 601.3a: a spell may be begun if some value of X could make it legal (its mana value
        # changes with X; every X of one parity gives the same answer)
        return False
    if has_targets(ctx, p, oid):
        return True
    # 702.96b: cast for its overload cost, the spell needs no targets
    return any(
        a.keyword == "overload"
        and _affordable(ctx, p, reduced(ManaCost.parse(a.cost), reduction), srcs, avail)
        for a in (() if flashback else alternative_costs(ctx, name))
    )


def alt_allowed(ctx: Context, p: int, alt: ir.AlternativeCost) -> bool:
    """118.9: may `p` cast a spell for this alternative cost now? Spectacle only if an opponent
    lost life this turn (702.137a), surge only if `p` has cast another spell this turn
    (702.117a; karn has no teammates); the others always."""
    s = ctx.state
    if alt.keyword == "spectacle":
        return any(q.life_lost_turn > 0 for q in s.players if q.index != p)
    if alt.keyword == "surge":
        return s.players[p].spells_cast_turn > 0
    return True


def _affordable(ctx: Context, p: int, cost: ManaCost, srcs: list[mana.Source], avail: int | None) -> bool:
    """601.2g-h: could `p` pay this total cost with their pool and untapped mana sources?"""
    pl = ctx.state.players[p]
    if not cost.hybrid and cost.mana_value > (
        mana.available_count(pl.pool, srcs) if avail is None else avail
    ):
        return False
    return mana.solve(pl.pool, cost, srcs, pl.life) is not None


#: 702.37c: the cost of casting a card face down with morph
FACE_DOWN_COST = ManaCost.parse("{3}")


def can_cast_face_down(
    ctx: Context, p: int, oid: int, sorcery_ok: bool | None = None, srcs: list[mana.Source] | None = None
) -> bool:
    """702.37c-d, 708.4: may `p` cast this card face down with its morph ability now? As the 2/2
    face-down creature spell it would be: a creature's timing (307.1, or a permission for such a
    spell, 601.3b), the prohibitions that apply to it (601.2e), {3} payable (601.2h)."""
    o = ctx.obj(oid)
    if morph_ability(ctx, o.name) is None or not ctx.compiled(o.name).playable:
        return False
    if not (timing.sorcery_timing(ctx, p) if sorcery_ok is None else sorcery_ok):
        if not flash_permitted(ctx, p, oid, face_down=True):
            return False
    if _face_down_forbidden(ctx, p):
        return False
    cost = reduced(FACE_DOWN_COST, _others_reduction(ctx, p, face_down_chars(p)))
    return (
        mana.solve(ctx.state.players[p].pool, cost, mana.sources(ctx, p) if srcs is None else srcs)
        is not None
    )


def _face_down_forbidden(ctx: Context, p: int) -> bool:
    """601.2e, 708.4: a prohibition on casting a 2/2 colorless creature spell with mana value 0."""
    if not ctx.statics(ir.CastRestriction):
        return False
    c = face_down_chars(p)
    return any(
        characteristics_match(
            f, c.types, c.subtypes, c.supertypes, c.colors, p, p, p, mana_value=0, power=2, toughness=2
        )
        for f in cast_restrictions(ctx, p)
    )


def flash_permitted(ctx: Context, p: int, oid: int, bestowed: bool = False, face_down: bool = False) -> bool:
    """702.8a / 601.3b: may `p` cast this spell as though it had flash ("You may cast sorcery
    spells as though they had flash.", a static ability of a permanent `p` controls)? With
    ``bestowed``: as the bestowed Aura spell it would be (702.103b, 702.103d)."""
    permissions = ctx.statics(ir.FlashPermission)
    if not permissions:
        return False
    found: list[ir.Filter] = [
        ab.spells for _, ab, controller in permissions if applies_to(ab.players, p, controller)
    ]
    if not found:
        return False
    o = ctx.obj(oid)
    if face_down or o.face_down:
        c = face_down_chars(p)  # 708.4: the face-down spell it would be (no mana cost: 0)
        mv = 0
    else:
        c = ctx.printed.of(msgspec.structs.replace(o, bestowed=True)) if bestowed else ctx.chars(oid)
        mv = ctx.face(o.name).cost.with_x(0).mana_value
    enchants = (
        "creature" if bestowed or o.bestowed else None if face_down or o.face_down else _enchants(ctx, o.name)
    )
    return any(
        object_matches(
            f,
            c,
            p,
            p,
            p,
            mana_value=mv,
            enchants=enchants,
        )
        for f in found
    )


def _enchants(ctx: Context, name: str) -> str | None:
    """The card type an Aura's enchant ability names ("Enchant creature"), if one."""
    f = enchant_filter(ctx, name)
    return f.types[0] if f is not None and len(f.types) == 1 else None


def cast_restrictions(ctx: Context, p: int) -> list[ir.Filter]:
    """The spells player `p` can't cast, by the static abilities on the battlefield ("Your
    opponents can't cast spells with even mana values.")."""
    return [
        ab.spells
        for _, ab, controller in ctx.statics(ir.CastRestriction)
        if applies_to(ab.players, p, controller)
    ]


def cast_forbidden(ctx: Context, p: int, oid: int, x: int) -> bool:
    """601.2e: is casting this spell with this X forbidden? Its mana value counts X (202.3e)."""
    if not ctx.statics(ir.CastRestriction):
        return False
    restrictions = cast_restrictions(ctx, p)
    if not restrictions:
        return False
    c = ctx.chars(oid)
    mv = ctx.face(ctx.obj(oid).name).cost.with_x(x).mana_value
    return any(
        object_matches(
            f,
            c,
            p,
            p,
            p,
            mana_value=mv,
        )
        for f in restrictions
    )


def cost_reduction(ctx: Context, p: int, oid: int, x: int = 0) -> int:
    """601.2f: the generic mana the static abilities of `p`'s permanents take off the total cost of
    this spell ("Black spells and green spells you cast cost {1} less to cast."); ``x``: the
    value announced for X (601.2b), part of its mana value (202.3e)."""
    total = 0
    o = ctx.obj(oid)
    if not o.face_down:  # 708.2a: a face-down spell has no text
        for own in _own_reductions(ctx, o.name):  # "This spell costs {1} less"
            total += own.generic * (1 if own.per is None else count(ctx, own.per, p, oid, []))
    return total + _others_reduction(ctx, p, None, oid, x)


def _others_reduction(ctx: Context, p: int, c: Chars | None, oid: int = 0, x: int = 0) -> int:
    """601.2f: the reduction the static abilities of permanents give a spell with the
    characteristics ``c`` (those of ``oid`` when None) and the value ``x`` announced for X
    while it is being cast (202.3e: "spells with mana value 5 or greater")."""
    total = 0
    for src, ab, controller in ctx.statics(ir.CostReduction):
        f = ab.spells
        if f is None:
            continue
        # "spells you cast" / "spells your opponents cast" / "spells" (every player's)
        if f.controller == "you" and controller != p:
            continue
        if f.controller == "opponent" and controller == p:
            continue
        c = c or ctx.chars(oid)
        # 202.3e: X counts on the stack (the object holds it once cast, 601.2i)
        mana_value = c.mana_value
        if x and oid and not ctx.obj(oid).x:
            mana_value += x * ctx.printed.x_symbols(ctx.obj(oid).name)
        if object_matches(
            f,
            c,
            p,
            p,
            controller,
            mana_value=mana_value,
        ):
            total += ab.generic * (1 if ab.per is None else count(ctx, ab.per, controller, src, []))
    return total


def loyalty_cost(ctx: Context, p: int, printed: int) -> int:
    """606.5: a loyalty ability's cost, changed by "loyalty abilities you activate cost an
    additional [+1]" of the permanents `p` controls ([+1] becomes [+2], [-4] becomes [-3])."""
    extra: int = sum(
        ab.loyalty for _, ab, controller in ctx.statics(ir.LoyaltyCostIncrease) if controller == p
    )
    return printed + extra


def reduced(cost: ManaCost, generic: int) -> ManaCost:
    """601.2f: a reduction of generic mana lowers only the generic part, never below zero (a
    negative one, the sum of increases and reductions, raises it)."""
    if not generic:
        return cost
    return cost.reduced_by(generic)


def additional_sacrifice(ctx: Context, name: str) -> ir.Filter | None:
    """601.2b: the permanent an "as an additional cost, sacrifice ..." asks for, if any."""
    key = ("additional_sacrifice", name)
    memo = ctx.printed.memo
    if key not in memo:
        memo[key] = next(
            (a.sacrifice for a in ctx.compiled(name).abilities if isinstance(a, ir.AdditionalCost)), None
        )
    found: ir.Filter | None = memo[key]
    return found


def additional_parts(ctx: Context, name: str) -> ir.Cost | None:
    """601.2b: the parts of an additional cost other than one sacrifice ("As an additional cost
    to cast this spell, discard a card."), as a cost the payment routine pays, if any."""
    key = ("additional_parts", name)
    memo = ctx.printed.memo
    if key not in memo:
        parts = tuple(
            p for a in ctx.compiled(name).abilities if isinstance(a, ir.AdditionalCost) for p in a.parts
        )
        memo[key] = ir.Cost(parts=parts) if parts else None
    found: ir.Cost | None = memo[key]
    return found


def _own_reductions(ctx: Context, name: str) -> tuple[ir.CostReduction, ...]:
    """ "This spell costs {1} less to cast ..." abilities of the card (601.2f)."""
    key = ("own_reductions", name)
    memo = ctx.printed.memo
    if key not in memo:
        memo[key] = tuple(
            a for a in ctx.compiled(name).abilities if isinstance(a, ir.CostReduction) and a.spells is None
        )
    found: tuple[ir.CostReduction, ...] = memo[key]
    return found


def _sacrifice_candidates(ctx: Context, p: int, oid: int, f: ir.Filter) -> list[int]:
    return [o for o in ctx.state.battlefield if targeting.matches(ctx, o, f, p, oid)]


def can_activate(
    ctx: Context, p: int, oid: int, ab: ir.Activated, srcs: list[mana.Source] | None = None
) -> bool:
    o = ctx.obj(oid)
    c = ab.cost
    if ab.sorcery_speed and not timing.sorcery_timing(ctx, p):
        return False
    if ab.only_during and not timing.in_window(ctx, p, ab.only_during):
        return False  # 602.5d
    if ab.suspend and (
        not (instant_speed(ctx, o.name) or timing.sorcery_timing(ctx, p)) or cast_forbidden(ctx, p, oid, 0)
    ):
        return False  # 702.62a, 702.62c: only when the card could begin to be cast from the hand
    if c.tap and (o.tapped or mana.sick(ctx, oid)):
        return False  # 302.6
    if c.loyalty is not None:
        if o.loyalty_turn == ctx.state.turn:
            return False  # 606.3: one loyalty ability per planeswalker per turn
        if o.counters.get("loyalty", 0) + loyalty_cost(ctx, p, c.loyalty) < 0:
            return False  # 606.6
    if ab.once_each_turn and o.activated_turns.get(_ability_id_of(ctx, oid, ab)) == ctx.state.turn:
        return False  # 602.5b: "Activate only once each turn."
    if c.parts and not costs.can_pay(ctx, p, oid, c):
        return False  # 602.2b, 118.3: every part of the cost must be payable
    if ab.zone == "graveyard" and (o.zone != GRAVEYARD or o.owner != p):
        return False  # 113.6: it functions only from its owner's graveyard
    if ab.zone == "hand" and (o.zone != HAND or o.owner != p):
        return False  # 702.29a, 113.6b: it functions only from its owner's hand
    if not _slots_fillable(ctx, p, oid, ab.targets):
        return False
    if c.mana:
        if srcs is None:
            srcs = mana.sources(ctx, p)
        if c.tap:
            srcs = [x for x in srcs if x.oid != oid]  # its {T} is part of the cost, not a mana source
        cost = activation_mana(ctx, p, oid, ManaCost.parse(c.mana), srcs)
        pl = ctx.state.players[p]
        if mana.solve(pl.pool, cost, srcs, pl.life) is None:
            return False
    return True


def _ability_id_of(ctx: Context, oid: int, ab: ir.Activated) -> str:
    chars = ctx.chars(oid)
    return next(
        (aid for a, aid in zip(chars.abilities, chars.ability_ids, strict=True) if a is ab or a == ab), ""
    )


def activation_mana(ctx: Context, p: int, source: int, cost: ManaCost, srcs: list[mana.Source]) -> ManaCost:
    """609.4b: "You may spend blue mana as though it were mana of any color to pay the activation
    costs of ~'s abilities": when the cost can't be paid as printed, the cost with the fewest
    colored symbols paid with that color instead, if that one can be paid (else as printed)."""
    if not cost.colored or ctx.state.objects[source].zone != BATTLEFIELD:
        return cost
    spend = {a.color for a in ctx.chars(source).abilities if isinstance(a, ir.SpendAsAnyColor)}
    pool = ctx.state.players[p].pool
    life = ctx.state.players[p].life
    if not spend or mana.solve(pool, cost, srcs, life) is not None:
        return cost
    symbols = [color for color, n in cost.colored for _ in range(n)]
    movable = [i for i, color in enumerate(symbols) if color != "C" and color not in spend]
    for k in range(1, len(movable) + 1):
        for chosen in itertools.combinations(movable, k):
            for color in sorted(spend):
                paid = [color if i in chosen else sym for i, sym in enumerate(symbols)]
                text = "{X}" * cost.x + (f"{{{cost.generic}}}" if cost.generic else "")
                text += "".join(f"{{{h}}}" for h in cost.hybrid)
                variant = ManaCost.parse(text + "".join(f"{{{sym}}}" for sym in paid))
                if mana.solve(pool, variant, srcs, life) is not None:
                    return variant
    return cost


# ---------------------------------------------------------------------------- 733: rewinding


def _snapshot(ctx: Context) -> None:
    ctx.state.rollback = b""
    ctx.rollback_log = len(ctx.log)
    ctx.state.rollback = encode_state(ctx.state)


def cancel(ctx: Context) -> None:
    """733.1: rewind an illegal or abandoned cast/activation to the moment before it began."""
    s = decode_state(ctx.state.rollback)
    s.rollback = b""
    ctx.state = s
    del ctx.log[ctx.rollback_log :]
    ctx.reset_caches()


def _done_rewinding(ctx: Context) -> None:
    ctx.state.rollback = b""
    ctx.rollback_log = 0


# ---------------------------------------------------------------------------- casting a spell (601)


def begin_cast(ctx: Context, p: int, oid: int, face_down: bool = False, part: str = "") -> None:
    """601.2a: the card moves to the stack. ``face_down``: cast with its morph ability, turned
    face down before it is put onto the stack (702.37c, 708.4). ``part``: the part of the card
    chosen to cast (709.3 a split card's half, 715.3 an adventurer's Adventure, 712.11b a
    modal double-faced card's back face): on the stack the spell has only its
    characteristics (709.3b, 715.3b, 712.8f)."""
    _snapshot(ctx)
    o = ctx.obj(oid)
    origin = o.zone
    name = part or o.name
    sorcery_ok = timing.sorcery_timing(ctx, p)  # 601.3: timing as the spell is proposed
    with evaluated_as(ctx, oid, part):
        permitted = origin != HAND and permissions.permitted(
            ctx, p, oid, land=False, face_down=face_down, part=part
        )
        flashback = (card_flashback(ctx, oid) or "") if origin == GRAVEYARD and not face_down else ""
    how = "morph" if face_down else ""
    done = perform(
        ctx,
        ZoneChange(obj=oid, to=STACK, rule="601.2a", cause="cast", controller=p, quiet=True, face_down=how),
    )
    assert done is not None
    new = next(e.new_id for e in done if isinstance(e, ZoneChange))
    spell = ctx.obj(new)
    spell.cast_from = origin
    if part:
        spell.name = part  # 709.3a, 712.11c, 715.3b: only that part is put onto the stack
        # 715.3: cast as an Adventure (exiled as it resolves, 715.3d)
        spell.adventure = ctx.pool.is_adventure(part)
    frame = CastFrame(
        obj=new, player=p, name=name, sorcery_timing=sorcery_ok, permitted=permitted, flashback=flashback
    )
    if face_down:
        frame.alt = "morph"  # 702.37c: announced as it's cast, an alternative cost (118.9)
    ctx.state.agenda.append(frame)


#: CastFrame.alt of a spell cast without paying its mana cost (118.9, 608.2g)
FREE = "without paying its mana cost"


def can_cast_free(ctx: Context, p: int, oid: int, alt: str = "") -> bool:
    """608.2g, 118.9: could `p` cast this card now without paying its mana cost (timing
    restrictions don't apply during a resolution)? A nonland card that plays, with legal targets
    (601.2c), its additional costs payable (601.2h) and no rule forbidding it (601.3). ``alt``
    "madness": for its madness cost instead (702.35b), which must be payable."""
    o = ctx.state.objects.get(oid)
    if o is None or o.face_down:
        return False
    name = o.name
    face = ctx.face(name)
    if "land" in face.types or not ctx.compiled(name).playable or face.front:
        return False
    if face.layout == "split" and face.parts:
        return False  # 709.3: cast as one of its halves (not offered here)
    extra_cost = additional_parts(ctx, name)
    if extra_cost is not None and not costs.can_pay(ctx, p, oid, extra_cost):
        return False
    sacrifice = additional_sacrifice(ctx, name)
    if sacrifice is not None and not _sacrifice_candidates(ctx, p, oid, sacrifice):
        return False
    if alt == "madness":
        cost = madness_cost(ctx, name)
        if cost is None or not _can_pay_spell_named(
            ctx, p, name, reduced(ManaCost.parse(cost), cost_reduction(ctx, p, oid))
        ):
            return False
    return not cast_forbidden(ctx, p, oid, 0) and has_targets(ctx, p, oid)


def _can_pay_spell_named(ctx: Context, p: int, name: str, cost: ManaCost) -> bool:
    return cost_keywords.can_pay(ctx, p, name, cost)


def free_cast_step(ctx: Context, f: FreeCastFrame) -> None:
    """608.2g: cast the card during the resolution, following 601.2a-i, without paying its mana
    cost (118.9); if it can't be cast, nothing happens (it stays where it is)."""
    s = ctx.state
    s.agenda.pop()
    o = s.objects.get(f.card)
    if o is None or not can_cast_free(ctx, f.player, f.card, f.alt):
        what = o.name if o is not None else "the card"
        ctx.emit(f.rule, f"{ctx.player_name(f.player)} can't cast {what} (608.2g)")
        return
    begin_cast(ctx, f.player, f.card)
    frame = s.agenda[-1]
    assert isinstance(frame, CastFrame)
    frame.alt = f.alt or FREE
    if f.alt:
        ctx.obj(frame.obj).alt_cost = f.alt  # 118.9: cast for that alternative cost
    below = s.agenda[-2] if len(s.agenda) > 1 else None
    if isinstance(below, ResolveFrame) and isinstance(below.progress, (CastProgress, CascadeProgress)):
        below.progress.spell = frame.obj  # rewound with the cast if it's abandoned (733.1)


def _timing_ok(ctx: Context, p: int, oid: int, bestowed: bool, sorcery_ok: bool) -> bool:
    """117.1a, 307.1 / 702.8a: may `p` cast this spell now (cast bestowed or not, 601.3b)?
    ``sorcery_ok``: a sorcery could be cast as the spell was proposed."""
    return (
        instant_speed(ctx, ctx.obj(oid).name) or sorcery_ok or flash_permitted(ctx, p, oid, bestowed=bestowed)
    )


def _bestow_possible(ctx: Context, p: int, oid: int, cost: str, sorcery_ok: bool) -> bool:
    """702.103a-b: cast bestowed: its timing as an Aura spell, a creature to target, its cost."""
    return (
        _timing_ok(ctx, p, oid, bestowed=True, sorcery_ok=sorcery_ok)
        and targeting.has_candidates(ctx, BESTOW_TARGET, p, oid, oid)
        and mana.can_pay(ctx, p, reduced(ManaCost.parse(cost), cost_reduction(ctx, p, oid)))
    )


def _can_pay_spell(ctx: Context, f: CastFrame, cost: ManaCost, life: int | None = None) -> bool:
    """601.2h: could the caster pay this cost for the spell being cast, with mana and the
    spell's payment keywords (convoke 702.51a, improvise 702.126a, delve 702.66a)? ``life``:
    the life they could still pay for Phyrexian symbols (default: their life total, 119.4)."""
    return cost_keywords.can_pay(ctx, f.player, f.name, cost, life)


def _ways(cost: ManaCost, picks: list[int] | None) -> tuple[str, ...]:
    """601.2b: the ways announced for the first hybrid symbols of ``cost``, from the indices
    picked among :func:`hybrid_alternatives`."""
    return tuple(hybrid_alternatives(sym)[i] for sym, i in zip(cost.hybrid, picks or (), strict=False))


def _ask_hybrid(
    ctx: Context,
    f: CastFrame | ActivateFrame,
    cost: ManaCost,
    name: str,
    payable: Callable[[ManaCost, int], bool],
) -> bool:
    """601.2b, 107.4e-f: announce how the next hybrid symbol of ``cost`` is paid: with one of its
    colors, two generic mana ({2/W}), or 2 life (a Phyrexian symbol; only with at least that much
    life left, 119.4). The ways that keep the whole cost payable (``payable``: the cost with the
    symbols announced so far settled, the life left) are offered, the automatic payment's choice
    first (mana before life); if none does, every legal way (the player may still cancel). True
    while asking."""
    picks = f.hybrid or []
    if len(picks) >= len(cost.hybrid):
        return False
    p = f.player
    ways = _ways(cost, picks)
    partial, paid = cost.settle(ways)
    left = ctx.state.players[p].life - paid
    symbol = cost.hybrid[len(picks)]
    legal = [
        (i, way)
        for i, way in enumerate(hybrid_alternatives(symbol))
        if way != LIFE or left >= 2  # 119.4
    ]
    payable_ways = [
        (i, way) for i, way in legal if payable(partial.settle((way,))[0], left - (2 if way == LIFE else 0))
    ]
    opts = [
        Option("hybrid", i, label=f"pay {{{symbol}}} with " + ("2 life" if way == LIFE else f"{{{way}}}"))
        for i, way in (payable_ways or legal)
    ]
    which = f" ({len(picks) + 1} of {len(cost.hybrid)})" if len(cost.hybrid) > 1 else ""
    prompt = f"how do you pay {{{symbol}}} of {cost} for {name}?{which}"
    decisions.ask(ctx, p, "hybrid", "601.2b", prompt, opts + [_cancel()])
    return True


def _ask_alt(ctx: Context, f: CastFrame, cost: str) -> None:
    """601.2b: announce an alternative cost (bestow, 702.103a), offered when it could be cast so."""
    opts: list[Option] = []
    if _timing_ok(ctx, f.player, f.obj, bestowed=False, sorcery_ok=f.sorcery_timing):
        opts.append(Option("alt", 0, label="cast it normally"))
    if _bestow_possible(ctx, f.player, f.obj, cost, f.sorcery_timing):
        opts.append(Option("alt", 1, label=f"cast it bestowed for {cost}"))
    decisions.ask(ctx, f.player, "alt", "601.2b", f"how do you cast {f.name}?", opts + [_cancel()])


def _ask_flashback(ctx: Context, f: CastFrame, cost: str) -> None:
    """601.2b: a card a permission lets its caster cast from a graveyard (609.4a) may be cast
    for its mana cost or for its flashback cost (702.34a); the costs that can be paid are offered."""
    opts: list[Option] = []
    reduction = cost_reduction(ctx, f.player, f.obj)
    if _can_pay_spell(ctx, f, reduced(ctx.face(f.name).cost.with_x(0), reduction)):
        opts.append(Option("alt", 0, label="cast it normally"))
    if _can_pay_spell(ctx, f, reduced(ManaCost.parse(cost), reduction)):
        opts.append(Option("alt", 1, label=f"cast it with flashback for {cost}"))
    decisions.ask(ctx, f.player, "alt", "601.2b", f"how do you cast {f.name}?", opts + [_cancel()])


#: an ``alt`` option's ``a`` for the card's i-th alternative cost keyword (``ALT_OPTION + i``,
#: :func:`karn.engine.abilities.alternative_costs`); 0 is its mana cost, 1 bestow or flashback
ALT_OPTION = 2


def _ask_alternative_cost(ctx: Context, f: CastFrame, alts: tuple[ir.AlternativeCost, ...]) -> None:
    """601.2b, 118.9: announce whether the spell is cast for its mana cost or for one of its
    alternative costs (evoke, 702.74a); only the costs that could be paid are offered (601.2f:
    the cost increases and reductions apply to the one chosen)."""
    reduction = cost_reduction(ctx, f.player, f.obj)
    opts: list[Option] = []
    if _can_pay_spell(ctx, f, reduced(ctx.face(f.name).cost.with_x(0), reduction)) and (
        # 601.2c: cast normally, a spell with targets needs legal ones (overloaded, none, 702.96b)
        all(a.keyword != "overload" for a in alts) or has_targets(ctx, f.player, f.obj)
    ):
        opts.append(Option("alt", 0, label="cast it normally"))
    for i, alt in enumerate(alts):
        if alt_allowed(ctx, f.player, alt) and _can_pay_spell(
            ctx, f, reduced(ManaCost.parse(alt.cost), reduction)
        ):
            opts.append(Option("alt", ALT_OPTION + i, label=f"cast it for its {alt.keyword} cost {alt.cost}"))
    decisions.ask(ctx, f.player, "alt", "601.2b", f"how do you cast {f.name}?", opts + [_cancel()])


def cast_step(ctx: Context, f: CastFrame) -> None:
    p, oid, name = f.player, f.obj, f.name
    if f.alt == "morph":
        _face_down_cost(ctx, f)
        return
    face = ctx.face(name)
    flashback = f.flashback or None  # as the card was in its graveyard (613.1f)
    if flashback is not None and f.alt is None:
        if f.permitted:
            # 601.2b, 609.4a: a permission lets it be cast from there for its mana cost too
            _ask_flashback(ctx, f, flashback)
            return
        # 702.34a: without a permission, a card is cast from a graveyard for its flashback cost
        f.alt = "flashback"
        ctx.obj(oid).flashback = True
    bestow = bestow_cost(ctx, name) if flashback is None else None
    if bestow is not None and f.alt is None:
        _ask_alt(ctx, f, bestow)
        return
    alts = alternative_costs(ctx, name) if flashback is None and bestow is None else ()
    if alts and f.alt is None:
        _ask_alternative_cost(ctx, f, alts)
        return
    printed = face.cost.text
    if f.alt == FREE:
        printed = ""  # 118.9: no mana cost is paid (107.3b: X is 0)
    elif f.alt == "madness":
        printed = madness_cost(ctx, name) or printed  # 702.35b: the madness cost instead
    elif bestow is not None and f.alt == "bestow":
        printed = bestow
    elif flashback is not None and f.alt == "flashback":
        printed = flashback
    elif f.alt:
        # 118.9: the alternative cost is paid rather than the mana cost (702.74a)
        printed = next((a.cost for a in alts if a.keyword == f.alt), printed)
    sa = spell_ability(ctx, name)
    kickers = kicker_costs(ctx, name)
    paid = f.kicker or []
    multi = bool(kickers) and multikicker(ctx, name)
    kicker_first = sa is not None and sa.any_if_kicked
    if kicker_first and _kicker_pending(kickers, paid, multi):
        # 601.4: "If this spell was kicked, choose any number instead": the intention to pay
        # the kicker is known when the modes are announced.
        _ask_kicker(ctx, f, printed, kickers, len(paid))
        return
    # 601.2b / 700.2: modes, as many as the spell says to choose (each mode once, 700.2d).
    if sa is not None and sa.modes:
        chosen = f.modes or []
        any_number = sa.any_if_kicked and any(paid)
        n = len(sa.modes) if any_number else max(1, sa.choose)
        if len(chosen) < n and not f.modes_done:
            opts = [
                Option("mode", i, label=m.text or f"mode {i + 1}")
                for i, m in enumerate(sa.modes)
                if i not in chosen and _slots_fillable(ctx, p, oid, m.targets)
            ]
            if (any_number or sa.up_to) and chosen:
                # 700.2: "choose one or both / one or more": at least one is chosen
                opts.append(Option("modes_done", label="no more modes"))
            limit = "any number" if any_number else f"up to {n}" if sa.up_to else str(n)
            which = f" ({len(chosen) + 1} of {limit})" if n > 1 else ""
            decisions.ask(ctx, p, "mode", "601.2b", f"choose a mode for {name}{which}", opts + [_cancel()])
            return
    modes = sorted(f.modes or [])  # the modes are performed in the order printed
    # 601.2b / 702.33a: announce which kicker costs will be paid (an optional additional cost).
    if _kicker_pending(kickers, paid, multi):
        _ask_kicker(ctx, f, printed, kickers, len(paid))
        return
    buyback = buyback_cost(ctx, name)
    if buyback is not None and f.buyback is None:
        # 702.27a, 601.2b: announce whether the buyback cost (an additional cost) will be paid
        _ask_buyback(ctx, f, printed + _kicker_paid(kickers, paid, multi), buyback)
        return
    base = ManaCost.parse(
        printed + _kicker_paid(kickers, paid, multi) + ((buyback or "") if f.buyback else "")
    )
    # 601.2b: the value of X.
    if base.x and f.x is None:
        # the most X the player could pay for, with the kicker costs chosen and cost reductions
        most = mana.max_x(ctx, p, base, extra=-cost_reduction(ctx, p, oid))
        # 601.2e: an X that would make the spell one its caster can't cast isn't offered
        allowed = [i for i in range(most + 1) if not cast_forbidden(ctx, p, oid, i)]
        _ask_x(ctx, p, most, f"choose X for {name}", allowed)
        return
    x = f.x or 0
    if base.hybrid:
        # 601.2b: the nonhybrid equivalent of each hybrid symbol, and for each Phyrexian one
        # whether 2 life or the mana is paid (107.4e-f), announced before the total cost (601.2f)
        check = lambda partial, life: _can_pay_spell(  # noqa: E731
            ctx, f, reduced(partial, cost_reduction(ctx, p, oid, x)), life
        )
        if _ask_hybrid(ctx, f, base.with_x(x), name, check):
            return
        base, f.phyrexian_life = base.settle(_ways(base, f.hybrid))
    specs = (BESTOW_TARGET,) if f.alt == "bestow" else spell_target_specs(ctx, name, modes)
    if f.alt == "overload":
        specs = ()  # 702.96b: an overloaded spell has no targets
    extra = extra_cost_per_target(ctx, name)
    divided = divided_damage(ctx, name, modes)
    total_divided = 0
    if divided is not None:
        total_divided = divided.amount if isinstance(divided.amount, int) else x
    cap = (divided.to.index, total_divided) if divided is not None else None
    if _choose_targets(ctx, f, p, oid, specs, name, base.with_x(x), extra, cap):
        return
    if divided is not None and _ask_division(ctx, f, divided.to.index, total_divided):
        return
    # 601.2f: total cost (mana cost, additional costs such as kicker, cost increases, then
    # reductions), locked in before any of it is paid (601.2h).
    if not f.cost:
        n_targets = len(f.picks.chosen[0]) if f.picks.chosen else 0
        total = reduced(base.with_x(x, extra * max(0, n_targets - 1)), cost_reduction(ctx, p, oid, x))
        f.cost = str(total)
    sacrifice = additional_sacrifice(ctx, name)
    if sacrifice is not None and not f.sacrificed:
        # 601.2h: pay the additional cost: choose the permanent to sacrifice. 601.2g: mana
        # abilities may be activated first (tap the Mountain, then sacrifice it to Shard
        # Volley); a permanent whose sacrifice would leave the mana unpayable is offered
        # only once its mana is in the pool, so a chosen option never undoes the cast.
        total = ManaCost.parse(f.cost)
        pool = ctx.state.players[p].pool
        srcs = mana.sources(ctx, p)
        opts = [
            Option("sacrifice", t, label=targeting.label(ctx, t))
            for t in _sacrifice_candidates(ctx, p, oid, sacrifice)
            if mana.solve(pool, total, [x for x in srcs if x.oid != t]) is not None
        ]
        opts += _mana_options(ctx, p, srcs)
        decisions.ask(
            ctx, p, "sacrifice", "601.2h", f"sacrifice a permanent to cast {name}", opts + [_cancel()]
        )
        return
    extra_cost = additional_parts(ctx, name)
    if extra_cost is not None:
        choice = costs.next_choice(ctx, p, oid, extra_cost, f.cost_picks)
        if choice is not None:
            # 601.2h: the objects that pay the additional cost (cards to discard or exile ...)
            i, found = choice
            part = extra_cost.parts[i]
            have = len(f.cost_picks[i]) if i < len(f.cost_picks) else 0
            opts = [Option("choose", o, label=ctx.describe(o)) for o in found]
            prompt = f"{costs.prompt(part, have)} to cast {name}"
            decisions.ask(ctx, p, costs.decision_kind(part), "601.2h", prompt, opts + [_cancel()])
            return
        if not f.early_paid and costs.has_early(extra_cost):
            f.early_paid = True  # 601.2h: permanents tapped for the cost can't pay mana too
            costs.pay(ctx, p, oid, extra_cost, f.cost_picks, early=True)
    total = ManaCost.parse(f.cost)
    if f.alt == FREE and total.is_free and not f.phyrexian_life:
        _finish_cast(ctx, f)  # 608.2g: nothing left to pay
        return
    _ask_payment(ctx, p, total, f"pay {total} for {name}", spell=name, life=f.phyrexian_life)


def _face_down_cost(ctx: Context, f: CastFrame) -> None:
    """702.37c: a face-down spell has no modes, X, targets or additional costs of its own: pay
    {3} rather than its mana cost (with the cost changes that apply to a 2/2 creature spell,
    601.2f)."""
    if not f.cost:
        f.cost = str(reduced(FACE_DOWN_COST, cost_reduction(ctx, f.player, f.obj)))
    total = ManaCost.parse(f.cost)
    _ask_payment(ctx, f.player, total, f"pay {total} to cast {f.name} face down (morph)")


def _kicker_pending(kickers: tuple[str, ...], paid: list[bool], multi: bool) -> bool:
    """601.2b: is a kicker question still to be asked? One per kicker cost (702.33a-b); for a
    multikicker, again after each time the player chose to pay it (702.33c)."""
    if multi:
        return not paid or paid[-1]
    return len(paid) < len(kickers)


def _kicker_paid(kickers: tuple[str, ...], paid: list[bool], multi: bool) -> str:
    """601.2f: the kicker costs chosen, added to the total cost (a multikicker cost once for
    each time it was chosen, 702.33c)."""
    if multi:
        return kickers[0] * sum(paid)
    return "".join(c for c, k in zip(kickers, paid, strict=False) if k)


def _ask_kicker(ctx: Context, f: CastFrame, printed: str, kickers: tuple[str, ...], i: int) -> None:
    """702.33a-b: "You may pay an additional [cost]": one question per kicker cost, in order.
    Paying is offered only if the mana cost and the kicker costs chosen so far could be paid.
    702.33c: a multikicker cost is asked again each time it is chosen."""
    paid = f.kicker or []
    if multikicker(ctx, f.name):
        _ask_multikicker(ctx, f, printed, kickers[0], sum(paid))
        return
    chosen = "".join(c for c, k in zip(kickers, paid, strict=False) if k)
    opts: list[Option] = []
    if _can_pay_spell(ctx, f, ManaCost.parse(printed + chosen + kickers[i]).with_x(0)):
        opts.append(Option("kicker", 1, label=f"pay kicker {kickers[i]}"))
    opts += [Option("kicker", 0, label=f"don't pay kicker {kickers[i]}"), _cancel()]
    decisions.ask(ctx, f.player, "kicker", "601.2b", f"pay the kicker cost {kickers[i]} for {f.name}?", opts)


def _ask_buyback(ctx: Context, f: CastFrame, printed: str, cost: str) -> None:
    """702.27a: "You may pay an additional [cost] as you cast this spell": offered only if the
    costs chosen so far and it could be paid (601.2f-h)."""
    opts: list[Option] = []
    if _can_pay_spell(ctx, f, ManaCost.parse(printed + cost).with_x(0)):
        opts.append(Option("buyback", 1, label=f"pay buyback {cost}"))
    opts += [Option("buyback", 0, label=f"don't pay buyback {cost}"), _cancel()]
    decisions.ask(ctx, f.player, "buyback", "702.27a", f"pay the buyback cost {cost} for {f.name}?", opts)


def _ask_multikicker(ctx: Context, f: CastFrame, printed: str, cost: str, times: int) -> None:
    """702.33c: "You may pay an additional [cost] any number of times": asked once more after each
    time it is paid, offered only while the total so far could be paid (601.2f-h)."""
    opts: list[Option] = []
    if _can_pay_spell(ctx, f, ManaCost.parse(printed + cost * (times + 1)).with_x(0)):
        opts.append(Option("kicker", 1, label=f"pay multikicker {cost}"))
    opts += [Option("kicker", 0, label=f"don't pay multikicker {cost}"), _cancel()]
    decisions.ask(
        ctx,
        f.player,
        "kicker",
        "601.2b",
        f"pay the multikicker cost {cost} for {f.name}? (paid {times} time{'' if times == 1 else 's'} so far)",
        opts,
    )


def _ask_division(ctx: Context, f: CastFrame, slot: int, total: int) -> bool:
    """601.2d: announce how the damage is divided among the targets of ``slot``, each getting
    at least 1, one target at a time; the last one gets what is left. True while asking."""
    chosen = f.picks.chosen[slot] if slot < len(f.picks.chosen) else []
    division = f.division or []
    while len(division) < len(chosen):
        left = total - sum(division)
        after = len(chosen) - len(division) - 1  # targets still to get at least 1 each
        if after == 0:
            division.append(left)
            continue
        t = chosen[len(division)]
        f.division = division
        opts = [Option("divide", n, label=str(n)) for n in range(1, left - after + 1)]
        decisions.ask(
            ctx,
            f.player,
            "divide",
            "601.2d",
            f"how much of the {total} damage does {f.name} deal to {targeting.label(ctx, t)}? ({left} left)",
            opts + [_cancel()],
        )
        return True
    f.division = division
    return False


def _ask_x(ctx: Context, p: int, most: int, prompt: str, allowed: list[int] | None = None) -> None:
    """601.2b: X is a bounded number, 0 up to what the player could pay for (``allowed``: the
    values among them that keep the spell legal, 601.2e)."""
    values = range(most + 1) if allowed is None else allowed
    decisions.ask(ctx, p, "x", "601.2b", prompt, [Option("x", i, label=str(i)) for i in values] + [_cancel()])


def _cancel() -> Option:
    return Option("cancel", label="cancel (undo this cast or activation)")


def _choose_targets(
    ctx: Context,
    f: CastFrame | ActivateFrame,
    p: int,
    source: int,
    specs: tuple[ir.TargetSpec, ...],
    name: str,
    base: ManaCost,
    extra_per_target: int,
    cap: tuple[int, int] | None = None,
) -> bool:
    """601.2c: choose targets one slot and one pick at a time. True while a decision is pending.
    ``cap``: a slot and the most targets it may take (601.2d: damage divided as the caster
    chooses gives each target at least 1)."""
    pick = targeting.next_pick(ctx, f.picks, specs, p, source, f.obj)
    if pick is None:
        return False
    spec, picked, cands = pick
    if cap is not None and f.picks.slot == cap[0] and len(picked) >= cap[1]:
        cands = []
    if (
        extra_per_target
        and picked
        and not mana.can_pay(ctx, p, base.with_x(0, extra_per_target * len(picked)))
    ):
        cands = []  # 601.2f: one more target would cost more than can be paid
    opts = [Option("target", t, label=targeting.label(ctx, t)) for t in cands]
    if len(picked) >= spec.min and not (spec.per_opponent and spec.min > 0 and cands):
        opts.append(Option("done", label="no more targets"))
    opts.append(_cancel())
    what = spec.text or "target"
    decisions.ask(
        ctx, p, "target", "601.2c", f"choose {what} for {name}{_target_count(spec, len(picked))}", opts
    )
    return True


def _target_count(spec: ir.TargetSpec, picked: int) -> str:
    """Which pick of its slot this is, for the prompt: nothing for a single target, "(target 2
    of 3)" for a fixed number, "(target 2 of up to 3)" or "(target 2)" otherwise."""
    if spec.max == 1 and not spec.per_opponent:
        return ""
    if spec.max is None or spec.per_opponent:
        return f" (target {picked + 1})"
    return f" (target {picked + 1} of {'' if spec.min == spec.max else 'up to '}{spec.max})"


def _mana_options(ctx: Context, p: int, srcs: list[mana.Source], exclude: int = 0) -> list[Option]:
    """601.2g: the mana abilities ``p`` may activate while casting or activating."""
    return [
        pa.option
        for pa in activated.of_player(ctx, p).all
        if pa.oid != exclude and pa.ab.mana_ability and mana.can_activate_mana(ctx, p, pa.oid, pa.ab, srcs)
    ]


def _ask_payment(
    ctx: Context, p: int, cost: ManaCost, prompt: str, exclude: int = 0, spell: str = "", life: int = 0
) -> None:
    """601.2g-h: activate mana abilities, then pay. The solver's payment is the option ``pay``.
    ``spell``: the name of the spell being paid for, whose payment keywords (convoke, improvise,
    delve) add their options and count for the automatic payment. ``life``: the life announced
    for Phyrexian symbols (601.2b), paid with the mana; with less life than that the cost can't
    be paid (119.4)."""
    opts: list[Option] = []
    srcs = mana.sources(ctx, p)
    solvable = [x for x in srcs if x.oid != exclude]
    if spell:
        solvable = cost_keywords.sources_with_units(ctx, p, solvable, spell)
    pl = ctx.state.players[p]
    if pl.life >= life and mana.solve(pl.pool, cost, solvable) is not None:
        also = f" and {life} life" if life else ""
        opts.append(Option("pay", label=f"pay {cost}{also} automatically"))
    if spell:
        opts += cost_keywords.unit_options(ctx, p, spell, cost)
    opts += _mana_options(ctx, p, srcs, exclude)
    opts.append(_cancel())
    pool = ctx.state.players[p].pool
    if any(pool.values()):
        # 106.4: the mana already in the pool pays first; say what that leaves to pay.
        rest = cost.after_pool(pool)
        floating = "".join(f"{{{letter}}}" * pool.get(letter, 0) for letter in "WUBRGC")
        prompt += f" (in your pool: {floating}; still to pay: {'nothing' if rest.is_free else rest})"
    decisions.ask(ctx, p, "pay", "601.2h", prompt, opts)


def _common_answer(ctx: Context, f: CastFrame | ActivateFrame, a: Action) -> bool:
    """Answers shared by casting and activating. True if handled."""
    if a.kind == "cancel":
        ctx.state.agenda.pop()
        cancel(ctx)
        return True
    if a.kind == "target":
        f.picks.chosen[-1].append(a.a)
        return True
    if a.kind == "done":
        f.picks.slot_done = True
        return True
    if a.kind == "mana":
        keep = ManaCost.parse(f.cost) if f.cost else None  # 601.2g: while paying this cost
        mana.activate_mana_ability(ctx, f.player, a.a, a.b, keep=keep)
        return True
    return False


def cast_answer(ctx: Context, f: CastFrame, a: Action) -> None:
    if _common_answer(ctx, f, a):
        return
    if a.kind == "mode":
        f.modes = (f.modes or []) + [a.a]
    elif a.kind == "modes_done":
        f.modes_done = True
    elif a.kind == "x":
        f.x = a.a
    elif a.kind == "alt" and a.a >= ALT_OPTION:
        # 601.2b, 118.9: cast for an alternative cost keyword's cost (evoke, 702.74a)
        f.alt = alternative_costs(ctx, f.name)[a.a - ALT_OPTION].keyword
        ctx.obj(f.obj).alt_cost = f.alt
    elif a.kind == "alt":
        from_graveyard = bool(f.flashback)
        f.alt = ("flashback" if from_graveyard else "bestow") if a.a == 1 else ""
        if f.alt == "bestow":
            ctx.obj(f.obj).bestowed = True  # 702.103b: an Aura spell as it's put onto the stack
        if f.alt == "flashback":
            ctx.obj(f.obj).flashback = True  # 702.34a: exiled instead of going anywhere else
    elif a.kind == "divide":
        f.division = (f.division or []) + [a.a]
    elif a.kind == "kicker":
        f.kicker = (f.kicker or []) + [bool(a.a)]
    elif a.kind == "buyback":
        f.buyback = bool(a.a)
    elif a.kind == "choose":
        # 601.2h: an object chosen for the part of the additional cost being paid
        extra_cost = additional_parts(ctx, f.name)
        assert extra_cost is not None
        choice = costs.next_choice(ctx, f.player, f.obj, extra_cost, f.cost_picks)
        assert choice is not None and a.a in choice[1]  # the Decision offered only these
        while len(f.cost_picks) <= choice[0]:
            f.cost_picks.append([])
        f.cost_picks[choice[0]].append(a.a)
    elif a.kind == "sacrifice":
        f.sacrificed = a.a
        perform(
            ctx,
            ZoneChange(
                obj=a.a,
                to=GRAVEYARD,
                rule="601.2h",
                cause="sacrifice",
                text=f"{ctx.describe(a.a)} is sacrificed",
            ),
        )
    elif a.kind in ("convoke", "improvise", "delve"):
        # 601.2h: one unit of the spell's payment keyword pays one symbol of what is left
        left = cost_keywords.pay_unit(ctx, f.player, a.kind, a.a, a.b, ManaCost.parse(f.cost))
        f.cost = str(left)
    elif a.kind == "hybrid":
        f.hybrid = (f.hybrid or []) + [a.a]  # 601.2b: the way the next hybrid symbol is paid
    elif a.kind == "pay":
        if not cost_keywords.pay(ctx, f.player, f.name, ManaCost.parse(f.cost)):
            raise AssertionError("payment solver failed after proposing a payment")
        if f.phyrexian_life:
            mana.pay_life(ctx, f.player, f.phyrexian_life)  # 601.2h, 107.4f: the life announced (601.2b)
        _finish_cast(ctx, f)


def _finish_cast(ctx: Context, f: CastFrame) -> None:
    o = ctx.obj(f.obj)
    extra_cost = None if o.face_down else additional_parts(ctx, f.name)
    if extra_cost is not None:
        costs.pay(ctx, f.player, f.obj, extra_cost, f.cost_picks, early=False)  # 601.2h
    o.x = f.x or 0
    o.mode = sorted(f.modes or [])
    o.targets = f.picks.chosen
    # 702.33d: the kicker costs paid, by index (a multikicker's once for each time, 702.33c)
    multi = multikicker(ctx, o.name) if f.kicker else False
    o.kicked = tuple(0 if multi else i for i, k in enumerate(f.kicker or []) if k)
    o.division = tuple(f.division or ())
    o.buyback = bool(f.buyback)  # 702.27a
    ctx.state.agenda.pop()
    _done_rewinding(ctx)
    ctx.state.passes = 0
    tgt = _targets_text(ctx, o)
    xs = f" with X={o.x}" if ctx.face(o.name).cost.x else ""
    if o.kicked:
        xs += " kicked (" + ", ".join(kicker_costs(ctx, o.name)[i] for i in o.kicked) + ")"
    if o.flashback:
        xs += " with flashback from the graveyard (702.34a)"
    if o.alt_cost:
        xs += f" for its {o.alt_cost} cost (118.9)"
    if o.buyback:
        xs += " with buyback (702.27a)"
    if f.alt == FREE:
        xs += " without paying its mana cost (608.2g)"
    if o.face_down:
        # 708.5: its controller may look at it; the others see a face-down spell (702.37c)
        who = ctx.player_name(o.controller)
        ctx.emit(
            "601.2i",
            f"{who} casts {o.name} face down (morph, 702.37c) as a 2/2 creature spell (#{o.id})",
            seen_by=(o.controller,),
            public=f"{who} casts a face-down 2/2 creature spell (morph, 702.37c) (#{o.id})",
        )
    else:
        ctx.emit("601.2i", f"{ctx.player_name(o.controller)} casts {o.name}{xs}{tgt}")
    targeting.became_targets(ctx, o, "601.2c")  # 601.2c: they trigger now, wait until it's cast
    perform(ctx, SpellCast(obj=o.id, player=o.controller, from_zone=o.cast_from or HAND))


def _targets_text(ctx: Context, o: Obj) -> str:
    flat = [t for slot in o.targets for t in slot]
    if not flat:
        return ""
    return " targeting " + ", ".join(targeting.label(ctx, t) for t in flat)


# ---------------------------------------------------------------------------- activating an ability (602)


def begin_activate(ctx: Context, p: int, source: int, idx: int) -> None:
    _snapshot(ctx)
    src = ctx.obj(source)
    aid = ctx.chars(source).ability_ids[idx]
    assert isinstance(ability(ctx, aid), ir.Activated)
    o = put_on_stack(ctx, aid, source, src.name, src.owner, p)  # 602.2a
    ctx.state.agenda.append(ActivateFrame(obj=o.id, player=p, source=source, ability=aid))


def _activated(ctx: Context, f: ActivateFrame) -> ir.Activated:
    ab = ability(ctx, f.ability)
    assert isinstance(ab, ir.Activated)
    return ab


def activate_step(ctx: Context, f: ActivateFrame) -> None:
    p, source = f.player, f.source
    ab = _activated(ctx, f)
    name = ctx.obj(source).name
    printed = ManaCost.parse(ab.cost.mana)
    exclude = source if ab.cost.tap else 0  # a {T} in the cost: not also a mana source
    if printed.x and f.x is None:
        # 602.2b / 601.2b: announce the value of X.
        _ask_x(ctx, p, mana.max_x(ctx, p, printed, exclude=exclude), f"choose X for {name}'s ability")
        return
    if ab.cost.loyalty_x and f.x is None:
        # 107.7, 602.2b: announce X of "[−X]"; 606.6: at most the loyalty counters it has (after
        # the cost changes of 606.5)
        most = ctx.obj(source).counters.get("loyalty", 0) + loyalty_cost(ctx, p, ab.cost.loyalty or 0)
        _ask_x(ctx, p, max(most, 0), f"choose X for {name}'s [−X] ability")
        return
    if printed.hybrid:
        # 602.2b, 601.2b: announce how each hybrid or Phyrexian symbol is paid (107.4e-f)
        srcs = [x for x in mana.sources(ctx, p) if x.oid != exclude]
        pool = ctx.state.players[p].pool
        check = lambda partial, life: mana.solve(pool, partial, srcs, life) is not None  # noqa: E731
        if _ask_hybrid(ctx, f, printed.with_x(f.x or 0), name, check):
            return
    if _choose_targets(ctx, f, p, source, ab.targets, name, ManaCost(), 0):
        return
    if ab.cost.parts:
        crew = costs.crew_part(ab.cost)
        if crew is not None and not f.crew_done:
            _ask_crew(ctx, f, crew, name)
            return
        choice = costs.next_choice(ctx, p, source, ab.cost, f.cost_picks)
        if choice is not None:
            # 602.2b, 601.2h: the objects that pay a part of the cost (what to sacrifice,
            # discard, exile, tap, return), one at a time
            i, found = choice
            part = ab.cost.parts[i]
            have = len(f.cost_picks[i]) if i < len(f.cost_picks) else 0
            opts = [Option("choose", o, label=ctx.describe(o)) for o in found]
            prompt = f"{costs.prompt(part, have)} to activate {name}"
            decisions.ask(ctx, p, costs.decision_kind(part), "601.2h", prompt, opts + [_cancel()])
            return
        if not f.early_paid and costs.has_early(ab.cost):
            # 601.2h: permanents tapped for the cost are tapped now, so the mana payment
            # can't tap them too (the activation is still undone as a whole if cancelled)
            f.early_paid = True
            costs.pay(ctx, p, source, ab.cost, f.cost_picks, early=True)
    cost = printed.with_x(f.x or 0)
    if cost.hybrid:
        cost, f.phyrexian_life = cost.settle(_ways(cost, f.hybrid))
    srcs = [x for x in mana.sources(ctx, p) if x.oid != exclude]
    paid_as = activation_mana(ctx, p, source, cost, srcs)
    if paid_as != cost:
        ctx.emit(
            "609.4b",
            f"{ctx.player_name(p)} pays {cost} with {paid_as}, spending mana as though it were mana of any color",
        )
        cost = paid_as
    f.cost = str(cost)
    if cost.mana_value == 0:
        # Only non-mana costs ({T}, sacrifice, loyalty): paid at once (601.2h).
        _pay_activation(ctx, f)
        return
    _ask_payment(ctx, p, cost, f"pay {cost} to activate {name}", exclude=exclude, life=f.phyrexian_life)


def _ask_crew(ctx: Context, f: ActivateFrame, crew: tuple[int, ir.CrewCost], name: str) -> None:
    """702.122a, 601.2h: choose the other untapped creatures to tap, one at a time, until their
    total power is N or greater (then the player may stop, or tap more)."""
    i, part = crew
    while len(f.cost_picks) <= i:
        f.cost_picks.append([])
    chosen = f.cost_picks[i]
    total = sum(ctx.chars(x).power for x in chosen)
    opts = [
        Option("crew", oid, label=f"tap {targeting.label(ctx, oid)} (power {ctx.chars(oid).power})")
        for oid in costs.crew_candidates(ctx, f.player, f.source)
        if oid not in chosen
    ]
    if total >= part.power:
        opts.append(Option("crew_done", label=f"done: total power {total}"))
    decisions.ask(
        ctx,
        f.player,
        "crew",
        "702.122a",
        f"tap creatures with total power {part.power} or greater to crew {name} (chosen: {total})",
        opts + [_cancel()],
    )


def activate_answer(ctx: Context, f: ActivateFrame, a: Action) -> None:
    if _common_answer(ctx, f, a):
        return
    if a.kind == "crew":
        # 702.122a: a creature to tap for the crew cost (the Decision offered only these)
        crew = costs.crew_part(_activated(ctx, f).cost)
        assert crew is not None and a.a in costs.crew_candidates(ctx, f.player, f.source)
        while len(f.cost_picks) <= crew[0]:
            f.cost_picks.append([])
        f.cost_picks[crew[0]].append(a.a)
        return
    if a.kind == "crew_done":
        f.crew_done = True
        return
    if a.kind == "hybrid":
        f.hybrid = (f.hybrid or []) + [a.a]  # 601.2b: the way the next hybrid symbol is paid
        return
    if a.kind == "x":
        f.x = a.a
    elif a.kind == "choose":
        # 601.2h: an object chosen for the part of the cost being paid
        ab = _activated(ctx, f)
        choice = costs.next_choice(ctx, f.player, f.source, ab.cost, f.cost_picks)
        assert choice is not None and a.a in choice[1]  # the Decision offered only these
        while len(f.cost_picks) <= choice[0]:
            f.cost_picks.append([])
        f.cost_picks[choice[0]].append(a.a)
    elif a.kind == "pay":
        exclude = f.source if _activated(ctx, f).cost.tap else 0
        if not mana.pay(ctx, f.player, ManaCost.parse(f.cost), exclude=exclude):
            raise AssertionError("payment solver failed after proposing a payment")
        _pay_activation(ctx, f)


def _pay_activation(ctx: Context, f: ActivateFrame) -> None:
    """602.2b/601.2h: pay the non-mana costs ({T}, sacrifice, loyalty), then the ability is activated."""
    source = f.source
    ab = _activated(ctx, f)
    o = ctx.obj(f.obj)
    src = ctx.obj(source)
    name = src.name
    o.targets = f.picks.chosen
    o.x = f.x or 0
    c = ab.cost
    ctx.state.agenda.pop()
    _done_rewinding(ctx)
    ctx.state.passes = 0
    if c.tap:
        perform(ctx, Tap(obj=source, tapped=True, rule="602.2b", quiet=True))
    if c.loyalty is not None:
        change = loyalty_cost(ctx, f.player, c.loyalty)
        if c.loyalty_x:
            change -= f.x or 0  # 107.7: "[−X]" removes X loyalty counters
        perform(ctx, CounterChange(obj=source, kind="loyalty", amount=change, rule="606.4", quiet=True))
        src.loyalty_turn = ctx.state.turn
    if ab.once_each_turn:
        mana.mark_activated(ctx, source, f.ability)  # 602.5b
    if f.phyrexian_life:
        mana.pay_life(ctx, f.player, f.phyrexian_life)  # 601.2h, 107.4f: the life announced (601.2b)
    ctx.emit("602.2", f"{ctx.player_name(f.player)} activates {name}: {ab.text}{_targets_text(ctx, o)}")
    targeting.became_targets(ctx, o, "602.2b")  # 602.2b, 601.2c
    if c.parts:
        costs.pay(ctx, f.player, source, c, f.cost_picks, early=False)  # 601.2h: the other parts
    if c.discard_self and src.zone == HAND:
        # 702.29a: "Discard this card" is part of the cost (602.2b, 701.9a); discarding it to
        # pay a cycling cost is cycling it (702.29c-d, 702.29f)
        perform(
            ctx,
            ZoneChange(obj=source, to=GRAVEYARD, rule="702.29a", cause="discard", cycled=ab.cycling),
        )
    if c.exile_self:
        # 702.128a, 702.129a: "Exile this card from your graveyard" is part of the cost
        perform(
            ctx,
            ZoneChange(
                obj=source,
                to=EXILE,
                rule="602.2b",
                cause="exile",
                text=f"{name} is exiled from the graveyard",
            ),
        )
    if ab.suspend:
        _suspend(ctx, o, source, ab.suspend)


def _suspend(ctx: Context, ability_obj: Obj, card: int, counters: int) -> None:
    """702.62a, 116.2f: suspend is a special action: its cost paid, the card is exiled from its
    owner's hand with N time counters on it; it doesn't use the stack (the ability object the
    activation procedure made ceases to exist)."""
    perform(ctx, leave_stack(ability_obj, "116.2f"))
    done = perform(
        ctx,
        ZoneChange(
            obj=card, to=EXILE, rule="702.62a", cause="exile", text=f"{ctx.obj(card).name} is suspended"
        ),
    )
    new = next((e.new_id for e in done or () if isinstance(e, ZoneChange) and e.new_id), 0)
    if new:
        perform(ctx, CounterChange(obj=new, kind="time", amount=counters, rule="702.62a"))


# ---------------------------------------------------------------------------- turning a permanent face up (116.2b)


def face_up_cost(ctx: Context, oid: int) -> tuple[str, bool] | None:
    """702.37e, 701.40b: the cost to turn this face-down permanent face up as a special action,
    and whether it is a megamorph cost (702.37b): the morph cost it would have face up (its
    copiable values then: a copy's, 707.3 examples), or, manifested, the mana cost of its card if
    it's a creature card (701.40b-c). None when it can't be turned face up this way."""
    o = ctx.obj(oid)
    if not o.face_down or o.zone != BATTLEFIELD:
        return None
    up = ctx.printed.of(msgspec.structs.replace(o, face_down=""))
    name = o.copy_of.name if o.copy_of is not None and o.copy_of.name else o.name
    if not ctx.compiled(name).playable:
        return None  # karn doesn't play all of its text: it stays face down
    morph = morph_ability(ctx, name) if o.copy_of is None or o.copy_of.name else None
    if morph is not None:
        return morph.cost, morph.mega
    if o.face_down == "manifest" and "creature" in up.types and o.copy_of is None:
        face = ctx.face(o.name)
        if face.mana_cost is not None:
            return face.mana_cost, False
    return None


def can_turn_face_up(ctx: Context, p: int, oid: int, srcs: list[mana.Source] | None = None) -> bool:
    """116.2b: a face-down permanent `p` controls, whose face-up cost can be paid."""
    if ctx.controller(oid) != p:
        return False
    found = face_up_cost(ctx, oid)
    if found is None:
        return False
    cost = ManaCost.parse(found[0]).with_x(0)
    pl = ctx.state.players[p]
    return mana.solve(pl.pool, cost, mana.sources(ctx, p) if srcs is None else srcs, pl.life) is not None


def begin_turn_face_up(ctx: Context, p: int, oid: int) -> None:
    """702.37e / 701.40b: show the cost, pay it, then turn the permanent face up (a special
    action: it doesn't use the stack, 116.2b). Transactional like a cast (733)."""
    found = face_up_cost(ctx, oid)
    assert found is not None
    _snapshot(ctx)
    ctx.state.agenda.append(TurnFaceUpFrame(obj=oid, player=p, cost=found[0], mega=found[1]))


def turn_face_up_step(ctx: Context, f: TurnFaceUpFrame) -> None:
    cost = ManaCost.parse(f.cost).with_x(0)
    if cost.mana_value == 0:
        _turn_face_up(ctx, f)
        return
    _ask_payment(ctx, f.player, cost, f"pay {cost} to turn {ctx.obj(f.obj).name} (#{f.obj}) face up")


def turn_face_up_answer(ctx: Context, f: TurnFaceUpFrame, a: Action) -> None:
    if a.kind == "cancel":
        ctx.state.agenda.pop()
        cancel(ctx)
    elif a.kind == "mana":
        mana.activate_mana_ability(ctx, f.player, a.a, a.b, keep=ManaCost.parse(f.cost).with_x(0))
    elif a.kind == "pay":
        if not mana.pay(ctx, f.player, ManaCost.parse(f.cost).with_x(0)):
            raise AssertionError("payment solver failed after proposing a payment")
        _turn_face_up(ctx, f)


def _turn_face_up(ctx: Context, f: TurnFaceUpFrame) -> None:
    ctx.state.agenda.pop()
    _done_rewinding(ctx)
    ctx.state.passes = 0  # 117.3c: the player receives priority again
    o = ctx.obj(f.obj)
    rule = "702.37e" if f.mega or morph_ability(ctx, o.name) is not None else "701.40b"
    who = ctx.player_name(f.player)
    perform(
        ctx,
        TurnFaceUp(
            obj=f.obj,
            rule=rule,
            counter=f.mega,
            text=f"{who} pays {f.cost} and turns the face-down permanent (#{f.obj}) face up: it is {o.name} (116.2b)",
        ),
    )
