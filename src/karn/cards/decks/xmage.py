"""XMage ``.dck`` deck lists: ``[SET:number]`` before each name, ``SB:`` for the sideboard::

    NAME:Mono-Red
    4 [M10:146] Lightning Bolt
    20 [M21:275] Mountain
    SB: 2 [ORI:163] Smash to Smithereens
    LAYOUT MAIN:(1,2)(NONE,false,50)|([M10:146],[M21:275])

The set and number are set aside (karn has no printings), ``LAYOUT`` and
``AUTHOR:`` lines are XMage's own. karn writes ``[UNK:0]`` for the printing it
does not know: XMage then looks the card up by name. XMage keeps a commander in
the sideboard, and so does karn's writer.
"""

from __future__ import annotations

import re

from karn.cards.database import CardDatabase
from karn.cards.decks.fileformat import FileFormat, one_line
from karn.cards.decks.model import Deck
from karn.cards.decks.names import export_name
from karn.cards.decks.raw import RawDeck, Section, split_lines

_ENTRY = re.compile(
    r"^(?P<sideboard>SB:)?\s*(?P<count>[-+]?\d+)\s*(?:\[(?P<printing>[^\]]*)\])?\s*(?P<name>.*)$",
    re.IGNORECASE,
)
_PRINTED_ENTRY = re.compile(r"^(SB:)?\s*\d+\s*\[[^\]:]*:[^\]]*\]", re.IGNORECASE)
_OWN_LINES = ("NAME:", "AUTHOR:", "LAYOUT ")
UNKNOWN_PRINTING = "[UNK:0]"


def read(text: str) -> RawDeck:
    raw = RawDeck()
    for number, line in enumerate(split_lines(text), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith(("#", "//")):
            continue
        if stripped.upper().startswith("NAME:"):
            raw.title = stripped[5:].strip() or None
            continue
        if stripped.upper().startswith(_OWN_LINES):
            continue
        entry = _ENTRY.match(stripped)
        if entry is None:
            raw.problem(f"malformed deck line {line!r} (XMage writes '4 [M10:146] Lightning Bolt')", number)
            continue
        name = entry.group("name").strip()
        if not name:
            printing = entry.group("printing")
            why = f"[{printing}] has no card name (karn has no printings to find it by)" if printing else ""
            raw.problem(f"malformed deck line {line!r}" + (f": {why}" if why else ""), number)
            continue
        section = Section.SIDEBOARD if entry.group("sideboard") else Section.MAIN
        raw.add(section, entry.group("count"), name, number)
    return raw


def write(deck: Deck, db: CardDatabase) -> str:
    lines = [f"NAME:{one_line(deck.name)}"]
    lines += [f"{count} {UNKNOWN_PRINTING} {export_name(db, card)}" for count, card in deck.main]
    sideboard = list(deck.sideboard) + [(1, card) for card in deck.commander]
    lines += [f"SB: {count} {UNKNOWN_PRINTING} {export_name(db, card)}" for count, card in sideboard]
    return "\n".join(lines) + "\n"


def recognize(text: str) -> bool:
    """An entry with a ``[SET:number]`` printing, or a ``NAME:``/``LAYOUT`` line."""
    for line in split_lines(text):
        stripped = line.strip()
        if _PRINTED_ENTRY.match(stripped) or stripped.startswith(("NAME:", "LAYOUT ")):
            return True
    return False


FORMAT = FileFormat(
    "xmage",
    "XMage .dck (4 [M10:146] Lightning Bolt)",
    ".dck",
    read,
    write,
    recognize,
    commander_section=False,
)
