"""The card database: Oracle card faces, mana costs and deck lists."""

from karn.cards.database import CardDatabase, CardFace, UnknownCardError
from karn.cards.decks import Deck, DeckError, bundled_decks, load_deck, parse_deck
from karn.cards.mana import ManaCost, ManaCostError

__all__ = [
    "CardDatabase",
    "CardFace",
    "Deck",
    "DeckError",
    "ManaCost",
    "ManaCostError",
    "UnknownCardError",
    "bundled_decks",
    "load_deck",
    "parse_deck",
]
