"""The ``karn`` command line: demo, card, scenario run, play."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from karn.ui.cli import main

GOOD = """\
name: Lightning Bolt kills a bear
cite: ["120.3", "704.5g"]
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
"""


def test_demo_prints_a_rule_cited_log_and_a_result(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    lines = [ln for ln in out.splitlines() if ln.startswith("T")]
    assert len(lines) > 50
    assert all(re.match(r"^T\s*\d+\s+\d{3}(\.\d+[a-z]?)?\s", ln) for ln in lines)
    assert re.search(r"(wins|draw) on turn \d+", out)


@pytest.mark.cr("806.1", "800.4a")
def test_demo_plays_a_four_player_free_for_all(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--seed", "3", "--players", "4"]) == 0
    out = capsys.readouterr().out
    assert "(A), green_stompy (B), red_burn (C), green_stompy (D)" in out
    assert "800.4a" in out and re.search(r"(wins|draw) on turn \d+", out)
    assert main(["demo", "--players", "7"]) == 2
    assert "2 to 6" in capsys.readouterr().err


def test_no_command_prints_the_help_and_runs_no_demo(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: karn") and "decks" in out
    assert "karn demo" not in out  # no game is played


def test_card_shows_characteristics_text_and_compiled_abilities(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["card", "Garruk", "Wildspeaker"]) == 0
    out = capsys.readouterr().out
    assert "Legendary Planeswalker" in out and "Loyalty: 3" in out
    assert "Untap two target lands." in out
    assert "(playable)" in out


def test_card_unknown_name_suggests(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["card", "Lightning", "Bold"]) == 2
    assert "did you mean: Lightning Bolt" in capsys.readouterr().out


def test_scenario_run_passes_and_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.yaml"
    good.write_text(GOOD)
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        GOOD.replace("graveyard: [Grizzly Bears], battlefield: []", "battlefield: [Grizzly Bears]")
    )
    assert main(["scenario", "run", str(good)]) == 0
    assert "PASS Lightning Bolt kills a bear" in capsys.readouterr().out
    assert main(["scenario", "run", str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "B.battlefield" in out and "1 passed, 1 failed" in out


@pytest.mark.cr("709.3")
def test_scenario_run_with_a_card_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the packaged data has only Fire // Ice's first half; an AtomicCards file has both
    cards = Path(__file__).resolve().parents[1] / "data" / "multipart-atomic.json"
    f = tmp_path / "ice.yaml"
    f.write_text(
        "name: Ice taps a bear\nplayers:\n  A:\n    battlefield: [Island, Island]\n"
        "    hand: [Fire // Ice]\n  B:\n    battlefield: [Grizzly Bears]\n"
        "do:\n  - {cast: Fire // Ice, by: A, face: 2, targets: [B.Grizzly Bears]}\n  - resolve\n"
        "expect:\n  B.Grizzly Bears: {tapped: true}\n"
    )
    assert main(["scenario", "run", str(f)]) == 1
    assert "Fire // Ice is not playable" in capsys.readouterr().out
    assert main(["scenario", "run", "--cards", str(cards), str(f)]) == 0
    assert "1 passed, 0 failed" in capsys.readouterr().out
    assert main(["scenario", "run", "--cards", str(tmp_path / "none.json"), str(f)]) == 2
    assert "--cards" in capsys.readouterr().out


def test_scenario_run_names_the_line_of_a_malformed_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = tmp_path / "broken.yaml"
    f.write_text(GOOD.replace("  - resolve\n", "  - resolve\n  - {dance: now}\n"))
    assert main(["scenario", "run", str(f)]) == 1
    assert re.search(r"line 12", capsys.readouterr().out)


def test_scenario_run_goes_on_after_a_malformed_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a_broken.yaml").write_text("name: b\nplayers:\n  A: {hand: [Lightning Bolt\n")
    (tmp_path / "b_good.yaml").write_text(GOOD)
    assert main(["scenario", "run", str(tmp_path / "a_broken.yaml")]) == 1
    out = capsys.readouterr().out
    assert "a_broken.yaml line 4: invalid YAML" in out and "0 passed, 1 failed" in out
    assert main(["scenario", "run", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "PASS Lightning Bolt kills a bear" in out and "1 passed, 1 failed" in out


def test_scenario_run_with_nothing_to_run_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenario", "run", str(tmp_path)]) == 1
    assert "no scenarios found" in capsys.readouterr().out
    empty = tmp_path / "empty.yaml"
    empty.write_text("")
    assert main(["scenario", "run", str(empty)]) == 1
    out = capsys.readouterr().out
    assert "no scenario in this file" in out and "0 passed, 1 failed" in out
    assert main(["scenario", "run", str(tmp_path / "nothing.yaml")]) == 1
    out = capsys.readouterr().out
    assert "no such file or folder" in out and "0 passed, 1 failed" in out


def test_scenario_run_searches_subfolders_but_not_pending(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "120").mkdir()
    (tmp_path / "120" / "bolt.yaml").write_text(GOOD)
    (tmp_path / "pending").mkdir()
    (tmp_path / "pending" / "waiting.yaml").write_text(
        GOOD.replace("battlefield: []", "battlefield: [Forest]")
    )
    assert main(["scenario", "run", str(tmp_path)]) == 0
    assert "1 passed, 0 failed" in capsys.readouterr().out
    assert main(["scenario", "run", str(tmp_path / "pending")]) == 1
    assert "0 passed, 1 failed" in capsys.readouterr().out


def test_scenario_run_prints_messages_with_brackets_as_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = tmp_path / "bad.yaml"
    f.write_text(
        GOOD.replace("name: Lightning Bolt kills a bear", "name: '[bold] Lightning Bolt kills a bear'")
    )
    assert main(["scenario", "run", str(f)]) == 0
    assert "PASS [bold] Lightning Bolt kills a bear" in capsys.readouterr().out


def test_play_in_the_terminal_until_conceding(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = iter(["1", "x", "q", "y"])  # q asks for a confirmation
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "keep" in out and "enter a number" in out
    assert "104.3a" in out and "The AI wins." in out


# --------------------------------------------------------------------------- karn coverage / karn card (Oracle compiler)

SAMPLE = Path(__file__).resolve().parents[1] / "cards" / "fixtures" / "AtomicCards-sample.json"


def test_coverage_help_shows_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["coverage", "--help"])
    assert info.value.code == 0
    out = capsys.readouterr().out
    assert "--corpus FILE" in out and "--json" in out and "--top N" in out


def test_coverage_passes_its_options_through(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["coverage", "--corpus", str(SAMPLE), "--top", "2"]) == 0
    out = capsys.readouterr().out
    # Grizzly Bears, Dryad Arbor, Fire // Ice (both halves compile, 709.3) and Bonecrusher Giant
    # (its "becomes the target" trigger, 603.2); Delver of Secrets (no grammar for its upkeep
    # trigger's "look at the top card") is not
    assert "Oracle compiler coverage: 4 / 5 cards playable" in out
    assert "5 distinct cards, one per card name, from 9 face records" in out
    assert "(top 2)" in out
    assert main(["coverage", "--corpus", str(SAMPLE), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["cards"], data["playable"]) == (5, 4)
    assert data["by_type"]["land"] == {"cards": 1, "playable": 1}


@pytest.mark.cr("712.8a")
def test_card_back_face_is_not_playable(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["card", "Insectile", "Aberration"]) == 0
    out = capsys.readouterr().out
    assert "(NOT playable)" in out
    assert "back face of Delver of Secrets" in out
