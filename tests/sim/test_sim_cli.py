"""karn sim and karn goldfish on the command line: reports, files, and mistakes as one
``karn: ...`` line with exit status 2."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from karn.ui.cli import main


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    rc = main(args)
    out, err = capsys.readouterr()
    return rc, out, err


def test_sim_prints_the_figures_and_writes_json_and_a_plot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")
    out_file, plot_file = tmp_path / "results.json", tmp_path / "results.png"
    args = ["sim", "red_burn", "green_stompy", "-n", "4", "--jobs", "1", "--seed", "3"]
    rc, out, err = run([*args, "--no-progress", "--out", str(out_file), "--plot", str(plot_file)], capsys)
    assert rc == 0, err
    lines = out.splitlines()
    assert lines[0] == "red_burn vs green_stompy: 4 games, agents heuristic vs heuristic, seed 3"
    for start in ("wins ", "win rate ", "on the play ", "on the draw ", "game length ", "mulligans "):
        assert any(line.startswith(start) for line in lines), start
    assert "95% Wilson interval" in out
    data = json.loads(out_file.read_text())
    assert data["games"] == 4 and len(data["records"]) == 4
    assert {"seed", "first", "winner", "turns", "mulligans_a", "mulligans_b"} <= set(data["records"][0])
    assert plot_file.read_bytes().startswith(b"\x89PNG")


def test_sim_of_a_deck_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "mydeck.txt"
    deck.write_text("20 Mountain\n20 Raging Goblin\n")
    rc, out, err = run(["sim", str(deck), "red_burn", "-n", "2", "--jobs", "1", "--no-progress"], capsys)
    assert rc == 0, err
    assert out.startswith("mydeck vs red_burn: 2 games")


def test_goldfish_prints_kill_turns_curve_colors_and_on_curve(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, err = run(
        ["goldfish", "red_burn", "-n", "3", "--jobs", "1", "--no-progress", "--turns", "10"], capsys
    )
    assert rc == 0, err
    assert out.startswith("red_burn goldfish: 3 games, seed 0, at most 10 turns each")
    for part in (
        "kill turn ",
        "percentiles ",
        "mana curve   1: 20, 2: 14, 3: 2, 4: 2",
        "color sources R: 22 lands",
    ):
        assert part in out
    assert "on curve " in out and "(mana value 1): " in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["sim", "no_such_deck", "red_burn"], "karn: no deck file or bundled deck named 'no_such_deck'"),
        (["sim", "red_burn", "green_stompy", "--agents", "alpha,beta"], "karn: unknown agent 'alpha'"),
        (["sim", "red_burn", "green_stompy", "--agents", "heuristic,random,random"], "karn: agents: give"),
        (["sim", "red_burn", "green_stompy", "-n", "0"], "karn: -n must be at least 1 (got 0)"),
        (["sim", "red_burn", "green_stompy", "--jobs", "0"], "karn: --jobs must be at least 1 (got 0)"),
        (
            ["sim", "red_burn", "green_stompy", "--out", "/no/such/folder/r.json"],
            "karn: --out /no/such/folder",
        ),
        (["goldfish", "red_burn", "-n", "-5"], "karn: -n must be at least 1 (got -5)"),
        (["goldfish", "red_burn", "--turns", "0"], "karn: --turns must be at least 1 (got 0)"),
        (["goldfish", "no_such_deck"], "karn: no deck file or bundled deck named 'no_such_deck'"),
    ],
)
def test_mistakes_are_one_line_and_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    rc, out, err = run([*args, "--no-progress"], capsys)
    assert rc == 2
    assert out == ""
    assert len(err.splitlines()) == 1, err
    assert err.startswith(message), err


def test_a_missing_extra_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib raises ImportError
    monkeypatch.setitem(sys.modules, "distributed", None)
    for option in (["--plot", "x.png"], ["--dask", "tcp://127.0.0.1:1"]):
        rc, out, err = run(["sim", "red_burn", "green_stompy", "-n", "1", "--no-progress", *option], capsys)
        assert rc == 2 and out == ""
        assert len(err.splitlines()) == 1 and "pip install 'karn[sim]'" in err, err


def test_an_unreachable_dask_scheduler_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("distributed")
    monkeypatch.setattr("karn.sim.backends.DASK_CONNECT_TIMEOUT", "1s")
    rc, out, err = run(
        ["sim", "red_burn", "green_stompy", "-n", "1", "--no-progress", "--dask", "tcp://127.0.0.1:9"], capsys
    )
    assert rc == 2
    assert err.startswith("karn: cannot connect to the dask scheduler at tcp://127.0.0.1:9"), err
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_is_one_line_and_stops_the_workers(
    jobs: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import multiprocessing
    from contextlib import contextmanager

    from karn.ui import sim_commands

    @contextmanager
    def interrupting_bar(enabled: bool, what: str) -> Iterator[Callable[[int, int], None]]:
        def update(done: int, total: int) -> None:
            raise KeyboardInterrupt  # as if Ctrl-C was pressed when the first games are done

        yield update

    monkeypatch.setattr(sim_commands, "_progress_bar", interrupting_bar)
    rc, out, err = run(["sim", "red_burn", "green_stompy", "-n", "200", "--jobs", jobs], capsys)
    assert (rc, out, err) == (2, "", "karn: interrupted\n")
    assert multiprocessing.active_children() == []  # the worker processes were stopped and joined


def test_ctrl_c_in_any_command_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("karn.game.Game.new", interrupted)
    rc, out, err = run(["demo", "--seed", "1"], capsys)
    assert (rc, err) == (2, "karn: interrupted\n")
