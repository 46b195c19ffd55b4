"""Deck lists: reading and writing them in the formats players use, checking them
against the deck-construction rules, and the decks shipped with karn.

Reading recognizes the format (:mod:`.registry`): plain text, MTG Arena and
Moxfield exports, MTGO ``.dek``, Cockatrice ``.cod``, Forge and XMage ``.dck``.
Every card name is checked against the card database and stored as the name of
its card (a back face or a half names its whole card, 712.8a); every problem of
a list is reported at once, each with its line, in one :class:`DeckError`.
Deck-construction rules (100.2, 100.4, 903) are :mod:`.validation`'s.

>>> deck = parse_deck("Deck\\n20 Mountain (M21) 275\\n4 Lightning Bolt (M10) 146\\n")
>>> deck.format, deck.main
('arena', ((20, 'Mountain'), (4, 'Lightning Bolt')))
"""

from karn.cards.database import CardDatabase
from karn.cards.decks.loading import (
    BundledDeck,
    bundled_deck_info,
    bundled_deck_text,
    bundled_decks,
    decode_deck_file,
    load_deck,
)
from karn.cards.decks.model import MAX_CARDS, Deck, DeckError, DeckProblem, Entries
from karn.cards.decks.registry import FORMATS, detect_format, get_file_format, read_deck, write_deck
from karn.cards.decks.validation import DECK_RULES, DeckCheck, DeckRules, Violation, check_deck


def parse_deck(
    text: str,
    name: str = "deck",
    db: CardDatabase | None = None,
    *,
    source: str | None = None,
) -> Deck:
    """Parse a deck list in any format karn reads (see :func:`read_deck`)."""
    return read_deck(text, name, db, source=source)


__all__ = [
    "DECK_RULES",
    "FORMATS",
    "MAX_CARDS",
    "BundledDeck",
    "Deck",
    "DeckCheck",
    "DeckError",
    "DeckProblem",
    "DeckRules",
    "Entries",
    "Violation",
    "bundled_deck_info",
    "bundled_deck_text",
    "bundled_decks",
    "check_deck",
    "decode_deck_file",
    "detect_format",
    "get_file_format",
    "load_deck",
    "parse_deck",
    "read_deck",
    "write_deck",
]
