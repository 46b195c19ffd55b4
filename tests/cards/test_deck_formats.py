"""Deck-list formats: reading files as the tools write them, recognizing the format,
writing every format and reading it back, and reporting every problem at once."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

from karn.cards import CardDatabase
from karn.cards.decks import (
    FORMATS,
    MAX_CARDS,
    Deck,
    DeckError,
    detect_format,
    load_deck,
    parse_deck,
    read_deck,
    write_deck,
)


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    return CardDatabase.default()


def windows(*lines: str, bom: bool = True) -> bytes:
    """A file as a Windows tool writes it: CRLF line ends, often a UTF-8 byte-order mark."""
    return (codecs.BOM_UTF8 if bom else b"") + "\r\n".join(lines).encode("utf-8") + b"\r\n"


def load(tmp_path: Path, name: str, data: bytes, db: CardDatabase) -> Deck:
    path = tmp_path / name
    path.write_bytes(data)
    return load_deck(path, db)


# ---------------------------------------------------------------------------- plain text


@pytest.mark.cr("100.4")
def test_plain_text_with_windows_line_ends_bom_trailing_spaces_and_comments(
    tmp_path: Path, db: CardDatabase
) -> None:
    data = windows(
        "// Burn, as saved by Notepad",
        "# lands",
        "20 Mountain   ",
        "4x Lightning Bolt",
        "4 x Shock\t",
        "Monastery Swiftspear    # a bare name is one copy",
        "",
        "Sideboard:",
        "2 Smash to Smithereens",
        "SB: 1 Volcanic Hammer",
    )
    deck = load(tmp_path, "burn.txt", data, db)
    assert deck.format == "text" and deck.name == "burn"
    assert deck.main == ((20, "Mountain"), (4, "Lightning Bolt"), (4, "Shock"), (1, "Monastery Swiftspear"))
    assert deck.sideboard == ((2, "Smash to Smithereens"), (1, "Volcanic Hammer"))


@pytest.mark.cr("100.4a")
def test_mtgo_text_export_has_its_sideboard_after_a_blank_line(db: CardDatabase) -> None:
    text = "20 Mountain\n4 Lightning Bolt\n4 Shock\n4 Lava Spike\n4 Searing Spear\n4 Lightning Strike\n\n3 Smash to Smithereens\n"
    deck = parse_deck(text, db=db)
    assert len(deck) == 40 and deck.sideboard == ((3, "Smash to Smithereens"),)
    # blank lines that only group a short list, or a last block with basic lands, stay in the deck
    grouped = parse_deck("4 Shock\n\n2 Searing Spear\n", db=db)
    assert grouped.sideboard == () and len(grouped) == 6
    lands_last = parse_deck(text.replace("3 Smash to Smithereens", "3 Mountain"), db=db)
    assert lands_last.sideboard == () and len(lands_last) == 43


def test_names_match_loosely(db: CardDatabase) -> None:
    text = "1 garruks companion\n1 Krenko Mob Boss\n1 fire//ice\n1 Fire/Ice\n1 FIRE  //  ICE\n1 Lim-Dul's Vault\n"
    deck = parse_deck(text, db=db)
    assert [name for _, name in deck.main] == [
        "Garruk's Companion",
        "Krenko, Mob Boss",
        "Fire // Ice",
        "Fire // Ice",
        "Fire // Ice",
        "Lim-Dûl's Vault",
    ]


@pytest.mark.cr("712.8a", "709.1")
def test_faces_name_their_card(db: CardDatabase) -> None:
    deck = parse_deck("1 Insectile Aberration\n1 Delver of Secrets\n1 Ice\n1 Fire\n1 Stomp\n", db=db)
    assert [name for _, name in deck.main] == [
        "Delver of Secrets // Insectile Aberration",
        "Delver of Secrets // Insectile Aberration",
        "Fire // Ice",
        "Fire // Ice",
        "Bonecrusher Giant // Stomp",
    ]


def test_every_problem_is_reported_at_once_with_its_line(db: CardDatabase) -> None:
    text = "20 Mountain\n4 Lightning Bold\n3x\n0 Shock\n4 Grizly Bears\n"
    with pytest.raises(DeckError) as info:
        parse_deck(text, name="mine", db=db)
    err = info.value
    assert [p.line for p in err.problems] == [2, 3, 4, 5]
    assert err.line == 2 and err.suggestions[0] == "Lightning Bolt"
    assert err.problems[3].suggestions[0] == "Grizzly Bears"
    assert str(err).splitlines() == err.lines()
    assert err.lines()[1] == "mine line 3: malformed deck line '3x'"


@pytest.mark.parametrize(
    ("line", "fragment"),
    [
        ("1000000000 Mountain", "card count 1000000000 is too large"),
        ("10001 Mountain", "card count 10001 is too large"),
        ("9" * 5000 + " Mountain", "card count of 5000 digits is too large"),
        ("0 Mountain", "count must be positive"),
    ],
)
def test_absurd_counts_are_clear_errors(db: CardDatabase, line: str, fragment: str) -> None:
    with pytest.raises(DeckError) as info:
        parse_deck(f"20 Forest\n{line}\n", db=db)
    assert info.value.line == 2 and fragment in info.value.reason


def test_too_many_cards_in_all_is_an_error(db: CardDatabase) -> None:
    with pytest.raises(DeckError, match=f"karn reads at most {MAX_CARDS}"):
        parse_deck("6000 Forest\n6000 Mountain\n", db=db)


def test_a_file_that_is_not_utf8_is_an_error_naming_it(tmp_path: Path, db: CardDatabase) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes("20 Plains\n4 D\u00e9j\u00e0 Vu\n".encode("latin-1"))
    with pytest.raises(DeckError) as info:
        load_deck(path, db)
    assert info.value.source == str(path) and info.value.line == 2
    assert "not a UTF-8 text file" in str(info.value)


def test_utf16_with_its_byte_order_mark_is_read(tmp_path: Path, db: CardDatabase) -> None:
    path = tmp_path / "unicode.txt"
    path.write_bytes(codecs.BOM_UTF16_LE + "20 Plains\r\n4 D\u00e9j\u00e0 Vu\r\n".encode("utf-16-le"))
    assert load_deck(path, db).main == ((20, "Plains"), (4, "D\u00e9j\u00e0 Vu"))


def test_deck_text_is_a_deck_too(db: CardDatabase) -> None:
    assert load_deck("20 Mountain\n4 Shock\n", db).main == ((20, "Mountain"), (4, "Shock"))


def test_a_missing_deck_file_is_named(db: CardDatabase) -> None:
    with pytest.raises(DeckError, match=r"^decks/nope\.dek: no such deck file$"):
        load_deck("decks/nope.dek", db)
    with pytest.raises(DeckError, match="did you mean 'red_burn'"):
        load_deck("red_brun", db)


# ---------------------------------------------------------------------------- Arena and Moxfield

ARENA = windows(
    "About",
    "Name Mono-Red Aggro",
    "",
    "Commander",
    "1 Krenko, Mob Boss (M13) 141",
    "",
    "Companion",
    "1 Lurrus of the Dream-Den (IKO) 226",
    "",
    "Deck",
    "20 Mountain (M21) 275",
    "4 Lightning Bolt (M10) 146 ",
    "4 Bonecrusher Giant (ELD) 115",
    "",
    "Sideboard",
    "1 Lurrus of the Dream-Den (IKO) 226",
    "2 Smash to Smithereens (ORI) 163",
)


@pytest.mark.cr("100.4", "702.139a")
def test_arena_export(tmp_path: Path, db: CardDatabase) -> None:
    deck = load(tmp_path, "arena.txt", ARENA, db)
    assert deck.format == "arena" and deck.name == "Mono-Red Aggro"
    assert deck.commander == ("Krenko, Mob Boss",)
    assert deck.companion == ("Lurrus of the Dream-Den",)
    assert deck.main == ((20, "Mountain"), (4, "Lightning Bolt"), (4, "Bonecrusher Giant // Stomp"))
    # the companion is a sideboard card, listed once though Arena writes it twice
    assert deck.sideboard == ((1, "Lurrus of the Dream-Den"), (2, "Smash to Smithereens"))


def test_arena_export_without_its_sideboard_lists_the_companion_there(db: CardDatabase) -> None:
    deck = parse_deck("Companion\n1 Lurrus of the Dream-Den\n\nDeck\n60 Plains\n", db=db)
    assert deck.sideboard == ((1, "Lurrus of the Dream-Den"),)


def test_moxfield_markers_and_tags_are_set_aside_without_losing_the_card(db: CardDatabase) -> None:
    text = (
        "1 Sol Ring (CMM) 400 *F* #ramp #!staple\n"
        "1 Lightning Bolt (2XM) 129 *E*\n"
        "30 Mountain (UNF) 238\n"
        "1 Fire // Ice (MH2) 290 #removal\n"
        "\n"
        "SIDEBOARD:\n"
        "2 Shock (M19) 156 *F*\n"
    )
    deck = parse_deck(text, db=db)
    assert deck.format == "moxfield"
    assert deck.main == ((1, "Sol Ring"), (1, "Lightning Bolt"), (30, "Mountain"), (1, "Fire // Ice"))
    assert deck.sideboard == ((2, "Shock"),)


def test_a_name_with_parentheses_is_not_a_printing(db: CardDatabase) -> None:
    deck = parse_deck("1 Erase (Not the Urza's Legacy One)\n", db=db)
    assert deck.main == ((1, "Erase (Not the Urza's Legacy One)"),)


# ---------------------------------------------------------------------------- MTGO .dek

MTGO = windows(
    '<?xml version="1.0" encoding="utf-8"?>',
    '<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
    "  <NetDeckID>0</NetDeckID>",
    "  <PreconstructedDeckID>0</PreconstructedDeckID>",
    '  <Cards CatID="77199" Quantity="20" Sideboard="false" Name="Mountain" Annotation="0" />',
    '  <Cards CatID="58221" Quantity="4" Sideboard="false" Name="Lightning Bolt" Annotation="0" />',
    '  <Cards CatID="27687" Quantity="2" Sideboard="false" Name="Fire/Ice" Annotation="0" />',
    '  <Cards CatID="61231" Quantity="3" Sideboard="true" Name="Smash to Smithereens" Annotation="0" />',
    "</Deck>",
)


def test_mtgo_dek(tmp_path: Path, db: CardDatabase) -> None:
    deck = load(tmp_path, "burn.dek", MTGO, db)
    assert deck.format == "mtgo" and deck.name == "burn"
    assert deck.main == ((20, "Mountain"), (4, "Lightning Bolt"), (2, "Fire // Ice"))
    assert deck.sideboard == ((3, "Smash to Smithereens"),)


def test_mtgo_dek_problems_name_their_lines(tmp_path: Path, db: CardDatabase) -> None:
    bad = MTGO.replace(b'Quantity="4"', b'Quantity="four"').replace(b"Smash to", b"Smosh to")
    with pytest.raises(DeckError) as info:
        load(tmp_path, "bad.dek", bad, db)
    assert [p.line for p in info.value.problems] == [6, 8]
    assert "'four' is not a number" in info.value.problems[0].reason
    broken = MTGO.replace(b"</Deck>", b"</Dek>")
    with pytest.raises(DeckError, match=r"line 9: not well-formed XML"):
        load(tmp_path, "broken.dek", broken, db)


def test_xml_with_a_document_type_is_refused(db: CardDatabase) -> None:
    text = '<?xml version="1.0"?>\n<!DOCTYPE Deck [<!ENTITY a "aaaa">]>\n<Deck><Cards Quantity="1" Name="&a;"/></Deck>\n'
    with pytest.raises(DeckError, match="document type declaration is not allowed"):
        parse_deck(text, db=db)


# ---------------------------------------------------------------------------- Cockatrice .cod

COCKATRICE = windows(
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<cockatrice_deck version="1">',
    "    <deckname>Izzet Tempo</deckname>",
    "    <comments>Bolt the bird.</comments>",
    '    <zone name="main">',
    '        <card number="20" name="Island"/>',
    '        <card number="4" name="Lightning Bolt"/>',
    '        <card number="2" name="Fire // Ice"/>',
    "    </zone>",
    '    <zone name="side">',
    '        <card number="2" name="Negate"/>',
    "    </zone>",
    '    <zone name="tokens">',
    '        <card number="1" name="Elemental"/>',
    "    </zone>",
    "</cockatrice_deck>",
)


def test_cockatrice_cod(tmp_path: Path, db: CardDatabase) -> None:
    deck = load(tmp_path, "izzet.cod", COCKATRICE, db)
    assert deck.format == "cockatrice" and deck.name == "Izzet Tempo"
    assert deck.main == ((20, "Island"), (4, "Lightning Bolt"), (2, "Fire // Ice"))
    assert deck.sideboard == ((2, "Negate"),)


def test_cockatrice_unknown_zone_is_reported(db: CardDatabase) -> None:
    text = COCKATRICE.decode("utf-8-sig").replace('zone name="side"', 'zone name="maybe"')
    with pytest.raises(DeckError, match=r"line 10: unknown zone 'maybe'"):
        parse_deck(text, db=db)


# ---------------------------------------------------------------------------- Forge and XMage .dck

FORGE = windows(
    "[metadata]",
    "Name=Goblins",
    "Description=Krenko's crew",
    "[Commander]",
    "1 Krenko, Mob Boss|M13",
    "[Main]",
    "4 Lightning Bolt|M10",
    "20 Mountain|M21|2",
    "2 Fire // Ice|MH2",
    "[Sideboard]",
    "2 Smash to Smithereens|ORI",
    bom=False,
)


def test_forge_dck(tmp_path: Path, db: CardDatabase) -> None:
    deck = load(tmp_path, "goblins.dck", FORGE, db)
    assert deck.format == "forge" and deck.name == "Goblins"
    assert deck.commander == ("Krenko, Mob Boss",)
    assert deck.main == ((4, "Lightning Bolt"), (20, "Mountain"), (2, "Fire // Ice"))
    assert deck.sideboard == ((2, "Smash to Smithereens"),)


def test_forge_supplementary_decks_are_reported_not_dropped(db: CardDatabase) -> None:
    text = "[Main]\n20 Mountain\n[Planes]\n1 Academy at Tolaria West\n"
    with pytest.raises(DeckError, match=r"line 3: karn does not read Forge's \[Planes\] section"):
        parse_deck(text, db=db)


XMAGE = windows(
    "NAME:Burn",
    "AUTHOR:someone",
    "20 [M21:275] Mountain",
    "4 [M10:146] Lightning Bolt",
    "2 [MH2:290] Fire // Ice",
    "SB: 3 [ORI:163] Smash to Smithereens",
    "LAYOUT MAIN:(1,3)(NONE,false,50)|([M21:275],[M10:146],[MH2:290])",
    "LAYOUT SIDEBOARD:(1,1)(NONE,false,50)|([ORI:163])",
    bom=False,
)


def test_xmage_dck(tmp_path: Path, db: CardDatabase) -> None:
    deck = load(tmp_path, "burn.dck", XMAGE, db)
    assert deck.format == "xmage" and deck.name == "Burn"
    assert deck.main == ((20, "Mountain"), (4, "Lightning Bolt"), (2, "Fire // Ice"))
    assert deck.sideboard == ((3, "Smash to Smithereens"),)


def test_xmage_entry_without_a_name_is_reported(db: CardDatabase) -> None:
    with pytest.raises(DeckError, match=r"line 2: .*\[M10:146\] has no card name"):
        parse_deck("NAME:x\n4 [M10:146]\n", db=db)


# ---------------------------------------------------------------------------- recognition and round trips


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b"4 Lightning Bolt\n", "text"),
        (ARENA, "arena"),
        (b"Deck\n4 Lightning Bolt\n", "arena"),
        (b"1 Sol Ring (CMM) 400 *F*\n", "moxfield"),
        (MTGO, "mtgo"),
        (COCKATRICE, "cockatrice"),
        (FORGE, "forge"),
        (XMAGE, "xmage"),
    ],
)
def test_the_format_is_recognized_by_content(data: bytes, expected: str) -> None:
    assert detect_format(data.decode("utf-8-sig")).id == expected


COMMANDER_DECK = Deck(
    name="Krenko's Goblins",
    main=(
        (60, "Mountain"),
        (4, "Lightning Bolt"),
        (1, "Fire // Ice"),
        (1, "Delver of Secrets // Insectile Aberration"),
    ),
    sideboard=((2, "Smash to Smithereens"), (1, "Lurrus of the Dream-Den")),
    commander=("Krenko, Mob Boss",),
    companion=("Lurrus of the Dream-Den",),
)


@pytest.mark.parametrize("file_format", list(FORMATS))
def test_write_then_read_gives_the_same_deck(db: CardDatabase, file_format: str) -> None:
    deck = Deck(
        "Burn",
        main=((20, "Mountain"), (4, "Fire // Ice"), (2, "Bonecrusher Giant // Stomp")),
        sideboard=((3, "Shock"),),
    )
    back = read_deck(write_deck(deck, file_format, db), db=db)
    assert (back.main, back.sideboard, back.commander) == (deck.main, deck.sideboard, ())
    assert back.format == {"moxfield": "text"}.get(file_format, file_format)  # no markers to recognize


@pytest.mark.parametrize("file_format", [f.id for f in FORMATS.values() if f.commander_section])
def test_commander_and_companion_survive_a_round_trip(db: CardDatabase, file_format: str) -> None:
    back = read_deck(write_deck(COMMANDER_DECK, file_format, db), db=db)
    assert back.main == COMMANDER_DECK.main and back.sideboard == COMMANDER_DECK.sideboard
    assert back.commander == COMMANDER_DECK.commander
    expected_companion = () if file_format == "forge" else COMMANDER_DECK.companion
    assert back.companion == expected_companion


@pytest.mark.parametrize("file_format", [f.id for f in FORMATS.values() if not f.commander_section])
def test_formats_without_a_commander_keep_it_in_the_sideboard(db: CardDatabase, file_format: str) -> None:
    back = read_deck(write_deck(COMMANDER_DECK, file_format, db), db=db)
    assert back.main == COMMANDER_DECK.main and back.commander == ()
    assert back.sideboard == (*COMMANDER_DECK.sideboard, (1, "Krenko, Mob Boss"))


def test_names_are_written_as_tools_write_them(db: CardDatabase) -> None:
    deck = Deck("d", main=((1, "Fire // Ice"), (1, "Delver of Secrets // Insectile Aberration")))
    assert write_deck(deck, "text", db) == "1 Fire // Ice\n1 Delver of Secrets\n"
    assert 'Name="Fire/Ice"' in write_deck(deck, "mtgo", db)
    assert "1 [UNK:0] Delver of Secrets" in write_deck(deck, "xmage", db)


def test_an_unknown_format_lists_the_formats(db: CardDatabase) -> None:
    with pytest.raises(DeckError, match="unknown deck-list format 'pdf' .*arena"):
        write_deck(COMMANDER_DECK, "pdf", db)


def test_deck_json(db: CardDatabase) -> None:
    deck = parse_deck("4 Shock\n2 Shock\nSideboard\n1 Negate\n", db=db)
    assert deck.to_json() == {
        "name": "deck",
        "format": "text",
        "main": {"Shock": 6},
        "sideboard": {"Negate": 1},
        "commander": [],
    }
