"""The lowering registries: every AST node class (verb, sentence, trigger
condition, cost part, keyword) has its lowering, and the parser builds one typed
node per shape."""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass

import pytest

from karn.oracle import syntax
from karn.oracle.lowering.context import Ctx, LowerError
from karn.oracle.lowering.registry import (
    COSTS,
    KEYWORDS,
    QUANTITIES,
    REGISTRIES,
    SENTENCES,
    TRIGGERS,
    VERBS,
    Clause,
    lower_verb,
)
from karn.oracle.parser import _Builder, grammar_text, parse
from karn.oracle.syntax import (
    CastTriggerA,
    ChainSentence,
    CostA,
    DamageVP,
    Effects,
    KeywordA,
    ManaCostA,
    PutCountersVP,
    PutOntoBattlefieldVP,
    QuantityA,
    SacrificeCostA,
    SentenceA,
    TriggerA,
    TriggeredA,
    VerbA,
)


def _subclasses(base: type) -> set[type]:
    return {
        obj
        for _, obj in inspect.getmembers(syntax, inspect.isclass)
        if issubclass(obj, base) and obj is not base
    }


def test_every_verb_node_has_a_lowering() -> None:
    verbs = _subclasses(VerbA)
    assert len(verbs) > 30
    missing = sorted(v.__name__ for v in verbs - VERBS.classes())
    assert missing == []


@pytest.mark.parametrize(
    ("base", "registry", "at_least"),
    [
        (SentenceA, SENTENCES, 3),
        (TriggerA, TRIGGERS, 6),
        (CostA, COSTS, 6),
        (KeywordA, KEYWORDS, 4),
        (QuantityA, QUANTITIES, 8),
    ],
)
def test_every_node_of_each_family_has_a_lowering(base: type, registry: object, at_least: int) -> None:
    nodes = _subclasses(base)
    assert len(nodes) >= at_least
    assert registry in REGISTRIES
    missing = sorted(n.__name__ for n in nodes - registry.classes())  # type: ignore[attr-defined]
    assert missing == []


def test_registries_hold_only_ast_nodes() -> None:
    assert {r.base for r in REGISTRIES} == {VerbA, SentenceA, TriggerA, CostA, KeywordA, QuantityA}
    for registry in REGISTRIES:
        assert registry.classes() <= _subclasses(registry.base)


def test_every_grammar_alias_has_a_builder_method() -> None:
    rules = "\n".join(ln for ln in grammar_text().splitlines() if not ln.lstrip().startswith("//"))
    aliases = set(re.findall(r"->\s*(\w+)", rules))
    assert len(aliases) > 100
    assert sorted(a for a in aliases if not hasattr(_Builder, a)) == []


def test_an_unregistered_verb_is_a_lower_error() -> None:
    @dataclass(frozen=True, slots=True)
    class FrobVP(VerbA):
        text: str = "frob a widget"

    with pytest.raises(LowerError, match="the IR has no effect for 'frob a widget'"):
        lower_verb(FrobVP(), Clause(None, Ctx(), [], None, []))


def _verb(text: str) -> VerbA:
    ast = parse(text, "effects")
    assert isinstance(ast, Effects)
    sentence = ast.sentences[0]
    assert isinstance(sentence, ChainSentence)
    return sentence.items[0].vp


def test_verb_nodes_carry_their_own_fields() -> None:
    counters = _verb("Put two +1/+1 counters on target creature.")
    assert isinstance(counters, PutCountersVP)
    assert (counters.amount, counters.kind, counters.obj.kind) == (2, "+1/+1", "target")
    divided = _verb("~ deals 6 damage divided evenly, rounded down, among any number of target creatures.")
    assert isinstance(divided, DamageVP) and divided.divided and divided.amount == 6
    assert not _verb("~ deals 2 damage to any target.").divided  # type: ignore[attr-defined]
    tapped = _verb("Put it onto the battlefield tapped.")
    assert isinstance(tapped, PutOntoBattlefieldVP) and tapped.tapped
    untapped = _verb("Put it onto the battlefield.")
    assert isinstance(untapped, PutOntoBattlefieldVP) and not untapped.tapped


def test_trigger_and_cost_nodes_carry_their_own_fields() -> None:
    ast = parse("Whenever you cast a spell from your graveyard, draw a card.", "triggered")
    assert isinstance(ast, TriggeredA) and isinstance(ast.trigger, CastTriggerA)
    assert (ast.trigger.caster.kind, ast.trigger.spell.kind) == ("you", "a")
    act = parse("{2}, Sacrifice ~: Draw a card.", "activated")
    assert [type(c) for c in act.costs] == [ManaCostA, SacrificeCostA]  # type: ignore[union-attr]
