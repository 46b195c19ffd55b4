"""Loading deck lists from files, from text and from the decks shipped with karn."""

from __future__ import annotations

import codecs
import difflib
import os
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from karn.cards.database import CardDatabase, wubrg
from karn.cards.decks.model import Deck, DeckError
from karn.cards.decks.raw import split_lines
from karn.cards.decks.registry import read_deck

_BUNDLED_SUFFIX = ".txt"
_DESCRIPTION = "# description:"


def decode_deck_file(data: bytes, source: str) -> str:
    """The text of a deck file: UTF-8 (with or without a byte-order mark), or UTF-16
    with its byte-order mark (Windows "Unicode"). Anything else is a :class:`DeckError`
    naming the file and the line of the first byte that is not UTF-8."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise DeckError("not a UTF-16 text file, although it starts like one", source=source) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise DeckError(
            f"not a UTF-8 text file (byte 0x{data[e.start]:02x}); save the deck list as UTF-8",
            line=line,
            source=source,
        ) from None


def bundled_decks() -> list[str]:
    """Names of the decks shipped in ``karn/data/decks``, sorted."""
    folder = resources.files("karn") / "data" / "decks"
    if not folder.is_dir():
        return []
    return sorted(
        p.name[: -len(_BUNDLED_SUFFIX)] for p in folder.iterdir() if p.name.endswith(_BUNDLED_SUFFIX)
    )


def bundled_deck_text(name: str) -> str:
    """The text of the bundled deck ``name``; raises :class:`DeckError` naming the bundled decks."""
    key = name.removesuffix(_BUNDLED_SUFFIX)
    if key not in bundled_decks():
        raise _no_such_deck(key)
    return (resources.files("karn") / "data" / "decks" / f"{key}{_BUNDLED_SUFFIX}").read_text(
        encoding="utf-8"
    )


def load_deck(
    path_or_name: str | os.PathLike[str],
    db: CardDatabase | None = None,
    *,
    file_format: str | None = None,
) -> Deck:
    """Load a deck: a deck file in any format karn reads, a bundled deck by name
    (``"red_burn"``), or the text of a deck list (a string with a line break)."""
    text = str(path_or_name)
    if isinstance(path_or_name, str) and ("\n" in text or "\r" in text):
        return read_deck(text, db=db, file_format=file_format)
    path = Path(path_or_name)
    if path.is_file():
        try:
            data = path.read_bytes()
        except OSError as e:
            raise DeckError(f"cannot read the file: {e.strerror or e}", source=text) from None
        deck_text = decode_deck_file(data, text)
        return read_deck(deck_text, name=path.stem, db=db, source=text, file_format=file_format)
    if path.is_dir():
        raise DeckError("is a folder, not a deck file", source=text)
    key = text.removesuffix(_BUNDLED_SUFFIX)
    if key in bundled_decks():
        return read_deck(bundled_deck_text(key), name=key, db=db, source=f"{key}{_BUNDLED_SUFFIX}")
    raise _no_such_deck(key, text)


_DECK_FILE_SUFFIXES = frozenset({".txt", ".dek", ".cod", ".dck"})


def _no_such_deck(key: str, written: str = "") -> DeckError:
    """No bundled deck ``key``; ``written`` is what the user wrote, when it looks like a path."""
    if "/" in written or "\\" in written or Path(written).suffix.lower() in _DECK_FILE_SUFFIXES:
        return DeckError("no such deck file", source=written)
    names = bundled_decks()
    close = difflib.get_close_matches(key, names, n=1)
    hint = f"did you mean {close[0]!r}? " if close else ""
    return DeckError(
        f"no deck file or bundled deck named {key!r} ({hint}bundled decks: {', '.join(names) or 'none'})"
    )


@dataclass(frozen=True)
class BundledDeck:
    """A deck shipped with karn: its name, one-line description and colors (WUBRG letters)."""

    name: str
    description: str
    colors: str
    deck: Deck


def bundled_deck_info(db: CardDatabase | None = None) -> list[BundledDeck]:
    """Every bundled deck with its description (its ``# description:`` line) and its
    colors (those of its cards, 105.2)."""
    database = db if db is not None else CardDatabase.default()
    out = []
    for name in bundled_decks():
        deck_text = bundled_deck_text(name)
        description = next(
            (
                line.strip()[len(_DESCRIPTION) :].strip()
                for line in split_lines(deck_text)
                if line.strip().lower().startswith(_DESCRIPTION)
            ),
            "",
        )
        deck = load_deck(name, database)
        colors = wubrg(c for card in deck.main_counts() for c in database.get(card).colors)
        out.append(BundledDeck(name, description, "".join(colors), deck))
    return out
