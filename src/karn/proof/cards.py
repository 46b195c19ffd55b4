"""Which corpus cards are playable (compile with no ``Unsupported`` node), in full or as a sample."""

from __future__ import annotations

import random
from collections.abc import Iterator

from karn.cards.database import CardDatabase
from karn.oracle.pool import build_pool


def card_names(db: CardDatabase | None = None) -> list[str]:
    """Every distinct card of the corpus, by name (as ``karn coverage`` counts them)."""
    database = db if db is not None else CardDatabase.default()
    return [f.name for f in database.cards()]


def is_playable(name: str, db: CardDatabase | None = None) -> bool:
    """Every ability of the card and of each part it may be cast as compiles (no ``Unsupported``)."""
    return build_pool([name], db).compiled(name).playable


def playable_cards(db: CardDatabase | None = None) -> list[str]:
    """The playable cards of the corpus, in the database's order."""
    return [n for n in card_names(db) if is_playable(n, db)]


def _shuffled(names: list[str], seed: int) -> Iterator[str]:
    order = list(names)
    random.Random(seed).shuffle(order)
    yield from order


def sample_playable(n: int, seed: int, db: CardDatabase | None = None) -> list[str]:
    """``n`` playable cards drawn with ``seed`` (only the cards drawn are compiled: fast)."""
    out: list[str] = []
    for name in _shuffled(card_names(db), seed):
        if is_playable(name, db):
            out.append(name)
            if len(out) == n:
                break
    return out
