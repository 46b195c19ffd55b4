"""Optional and additional costs, cost reductions (601.2b, 601.2f-h, 702.33)."""

from __future__ import annotations

import pytest
from rules_boards import setup as board

from karn import Action, Game


def setup(hand: list[str], battlefield: list[str]) -> Game:
    """The casting board with a Grizzly Bears on the opponent's side."""
    return board(hand, battlefield, ("Grizzly Bears",))


def cast(g: Game) -> None:
    g.apply(next(a for a in g.legal_actions() if a.kind == "cast"))


@pytest.mark.cr("702.33a", "601.2b")
def test_a_kicker_cost_that_cant_be_paid_is_not_offered() -> None:
    g = setup(["Into the Roil"], ["Island", "Island"])
    cast(g)
    d = g.decision
    assert d is not None and d.kind == "kicker"
    assert [o.a for o in d.options if o.kind == "kicker"] == [0]  # only "don't pay"


@pytest.mark.cr("702.33a", "601.2f", "733.1")
def test_kicker_adds_to_the_total_cost_and_cancelling_rewinds() -> None:
    g = setup(["Into the Roil"], ["Island"] * 4)
    before = g.dumps()
    cast(g)
    g.apply(Action("kicker", 1))
    g.apply(next(a for a in g.legal_actions() if a.kind == "target"))
    d = g.decision
    assert d is not None and d.kind == "pay" and "{2}{U}{U}" in d.prompt  # {1}{U} + kicker {1}{U}
    g.apply(Action("cancel"))
    assert g.dumps() == before


@pytest.mark.cr("601.2f")
def test_a_generic_reduction_never_reduces_colored_mana() -> None:
    # Thunderscape Familiar: "Black spells and green spells you cast cost {1} less to cast."
    # Giant Growth costs {G}: still {G}, not less.
    g = setup(["Giant Growth"], ["Thunderscape Familiar", "Forest"])
    cast(g)
    g.apply(next(a for a in g.legal_actions() if a.kind == "target"))
    d = g.decision
    assert d is not None and d.kind == "pay" and "{G}" in d.prompt


@pytest.mark.cr("601.2h", "701.21a")
def test_an_additional_sacrifice_is_required_to_begin() -> None:
    g = setup(["Altar's Reap"], ["Swamp", "Swamp"])  # no creature to sacrifice
    assert not any(a.kind == "cast" for a in g.legal_actions())
