"""Energy counters (107.14, 122.1): got by effects, paid as costs, visible to every player."""

from __future__ import annotations

import pytest
from rules_boards import setup

from karn import Action, Game, IllegalActionError
from karn.engine.state import BATTLEFIELD
from karn.table.build import build_table


def _resolve_all(g: Game) -> None:
    while g.state.stack:
        g.apply(Action("pass"))


@pytest.mark.cr("107.14", "122.1")
def test_getting_energy_shows_in_every_players_observation_and_the_table() -> None:
    g = setup(["Servant of the Conduit"], ["Forest", "Forest"])
    g.apply(next(a for a in g.legal_actions() if a.kind == "cast"))
    g.apply(Action("pay"))
    _resolve_all(g)
    assert g.state.players[0].energy == 2
    assert g.observation(0).players[0].energy == 2
    assert g.observation(1).players[0].energy == 2  # counters on a player are public
    seat = build_table(g, 1).seats[0]
    assert seat.energy == 2


@pytest.mark.cr("107.14", "118.3", "602.2b")
def test_pay_energy_is_offered_only_with_enough_energy() -> None:
    g = setup([], ["Longtusk Cub"])
    cub = next(o for o in g.state.battlefield if g.state.objects[o].name == "Longtusk Cub")
    assert not any(a.kind == "activate" and a.a == cub for a in g.legal_actions())
    g = Game.empty()
    cub = g.add_card(0, "Longtusk Cub", BATTLEFIELD)
    g.state.players[0].energy = 3  # a test board: set before the game begins
    g.begin_at(0, "precombat_main")
    g.apply(next(a for a in g.legal_actions() if a.kind == "activate" and a.a == cub))
    _resolve_all(g)
    assert g.state.players[0].energy == 1
    assert g.state.objects[cub].counters.get("+1/+1") == 1
    assert not any(a.kind == "activate" and a.a == cub for a in g.legal_actions())


@pytest.mark.cr("107.1c", "107.14", "608.2d")
def test_any_amount_offers_zero_to_the_energy_held_and_refuses_more() -> None:
    g = setup(["Harnessed Lightning"], ["Mountain", "Mountain"], ["Hill Giant"])
    g.apply(next(a for a in g.legal_actions() if a.kind == "cast"))
    g.apply(next(a for a in g.legal_actions() if a.kind == "target"))
    g.apply(Action("pay"))
    while g.decision is not None and g.decision.kind == "priority":
        g.apply(Action("pass"))
    d = g.decision
    assert d is not None and d.kind == "amount" and d.rule == "107.1c"
    assert [o.a for o in d.options] == [0, 1, 2, 3]
    before = g.state_hash()
    with pytest.raises(IllegalActionError):
        g.apply(Action("amount", 4))
    assert g.state_hash() == before
    g.apply(Action("amount", 2))
    giant = next(o for o in g.state.battlefield if g.state.objects[o].name == "Hill Giant")
    assert g.state.objects[giant].damage == 2
    assert g.state.players[0].energy == 1
