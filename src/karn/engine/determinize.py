"""Determinization: resample what one player can't see, for search (ISMCTS, PIMC).

:func:`determinize` changes a *copy* of a game (``Game.determinize`` makes it) so
that everything ``player`` can't see is drawn anew from a seed, consistently with
what they saw. Exactly this is resampled:

* **which card is where among each owner's hidden cards.** For every player ``q``,
  the cards of ``q``'s library, and of ``q``'s hand when ``q`` is not ``player``,
  are dealt again at random among those same places (each object keeps its id, zone
  and position; only the card in it changes). Cards stay with their owner, and each
  zone keeps its size, so the cards in play are the same set (card conservation).
  So the other players' hands are redrawn from their hidden cards, and every library
  (``player``'s own too) is in a new order.
* **the game's random number generator**, reseeded from ``seed``: future shuffles and
  random choices are not those of the real game either.

* **which card a face-down spell or permanent is** when another player controls it (708.5:
  only its controller may look at it): it is dealt among its owner's hidden cards as well;
  one cast face down with morph was seen to have morph (702.37c), so it is dealt only among
  the hidden cards with a morph ability (a manifested one may be any card, 701.40a).

What stays put: ``player``'s own hand; the face-down spells and permanents ``player`` controls; every card ``player`` knows in a hidden zone
(``GameState.known``: revealed to them, looked at, or seen entering the zone, 400.2),
e.g. a hand revealed by Duress or the cards they scried to the bottom; every public
zone. The log entries ``player`` may not read are replaced by their public text (the
copy's log tells nothing more than what ``player`` read).

The pending decision stays as it is when it is ``player``'s (its options name only
what they can see). Another player's priority decision (117.1) is asked again from the
resampled hand. Another player's other decisions (a discard from their hand, a search
of their library, ...) list the objects they choose from: those objects are left as
they are, so that the decision stays legal (a search from ``player``'s point of view
should not start inside another player's decision).

A cast or activation in progress (733) keeps the state it would rewind to; the same
resampling is applied to it.
"""

from __future__ import annotations

import msgspec

from karn.engine import priority, rng
from karn.engine.abilities import morph_ability
from karn.engine.context import Context
from karn.engine.log import Event
from karn.engine.state import HAND, LIBRARY, GameState, decode_state, encode_state


def hidden_from(state: GameState, player: int) -> dict[int, list[int]]:
    """Per owner, the objects in hidden zones that `player` does not know (library first,
    then hand; bottom of the library first)."""
    known = state.known
    out: dict[int, list[int]] = {}
    for q in state.players:
        slots = [oid for oid in q.library if player not in known.get(oid, ())]
        if q.index != player:
            slots += [oid for oid in q.hand if player not in known.get(oid, ())]
        out[q.index] = slots
    return out


def determinize(ctx: Context, player: int, seed: int) -> None:
    """Resample, in place, what `player` can't see (see the module's documentation)."""
    state = ctx.state
    d = state.decision
    fixed: set[int] = set()
    if d is not None and d.player != player and d.kind != "priority":
        fixed = {o.a for o in d.options} | {o.b for o in d.options}
    rollback = decode_state(state.rollback) if state.rollback else None
    state.rng = seed & ((1 << 64) - 1)
    deal: dict[int, tuple[int, str]] = {}
    hidden = hidden_from(state, player)
    # each owner's hidden cards in two pools: those with morph (which a face-down object cast
    # with morph may be, 702.37c) and the others
    pools: dict[tuple[int, bool], list[int]] = {}
    for owner, slots in hidden.items():
        for oid in slots:
            pools.setdefault((owner, morph_ability(ctx, state.objects[oid].name) is not None), []).append(oid)
    for oid in state.battlefield + state.stack:
        o = state.objects[oid]
        if o.face_down and ctx.controller(oid) != player:
            # 708.5: a face-down object another player controls
            morph = o.face_down == "morph" and morph_ability(ctx, o.name) is not None
            pools.setdefault((o.owner, morph), []).append(oid)
    for slots in pools.values():
        slots = [oid for oid in slots if oid not in fixed and _kept_in(rollback, state, oid)]
        order = list(range(len(slots)))
        rng.shuffle(state, order)
        for oid, k in zip(slots, order, strict=True):
            o = state.objects[slots[k]]
            deal[oid] = (o.card, o.name)
    if state.planechase is not None:
        # 901: no player sees the order of a planar deck (its cards are known: they were
        # each player's to build, but the shuffle hid where each one is)
        for deck in state.planechase.decks:
            order = list(range(len(deck)))
            rng.shuffle(state, order)
            for oid, k in zip(deck, order, strict=True):
                o = state.objects[deck[k]]
                deal[oid] = (o.card, o.name)
    # New objects, not changed in place: a copy shares the objects in hands and libraries
    # with the game it copies (karn.engine.state.copy_state).
    state = ctx.state = _dealt(state, deal)
    if rollback is not None:
        rollback = _dealt(rollback, deal)
        rollback.rollback = b""
        state.rollback = encode_state(rollback)
    ctx.log[:] = [_as_read_by(e, player) for e in ctx.log]
    ctx.reset_caches()
    ctx.observer = None
    if d is not None and d.player != player and d.kind == "priority":
        priority.offer(ctx, d.player)  # 117.1: their options come from the resampled hand


def _dealt(state: GameState, deal: dict[int, tuple[int, str]]) -> GameState:
    """The state with new objects for the resampled cards (their card and name dealt)."""
    objects = {
        oid: msgspec.structs.replace(o, card=deal[oid][0], name=deal[oid][1]) if oid in deal else o
        for oid, o in state.objects.items()
    }
    return msgspec.structs.replace(state, objects=objects)


def _kept_in(rollback: GameState | None, state: GameState, oid: int) -> bool:
    """Is the object also in the state a cast in progress would rewind to, in the same zone?
    (Only those are resampled, so that both states hold the same cards.)"""
    if rollback is None:
        return True
    o = rollback.objects.get(oid)
    if o is None or o.zone != state.objects[oid].zone:
        return False
    return o.zone in (HAND, LIBRARY) or bool(o.face_down and state.objects[oid].face_down)


def _as_read_by(e: Event, player: int) -> Event:
    if e.visible_to(player):
        return e
    return Event(e.rule, e.public or "(hidden)", e.turn, e.seen_by, e.public)


__all__ = ["determinize", "hidden_from"]
