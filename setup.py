"""The compiled build (KARN_COMPILE=1): the engine modules of pyproject.toml's
``[tool.karn.mypyc] compiled`` list, compiled with mypyc. Everything else is in pyproject.toml.

Without KARN_COMPILE this adds nothing: the build is pure Python. With it, it also writes
``src/karn/_compiled.json`` (what was compiled, from which sources), which
``karn/_build.py`` checks at import so that compiled modules never run for edited sources.
"""

from __future__ import annotations

import hashlib
import json
import os
import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
RECORD = ROOT / "src" / "karn" / "_compiled.json"


def _compile_requested() -> bool:
    return os.environ.get("KARN_COMPILE", "").strip() not in ("", "0")


def _sources() -> dict[str, str]:
    """Every .py of the package and its sha256: mypyc reads their types (and inlines their
    Final constants), so any of them changing makes the compiled modules stale. The same as
    karn._build.record_sources (not imported: the build has none of karn's dependencies)."""
    package = ROOT / "src" / "karn"
    return {
        path.relative_to(package).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(package.rglob("*.py"))
    }


def _ext_modules() -> list[Any]:
    if not _compile_requested():
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as missing:
        raise SystemExit(
            "KARN_COMPILE=1 needs mypyc (the mypy package) to build: pip installs it when it builds "
            "karn in isolation (the default); with --no-build-isolation install it first"
        ) from missing

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["karn"]["mypyc"]
    modules: list[str] = config["compiled"]
    paths = [f"src/{name.replace('.', '/')}.py" for name in modules]
    RECORD.write_text(json.dumps({"modules": modules, "sources": _sources()}, indent=1) + "\n")
    # -O1: the whole list at the default -O3 makes gcc run for a quarter of an hour or more;
    # -O1 builds in minutes and gives most of the gain. One C file per module (multi_file) so
    # that build_ext compiles them in parallel.
    return mypycify(
        paths,
        opt_level=os.environ.get("KARN_COMPILE_OPT", "1"),
        multi_file=True,
        group_name="karn_engine",
    )


class ParallelBuildExt(build_ext):
    """build_ext compiling an extension's C files on every core (mypyc's multi_file build
    is one extension of one C file per module; build_ext alone compiles them one by one)."""

    def build_extension(self, ext: Any) -> None:
        jobs = int(os.environ.get("KARN_COMPILE_JOBS", "0")) or os.cpu_count() or 1
        compile_one_by_one = self.compiler.compile

        def compile_in_parallel(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
            if jobs < 2 or len(sources) < 2:
                return compile_one_by_one(sources, *args, **kwargs)
            # the largest files first, so that no core waits on one big file at the end
            ordered = sorted(sources, key=lambda source: -os.path.getsize(source))
            with ThreadPoolExecutor(jobs) as pool:
                objects = dict(
                    zip(
                        ordered,
                        pool.map(lambda s: compile_one_by_one([s], *args, **kwargs), ordered),
                        strict=True,
                    )
                )
            return [obj for source in sources for obj in objects[source]]

        self.compiler.compile = compile_in_parallel  # type: ignore[method-assign]
        try:
            super().build_extension(ext)
        finally:
            self.compiler.compile = compile_one_by_one  # type: ignore[method-assign]


class BuildPyWithRecord(build_py):
    """build_py that puts the compiled build's record in the wheel (an editable install reads
    it in src/karn); a pure build's wheel has none, whatever a checkout holds."""

    def run(self) -> None:
        super().run()
        if _compile_requested() and not self.editable_mode:
            self.copy_file(str(RECORD), str(Path(self.build_lib) / "karn" / RECORD.name))


if __name__ == "__main__":  # setuptools runs this file as __main__; tests import its functions
    setup(ext_modules=_ext_modules(), cmdclass={"build_ext": ParallelBuildExt, "build_py": BuildPyWithRecord})
