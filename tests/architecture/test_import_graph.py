"""The engine is a layered package imported one way only (DESIGN.md, "The engine's shape").

The import graph of ``src/karn/engine`` is read with ``ast`` (every import,
including those inside functions and ``if TYPE_CHECKING`` blocks) and must have
no cycle and no import of a module from a higher layer. The engine never
imports the Oracle compiler nor anything above it (the public ``Game``, agents,
front ends): cards reach it compiled, in a card pool.
"""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "src" / "karn" / "engine"

# Bottom to top. A module may import modules of its own layer or below.
LAYERS: list[set[str]] = [
    # typed data: the state, its values, events, frames, continuous effects, actions, the log
    {
        "rng",
        "values",
        "modifications",
        "events",
        "frames",
        "state",
        "actions",
        "log",
        "filters",
        "observation",
        "subtypes",
        "kinds",
    },
    {"layers"},  # characteristics (613): a pure function of the state and the card pool
    {"context", "protection"},  # what procedures receive: state, pool, log, caches; 702.16
    {"explain"},  # karn explain: the layer-by-layer derivation (613)
    {"decisions", "pipeline"},  # asking a player; the one event pipeline (614-616, the changes)
    # references and selection: timing, what a card does, targets, what refs mean, drawing, mana
    {
        "timing",
        "abilities",
        "targeting",
        "references",
        "drawing",
        "mana",
        "activated",
        "permissions",
        "cost_keywords",
        "costs",
        "keywords",
    },
    {"effects", "triggers"},  # the effect handlers (608.2c), triggered abilities (603)
    {  # procedures by CR area
        "casting",
        "priority",
        "resolve",
        "combat",
        "sba",
        "start",
        "turns",
        "game_over",
        "observe",
        "determinize",
        "planechase",
    },
    {"flow"},  # the loop
]

FORBIDDEN_PREFIXES = ("karn.oracle", "karn.game", "karn.agents", "karn.ui", "karn.scenario", "karn.sim")


def _module_name(path: Path) -> str:
    rel = path.relative_to(ENGINE).with_suffix("")
    parts = [p for p in rel.parts if p != "__init__"]
    return ".".join(parts)


def _imports(path: Path) -> set[str]:
    """Every karn module this file imports, as dotted names."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("karn"))
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module.startswith("karn"):
                out.add(node.module)
                # "from karn.engine import casting" imports the module karn.engine.casting
                for a in node.names:
                    out.add(f"{node.module}.{a.name}")
    return out


def _engine_graph() -> dict[str, set[str]]:
    modules = {_module_name(p): p for p in ENGINE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        deps = set()
        for imp in _imports(path):
            if imp.startswith("karn.engine."):
                target = imp.removeprefix("karn.engine.")
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    deps.add(target)
        graph[name] = deps
    return graph


def _layer_of(module: str) -> int:
    top = module.split(".")[0]
    for i, layer in enumerate(LAYERS):
        if top in layer or module in layer:
            return i
    raise AssertionError(f"engine module {module!r} has no layer in this test: place it in LAYERS")


def test_every_engine_module_has_a_layer() -> None:
    for module in _engine_graph():
        if module:
            _layer_of(module)


def test_no_engine_module_imports_a_higher_layer() -> None:
    upward = []
    for module, deps in _engine_graph().items():
        if not module:
            continue
        for dep in deps:
            if dep and _layer_of(dep) > _layer_of(module):
                upward.append(f"{module} -> {dep}")
    assert not upward, f"upward imports: {sorted(upward)}"


def find_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Cycles found by a depth-first search (each as the path that closes it)."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    cycles: list[list[str]] = []

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for dep in sorted(graph.get(node, ())):
            if state.get(dep) == 1:
                cycles.append(path[path.index(dep) :] + [dep])
            elif dep not in state:
                visit(dep, path + [dep])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    return cycles


def test_the_engine_import_graph_has_no_cycle() -> None:
    assert not find_cycles(_engine_graph())


def test_the_cycle_check_finds_cycles() -> None:
    assert find_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert find_cycles({"a": {"b"}, "b": set(), "c": {"a", "b"}}) == []


def test_the_engine_imports_neither_the_compiler_nor_anything_above_it() -> None:
    bad = []
    for path in ENGINE.rglob("*.py"):
        for imp in _imports(path):
            if imp.startswith(FORBIDDEN_PREFIXES):
                bad.append(f"{_module_name(path)} imports {imp}")
    assert not bad, bad
