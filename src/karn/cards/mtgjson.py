"""Reading MTGJSON card files into the card database's face records.

Two file shapes are read, plain, gzipped (``.gz``) or xz-compressed (``.xz``):

* a JSON list of face records (the packaged ``cards.json.gz`` and the shared
  Oracle corpus): each record is one face, unique by ``name``; a transforming
  card's front record is named ``"Front // Back"`` and names its ``back``, the
  back record is named by its face name and names its ``front``;
* an MTGJSON AtomicCards file, ``{"meta": ..., "data": {name: [face, ...]}}``:
  every face of a multi-face card carries the full ``"A // B"`` name, its own
  ``faceName`` and its ``side`` ("a", "b", ...).

:func:`records_from_atomic` turns the second shape into the first: the main
face (side "a") is stored under the card's full name, every other face under
its own face name, both keeping ``faceName`` and ``side``; the faces of a
double-faced card (712) are linked by ``front``/``back`` as in the packaged
data. :class:`karn.cards.database.CardDatabase` finds each face's card from
these fields.

The parts a card may be cast as are linked too (``parts`` on the card's record,
``partOf`` on each part's): an adventurer card's Adventure (715.2) is stored under
its face name; a split card (709) is stored as its two halves, each under its face
name, and as the card itself under the full name with the halves' characteristics
combined (709.4: both names, the combined mana cost, each half's types and abilities).
"""

from __future__ import annotations

import gzip
import json
import lzma
from collections.abc import Mapping
from pathlib import Path
from typing import Any

# 712.1: double-faced cards; the back face of these is never cast from a hand
# (transform 712.8a, meld 712.4b) or only as a face choice (modal, 712.11b)
DOUBLE_FACED_LAYOUTS = frozenset({"transform", "modal_dfc", "meld"})
# 709.1 split cards (two halves on one card), 715.1 adventurer cards (an Adventure inset):
# one card, several sets of characteristics a player chooses from as they cast it
PART_LAYOUTS = frozenset({"split", "adventure"})


def read_json(path: str | Path) -> Any:
    """A JSON file, decompressed by its suffix (``.gz``, ``.xz``)."""
    p = Path(path)
    if p.suffix == ".gz":
        with gzip.open(p, "rt", encoding="utf-8") as fh:
            return json.load(fh)
    if p.suffix == ".xz":
        with lzma.open(p, "rt", encoding="utf-8") as fh:
            return json.load(fh)
    with p.open(encoding="utf-8") as fh:
        return json.load(fh)


#: MTGJSON fields karn never reads and that make up most of a real AtomicCards file
#: (translations, rulings, external ids, shop links): dropped as a file is read.
BULKY_FIELDS = frozenset({"foreignData", "rulings", "identifiers", "purchaseUrls"})


def card_records(data: Any, source: str = "card data") -> list[dict[str, Any]]:
    """The face records of a card file's parsed JSON: an AtomicCards document (every
    layout, every face) or a list of face records, without :data:`BULKY_FIELDS`.

    Raises :class:`ValueError` naming ``source`` when the data is neither shape, has no
    card, or has a face record without a name.
    """
    if is_atomic_cards(data):
        entries = data["data"]
        for name, faces in entries.items():
            if not isinstance(faces, list) or not all(isinstance(f, Mapping) for f in faces):
                raise ValueError(f"{source}: the entry {name!r} is not a list of face records")
        records = records_from_atomic(data)
    elif isinstance(data, list) and all(isinstance(r, Mapping) for r in data):
        records = [dict(r) for r in data]
    else:
        raise ValueError(f"{source}: neither a list of card records nor an MTGJSON AtomicCards file")
    if not records:
        raise ValueError(f"{source}: the file has no cards")
    for record in records:
        name = record.get("name")
        if not isinstance(name, str) or not name:
            raise ValueError(f"{source}: a card record without a name")
        for field in BULKY_FIELDS & record.keys():
            del record[field]
    return records


def is_atomic_cards(data: Any) -> bool:
    """Whether ``data`` has the AtomicCards shape (``{"meta": ..., "data": {name: [faces]}}``)."""
    return isinstance(data, Mapping) and isinstance(data.get("data"), Mapping)


def _side(face: Mapping[str, Any]) -> str:
    return str(face.get("side") or "")


def records_from_atomic(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The face records of an AtomicCards file, unique by name (see the module doc)."""
    cards: Mapping[str, list[Mapping[str, Any]]] = data["data"]
    records: list[dict[str, Any]] = []
    taken = set(cards)
    others: list[tuple[str, str, Mapping[str, Any]]] = []  # (the card's main face, layout, face)
    for card_name in sorted(cards):
        faces = sorted(cards[card_name], key=_side)  # stable: "a" before "b"
        if not faces:
            continue
        main = faces[0]
        record = dict(main)
        record["name"] = card_name
        main_face = str(main.get("faceName") or card_name)
        layout = str(main.get("layout") or "normal")
        if layout in DOUBLE_FACED_LAYOUTS and len(faces) > 1 and faces[1].get("faceName"):
            record["back"] = str(faces[1]["faceName"])
        named = all(f.get("faceName") for f in faces)
        if layout in PART_LAYOUTS and len(faces) > 1 and named:
            parts = faces if layout == "split" else faces[1:]
            record["parts"] = [str(f["faceName"]) for f in parts]
            if layout == "split":
                record = combined_split(card_name, faces)
            others += [(card_name, layout, f) for f in parts]
        else:
            others += [(main_face, layout, f) for f in faces[1:]]
        records.append(record)
    for main_face, layout, face in others:
        face_name = face.get("faceName")
        if not face_name or face_name in taken:
            # a meld result shared by two cards, or a face named like another card
            # (a reversible card's side): that face is already in the database
            continue
        record = dict(face)
        record["name"] = str(face_name)
        if layout in DOUBLE_FACED_LAYOUTS:
            record["front"] = main_face
        elif layout in PART_LAYOUTS:
            record["partOf"] = main_face
        taken.add(record["name"])
        records.append(record)
    return records


#: MTGJSON fields that describe the whole card (repeated on each of its faces).
_CARD_FIELDS = (
    "legalities",
    "printings",
    "rarity",
    "leadershipSkills",
    "isReserved",
    "edhrecRank",
    "firstPrinting",
)


def combined_split(card_name: str, halves: list[Mapping[str, Any]]) -> dict[str, Any]:
    """709.4: a split card's characteristics outside the stack, those of its halves combined:
    both names (709.4a, the card's "A // B" name), the combined mana cost, whose colors are the card's
    (709.4b), each card type and subtype of either half, and each ability of each half
    (709.4c: the halves' texts, one after the other)."""

    def union(key: str) -> list[Any]:
        return list(dict.fromkeys(v for h in halves for v in h.get(key) or ()))

    # what MTGJSON gives per card, not per face, is on every half alike: legalities (100.6), printings...
    card_level = {key: halves[0][key] for key in _CARD_FIELDS if key in halves[0]}
    return card_level | {
        "name": card_name,
        "manaCost": "".join(str(h.get("manaCost") or "") for h in halves) or None,
        "type": " // ".join(str(h.get("type") or "") for h in halves),
        "types": union("types"),
        "subtypes": union("subtypes"),
        "supertypes": union("supertypes"),
        "keywords": union("keywords"),
        "text": "\n".join(str(h.get("text") or "") for h in halves if h.get("text")),
        "layout": "split",
        "colorIdentity": union("colorIdentity"),
        "parts": [str(h["faceName"]) for h in halves],
    }
