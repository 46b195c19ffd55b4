"""The card database: Oracle card faces looked up by name.

Records use MTGJSON field names (name, manaCost, type, types, subtypes,
supertypes, keywords, power, toughness, loyalty, text, layout,
colorIdentity, colors, colorIndicator, faceName, side, plus ``front``/``back``
linking the faces of double-faced cards and ``parts``/``partOf`` linking a split or
adventurer card to the parts it is cast as, :mod:`karn.cards.mtgjson`). The packaged database,
``karn/data/cards.json.gz``, is built by ``scripts/build_card_data.py``;
:meth:`CardDatabase.from_file` also reads an MTGJSON AtomicCards file
(:mod:`karn.cards.mtgjson`).

A *card* is what a deck holds; a *face* is one set of characteristics printed
on it. Most cards have one face. A double-faced card (712), a split card (709)
or an adventurer card (715) has a main face, stored under the card's full name
("Fire // Ice"), and other faces stored under their own names ("Ice");
:meth:`CardDatabase.card_name` maps any face to its card.

Loading keeps the raw records; a :class:`CardFace` is built the first time
a name is looked up and then cached.
"""

from __future__ import annotations

import contextlib
import difflib
import functools
import gc
import gzip
import hashlib
import json
import os
import re
import tempfile
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from karn.cards import paths
from karn.cards.mana import COLORS, ManaCost
from karn.cards.mtgjson import card_records, read_json, records_from_atomic

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


def wubrg(colors: Iterable[str]) -> tuple[str, ...]:
    """Color letters in WUBRG order, without duplicates or non-colors."""
    found = {str(c).upper() for c in colors}
    return tuple(c for c in COLORS if c in found)


def fold_name(name: str) -> str:
    """Normalize a card name for lenient matching.

    Case-folds, strips accents ("Déjà Vu" -> "deja vu"), straightens curly
    apostrophes and collapses runs of whitespace.
    """
    if name.isascii():  # no accents nor curly apostrophes: nothing to decompose
        return _SPACES.sub(" ", name).strip().casefold()
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    plain = plain.replace("\u2019", "'").replace("\u2018", "'")
    return _SPACES.sub(" ", plain).strip().casefold()


@dataclass(frozen=True, slots=True)
class CardFace:
    """The Oracle characteristics of one card face (108.1, 200-209).

    ``types``, ``subtypes`` and ``supertypes`` are lower-case (205.2-205.4);
    ``keywords`` keeps the data's spelling. For a double-faced card (712) the
    front face names its ``back`` and the back face names its ``front``.
    ``face_name`` and ``side`` are MTGJSON's for a face of a multi-face card.
    ``color_indicator`` is the printed color indicator (204); ``data_colors``
    the record's own ``colors`` when it has them (see :attr:`colors`).
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
    face_name: str | None = None
    side: str | None = None
    color_indicator: tuple[str, ...] = ()
    data_colors: tuple[str, ...] | None = None
    # 709.3, 715.3: the names of the parts a card may be cast as (a split card's halves, an
    # adventurer's Adventure), on the card's face; on each part, the card's name
    parts: tuple[str, ...] = ()
    part_of: str | None = None

    @property
    def is_back_face(self) -> bool:
        """The back face of a double-faced card (712.1): it names its ``front``."""
        return self.front is not None

    @property
    def cost(self) -> ManaCost:
        """The parsed mana cost (202.1).

        Raises :class:`karn.cards.mana.ManaCostError` for symbols ManaCost
        does not support yet (hybrid, Phyrexian, snow).
        """
        return ManaCost.parse(self.mana_cost)

    @property
    def colors(self) -> tuple[str, ...]:
        """The face's colors, WUBRG order (105.2).

        A color indicator wins (204.2, 202.2e: it is how a face without a mana
        cost, like a back face or Dryad Arbor, has colors); else the record's own
        ``colors`` when it has them (MTGJSON derives them by 202.2 and 204); else
        the colors of the mana cost (202.2). A face with neither is colorless
        (202.2b).
        """
        if self.color_indicator:
            return self.color_indicator
        if self.data_colors is not None:
            return self.data_colors
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

        data_colors = record.get("colors")
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
            face_name=record.get("faceName"),
            side=record.get("side"),
            color_indicator=wubrg(record.get("colorIndicator") or ()),
            data_colors=wubrg(data_colors) if isinstance(data_colors, list) else None,
            parts=tuple(str(p) for p in record.get("parts") or ()),
            part_of=record.get("partOf"),
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
        """Wrap ``records`` (name -> MTGJSON face record); prefer the constructors."""
        self._records = records
        self._faces: dict[str, CardFace] = {}
        self._folded: dict[str, str] | None = None
        self._folded_names: list[str] = []
        self._card_of: dict[str, str] | None = None
        self._faces_of: dict[str, list[str]] | None = None  # main face -> its other faces
        self._duplicate_of: dict[str, str] = {}

    @classmethod
    def default(cls) -> CardDatabase:
        """The card database of this run (:func:`active_source`): the card file named by
        ``KARN_CARDS`` (``--cards FILE``), else the imported one (``karn cards import``),
        else the packaged one; each loaded once per process (and per change of its file)."""
        source = active_source()
        if source.path is None:
            return _default_database()
        stat = source.path.stat()
        return _database_at(str(source.path), stat.st_mtime_ns, stat.st_size, source.kind)

    @classmethod
    def from_records(cls, records: Iterable[Mapping[str, Any]]) -> CardDatabase:
        """Build a database from MTGJSON-shaped records (names must be unique)."""
        return cls(_by_name(records))

    @classmethod
    def from_atomic_cards(cls, data: Mapping[str, Any]) -> CardDatabase:
        """Build a database from an MTGJSON AtomicCards document (see :mod:`karn.cards.mtgjson`)."""
        return cls.from_records(records_from_atomic(data))

    @classmethod
    def from_file(cls, path: str | Path) -> CardDatabase:
        """Load a card file: a JSON list of face records or an MTGJSON AtomicCards
        file (``.json``, ``.json.gz`` or ``.json.xz``) with every layout; the shape is
        detected (:func:`karn.cards.mtgjson.card_records`)."""
        return cls.from_records(card_records(read_json(path), str(path)))

    def merged(self, other: CardDatabase) -> CardDatabase:
        """A database with the records of both; ``other``'s record of a name wins."""
        return CardDatabase({**self._records, **other._records})

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

    # -- cards ----------------------------------------------------------

    def card_name(self, name: str) -> str:
        """The name of the card a face belongs to, as a deck list holds it.

        A back face (712.8a) or another part of a multi-face card maps to the
        card's main face ("Insectile Aberration" -> "Delver of Secrets //
        Insectile Aberration"); a ``reversible_card`` record that repeats a card
        of the database ("Forest // Forest") maps to that card. Raises
        :class:`UnknownCardError` for an unknown name.
        """
        key = self.resolve(name)
        card_of = self._cards()
        return card_of.get(key) or self._duplicate_of.get(key) or key

    def card_faces(self, name: str) -> tuple[CardFace, ...]:
        """Every face of the card ``name`` belongs to, main face first."""
        main = self.card_name(name)
        if self._faces_of is None:
            faces_of: dict[str, list[str]] = {}
            for k, v in self._cards().items():
                faces_of.setdefault(v, []).append(k)
            for listed in faces_of.values():
                listed.sort(key=lambda k: (str(self._records[k].get("side") or ""), k))
            self._faces_of = faces_of
        return (self.get(main), *(self.get(k) for k in self._faces_of.get(main, ())))

    def cards(self) -> Iterator[CardFace]:
        """The main face of every distinct card, in name order: not the other faces
        of multi-face cards, nor records repeating another card (see :meth:`card_name`)."""
        card_of = self._cards()
        for name in self.names():
            if name not in card_of and name not in self._duplicate_of:
                yield self.get(name)

    def _cards(self) -> dict[str, str]:
        """Face record -> its card's main record, for faces that are not main faces
        (built on first use); fills ``_duplicate_of`` for repeated reversible records.

        A back face names its ``front``; another face of a multi-face card has a
        ``side`` after "a" and a ``faceName`` that is one part of exactly one
        "A // B" record name.
        """
        if self._card_of is None:
            parts: dict[str, set[str]] = {}
            for key in self._records:
                if " // " in key:
                    for part in key.split(" // "):
                        parts.setdefault(fold_name(part), set()).add(key)
            card_of: dict[str, str] = {}
            for key, record in self._records.items():
                front = record.get("front") or record.get("partOf")
                face_name = record.get("faceName")
                main: str | None = None
                if front:
                    main = self._lookup(str(front))
                elif face_name and str(record.get("side") or "a") != "a":
                    owners = parts.get(fold_name(str(face_name)), set()) - {key}
                    main = next(iter(owners)) if len(owners) == 1 else None
                if main is not None and main != key:
                    card_of[key] = main
                elif record.get("layout") == "reversible_card":
                    same = _repeated_name(key)
                    if same != key and same in self._records:
                        self._duplicate_of[key] = same
            self._card_of = card_of
        return self._card_of

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
            for canonical in sorted(self._records):  # a main face's own name: "Fire" -> "Fire // Ice"
                face_name = self._records[canonical].get("faceName")
                if face_name:
                    folded.setdefault(fold_name(str(face_name)), canonical)
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


def _by_name(records: Iterable[Mapping[str, Any]]) -> dict[str, Mapping[str, Any]]:
    by_name: dict[str, Mapping[str, Any]] = {}
    for record in records:
        name = record.get("name")
        if not isinstance(name, str) or not name:
            raise ValueError(f"card record without a name: {record!r}")
        if name in by_name:
            raise ValueError(f"duplicate card name {name!r}")
        by_name[name] = record
    return by_name


def _repeated_name(name: str) -> str:
    """ "Forest // Forest" -> "Forest"; "A // B // A // B" -> "A // B"; else ``name``."""
    parts = name.split(" // ")
    half = len(parts) // 2
    if half and len(parts) % 2 == 0 and parts[:half] == parts[half:]:
        return " // ".join(parts[:half])
    return name


@dataclass(frozen=True, slots=True)
class CardSource:
    """Where the card database of this run comes from (:func:`active_source`)."""

    kind: Literal["packaged", "imported", "file"]
    path: Path | None = None

    def __str__(self) -> str:
        if self.kind == "packaged":
            return "karn's packaged cards"
        if self.kind == "imported":
            return f"the imported card database ({self.path})"
        return f"the card file {self.path} ({paths.CARDS_ENV})"


def active_source() -> CardSource:
    """The card data of this run, first that applies: the file ``KARN_CARDS`` names (set
    by ``--cards FILE``; ``packaged`` for the packaged cards), the database imported with
    ``karn cards import``/``update`` (:func:`karn.cards.paths.imported_database`), the
    packaged cards."""
    chosen = os.environ.get(paths.CARDS_ENV, "").strip()
    if chosen == paths.PACKAGED:
        return CardSource("packaged")
    if chosen:
        return CardSource("file", Path(chosen).expanduser().resolve())
    imported = paths.imported_database()
    if imported.is_file():
        return CardSource("imported", imported)
    return CardSource("packaged")


@functools.cache
def _default_database() -> CardDatabase:
    """The packaged card database."""
    raw = (resources.files("karn") / "data" / _DATA_FILE).read_bytes()
    return _from_packed(raw)


@contextlib.contextmanager
def paused_gc() -> Iterator[None]:
    """No cyclic garbage collection while a large acyclic structure is built (the card
    records, the parser tables): the collector would scan the growing heap again and again
    (about a third of a process's first ``Game.new``). Reference counting still frees."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _from_packed(raw: bytes) -> CardDatabase:
    """A database from a gzipped JSON list of face records (the packaged and imported form)."""
    with paused_gc():
        records: list[dict[str, Any]] = json.loads(gzip.decompress(raw))
        return CardDatabase({r["name"]: r for r in records})


#: Bumped when the converted form of a card file changes, so old conversions are not read.
_CONVERSION_VERSION = "1"


@functools.lru_cache(maxsize=4)
def _database_at(path: str, mtime_ns: int, size: int, kind: str) -> CardDatabase:
    """The database in ``path`` as it is now (the key holds its modification time and size,
    so an edited or replaced file is read again). The imported database is stored
    converted already; another card file is converted once and the conversion kept in
    the cache folder (:func:`karn.cards.paths.converted_cache`), so the next run starts as
    fast as with the packaged cards."""
    if kind == "imported":
        return _from_packed(Path(path).read_bytes())
    key = hashlib.sha256(f"{_CONVERSION_VERSION}|{path}|{mtime_ns}|{size}".encode()).hexdigest()[:32]
    cached = paths.converted_cache() / f"{key}.json.gz"
    try:
        return _from_packed(cached.read_bytes())
    except (OSError, ValueError):
        pass  # not converted yet, or a damaged conversion: read the file itself
    records = card_records(read_json(path), path)
    database = CardDatabase.from_records(records)
    write_packed(cached, records, quiet=True)
    return database


def write_packed(target: Path, records: list[dict[str, Any]], *, quiet: bool = False) -> None:
    """Write ``records`` as a gzipped JSON list to ``target`` atomically: a reader sees the
    old file or the new one, never a part (a temporary file renamed over it). With
    ``quiet``, a failure to write (a read-only cache) is ignored."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".tmp-", suffix=".json.gz")
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(gzip.compress(json.dumps(records, ensure_ascii=False).encode(), 6))
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        if not quiet:
            raise
