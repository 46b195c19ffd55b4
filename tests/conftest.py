"""Shared pytest configuration: the ``cr`` marker report.

``pytest --cr-report FILE`` writes, for every passing test, the CR rules its
``@pytest.mark.cr(...)`` markers cite (used by scripts/cr_cited.py).
"""

from __future__ import annotations

import json
import os
import tempfile
from typing import Any

import pytest

# The tests play with karn's packaged cards whatever card database a developer imported
# (karn cards import): a data and cache home of their own, and no KARN_CARDS.
_HOME = tempfile.mkdtemp(prefix="karn-tests-")
os.environ["XDG_DATA_HOME"] = os.path.join(_HOME, "data")
os.environ["XDG_CACHE_HOME"] = os.path.join(_HOME, "cache")
os.environ.pop("KARN_CARDS", None)

_cited: dict[str, list[str]] = {}


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--cr-report", default=None, help="write the CR rules cited by passing tests to this JSON file"
    )


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]) -> Any:
    outcome = yield
    rep = outcome.get_result()
    if rep.when == "call" and rep.passed:
        rules = [str(a) for m in item.iter_markers("cr") for a in m.args]
        if rules:
            _cited[item.nodeid] = rules


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    path = session.config.getoption("--cr-report")
    if path:
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(_cited, fh, indent=1, sort_keys=True)
