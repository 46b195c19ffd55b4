"""The deck commands of the command line: karn decks, karn deck show/convert/check,
deck errors of karn demo/play, karn --version."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import karn
from karn import _build
from karn.ui.cli import main

ARENA = (
    "Deck\r\n20 Mountain (M21) 275\r\n4 Lightning Bolt (M10) 146\r\n\r\nSideboard\r\n2 Shock (M19) 156\r\n"
)


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    rc = main(args)
    out, err = capsys.readouterr()
    return rc, out, err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    # the version and the build running (README, "Faster simulations"; tests/api/test_builds.py)
    assert capsys.readouterr().out.strip() == f"karn {karn.__version__}, {_build.describe()}"
    assert _build.describe().startswith(("compiled (mypyc)", "pure Python"))


def test_decks_lists_name_colors_and_description(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = run(["decks"], capsys)
    assert rc == 0
    lines = {line.split()[0]: line for line in out.splitlines() if line and not line[0].isspace()}
    assert lines["red_burn"].split()[1] == "R" and "burn" in lines["red_burn"]
    assert lines["azorius_fliers"].split()[1] == "WU"
    assert "arena" in out and "xmage" in out  # the formats a deck file may be in


def test_deck_show_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "burn.txt"
    path.write_text(ARENA, encoding="utf-8")
    rc, out, _ = run(["deck", "show", str(path), "--json"], capsys)
    assert rc == 0
    assert json.loads(out) == {
        "name": "burn",
        "format": "arena",
        "main": {"Mountain": 20, "Lightning Bolt": 4},
        "sideboard": {"Shock": 2},
        "commander": [],
    }
    rc, out, _ = run(["deck", "show", "red_burn"], capsys)
    assert rc == 0 and out.startswith("red_burn (text): 60 cards") and "  22 Mountain" in out


@pytest.mark.parametrize("to", ["text", "arena", "moxfield", "mtgo", "cockatrice", "forge", "xmage"])
def test_deck_convert_round_trips(tmp_path: Path, capsys: pytest.CaptureFixture[str], to: str) -> None:
    source = tmp_path / "burn.txt"
    source.write_text(ARENA, encoding="utf-8")
    out_file = tmp_path / f"burn.{to}"
    assert main(["deck", "convert", str(source), "--to", to, "-o", str(out_file)]) == 0
    capsys.readouterr()
    rc, out, _ = run(["deck", "show", str(out_file), "--json"], capsys)
    shown = json.loads(out)
    assert (
        rc == 0
        and shown["main"] == {"Mountain": 20, "Lightning Bolt": 4}
        and shown["sideboard"] == {"Shock": 2}
    )


def test_deck_convert_to_standard_output(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = run(["deck", "convert", "green_stompy", "--to", "forge"], capsys)
    assert rc == 0 and out.startswith("[metadata]\nName=green_stompy\n[Main]\n22 Forest\n")


@pytest.mark.cr("100.2a")
def test_deck_check_prints_each_violation_with_its_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "short.txt"
    path.write_text("50 Mountain\n5 Lightning Bolt\n4 Fire // Ice\n", encoding="utf-8")
    rc, out, _ = run(["deck", "check", str(path), "--format", "constructed"], capsys)
    assert rc == 1
    assert "100.2a: the deck has 59 cards; a constructed deck has at least 60" in out
    assert "100.2a: 5 copies of Lightning Bolt; at most 4 of a card" in out
    assert (
        "karn can't play this deck yet: it plays 55 of its 59 cards; 1 card not yet:" in out
        and "  4 Fire // Ice: 'Fire // Ice' does not compile (split layout" in out
    )
    assert "INVALID: 2 problem(s) for constructed (rules checked: 100.2a, 100.4a)" in out
    rc, out, _ = run(["deck", "check", "red_burn"], capsys)
    assert rc == 0 and out.rstrip().endswith(
        "legal for constructed by the deck-construction rules checked (100.2a, 100.4a)\n"
        "karn plays every card of this deck (60)"
    )


def test_deck_check_never_calls_a_deck_karn_cannot_play_valid(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 15.5: a legal deck with cards karn can't play yet is legal, and the cards are listed."""
    path = tmp_path / "legal.txt"
    path.write_text("56 Mountain\n4 Fire // Ice\n", encoding="utf-8")
    rc, out, _ = run(["deck", "check", str(path)], capsys)
    assert rc == 0
    assert "valid" not in out
    assert "legal for constructed by the deck-construction rules checked (100.2a, 100.4a)" in out
    assert "karn can't play this deck yet: it plays 56 of its 60 cards; 1 card not yet:" in out


@pytest.mark.cr("903.5a", "903.5c")
def test_deck_check_commander(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "krenko.txt"
    path.write_text("Commander\n1 Krenko, Mob Boss\nDeck\n97 Mountain\n1 Counterspell\n", encoding="utf-8")
    rc, out, _ = run(["deck", "check", str(path), "--format", "commander"], capsys)
    assert rc == 1 and "commander Krenko, Mob Boss" in out
    assert "903.5a: the deck has 99 cards with its commander" in out
    assert "903.5c: Counterspell has color identity U, outside the commander's (R)" in out


def test_deck_check_of_a_named_format_says_what_it_could_not_check(
    capsys: pytest.CaptureFixture[str],
) -> None:
    rc, out, _ = run(["deck", "check", "white_weenie", "--format", "modern"], capsys)
    assert rc == 0 and "note: card legality in modern NOT checked" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["deck", "show", "no_such_deck"], "karn: no deck file or bundled deck named 'no_such_deck'"),
        (["deck", "show", "missing/deck.dek"], "karn: missing/deck.dek: no such deck file"),
        (["deck", "convert", "red_burn", "--to", "pdf"], "karn: unknown deck-list format 'pdf'"),
        (["deck", "convert", "red_burn"], "karn: deck convert needs --to FORMAT (formats: mtgo, "),
        (["deck", "show", "red_burn", "--from", "pdf"], "karn: unknown deck-list format 'pdf'"),
        (["deck", "check", "red_burn", "--format", "chess"], "karn: unknown format 'chess'"),
        (["deck", "show", "red_burn", "--cards", "nope.json"], "karn: cannot read the card file nope.json"),
        (["play", "--deck", "nosuchdeck"], "karn: no deck file or bundled deck named 'nosuchdeck'"),
        (["demo", "--deck-b", "nosuchdeck"], "karn: no deck file or bundled deck named 'nosuchdeck'"),
    ],
)
def test_user_errors_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    rc, out, err = run(args, capsys)
    assert rc == 2 and out == ""
    assert err.startswith(message) and len(err.splitlines()) == 1 and "Traceback" not in err


def test_demo_with_a_bad_deck_file_lists_every_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    misspelt = tmp_path / "d.txt"
    misspelt.write_text("52 Mountain\n4 Lightning Bold\n4 Shokc\n", encoding="utf-8")
    rc, out, err = run(["demo", "--deck-a", str(misspelt)], capsys)
    assert rc == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith(
        f"karn: {misspelt} line 2: unknown card 'Lightning Bold'; did you mean: Lightning Bolt"
    )
    assert lines[1].startswith(f"karn: {misspelt} line 3: unknown card 'Shokc'; did you mean: Shock")
    unplayable = tmp_path / "e.txt"
    unplayable.write_text("56 Mountain\n4 Fire // Ice\n", encoding="utf-8")
    rc, out, err = run(["play", "--deck", str(unplayable)], capsys)
    assert rc == 2 and err.startswith(
        f"karn: {unplayable}: Fire // Ice is not playable yet: 'Fire // Ice' does not compile (split layout"
    )
    binary = tmp_path / "f.txt"
    binary.write_bytes(b"4 Caf\xe9 Mountain\n")
    rc, out, err = run(["demo", "--deck-a", str(binary)], capsys)
    assert (
        rc == 2
        and err == f"karn: {binary} line 1: not a UTF-8 text file (byte 0xe9); save the deck list as UTF-8\n"
    )


def test_deck_alone_prints_its_help(capsys: pytest.CaptureFixture[str]) -> None:
    rc, _, err = run(["deck"], capsys)
    assert rc == 2 and "show" in err and "convert" in err and "check" in err


@pytest.mark.cr("100.6")
def test_deck_check_reads_legalities_from_an_mtgjson_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from karn.cards import CardDatabase

    default = CardDatabase.default()
    legal = {"modern": "Legal", "legacy": "Legal", "pauper": "Legal"}
    data = {}
    for name, legalities in (
        ("Mountain", legal),
        ("Lightning Bolt", {"modern": "Legal", "legacy": "Legal", "pauper": "Legal"}),
        ("Chrome Mox", {"modern": "Banned", "legacy": "Legal"}),
    ):
        face = default.raw(name)
        face["legalities"] = legalities
        data[name] = [face]
    cards = tmp_path / "AtomicCards.json"
    cards.write_text(json.dumps({"meta": {"version": "5"}, "data": data}), encoding="utf-8")
    deck = tmp_path / "d.txt"
    deck.write_text("52 Mountain\n4 Lightning Bolt\n4 Chrome Mox\n", encoding="utf-8")
    rc, out, _ = run(["deck", "check", str(deck), "--format", "modern", "--cards", str(cards)], capsys)
    assert rc == 1 and "100.6: Chrome Mox is banned in modern" in out and "NOT checked" not in out
    rc, out, _ = run(["deck", "check", str(deck), "--format", "pauper", "--cards", str(cards)], capsys)
    assert rc == 1 and "100.6: Chrome Mox is not legal in pauper" in out
    rc, out, _ = run(["deck", "check", str(deck), "--format", "legacy", "--cards", str(cards)], capsys)
    assert (
        rc == 0 and "legal for legacy by the deck-construction rules checked (100.2a, 100.4a, 100.6)" in out
    )
