#!/usr/bin/env python3
"""Build karn's packaged card database from the shared Oracle corpus.

Reads the MTGJSON-shaped corpus (a gzipped JSON list of card dicts) and
writes ``src/karn/data/cards.json.gz``: one compact record per card, with
MTGJSON field names kept, null/empty fields dropped, sorted by name and
gzipped with ``mtime=0`` so that the output is byte-for-byte reproducible.

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
#: faces of a transforming double-faced card (712): the front face names its
#: ``back`` face, the back face names its ``front`` face.
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
    parser.add_argument("--input", type=Path, default=DEFAULT_INPUT, help="gzipped MTGJSON-shaped corpus")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="where to write cards.json.gz")
    args = parser.parse_args(argv)

    with gzip.open(args.input, "rt", encoding="utf-8") as fh:
        records = json.load(fh)
    if not isinstance(records, list):
        parser.error(f"{args.input}: expected a JSON list of cards")
    data = build(records)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_bytes(data)
    print(f"wrote {len(records)} cards, {len(data):,} bytes to {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
