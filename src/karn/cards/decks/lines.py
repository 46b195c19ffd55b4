"""The line grammar shared by plain text, Arena and Moxfield deck lists.

One entry per line: ``4 Lightning Bolt``, ``4x Lightning Bolt``, a bare name for
one copy, ``SB: 2 Shock`` for a sideboard card. Sections start with a header
line: ``Deck``/``Main``, ``Sideboard``, ``Commander``, ``Companion`` and Arena's
``About`` (whose ``Name ...`` line is the deck's title), each optionally followed
by a colon or a count in parentheses (``Sideboard (15)``). Lines starting with
``#`` or ``//`` are comments. What a tool appends to a name is set aside: a
printing (``(M10) 146``), Moxfield's markers (``*F*`` foil, ``*E*`` etched) and
tags (``#burn``), or a trailing ``# comment``.

Without any section header or ``SB:`` line, a list of exactly two blocks of
lines separated by blank lines, the first of at least 40 cards and the second of
at most 15 non-basic-land cards, is a main deck and its sideboard: this is how
MTGO and many sites write a list (100.4a).
"""

from __future__ import annotations

import re
from dataclasses import replace

from karn.cards.database import fold_name
from karn.cards.decks.raw import RawDeck, Section, split_lines

_HEADERS: dict[str, Section | None] = {
    "deck": Section.MAIN,
    "main": Section.MAIN,
    "maindeck": Section.MAIN,
    "main deck": Section.MAIN,
    "mainboard": Section.MAIN,
    "sideboard": Section.SIDEBOARD,
    "side": Section.SIDEBOARD,
    "commander": Section.COMMANDER,
    "commanders": Section.COMMANDER,
    "companion": Section.COMPANION,
    "about": None,
}
_HEADER = re.compile(r"^(?P<word>[A-Za-z][A-Za-z ]*?)\s*(?:\(\s*\d+\s*\))?\s*:?$")
_SIDEBOARD_PREFIX = re.compile(r"^SB:\s*", re.IGNORECASE)
_ENTRY = re.compile(r"^(?P<count>[-+]?\d+)(?:\s*[xX])?\s+(?P<name>\S.*)$")
_COUNT_ONLY = re.compile(r"^[-+]?\d+\s*[xX]?$")
_ABOUT_NAME = re.compile(r"^name\s+(?P<title>\S.*)$", re.IGNORECASE)
_TAGS = re.compile(r"\s+#.*$")
_MARKERS = re.compile(r"\s+\*[A-Za-z]{1,3}\*(?=\s|$)")
_PRINTING = re.compile(r"\s+\((?P<set>[A-Za-z0-9_-]{2,8})\)(?:\s+(?P<number>[^\s()]+))?$")
_SPACES = re.compile(r"\s+")

#: Lines a Moxfield export carries: markers (``*F*``) and tags (``#burn``).
MOXFIELD_MARKS = re.compile(r"\s\*[A-Za-z]{1,3}\*(\s|$)|\s#\S")
#: An Arena printing at the end of an entry: ``(M10) 146``.
ARENA_PRINTING = re.compile(r"\s\([A-Za-z0-9_-]{2,8}\)\s+[^\s()]+$")

_BASIC_LANDS = frozenset(
    fold_name(prefix + name)
    for prefix in ("", "snow-covered ")
    for name in ("Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes")
)
_MIN_BLOCK_MAIN = 40
_MAX_BLOCK_SIDEBOARD = 15


def header_of(line: str) -> tuple[bool, Section | None]:
    """``(True, section)`` for a section header line (``None`` for Arena's ``About``)."""
    m = _HEADER.match(line)
    if m is None:
        return False, None
    word = _SPACES.sub(" ", m.group("word").strip().lower())
    if word not in _HEADERS:
        return False, None
    return True, _HEADERS[word]


def clean_name(written: str) -> str:
    """A name without what tools append to it (printing, markers, tags, comment)."""
    name = _TAGS.sub("", written)
    name = _MARKERS.sub("", name)
    name = _PRINTING.sub("", name)
    return _SPACES.sub(" ", name).strip()


def read_lines(text: str, *, blank_line_sideboard: bool = True) -> RawDeck:
    """Read a plain text, Arena or Moxfield list (see the module doc)."""
    raw = RawDeck()
    section = Section.MAIN
    in_about = False
    structured = False
    blocks: list[list[int]] = [[]]  # entry indexes, block by block
    for number, line in enumerate(split_lines(text), start=1):
        stripped = line.strip()
        if not stripped:
            if blocks[-1]:
                blocks.append([])
            continue
        if stripped.startswith(("#", "//")):
            continue
        is_header, header_section = header_of(stripped)
        if is_header:
            structured = True
            in_about = header_section is None
            section = header_section or section
            continue
        if in_about:
            about = _ABOUT_NAME.match(stripped)
            if about is not None:
                raw.title = about.group("title").strip()
            else:
                raw.problem(f"unexpected line {line!r} in the About section (only 'Name ...')", number)
            continue
        entry_section = section
        sideboard = _SIDEBOARD_PREFIX.match(stripped)
        if sideboard is not None:
            structured = True
            entry_section = Section.SIDEBOARD
            stripped = stripped[sideboard.end() :]
        if not stripped or _COUNT_ONLY.match(stripped):
            raw.problem(f"malformed deck line {line!r}", number)
            continue
        blocks[-1].append(len(raw.entries))
        entry = _ENTRY.match(stripped)
        if entry is None:
            raw.add(entry_section, "1", clean_name(stripped), number)
            continue
        name = clean_name(entry.group("name"))
        if not name:
            raw.problem(f"malformed deck line {line!r}", number)
            blocks[-1].pop()
            continue
        raw.add(entry_section, entry.group("count"), name, number, whole_line=clean_name(stripped))
    if blank_line_sideboard and not structured:
        _sideboard_after_blank_line(raw, [b for b in blocks if b])
    return raw


def _sideboard_after_blank_line(raw: RawDeck, blocks: list[list[int]]) -> None:
    """Make the second of exactly two blocks the sideboard when the blocks look like a
    main deck and a sideboard (see the module doc)."""
    if len(blocks) != 2:
        return
    first = [raw.entries[i] for i in blocks[0]]
    second = [raw.entries[i] for i in blocks[1]]
    if sum(e.count for e in first) < _MIN_BLOCK_MAIN:
        return
    if sum(e.count for e in second) > _MAX_BLOCK_SIDEBOARD:
        return
    if any(fold_name(e.name) in _BASIC_LANDS for e in second):
        return
    for i in blocks[1]:
        raw.entries[i] = replace(raw.entries[i], section=Section.SIDEBOARD)
