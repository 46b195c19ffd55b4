"""Card names in deck lists: matching them loosely, and writing them as tools do.

Reading, a name is matched exactly, then case- and accent-insensitively
(:meth:`CardDatabase.resolve`), then with its slashes spaced as in the database
("Fire//Ice", MTGO's "Fire/Ice" -> "Fire // Ice"), then ignoring punctuation and
spaces ("Garruks Companion", "Krenko Mob Boss"). Any face of a card names the
card (:meth:`CardDatabase.card_name`): "Fire" is "Fire // Ice", the back face
"Insectile Aberration" is "Delver of Secrets // Insectile Aberration" (712.8a).

Writing, a card is named as deck-building tools name it: a split card by both
halves ("Fire // Ice"; MTGO writes "Fire/Ice"), any other multi-face card
(double-faced, adventurer, flip) by its main face ("Delver of Secrets").
"""

from __future__ import annotations

import re
import weakref

from karn.cards.database import CardDatabase, UnknownCardError, fold_name

_SLASHES = re.compile(r"\s*/+\s*")
_NOT_ALPHANUMERIC = re.compile(r"[^0-9a-z]+")

#: Layouts whose cards are named by all of their halves (709.4: a split card's name).
_NAMED_BY_ALL_HALVES = frozenset({"split", "aftermath"})

_LOOSE: weakref.WeakKeyDictionary[CardDatabase, dict[str, str]] = weakref.WeakKeyDictionary()


def loose_key(name: str) -> str:
    """``name`` folded (case, accents) with everything but letters and digits removed."""
    return _NOT_ALPHANUMERIC.sub("", fold_name(name))


def _loose_index(db: CardDatabase) -> dict[str, str]:
    """Loose key -> card name, for keys that name one card only (built once per database)."""
    index = _LOOSE.get(db)
    if index is None:
        owners: dict[str, set[str]] = {}
        for name in db:
            card = db.card_name(name)
            keys = {loose_key(name), loose_key(card), *(loose_key(part) for part in card.split(" // "))}
            for key in keys:
                if key:
                    owners.setdefault(key, set()).add(card)
        index = {key: next(iter(cards)) for key, cards in owners.items() if len(cards) == 1}
        _LOOSE[db] = index
    return index


def resolve_card(db: CardDatabase, written: str) -> str:
    """The name of the card ``written`` names (see the module doc).

    Raises :class:`UnknownCardError` with the nearest card names.
    """
    name = written.strip()
    for candidate in (name, _SLASHES.sub(" // ", name)):
        if candidate in db:
            return db.card_name(candidate)
    found = _loose_index(db).get(loose_key(name))
    if found is not None:
        return found
    suggestions: list[str] = []
    for suggestion in db.suggest(name):
        card = db.card_name(suggestion)
        if card not in suggestions:
            suggestions.append(card)
    raise UnknownCardError(name, suggestions)


def export_name(db: CardDatabase, card: str, *, single_slash: bool = False) -> str:
    """How deck-building tools name ``card``: a split card by its halves ("Fire // Ice",
    or "Fire/Ice" with ``single_slash``, as MTGO does), another multi-face card by its
    main face ("Delver of Secrets"), any other card by its name."""
    face = db.get(card)
    if " // " not in face.name:
        return face.name
    if face.layout in _NAMED_BY_ALL_HALVES:
        return face.name.replace(" // ", "/") if single_slash else face.name
    return face.face_name or face.name.split(" // ")[0]
