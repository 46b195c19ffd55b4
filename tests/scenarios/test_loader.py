"""Malformed scenario files: each mistake is one clear line naming the file and line.

The base file is a valid Lightning Bolt scenario; each case makes one mistake a person
writing a scenario makes (shared/reviews/reliability-2026-11.md "Scenario YAML",
shared/reviews/newcomer-2026-11.md findings 2, 3, 7-10).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from karn.scenario import ScenarioError, load_file, load_text, run_scenario
from karn.scenario.setup import names_match, same_names

BASE = """\
name: Lightning Bolt kills a bear
cite: [120.3, 704.5g]
start:
  active: A
  step: precombat_main
players:
  A:
    battlefield: [Mountain]
    hand: [Lightning Bolt]
  B:
    battlefield: [Grizzly Bears]
do:
  - {cast: Lightning Bolt, by: A, targets: [B.Grizzly Bears]}
  - resolve
expect:
  B: {graveyard: [Grizzly Bears], battlefield: []}
  A: {graveyard: [Lightning Bolt], life: 20}
"""

TARGET = "targets: [B.Grizzly Bears]}"


def _with(old: str, new: str) -> str:
    assert old in BASE
    return BASE.replace(old, new, 1)


def test_the_base_file_passes() -> None:
    (sc,) = load_text(BASE, "base.yaml")
    assert sc.cite == ["120.3", "704.5g"]
    assert run_scenario(sc).passed


# A mistake found while reading: (the edited file, the line, words of the message).
LOAD_ERRORS = {
    "cite_not_a_list": (_with("cite: [120.3, 704.5g]", "cite: 120.3"), 2, "cite must be a list"),
    "cite_not_a_rule": (_with("cite: [120.3, 704.5g]", "cite: [rule one]"), 2, "not a rule number"),
    "start_as_list": (
        _with("start:\n  active: A\n  step: precombat_main", "start: [A, precombat_main]"),
        3,
        "start must be a mapping",
    ),
    "player_as_list": (
        _with("  B:\n    battlefield: [Grizzly Bears]", "  B: [Grizzly Bears]"),
        10,
        "player B must be a mapping",
    ),
    "player_expectation_as_number": (
        _with("  A: {graveyard: [Lightning Bolt], life: 20}", "  A: 20"),
        17,
        "the expectations of player A must be a mapping, e.g. A: {life: 20}",
    ),
    "counters_as_list": (
        _with("battlefield: [Grizzly Bears]", "battlefield: [{card: Grizzly Bears, counters: [+1/+1]}]"),
        11,
        "counters must be a mapping of counter kind to number",
    ),
    "player_key_at_top_of_expect": (
        _with("  A: {graveyard", "  lfie: 3\n  A: {graveyard"),
        17,
        "unknown key 'lfie'; did you mean life? (it goes under a player",
    ),
    "library_as_number": (
        _with("    hand: [Lightning Bolt]", "    hand: [Lightning Bolt]\n    library: 30"),
        10,
        "A.library (top card first) must be a list",
    ),
    "turn_too_large": (
        _with("  active: A", "  active: A\n  turn: 99999999999999999999"),
        5,
        "start.turn must be from 1 to 1000000 (got 99999999999999999999)",
    ),
    "turn_negative": (_with("  active: A", "  active: A\n  turn: -1"), 5, "start.turn must be from 1"),
    "x_as_word": (_with(TARGET, "targets: [B.Grizzly Bears], x: five}"), 13, "x must be a whole number"),
    "player_key_typo": (
        _with("    battlefield: [Mountain]", "    battlefeld: [Mountain]"),
        8,
        "unknown key 'battlefeld' in player A; did you mean battlefield?",
    ),
    "top_level_typo": (
        _with("expect:", "expct:"),
        15,
        "unknown key 'expct' in the scenario; did you mean expect?",
    ),
    "start_key_typo": (
        _with("  active: A", "  activ: A"),
        4,
        "unknown key 'activ' in start; did you mean active?",
    ),
    "entry_key_typo": (
        _with("battlefield: [Grizzly Bears]", "battlefield: [{card: Grizzly Bears, taped: true}]"),
        11,
        "did you mean tapped?",
    ),
    "step_key_typo": (_with(TARGET, "target: [B.Grizzly Bears]}"), 13, "did you mean targets?"),
    "step_word_typo": (
        _with("  - resolve\n", "  - reslove\n"),
        14,
        "unknown step 'reslove'; did you mean resolve?",
    ),
    "word_step_with_a_value": (
        _with("  - resolve\n", "  - {resolve: 2}\n"),
        14,
        "the step 'resolve' takes no value: write '- resolve'",
    ),
    "object_expectation_typo": (
        _with("  A: {graveyard", "  B.Grizzly Bears: {tapd: true}\n  A: {graveyard"),
        17,
        "did you mean tapped?",
    ),
    "unknown_step_lists_steps": (
        _with("step: precombat_main", "step: main1"),
        5,
        "unknown step 'main1' (steps: untap, upkeep, draw, precombat_main,",
    ),
    "tapped_in_hand": (
        _with("hand: [Lightning Bolt]", "hand: [{card: Lightning Bolt, tapped: true}]"),
        9,
        "'tapped' applies only to cards on the battlefield",
    ),
    "key_given_twice": (
        _with("    hand: [Lightning Bolt]", "    hand: [Lightning Bolt]\n    hand: [Shock]"),
        10,
        "'hand' is given twice",
    ),
    "unknown_player_in_by": (_with("by: A", "by: Q"), 13, "by: unknown player 'Q' (players: A, B)"),
    "unknown_player_in_ref": (_with(TARGET, "targets: [C.Grizzly Bears]}"), 13, "unknown player 'C'"),
    "seat_missing": (_with("  B:\n", "  C:\n"), 7, "B is missing"),
    "color_by_name": (
        _with("  A: {graveyard", "  B.Grizzly Bears: {colors: [green]}\n  A: {graveyard"),
        17,
        "'green' is not a color letter (W U B R G)",
    ),
    "invalid_yaml": ("name: b\nplayers:\n  A: {hand: [Lightning Bolt\n", 4, "invalid YAML"),
    "tab": (_with("  B:\n", "\tB:\n"), 10, "invalid YAML"),
    "bom_inside": (_with("  B:\n", "  \ufeffB:\n"), 10, "byte order mark"),
    "empty_expectations": (
        _with("  A: {graveyard", "  B.Grizzly Bears: {}\n  A: {graveyard"),
        17,
        "B.Grizzly Bears has no expectations",
    ),
    "blocker_without_attacker": (
        _with("  - resolve\n", "  - resolve\n  - {block: {B.Grizzly Bears: []}}\n"),
        15,
        "blocks no attacker",
    ),
    "a_name_with_a_comma_unquoted": (
        _with(TARGET, "targets: [B.Isamaru, Hound of Konda]}"),
        13,
        "quote a name that has a comma",
    ),
    "do_as_mapping": (_with("  - {cast:", "  {cast:").replace("  - resolve\n", ""), 13, "do must be a list"),
    "nothing_to_check": ("name: idle\nplayers: {A: {}, B: {}}\n", 1, "cannot fail"),
    "missing_card_file": (
        "name: x\ncards: none.json\nplayers: {A: {}, B: {}}\nexpect: {A: {life: 20}}\n",
        2,
        "cards: 'none.json': no such file",
    ),
}


@pytest.mark.parametrize("text,line,words", LOAD_ERRORS.values(), ids=list(LOAD_ERRORS))
def test_a_malformed_file_is_one_clear_line(text: str, line: int, words: str) -> None:
    with pytest.raises(ScenarioError) as info:
        load_text(text, "f.yaml")
    message = str(info.value)
    assert message.startswith(f"f.yaml line {line}: "), message
    assert words in message
    assert "\n" not in message


def test_an_empty_file_is_an_error() -> None:
    for text in ("", "# only a comment\n", "---\n"):
        with pytest.raises(ScenarioError, match="no scenario in this file"):
            load_text(text, "empty.yaml")


def test_bytes_that_are_not_utf8_name_the_line(tmp_path: Path) -> None:
    f = tmp_path / "latin1.yaml"
    f.write_bytes(_with("name: Lightning Bolt kills", "name: Lightning Bolt k\xe9lls").encode("latin-1"))
    with pytest.raises(ScenarioError, match=r"latin1.yaml line 1: not UTF-8 text \(byte 0xe9\)"):
        load_file(f)
    f.write_bytes(BASE.encode("utf-16"))
    with pytest.raises(ScenarioError, match="the file is UTF-16"):
        load_file(f)
    with pytest.raises(ScenarioError, match="cannot read the file"):
        load_file(tmp_path / "missing.yaml")


def test_a_leading_byte_order_mark_is_allowed(tmp_path: Path) -> None:
    # YAML 1.2, 5.2: a byte order mark may start a stream (editors on Windows write one).
    f = tmp_path / "bom.yaml"
    f.write_bytes(b"\xef\xbb\xbf" + BASE.encode())
    (sc,) = load_file(f)
    assert sc.name == "Lightning Bolt kills a bear" and run_scenario(sc).passed


def test_numbers_keep_their_written_form() -> None:
    (sc,) = load_text(_with("cite: [120.3, 704.5g]", "cite: [510.10, 120.3]"), "f.yaml")
    assert sc.cite == ["510.10", "120.3"]


# Mistakes found when the game is built or a step runs: (the edited file, words of the message).
RUN_ERRORS = {
    "unknown_card": (
        _with("battlefield: [Grizzly Bears]", "battlefield: [Grizly Bears]"),
        "setup: line 11: unknown card 'Grizly Bears'; did you mean: Grizzly Bears",
    ),
    "split_card": (
        _with("hand: [Lightning Bolt]", "hand: [Lightning Bolt, Fire // Ice]"),
        "setup: line 9: Fire // Ice is not playable: split layout: the card data has only its first part"
        " (an MTGJSON AtomicCards file has them all)",
    ),
    "adventurer_by_its_short_name": (
        _with("battlefield: [Grizzly Bears]", "battlefield: [Bonecrusher Giant]"),
        "setup: line 11: Bonecrusher Giant (Bonecrusher Giant // Stomp) is not playable",
    ),
    "back_face_on_the_battlefield": (
        _with("battlefield: [Grizzly Bears]", "battlefield: [Insectile Aberration]"),
        "Insectile Aberration is not playable: back face of Delver of Secrets",
    ),
    "x_on_a_spell_without_x": (
        _with(TARGET, "targets: [B.Grizzly Bears], x: 3}"),
        "line 13: cast: Lightning Bolt has no X in its mana cost ({R}): remove x",
    ),
    "mode_on_a_spell_that_is_not_modal": (
        _with(TARGET, "targets: [B.Grizzly Bears], mode: 2}"),
        "Lightning Bolt is not modal",
    ),
    "target_by_name_not_id": (
        _with("Lightning Bolt]\n  B", "Lava Axe]\n  B")
        .replace("[Mountain]", "[Mountain, Mountain, Mountain, Mountain, Mountain]")
        .replace("cast: Lightning Bolt", "cast: Lava Axe"),
        "line 13: cast: Grizzly Bears is not a legal target (player or planeswalker)",
    ),
    # (flashback, bestow and evoke are supported: an alternative cost karn doesn't pay yet, spectacle)
    "flashback": (
        _with(TARGET, "targets: [B.Grizzly Bears], alt: madness}"),
        "not supported: karn doesn't",
    ),
    "kicker": (_with(TARGET, "targets: [B.Grizzly Bears], with: [kicker]}"), "optional additional costs"),
    "second_face": (
        _with(TARGET, "targets: [B.Grizzly Bears], face: 2}"),
        "Lightning Bolt has no face 2: it has no other part",
    ),
    "from_graveyard": (
        _with("hand: [Lightning Bolt]", "graveyard: [Lightning Bolt]").replace(
            TARGET, "targets: [B.Grizzly Bears], from: graveyard}"
        ),
        "karn offers no cast of Lightning Bolt from A's graveyard",
    ),
    "misspelled_card_in_a_step": (
        _with("cast: Lightning Bolt,", "cast: Lightnig Bolt,"),
        "line 13: cast: unknown card 'Lightnig Bolt'; did you mean: Lightning Bolt",
    ),
    "card_not_in_hand": (
        _with("cast: Lightning Bolt,", "cast: Shock,"),
        "line 13: cast: Shock is not in A's hand (hand: Lightning Bolt)",
    ),
    "expectation_fails_with_its_line": (
        _with("life: 20}", "life: 19}"),
        "line 17: A.life: expected 19, got 20",
    ),
}


@pytest.mark.parametrize("text,words", RUN_ERRORS.values(), ids=list(RUN_ERRORS))
def test_a_failing_run_says_why_in_one_line(text: str, words: str) -> None:
    (sc,) = load_text(text, "f.yaml")
    result = run_scenario(sc)
    assert not result.passed
    assert words in result.message, result.message
    assert "\n" not in result.message


def test_unsupported_casts_are_never_counted_as_refused() -> None:
    # Inside illegal:, a step karn can't carry out is a failure, not the engine's refusal.
    for extra in ("alt: flashback", "with: [kicker]", "face: 2", "x: 3"):
        text = _with(
            "  - {cast: Lightning Bolt, by: A, targets: [B.Grizzly Bears]}\n  - resolve\n",
            f"  - {{illegal: {{cast: Lightning Bolt, by: A, targets: [B.Grizzly Bears], {extra}}}}}\n",
        )
        text = text.split("expect:")[0] + "expect:\n  A: {hand: [Lightning Bolt]}\n"
        (sc,) = load_text(text, "f.yaml")
        result = run_scenario(sc)
        assert not result.passed and "illegal" in result.message, (extra, result.message)


ILLEGAL_BOLT = "  - {illegal: {cast: Lightning Bolt, by: A, targets: [B.Grizzly Bears]}}\n"


@pytest.mark.parametrize(
    "step,words",
    [
        (ILLEGAL_BOLT.replace("B.Grizzly Bears", "B.Grizly Bears"), "no object B.Grizly Bears: unknown card"),
        (ILLEGAL_BOLT.replace("B.Grizzly Bears", "B.Hill Giant"), "no object B.Hill Giant"),
        (ILLEGAL_BOLT.replace("B.Grizzly Bears", "stack.2"), "stack.2: the stack has 0 object(s)"),
        (ILLEGAL_BOLT.replace("cast: Lightning Bolt", "cast: Shock"), "Shock is not in A's hand"),
        (ILLEGAL_BOLT.replace("cast: Lightning Bolt", "cast: Lightnig Bolt"), "unknown card 'Lightnig Bolt'"),
    ],
)
def test_a_mistake_in_an_illegal_step_is_not_a_refusal(step: str, words: str) -> None:
    # A refused step must be refused by the engine: a reference to nothing or a card that
    # isn't there is the scenario's mistake, and never makes illegal: pass.
    text = BASE.split("do:")[0] + "do:\n" + step + "expect:\n  A: {hand: [Lightning Bolt]}\n"
    (sc,) = load_text(text, "f.yaml")
    result = run_scenario(sc)
    assert not result.passed
    assert result.message.startswith("line 13: illegal: ") and words in result.message, result.message


def test_names_resolve_like_the_card_database() -> None:
    assert names_match("Bonecrusher Giant", "Bonecrusher Giant // Stomp")
    assert names_match("grizzly  bears", "Grizzly Bears")
    assert names_match("Fire", "Fire // Ice")
    assert names_match("Ice", "Fire // Ice")  # 709.4a: each of a split card's names names it
    assert not names_match("Fire // Ice", "Ice")
    assert not names_match("Grizzly Bears", "Hill Giant")
    assert same_names(["Bonecrusher Giant", "forest"], ["Forest", "Bonecrusher Giant // Stomp"])
    assert not same_names(["Forest", "Forest"], ["Forest"])
    assert not same_names(["Forest"], ["Forest", "Forest"])


def test_references_and_lists_ignore_case() -> None:
    text = _with("targets: [B.Grizzly Bears]", "targets: [B.grizzly bears]").replace(
        "graveyard: [Grizzly Bears]", "graveyard: [GRIZZLY BEARS]"
    )
    (sc,) = load_text(text, "f.yaml")
    assert run_scenario(sc).passed


@pytest.mark.cr("708.1")
def test_face_down_compares_the_status() -> None:
    # 708.1: the Mountain is face up, so `face_down: true` fails with the actual value.
    text = _with("  A: {graveyard", "  A.Mountain: {face_down: true}\n  A: {graveyard")
    (sc,) = load_text(text, "f.yaml")
    result = run_scenario(sc)
    assert not result.passed and "face_down: expected true, got false" in result.message
    (sc,) = load_text(text.replace("face_down: true", "face_down: false"), "f.yaml")
    assert run_scenario(sc).passed


@pytest.mark.cr("708.2a", "702.37e")
def test_face_down_setup_and_the_turn_face_up_step() -> None:
    # 708: a board entry may start face down (morph or manifest); turn_face_up names a permanent.
    text = _with("battlefield: [Grizzly Bears]", "battlefield: [{card: Grizzly Bears, face_down: manifest}]")
    text = text.replace("graveyard: [Grizzly Bears], battlefield: []", "graveyard: [], life: 20")
    text = text.replace("  - resolve\n", "  - resolve\n  - {turn_face_up: B.Grizzly Bears, by: B}\n")
    text = text.replace(TARGET, "targets: [B]}")
    (sc,) = load_text(text, "f.yaml")
    result = run_scenario(sc)
    assert not result.passed and "can't be turned face up now" in result.message  # B has no Forest
    bogus = _with("battlefield: [Grizzly Bears]", "battlefield: [{card: Grizzly Bears, face_down: yes}]")
    with pytest.raises(ScenarioError, match="face_down: 'yes' must be one of morph, manifest"):
        load_text(bogus, "f.yaml")


SIX_PLAYERS = """\
name: six seats
players: {A: {}, B: {}, C: {}, D: {}, E: {}, F: {life: 7}}
start: {active: F, step: upkeep}
do:
  - {to: precombat_main}
expect:
  F: {life: 7, hand_count: 1}
  active: F
"""


def test_six_players_and_no_seventh() -> None:
    (sc,) = load_text(SIX_PLAYERS, "six.yaml")
    assert sc.letters == ["A", "B", "C", "D", "E", "F"]
    assert run_scenario(sc).passed  # 103.8c: no one skips the first draw in a six-player game
    with pytest.raises(ScenarioError, match="'G' is not a player: players are A to F"):
        load_text(SIX_PLAYERS.replace("F: {life: 7}}", "F: {life: 7}, G: {}}"), "seven.yaml")


def test_a_wait_of_more_than_a_hundred_turns_is_refused() -> None:
    (sc,) = load_text(SIX_PLAYERS.replace("{to: precombat_main}", "{to: upkeep, turn: 500}"), "far.yaml")
    result = run_scenario(sc)
    assert not result.passed and "more than 100 turns after this one" in result.message


def test_a_crash_inside_karn_is_a_failure_not_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    from karn.game import Game

    def broken(self: Game, action: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(Game, "apply", broken)
    (sc,) = load_text(BASE, "f.yaml")
    result = run_scenario(sc)
    assert not result.passed
    assert result.message == "line 13: cast: karn failed: RuntimeError: boom"


@pytest.mark.cr("601.2g", "601.2h", "106.1")
@pytest.mark.parametrize(
    ("battlefield", "pay", "words"),
    [
        # the listed sources are all of the payment: a Forest can't pay {R}, the Mountain unlisted
        ("[Mountain, Forest]", "[A.Forest]", "the sources in pay leave part of the cost to pay (601.2h"),
        # a named mana the source can't add
        ("[Mountain]", "[{A.Mountain: G}]", "can't add G (106.1)"),
        # a source that can't be tapped for mana
        ("[Mountain, Grizzly Bears]", "[A.Grizzly Bears]", "can't be tapped for mana now"),
    ],
)
def test_pay_lists_the_sources_that_pay_and_says_when_they_dont(
    battlefield: str, pay: str, words: str
) -> None:
    text = _with("battlefield: [Mountain]", f"battlefield: {battlefield}").replace(
        TARGET, f"targets: [B.Grizzly Bears], pay: {pay}}}"
    )
    (sc,) = load_text(text, "f.yaml")
    result = run_scenario(sc)
    assert not result.passed
    assert words in result.message, result.message


@pytest.mark.cr("601.2g", "106.1")
def test_pay_may_name_the_mana_of_a_source() -> None:
    text = _with("battlefield: [Mountain]", "battlefield: [Birds of Paradise, Mountain]").replace(
        TARGET, "targets: [B.Grizzly Bears], pay: [{A.Birds of Paradise: R}]}"
    )
    (sc,) = load_text(text, "f.yaml")
    result = run_scenario(sc)
    assert result.passed, result.message
