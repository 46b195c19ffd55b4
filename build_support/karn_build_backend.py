"""karn's build backend: setuptools, plus mypy when the compiled build is asked for.

``KARN_COMPILE=1 pip install .`` (or ``-e .``) compiles the engine modules listed in
``pyproject.toml`` (``[tool.karn.mypyc]``) with mypyc; ``setup.py`` does the compiling.
Without ``KARN_COMPILE`` this is setuptools unchanged, and pip fetches no compiler.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (the PEP 517/660 hooks, unchanged)

# The mypyc the compiled build is tested with (.ci/run builds with it).
MYPYC_REQUIREMENT = "mypy==2.4.1"


def compile_requested() -> bool:
    return os.environ.get("KARN_COMPILE", "").strip() not in ("", "0")


def _extra() -> list[str]:
    return [MYPYC_REQUIREMENT] if compile_requested() else []


@contextmanager
def _without_compiling() -> Iterator[None]:
    """setuptools runs setup.py to list its requirements, before mypy is installed: then
    setup.py must not compile yet."""
    asked = os.environ.pop("KARN_COMPILE", None)
    try:
        yield
    finally:
        if asked is not None:
            os.environ["KARN_COMPILE"] = asked


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    extra = _extra()
    with _without_compiling():
        return list(_setuptools.get_requires_for_build_wheel(config_settings)) + extra


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    extra = _extra()
    with _without_compiling():
        return list(_setuptools.get_requires_for_build_editable(config_settings)) + extra
