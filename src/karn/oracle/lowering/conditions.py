"""Conditions -> IR :class:`Condition`: intervening "if" clauses of triggered abilities (603.4),
the "if" of an instruction (608.2c) and the "as long as" of a static ability (611.3a)."""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from karn.ir.nodes import Condition, Count, Filter, Var
from karn.oracle.lowering.context import Ctx
from karn.oracle.lowering.descriptions import describe
from karn.oracle.lowering.references import object_ref, player_ref
from karn.oracle.syntax import ConditionA


def lower_condition(c: ConditionA, ctx: Ctx) -> Condition:
    """ "if you have 40 or more life", "if you control no creatures", "if you have no cards
    in hand", "if this artifact is untapped", "if there are seven or more cards in your
    graveyard", "if a creature died this turn", "if it's your turn"."""
    op: Literal[">=", "<="] = ">=" if c.op == ">=" else "<="
    if c.kind == "life":
        who = player_ref(c.subject, ctx)
        return Condition("compare", Var("life", who), op, c.value)
    if c.kind in ("tapped", "untapped"):
        ref = object_ref(c.subject, ctx)
        return Condition("tapped" if c.kind == "tapped" else "untapped", ref=ref)
    if c.kind == "card_exiled_this_turn":
        # "if a card was put into exile this turn" (603.4): from any zone, by anyone
        return Condition("compare", Count("exiled_this_turn"), ">=", 1)
    if c.kind == "your_turn":
        return Condition("your_turn")  # 102.1: "you" are the active player
    if c.kind == "not_your_turn":
        return Condition("not_your_turn")
    if c.kind == "attacked":
        return Condition("compare", Count("attacked_with"), ">=", 1)  # 508.1 ("raid")
    if c.kind == "gained_life":
        return Condition("compare", Var("life_gained_this_turn"), ">=", 1)  # 119.9
    if c.kind == "drawn":
        return Condition("compare", Var("cards_drawn_this_turn"), op, c.value)  # 121.1
    if c.kind == "cast":
        return Condition("compare", Var("spells_cast_this_turn"), op, c.value)  # 601.2i
    if c.kind == "creature_died":
        return Condition("compare", Count("creatures_died_this_turn"), ">=", 1)  # 700.4 ("morbid")
    if c.kind == "land_entered":
        return Condition("compare", Count("lands_entered_this_turn"), ">=", 1)
    if c.kind in ("there_are", "card_types") and c.desc is not None:
        # "if there are seven or more cards in your graveyard", "... four or more card types
        # among cards in your graveyard" (205.2a)
        d = describe(c.desc, ctx)
        if d.objects is None or d.players is not None:
            raise ctx.fail(f"'{c.desc.text}' is not a kind of object")
        what: Literal["objects", "card_types"] = "card_types" if c.kind == "card_types" else "objects"
        return Condition("compare", Count(what, d.objects), op, c.value)
    if c.kind == "no_spells_last_turn":
        # "if no spells were cast last turn": by any player during the previous turn
        return Condition("compare", Count("spells_last_turn"), "<=", 0)
    if c.kind == "spells_last_turn":
        # "if a player cast two or more spells last turn": one player did, during the previous turn
        if c.subject.kind != "a" or c.subject.text != "a player" or op != ">=":
            raise ctx.fail(f"the IR counts the spells one player cast last turn, not '{c.text}'")
        return Condition("compare", Count("most_spells_last_turn"), ">=", c.value)
    if c.subject.kind != "you":
        raise ctx.fail(f"the IR counts only your own objects, not '{c.subject.text}''s")
    if c.kind == "no_cards_in_hand":
        return Condition("compare", Count("objects", Filter(zone="hand", owner="you")), "<=", 0)
    if c.kind == "control" and c.desc is not None:
        d = describe(c.desc, ctx)
        if d.objects is None or d.players is not None or d.objects.zone != "battlefield":
            raise ctx.fail(f"'{c.desc.text}' is not a kind of permanent")
        if d.objects.controller not in (None, "you"):
            raise ctx.fail(f"'you control {c.desc.text}'")
        flt = replace(d.objects, controller="you")
        return Condition("compare", Count("objects", flt), op, c.value)
    raise ctx.fail(f"the IR has no condition for '{c.text}'")
