"""Finding nested IR nodes: the delayed triggered abilities an ability's effects create."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from karn.ir.nodes import CreateDelayed, Effect, May, Triggered


def delayed_abilities(effects: Iterable[Effect]) -> Iterator[CreateDelayed]:
    """The :class:`CreateDelayed` effects, in text order (inside "you may" too). Their
    index in this order names them: ``"delayed:<index>:<parent ability id>"``."""
    for e in effects:
        if isinstance(e, CreateDelayed):
            yield e
            yield from delayed_abilities(e.effects)
        elif isinstance(e, May):
            yield from delayed_abilities(e.effects)


def as_triggered(node: CreateDelayed) -> Triggered:
    """The delayed triggered ability a :class:`CreateDelayed` creates (603.7a)."""
    return Triggered(node.when, node.effects, (), text=node.text)
