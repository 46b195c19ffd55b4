"""Replacement and prevention effects (614, 615): which ones apply to an event, and what
the event becomes when one is applied.

A replacement effect is identified by a stable string id (an event records the
ids of those that already modified it, so each applies at most once, 614.5).
The kinds:

* prevention shields from resolved spells and abilities (615.7):
  ``shield:<id>``;
* "enters tapped" / "enters with counters" of the entering permanent itself
  (614.1c, checked as it would exist on the battlefield, 614.12) and of other
  permanents (614.1d): ``enters:<source object>:<ability id>``;
* the "If ... would ..., ... instead" effects of static abilities and of resolved spells
  and abilities, regeneration shields (614.1a, 615.1a, 701.19): :mod:`.instead`.

Each kind is a :class:`Replacement` found by a registered finder. Besides them, "can't"
effects (614.17) are registered per event type as :data:`PROHIBITIONS`: an event that
can't happen is dropped before any replacement effect is looked for (614.17c).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import msgspec

from karn import ir
from karn.cards.pool import linked_key
from karn.engine.context import Context
from karn.engine.events import CounterChange, CreateToken, Damage, GameEvent, LifeLoss, ZoneChange
from karn.engine.filters import characteristics_match, object_matches
from karn.engine.layers import Chars, copiable_values, face_down_chars, final_chapter, with_exceptions
from karn.engine.modifications import AddAbilities
from karn.engine.state import BATTLEFIELD, EXILE, GRAVEYARD, HAND, STACK, GameState, Option, ref_player
from karn.engine.values import ChosenObject
from karn.ir.subtypes import COLOR_NAMES, COLORS, CREATURE_TYPES


@dataclass(frozen=True, slots=True)
class Replacement:
    """One replacement or prevention effect that could apply to an event."""

    id: str
    text: str  # for the affected player's choice (616.1)
    kind: str  # "self" (614.15), "control" (616.1b), "copy" (616.1c), "back_face" (616.1d), "other"
    # What the event becomes: (context, event, the option picked by ``choose`` or -1).
    apply: Callable[[Context, Any, int], list[GameEvent]]
    # Two replacements with the same `same_as` key do the same thing: ordering them is no choice.
    same_as: str = ""
    # 616.1g: it modifies an event contained in this one (a token entering as it is created):
    # it can't be chosen while an effect on the containing event can.
    inner: bool = False
    # Applying it asks a player a choice: (the player, the options); none or one: no question.
    choose: Callable[[Context, Any], tuple[int, list[Option]]] | None = None
    choice_kind: str = "choose"  # the decision's kind and rule when it asks
    choice_rule: str = "614.1a"
    # A pick of "any number" ("done" to stop): after a pick the same effect asks again at
    # once, before any other effect is chosen (it is one replacement applied once, 614.5).
    continues: bool = False


Finder = Callable[[Context, Any], Iterator[Replacement]]
FINDERS: dict[type, list[Finder]] = {}

# 614.17: "can't" effects: a check per event type; an event that can't happen is dropped.
Prohibition = Callable[[Context, Any], str]  # the reason it can't happen, or ""
PROHIBITIONS: dict[type, list[Prohibition]] = {}


def prohibits(event_type: type) -> Callable[[Prohibition], Prohibition]:
    def register(fn: Prohibition) -> Prohibition:
        PROHIBITIONS.setdefault(event_type, []).append(fn)
        return fn

    return register


def prohibited(ctx: Context, ev: GameEvent) -> str:
    """Why `ev` can't happen (614.17), or ""."""
    for check in PROHIBITIONS.get(type(ev), ()):
        why = check(ctx, ev)
        if why:
            return why
    return ""


def finds(event_type: type) -> Callable[[Finder], Finder]:
    def register(fn: Finder) -> Finder:
        FINDERS.setdefault(event_type, []).append(fn)
        return fn

    return register


def applicable(ctx: Context, ev: GameEvent) -> list[Replacement]:
    """The replacement and prevention effects that would modify `ev` now and haven't yet (614.5)."""
    finders = FINDERS.get(type(ev))
    if not finders:
        return []
    done = set(ev.applied)
    return [r for f in finders for r in f(ctx, ev) if r.id not in done]


def affected_player(ctx: Context, ev: GameEvent) -> int:
    """616.1: the affected player, or the controller of the affected object (its owner if it
    has no controller)."""
    s = ctx.state
    if isinstance(ev, Damage):
        if ev.target < 0:
            return ref_player(ev.target)
        return ctx.controller(ev.target) if ev.target in s.objects else s.active
    if isinstance(ev, ZoneChange):
        o = s.objects.get(ev.obj)
        if o is not None and o.zone == BATTLEFIELD:
            return ctx.controller(ev.obj)  # a permanent leaving the battlefield
        if ev.controller >= 0:
            return ev.controller  # the controller it would enter under
        return o.owner if o is not None else s.active
    if isinstance(ev, CounterChange):
        if ev.obj < 0:
            return ref_player(ev.obj)  # counters on a player (122.1)
        return ctx.controller(ev.obj) if ev.obj in s.objects else s.active
    if isinstance(ev, CreateToken):
        return ev.controller
    player = getattr(ev, "player", None)
    return player if isinstance(player, int) and player >= 0 else s.active


def unpreventable(ctx: Context, ev: Damage) -> bool:
    """615.12: damage can't be prevented (a resolved spell's rules change this turn, or a
    static ability, "Damage can't be prevented.")."""
    return rule_in_effect(ctx, "unpreventable")


def applies_to(who: str | None, player: int, controller: int) -> bool:
    """Does a change said of ``who`` ("you", "opponent", "any"; None: anyone), seen from the
    controller of its source, apply to ``player``?"""
    if who is None or who == "any":
        return True
    return (player == controller) == (who == "you")


def rule_changes(ctx: Context) -> list[tuple[int, ir.RuleChange]]:
    """The rules changes in effect (611.2a resolved spells' and abilities', 611.3a static
    abilities'), each with the controller of its source."""
    found = [(r.controller, r.change) for r in ctx.state.rules]
    found += [(controller, change) for _, controller, change in static_rules(ctx)]
    return found


def rule_in_effect(ctx: Context, rule: str) -> bool:
    """Is a rules change of this kind in effect, for anyone?"""
    return any(r.change.rule == rule for r in ctx.state.rules) or any(
        change.rule == rule for _, _, change in static_rules(ctx)
    )


def changes_for(ctx: Context, player: int, rules: frozenset[str] | tuple[str, ...]) -> list[ir.RuleChange]:
    """The rules changes of these kinds that apply to ``player``."""
    return [
        c
        for controller, c in rule_changes(ctx)
        if c.rule in rules and applies_to(c.players, player, controller)
    ]


def static_rules(ctx: Context) -> list[tuple[int, int, ir.RuleChange]]:
    """The rules changes of static abilities on the battlefield (source, its controller, the
    change), cached per version of the characteristics."""
    version, found = ctx.rules_cache
    if version == ctx.state.layers_version:
        return found
    out = [
        (src, c.controller, change)
        for src, c in ctx.battlefield_chars().items()
        for ab in c.abilities
        if isinstance(ab, ir.GameRules)
        for change in ab.changes
    ]
    ctx.rules_cache = (ctx.state.layers_version, out)
    return out


# ---------------------------------------------------------------------------- prevention shields (615.7)


@finds(Damage)
def _shields(ctx: Context, ev: Damage) -> Iterator[Replacement]:
    if ev.amount <= 0:
        return
    for sh in ctx.state.shields:
        if sh.target == ev.target and sh.amount > 0:
            yield Replacement(
                f"shield:{sh.id}",
                f"prevent the next {sh.amount} damage ({sh.source_name})",
                "other",
                _prevent,
                # Two shields of the same size on the same target: the order changes nothing.
                same_as=f"shield:{sh.target}:{sh.amount}",
            )


def _prevent(ctx: Context, ev: Damage, pick: int) -> list[GameEvent]:
    """615.7: each 1 damage prevented reduces the shield by 1; 615.12: damage that can't be
    prevented doesn't reduce it (and it applied once, 615.12a)."""
    sid = int(ev.applied[-1].removeprefix("shield:"))
    sh = next(x for x in ctx.state.shields if x.id == sid)
    if unpreventable(ctx, ev):
        ctx.emit("615.12", f"{ev.source_name}'s damage can't be prevented ({sh.source_name})")
        return [ev]
    n = min(sh.amount, ev.amount)
    sh.amount -= n
    ctx.state.shields = [x for x in ctx.state.shields if x.amount > 0]
    ctx.state.version += 1  # the shield's remaining amount changed
    what = ctx.player_name(ref_player(ev.target)) if ev.target < 0 else ctx.describe(ev.target)
    ctx.emit("615.7", f"{n} damage to {what} is prevented ({sh.source_name})")
    ev.amount -= n
    return [ev] if ev.amount > 0 else []


# ---------------------------------------------------------------------------- entering the battlefield (614.1c-d, 614.12)


@finds(ZoneChange)
def _enters(ctx: Context, ev: ZoneChange) -> Iterator[Replacement]:
    if ev.to != BATTLEFIELD:
        return
    s = ctx.state
    o = s.objects.get(ev.obj)
    if o is None:
        return
    # 614.12: the permanent as it would exist on the battlefield (its own abilities), as a
    # copy when a copy replacement already applied (707.9).
    controller = ev.controller if ev.controller >= 0 else o.owner
    if ev.face_down or o.face_down:
        # 708.3, 702.37c: turned face down before it enters: a 2/2 with no abilities (708.2a)
        entering = face_down_chars(controller)
    else:
        # 712.12: a modal double-faced card played as its back face enters with that face up
        entering = ctx.printed.of(msgspec.structs.replace(o, name=ev.face) if ev.face else o, ev.copy_of)
    if ev.add_types or ev.add_subtypes:
        # 611.2e: the effect that it "is [a type]" applies as it enters
        entering.types = entering.types | frozenset(ev.add_types)
        entering.subtypes = entering.subtypes | frozenset(ev.add_subtypes)
    for ab, aid in zip(entering.abilities, entering.ability_ids, strict=True):
        if isinstance(ab, ir.EntersReplacement) and ab.self_only:
            yield _enters_replacement(f"enters:{o.id}:{aid}", ab, entering.name)
    if "saga" in entering.subtypes:
        yield _saga_replacement(f"enters:{o.id}:rules:saga", entering)
    if o.zone == STACK and s.effects:
        # 400.7a, 614.12: an ability an effect granted the permanent spell ("it gains devour 5")
        # is the permanent's as it would enter
        for aid in _granted_to(s, o.id):
            ab = ctx.pool.ability(aid)
            if isinstance(ab, ir.EntersReplacement) and ab.self_only and aid not in entering.ability_ids:
                yield _enters_replacement(f"enters:{o.id}:{aid}", ab, entering.name)
    for src, aid, ab in _enters_effects(ctx):
        c = ctx.chars(src)
        f = ab.filter
        if f is not None and object_matches(
            # 614.12: as it would exist on the battlefield
            f,
            entering,
            controller,
            o.owner,
            c.controller,
        ):
            yield _enters_replacement(f"enters:{src}:{aid}", ab, c.name, source=src)


def _saga_replacement(rid: str, entering: Chars) -> Replacement:
    """714.3a: "This Saga enters with a lore counter on it."; 714.3b, 702.155b: a Saga with read
    ahead: "As this Saga enters, choose a number between one and this Saga's final chapter
    number" and "This Saga enters with the chosen number of lore counters on it." (intrinsic
    abilities of every Saga: replacement effects, 614.1c)."""
    final = final_chapter(entering)
    read_ahead = "read ahead" in entering.keywords and final > 1

    def choose(ctx: Context, ev: ZoneChange) -> tuple[int, list[Option]]:
        player = _entering_controller(ctx, ev)
        return player, [Option("choose", n, label=str(n)) for n in range(1, final + 1)]

    def apply(ctx: Context, ev: ZoneChange, pick: int) -> list[GameEvent]:
        n = 1
        if read_ahead:
            n = pick if 1 <= pick <= final else 1
            ev.read_ahead = True
            ctx.emit(
                "702.155b",
                f"{entering.name} enters with {n} lore counter{'s' if n != 1 else ''} (read ahead)",
            )
        ev.counters["lore"] = ev.counters.get("lore", 0) + n
        return [ev]

    what = f"{entering.name} enters with " + (
        "the chosen number of lore counters" if read_ahead else "a lore counter"
    )
    if read_ahead:
        return Replacement(
            rid, what, "other", apply, choose=choose, choice_kind="choose", choice_rule="702.155b"
        )
    return Replacement(rid, what, "other", apply, same_as=rid)


def _granted_to(s: GameState, oid: int) -> list[str]:
    """The ability ids the resolved effects grant this object (613.1f), in timestamp order."""
    return [
        aid
        for e in sorted(s.effects, key=lambda e: e.timestamp)
        if oid in e.affected
        for m in e.mods
        if isinstance(m, AddAbilities)
        for aid in m.abilities
    ]


@finds(ZoneChange)
def _flashback_exile(ctx: Context, ev: ZoneChange) -> Iterator[Replacement]:
    """702.34a: a spell cast with flashback is exiled instead of going anywhere else whenever it
    would leave the stack (countered, resolved, or with illegal targets)."""
    o = ctx.state.objects.get(ev.obj)
    if o is not None and o.zone == STACK and o.flashback and ev.to not in (EXILE, ""):
        yield Replacement(f"flashback:{o.id}", f"{o.name}: exiled (flashback)", "self", _to_exile)


@finds(ZoneChange)
def _madness(ctx: Context, ev: ZoneChange) -> Iterator[Replacement]:
    """702.35a: "If a player would discard this card, that player discards it, but exiles it
    instead of putting it into their graveyard" (a static ability of the card in the hand)."""
    if ev.cause != "discard" or ev.to != GRAVEYARD:
        return
    o = ctx.state.objects.get(ev.obj)
    if o is not None and o.zone == HAND and madness_cost(ctx, o.name) is not None:
        yield Replacement(f"madness:{o.id}", f"{o.name}: exiled instead (madness)", "any", _madness_exile)


def madness_cost(ctx: Context, name: str) -> str | None:
    """702.35a: the card's madness cost (its ``"madness {cost}"`` keyword), or None."""
    for ab in ctx.compiled(name).abilities:
        if isinstance(ab, ir.Keyword) and ab.name.startswith("madness "):
            return ab.name[len("madness ") :]
    return None


def _madness_exile(ctx: Context, ev: ZoneChange, pick: int = -1) -> list[GameEvent]:
    ev.to = EXILE
    ev.rule = "702.35a"
    ev.madness = True
    return [ev]


@finds(ZoneChange)
def _exile_if_leaves(ctx: Context, ev: ZoneChange) -> Iterator[Replacement]:
    """702.84a, 614.1a: an unearthed permanent is exiled instead of going anywhere else whenever
    it would leave the battlefield."""
    o = ctx.state.objects.get(ev.obj)
    if o is not None and o.zone == BATTLEFIELD and o.exile_if_leaves and ev.to not in (EXILE, ""):
        yield Replacement(
            f"exile_if_leaves:{o.id}", f"{o.name}: exiled instead (unearth)", "any", _leaves_to_exile
        )


def _leaves_to_exile(ctx: Context, ev: ZoneChange, pick: int = -1) -> list[GameEvent]:
    ev.to = EXILE
    ev.rule = "702.84a"
    return [ev]


def _to_exile(ctx: Context, ev: ZoneChange, pick: int = -1) -> list[GameEvent]:
    ev.to = EXILE
    ev.rule = "702.34a"
    return [ev]


def _enters_effects(ctx: Context) -> list[tuple[int, str, ir.EntersReplacement]]:
    """614.1d: the permanents' "[objects] enter ..." abilities (cached per version of the
    characteristics)."""
    version, found = ctx.enters_cache
    if version == ctx.state.layers_version:
        return found
    out = [
        (src, aid, ab)
        for src, c in ctx.battlefield_chars().items()
        for ab, aid in zip(c.abilities, c.ability_ids, strict=True)
        if isinstance(ab, ir.EntersReplacement) and not ab.self_only
    ]
    ctx.enters_cache = (ctx.state.layers_version, out)
    return out


def _choice_replacement(rid: str, ab: ir.EntersReplacement, source_name: str, aid: str) -> Replacement:
    """ "As ~ enters, choose a color / a creature type" (614.1c): the player who will control
    it chooses before it enters (614.12a); the value is the permanent's, for the abilities
    linked to ability `aid` (607.2a, 607.5a)."""
    kind = ab.choose or "color"
    values: tuple[str, ...] = COLORS if kind == "color" else CREATURE_TYPES
    labels = [COLOR_NAMES[v] for v in values] if kind == "color" else [v.title() for v in values]
    what = "a color" if kind == "color" else "a creature type"

    def choose(ctx: Context, ev: ZoneChange) -> tuple[int, list[Option]]:
        o = ctx.state.objects[ev.obj]
        player = ev.controller if ev.controller >= 0 else o.owner
        return player, [Option(kind, i, label=label) for i, label in enumerate(labels)]

    def apply(ctx: Context, ev: ZoneChange, a: int) -> list[GameEvent]:
        value = values[a] if 0 <= a < len(values) else values[0]
        ev.chosen.setdefault(linked_key(aid), {})[kind] = value  # 607.5a: this ability's choice
        ctx.emit("614.12a", f"{source_name}: {labels[values.index(value)]} is chosen as it enters")
        return [ev]

    return Replacement(
        rid,
        ab.text or f"as {source_name} enters, choose {what}",
        "other",
        apply,
        choose=choose,
        choice_kind=f"choose_{kind}",
        choice_rule="614.12a",
    )


def _object_choice_replacement(rid: str, ab: ir.EntersReplacement, source_name: str, aid: str) -> Replacement:
    """ "As this Aura enters, choose a creature." (614.1c, 614.12a): the player who will control
    it chooses a creature on the battlefield as it would enter (a choice, not a target: hexproof
    and shroud don't stop it; an object entering at the same time can't be chosen, 614.13a). The
    object is kept for the abilities linked to ability `aid` (607.2a, 607.5a), with its copiable
    values now: a linked static copy effect starts to apply as this permanent enters, and grants
    exactly these (707.2c)."""

    def choose(ctx: Context, ev: ZoneChange) -> tuple[int, list[Option]]:
        o = ctx.state.objects[ev.obj]
        player = ev.controller if ev.controller >= 0 else o.owner
        options = [
            Option("choose_creature", oid, label=ctx.describe(oid))
            for oid in ctx.state.battlefield
            if oid != ev.obj and ctx.chars(oid).is_("creature")
        ]
        return player, options or [Option("choose_creature", 0, label="no creature to choose")]

    def apply(ctx: Context, ev: ZoneChange, a: int) -> list[GameEvent]:
        if a and a in ctx.state.battlefield and ctx.chars(a).is_("creature"):
            chosen = ChosenObject(a, copiable_values(ctx.state, a, ctx.printed))
            ev.chosen_objects = {**(ev.chosen_objects or {}), linked_key(aid): chosen}  # 607.5a
            ctx.emit("614.12a", f"{source_name}: {ctx.describe(a)} is chosen as it enters")
        return [ev]

    return Replacement(
        rid,
        ab.text or f"as {source_name} enters, choose a creature",
        "other",
        apply,
        choose=choose,
        choice_kind="choose_creature",
        choice_rule="614.12a",
    )


def _take_back_copy_counters(ev: ZoneChange) -> None:
    """707.9e: another copy effect applied after a copy effect whose exception is an additional
    effect ("it enters with X additional +1/+1 counters"): that effect doesn't happen."""
    if not ev.copy_counters:
        return
    for kind, n in ev.copy_counters.items():
        left = ev.counters.get(kind, 0) - n
        if left > 0:
            ev.counters[kind] = left
        else:
            ev.counters.pop(kind, None)
    ev.copy_counters = None


def _add_copy_counters(ctx: Context, ev: ZoneChange, counters: tuple[tuple[str, ir.Amount], ...]) -> None:
    """707.9e: "except it enters with X additional +1/+1 counters on it" (X: the spell's, 107.3m)."""
    added: dict[str, int] = {}
    for kind, amount in counters:
        n = amount if isinstance(amount, int) else _x_of(ctx, ev)
        if n > 0:
            ev.counters[kind] = ev.counters.get(kind, 0) + n
            added[kind] = added.get(kind, 0) + n
    ev.copy_counters = added or None


def _copy_replacement(rid: str, ab: ir.EntersReplacement, source_name: str, ability: str) -> Replacement:
    """ "You may have ~ enter as a copy of any creature on the battlefield" (707.9, 614.1c): the
    player who will control it chooses an object the filter describes, or none, as it would
    enter (614.12a); it enters with that object's copiable values (707.2, 707.3), plus the
    exceptions (707.9b)."""
    f = ab.copy_of or ir.Filter()

    def choose(ctx: Context, ev: ZoneChange) -> tuple[int, list[Option]]:
        o = ctx.state.objects[ev.obj]
        player = ev.controller if ev.controller >= 0 else o.owner
        options = [Option("none", 0, label="no copy")]
        for oid in ctx.state.battlefield:
            c = ctx.chars(oid)
            obj = ctx.state.objects[oid]
            if oid != ev.obj and object_matches(
                f,
                c,
                c.controller,
                obj.owner,
                player,
            ):
                shown = f"{c.name} ({ctx.describe(oid)})" if c.name else ctx.describe(oid)  # 708.2: no name
                options.append(Option("copy", oid, label=shown))
        return player, options  # only "no copy": nothing to copy, it enters as itself

    def apply(ctx: Context, ev: ZoneChange, a: int) -> list[GameEvent]:
        if a and a in ctx.state.objects and a in ctx.state.battlefield:
            values = copiable_values(ctx.state, a, ctx.printed)
            if ab.copy_types or ab.copy_subtypes:
                values = msgspec.structs.replace(
                    values,
                    types=values.types + tuple(t for t in ab.copy_types if t not in values.types),
                    subtypes=values.subtypes + tuple(t for t in ab.copy_subtypes if t not in values.subtypes),
                )
            if ab.copy_except is not None:
                # 707.9b-d: "except it's 7/7", "except it doesn't copy that creature's color"
                values = with_exceptions(
                    ctx.printed, values, ab.copy_except, ctx.state.objects[ev.obj], ability
                )
            _take_back_copy_counters(ev)
            if ab.copy_except is not None and ab.copy_except.counters:
                _add_copy_counters(ctx, ev, ab.copy_except.counters)
            ev.copy_of = values
            ctx.emit("707.9", f"{source_name} enters as a copy of {ctx.describe(a)}")
        return [ev]

    return Replacement(
        rid,
        ab.text or f"{source_name} may enter as a copy of",
        "copy",
        apply,
        choose=choose,
        choice_kind="copy",
        choice_rule="707.9",
    )


def _copy_of_source_replacement(rid: str, source: int, source_name: str, inner: bool) -> Replacement:
    """ "Creatures you control enter as a copy of this creature." (707.9, 614.1c): a copy
    replacement (616.1c) without a choice; the copiable values are the source's as the effect
    is applied (707.2c, 707.3), so its own "enters tapped" no longer applies (616.1f)."""

    def apply(ctx: Context, ev: ZoneChange | CreateToken, pick: int) -> list[GameEvent]:
        if source in ctx.state.battlefield:
            if isinstance(ev, ZoneChange):
                _take_back_copy_counters(ev)
            ev.copy_of = copiable_values(ctx.state, source, ctx.printed)
            what = ev.token.name if isinstance(ev, CreateToken) else ctx.describe(ev.obj)
            ctx.emit("707.9", f"{what} enters as a copy of {ctx.describe(source)}")
        return [ev]

    return Replacement(rid, f"enters as a copy of {source_name}", "copy", apply, inner=inner)


def _enters_replacement(
    rid: str, ab: ir.EntersReplacement, source_name: str, inner: bool = False, source: int = -1
) -> Replacement:
    if ab.copy_of_source:
        return _copy_of_source_replacement(rid, source, source_name, inner)
    if ab.copy_of is not None:
        return _copy_replacement(rid, ab, source_name, rid.split(":", 2)[-1])
    if ab.choose == "creature":
        return _object_choice_replacement(rid, ab, source_name, rid.split(":", 2)[-1])
    if ab.choose is not None:
        return _choice_replacement(rid, ab, source_name, rid.split(":", 2)[-1])
    if ab.exile is not None:
        return _exile_replacement(rid, ab, ab.exile, source_name)
    if ab.devour:
        return _devour_replacement(rid, ab, source_name)
    if ab.pay_life:
        return _pay_life_replacement(rid, ab.pay_life, source_name)

    def apply(ctx: Context, ev: ZoneChange | CreateToken, pick: int) -> list[GameEvent]:
        if ab.tapped and not _unless_holds(ctx, ab, ev, source):
            ev.tapped = True
        if ab.counters_if_opponent_damaged and not _opponent_damaged(ctx, ev):
            return [ev]  # 702.54a: no opponent was dealt damage this turn
        for kind, amount in ab.counters:
            if isinstance(amount, int):
                n = amount
            elif isinstance(amount, ir.Var) and amount.name == "kicked":
                n = _times_kicked(ctx, ev)  # 702.33d: "for each time it was kicked"
            else:
                n = _x_of(ctx, ev)
            ev.counters[kind] = ev.counters.get(kind, 0) + n
        return [ev]

    what = ab.text or f"{source_name}: enters" + (" tapped" if ab.tapped else "")
    return Replacement(rid, what, "other", apply, same_as=f"enters:{ab.tapped}:{ab.counters}", inner=inner)


def _opponent_damaged(ctx: Context, ev: ZoneChange | CreateToken) -> bool:
    """702.54a: was an opponent of the player who will control the permanent dealt damage this
    turn?"""
    if isinstance(ev, CreateToken):
        who = ev.controller
    else:
        who = ev.controller if ev.controller >= 0 else ctx.state.objects[ev.obj].owner
    return any(p.dealt_damage_turn for p in ctx.state.players if p.index != who)


def _unless_holds(ctx: Context, ab: ir.EntersReplacement, ev: ZoneChange | CreateToken, source: int) -> bool:
    """614.1c, 614.12: "enters tapped unless [condition]": is the condition true as the
    permanent would enter, for the player who will control it?"""
    cond = ab.tapped_unless
    if cond is None or cond.kind != "compare":
        return False
    if isinstance(ev, CreateToken):
        who, entering = ev.controller, 0
    else:
        who = ev.controller if ev.controller >= 0 else ctx.state.objects[ev.obj].controller
        entering = ev.obj
    a = cond.amount
    if isinstance(a, ir.Count) and a.what == "objects" and a.filter is not None:
        s = ctx.state
        n = a.plus + sum(
            1
            for oid in s.battlefield
            if oid != entering
            and object_matches(a.filter, ctx.chars(oid), ctx.controller(oid), s.objects[oid].owner, who)
        )
    elif isinstance(a, ir.Var) and a.name == "life" and (a.ref is None or a.ref.kind == "you"):
        n = ctx.state.players[who].life
    elif isinstance(a, int):
        n = a
    else:
        return False
    return n >= cond.value if cond.op == ">=" else n <= cond.value


def _exile_replacement(rid: str, ab: ir.EntersReplacement, f: ir.Filter, source_name: str) -> Replacement:
    """ "As ~ enters, exile any number of creature cards from your graveyard" (614.1c): the
    player who will control it picks the cards one at a time as it would enter (the effect
    applies again after each pick, until "done"); an object entering the battlefield at the
    same time can't be chosen (614.13a). The cards are exiled in the same batch, just before it
    enters, and are linked to it (607.2a)."""

    def choose(ctx: Context, ev: ZoneChange) -> tuple[int, list[Option]]:
        s = ctx.state
        o = s.objects[ev.obj]
        player = ev.controller if ev.controller >= 0 else o.owner
        zone = getattr(s.players[player], f.zone)
        entering = entering_now(ctx, ev)
        options = [Option("done", 0, label="done")]
        for oid in zone:
            c = ctx.chars(oid)
            if (
                oid != ev.obj
                and oid not in ev.exiling
                and oid not in entering  # 614.13a
                and object_matches(
                    f,
                    c,
                    player,
                    player,
                    player,
                )
            ):
                options.append(Option("exile", oid, label=ctx.describe(oid)))
        return player, options

    def apply(ctx: Context, ev: ZoneChange, pick: int) -> list[GameEvent]:
        s = ctx.state
        if pick > 0 and pick in s.objects:
            ev.exiling.append(pick)
            ev.applied.remove(rid)  # any number: it asks again
            return [ev]
        chosen = [t for t in ev.exiling if t in s.objects]
        ev.exiled_cards = [s.objects[t].card for t in chosen]
        names = ", ".join(s.objects[t].name for t in chosen) or "no cards"
        ctx.emit("614.1c", f"{source_name}: exiles {names} as it enters")
        exiles: list[GameEvent] = [
            ZoneChange(obj=t, to=EXILE, rule="614.1c", cause="exile", text=f"{ctx.describe(t)} is exiled")
            for t in chosen
        ]
        return [*exiles, ev]

    return Replacement(
        rid,
        ab.text or f"as {source_name} enters, exile any number of cards",
        "other",
        apply,
        choose=choose,
        choice_kind="choose",
        choice_rule="614.13a",
        continues=True,  # one replacement applied once (614.5): it asks for the next pick at once
    )


_CREATURES = ir.Filter(types=("creature",))


def entering_now(ctx: Context, ev: GameEvent | None = None) -> set[int]:
    """614.13a, 614.13c: the objects the pipeline's batch in progress puts onto the battlefield
    (``ev`` alone when no batch is being replaced)."""
    batch = ctx.replacing
    events = batch.pending + batch.ready if batch is not None else [ev] if ev is not None else []
    return {x.obj for x in events if isinstance(x, ZoneChange) and x.to == BATTLEFIELD}


def _devour_replacement(rid: str, ab: ir.EntersReplacement, source_name: str) -> Replacement:
    """ "Devour N" (702.82a; "devour [quality] N", 702.82c): as it would enter, the player who
    will control it picks permanents they control one at a time ("done" to stop); they are
    sacrificed (701.21a) in the same batch, just before it enters (so "dies" abilities see them),
    and it enters with N +1/+1 counters for each. Neither it nor anything entering at the same
    time can be chosen (614.13a), nor a permanent another devour chose for the same entering
    (614.13b)."""
    f = ab.devour_of or _CREATURES

    def choose(ctx: Context, ev: ZoneChange) -> tuple[int, list[Option]]:
        s = ctx.state
        o = s.objects[ev.obj]
        player = ev.controller if ev.controller >= 0 else o.owner
        taken = {t for picks in ev.devouring.values() for t in picks}  # 614.13b
        entering = entering_now(ctx, ev)  # 614.13a
        options = [Option("done", 0, label="done")]
        for oid in s.battlefield:
            if oid == ev.obj or oid in taken or oid in entering:
                continue
            c = ctx.chars(oid)
            if c.controller == player and object_matches(
                f,
                c,
                player,
                s.objects[oid].owner,
                player,
            ):
                options.append(Option("sacrifice", oid, label=ctx.describe(oid)))
        return player, options

    def apply(ctx: Context, ev: ZoneChange, pick: int) -> list[GameEvent]:
        s = ctx.state
        if pick > 0 and pick in s.objects:
            ev.devouring.setdefault(rid, []).append(pick)
            ev.applied.remove(rid)  # any number: it asks again
            return [ev]
        chosen = [t for t in ev.devouring.get(rid, []) if t in s.objects and s.objects[t].zone == BATTLEFIELD]
        ev.devoured += len(chosen)
        if chosen:
            ev.counters["+1/+1"] = ev.counters.get("+1/+1", 0) + ab.devour * len(chosen)
        names = ", ".join(ctx.describe(t) for t in chosen) or "nothing"
        ctx.emit("702.82a", f"{source_name} devours {names} as it enters")
        sacrifices: list[GameEvent] = [
            ZoneChange(
                obj=t,
                to=GRAVEYARD,
                rule="701.21a",
                cause="sacrifice",
                text=f"{ctx.player_name(ctx.controller(t))} sacrifices {ctx.describe(t)}",
            )
            for t in chosen
        ]
        return [*sacrifices, ev]

    return Replacement(
        rid,
        ab.text or f"devour {ab.devour}",
        "other",
        apply,
        choose=choose,
        choice_kind="devour",
        choice_rule="702.82a",
        continues=True,
    )


def _pay_life_replacement(rid: str, life: int, source_name: str) -> Replacement:
    """ "As ~ enters, you may pay N life. If you don't, it enters tapped." (614.1c): as it would
    enter, the player who will control it chooses; a player may pay life only if their life
    total is at least the payment (119.4), so one who can't is not asked and it enters tapped.
    The payment is a loss of life in the same batch, just before it enters."""

    def choose(ctx: Context, ev: ZoneChange) -> tuple[int, list[Option]]:
        player = _entering_controller(ctx, ev)
        options = [Option("no", 0, label="don't pay")]
        if ctx.state.players[player].life >= life:  # 119.4
            options.append(Option("yes", 1, label=f"pay {life} life"))
        return player, options

    def apply(ctx: Context, ev: ZoneChange, pick: int) -> list[GameEvent]:
        player = _entering_controller(ctx, ev)
        what = ctx.describe(ev.obj)
        if pick == 1 and ctx.state.players[player].life >= life:
            ctx.emit("119.4", f"{ctx.player_name(player)} chooses to pay {life} life as {what} enters")
            return [LifeLoss(player=player, amount=life, rule="119.4", payment=True), ev]
        ctx.emit("614.1c", f"{ctx.player_name(player)} doesn't pay {life} life: {what} enters tapped")
        ev.tapped = True
        return [ev]

    return Replacement(
        rid,
        f"as {source_name} enters, pay {life} life or it enters tapped",
        "other",
        apply,
        choose=choose,
        choice_kind="pay_life",
        choice_rule="614.1c",
    )


def _entering_controller(ctx: Context, ev: ZoneChange) -> int:
    """The player who will control the entering permanent (614.12)."""
    return ev.controller if ev.controller >= 0 else ctx.state.objects[ev.obj].owner


def _times_kicked(ctx: Context, ev: ZoneChange | CreateToken) -> int:
    """702.33c-d: the number of times the spell becoming this permanent was kicked (a token or a
    permanent put onto the battlefield otherwise: 0)."""
    if isinstance(ev, CreateToken):
        return 0
    o = ctx.state.objects.get(ev.obj)
    return len(o.kicked) if o is not None and o.zone == STACK else 0


def _x_of(ctx: Context, ev: ZoneChange | CreateToken) -> int:
    """The X of the spell that is becoming this permanent (400.7d)."""
    if isinstance(ev, CreateToken):
        return 0
    o = ctx.state.objects.get(ev.obj)
    return o.x if o is not None else 0


@finds(CreateToken)
def _tokens_enter(ctx: Context, ev: CreateToken) -> Iterator[Replacement]:
    """616.1g: the tokens entering the battlefield is an event contained in their creation:
    "[objects] enter tapped / with counters" (614.1d) apply to them after the effects on the
    creation itself."""
    if ev.count <= 0:
        return
    td = ev.token
    for src, aid, ab in _enters_effects(ctx):
        c = ctx.chars(src)
        f = ab.filter
        if f is not None and characteristics_match(
            f,
            td.types,
            td.subtypes,
            td.supertypes,
            td.colors,
            ev.controller,
            ev.controller,
            c.controller,
            mana_value=0,  # 202.3a: a token defined by an effect has no mana cost
            power=td.power,
            toughness=td.toughness,
        ):
            yield _enters_replacement(f"enters:{src}:{aid}", ab, c.name, inner=True, source=src)
