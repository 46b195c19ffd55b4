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

from karn import ir
from karn.engine.context import Context
from karn.engine.events import Damage, GameEvent, ZoneChange
from karn.engine.filters import characteristics_match
from karn.engine.state import BATTLEFIELD, EXILE, STACK, ref_player


@dataclass(frozen=True, slots=True)
class Replacement:
    """One replacement or prevention effect that could apply to an event."""

    id: str
    text: str  # for the affected player's choice (616.1)
    kind: str  # "self" (614.15), "control" (616.1b), "copy" (616.1c), "back_face" (616.1d), "other"
    apply: Callable[[Context, Any], list[GameEvent]]
    # Two replacements with the same `same_as` key do the same thing: ordering them is no choice.
    same_as: str = ""


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
    # 614.12: the permanent as it would exist on the battlefield (its own abilities).
    entering = ctx.printed.of(o)
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


@finds(ZoneChange)
def _flashback_exile(ctx: Context, ev: ZoneChange) -> Iterator[Replacement]:
    """702.34a: a spell cast with flashback is exiled instead of going anywhere else whenever it
    would leave the stack (countered, resolved, or with illegal targets)."""
    o = ctx.state.objects.get(ev.obj)
    if o is not None and o.zone == STACK and o.flashback and ev.to not in (EXILE, ""):
        yield Replacement(f"flashback:{o.id}", f"{o.name}: exiled (flashback)", "self", _to_exile)


def _to_exile(ctx: Context, ev: ZoneChange) -> list[GameEvent]:
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


def _enters_replacement(rid: str, ab: ir.EntersReplacement, source_name: str) -> Replacement:
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
