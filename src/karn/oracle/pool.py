"""Building a :class:`~karn.cards.pool.CardPool`: card data compiled ahead of a game."""

from __future__ import annotations

from collections.abc import Iterable

from karn.cards.database import CardDatabase
from karn.cards.pool import CardPool, PoolCard
from karn.oracle.compiler import compile_card, compile_face


def build_pool(names: Iterable[str], db: CardDatabase | None = None) -> CardPool:
    """Compile the named cards (any spelling the database resolves) into a pool.

    Unknown names raise :class:`~karn.cards.database.UnknownCardError` with
    suggestions. The pool is keyed by each card's canonical name.
    """
    database = db if db is not None else CardDatabase.default()
    packaged = database is CardDatabase.default()
    cards: dict[str, PoolCard] = {}
    for name in names:
        face = database.get(name)
        if face.name in cards:
            continue
        if packaged:
            # The packaged data never changes within a process: its compiled cards are reused.
            found = _PACKAGED.get(face.name)
            if found is None:
                found = _PACKAGED[face.name] = PoolCard.of(face, compile_card(face))
            cards[face.name] = found
        else:
            cards[face.name] = PoolCard.of(face, compile_face(face))
    return CardPool(cards)


#: Compiled cards of the packaged card database (not of a custom one), by name.
_PACKAGED: dict[str, PoolCard] = {}
