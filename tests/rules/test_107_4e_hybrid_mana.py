"""Hybrid, monocolored hybrid and Phyrexian mana symbols (107.4e-f): mana value (202.3f-g),
colors (105.2), the announcement of how each is paid (601.2b) and paying life (119.4)."""

from __future__ import annotations

import pytest
from rules_boards import setup

from karn import Action, Game, IllegalActionError
from karn.cards.mana import LIFE, ManaCost, hybrid_alternatives
from karn.engine.state import HAND


@pytest.mark.cr("202.3f", "202.3g")
def test_mana_value_counts_the_largest_component_and_phyrexian_as_one() -> None:
    assert ManaCost.parse("{1}{W/U}{W/U}").mana_value == 3
    assert ManaCost.parse("{2/B}{2/B}{2/B}").mana_value == 6
    assert ManaCost.parse("{1}{W/P}{W/P}").mana_value == 3
    assert ManaCost.parse("{G/U/P}").mana_value == 1


@pytest.mark.cr("105.2", "107.4e", "107.4f")
def test_a_hybrid_symbol_is_each_of_its_colors() -> None:
    assert ManaCost.parse("{R/G}{R/G}").colors == ("R", "G")
    assert ManaCost.parse("{G/U/P}").colors == ("U", "G")
    assert ManaCost.parse("{2/W}").colors == ("W",)
    assert str(ManaCost.parse("{1}{B/P}{B/P}")) == "{1}{B/P}{B/P}"


@pytest.mark.cr("107.4e", "107.4f")
def test_the_ways_to_pay_each_symbol() -> None:
    assert hybrid_alternatives("W/U") == ("W", "U")
    assert hybrid_alternatives("2/W") == ("W", "2")
    assert hybrid_alternatives("W/P") == ("W", LIFE)
    assert hybrid_alternatives("G/U/P") == ("G", "U", LIFE)
    plain, life = ManaCost.parse("{1}{B/P}{B/P}").settle(("B", LIFE))
    assert (str(plain), life) == ("{1}{B}", 2)
    plain, life = ManaCost.parse("{2/W}{2/W}").settle(("2", "W"))
    assert (str(plain), life) == ("{2}{W}", 0)


@pytest.mark.cr("202.3f", "202.3g")
def test_cards_mana_value_on_the_game() -> None:
    g = setup(["Dismember", "Spectral Procession"], [])
    hand = g.state.players[0].hand
    values = {g.state.objects[o].name: g.chars(o).mana_value for o in hand}
    assert values == {"Dismember": 3, "Spectral Procession": 6}
    assert all(g.state.objects[o].zone == HAND for o in hand)


@pytest.mark.cr("601.2b", "107.4f")
def test_the_phyrexian_announcement_offers_mana_first_then_life() -> None:
    g = setup(["Mutagenic Growth"], ["Forest", "Grizzly Bears"])
    g.apply(next(a for a in g.legal_actions() if a.kind == "cast"))
    d = g.decision
    assert d is not None and d.kind == "hybrid" and d.rule == "601.2b"
    labels = [o.label for o in d.options if o.kind == "hybrid"]
    assert labels == ["pay {G/P} with {G}", "pay {G/P} with 2 life"]


@pytest.mark.cr("119.4", "733.1")
def test_life_cant_be_announced_with_less_life_and_the_game_is_unchanged() -> None:
    g = setup(["Mutagenic Growth"], ["Forest", "Grizzly Bears"])
    g.state.players[0].life = 1
    g.apply(next(a for a in g.legal_actions() if a.kind == "cast"))
    d = g.decision
    assert d is not None and [o.label for o in d.options if o.kind == "hybrid"] == ["pay {G/P} with {G}"]
    before = g.state_hash()
    with pytest.raises(IllegalActionError):
        g.apply(Action("hybrid", 1))  # 2 life, with 1 life
    assert g.state_hash() == before


@pytest.mark.cr("601.2b", "601.2h", "107.4f")
def test_life_announced_by_hand_is_paid_with_the_cost() -> None:
    g = setup(["Mutagenic Growth"], ["Forest", "Grizzly Bears"])
    g.apply(next(a for a in g.legal_actions() if a.kind == "cast"))
    g.apply(Action("hybrid", 1))  # 2 life
    g.apply(next(a for a in g.legal_actions() if a.kind == "target"))
    d = g.decision
    assert d is not None and d.kind == "pay"
    assert any(o.kind == "pay" and "2 life" in o.label for o in d.options)
    g.apply(Action("pay"))
    assert g.state.players[0].life == 18
    forest = next(o for o in g.state.battlefield if g.state.objects[o].name == "Forest")
    assert not g.state.objects[forest].tapped


@pytest.mark.cr("601.2b", "107.4f")
def test_a_phyrexian_symbol_without_the_color_is_only_payable_with_life() -> None:
    g = setup(["Gut Shot"], [])
    g.apply(next(a for a in g.legal_actions() if a.kind == "cast"))
    d = g.decision
    assert d is not None and [o.label for o in d.options if o.kind == "hybrid"] == ["pay {R/P} with 2 life"]


@pytest.mark.cr("601.2b", "107.4e")
def test_only_ways_that_keep_the_cost_payable_are_offered() -> None:
    # Spectral Procession with one Plains and four Mountains: the first {2/W} may be {W} or {2};
    # once {W} is announced, the Plains is spoken for: the others can only be {2}.
    g = setup(["Spectral Procession"], ["Plains"] + ["Mountain"] * 4)
    g.apply(next(a for a in g.legal_actions() if a.kind == "cast"))
    d = g.decision
    assert d is not None and [o.label for o in d.options if o.kind == "hybrid"] == [
        "pay {2/W} with {W}",
        "pay {2/W} with {2}",
    ]
    g.apply(Action("hybrid", 0))
    d = g.decision
    assert d is not None and [o.label for o in d.options if o.kind == "hybrid"] == ["pay {2/W} with {2}"]


@pytest.mark.cr("701.20e", "107.4f")
def test_gitaxian_probe_shows_the_hand_to_its_caster_only() -> None:
    g = Game.empty()
    for _ in range(5):
        g.add_card(0, "Wastes", "library")
    g.add_card(0, "Gitaxian Probe", HAND)
    bolt = g.add_card(1, "Lightning Bolt", HAND)
    g.begin_at(0, "precombat_main")
    g.apply(next(a for a in g.legal_actions() if a.kind == "cast"))
    g.apply(Action("hybrid", 1))  # 2 life: the only way offered without blue mana
    g.apply(next(a for a in g.legal_actions() if a.kind == "target" and a.a == -2))  # player 1
    g.apply(Action("pay"))
    while g.state.stack:
        g.apply(Action("pass"))
    assert g.state.players[0].life == 18
    assert bolt in {k.id for k in g.observation(0).known}
    log = [e for e in g.observation(1).log if "looks at" in e.text]
    assert log and "Lightning Bolt" not in log[-1].text  # the others read only that they looked


@pytest.mark.cr("107.4f", "119.4", "601.2b")
def test_hybrid_phyrexian_is_paid_with_either_color_or_2_life() -> None:
    from karn.engine.mana import settle_hybrid

    cost = ManaCost.parse("{1}{G/U/P}")
    found = settle_hybrid({"U": 1, "R": 1}, cost, [], life=20)
    assert found is not None and found[0] == ("U",) and found[1] == 0  # mana before life
    found = settle_hybrid({"R": 1}, cost, [], life=2)
    assert found is not None and found[0] == (LIFE,) and found[1] == 2  # 119.4: 2 life at 2 is legal
    assert settle_hybrid({"R": 1}, cost, [], life=1) is None  # 119.4: not with 1 life
