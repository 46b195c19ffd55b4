"""The card pool: every card a game may use, compiled before the game starts.

A :class:`CardPool` holds, for each card name, its Oracle face (the printed
characteristics, 108.1) and its compiled abilities (the IR). The rules engine
reads cards only from the pool it is given: it never calls the Oracle
compiler and keeps no process-wide cache keyed by card name, so two games
with different card data (a custom set, a newer compiler) can run side by
side. :func:`karn.oracle.pool.build_pool` builds a pool from a card database.

Each card carries a hash of its face and compiled IR; a save records the IR
version and these hashes, so loading a save against a different compilation
is refused instead of silently playing other abilities.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from karn.cards.database import CardFace
from karn.ir.nodes import IR_VERSION, CompiledCard


@dataclass(frozen=True, slots=True)
class PoolCard:
    """One card of the pool: its face and its compiled abilities."""

    face: CardFace
    compiled: CompiledCard
    hash: str

    @staticmethod
    def of(face: CardFace, compiled: CompiledCard) -> PoolCard:
        digest = hashlib.blake2b(f"{face!r}\n{compiled!r}".encode(), digest_size=8).hexdigest()
        return PoolCard(face, compiled, digest)


class CardNotInPoolError(KeyError):
    """A card name the game's pool does not hold."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name

    def __str__(self) -> str:
        return f"{self.name!r} is not in this game's card pool"


class CardPool:
    """Compiled cards by exact name (immutable; :meth:`merged` makes a larger one)."""

    __slots__ = ("_cards", "ir_version")

    def __init__(self, cards: Mapping[str, PoolCard] | Iterable[PoolCard], ir_version: str = IR_VERSION):
        if isinstance(cards, Mapping):
            self._cards: dict[str, PoolCard] = dict(cards)
        else:
            self._cards = {c.face.name: c for c in cards}
        self.ir_version = ir_version

    # -- lookup ---------------------------------------------------------

    def card(self, name: str) -> PoolCard:
        found = self._cards.get(name)
        if found is None:
            raise CardNotInPoolError(name)
        return found

    def face(self, name: str) -> CardFace:
        return self.card(name).face

    def compiled(self, name: str) -> CompiledCard:
        return self.card(name).compiled

    def hash(self, name: str) -> str:
        return self.card(name).hash

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in self._cards

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[str]:
        return iter(self._cards)

    def names(self) -> list[str]:
        return sorted(self._cards)

    def hashes(self, names: Iterable[str] | None = None) -> dict[str, str]:
        """Card name -> hash of its compilation (all cards, or the ones named)."""
        wanted = self._cards if names is None else {n: self.card(n) for n in names}
        return {n: c.hash for n, c in sorted(wanted.items())}

    def merged(self, other: CardPool) -> CardPool:
        """A pool with the cards of both (the other's version of a card wins)."""
        if other.ir_version != self.ir_version:
            raise ValueError(f"IR versions differ: {self.ir_version} and {other.ir_version}")
        return CardPool({**self._cards, **other._cards}, self.ir_version)

    def __repr__(self) -> str:
        return f"<CardPool {len(self._cards)} cards, IR {self.ir_version}>"
