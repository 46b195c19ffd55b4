"""Deck-construction rules: constructed (100.2a, 100.4a), limited (100.2b), Commander
(903.3-903.5, 702.124) and the legalities of named formats (100.6)."""

from __future__ import annotations

from typing import Any

import pytest

from karn.cards import CardDatabase
from karn.cards.decks import Deck
from karn.cards.decks.validation import DECK_RULES, check_deck, copy_limit, deck_rules


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    return CardDatabase.default()


def rules_of(deck: Deck, fmt: str, db: CardDatabase) -> list[str]:
    return [v.rule for v in check_deck(deck, fmt, db).violations]


def sixty(*extra: tuple[int, str], lands: str = "Mountain") -> Deck:
    spells = sum(n for n, _ in extra)
    return Deck("d", main=((60 - spells, lands), *extra))


# ---------------------------------------------------------------------------- constructed


@pytest.mark.cr("100.2a")
def test_a_constructed_deck_has_at_least_sixty_cards(db: CardDatabase) -> None:
    assert check_deck(sixty((4, "Lightning Bolt")), "constructed", db).valid
    short = Deck("d", main=((55, "Mountain"), (4, "Lightning Bolt")))
    result = check_deck(short, "constructed", db)
    assert [str(v) for v in result.violations] == [
        "100.2a: the deck has 59 cards; a constructed deck has at least 60"
    ]
    assert check_deck(Deck("d", main=((200, "Mountain"),)), "constructed", db).valid  # 100.5: no maximum


@pytest.mark.cr("100.2a")
def test_at_most_four_of_a_card_except_basic_lands(db: CardDatabase) -> None:
    result = check_deck(sixty((5, "Lightning Bolt"), lands="Snow-Covered Mountain"), "constructed", db)
    assert [(v.rule, v.cards) for v in result.violations] == [("100.2a", ("Lightning Bolt",))]
    assert "5 copies of Lightning Bolt; at most 4" in result.violations[0].message
    assert check_deck(sixty((2, "Lightning Bolt"), (2, "lightning bolt".title())), "constructed", db).valid


@pytest.mark.cr("100.2a")
def test_a_cards_own_text_changes_the_limit(db: CardDatabase) -> None:
    assert copy_limit(db.get("Relentless Rats"), 4) is None
    assert copy_limit(db.get("Seven Dwarves"), 4) == 7
    assert copy_limit(db.get("Once More with Feeling"), 4) == 1
    assert copy_limit(db.get("Mountain"), 4) is None
    assert check_deck(sixty((30, "Relentless Rats"), lands="Swamp"), "constructed", db).valid
    assert check_deck(sixty((7, "Seven Dwarves")), "constructed", db).valid
    assert rules_of(sixty((8, "Seven Dwarves")), "constructed", db) == ["100.2a"]


@pytest.mark.cr("100.4a")
def test_sideboard_of_at_most_fifteen_and_copies_counted_with_it(db: CardDatabase) -> None:
    deck = Deck(
        "d", main=((56, "Mountain"), (4, "Lightning Bolt")), sideboard=((1, "Lightning Bolt"), (15, "Shock"))
    )
    result = check_deck(deck, "constructed", db)
    assert [v.rule for v in result.violations] == ["100.4a", "100.4a", "100.4a"]
    messages = [v.message for v in result.violations]
    assert "5 copies of Lightning Bolt (deck 4, sideboard 1); at most 4" in messages[0]
    assert "15 copies of Shock" in messages[1]
    assert "the sideboard has 16 cards" in messages[2]


# ---------------------------------------------------------------------------- limited


@pytest.mark.cr("100.2b")
def test_a_limited_deck_has_at_least_forty_cards_and_any_number_of_copies(db: CardDatabase) -> None:
    assert check_deck(Deck("d", main=((30, "Forest"), (10, "Grizzly Bears"))), "limited", db).valid
    assert rules_of(Deck("d", main=((39, "Forest"),)), "limited", db) == ["100.2b"]


# ---------------------------------------------------------------------------- Commander


def commander_deck(
    commanders: tuple[str, ...], *cards: str, lands: str = "Mountain", size: int = 100
) -> Deck:
    rest = size - len(commanders) - len(cards)
    return Deck("c", main=((rest, lands), *((1, c) for c in cards)), commander=commanders)


@pytest.mark.cr("903.5a")
def test_a_commander_deck_has_exactly_one_hundred_cards_with_its_commander(db: CardDatabase) -> None:
    assert check_deck(commander_deck(("Krenko, Mob Boss",), "Lightning Bolt"), "commander", db).valid
    for size in (99, 101):
        assert rules_of(commander_deck(("Krenko, Mob Boss",), size=size), "commander", db) == ["903.5a"]


@pytest.mark.cr("903.5b")
def test_a_commander_deck_is_singleton_but_for_basic_lands(db: CardDatabase) -> None:
    deck = commander_deck(("Krenko, Mob Boss",), "Lightning Bolt", "Lightning Bolt", "Seven Dwarves")
    result = check_deck(deck, "commander", db)
    assert [(v.rule, v.cards) for v in result.violations] == [("903.5b", ("Lightning Bolt",))]
    seven = commander_deck(("Krenko, Mob Boss",), *["Seven Dwarves"] * 7)
    assert check_deck(seven, "commander", db).valid
    twice = commander_deck(("Krenko, Mob Boss",), "Krenko, Mob Boss")
    assert rules_of(twice, "commander", db) == ["903.5b"]


@pytest.mark.cr("903.4", "903.5c")
def test_every_card_within_the_commanders_color_identity(db: CardDatabase) -> None:
    deck = commander_deck(("Krenko, Mob Boss",), "Counterspell", "Fire // Ice", "Sol Ring")
    result = check_deck(deck, "commander", db)
    assert [(v.rule, v.cards) for v in result.violations] == [
        ("903.5c", ("Counterspell",)),
        ("903.5c", ("Fire // Ice",)),  # 903.4: both halves count
    ]
    assert "outside the commander's (R)" in result.violations[0].message


@pytest.mark.cr("903.5d")
def test_a_card_with_a_basic_land_type_makes_only_the_commanders_colors() -> None:
    default = CardDatabase.default()
    records: list[dict[str, Any]] = [default.raw(n) for n in ("Mountain", "Krenko, Mob Boss")]
    records.append({"name": "Odd Island", "type": "Land — Island", "types": ["Land"], "subtypes": ["Island"]})
    custom = CardDatabase.from_records(records)
    deck = commander_deck(("Krenko, Mob Boss",), "Odd Island")
    assert [v.rule for v in check_deck(deck, "commander", custom).violations] == ["903.5d"]


@pytest.mark.cr("903.3", "903.3a")
def test_what_can_be_a_commander(db: CardDatabase) -> None:
    assert rules_of(commander_deck(("Grizzly Bears",), lands="Forest"), "commander", db) == ["903.3"]
    assert check_deck(commander_deck(("Daretti, Scrap Savant",)), "commander", db).valid  # says so
    assert check_deck(commander_deck(("Heart of Kiran",), lands="Wastes"), "commander", db).valid  # a Vehicle
    missing = Deck("c", main=((99, "Mountain"),))
    assert rules_of(missing, "commander", db) == ["903.3", "903.5a"]


@pytest.mark.cr("702.124h", "702.124j", "702.124k", "702.124m")
@pytest.mark.parametrize(
    ("pair", "valid"),
    [
        (("Kraum, Ludevic's Opus", "Tymna the Weaver"), True),  # both have partner
        (("Pir, Imaginative Rascal", "Toothy, Imaginary Friend"), True),  # partner with each other
        (("Wilson, Refined Grizzly", "Agent of the Iron Throne"), True),  # choose a Background
        (("Rose Tyler", "The Tenth Doctor"), True),  # Doctor's companion
        (("Kraum, Ludevic's Opus", "Krenko, Mob Boss"), False),
        (("Kraum, Ludevic's Opus", "Toothy, Imaginary Friend"), False),  # different partner abilities
    ],
)
def test_two_commanders_need_matching_partner_abilities(
    db: CardDatabase, pair: tuple[str, str], valid: bool
) -> None:
    deck = commander_deck(pair, lands="Wastes")
    assert ("702.124a" not in rules_of(deck, "commander", db)) is valid


@pytest.mark.cr("702.124k")
def test_a_background_alone_cant_be_a_commander(db: CardDatabase) -> None:
    assert rules_of(commander_deck(("Agent of the Iron Throne",), lands="Swamp"), "commander", db) == [
        "903.3"
    ]


@pytest.mark.cr("903.5e", "702.139a")
def test_commander_games_use_no_sideboard_but_a_companion(db: CardDatabase) -> None:
    base = commander_deck(("Tymna the Weaver",), lands="Plains")
    with_companion = Deck(
        "c",
        base.main,
        sideboard=((1, "Lurrus of the Dream-Den"),),
        commander=base.commander,
        companion=("Lurrus of the Dream-Den",),
    )
    assert check_deck(with_companion, "commander", db).valid
    with_sideboard = Deck("c", base.main, sideboard=((3, "Swords to Plowshares"),), commander=base.commander)
    assert rules_of(with_sideboard, "commander", db) == ["903.5e"]


@pytest.mark.cr("903.3")
def test_the_commander_in_the_sideboard_as_mtgo_and_xmage_keep_it(db: CardDatabase) -> None:
    deck = Deck("c", main=((99, "Mountain"),), sideboard=((1, "Krenko, Mob Boss"),), format="xmage")
    result = check_deck(deck, "commander", db)
    assert result.valid and result.commanders == ("Krenko, Mob Boss",)
    assert result.notes[0] == "commander taken from the sideboard: Krenko, Mob Boss"


# ---------------------------------------------------------------------------- named formats (100.6)


def _legal_db() -> CardDatabase:
    default = CardDatabase.default()
    legalities = {
        "Mountain": {"modern": "Legal", "vintage": "Legal"},
        "Lightning Bolt": {"modern": "Legal", "vintage": "Legal"},
        "Mox Ruby": {"vintage": "Restricted"},
        "Chrome Mox": {"modern": "Banned", "vintage": "Legal"},
    }
    records = []
    for name, legal in legalities.items():
        record = default.raw(name)
        record["legalities"] = legal
        records.append(record)
    return CardDatabase.from_records(records)


@pytest.mark.cr("100.6")
def test_named_formats_check_banned_restricted_and_not_legal_cards() -> None:
    custom = _legal_db()
    deck = sixty((4, "Lightning Bolt"), (2, "Mox Ruby"), (1, "Chrome Mox"))
    modern = check_deck(deck, "modern", custom)
    assert [v.message for v in modern.violations] == [
        "Mox Ruby is not legal in modern",
        "Chrome Mox is banned in modern",
    ]
    vintage = check_deck(deck, "vintage", custom)
    assert [v.message for v in vintage.violations] == [
        "Mox Ruby is restricted in vintage: 2 copies, at most one"
    ]
    assert all(v.rule == "100.6" for v in modern.violations + vintage.violations)


@pytest.mark.cr("100.6")
def test_without_legality_data_karn_says_it_did_not_check(db: CardDatabase) -> None:
    result = check_deck(sixty((4, "Lightning Bolt")), "pauper", db)
    assert result.valid
    assert result.notes and "legality in pauper NOT checked" in result.notes[0]
    assert not check_deck(sixty((4, "Lightning Bolt")), "constructed", db).notes


def test_formats_by_name() -> None:
    assert deck_rules("Modern").kind == "constructed" and deck_rules("modern").legality == "modern"
    assert {"constructed", "limited", "commander", "standard", "pauper", "vintage"} <= set(DECK_RULES)
    with pytest.raises(ValueError, match="unknown format 'chess'"):
        deck_rules("chess")
