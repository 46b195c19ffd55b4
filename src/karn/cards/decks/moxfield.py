"""Moxfield text export: Arena-like entries with foil/etched markers and tags,
``1 Sol Ring (CMM) 400 *F* #ramp``.

Markers and tags are set aside on reading without losing the card; karn writes
neither (it has no printings or tags), and writes the sections with Moxfield's
upper-case headers (``SIDEBOARD:``, ``COMMANDER:``).
"""

from __future__ import annotations

from karn.cards.database import CardDatabase
from karn.cards.decks.fileformat import FileFormat
from karn.cards.decks.lines import MOXFIELD_MARKS, read_lines
from karn.cards.decks.model import Deck
from karn.cards.decks.raw import RawDeck, split_lines
from karn.cards.decks.text import entry_lines, named_lines


def read(text: str) -> RawDeck:
    return read_lines(text, blank_line_sideboard=False)


def write(deck: Deck, db: CardDatabase) -> str:
    lines = entry_lines(deck.main, db)
    for header, body in (
        ("SIDEBOARD:", entry_lines(deck.sideboard, db)),
        ("COMMANDER:", named_lines(deck.commander, db)),
        ("COMPANION:", named_lines(deck.companion, db)),
    ):
        if body:
            lines += ["", header, *body]
    return "\n".join(lines) + "\n"


def recognize(text: str) -> bool:
    """An entry with a ``*F*``-style marker or a ``#tag`` after the name."""
    for line in split_lines(text):
        stripped = line.strip()
        if stripped and not stripped.startswith(("#", "//")) and MOXFIELD_MARKS.search(stripped):
            return True
    return False


FORMAT = FileFormat(
    "moxfield", "Moxfield export (1 Sol Ring (CMM) 400 *F* #ramp)", ".txt", read, write, recognize
)
