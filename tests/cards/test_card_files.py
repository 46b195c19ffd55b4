"""Loading MTGJSON card files: lists of records and AtomicCards files (plain, .gz,
.xz), multi-face cards, color indicators, and cards versus faces."""

from __future__ import annotations

import gzip
import json
import lzma
import subprocess
import sys
from pathlib import Path

import pytest

from karn.cards import CardDatabase, CardFace
from karn.cards.mtgjson import is_atomic_cards, read_json, records_from_atomic
from karn.oracle.compiler import compile_face

REPO = Path(__file__).resolve().parents[2]
SAMPLE = Path(__file__).resolve().parent / "fixtures" / "AtomicCards-sample.json"
SCRIPT = REPO / "scripts" / "build_card_data.py"


@pytest.fixture(scope="module")
def atomic() -> CardDatabase:
    return CardDatabase.from_file(SAMPLE)


def test_atomic_file_is_detected_and_every_face_stored(atomic: CardDatabase) -> None:
    assert is_atomic_cards(read_json(SAMPLE))
    assert atomic.names() == [
        "Bonecrusher Giant // Stomp",
        "Delver of Secrets // Insectile Aberration",
        "Dryad Arbor",
        "Fire",
        "Fire // Ice",
        "Grizzly Bears",
        "Ice",
        "Insectile Aberration",
        "Stomp",
    ]
    assert [f.name for f in atomic.cards()] == [
        "Bonecrusher Giant // Stomp",
        "Delver of Secrets // Insectile Aberration",
        "Dryad Arbor",
        "Fire // Ice",
        "Grizzly Bears",
    ]


@pytest.mark.cr("709.1", "709.2", "709.4", "709.4b", "709.4c")
def test_split_card_halves(atomic: CardDatabase) -> None:
    fire, ice = atomic.get("Fire"), atomic.get("Ice")
    card = atomic.get("Fire // Ice")  # the card: its halves combined (709.4)
    assert (card.mana_cost, card.colors, card.mana_value, card.types) == (
        "{1}{R}{1}{U}",
        ("U", "R"),
        4,
        ("instant",),
    )
    assert card.parts == ("Fire", "Ice") and card.text == f"{fire.text}\n{ice.text}"
    assert (fire.face_name, fire.side, fire.mana_cost, fire.colors) == ("Fire", "a", "{1}{R}", ("R",))
    assert fire.part_of == "Fire // Ice" and ice.part_of == "Fire // Ice"
    assert (ice.name, ice.face_name, ice.side, ice.mana_cost, ice.colors) == (
        "Ice",
        "Ice",
        "b",
        "{1}{U}",
        ("U",),
    )
    assert ice.text == "Tap target permanent.\nDraw a card."
    assert atomic.card_name("ice") == "Fire // Ice"  # one card (709.2)
    assert [f.name for f in atomic.card_faces("Ice")] == ["Fire // Ice", "Fire", "Ice"]
    assert atomic.card_name("Fire") == "Fire // Ice"
    assert not ice.is_back_face


@pytest.mark.cr("715.2")
def test_adventurer_card(atomic: CardDatabase) -> None:
    giant, stomp = atomic.get("Bonecrusher Giant"), atomic.get("Stomp")
    assert giant.name == "Bonecrusher Giant // Stomp" and giant.power == "4"
    assert (stomp.types, stomp.subtypes, stomp.mana_value) == (("instant",), ("adventure",), 2)
    assert atomic.card_name("Stomp") == "Bonecrusher Giant // Stomp"
    assert giant.parts == ("Stomp",) and stomp.part_of == giant.name  # cast by choice (715.3)
    assert compile_face(stomp).playable  # the Adventure is an instant like any other


@pytest.mark.cr("715.3")
def test_a_first_part_alone_is_not_played() -> None:
    # the packaged corpus keeps only the first part of an adventurer card: without its
    # Adventure the card is refused, not played as half a card
    giant = CardDatabase.default().get("Bonecrusher Giant")
    assert giant.layout == "adventure" and giant.parts == ()
    reasons = [u.reason for u in compile_face(giant).unsupported]
    assert "adventure layout: the card data has only its first part" in " ".join(reasons)


@pytest.mark.cr("712.8a", "204.2")
def test_transforming_card_back_face(atomic: CardDatabase) -> None:
    front, back = atomic.get("Delver of Secrets"), atomic.get("Insectile Aberration")
    assert front.name == "Delver of Secrets // Insectile Aberration"
    assert (front.back, front.is_back_face) == ("Insectile Aberration", False)
    assert (back.front, back.is_back_face, back.side) == ("Delver of Secrets", True, "b")
    assert back.mana_cost is None
    assert back.color_indicator == ("U",) and back.colors == ("U",)  # 204.2: the indicator
    assert atomic.card_name("Insectile Aberration") == front.name  # a deck holds the card
    compiled = compile_face(back)
    assert not compiled.playable
    assert compiled.unsupported[0].reason == (
        "back face of Delver of Secrets: a transforming card is played by its front face (712.8a)"
    )


@pytest.mark.cr("204.2", "305.6")
def test_dryad_arbor_is_green(atomic: CardDatabase) -> None:
    arbor = atomic.get("Dryad Arbor")
    assert arbor.mana_cost is None and arbor.color_indicator == ("G",)
    assert arbor.colors == ("G",)
    assert compile_face(arbor).playable  # a land: played, not cast; {T}: Add {G} from its Forest type


@pytest.mark.cr("105.2", "202.2", "202.2b", "204.2")
def test_face_colors_follow_indicator_then_cost() -> None:
    base = {"name": "X", "type": "Creature", "types": ["Creature"]}
    assert CardFace.from_record({**base, "manaCost": "{1}{W}{U}"}).colors == ("W", "U")
    assert CardFace.from_record({**base, "manaCost": "{R}", "colorIndicator": ["G", "B"]}).colors == (
        "B",
        "G",
    )
    assert CardFace.from_record({**base, "colorIndicator": ["U"]}).colors == ("U",)
    land = {"name": "L", "type": "Land", "types": ["Land"]}
    assert CardFace.from_record(land).colors == ()  # no indicator, no mana cost: colorless
    # MTGJSON's own colors, when a record has them, already apply 202.2 and 204
    assert CardFace.from_record({**base, "manaCost": "{3}", "colors": []}).colors == ()
    assert CardFace.from_record({**base, "colors": ["G", "W"]}).colors == ("W", "G")


@pytest.mark.parametrize("suffix", [".json", ".json.gz", ".json.xz"])
def test_compressed_atomic_files(tmp_path: Path, suffix: str) -> None:
    raw = SAMPLE.read_bytes()
    path = tmp_path / f"AtomicCards{suffix}"
    path.write_bytes(
        gzip.compress(raw) if suffix.endswith("gz") else lzma.compress(raw) if "xz" in suffix else raw
    )
    db = CardDatabase.from_file(path)
    assert db.names() == CardDatabase.from_file(SAMPLE).names()
    assert db.get("Insectile Aberration").colors == ("U",)


def test_list_of_records_file(tmp_path: Path) -> None:
    records = [
        {"name": "Shock", "manaCost": "{R}", "type": "Instant", "types": ["Instant"], "text": "x"},
        {
            "name": "Llanowar Elves",
            "manaCost": "{G}",
            "type": "Creature \u2014 Elf Druid",
            "types": ["Creature"],
        },
    ]
    path = tmp_path / "cards.json.gz"
    path.write_bytes(gzip.compress(json.dumps(records).encode()))
    db = CardDatabase.from_file(path)
    assert db.names() == ["Llanowar Elves", "Shock"]
    assert [f.name for f in db.cards()] == ["Llanowar Elves", "Shock"]


def test_unknown_file_shape(tmp_path: Path) -> None:
    path = tmp_path / "odd.json"
    path.write_text('{"cards": []}', encoding="utf-8")
    with pytest.raises(ValueError, match="neither"):
        CardDatabase.from_file(path)


def test_duplicate_face_names_keep_the_first() -> None:
    # a reversible card whose side repeats a card of the file: the card is stored once
    side = {"type": "Basic Land \u2014 Forest", "types": ["Land"], "layout": "reversible_card"}
    data = {
        "meta": {},
        "data": {
            "Forest": [{"name": "Forest", "type": "Basic Land \u2014 Forest", "types": ["Land"]}],
            "Forest // Forest": [
                {**side, "name": "Forest // Forest", "faceName": "Forest", "side": "a"},
                {**side, "name": "Forest // Forest", "faceName": "Forest", "side": "b"},
            ],
        },
    }
    records = records_from_atomic(data)
    assert [r["name"] for r in records] == ["Forest", "Forest // Forest"]
    db = CardDatabase.from_atomic_cards(data)
    assert db.get("Forest").layout == "normal"
    assert db.card_name("Forest // Forest") == "Forest"
    assert [f.name for f in db.cards()] == ["Forest"]


# --------------------------------------------------------------------------- the packaged database


@pytest.mark.cr("712.8a")
def test_packaged_cards_are_counted_once() -> None:
    db = CardDatabase.default()
    back = db.get("Insectile Aberration")
    assert back.is_back_face and back.front == "Delver of Secrets"
    assert not db.get("Delver of Secrets").is_back_face
    assert db.card_name("Insectile Aberration") == "Delver of Secrets // Insectile Aberration"
    assert db.card_name("Forest // Forest") == "Forest"  # a reversible record repeating Forest
    assert db.card_name("Lightning Bolt") == "Lightning Bolt"
    cards = {f.name for f in db.cards()}
    assert len(cards) == 35033 - 401 - 70  # records - transform back faces - repeated reversible records
    assert "Insectile Aberration" not in cards and "Forest // Forest" not in cards
    assert "Delver of Secrets // Insectile Aberration" in cards and "Forest" in cards


def test_build_script_reads_atomic_cards(tmp_path: Path) -> None:
    out = tmp_path / "cards.json.gz"
    subprocess.run(
        [sys.executable, str(SCRIPT), "--input", str(SAMPLE), "--output", str(out)],
        check=True,
        capture_output=True,
    )
    built = CardDatabase.from_file(out)
    assert built.names() == CardDatabase.from_file(SAMPLE).names()
    back = built.get("Insectile Aberration")
    assert (back.front, back.side, back.colors) == ("Delver of Secrets", "b", ("U",))
    assert built.card_name("Ice") == "Fire // Ice"
    assert built.get("Dryad Arbor").colors == ("G",)
