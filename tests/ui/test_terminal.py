"""``karn play`` and ``karn rule`` with scripted input (no pseudo-terminal)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from karn.ui.cli import main


def script(monkeypatch: pytest.MonkeyPatch, answers: list[str]) -> None:
    it: Iterator[str] = iter(answers)

    def fake_input(prompt: str = "") -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", fake_input)


@pytest.mark.cr("704.5g")
def test_karn_rule_prints_a_rule_and_refuses_an_unknown_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", "704.5g"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("704.5g If a creature has toughness greater than 0")
    assert main(["rule", "117.3d", "--subrules"]) == 0
    assert "passes" in capsys.readouterr().out
    assert main(["rule", "704.5zz"]) == 2
    assert "no rule 704.5zz" in capsys.readouterr().out


def test_verbose_play_prints_every_pass(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script(monkeypatch, ["", "", "", "q", "y"])
    assert main(["play", "--seed", "5", "--verbose"]) == 0
    assert "passes priority" in capsys.readouterr().out
    script(monkeypatch, ["", "", "", "q", "y"])
    assert main(["play", "--seed", "5"]) == 0
    assert "passes priority" not in capsys.readouterr().out


@pytest.mark.cr("733.1")
def test_undo_takes_back_a_land_played(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # seed 566672971: you play first with Mountains in hand; 2 plays a Mountain.
    script(monkeypatch, ["", "2", "undo", "undo", "q", "y"])
    assert main(["play", "--seed", "566672971"]) == 0
    out = capsys.readouterr().out
    assert "You play Mountain" in out
    assert "undone: back to before your last action" in out
    assert "nothing to undo" in out  # once only


def test_save_and_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "g.karn"
    script(monkeypatch, ["", "2", f"save {save}", "q", "y"])
    assert main(["play", "--seed", "566672971"]) == 0
    assert f"saved to {save}" in capsys.readouterr().out
    script(monkeypatch, ["gy", "? 704.5g", "? Mountain", "q", "y"])
    assert main(["play", "--resume", str(save)]) == 0
    out = capsys.readouterr().out
    assert "game resumed" in out and "Your turn 1, precombat main" in out
    assert "Mountain ×1" not in out and "Mountain (#" in out  # the land played before the save
    assert "lethal damage" in out  # ? 704.5g
    assert "Basic Land — Mountain" in out
    assert main(["play", "--resume", str(tmp_path / "missing.karn")]) == 2
    assert "can't read" in capsys.readouterr().out


def test_end_of_input_concedes(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    script(monkeypatch, [])
    assert main(["play", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "end of input: you concede" in out and "The AI wins." in out
