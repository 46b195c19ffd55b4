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
        records.append(record)
        others += [(main_face, layout, f) for f in faces[1:]]
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
        taken.add(record["name"])
        records.append(record)
    return records
