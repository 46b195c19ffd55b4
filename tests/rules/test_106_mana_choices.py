"""Mana abilities whose mana is chosen as they resolve (106.1, 106.7, 605.3b): "Add {R} or {G}.",
"Add one mana of any color.", "in any combination of colors", "any type that a land you control
could produce"; asked of the player by hand, picked by the payment solver automatically."""

from __future__ import annotations

import pytest

from karn import Action, Game
from karn.engine.state import BATTLEFIELD


def board(mine: list[str], hand: list[str], theirs: tuple[str, ...] = ()) -> tuple[Game, dict[str, int]]:
    g = Game.empty()
    for _ in range(5):
        g.add_card(0, "Wastes", "library")
        g.add_card(1, "Wastes", "library")
    ids = {n: g.add_card(0, n, BATTLEFIELD) for n in mine}
    for n in theirs:
        ids[f"B.{n}"] = g.add_card(1, n, BATTLEFIELD)
    for n in hand:
        ids[n] = g.add_card(0, n, "hand")
    g.begin_at(0, "precombat_main")
    return g, ids


def tap(g: Game, oid: int, n: int = 0) -> None:
    """Activate the n-th mana ability the player is offered for this permanent."""
    g.apply([a for a in g.legal_actions() if a.kind == "mana" and a.a == oid][n])


def labels(g: Game) -> list[str]:
    assert g.decision is not None
    return [o.label for o in g.decision.options]


@pytest.mark.cr("106.1a", "605.3b")
def test_one_mana_of_any_color_asks_the_color_when_tapped_by_hand() -> None:
    g, ids = board(["Birds of Paradise"], [])
    tap(g, ids["Birds of Paradise"])
    assert g.decision is not None and g.decision.kind == "mana_choice"
    assert labels(g) == ["{W}", "{U}", "{B}", "{R}", "{G}"]
    assert not g.obj(ids["Birds of Paradise"]).tapped  # nothing happens before the choice
    g.apply(Action("mana_choice", 3))
    assert g.state.players[0].pool == {"R": 1}
    assert g.obj(ids["Birds of Paradise"]).tapped
    assert g.decision is not None and g.decision.kind == "priority"


@pytest.mark.cr("106.1", "605.3b")
def test_an_or_list_offers_exactly_its_mana() -> None:
    g, ids = board(["Karplusan Forest"], [])
    mana_options = [a for a in g.legal_actions() if a.kind == "mana" and a.a == ids["Karplusan Forest"]]
    assert len(mana_options) == 2  # {C}, and {R} or {G}
    g.apply(mana_options[1])
    assert labels(g) == ["{R}", "{G}"]
    g.apply(Action("mana_choice", 1))
    assert g.state.players[0].pool == {"G": 1}


@pytest.mark.cr("106.1", "605.3b", "120.3")
def test_a_pain_land_deals_its_damage_as_its_colored_mana_ability_resolves() -> None:
    g, ids = board(["Karplusan Forest"], [])
    mana_options = [a for a in g.legal_actions() if a.kind == "mana" and a.a == ids["Karplusan Forest"]]
    g.apply(mana_options[0])  # {T}: Add {C}. no damage
    assert g.state.players[0].life == 20 and g.state.players[0].pool == {"C": 1}


@pytest.mark.cr("106.1", "605.3b", "120.3")
def test_a_pain_land_colored_mana_costs_one_life() -> None:
    g, ids = board(["Karplusan Forest"], [])
    mana_options = [a for a in g.legal_actions() if a.kind == "mana" and a.a == ids["Karplusan Forest"]]
    g.apply(mana_options[1])
    g.apply(Action("mana_choice", 0))
    assert g.state.players[0].pool == {"R": 1}
    assert g.state.players[0].life == 19


@pytest.mark.cr("106.1a", "601.2g", "605.3b")
def test_the_solver_taps_an_any_color_source_for_the_color_the_cost_needs() -> None:
    g, ids = board(["Birds of Paradise", "Mountain"], ["Lightning Bolt"])
    g.apply(Action("cast", ids["Lightning Bolt"]))
    while g.decision is not None and g.decision.kind == "target":
        g.apply(Action("target", -2))  # player B
    assert g.decision is not None and g.decision.kind == "pay"
    g.apply(Action("pay"))
    # the Mountain (one option) pays {R} before the Birds (five options)
    assert g.obj(ids["Mountain"]).tapped and not g.obj(ids["Birds of Paradise"]).tapped


@pytest.mark.cr("106.7")
def test_any_type_a_land_you_control_could_produce() -> None:
    g, ids = board(["Reflecting Pool", "Island", "Wastes"], [])
    tap(g, ids["Reflecting Pool"])
    assert labels(g) == ["{U}", "{C}"]
    g.apply(Action("mana_choice", 1))
    assert g.state.players[0].pool == {"C": 1}


@pytest.mark.cr("106.7", "106.5")
def test_any_color_an_opponents_land_could_produce_with_no_such_land_adds_nothing() -> None:
    g, ids = board(["Exotic Orchard"], [], theirs=("Exotic Orchard",))
    tap(g, ids["Exotic Orchard"])
    assert g.state.players[0].pool == {}
    assert g.obj(ids["Exotic Orchard"]).tapped


@pytest.mark.cr("106.7")
def test_exotic_orchards_see_each_others_lands_but_not_their_own_kind() -> None:
    # 106.7's example: my Forest, my Exotic Orchard and the opponent's Exotic Orchard: each
    # Orchard could produce {G}
    g, ids = board(["Exotic Orchard", "Forest"], [], theirs=("Exotic Orchard",))
    tap(g, ids["Exotic Orchard"])
    assert g.state.players[0].pool == {"G": 1}  # one option only: taken without a question


@pytest.mark.cr("106.1a", "903.4f")
def test_commanders_color_identity_without_a_commander_adds_no_mana() -> None:
    g, ids = board(["Arcane Signet"], [])
    tap(g, ids["Arcane Signet"])
    assert g.state.players[0].pool == {}
