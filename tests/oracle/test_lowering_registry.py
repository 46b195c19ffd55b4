"""The lowering registries: every AST verb and sentence node has its lowering,
and the parser builds one typed node per verb shape."""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass

import pytest

from karn.oracle import syntax
from karn.oracle.lowering.context import Ctx, LowerError
from karn.oracle.lowering.registry import Clause, lower_verb, sentence_lowerings, verb_lowerings
from karn.oracle.parser import _Builder, grammar_text, parse
from karn.oracle.syntax import (
    ChainSentence,
    DamageVP,
    Effects,
    PutCountersVP,
    PutOntoBattlefieldVP,
    SentenceA,
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
    missing = sorted(v.__name__ for v in verbs - set(verb_lowerings()))
    assert missing == []


def test_every_sentence_node_has_a_lowering() -> None:
    sentences = _subclasses(SentenceA)
    assert {s.__name__ for s in sentences} >= {"ChainSentence", "IfItsSentence", "SorceryOnlySentence"}
    missing = sorted(s.__name__ for s in sentences - set(sentence_lowerings()))
    assert missing == []


def test_registries_hold_only_ast_nodes() -> None:
    assert set(verb_lowerings()) <= _subclasses(VerbA)
    assert set(sentence_lowerings()) <= _subclasses(SentenceA)


def test_every_verb_rule_has_a_builder_method() -> None:
    aliases = set(re.findall(r"->\s*(v_\w+)", grammar_text()))
    assert len(aliases) > 30
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
