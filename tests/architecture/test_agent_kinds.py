"""Every decision kind and action kind the engine produces is named in the public enums
(:mod:`karn.engine.kinds`) with a docstring: an engine change that adds a kind must say what
it is for agents. Read from the source with ``ast``: the kinds given to ``decisions.ask``,
to ``choice_as_applied`` and as a replacement's ``choice_kind``, and every ``Option(kind)``."""

from __future__ import annotations

import ast
from pathlib import Path

from karn.engine.kinds import ActionKind, DecisionKind

ENGINE = Path(__file__).resolve().parents[2] / "src" / "karn" / "engine"


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _called(node: ast.Call) -> str | None:
    f = node.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None


def engine_kinds() -> tuple[dict[str, str], dict[str, str]]:
    """(decision kinds, action kinds) found in the engine's source, each with where."""
    decisions: dict[str, str] = {}
    actions: dict[str, str] = {}
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name, where = _called(node), f"{path.relative_to(ENGINE)}:{node.lineno}"
            if name == "ask" and len(node.args) >= 3:
                kind = _literal(node.args[2])
                if kind is not None:
                    decisions[kind] = where
            elif name == "choice_as_applied" and len(node.args) >= 6:
                for arg, into in ((node.args[3], decisions), (node.args[5], actions)):
                    kind = _literal(arg)
                    if kind is not None:
                        into[kind] = where
            elif name == "Option" and node.args:
                kind = _literal(node.args[0])
                if kind is not None:
                    actions[kind] = where
            for kw in node.keywords:
                if kw.arg == "choice_kind":
                    kind = _literal(kw.value)
                    if kind is not None:
                        decisions[kind] = where
    return decisions, actions


def test_the_scan_finds_the_engines_kinds() -> None:
    decisions, actions = engine_kinds()
    assert {"priority", "attackers", "blockers", "target", "pay", "mulligan"} <= set(decisions)
    assert {"pass", "cast", "play", "activate", "attack", "block", "target", "done"} <= set(actions)


def test_every_decision_kind_is_in_the_enum() -> None:
    decisions, _ = engine_kinds()
    missing = {k: where for k, where in decisions.items() if k not in DecisionKind.__members__.values()}
    assert not missing, f"add these to karn.engine.kinds.DecisionKind, with a docstring: {missing}"


def test_every_action_kind_is_in_the_enum() -> None:
    _, actions = engine_kinds()
    missing = {k: where for k, where in actions.items() if k not in ActionKind.__members__.values()}
    assert not missing, f"add these to karn.engine.kinds.ActionKind, with a docstring: {missing}"


def test_every_kind_has_a_docstring_citing_a_rule_or_saying_what_it_does() -> None:
    for enum in (DecisionKind, ActionKind):
        for member in enum:
            assert member.__doc__ and len(member.__doc__) > 10, member
            assert member == member.value and isinstance(member, str)


def test_every_kind_the_engine_produces_has_a_text_form_and_a_mask_slot() -> None:
    """The agent encoders handle every kind, and kinds added later, generically: each action
    kind has a text form that parses back and a slot in the action mask; each decision kind
    a place in the observation's one-hot (a kind added later: the last, "other")."""
    np = __import__("pytest").importorskip("numpy")
    from karn import Action, Game
    from karn.agents.text import action_text, parse_text
    from karn.engine.state import Option
    from karn.env.encoding import ACTION_SIZE, DECISION_KINDS, action_slots

    decisions, actions = engine_kinds()
    obs = Game.new("red_burn", "green_stompy", seed=1).observation(0)
    for kind in [*actions, "a_kind_added_later"]:
        for a, b in ((0, 0), (3, 0), (5, 2), (7, -2)):
            action = Action(kind, a, b)
            assert parse_text(action_text(action, obs), obs) == action, (kind, a, b)
        slots = action_slots([Option(kind, 3)])
        assert int(np.sum(slots.mask)) == 1 and 0 <= next(iter(slots.actions)) < ACTION_SIZE, kind
    for kind in decisions:
        assert kind in DECISION_KINDS, f"{kind} has no place in the observation's decision one-hot"
