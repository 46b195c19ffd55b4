"""Replacement and prevention effects (614, 615): which ones apply to an event, and what
the event becomes when one is applied.

A replacement effect is identified by a stable string id (an event records the
ids of those that already modified it, so each applies at most once, 614.5).
Today's kinds:

* prevention shields from resolved spells and abilities (615.7):
  ``shield:<id>``;
* "enters tapped" / "enters with counters" of the entering permanent itself
  (614.1c, checked as it would exist on the battlefield, 614.12) and of other
  permanents (614.1d): ``enters:<source object>:<ability id>``.

Each kind is a :class:`Replacement` found by a registered finder.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import msgspec

from karn import ir
from karn.engine.context import Context
from karn.engine.events import Damage, GameEvent, ZoneChange
from karn.engine.filters import characteristics_match
from karn.engine.layers import copiable_values
from karn.engine.state import BATTLEFIELD, Option, ref_player
from karn.engine.subtypes import COLOR_NAMES, COLORS, CREATURE_TYPES


@dataclass(frozen=True, slots=True)
class Replacement:
    """One replacement or prevention effect that could apply to an event."""

    id: str
    text: str  # for the affected player's choice (616.1)
    kind: str  # "self" (614.15), "control" (616.1b), "copy" (616.1c), "back_face" (616.1d), "other"
    apply: Callable[[Context, Any], list[GameEvent]]
    # Two replacements with the same `same_as` key do the same thing: ordering them is no choice.
    same_as: str = ""
    # A replacement that needs a choice as it applies (614.12a: "as ~ enters, choose a color"):
    # the question for the event (None: nothing to choose), and what the answer does.
    question: Callable[[Context, Any], Question | None] | None = None
    answered: Callable[[Context, Any, int], list[GameEvent]] | None = None


@dataclass(frozen=True, slots=True)
class Question:
    """What a replacement asks as it applies: who decides, the decision's kind, its rule,
    the prompt and the options (the answer is the option's ``a``)."""

    player: int
    kind: str
    rule: str
    prompt: str
    options: list[Option]


Finder = Callable[[Context, Any], Iterator[Replacement]]
FINDERS: dict[type, list[Finder]] = {}


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
    """616.1: the affected player, or the controller (owner) of the affected object."""
    s = ctx.state
    if isinstance(ev, Damage):
        if ev.target < 0:
            return ref_player(ev.target)
        return ctx.controller(ev.target) if ev.target in s.objects else s.active
    if isinstance(ev, ZoneChange):
        if ev.controller >= 0:
            return ev.controller
        o = s.objects.get(ev.obj)
        return o.owner if o is not None else s.active
    player = getattr(ev, "player", None)
    return player if isinstance(player, int) and player >= 0 else s.active


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


def _prevent(ctx: Context, ev: Damage) -> list[GameEvent]:
    """615.7: each 1 damage prevented reduces the shield by 1."""
    sid = int(ev.applied[-1].removeprefix("shield:"))
    sh = next(x for x in ctx.state.shields if x.id == sid)
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
    entering = ctx.printed.of(o, ev.copy_of)
    controller = ev.controller if ev.controller >= 0 else o.owner
    for ab, aid in zip(entering.abilities, entering.ability_ids, strict=True):
        if isinstance(ab, ir.EntersReplacement) and ab.self_only:
            yield _enters_replacement(f"enters:{o.id}:{aid}", ab, entering.name)
    for src, aid, ab in _enters_effects(ctx):
        c = ctx.chars(src)
        f = ab.filter
        if f is not None and characteristics_match(
            f,
            entering.types,
            entering.subtypes,
            entering.supertypes,
            entering.colors,
            controller,
            o.owner,
            c.controller,
        ):
            yield _enters_replacement(f"enters:{src}:{aid}", ab, c.name)


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


def _choice_replacement(rid: str, ab: ir.EntersReplacement, source_name: str) -> Replacement:
    """ "As ~ enters, choose a color / a creature type" (614.1c): the player who will control
    it chooses before it enters (614.12a); the value is the permanent's (607.2a)."""
    kind = ab.choose or "color"
    values: tuple[str, ...] = COLORS if kind == "color" else CREATURE_TYPES
    labels = [COLOR_NAMES[v] for v in values] if kind == "color" else [v.title() for v in values]
    what = "a color" if kind == "color" else "a creature type"

    def question(ctx: Context, ev: ZoneChange) -> Question:
        o = ctx.state.objects[ev.obj]
        player = ev.controller if ev.controller >= 0 else o.owner
        return Question(
            player,
            f"choose_{kind}",
            "614.12a",
            f"{ctx.player_name(player)}: as {source_name} enters, choose {what}",
            [Option(kind, i, label=label) for i, label in enumerate(labels)],
        )

    def answered(ctx: Context, ev: ZoneChange, a: int) -> list[GameEvent]:
        value = values[a] if 0 <= a < len(values) else values[0]
        ev.chosen[kind] = value
        ctx.emit("614.12a", f"{source_name}: {labels[values.index(value)]} is chosen as it enters")
        return [ev]

    def apply(ctx: Context, ev: ZoneChange) -> list[GameEvent]:
        return answered(ctx, ev, 0)

    return Replacement(
        rid, ab.text or f"{source_name}: choose {what}", "other", apply, question=question, answered=answered
    )


def _copy_replacement(rid: str, ab: ir.EntersReplacement, source_name: str) -> Replacement:
    """ "You may have ~ enter as a copy of any creature on the battlefield" (707.9, 614.1c): the
    player who will control it chooses an object the filter describes, or none, as it would
    enter (614.12a); it enters with that object's copiable values (707.2, 707.3), plus the
    exceptions (707.9b)."""
    f = ab.copy_of or ir.Filter()

    def question(ctx: Context, ev: ZoneChange) -> Question | None:
        o = ctx.state.objects[ev.obj]
        player = ev.controller if ev.controller >= 0 else o.owner
        options = [Option("none", 0, label="no copy")]
        for oid in ctx.state.battlefield:
            c = ctx.chars(oid)
            obj = ctx.state.objects[oid]
            if oid != ev.obj and characteristics_match(
                f, c.types, c.subtypes, c.supertypes, c.colors, c.controller, obj.owner, player
            ):
                options.append(Option("copy", oid, label=f"{c.name} ({ctx.describe(oid)})"))
        if len(options) == 1:
            return None  # nothing to copy: it enters as itself
        return Question(
            player,
            "copy",
            "707.9",
            f"{ctx.player_name(player)}: {source_name} may enter as a copy of",
            options,
        )

    def answered(ctx: Context, ev: ZoneChange, a: int) -> list[GameEvent]:
        if a and a in ctx.state.objects and a in ctx.state.battlefield:
            values = copiable_values(ctx.state, a)
            if ab.copy_types or ab.copy_subtypes:
                values = msgspec.structs.replace(
                    values,
                    types=values.types + tuple(t for t in ab.copy_types if t not in values.types),
                    subtypes=values.subtypes + tuple(t for t in ab.copy_subtypes if t not in values.subtypes),
                )
            ev.copy_of = values
            ctx.emit("707.9", f"{source_name} enters as a copy of {ctx.describe(a)}")
        return [ev]

    def apply(ctx: Context, ev: ZoneChange) -> list[GameEvent]:
        return answered(ctx, ev, 0)

    return Replacement(
        rid, ab.text or f"{source_name}: enter as a copy", "copy", apply, question=question, answered=answered
    )


def _enters_replacement(rid: str, ab: ir.EntersReplacement, source_name: str) -> Replacement:
    if ab.copy_of is not None:
        return _copy_replacement(rid, ab, source_name)
    if ab.choose is not None:
        return _choice_replacement(rid, ab, source_name)

    def apply(ctx: Context, ev: ZoneChange) -> list[GameEvent]:
        if ab.tapped:
            ev.tapped = True
        for kind, amount in ab.counters:
            n = amount if isinstance(amount, int) else _x_of(ctx, ev)
            ev.counters[kind] = ev.counters.get(kind, 0) + n
        return [ev]

    what = ab.text or f"{source_name}: enters" + (" tapped" if ab.tapped else "")
    return Replacement(rid, what, "other", apply, same_as=f"enters:{ab.tapped}:{ab.counters}")


def _x_of(ctx: Context, ev: ZoneChange) -> int:
    """The X of the spell that is becoming this permanent (400.7d)."""
    o = ctx.state.objects.get(ev.obj)
    return o.x if o is not None else 0
