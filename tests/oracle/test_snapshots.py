"""Snapshot tests (issue 15, part 4): the IR and its rendering for corpus cards spread across
mechanic families, in ``tests/oracle/snapshots/`` (``karn.proof.snapshots``).

A difference means the compiler (or the renderer) now reads the card differently. If that is what
the change meant, update the snapshots deliberately and commit the difference with it::

    python -m karn.proof.snapshots --update
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from karn.proof.snapshots import SNAPSHOTS, card_snapshot, current, ir_text

FILES = sorted(SNAPSHOTS.glob("*.txt"))


def test_the_snapshots_hold_at_least_300_cards_across_families() -> None:
    chosen = current()
    cards = [c for names in chosen.values() for c in names]
    assert len(cards) >= 300 and len(set(cards)) == len(cards)
    assert len(chosen) >= 30
    assert {"flying", "subtype:aura", "plain:instant", "plain:land", "equip"} <= set(chosen)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_snapshot(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    family, _, _ = text.partition("\n")
    names = current()[family.removeprefix("# family: ")]
    now = family + "\n" + "".join(card_snapshot(n) for n in names)
    if now != text:
        diff = "".join(
            difflib.unified_diff(text.splitlines(True), now.splitlines(True), "snapshot", "now", n=2)
        )
        pytest.fail(
            f"{path.name} differs (update deliberately: python -m karn.proof.snapshots --update):\n{diff[:4000]}"
        )


def test_ir_text_leaves_out_defaults_and_source_text() -> None:
    from karn.ir.nodes import Keyword, TargetSpec

    assert ir_text(Keyword("flying", text="Flying")) == "Keyword(name='flying')"
    assert ir_text((TargetSpec(players="any"),)) == "(TargetSpec(players='any'),)"
