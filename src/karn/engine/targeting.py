"""Targets (115): which objects and players a target slot may choose, and legality checks."""

from __future__ import annotations

from collections.abc import Mapping

from karn import ir
from karn.engine.abilities import ability
from karn.engine.context import Context
from karn.engine.events import BecomesTarget
from karn.engine.filters import has_x, object_matches, with_x
from karn.engine.frames import ActivateFrame, CastFrame, ResolveFrame, TargetPicks
from karn.engine.pipeline import perform
from karn.engine.pipeline.players import player_has
from karn.engine.pipeline.protection import player_protected_from
from karn.engine.protection import protected_from
from karn.engine.state import BATTLEFIELD, GRAVEYARD, STACK, Obj, player_ref, ref_player
from karn.engine.values import chosen_for

_EITHER = (STACK, BATTLEFIELD)


def matches(
    ctx: Context, oid: int, f: ir.Filter, controller: int, source: int = 0, ability: str = ""
) -> bool:
    """Does object `oid` match filter `f` from the point of view of `controller`? ``ability``:
    the id of the source's ability the filter belongs to, when known ("of the chosen color"
    reads the value chosen for it, 607.5a)."""
    o = ctx.state.objects.get(oid)
    if o is None or (o.zone != f.zone and not (f.zone == "stack_or_battlefield" and o.zone in _EITHER)):
        return False
    if f.compared and has_x(f):
        f = with_x(f, announced_x(ctx))  # "with mana value X or less" (107.3)
    if f.abilities:
        return _ability_matches(ctx, o, f, controller)
    if o.zone == STACK and o.ability:
        return False  # "target spell": an ability on the stack is not a spell (113.1)
    if f.other and source and is_same_card(ctx, oid, source):
        return False
    if f.combat_with_source and not in_combat_with(ctx, oid, source):
        return False
    c = ctx.chars(oid)
    # 607.2a: "a spell of the chosen color": the value the source chose as it entered
    chosen = _chosen_by_source(ctx, source, ability) if f.chosen is not None and source else None
    return object_matches(
        # 613: current characteristics ("with power 4 or greater")
        f,
        c,
        ctx.controller(oid),
        o.owner,
        controller,
        chosen,
    )


def announced_x(ctx: Context, self_id: int = 0) -> int | None:
    """107.3, 601.2b, 602.2b: the value of X for a filter of the spell or ability `self_id` (the
    one being cast or activated, or on the stack), or without `self_id` of the one being cast,
    activated or resolving now (608.2h); ``None`` before X is announced (any X may be)."""
    s = ctx.state
    for frame in reversed(s.agenda):
        if isinstance(frame, (CastFrame, ActivateFrame)) and (not self_id or frame.obj == self_id):
            return frame.x
        if isinstance(frame, ResolveFrame) and not self_id:
            o = s.objects.get(frame.obj)
            return o.x if o is not None else 0
    if self_id:
        o = s.objects.get(self_id)
        if o is not None and o.zone == STACK:
            return o.x  # a spell or ability on the stack: its X was announced (601.2b)
    return None


def _chosen_by_source(ctx: Context, source: int, ability: str) -> Mapping[str, str] | None:
    """607.2a, 607.5a: the values chosen for `source`'s ability `ability`, or (not known) for
    the first of its current abilities a value was chosen for: a value chosen for an ability
    it no longer has (another card's, before it became a copy) is linked to nothing it has."""
    src = ctx.state.objects.get(source)
    if src is None or not src.chosen:
        return None
    if ability:
        return chosen_for(src.chosen, ability)
    for aid in ctx.chars(source).ability_ids:
        found = chosen_for(src.chosen, aid)
        if found:
            return found
    return None


def in_combat_with(ctx: Context, oid: int, source: int) -> bool:
    """ "blocking or blocked by ~" (509.1g, 506.4): `oid` blocks the source, or the source
    blocks it."""
    cb = ctx.state.combat
    if cb is None or not source:
        return False
    return source in cb.blockers.get(oid, ()) or oid in cb.blockers.get(source, ())


def _ability_matches(ctx: Context, o: Obj, f: ir.Filter, controller: int) -> bool:
    """ "target triggered ability you control" (113.1b-c): an ability on the stack of one of
    the filter's kinds; "you control": its controller (113.8)."""
    if o.zone != STACK or not o.ability:
        return False
    kind = "triggered" if isinstance(ability(ctx, o.ability), ir.Triggered) else "activated"
    if kind not in f.abilities:
        return False
    if f.controller == "you":
        return o.controller == controller
    if f.controller == "opponent":
        return o.controller != controller
    return True


def is_same_card(ctx: Context, oid: int, source: int) -> bool:
    """Is `oid` the source object, or the card the source became after a zone change
    ("another target Elf card from your graveyard" doesn't include the source, 400.7)?"""
    if oid == source:
        return True
    o = ctx.state.objects.get(oid)
    if o is None or o.card < 0:
        return False
    src = ctx.state.objects.get(source)
    if src is not None:
        return src.card == o.card
    lk = ctx.state.lki.get(source)
    return lk is not None and lk.card == o.card


def legal_target(
    ctx: Context, spec: ir.TargetSpec, t: int, controller: int, source: int, self_id: int = 0
) -> bool:
    """115.1-115.5, 702.11b (hexproof), 702.18 (shroud), 702.16b (protection: not by a spell
    with the quality, nor by an ability from a source with it; read now, 608.2b)."""
    s = ctx.state
    if t < 0:
        p = ref_player(t)
        if p >= len(s.players) or s.players[p].lost:
            return False
        if spec.players not in ("any", "opponent", "you"):
            return False
        if spec.players == "opponent" and p == controller or spec.players == "you" and p != controller:
            return False
        # 613.10: "You have shroud / hexproof." (702.18, 702.11d)
        if player_has(ctx, p, "shroud"):
            return False
        if p != controller and player_has(ctx, p, "hexproof"):
            return False
        return not player_protected_from(ctx, p, source)  # 702.16b: a player with protection
    if spec.objects is None:
        return False
    if t == self_id:
        return False  # 115.5: a spell or ability can't target itself
    objects = spec.objects
    if objects.compared and has_x(objects):
        objects = with_x(objects, announced_x(ctx, self_id))  # "with power X or less" (107.3)
    if not matches(ctx, t, objects, controller, source):
        return False
    o = s.objects[t]
    if o.zone == BATTLEFIELD:
        kw = ctx.chars(t).keywords
        if "shroud" in kw:
            return False
        if "hexproof" in kw and ctx.controller(t) != controller:
            return False
        if protected_from(ctx, kw, source, ctx.controller(t)):
            return False  # 702.16b
    return True


def has_candidates(ctx: Context, spec: ir.TargetSpec, controller: int, source: int, self_id: int = 0) -> bool:
    """Are there at least ``spec.min`` legal targets? (601.2c; stops as soon as there are.)"""
    need = spec.min
    if need <= 0:
        return True
    return len(candidates(ctx, spec, controller, source, self_id, stop_at=need)) >= need


def slots_fillable(
    ctx: Context, specs: tuple[ir.TargetSpec, ...], controller: int, source: int, self_id: int = 0
) -> bool:
    """601.2c: can every slot get its fewest targets? Slots are independent (115.3) unless one
    says "another target" (``distinct_from``): then the picks must differ, found by search."""
    if not any(spec.distinct_from for spec in specs):
        return all(has_candidates(ctx, spec, controller, source, self_id) for spec in specs)
    options = [candidates(ctx, spec, controller, source, self_id) if spec.min > 0 else [] for spec in specs]
    return _assign(specs, options, 0, [[] for _ in specs])


def _assign(
    specs: tuple[ir.TargetSpec, ...], options: list[list[int]], slot: int, picks: list[list[int]]
) -> bool:
    """Choose each slot's fewest targets in turn, backtracking on a clash with an earlier slot."""
    if slot == len(specs):
        return True
    spec = specs[slot]
    if len(picks[slot]) >= spec.min:
        return _assign(specs, options, slot + 1, picks)
    taken = {t for i in spec.distinct_from for t in picks[i]}
    for t in options[slot]:
        if t in taken or t in picks[slot]:
            continue
        picks[slot].append(t)
        if _assign(specs, options, slot, picks):
            return True
        picks[slot].pop()
    return False


def candidates(
    ctx: Context, spec: ir.TargetSpec, controller: int, source: int, self_id: int = 0, stop_at: int = 0
) -> list[int]:
    s = ctx.state
    out: list[int] = []
    if spec.players is not None:
        for p in s.players:
            r = player_ref(p.index)
            if legal_target(ctx, spec, r, controller, source, self_id):
                out.append(r)
                if stop_at and len(out) >= stop_at:
                    return out
    f = spec.objects
    if f is not None:
        if f.zone == BATTLEFIELD:
            pool = s.battlefield
        elif f.zone == STACK:
            pool = s.stack
        elif f.zone == "stack_or_battlefield":
            pool = s.stack + s.battlefield  # "target spell or permanent"
        elif f.zone == GRAVEYARD:
            pool = [c for p in s.players for c in p.graveyard]
        else:
            pool = []
        for oid in pool:
            if legal_target(ctx, spec, oid, controller, source, self_id):
                out.append(oid)
                if stop_at and len(out) >= stop_at:
                    return out
    return out


def label(ctx: Context, t: int) -> str:
    if t < 0:
        return ctx.player_name(ref_player(t))
    return ctx.describe(t)


def next_pick(
    ctx: Context,
    picks: TargetPicks,
    specs: tuple[ir.TargetSpec, ...],
    controller: int,
    source: int,
    self_id: int,
) -> tuple[ir.TargetSpec, list[int], list[int]] | None:
    """601.2c / 603.3d: targets are chosen one slot and one pick at a time.

    Returns the slot being filled (its spec, the targets picked so far, the legal
    candidates left, 115.3: no object twice for one "target"), or None when every
    slot is done. The progress lives in ``picks``.
    """
    chosen = picks.chosen
    while picks.slot < len(specs):
        slot = picks.slot
        if len(chosen) <= slot:
            chosen.append([])
        spec = specs[slot]
        picked = chosen[slot]
        most = spec.max if spec.max is not None else 99
        left = [t for t in candidates(ctx, spec, controller, source, self_id) if t not in picked]
        if spec.distinct_from:
            # 115.3: "another target": not one chosen for the earlier slots it names
            earlier = {t for i in spec.distinct_from if i < len(chosen) for t in chosen[i]}
            left = [t for t in left if t not in earlier]
        if any(slot in later.distinct_from for later in specs[slot + 1 :]):
            # 601.2c: a pick that would leave a later "another target" slot without its fewest
            # targets isn't offered
            options = [candidates(ctx, sp, controller, source, self_id) for sp in specs]
            left = [
                t
                for t in left
                if _assign(
                    specs,
                    options,
                    slot,
                    [list(c) for c in chosen[:slot]] + [[*picked, t]] + [[] for _ in specs[slot + 1 :]],
                )
            ]
        if spec.per_opponent:
            # 608.2f: one target for each opponent, among the permanents that opponent controls.
            opponents = [
                p.index for p in ctx.state.players if p.index != controller and not (p.lost or p.left)
            ]
            most *= len(opponents)
            taken = {ctx.controller(t) for t in picked if t > 0}
            left = [t for t in left if t > 0 and ctx.controller(t) not in taken]
            if not left:
                picks.slot_done = True
        if picks.slot_done or len(picked) >= most:
            picks.slot = slot + 1
            picks.slot_done = False
            continue
        return (spec, picked, left)
    return None


def became_targets(ctx: Context, o: Obj, rule: str) -> None:
    """601.2c, 602.2b, 603.3d: the objects and players chosen as targets of the spell or ability
    ``o`` each become its target (once, 603.2c: one event for the spell or ability); abilities
    that trigger on it wait until the spell is cast or the ability is put on the stack."""
    chosen: list[int] = []
    for slot in o.targets:
        for t in slot:
            if t not in chosen:
                chosen.append(t)
    if chosen:
        perform(ctx, BecomesTarget(obj=o.id, player=o.controller, targets=tuple(chosen), rule=rule))
