"""Finding nested IR nodes: the abilities an ability's effects create, delayed (603.7)
and reflexive (603.12) triggered abilities."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from karn.ir.nodes import (
    AnyPlayerMay,
    CreateDelayed,
    Effect,
    ForEachTarget,
    IfCondition,
    May,
    Reflexive,
    Trigger,
    Triggered,
)

Nested = CreateDelayed | Reflexive


def nested_abilities(effects: Iterable[Effect]) -> Iterator[Nested]:
    """The :class:`CreateDelayed` and :class:`Reflexive` effects, in text order (inside
    "you may", "for each of them" and inside each other too). Their index in this order names them:
    ``"nested:<index>:<parent ability id>"``."""
    for e in effects:
        if isinstance(e, (CreateDelayed, Reflexive)):
            yield e
            yield from nested_abilities(e.effects)
        elif isinstance(e, May | ForEachTarget | AnyPlayerMay):
            yield from nested_abilities(e.effects)
        elif isinstance(e, IfCondition):
            yield from nested_abilities(e.effects)
            yield from nested_abilities(e.otherwise)


def as_triggered(node: Nested) -> Triggered:
    """The triggered ability a :class:`CreateDelayed` (603.7a) or :class:`Reflexive`
    (603.12) effect creates."""
    if isinstance(node, Reflexive):
        return Triggered(Trigger("reflexive"), node.effects, node.targets, text=node.text)
    return Triggered(node.when, node.effects, (), text=node.text)
