"""The decks of a simulation: read once where the simulation starts, shipped to the
workers as plain lists of card names, compiled once per worker process.

A worker (a local process or a dask worker on another machine) never reads a deck
file: it receives the card names, so a deck file need exist only where the
simulation is started. Cards come from karn's packaged card database.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from karn.cards.database import CardDatabase, UnknownCardError
from karn.cards.decks import Deck, DeckError, DeckProblem, load_deck
from karn.cards.pool import CardPool
from karn.oracle.pool import build_pool


@dataclass(frozen=True, slots=True)
class SimDeck:
    """A deck as a simulation plays it: a name to report and one card name per card."""

    name: str
    cards: tuple[str, ...]


#: What names a deck: a bundled deck's name, a deck file, a :class:`Deck`, a list of
#: card names (one per card), a mapping card name -> count, or a :class:`SimDeck`.
DeckSpec: TypeAlias = str | os.PathLike[str] | Deck | SimDeck | Sequence[str] | Mapping[str, int]


def resolve_deck(spec: DeckSpec, default_name: str) -> SimDeck:
    """Read a deck (a :class:`DeckError` lists every problem); ``default_name`` names a
    deck given as a list or a mapping."""
    db = CardDatabase.default()
    if isinstance(spec, SimDeck):
        return spec
    if isinstance(spec, Deck):
        return SimDeck(spec.name, tuple(spec.cards()))
    if isinstance(spec, (str, os.PathLike)):
        deck = load_deck(spec, db)
        return SimDeck(deck.name, tuple(deck.cards()))
    names: list[str] = []
    if isinstance(spec, Mapping):
        for name, count in spec.items():
            if (
                not isinstance(name, str)
                or isinstance(count, bool)
                or not isinstance(count, int)
                or count < 1
            ):
                raise DeckError(
                    f"{default_name}: a deck mapping is card name -> count >= 1, got {name!r}: {count!r}"
                )
            names += [name] * count
    elif isinstance(spec, Sequence):
        names = list(spec)
    else:
        raise TypeError(f"a deck is a bundled deck's name, a file, a Deck or a list of names, not {spec!r}")
    return SimDeck(default_name, tuple(_canonical(names, db, default_name)))


def _canonical(names: Iterable[object], db: CardDatabase, source: str) -> list[str]:
    """Each name as the name of its card; every unknown name reported at once."""
    out: list[str] = []
    problems: list[DeckProblem] = []
    known: dict[str, str] = {}
    for name in names:
        if not isinstance(name, str):
            raise TypeError(f"{source}: a deck is a list of card names, got {name!r}")
        card = known.get(name)
        if card is None:
            try:
                card = known[name] = db.card_name(name)
            except UnknownCardError as e:
                problems.append(DeckProblem(str(e), suggestions=tuple(e.suggestions)))
                continue
        out.append(card)
    if problems:
        raise DeckError.of(problems, source)
    if not out:
        raise DeckError(f"{source} has no cards")
    return out


def check_playable(*decks: SimDeck) -> CardPool:
    """The compiled cards of ``decks``; a :class:`DeckError` names every card karn can't
    play yet (its first clause that does not compile), deck by deck."""
    pool = pool_for(card for deck in decks for card in deck.cards)
    problems = [
        f"{deck.name}: {u.card} is not playable yet: {u.why()}"
        for deck in decks
        for u in pool.unplayable(deck.cards)
    ]
    if problems:
        raise DeckError.of([DeckProblem(p) for p in dict.fromkeys(problems)])
    return pool


_POOLS: dict[frozenset[str], CardPool] = {}
_POOLS_KEPT = 8  # a worker serves one simulation at a time: a few pools are plenty


def pool_for(cards: Iterable[str]) -> CardPool:
    """The compiled pool of these cards, built once per process (each worker compiles
    the decks of a simulation once, then plays all its games with that pool)."""
    key = frozenset(cards)
    pool = _POOLS.get(key)
    if pool is None:
        if len(_POOLS) >= _POOLS_KEPT:
            _POOLS.pop(next(iter(_POOLS)))
        pool = _POOLS[key] = build_pool(sorted(key))
    return pool
