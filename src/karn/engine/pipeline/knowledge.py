"""Who knows which cards in hidden zones (400.2): the state's ``known`` record.

Libraries and hands are hidden zones (400.2), but players still learn some of
the cards in them, and keep knowing them while the cards stay put:

* a card that enters a hand or a library from a public zone (a creature
  returned to its owner's hand, a card put into a library from a graveyard)
  was seen by everyone;
* a card revealed (701.20a) is known to everyone; a card looked at (scry
  701.22a, the library during a search 701.23a) to the player who looked;
* a card moving between hidden zones keeps who knew it; its owner knows a card
  put from their hand into their library, and a logged move (a search that
  puts a card into a hand) names the card to the players who read the line;
* leaving the zone makes a new object (400.7) that nobody knows in the new
  hidden zone unless one of the above says so; shuffling a library (701.24a)
  makes its order unknown, so nobody knows where its cards are any more.

A hand's owner always sees it: that needs no record. Observations list what a
player knows (:mod:`karn.engine.observe`), and ``Game.determinize`` keeps
those cards where they are.
"""

from __future__ import annotations

from karn.engine.events import ZoneChange
from karn.engine.state import HAND, LIBRARY, GameState, Obj

HIDDEN_ZONES = (HAND, LIBRARY)


def learn(state: GameState, objects: list[int], players: tuple[int, ...] | list[int]) -> None:
    """`players` (every player when empty) now know these objects."""
    who = list(players) if players else list(range(len(state.players)))
    known = state.known
    for oid in objects:
        had = known.get(oid)
        known[oid] = sorted(set(who) | set(had)) if had else sorted(set(who))


def moved(state: GameState, old: Obj, origin: str, new: Obj | None, ev: ZoneChange) -> None:
    """Update the record after `old` moved from `origin` and became `new` (None: it ceased to exist)."""
    known = state.known
    before = known.pop(old.id, None) if known else None
    if new is None or new.zone not in HIDDEN_ZONES:
        return
    who: set[int] = set()
    if origin not in HIDDEN_ZONES:
        who.update(range(len(state.players)))  # it was in a public zone: everyone saw it
    else:
        if before:
            who.update(before)
        if origin == HAND and new.zone == LIBRARY:
            who.add(old.owner)  # they held it
        if not ev.quiet:
            who.update(ev.seen_by or range(len(state.players)))  # the log line names it
    if who:
        known[new.id] = sorted(who)


def shuffled(state: GameState, library: list[int]) -> None:
    """701.24a: after a shuffle nobody knows where the library's cards are."""
    known = state.known
    if known:
        for oid in library:
            known.pop(oid, None)


def forget(state: GameState, oid: int) -> None:
    """The object ceased to exist (a player left the game, 800.4a)."""
    state.known.pop(oid, None)
