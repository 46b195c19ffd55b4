"""The two builds, compiled with mypyc and pure Python (README, "Faster simulations";
``karn/_build.py``): which one runs, that a stale compiled module never shadows an edited
``.py``, and that both play exactly the same games.

On the compiled build (``.ci/run`` runs the suite on it) these tests compare it with the pure
build of the same sources (``KARN_PURE=1`` in a subprocess); on the pure build they check the same
machinery with a build record written here.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import karn
from karn import Game, _build
from karn.agents import RandomAgent, run_game
from karn.agents.heuristic import HeuristicAgent
from karn.ui.cli import main

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "karn"
COMPILED = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["karn"]["mypyc"]["compiled"]
INSTALLED = Path(karn.__file__).resolve().parent  # the checkout's src/karn, or site-packages/karn
EXTENSIONS = tuple(importlib.machinery.EXTENSION_SUFFIXES)


def _python(
    code: str, *, env: dict[str, str] | None = None, cwd: Path = ROOT
) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k not in ("KARN_PURE", "PYTHONPATH")}
    environ.update(env or {})
    return subprocess.run(
        [sys.executable, "-W", "default", "-c", code],
        capture_output=True,
        text=True,
        env=environ,
        cwd=cwd,
        timeout=300,
    )


def _fake_package(tmp_path: Path, files: dict[str, str]) -> Path:
    package = tmp_path / "src" / "karn"
    for name, text in files.items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(text)
    (tmp_path / "pyproject.toml").write_text("")
    return package


def _write_record(package: Path, modules: list[str]) -> None:
    record = {"modules": modules, "sources": _build.record_sources(package)}
    (package / _build.RECORD_NAME).write_text(json.dumps(record))


def test_no_record_is_the_pure_build(tmp_path: Path) -> None:
    package = _fake_package(tmp_path, {"engine/a.py": "x = 1\n"})
    assert _build.choose(package, {}).kind is _build.BuildKind.PURE


def test_unchanged_sources_choose_the_compiled_modules(tmp_path: Path) -> None:
    package = _fake_package(tmp_path, {"engine/a.py": "x = 1\n", "engine/b.py": "y = 2\n"})
    _write_record(package, ["karn.engine.a"])
    choice = _build.choose(package, {})
    assert (choice.kind, choice.modules, choice.changed) == (
        _build.BuildKind.COMPILED,
        ("karn.engine.a",),
        (),
    )
    assert _build.choose(package, {"KARN_PURE": "1"}).kind is _build.BuildKind.PURE_ASKED
    assert _build.choose(package, {"KARN_PURE": "0"}).kind is _build.BuildKind.COMPILED


@pytest.mark.parametrize(
    "change",
    [
        "edit a compiled module",
        "edit a pure module",
        "same size, other bytes",
        "remove a module",
        "add a module",
    ],
)
def test_any_changed_source_makes_the_compiled_modules_stale(tmp_path: Path, change: str) -> None:
    # mypyc compiles against every module's types and inlines Final constants: any .py counts
    package = _fake_package(tmp_path, {"engine/a.py": "x = 1\n", "engine/b.py": "y = 2\n"})
    _write_record(package, ["karn.engine.a"])
    changed = {
        "edit a compiled module": ("engine/a.py", "x = 10\n"),
        "edit a pure module": ("engine/b.py", "y = 20\n"),
        "same size, other bytes": ("engine/a.py", "x = 3\n"),
        "remove a module": ("engine/b.py", None),
        "add a module": ("engine/c.py", "z = 3\n"),
    }[change]
    name, text = changed
    if text is None:
        (package / name).unlink()
    else:
        (package / name).write_text(text)
    choice = _build.choose(package, {})
    assert choice.kind is _build.BuildKind.STALE and choice.changed == (name,)


def test_an_installed_wheel_is_not_checked(tmp_path: Path) -> None:
    # site-packages/karn: no pyproject.toml beside its parent; the files came together
    package = tmp_path / "site-packages" / "karn"
    (package / "engine").mkdir(parents=True)
    (package / "engine" / "a.py").write_text("x = 1\n")
    _write_record(package, ["karn.engine.a"])
    (package / "engine" / "a.py").write_text("x = 2\n")
    assert _build.choose(package, {}).kind is _build.BuildKind.COMPILED


def test_setup_py_records_the_sources_as_karn_checks_them() -> None:
    spec = importlib.util.spec_from_file_location("karn_setup_under_test", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    setup = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup)  # its setup() runs only as __main__
    assert setup._sources() == _build.record_sources(PACKAGE)
    assert setup.RECORD == PACKAGE / _build.RECORD_NAME


def _copy_checkout(tmp_path: Path) -> Path:
    """src/karn (with any compiled modules and the build record) and mypyc's shared library."""
    src = tmp_path / "src"
    shutil.copytree(INSTALLED, src / "karn", ignore=shutil.ignore_patterns("__pycache__"))
    for library in INSTALLED.parent.glob("karn_engine__mypyc*"):
        shutil.copy2(library, src / library.name)
    (tmp_path / "pyproject.toml").write_text("")
    if not _build.running_compiled():  # pure (or stale) here: the copy records its own sources
        _write_record(src / "karn", COMPILED)
    return src / "karn"


PROBE = (
    "import karn, karn._build as b, karn.engine.priority as p\n"
    "print(getattr(p, 'STALE_PROBE', 'none')); print(p.__file__); print(b.describe())\n"
)


def test_a_stale_compiled_module_never_shadows_its_edited_source(tmp_path: Path) -> None:
    package = _copy_checkout(tmp_path)
    env = {"PYTHONPATH": str(package.parent)}
    if _build.running_compiled():  # the copy runs compiled while its sources are the build's
        assert any(path.name.endswith(EXTENSIONS) for path in (package / "engine").glob("priority.*"))
        fresh = _python(PROBE, env=env, cwd=tmp_path)
        assert fresh.returncode == 0, fresh.stderr
        assert fresh.stdout.splitlines()[1].endswith(EXTENSIONS)
        assert "compiled (mypyc)" in fresh.stdout and "built from other sources" not in fresh.stderr
    with (package / "engine" / "priority.py").open("a") as source:
        source.write('\nSTALE_PROBE = "edited"\n')
    stale = _python(PROBE, env=env, cwd=tmp_path)
    assert stale.returncode == 0, stale.stderr
    probe, file, described = stale.stdout.splitlines()
    assert (probe, file) == ("edited", str(package / "engine" / "priority.py"))
    assert described.startswith("pure Python (the compiled modules are stale: engine/priority.py changed")
    assert (
        "karn: the compiled (mypyc) modules were built from other sources (engine/priority.py" in stale.stderr
    )
    # all or nothing: no compiled module runs beside an edited one
    every = _python(
        "import karn, karn._build as b, karn.game, karn.agents; print(len(b.compiled_modules()))",
        env=env,
        cwd=tmp_path,
    )
    assert every.stdout.strip() == "0", every.stderr


def test_karn_pure_runs_every_module_from_its_source() -> None:
    result = _python(
        "import karn, karn._build as b, karn.game, karn.agents, karn.engine.priority as p\n"
        "print(len(b.compiled_modules()), p.__file__.endswith('.py'), b.describe())",
        env={"KARN_PURE": "1"},
    )
    assert result.returncode == 0, result.stderr
    count, from_source, described = result.stdout.strip().split(" ", 2)
    assert (count, from_source) == ("0", "True")
    assert described.startswith("pure Python")


def _games_digest() -> str:
    """Two random games, a 4-player one and a heuristic one: every save (state, log, checksum)."""
    digest = hashlib.sha256()
    for seed in (3, 4):
        game = Game.new("red_burn", "green_stompy", seed=seed)
        run_game(game, [RandomAgent(seed), RandomAgent(seed + 1_000_003)])
        digest.update(game.dumps())
    game = Game.new("red_burn", "green_stompy", "red_burn", "green_stompy", seed=5)
    run_game(game, [RandomAgent(5 + k) for k in range(4)])
    digest.update(game.dumps())
    game = Game.new("green_stompy", "red_burn", seed=6)
    run_game(game, [HeuristicAgent(), HeuristicAgent()])
    digest.update(game.dumps())
    return digest.hexdigest()


def test_the_compiled_and_the_pure_build_play_exactly_the_same_games() -> None:
    here = _games_digest()
    pure = _python(
        "import sys; sys.path.insert(0, 'tests/api')\n"
        "import karn._build as b; from test_builds import _games_digest\n"
        "print(b.running_compiled(), _games_digest())",
        env={"KARN_PURE": "1"},
    )
    assert pure.returncode == 0, pure.stderr
    assert pure.stdout.split() == ["False", here]


def test_karn_version_says_which_build_runs(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--version"])
    out = capsys.readouterr().out
    assert out.startswith("karn ")
    if _build.running_compiled():
        assert "compiled (mypyc)" in out and "pure Python" not in out
    else:
        assert "pure Python" in out and "compiled (mypyc)" not in out


def test_karn_sim_suggests_the_compiled_build_on_stderr_only_when_not_running_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_file = tmp_path / "sim.json"
    args = ["sim", "red_burn", "green_stompy", "-n", "2", "--jobs", "1", "--agents", "random,random"]
    assert main([*args, "--no-progress", "--out", str(out_file)]) == 0
    out, err = capsys.readouterr()
    hint = [line for line in err.splitlines() if "KARN_COMPILE=1" in line]
    assert "KARN_COMPILE" not in out and "KARN_COMPILE" not in out_file.read_text()
    expected = _build.suggestion()  # None when the compiled build runs, or KARN_PURE asked for pure
    assert hint == ([] if expected is None else [expected])
    assert (expected is None) == (
        _build.running_compiled() or _build.CHOICE.kind is _build.BuildKind.PURE_ASKED
    )
