"""MTG Arena deck export: ``Deck``, ``Sideboard``, ``Commander``, ``Companion`` sections
and entries with their printing, ``4 Lightning Bolt (M10) 146``::

    About
    Name Mono-Red

    Deck
    20 Mountain (M21) 275
    4 Lightning Bolt (M10) 146

    Sideboard
    2 Smash to Smithereens (ORI) 163

The printing is set aside on reading (karn has no printings) and not written.
"""

from __future__ import annotations

from karn.cards.database import CardDatabase
from karn.cards.decks.fileformat import FileFormat, one_line
from karn.cards.decks.lines import ARENA_PRINTING, read_lines
from karn.cards.decks.model import Deck
from karn.cards.decks.raw import RawDeck, split_lines
from karn.cards.decks.text import entry_lines, named_lines

#: Headers only Arena writes (plain text lists share "Sideboard" and "Commander").
_ARENA_HEADERS = frozenset({"deck", "companion", "about"})


def read(text: str) -> RawDeck:
    return read_lines(text, blank_line_sideboard=False)


def write(deck: Deck, db: CardDatabase) -> str:
    blocks = [["About", f"Name {one_line(deck.name)}"]]
    if deck.commander:
        blocks.append(["Commander", *named_lines(deck.commander, db)])
    if deck.companion:
        blocks.append(["Companion", *named_lines(deck.companion, db)])
    blocks.append(["Deck", *entry_lines(deck.main, db)])
    if deck.sideboard:
        blocks.append(["Sideboard", *entry_lines(deck.sideboard, db)])
    return "\n\n".join("\n".join(block) for block in blocks) + "\n"


def recognize(text: str) -> bool:
    """A ``Deck``, ``Companion`` or ``About`` header, or an entry with its printing."""
    for line in split_lines(text):
        stripped = line.strip()
        if stripped.lower().rstrip(":") in _ARENA_HEADERS or ARENA_PRINTING.search(stripped):
            return True
    return False


FORMAT = FileFormat("arena", "MTG Arena export (4 Lightning Bolt (M10) 146)", ".txt", read, write, recognize)
