"""``ir.RECORDS_AFFECTED`` names the effects whose handler records the objects it acted on
(``f.affected``, read by ``Ref("affected")``: "those creatures", "them", 608.2c). The lowering
refuses an antecedent no such effect produces, so the set must match the handlers: a handler
that records and isn't listed loses cards, one listed that doesn't record compiles a card whose
"those creatures" does nothing."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

from karn import ir
from karn.engine.effects import HANDLERS

SRC = Path(__file__).resolve().parents[2] / "src"

# helpers that record for the handler calling them (they set ``f.affected`` themselves)
_RECORDING_HELPERS = ("put_all(", "reveal_top_onto_battlefield(")


@cache
def _functions(module: str) -> dict[str, str]:
    """A module's top-level functions and their source, read from its ``.py`` (the compiled
    build's functions have no source for ``inspect``)."""
    text = (SRC / (module.replace(".", "/") + ".py")).read_text()
    return {
        node.name: ast.get_source_segment(text, node) or ""
        for node in ast.parse(text).body
        if isinstance(node, ast.FunctionDef)
    }


def _records(kind: type) -> bool:
    handler = HANDLERS[kind]
    source = _functions(handler.__module__)[handler.__qualname__]
    return (
        "f.affected =" in source or "f.affected +=" in source or any(h in source for h in _RECORDING_HELPERS)
    )


def test_records_affected_matches_the_handlers() -> None:
    recording = {kind for kind in HANDLERS if _records(kind)}
    assert recording == set(ir.RECORDS_AFFECTED), (
        f"handlers recording but not listed: {sorted(k.__name__ for k in recording - ir.RECORDS_AFFECTED)}; "
        f"listed but not recording: {sorted(k.__name__ for k in ir.RECORDS_AFFECTED - recording)}"
    )
