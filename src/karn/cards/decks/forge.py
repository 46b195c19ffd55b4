"""Forge ``.dck`` deck lists: sections in brackets, ``Name|SET|art`` entries::

    [metadata]
    Name=Mono-Red
    [Commander]
    1 Krenko, Mob Boss|M13
    [Main]
    4 Lightning Bolt|M10
    20 Mountain|M21|2
    [Sideboard]
    2 Smash to Smithereens|ORI

The set and art index after ``|`` are set aside (karn has no printings). Forge's
supplementary decks (``[Planes]``, ``[Schemes]``, ``[Avatar]``, ``[Conspiracy]``
..., 100.2d) are reported, not read: karn plays none of them.
"""

from __future__ import annotations

import re

from karn.cards.database import CardDatabase
from karn.cards.decks.fileformat import FileFormat, one_line
from karn.cards.decks.model import Deck
from karn.cards.decks.raw import RawDeck, Section, split_lines
from karn.cards.decks.text import entry_lines, named_lines

_SECTION = re.compile(r"^\[(?P<name>[^\]]+)\]$")
_ENTRY = re.compile(r"^(?P<count>[-+]?\d+)\s+(?P<name>\S.*)$")
_SECTIONS = {"main": Section.MAIN, "sideboard": Section.SIDEBOARD, "commander": Section.COMMANDER}
_METADATA = "metadata"


def read(text: str) -> RawDeck:
    raw = RawDeck()
    section: Section | str | None = None  # a Section, "metadata", or the name of a skipped section
    for number, line in enumerate(split_lines(text), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith(("#", "//")):
            continue
        header = _SECTION.match(stripped)
        if header is not None:
            key = header.group("name").strip().lower()
            section = _METADATA if key == _METADATA else _SECTIONS.get(key, header.group("name").strip())
            if isinstance(section, str) and section != _METADATA:
                raw.problem(f"karn does not read Forge's [{section}] section (it plays no such deck)", number)
            continue
        if section == _METADATA:
            key, _, value = stripped.partition("=")
            if key.strip().lower() == "name" and value.strip():
                raw.title = value.strip()
            continue
        if isinstance(section, str):
            continue  # a skipped section, reported at its header
        if section is None:
            raw.problem(f"card line {line!r} before any section such as [Main]", number)
            continue
        entry = _ENTRY.match(stripped)
        count, written = (entry.group("count"), entry.group("name")) if entry else ("1", stripped)
        name = written.split("|")[0].strip()
        if not name:
            raw.problem(f"malformed deck line {line!r}", number)
            continue
        raw.add(section, count, name, number, whole_line=stripped.split("|")[0].strip() if entry else None)
    return raw


def write(deck: Deck, db: CardDatabase) -> str:
    lines = ["[metadata]", f"Name={one_line(deck.name)}"]
    if deck.commander:
        lines += ["[Commander]", *named_lines(deck.commander, db)]
    lines += ["[Main]", *entry_lines(deck.main, db)]
    if deck.sideboard:
        lines += ["[Sideboard]", *entry_lines(deck.sideboard, db)]
    return "\n".join(lines) + "\n"


def recognize(text: str) -> bool:
    """A ``[Main]``, ``[Sideboard]``, ``[Commander]`` or ``[metadata]`` line."""
    for line in split_lines(text):
        header = _SECTION.match(line.strip())
        if header is not None and header.group("name").strip().lower() in (*_SECTIONS, _METADATA):
            return True
    return False


FORMAT = FileFormat("forge", "Forge .dck ([Main], Name|SET)", ".dck", read, write, recognize)
