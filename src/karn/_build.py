"""Which build of karn runs: compiled with mypyc, or pure Python (README, "Faster simulations").

The compiled build (``KARN_COMPILE=1 pip install .``, see ``setup.py``) puts an extension module
beside each compiled module's ``.py`` and writes ``_compiled.json``: the modules compiled and the
sha256 of every ``.py`` of the package it read (mypyc compiles against the types of all of them and
inlines their ``Final`` constants). Python imports an extension module before a ``.py`` of the same
name, so in an editable install an extension built from older sources would shadow an edited
``.py``. ``karn/__init__.py`` imports this module before anything else: when the sources differ from
the record, it warns and makes every compiled module load from its ``.py`` (a finder placed first on
``sys.meta_path``). It is all or nothing, because compiled modules call each other's functions
directly rather than through their modules. ``KARN_PURE=1`` asks for the pure build on purpose.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from types import ModuleType

PACKAGE = Path(__file__).resolve().parent
RECORD_NAME = "_compiled.json"
REBUILD = "KARN_COMPILE=1 pip install -e ."  # the editable compiled build, from the checkout
INSTALL = "KARN_COMPILE=1 pip install ."  # README, "Faster simulations"


class BuildKind(Enum):
    PURE = "pure Python"  # no compiled modules installed
    COMPILED = "compiled (mypyc)"
    STALE = "stale"  # compiled modules built from other sources: their .py files run instead
    PURE_ASKED = "pure asked"  # compiled modules installed, KARN_PURE set


@dataclass(frozen=True, slots=True)
class Choice:
    kind: BuildKind
    modules: tuple[str, ...]  # the modules the build compiled (none for PURE)
    changed: tuple[str, ...] = ()  # STALE: the package files that differ from the record


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def record_sources(package: Path) -> dict[str, str]:
    """Every ``.py`` of the package (its path relative to ``package``) and its sha256, as the
    compiled build records them (``setup.py`` computes the same; a test checks it)."""
    return {path.relative_to(package).as_posix(): _digest(path) for path in sorted(package.rglob("*.py"))}


def changed_sources(package: Path, sources: Mapping[str, str]) -> list[str]:
    """The package's ``.py`` files (paths relative to ``package``) whose sha256 differs from
    ``sources``, the record of a build: edited, removed or added since."""
    present = {path.relative_to(package).as_posix(): path for path in package.rglob("*.py")}
    changed = [name for name in sources if name not in present]
    changed += [name for name in present if name not in sources]
    changed += [name for name, path in present.items() if name in sources and _digest(path) != sources[name]]
    return sorted(changed)


def _editable(package: Path) -> bool:
    """A source checkout (``src/karn`` beside ``pyproject.toml``): an editable install or
    ``PYTHONPATH=src``, where the sources can change after the build. An installed wheel's
    files come together and are not checked (that would cost every process start ~7 ms)."""
    return package.parent.name == "src" and (package.parent.parent / "pyproject.toml").is_file()


def choose(package: Path, environ: Mapping[str, str]) -> Choice:
    record_path = package / RECORD_NAME
    if not record_path.is_file():
        return Choice(BuildKind.PURE, ())
    record = json.loads(record_path.read_text())
    modules = tuple(str(name) for name in record["modules"])
    if environ.get("KARN_PURE", "").strip() not in ("", "0"):
        return Choice(BuildKind.PURE_ASKED, modules)
    if _editable(package):
        changed = changed_sources(package, record["sources"])
        if changed:
            return Choice(BuildKind.STALE, modules, tuple(changed))
    return Choice(BuildKind.COMPILED, modules)


class _SourceFinder:
    """Finds the listed modules' ``.py`` files, never their extension modules."""

    def __init__(self, package: Path, modules: Sequence[str]) -> None:
        root = package.parent
        self.paths = {name: root / (name.replace(".", "/") + ".py") for name in modules}

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        source = self.paths.get(fullname)
        if source is None or not source.is_file():
            return None
        return importlib.util.spec_from_file_location(fullname, source)


def _stale_message(choice: Choice) -> str:
    shown = ", ".join(choice.changed[:3]) + (
        f" and {len(choice.changed) - 3} more" if len(choice.changed) > 3 else ""
    )
    return (
        f"karn: the compiled (mypyc) modules were built from other sources ({shown} changed since): "
        f"running pure Python instead; rebuild them with `{REBUILD}` or delete them "
        "(`git clean -fX src`) to silence this"
    )


def select(package: Path = PACKAGE, environ: Mapping[str, str] = os.environ) -> Choice:
    """Chooses the build before any compiled module is imported (karn/__init__.py)."""
    choice = choose(package, environ)
    if choice.kind in (BuildKind.STALE, BuildKind.PURE_ASKED):
        already = [name for name in choice.modules if name in sys.modules]
        if already:  # too late to choose: say so rather than run a mix
            raise ImportError(f"karn: compiled modules imported before karn itself: {already[:3]}")
        sys.meta_path.insert(0, _SourceFinder(package, choice.modules))
        if choice.kind is BuildKind.STALE:
            warnings.warn(_stale_message(choice), RuntimeWarning, stacklevel=2)
    return choice


CHOICE = select()


def is_compiled(module: ModuleType) -> bool:
    return str(getattr(module, "__file__", "") or "").endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def compiled_modules() -> list[str]:
    """The modules of this process that run compiled (imported ones only)."""
    return [name for name in CHOICE.modules if name in sys.modules and is_compiled(sys.modules[name])]


def running_compiled() -> bool:
    """Whether the engine runs compiled: karn.engine.priority, the hottest module, is."""
    import karn.engine.priority

    return is_compiled(karn.engine.priority)


def describe() -> str:
    """One line for ``karn --version``: "compiled (mypyc)" or "pure Python", and why pure when
    compiled modules are installed."""
    if running_compiled():
        return f"{BuildKind.COMPILED.value}, {len(CHOICE.modules)} engine modules"
    if CHOICE.kind is BuildKind.STALE:
        return f"pure Python (the compiled modules are stale: {', '.join(CHOICE.changed[:3])} changed; `{REBUILD}`)"
    if CHOICE.kind is BuildKind.PURE_ASKED:
        return "pure Python (KARN_PURE is set; the compiled modules are installed)"
    return "pure Python"


def suggestion() -> str | None:
    """One line suggesting the compiled build, or None when it runs or pure was asked for."""
    if running_compiled() or CHOICE.kind is BuildKind.PURE_ASKED:
        return None
    if CHOICE.kind is BuildKind.STALE:
        return f"karn: the compiled build is stale, so this runs pure Python; `{REBUILD}` rebuilds it"
    return (
        f"karn: pure Python build; the compiled one plays the same games about 1.7x faster: "
        f"`{INSTALL}` (README, Faster simulations)"
    )
