"""Deck lists: parsing, validation against the card database, bundled decks.

The format is one entry per line::

    # comments start with '#' or '//'
    4 Lightning Bolt
    4x Shock
    Mountain            # a bare name means one copy

    Sideboard
    2 Searing Spear

A ``Sideboard`` line (optionally ``Sideboard:``) starts the sideboard
(100.4). Card names are checked against the card database and stored with
their canonical spelling. Deck-size and four-copy limits (100.2a) are format
rules and are not enforced here.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from karn.cards.database import CardDatabase, UnknownCardError

_ENTRY = re.compile(r"^(?P<count>[-+]?\d+)(?:\s*[xX])?\s+(?P<name>\S.*)$")
_COUNT_ONLY = re.compile(r"^[-+]?\d+\s*[xX]?$")
_SIDEBOARD = re.compile(r"^sideboard\s*:?$", re.IGNORECASE)
_SPACES = re.compile(r"\s+")

Entries = tuple[tuple[int, str], ...]


class DeckError(ValueError):
    """A deck list problem, located by ``source`` and 1-based ``line``.

    ``line`` is ``None`` for problems with the deck as a whole.
    """

    def __init__(
        self,
        reason: str,
        *,
        line: int | None = None,
        source: str = "",
        suggestions: list[str] | None = None,
    ) -> None:
        self.reason = reason
        self.line = line
        self.source = source
        self.suggestions: list[str] = suggestions or []
        where = " ".join(p for p in (source, f"line {line}" if line is not None else "") if p)
        super().__init__(f"{where}: {reason}" if where else reason)


@dataclass(frozen=True)
class Deck:
    """A deck list: (count, card name) entries in file order (100.1, 100.4)."""

    name: str
    main: Entries
    sideboard: Entries = ()

    def cards(self) -> list[str]:
        """The main deck as one card name per card, in file order."""
        return _expand(self.main)

    def sideboard_cards(self) -> list[str]:
        """The sideboard as one card name per card, in file order."""
        return _expand(self.sideboard)

    def __len__(self) -> int:
        return sum(n for n, _ in self.main)


def _expand(entries: Entries) -> list[str]:
    return [name for count, name in entries for _ in range(count)]


def parse_deck(
    text: str,
    name: str = "deck",
    db: CardDatabase | None = None,
    *,
    source: str | None = None,
) -> Deck:
    """Parse a deck list, validating every card name against ``db``.

    ``source`` names the deck in error messages (default: ``name``).
    Raises :class:`DeckError` for malformed lines, non-positive counts,
    unknown card names and an empty main deck.
    """
    db = db if db is not None else CardDatabase.default()
    src = name if source is None else source
    main: list[tuple[int, str]] = []
    side: list[tuple[int, str]] = []
    target = main
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(("#", "//")):
            continue
        if _SIDEBOARD.match(line):
            target = side
            continue
        count, card = _parse_entry(raw, line, lineno, src, db)
        target.append((count, card))
    if not main:
        raise DeckError("no cards in the main deck", source=src)
    return Deck(name=name, main=tuple(main), sideboard=tuple(side))


def _parse_entry(raw: str, line: str, lineno: int, src: str, db: CardDatabase) -> tuple[int, str]:
    """One ``N Card Name`` / ``Nx Card Name`` / ``Card Name`` line."""
    if _COUNT_ONLY.match(line):
        raise DeckError(f"malformed deck line {raw!r}", line=lineno, source=src)
    m = _ENTRY.match(line)
    if m is None:
        return 1, _resolve(line, lineno, src, db)
    count = int(m.group("count"))
    card = _SPACES.sub(" ", m.group("name"))
    if card not in db and line in db:
        return 1, db.resolve(line)  # a name that starts with a number: "1996 World Champion"
    if count <= 0:
        raise DeckError(f"card count must be positive, got {count} in {raw!r}", line=lineno, source=src)
    return count, _resolve(card, lineno, src, db)


def _resolve(card: str, lineno: int, src: str, db: CardDatabase) -> str:
    try:
        return db.resolve(card)
    except UnknownCardError as exc:
        raise DeckError(str(exc), line=lineno, source=src, suggestions=exc.suggestions) from None


def bundled_decks() -> list[str]:
    """Names of the decks shipped in ``karn/data/decks``, sorted."""
    folder = resources.files("karn") / "data" / "decks"
    if not folder.is_dir():
        return []
    return sorted(p.name[:-4] for p in folder.iterdir() if p.name.endswith(".txt"))


def load_deck(path_or_name: str | os.PathLike[str], db: CardDatabase | None = None) -> Deck:
    """Load a deck from a file path, or a bundled deck by name (e.g. ``"red_burn"``)."""
    path = Path(path_or_name)
    if path.is_file():
        return parse_deck(path.read_text(encoding="utf-8"), name=path.stem, db=db, source=str(path_or_name))
    key = str(path_or_name)
    key = key[:-4] if key.endswith(".txt") else key
    if key in bundled_decks():
        resource = resources.files("karn") / "data" / "decks" / f"{key}.txt"
        return parse_deck(resource.read_text(encoding="utf-8"), name=key, db=db, source=f"{key}.txt")
    available = ", ".join(bundled_decks()) or "none"
    raise DeckError(f"no deck file or bundled deck named {key!r} (bundled decks: {available})")
