"""Plain text deck lists: ``4 Lightning Bolt`` lines (the grammar is :mod:`.lines`).

Written as karn writes them::

    4 Lightning Bolt
    20 Mountain

    Sideboard
    2 Smash to Smithereens

    Commander
    1 Krenko, Mob Boss
"""

from __future__ import annotations

from karn.cards.database import CardDatabase
from karn.cards.decks.fileformat import FileFormat
from karn.cards.decks.lines import read_lines
from karn.cards.decks.model import Deck, Entries
from karn.cards.decks.names import export_name
from karn.cards.decks.raw import RawDeck


def entry_lines(entries: Entries, db: CardDatabase) -> list[str]:
    """``N Name`` lines, names as deck-building tools write them."""
    return [f"{count} {export_name(db, card)}" for count, card in entries]


def named_lines(names: tuple[str, ...], db: CardDatabase) -> list[str]:
    """``1 Name`` lines for a commander or companion list."""
    return [f"1 {export_name(db, card)}" for card in names]


def read(text: str) -> RawDeck:
    return read_lines(text, blank_line_sideboard=True)


def write(deck: Deck, db: CardDatabase) -> str:
    lines = entry_lines(deck.main, db)
    for header, body in (
        ("Sideboard", entry_lines(deck.sideboard, db)),
        ("Commander", named_lines(deck.commander, db)),
        ("Companion", named_lines(deck.companion, db)),
    ):
        if body:
            lines += ["", header, *body]
    return "\n".join(lines) + "\n"


def recognize(text: str) -> bool:
    return True


FORMAT = FileFormat("text", "plain text (4 Lightning Bolt)", ".txt", read, write, recognize)
