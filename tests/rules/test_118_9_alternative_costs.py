"""Alternative costs (118.9) announced as a spell is cast (601.2b): evoke (702.74a), dash
(702.109a), overload (702.96a-b), and multikicker (702.33c), an optional additional cost."""

from __future__ import annotations

import pytest
from rules_boards import setup

from karn import Action, Game
from karn.engine.casting import ALT_OPTION


def cast(g: Game) -> None:
    g.apply(next(a for a in g.legal_actions() if a.kind == "cast"))


@pytest.mark.cr("601.2b", "118.9", "702.74a")
def test_only_the_payable_costs_are_offered() -> None:
    g = setup(["Mulldrifter"], ["Island"] * 3)
    cast(g)
    d = g.decision
    assert d is not None and d.kind == "alt" and d.rule == "601.2b"
    assert [(o.kind, o.a) for o in d.options] == [("alt", ALT_OPTION), ("cancel", 0)]
    g5 = setup(["Mulldrifter"], ["Island"] * 5)
    cast(g5)
    assert g5.decision is not None
    assert [o.a for o in g5.decision.options if o.kind == "alt"] == [0, ALT_OPTION]


@pytest.mark.cr("702.74a", "603.4")
def test_the_evoked_spell_records_its_cost_and_a_copy_of_the_game_keeps_it() -> None:
    g = setup(["Mulldrifter"], ["Island"] * 5)
    cast(g)
    g.apply(Action("alt", ALT_OPTION))
    g.apply(Action("pay"))
    (spell,) = g.state.stack
    assert g.obj(spell).alt_cost == "evoke"
    assert sum(1 for o in g.state.battlefield if g.obj(o).tapped) == 3  # {2}{U}, not {4}{U}
    copied = g.copy()
    assert copied.state_hash() == g.state_hash()
    assert copied.obj(spell).alt_cost == "evoke"


@pytest.mark.cr("702.96b", "601.2c")
def test_an_overloaded_spell_asks_for_no_target() -> None:
    g = setup(["Vandalblast"], ["Mountain"] * 5, ("Ornithopter", "Ornithopter"))
    cast(g)
    g.apply(Action("alt", ALT_OPTION))
    d = g.decision
    assert d is not None and d.kind == "pay"  # no 601.2c target decision
    g.apply(Action("pay"))
    (spell,) = g.state.stack
    assert g.obj(spell).targets == []


@pytest.mark.cr("702.33c", "601.2b", "601.2f")
def test_multikicker_is_asked_again_until_declined_or_unpayable() -> None:
    g = setup(["Gnarlid Pack"], ["Forest"] * 6)
    cast(g)
    paid = 0
    while g.decision is not None and g.decision.kind == "kicker":
        if not any(o.kind == "kicker" and o.a == 1 for o in g.decision.options):
            g.apply(Action("kicker", 0))  # a third {1}{G} can't be paid with six lands
            break
        g.apply(Action("kicker", 1))
        paid += 1
    assert paid == 2
    assert g.decision is not None and g.decision.kind == "pay"
    g.apply(Action("pay"))
    (spell,) = g.state.stack
    assert g.obj(spell).kicked == (0, 0)  # 702.33d: kicked twice
