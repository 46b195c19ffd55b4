"""The lowering registries: one lowering function per verb and sentence node class.

A lowering is registered with a decorator (``@lowers(DamageVP)``) and found by
the node's class in a dict; nothing dispatches on verbs with if/elif. A verb
node class without a registered lowering can't be lowered: the completeness
test in ``tests/oracle/test_lowering_registry.py`` lists such classes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from karn.ir.nodes import Effect
from karn.oracle.lowering.context import Ctx, LowerError
from karn.oracle.syntax import NP, Item, SentenceA, VerbA


@dataclass
class Clause:
    """What a verb lowering sees besides its verb phrase.

    * ``subject``: the clause's subject, or the previous clause's in a chain
      ("draws two cards and loses 2 life"); None for an instruction to the
      ability's controller (608.2c);
    * ``out``: the effects lowered so far for the ability (or the enclosing
      "you may"); a fusion may amend the last one ("It can't be regenerated.");
    * ``previous``: the verb of the clause before it in the same chain;
    * ``rest``: the clauses after it in the same chain; a lowering may take them
      ("you may A, then B": the option covers B too).
    """

    subject: NP | None
    ctx: Ctx
    out: list[Effect]
    previous: VerbA | None
    rest: list[Item]


V = TypeVar("V", bound=VerbA)
S = TypeVar("S", bound=SentenceA)
VerbLowering = Callable[[V, Clause], list[Effect]]
SentenceLowering = Callable[[S, Ctx, list[Effect]], None]

_VERBS: dict[type[VerbA], Callable[[Any, Clause], list[Effect]]] = {}
_SENTENCES: dict[type[SentenceA], Callable[[Any, Ctx, list[Effect]], None]] = {}


def lowers(verb: type[V]) -> Callable[[VerbLowering[V]], VerbLowering[V]]:
    """Register the lowering of one verb node class."""

    def register(fn: VerbLowering[V]) -> VerbLowering[V]:
        if verb in _VERBS:
            raise RuntimeError(f"two lowerings registered for {verb.__name__}")
        _VERBS[verb] = fn
        return fn

    return register


def lowers_sentence(sentence: type[S]) -> Callable[[SentenceLowering[S]], SentenceLowering[S]]:
    """Register the lowering of one sentence node class."""

    def register(fn: SentenceLowering[S]) -> SentenceLowering[S]:
        if sentence in _SENTENCES:
            raise RuntimeError(f"two lowerings registered for {sentence.__name__}")
        _SENTENCES[sentence] = fn
        return fn

    return register


def lower_verb(vp: VerbA, clause: Clause) -> list[Effect]:
    """Lower one verb phrase with its registered lowering."""
    fn = _VERBS.get(type(vp))
    if fn is None:
        raise no_effect(vp, clause.ctx)
    return fn(vp, clause)


def lower_sentence(sentence: SentenceA, ctx: Ctx, out: list[Effect]) -> None:
    """Lower one sentence with its registered lowering, appending to ``out``."""
    fn = _SENTENCES.get(type(sentence))
    if fn is None:
        raise ctx.fail(f"no lowering for the sentence '{sentence.text}'")
    fn(sentence, ctx, out)


def no_effect(vp: VerbA, ctx: Ctx) -> LowerError:
    """The error for a verb the IR has no effect for (in this position)."""
    return ctx.fail(f"the IR has no effect for '{vp.text}'")


def verb_lowerings() -> dict[type[VerbA], Callable[[Any, Clause], list[Effect]]]:
    """A copy of the verb registry (for the completeness test)."""
    return dict(_VERBS)


def sentence_lowerings() -> dict[type[SentenceA], Callable[[Any, Ctx, list[Effect]], None]]:
    """A copy of the sentence registry (for the completeness test)."""
    return dict(_SENTENCES)
