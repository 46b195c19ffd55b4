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


@pytest.mark.cr("509.1")
def test_blocks_are_typed_blocker_then_attacker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from karn import Game

    g = Game.empty(names=("You", "AI"))
    for _ in range(10):
        g.add_card(0, "Mountain", "library")
        g.add_card(1, "Forest", "library")
    goblins = [g.add_card(0, "Raging Goblin", "battlefield") for _ in range(2)]
    bears = g.add_card(1, "Grizzly Bears", "battlefield")
    courser = g.add_card(1, "Centaur Courser", "battlefield")
    g.begin_at(1, "beginning_of_combat", turn=2)
    save = tmp_path / "block.karn"
    save.write_bytes(g.dumps())
    # The AI attacks with both. "1 2": the first Goblin blocks the second attacker; "2",
    # then "1" when asked which: the second Goblin blocks the first; Enter: done.
    script(monkeypatch, ["1 2", "2", "1", "", "q", "y"])
    assert main(["play", "--resume", str(save)]) == 0
    out = capsys.readouterr().out
    assert "pick a blocker, then the attacker it blocks" in out
    assert f"Raging Goblin (#{goblins[0]}) blocks Centaur Courser (#{courser})" in out
    assert f"Raging Goblin (#{goblins[1]}) blocks Grizzly Bears (#{bears})" in out
    assert f"blocking Centaur Courser (#{courser})" in out  # the block shown before done
