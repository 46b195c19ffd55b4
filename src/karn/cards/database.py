"""The card database: Oracle card faces looked up by name.

Records use MTGJSON field names (name, manaCost, type, types, subtypes,
supertypes, keywords, power, toughness, loyalty, text, layout,
colorIdentity, plus ``front``/``back`` linking transforming double-faced
cards). The packaged database, ``karn/data/cards.json.gz``, is built by
``scripts/build_card_data.py``.

Loading keeps the raw records; a :class:`CardFace` is built the first time
a name is looked up and then cached.
"""

from __future__ import annotations

import difflib
import functools
import gzip
import json
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

from karn.cards.mana import COLORS, ManaCost

_SYMBOL = re.compile(r"\{([^}]+)\}")
_SPACES = re.compile(r"\s+")
_DATA_FILE = "cards.json.gz"


def _symbol_mana_value(symbol: str) -> int:
    """Mana value of one mana symbol (202.3).

    Numbers count their value, X/Y/Z count 0 (202.3e), a hybrid symbol
    counts its largest component (202.3f), a Phyrexian symbol counts 1
    (202.3g) and every other symbol ({W}, {C}, {S}, ...) counts 1. Half
    mana ({HW}) rounds down to 0.
    """
    sym = symbol.upper()
    if sym.isdigit():
        return int(sym)
    if sym in ("X", "Y", "Z"):
        return 0
    if sym.startswith("H") and len(sym) == 2:
        return 0
    parts = [p for p in sym.split("/") if p != "P"]
    if len(parts) > 1:
        return max(_symbol_mana_value(p) for p in parts)
    return 1


def mana_value_of(mana_cost: str | None) -> int:
    """Mana value of a mana cost string, any symbols allowed (202.3)."""
    if not mana_cost:
        return 0  # 202.3a: no mana cost
    return sum(_symbol_mana_value(s) for s in _SYMBOL.findall(mana_cost))


def colors_of(mana_cost: str | None) -> tuple[str, ...]:
    """Colors of the mana symbols in a mana cost, in WUBRG order (105.2, 202.2).

    Hybrid and Phyrexian symbols give all of their colors (202.2d).
    """
    if not mana_cost:
        return ()
    found = {ch for sym in _SYMBOL.findall(mana_cost) for ch in sym.upper() if ch in COLORS}
    return tuple(c for c in COLORS if c in found)


def fold_name(name: str) -> str:
    """Normalize a card name for lenient matching.

    Case-folds, strips accents ("Déjà Vu" -> "deja vu"), straightens curly
    apostrophes and collapses runs of whitespace.
    """
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    plain = plain.replace("\u2019", "'").replace("\u2018", "'")
    return _SPACES.sub(" ", plain).strip().casefold()


@dataclass(frozen=True, slots=True)
class CardFace:
    """The Oracle characteristics of one card face (108.1, 200-209).

    ``types``, ``subtypes`` and ``supertypes`` are lower-case (205.2-205.4);
    ``keywords`` keeps the data's spelling. For a transforming double-faced
    card (712) the front face names its ``back`` and the back face names its
    ``front``.
    """

    name: str
    mana_cost: str | None
    type_line: str
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    text: str
    power: str | None
    toughness: str | None
    loyalty: str | None
    keywords: tuple[str, ...]
    layout: str
    color_identity: tuple[str, ...]
    front: str | None = None
    back: str | None = None

    @property
    def cost(self) -> ManaCost:
        """The parsed mana cost (202.1).

        Raises :class:`karn.cards.mana.ManaCostError` for symbols ManaCost
        does not support yet (hybrid, Phyrexian, snow).
        """
        return ManaCost.parse(self.mana_cost)

    @property
    def colors(self) -> tuple[str, ...]:
        """Color letters from the mana cost, WUBRG order (105.2, 202.2)."""
        return colors_of(self.mana_cost)

    @property
    def mana_value(self) -> int:
        """Mana value from this face's own mana cost (202.3).

        202.3b (a back face uses its front face's cost) is the engine's job.
        """
        return mana_value_of(self.mana_cost)

    @staticmethod
    def from_record(record: Mapping[str, Any]) -> CardFace:
        """Build a face from an MTGJSON-shaped record."""

        def lower(key: str) -> tuple[str, ...]:
            return tuple(str(v).lower() for v in record.get(key) or ())

        return CardFace(
            name=str(record["name"]),
            mana_cost=record.get("manaCost") or None,
            type_line=str(record.get("type") or ""),
            types=lower("types"),
            subtypes=lower("subtypes"),
            supertypes=lower("supertypes"),
            text=str(record.get("text") or ""),
            power=record.get("power"),
            toughness=record.get("toughness"),
            loyalty=record.get("loyalty"),
            keywords=tuple(record.get("keywords") or ()),
            layout=str(record.get("layout") or "normal"),
            color_identity=tuple(record.get("colorIdentity") or ()),
            front=record.get("front"),
            back=record.get("back"),
        )


class UnknownCardError(KeyError):
    """No card has this name; ``suggestions`` holds the nearest names."""

    def __init__(self, name: str, suggestions: Iterable[str] = ()) -> None:
        self.name = name
        self.suggestions: list[str] = list(suggestions)
        super().__init__(name)

    def __str__(self) -> str:
        msg = f"unknown card {self.name!r}"
        if self.suggestions:
            msg += f"; did you mean: {', '.join(self.suggestions)}?"
        return msg


class CardDatabase:
    """Card faces by exact name, with case-insensitive lookup and suggestions."""

    def __init__(self, records: Mapping[str, Mapping[str, Any]]) -> None:
        """Wrap ``records`` (name -> MTGJSON record); prefer the constructors."""
        self._records = records
        self._faces: dict[str, CardFace] = {}
        self._folded: dict[str, str] | None = None
        self._folded_names: list[str] = []

    @classmethod
    def default(cls) -> CardDatabase:
        """The packaged card database, loaded once on first use."""
        return _default_database()

    @classmethod
    def from_records(cls, records: Iterable[Mapping[str, Any]]) -> CardDatabase:
        """Build a database from MTGJSON-shaped records (names must be unique)."""
        by_name: dict[str, Mapping[str, Any]] = {}
        for record in records:
            name = record.get("name")
            if not isinstance(name, str) or not name:
                raise ValueError(f"card record without a name: {record!r}")
            if name in by_name:
                raise ValueError(f"duplicate card name {name!r}")
            by_name[name] = record
        return cls(by_name)

    # -- lookup ---------------------------------------------------------

    def get(self, name: str) -> CardFace:
        """The face named ``name``: exact, else case/accent-insensitive.

        Raises :class:`UnknownCardError` with up to five suggestions.
        """
        canonical = self.resolve(name)
        face = self._faces.get(canonical)
        if face is None:
            face = CardFace.from_record(self._records[canonical])
            self._faces[canonical] = face
        return face

    __getitem__ = get

    def resolve(self, name: str) -> str:
        """The canonical spelling of ``name``, or raise :class:`UnknownCardError`."""
        found = self._lookup(name)
        if found is None:
            raise UnknownCardError(name, self.suggest(name))
        return found

    def raw(self, name: str) -> dict[str, Any]:
        """A copy of the MTGJSON record for ``name`` (for the Oracle compiler)."""
        return dict(self._records[self.resolve(name)])

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self._lookup(name) is not None

    def __len__(self) -> int:
        return len(self._records)

    def __iter__(self) -> Iterator[str]:
        return iter(self._records)

    def names(self) -> list[str]:
        """All card names, sorted."""
        return sorted(self._records)

    def faces(self) -> Iterator[CardFace]:
        """Every face, in name order (builds and caches them all)."""
        for name in self.names():
            yield self.get(name)

    def suggest(self, name: str, n: int = 5) -> list[str]:
        """Up to ``n`` card names close to ``name``, best first.

        Order: close spellings (difflib ratio >= 0.8), names starting with
        ``name``, looser spellings (ratio >= 0.6), names containing ``name``.
        """
        query = fold_name(name)
        if not query or n <= 0:
            return []
        folded = self._index()
        hit = folded.get(query)
        out: list[str] = [hit] if hit else []

        close = difflib.get_close_matches(query, self._folded_names, n=n, cutoff=0.6)
        strong = [c for c in close if difflib.SequenceMatcher(None, query, c).ratio() >= 0.8]
        prefix = sorted((f for f in self._folded_names if f.startswith(query)), key=lambda f: (len(f), f))
        weak = [c for c in close if c not in strong]
        contains = sorted((f for f in self._folded_names if query in f), key=lambda f: (len(f), f))

        for key in (*strong, *prefix[:n], *weak, *contains[:n]):
            canonical = folded[key]
            if canonical not in out:
                out.append(canonical)
            if len(out) >= n:
                break
        return out

    # -- internals ------------------------------------------------------

    def _lookup(self, name: str) -> str | None:
        if name in self._records:
            return name
        return self._index().get(fold_name(name))

    def _index(self) -> dict[str, str]:
        """Folded name -> canonical name, built on first use.

        A multi-face card stored as ``"Front // Back"`` is also found by its
        first face's name when that name is unambiguous (the ``front`` field
        of a transforming back face names it this way).
        """
        if self._folded is None:
            folded: dict[str, str] = {}
            for canonical in sorted(self._records):
                folded.setdefault(fold_name(canonical), canonical)
            halves: dict[str, list[str]] = {}
            for canonical in folded.values():
                if " // " in canonical:
                    halves.setdefault(fold_name(canonical.split(" // ")[0]), []).append(canonical)
            for key, owners in halves.items():
                if key not in folded and len(owners) == 1:
                    folded[key] = owners[0]
            self._folded = folded
            self._folded_names = list(folded)
        return self._folded


@functools.cache
def _default_database() -> CardDatabase:
    raw = (resources.files("karn") / "data" / _DATA_FILE).read_bytes()
    records: list[dict[str, Any]] = json.loads(gzip.decompress(raw))
    return CardDatabase({r["name"]: r for r in records})
