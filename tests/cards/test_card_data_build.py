"""The shipped card data file is exactly what the build script produces."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "build_card_data.py"
CORPUS = REPO.parent / "shared" / "cards" / "oracle_corpus.json.gz"
SHIPPED = resources.files("karn") / "data" / "cards.json.gz"


def test_shipped_file_is_compact_and_sorted() -> None:
    raw = SHIPPED.read_bytes()
    assert raw[4:8] == b"\x00\x00\x00\x00"  # gzip header mtime is 0
    text = gzip.decompress(raw).decode("utf-8")
    cards = json.loads(text)
    assert text == json.dumps(cards, ensure_ascii=False, separators=(",", ":"))  # no extra whitespace
    assert len(cards) == 35033
    names = [c["name"] for c in cards]
    assert names == sorted(names)
    allowed = {
        "name", "manaCost", "type", "types", "subtypes", "supertypes", "keywords", "power",
        "toughness", "loyalty", "text", "layout", "colorIdentity", "front", "back",
    }  # fmt: skip
    for card in cards:
        assert set(card) <= allowed
        assert all(v not in (None, "", []) for v in card.values()), card["name"]


@pytest.mark.skipif(not CORPUS.exists(), reason="shared Oracle corpus not present")
def test_rebuild_is_byte_identical(tmp_path: Path) -> None:
    out = tmp_path / "cards.json.gz"
    subprocess.run(
        [sys.executable, str(SCRIPT), "--input", str(CORPUS), "--output", str(out)],
        check=True,
        capture_output=True,
    )
    assert out.read_bytes() == SHIPPED.read_bytes()
