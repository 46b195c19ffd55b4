"""The lowering registries: one lowering function per AST node class.

A lowering is registered with a decorator naming its node class
(``@lowers(DamageVP)``, ``@lowers_trigger(CastTriggerA)`` ...) and found by the
node's class in a dict; nothing dispatches on node kinds with if/elif. A node
class without a registered lowering can't be lowered: the completeness test
``tests/oracle/test_lowering_registry.py`` lists such classes.

The families: verb phrases (:class:`VerbA`, lowered to effects), sentences
(:class:`SentenceA`), trigger conditions (:class:`TriggerA`), cost parts
(:class:`CostA`) and keyword abilities (:class:`KeywordA`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from karn.ir.nodes import Ability, CostPart, Effect, Trigger
from karn.oracle.lowering.context import CardTypes, Ctx, LowerError
from karn.oracle.syntax import NP, CostA, Item, KeywordA, SentenceA, TriggerA, VerbA

B = TypeVar("B")


class Registry(Generic[B]):
    """Lowering functions by AST node class; ``B`` is the base class of the family."""

    def __init__(self, base: type[B]) -> None:
        self.base = base
        self._fns: dict[type[B], Callable[..., Any]] = {}

    def add(self, cls: type[B], fn: Callable[..., Any]) -> None:
        if cls in self._fns:
            raise RuntimeError(f"two lowerings registered for {cls.__name__}")
        self._fns[cls] = fn

    def find(self, node: B) -> Callable[..., Any] | None:
        return self._fns.get(type(node))

    def classes(self) -> frozenset[type[B]]:
        return frozenset(self._fns)


VERBS: Registry[VerbA] = Registry(VerbA)
SENTENCES: Registry[SentenceA] = Registry(SentenceA)
TRIGGERS: Registry[TriggerA] = Registry(TriggerA)
COSTS: Registry[CostA] = Registry(CostA)
KEYWORDS: Registry[KeywordA] = Registry(KeywordA)
REGISTRIES: tuple[Registry[Any], ...] = (VERBS, SENTENCES, TRIGGERS, COSTS, KEYWORDS)


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


@dataclass
class CostParts:
    """An activated ability's cost being put together from its parts (602.1)."""

    mana: list[str] = field(default_factory=list)
    tap: bool = False
    exile_self: bool = False  # "Exile ~ from your graveyard" (113.6b: the ability works there)
    discard_self: bool = False  # "Discard ~" (113.6b: the ability works from the hand)
    parts: list[CostPart] = field(default_factory=list)


V = TypeVar("V", bound=VerbA)
S = TypeVar("S", bound=SentenceA)
T = TypeVar("T", bound=TriggerA)
C = TypeVar("C", bound=CostA)
K = TypeVar("K", bound=KeywordA)
VerbLowering = Callable[[V, Clause], list[Effect]]
SentenceLowering = Callable[[S, Ctx, list[Effect]], None]
TriggerLowering = Callable[[T, Ctx, CardTypes | None], Trigger]
CostLowering = Callable[[C, CostParts, Ctx], None]
KeywordLowering = Callable[[K, str], list[Ability]]


def lowers(verb: type[V]) -> Callable[[VerbLowering[V]], VerbLowering[V]]:
    """Register the lowering of one verb node class."""

    def register(fn: VerbLowering[V]) -> VerbLowering[V]:
        VERBS.add(verb, fn)
        return fn

    return register


def lowers_sentence(sentence: type[S]) -> Callable[[SentenceLowering[S]], SentenceLowering[S]]:
    """Register the lowering of one sentence node class."""

    def register(fn: SentenceLowering[S]) -> SentenceLowering[S]:
        SENTENCES.add(sentence, fn)
        return fn

    return register


def lowers_trigger(trigger: type[T]) -> Callable[[TriggerLowering[T]], TriggerLowering[T]]:
    """Register the lowering of one trigger condition node class."""

    def register(fn: TriggerLowering[T]) -> TriggerLowering[T]:
        TRIGGERS.add(trigger, fn)
        return fn

    return register


def lowers_cost(cost: type[C]) -> Callable[[CostLowering[C]], CostLowering[C]]:
    """Register the lowering of one cost part node class."""

    def register(fn: CostLowering[C]) -> CostLowering[C]:
        COSTS.add(cost, fn)
        return fn

    return register


def lowers_keyword(keyword: type[K]) -> Callable[[KeywordLowering[K]], KeywordLowering[K]]:
    """Register the lowering of one keyword ability node class."""

    def register(fn: KeywordLowering[K]) -> KeywordLowering[K]:
        KEYWORDS.add(keyword, fn)
        return fn

    return register


def lower_verb(vp: VerbA, clause: Clause) -> list[Effect]:
    """Lower one verb phrase with its registered lowering."""
    fn = VERBS.find(vp)
    if fn is None:
        raise no_effect(vp, clause.ctx)
    effects: list[Effect] = fn(vp, clause)
    return effects


def lower_sentence(sentence: SentenceA, ctx: Ctx, out: list[Effect]) -> None:
    """Lower one sentence with its registered lowering, appending to ``out``."""
    fn = SENTENCES.find(sentence)
    if fn is None:
        raise ctx.fail(f"no lowering for the sentence '{sentence.text}'")
    fn(sentence, ctx, out)


def lower_trigger(trigger: TriggerA, ctx: Ctx, card: CardTypes | None = None) -> Trigger:
    """The trigger condition (603.1), with its registered lowering."""
    ctx.clause = trigger.text
    fn = TRIGGERS.find(trigger)
    if fn is None:
        raise ctx.fail(f"no lowering for the trigger '{trigger.text}'")
    result: Trigger = fn(trigger, ctx, card)
    return result


def lower_cost_part(cost: CostA, parts: CostParts, ctx: Ctx) -> None:
    """Add one cost part to ``parts`` with its registered lowering."""
    ctx.clause = cost.text
    fn = COSTS.find(cost)
    if fn is None:
        raise ctx.fail(f"the IR Cost cannot express '{cost.text}'")
    fn(cost, parts, ctx)


def lower_keyword(keyword: KeywordA, text: str) -> list[Ability]:
    """The abilities a keyword means (702), with its registered lowering."""
    fn = KEYWORDS.find(keyword)
    if fn is None:
        raise LowerError("keyword not supported", text)
    abilities: list[Ability] = fn(keyword, text)
    return abilities


def no_effect(vp: VerbA, ctx: Ctx) -> LowerError:
    """The error for a verb the IR has no effect for (in this position)."""
    return ctx.fail(f"the IR has no effect for '{vp.text}'")
