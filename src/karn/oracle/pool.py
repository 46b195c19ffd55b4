"""Building a :class:`~karn.cards.pool.CardPool`: card data compiled ahead of a game."""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from karn.cards.database import CardDatabase, CardFace
from karn.cards.decks import Deck
from karn.cards.pool import CardPool, PoolCard, Unplayable
from karn.ir.nodes import CompiledCard, Unsupported
from karn.oracle.compiler import compile_card, compile_face


def build_pool(names: Iterable[str], db: CardDatabase | None = None) -> CardPool:
    """Compile the named cards (any spelling the database resolves) into a pool.

    Unknown names raise :class:`~karn.cards.database.UnknownCardError` with
    suggestions. The pool is keyed by each card's canonical name.
    """
    default = CardDatabase.default()
    database = db if db is not None else default
    # The default database never changes within a process (a changed card file is a new
    # database object): its compiled cards are reused.
    reused = _COMPILED.setdefault(default, {}) if database is default else None
    cards: dict[str, PoolCard] = {}
    faces: list[CardFace] = []
    for name in names:
        face = database.get(name)
        if face.parts or face.back or face.front or face.part_of:
            # 709, 712, 715: every face and part of the card, for whichever is cast or turned up
            faces += database.card_faces(name)
        else:
            faces.append(face)
    for face in faces:
        if face.name in cards:
            continue
        if reused is not None:
            found = reused.get(face.name)
            if found is None:
                found = reused[face.name] = PoolCard.of(face, compile_card(face, part=True))
            cards[face.name] = found
        else:
            # 712.8e, 701.27a: a transforming card's back face is the card's, turned up on the
            # battlefield (never cast: the card is cast by its front face, 712.11)
            cards[face.name] = PoolCard.of(face, compile_face(face, part=True))
    by_name = {n: c.compiled for n, c in cards.items()}
    for name, card in list(cards.items()):
        if not card.face.parts and not card.face.back:
            continue
        refused = parts_refused(card.face, by_name)
        if refused:
            compiled = CompiledCard(card.compiled.name, card.compiled.abilities + tuple(refused))
            cards[name] = PoolCard.of(card.face, compiled)
    return CardPool(cards)


@dataclass(frozen=True, slots=True)
class DeckPlayability:
    """What karn plays of a deck: its cards (commanders, main deck and sideboard), how many
    of them karn plays, and each card it can't play yet with its number of copies."""

    cards: int
    playable: int
    unplayable: tuple[tuple[int, Unplayable], ...]

    def to_json(self) -> dict[str, object]:
        return {
            "cards": self.cards,
            "playable": self.playable,
            "unplayable": [{"count": n, **u.to_json()} for n, u in self.unplayable],
        }


def deck_playability(deck: Deck, db: CardDatabase | None = None) -> DeckPlayability:
    """Compile ``deck``'s cards and tell which karn can't play yet (see :class:`DeckPlayability`)."""
    counts: dict[str, int] = {}
    for name, count in [
        *((c, 1) for c in deck.commander),
        *deck.main_counts().items(),
        *deck.sideboard_counts().items(),
    ]:
        counts[name] = counts.get(name, 0) + count
    unplayable = build_pool(counts, db).unplayable(counts)
    missing = tuple((counts[u.card], u) for u in unplayable)
    total = sum(counts.values())
    return DeckPlayability(total, total - sum(n for n, _ in missing), missing)


def parts_refused(face: CardFace, compiled: Mapping[str, CompiledCard]) -> list[Unsupported]:
    """A card plays only when each part it may be cast as does too (709.3, 712.11b, 715.3), and
    a transforming card only when its back face does (712.8e: its characteristics once it
    transforms): a part that doesn't compile makes its card unplayable, with that part's first
    reason."""
    parts = face.parts or ((face.back,) if face.layout in ("modal_dfc", "transform") and face.back else ())
    out: list[Unsupported] = []
    for part in parts:
        found = compiled.get(part)
        if found is not None and not found.playable:
            first = found.unsupported[0]
            out.append(Unsupported(clause=first.clause, reason=f"{part}: {first.reason}"))
    return out


#: Compiled cards of the default card databases (not of a custom one), by name.
_COMPILED: weakref.WeakKeyDictionary[CardDatabase, dict[str, PoolCard]] = weakref.WeakKeyDictionary()
