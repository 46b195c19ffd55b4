"""Continuous effects on players (613.10) and on the rules of hand size (402.2, 613.11).

Static abilities such as "You have hexproof." (Leyline of Sanctity), "You have no maximum
hand size." (Reliquary Tower) or "Your maximum hand size is reduced by four." (Thought
Devourer) are :class:`~karn.ir.GameRules` abilities. They are read from the permanents'
characteristics after all layers are applied (613.10: effects on players apply after the
objects' characteristics are determined; a permanent that lost its abilities gives none),
then in timestamp order (613.7a: a static ability's timestamp is its object's).
"""

from __future__ import annotations

from karn import ir
from karn.engine.context import Context
from karn.engine.pipeline.replacement import applies_to, static_rules

#: 402.2: each player's maximum hand size is normally seven.
DEFAULT_MAXIMUM_HAND_SIZE = 7


def _player_changes(ctx: Context, player: int, rules: frozenset[str]) -> list[ir.RuleChange]:
    """The rules changes of these kinds that apply to ``player``, in timestamp order (613.7)."""
    objects = ctx.state.objects
    found = [
        (objects[src].timestamp, src, change)
        for src, controller, change in static_rules(ctx)
        if change.rule in rules and applies_to(change.players, player, controller)
    ]
    found.sort(key=lambda x: (x[0], x[1]))
    return [change for _, _, change in found]


def player_has(ctx: Context, player: int, keyword: str) -> bool:
    """613.10: does ``player`` have hexproof or shroud ("You have hexproof.", 702.11d, 702.18)?"""
    return bool(_player_changes(ctx, player, frozenset({keyword})))


_HAND_SIZE_RULES = frozenset({"no_maximum_hand_size", "maximum_hand_size", "maximum_hand_size_plus"})


def maximum_hand_size(ctx: Context, player: int) -> int | None:
    """402.2, 613.11: ``player``'s maximum hand size (None: no maximum), the effects that
    change it applied in timestamp order after all other continuous effects: "is N" sets it,
    "increased/reduced by N" changes a number, and "no maximum hand size" leaves no number to
    change until a later effect sets one."""
    size: int | None = DEFAULT_MAXIMUM_HAND_SIZE
    for change in _player_changes(ctx, player, _HAND_SIZE_RULES):
        if change.rule == "no_maximum_hand_size":
            size = None
        elif change.rule == "maximum_hand_size":
            size = change.amount
        elif size is not None:
            size += change.amount
    return None if size is None else max(0, size)
