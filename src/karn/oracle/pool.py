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
    # The compiler's name-keyed cache is only valid for the packaged card data.
    compile_ = compile_card if database is CardDatabase.default() else compile_face
    cards: dict[str, PoolCard] = {}
    for name in names:
        face = database.get(name)
        if face.name not in cards:
            cards[face.name] = PoolCard.of(face, compile_(face))
    return CardPool(cards)
