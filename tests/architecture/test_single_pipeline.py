"""Only the event pipeline changes the game (DESIGN.md, "One event pipeline").

Walks the AST of ``src/karn/engine`` and fails if code outside
``engine/pipeline`` writes zones, life, damage, tapped, counters, controllers or
attachments: assignments (plain, augmented, subscripted, ``del``) and mutating
method calls on those attributes, or ``setattr`` with a dynamic name.
"""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "src" / "karn" / "engine"
PIPELINE = ENGINE / "pipeline"

PROTECTED = {
    # zones (400.1)
    "library",
    "hand",
    "graveyard",
    "exile",
    "battlefield",
    "stack",
    # life (119), damage (120), tapped (110.5), counters (122), control (108.4), attachments (301.5, 303.4)
    "life",
    "damage",
    "deathtouch_damage",
    "tapped",
    "counters",
    "energy",  # counters on a player (122.1, 107.14)
    "controller",
    "attached_to",
    "objects",
    # who knows which cards in hidden zones (400.2): revealed, looked at, seen entering
    "known",
}
# Writes that are not to the state: the layer system computes characteristics (Chars, 613),
# derived data whose "controller" is the controller layer 2 gives an object.
DERIVED = {("layers.py", "writes .controller")}
MUTATORS = {
    "append",
    "extend",
    "insert",
    "remove",
    "pop",
    "clear",
    "sort",
    "reverse",
    "update",
    "setdefault",
    "popitem",
}


def _protected_target(node: ast.AST) -> str | None:
    """The protected attribute a target expression writes, if any (``o.counters[k]`` too)."""
    while isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Attribute) and node.attr in PROTECTED:
        return node.attr
    return None


def writes(tree: ast.AST) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        targets: list[ast.AST] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = list(node.targets)
        for t in targets:
            for sub in ast.walk(t) if isinstance(t, ast.Tuple) else [t]:
                attr = _protected_target(sub)
                if attr is not None:
                    found.append((node.lineno, f"writes .{attr}"))
        if isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Attribute) and f.attr in MUTATORS:
                attr = _protected_target(f.value)
                if attr is not None:
                    found.append((node.lineno, f".{attr}.{f.attr}(...)"))
            if isinstance(f, ast.Name) and f.id == "setattr":
                found.append((node.lineno, "setattr(...)"))
            if isinstance(f, ast.Attribute) and f.attr == "shuffle":
                # rng.shuffle(state, player.library) rearranges a zone in place
                for arg in node.args:
                    attr = _protected_target(arg)
                    if attr is not None:
                        found.append((node.lineno, f"shuffles .{attr}"))
    return found


def test_only_the_pipeline_writes_zones_life_damage_tapped_counters_or_controller() -> None:
    bad = []
    for path in sorted(ENGINE.rglob("*.py")):
        if PIPELINE in path.parents:
            continue
        for line, what in writes(ast.parse(path.read_text(encoding="utf-8"))):
            if (str(path.relative_to(ENGINE)), what) not in DERIVED:
                bad.append(f"{path.relative_to(ENGINE)}:{line}: {what}")
    assert not bad, "changes made outside the event pipeline:\n" + "\n".join(bad)


def test_the_check_sees_each_kind_of_write() -> None:
    code = """
o.tapped = True
p.life -= 3
o.counters["+1/+1"] = 2
s.battlefield.append(7)
del s.objects[4]
pl.hand.remove(9)
o.damage, x = 1, 2
setattr(o, name, value)
rng.shuffle(s, pl.library)
"""
    found = [what for _, what in writes(ast.parse(code))]
    assert found == [
        "writes .tapped",
        "writes .life",
        "writes .counters",
        "writes .objects",
        "writes .damage",
        ".battlefield.append(...)",
        ".hand.remove(...)",
        "setattr(...)",
        "shuffles .library",
    ]
