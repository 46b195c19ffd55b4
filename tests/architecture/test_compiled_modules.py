"""The compiled build's module list (``pyproject.toml``, ``[tool.karn.mypyc]``; README, "Faster
simulations").

Every module of ``karn.engine`` is listed once: in ``compiled``, or in ``pure`` with the reason.
A new engine module fails here until it is listed. What mypyc is known not to build is refused
here too, rather than only by the compiled build in CI: a compiled module defining a msgspec
Struct or an Enum with its own ``__new__`` (both fail at import), or a ``continue`` inside a
``with`` or a ``try ... finally`` (mypyc: "continue inside try/finally block is unimplemented").
"""

from __future__ import annotations

import ast
import enum
import importlib
import inspect
import sys
import tomllib
from pathlib import Path

import msgspec
import pytest

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["karn"]["mypyc"]
COMPILED: list[str] = CONFIG["compiled"]
PURE: dict[str, str] = CONFIG["pure"]


def engine_modules() -> set[str]:
    names = set()
    for path in (SRC / "karn" / "engine").rglob("*.py"):
        parts = path.relative_to(SRC).with_suffix("").parts
        names.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def test_every_engine_module_is_listed_once_compiled_or_pure_with_a_reason() -> None:
    assert len(COMPILED) == len(set(COMPILED)), "a module listed twice in compiled"
    assert not set(COMPILED) & set(PURE), f"listed both compiled and pure: {set(COMPILED) & set(PURE)}"
    unlisted = engine_modules() - set(COMPILED) - set(PURE)
    assert not unlisted, (
        f"engine modules in neither list of pyproject.toml [tool.karn.mypyc]: {sorted(unlisted)}; "
        "add each to `compiled` if mypyc builds it (the compiled build in .ci/run), else to `pure` with why"
    )
    gone = (set(COMPILED) | set(PURE)) - engine_modules()
    assert not gone, f"listed modules that are not engine modules (renamed or removed?): {sorted(gone)}"
    assert all(reason.strip() for reason in PURE.values())


def test_compiled_entries_are_module_files_not_packages() -> None:
    # setup.py hands mypyc `src/<name>.py`; a package's __init__ is not such a file
    for name in COMPILED:
        assert (SRC / (name.replace(".", "/") + ".py")).is_file(), name


def _defined_classes(name: str) -> list[type]:
    module = importlib.import_module(name)
    return [cls for _, cls in inspect.getmembers(module, inspect.isclass) if cls.__module__ == name]


@pytest.mark.parametrize("name", COMPILED)
def test_a_compiled_module_defines_no_msgspec_struct_nor_enum_with_its_own_new(name: str) -> None:
    for cls in _defined_classes(name):
        assert not issubclass(cls, msgspec.Struct), (
            f"{name}.{cls.__name__} is a msgspec Struct: list {name} as pure"
        )
        if issubclass(cls, enum.Enum):
            # Enum keeps a class's own __new__ as _new_member_ (else object's or the mixin's)
            own_new = getattr(getattr(cls, "_new_member_", None), "__module__", None) == name
            assert not own_new, f"{name}.{cls.__name__}: an Enum with its own __new__: list {name} as pure"


def _continues_inside_finally(tree: ast.AST) -> list[int]:
    """Lines of `continue` statements whose loop is outside an enclosing `with`/`try-finally`."""
    found: list[int] = []

    def visit(node: ast.AST, guarded: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.For, ast.AsyncFor, ast.While)):
                for part in child.body + child.orelse:
                    visit_statement(part, False)
                continue
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
                visit(child, False)
                continue
            visit_statement(child, guarded)

    def visit_statement(node: ast.AST, guarded: bool) -> None:
        if isinstance(node, ast.Continue) and guarded:
            found.append(node.lineno)
            return
        if isinstance(node, (ast.With, ast.AsyncWith)) or (isinstance(node, ast.Try) and node.finalbody):
            guarded = True
        if isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
            for part in node.body + node.orelse:
                visit_statement(part, False)
            return
        visit(node, guarded)

    visit(tree, False)
    return found


def test_the_continue_finder_finds_one_inside_a_with_and_none_outside() -> None:
    inside = "for x in y:\n    with z:\n        if x:\n            continue\n"
    outside = "with z:\n    for x in y:\n        continue\nfor x in y:\n    with z:\n        for w in x:\n            continue\n"
    assert _continues_inside_finally(ast.parse(inside)) == [4]
    assert _continues_inside_finally(ast.parse(outside)) == []


@pytest.mark.parametrize("name", COMPILED)
def test_a_compiled_module_has_no_continue_inside_a_with_or_finally(name: str) -> None:
    path = SRC / (name.replace(".", "/") + ".py")
    lines = _continues_inside_finally(ast.parse(path.read_text(), str(path)))
    assert not lines, (
        f"{path}:{lines}: mypyc cannot compile a `continue` inside with/try-finally; use if/elif"
    )


def test_the_build_backend_asks_for_mypyc_only_for_the_compiled_build(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.syspath_prepend(str(ROOT / "build_support"))
    sys.modules.pop("karn_build_backend", None)
    backend = importlib.import_module("karn_build_backend")
    monkeypatch.delenv("KARN_COMPILE", raising=False)
    assert backend._extra() == []
    monkeypatch.setenv("KARN_COMPILE", "0")
    assert backend._extra() == []
    monkeypatch.setenv("KARN_COMPILE", "1")
    assert backend._extra() == [backend.MYPYC_REQUIREMENT]
    assert backend.MYPYC_REQUIREMENT.startswith("mypy==")
