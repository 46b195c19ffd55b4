"""Deck list parsing and the bundled decks (100.2a, 100.4)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from karn.cards import CardDatabase, Deck, DeckError, bundled_decks, load_deck, parse_deck


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    return CardDatabase.default()


def test_parse_formats(db: CardDatabase) -> None:
    text = """# a comment
// another comment
4 Lightning Bolt
3x Shock

2X  Mountain
Raging Goblin
"""
    deck = parse_deck(text, name="test", db=db)
    assert deck.name == "test"
    assert deck.main == ((4, "Lightning Bolt"), (3, "Shock"), (2, "Mountain"), (1, "Raging Goblin"))
    assert deck.sideboard == ()
    assert len(deck) == 10
    assert deck.cards() == ["Lightning Bolt"] * 4 + ["Shock"] * 3 + ["Mountain"] * 2 + ["Raging Goblin"]


@pytest.mark.cr("100.4")
def test_sideboard_section(db: CardDatabase) -> None:
    deck = parse_deck("4 Shock\nSideboard\n2 Searing Spear\n1 Volcanic Hammer\n", db=db)
    assert deck.main == ((4, "Shock"),)
    assert deck.sideboard == ((2, "Searing Spear"), (1, "Volcanic Hammer"))
    assert len(deck) == 4
    assert deck.sideboard_cards() == ["Searing Spear", "Searing Spear", "Volcanic Hammer"]
    assert parse_deck("1 Shock\nSIDEBOARD:\n1 Shock\n", db=db).sideboard == ((1, "Shock"),)


def test_names_are_canonicalized(db: CardDatabase) -> None:
    deck = parse_deck("4 lightning   BOLT\n1 deja vu\n", db=db)
    assert deck.main == ((4, "Lightning Bolt"), (1, "D\u00e9j\u00e0 Vu"))


def test_names_starting_with_digits(db: CardDatabase) -> None:
    deck = parse_deck("1996 World Champion\n2 17-Year Cicadas\n17-Year Cicadas\n", db=db)
    assert deck.main == ((1, "1996 World Champion"), (2, "17-Year Cicadas"), (1, "17-Year Cicadas"))


def test_unknown_card_reports_line_and_suggestion(db: CardDatabase) -> None:
    text = "22 Mountain\n\n4 Lightning Bold\n"
    with pytest.raises(DeckError) as info:
        parse_deck(text, name="red_burn", db=db, source="red_burn.txt")
    err = info.value
    assert err.line == 3
    assert err.source == "red_burn.txt"
    assert err.suggestions[0] == "Lightning Bolt"
    assert str(err).startswith(
        "red_burn.txt line 3: unknown card 'Lightning Bold'; did you mean: Lightning Bolt"
    )
    assert isinstance(err, ValueError)


def test_source_defaults_to_name(db: CardDatabase) -> None:
    with pytest.raises(DeckError, match=r"^mydeck line 1: unknown card 'Grizzly Bearz'"):
        parse_deck("Grizzly Bearz\n", name="mydeck", db=db)


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        ("4 Shock\n# note\n\n\n4 \n", 5, "malformed deck line '4 '"),
        ("4 Shock\n3x\n", 2, "malformed deck line '3x'"),
        ("0 Shock\n", 1, "count must be positive"),
        ("4 Shock\n-2 Lightning Bolt\n", 2, "count must be positive"),
    ],
)
def test_malformed_lines(db: CardDatabase, text: str, line: int, fragment: str) -> None:
    with pytest.raises(DeckError) as info:
        parse_deck(text, db=db)
    assert info.value.line == line
    assert fragment in str(info.value)
    assert str(info.value).startswith(f"deck line {line}: ")


def test_empty_deck_is_an_error(db: CardDatabase) -> None:
    with pytest.raises(DeckError, match="no cards") as info:
        parse_deck("# nothing\n\nSideboard\n1 Shock\n", db=db)
    assert info.value.line is None


def test_bundled_decks_listed() -> None:
    names = bundled_decks()
    assert names == sorted(names) and {"green_stompy", "red_burn"} <= set(names)


@pytest.mark.cr("100.2a")
@pytest.mark.parametrize("name", ["red_burn", "green_stompy"])
def test_bundled_decks_load_with_60_cards(db: CardDatabase, name: str) -> None:
    deck = load_deck(name, db=db)
    assert isinstance(deck, Deck)
    assert deck.name == name
    assert len(deck) == 60
    assert len(deck.cards()) == 60
    counts = Counter(deck.cards())
    for card, count in counts.items():
        face = db.get(card)
        if "basic" not in face.supertypes:
            assert count <= 4, card  # 100.2a: at most four of a nonbasic card


def test_bundled_deck_contents(db: CardDatabase) -> None:
    burn = load_deck("red_burn.txt", db=db)
    assert burn.main[:2] == ((22, "Mountain"), (4, "Lightning Bolt"))
    stompy = load_deck("green_stompy", db=db)
    assert ("Grizzly Bears" in stompy.cards()) and stompy.cards().count("Forest") == 22


def test_load_deck_from_file(db: CardDatabase, tmp_path: Path) -> None:
    path = tmp_path / "mine.txt"
    path.write_text("20 Forest\n4x Grizzly Bears\nbogus line here\n", encoding="utf-8")
    with pytest.raises(DeckError) as info:
        load_deck(path, db=db)
    assert info.value.line == 3
    assert info.value.source == str(path)
    path.write_text("20 Forest\n4x Grizzly Bears\n", encoding="utf-8")
    deck = load_deck(str(path), db=db)
    assert deck.name == "mine"
    assert len(deck) == 24


def test_load_deck_unknown() -> None:
    with pytest.raises(DeckError, match="no deck file or bundled deck named 'no_such_deck'"):
        load_deck("no_such_deck")
