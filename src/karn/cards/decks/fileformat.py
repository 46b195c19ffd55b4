"""What a deck-list file format is to karn: a reader, a writer and a way to recognize it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from karn.cards.database import CardDatabase
from karn.cards.decks.model import Deck
from karn.cards.decks.raw import RawDeck


@dataclass(frozen=True)
class FileFormat:
    """A deck-list file format.

    ``read`` turns a file's text into entries as written; ``write`` writes a deck
    (card names as ``db`` spells them); ``recognize`` says whether a text is in this
    format (formats are tried in the registry's order, plain text last).
    ``commander_section``: whether the format has a place for the commander; where it
    has none, the writer puts the commander in the sideboard, as MTGO and XMage do.
    """

    id: str
    title: str
    extension: str
    read: Callable[[str], RawDeck]
    write: Callable[[Deck, CardDatabase], str]
    recognize: Callable[[str], bool]
    commander_section: bool = True


def one_line(text: str) -> str:
    """``text`` on one line (a deck's name written into a file)."""
    return " ".join(text.split())
