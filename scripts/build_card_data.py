#!/usr/bin/env python3
"""Build karn's packaged card database from the shared Oracle corpus.

Reads the MTGJSON-shaped corpus (a JSON list of card dicts, or an MTGJSON
AtomicCards file; plain, ``.gz`` or ``.xz``) and writes
``src/karn/data/cards.json.gz``: one compact record per card face, with
MTGJSON field names kept, null/empty fields dropped, sorted by name and
gzipped with ``mtime=0`` so that the output is byte-for-byte reproducible.
An AtomicCards file is turned into face records by
:func:`karn.cards.mtgjson.records_from_atomic`.

Usage::

    python scripts/build_card_data.py [--input CORPUS] [--output OUT]
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_INPUT = REPO_ROOT.parent / "shared" / "cards" / "oracle_corpus.json.gz"
DEFAULT_OUTPUT = REPO_ROOT / "src" / "karn" / "data" / "cards.json.gz"

#: The MTGJSON fields kept, in output order. ``front``/``back`` link the two
#: faces of a double-faced card (712): the front face names its ``back`` face,
#: the back face names its ``front`` face. ``colors``/``colorIndicator`` (204)
#: and ``faceName``/``side`` of multi-face cards are kept when the input has
#: them (the shared corpus has none).
FIELDS: tuple[str, ...] = (
    "name",
    "manaCost",
    "type",
    "types",
    "subtypes",
    "supertypes",
    "keywords",
    "power",
    "toughness",
    "loyalty",
    "text",
    "layout",
    "colorIdentity",
    "front",
    "back",
    "colors",
    "colorIndicator",
    "faceName",
    "side",
)


def compact_record(card: dict[str, Any]) -> dict[str, Any]:
    """Keep only :data:`FIELDS`, dropping null and empty values."""
    out: dict[str, Any] = {}
    for key in FIELDS:
        value = card.get(key)
        if value is None or value == "" or value == []:
            continue
        out[key] = value
    return out


def load_records(path: Path) -> list[dict[str, Any]]:
    """The card records of a corpus file (a list, or an AtomicCards file)."""
    if str(REPO_ROOT / "src") not in sys.path:
        sys.path.insert(0, str(REPO_ROOT / "src"))  # run from a checkout without installing karn
    from karn.cards.mtgjson import is_atomic_cards, read_json, records_from_atomic

    data = read_json(path)
    if is_atomic_cards(data):
        return records_from_atomic(data)
    if not isinstance(data, list):
        raise ValueError(f"{path}: expected a JSON list of cards or an AtomicCards file")
    return data


def build(records: list[dict[str, Any]]) -> bytes:
    """Return the gzipped, deterministic JSON bytes for ``records``."""
    cards = sorted((compact_record(c) for c in records), key=lambda c: str(c["name"]))
    names = [c["name"] for c in cards]
    if len(set(names)) != len(names):
        raise ValueError("duplicate card names in corpus")
    payload = json.dumps(cards, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return gzip.compress(payload, compresslevel=9, mtime=0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--input", type=Path, default=DEFAULT_INPUT, help="MTGJSON-shaped corpus (list or AtomicCards)"
    )
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="where to write cards.json.gz")
    args = parser.parse_args(argv)

    try:
        records = load_records(args.input)
    except ValueError as exc:
        parser.error(str(exc))
    data = build(records)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_bytes(data)
    print(f"wrote {len(records)} cards, {len(data):,} bytes to {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
