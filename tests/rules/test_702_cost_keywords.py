"""Keywords about paying for spells (702): convoke (702.51a), improvise (702.126a) and delve
(702.66a) pay part of the total cost while it is paid (601.2h) without changing it (702.51b,
702.66b); crew (702.122a) taps other creatures with enough total power."""

from __future__ import annotations

import pytest
from rules_boards import setup

from karn import Action, Game
from karn.engine.state import EXILE, player_ref


def named(g: Game, name: str) -> list[int]:
    return [o for o in g.state.battlefield if g.obj(o).name == name]


def start_cast(g: Game, name: str) -> None:
    card = next(o for o in g.state.players[0].hand if g.obj(o).name == name)
    g.apply(Action("cast", card))


def target_player(g: Game) -> None:
    d = g.decision
    assert d is not None and d.kind == "target"
    g.apply(next(Action(o.kind, o.a, o.b) for o in d.options if o.kind == "target" and o.a < 0))


@pytest.mark.cr("702.51a", "601.2h")
def test_convoke_offers_each_creature_for_the_symbols_it_can_pay() -> None:
    g = setup(["Stoke the Flames"], ["Mountain", "Mountain", "Raging Goblin", "Grizzly Bears"])
    start_cast(g, "Stoke the Flames")
    target_player(g)
    d = g.decision
    assert d is not None and d.kind == "pay"
    (goblin,) = named(g, "Raging Goblin")
    (bears,) = named(g, "Grizzly Bears")
    convoke = {(o.a, o.b) for o in d.options if o.kind == "convoke"}
    # the red Goblin pays {R} (b=4: R in WUBRG, plus one) or one generic mana; the green Bears
    # can't pay {R}, only generic (no {G} in the cost)
    assert convoke == {(goblin, 4), (goblin, 0), (bears, 0)}
    g.apply(Action("convoke", goblin, 4))
    assert g.obj(goblin).tapped
    d = g.decision
    assert d is not None and d.kind == "pay" and "{2}{R}" in d.prompt
    g.apply(Action("convoke", bears, 0))
    g.apply(Action("pay"))
    assert len(g.state.stack) == 1
    assert all(g.obj(m).tapped for m in named(g, "Mountain"))


@pytest.mark.cr("702.51a", "733.1")
def test_a_convoked_creature_is_untapped_again_when_the_cast_is_cancelled() -> None:
    g = setup(["Stoke the Flames"], ["Mountain", "Mountain", "Grizzly Bears", "Grizzly Bears"])
    start_cast(g, "Stoke the Flames")
    target_player(g)
    bears = named(g, "Grizzly Bears")[0]
    g.apply(Action("convoke", bears, 0))
    assert g.obj(bears).tapped
    g.apply(Action("cancel"))
    assert not g.obj(bears).tapped
    assert not g.state.stack


@pytest.mark.cr("702.51a", "601.2h", "302.6")
def test_convoke_makes_a_spell_castable_that_mana_alone_cant_pay() -> None:
    g = setup(["Stoke the Flames"], ["Mountain", "Mountain"])
    assert not any(a.kind == "cast" for a in g.legal_actions())
    g2 = setup(["Stoke the Flames"], ["Mountain", "Mountain", "Grizzly Bears", "Grizzly Bears"])
    for bears in named(g2, "Grizzly Bears"):
        g2.obj(bears).sick = True  # summoning sick creatures convoke too: no {T} of theirs
    assert any(a.kind == "cast" for a in g2.legal_actions())


@pytest.mark.cr("702.66a", "702.66b")
def test_delve_exiles_only_for_generic_mana() -> None:
    g = setup(["Treasure Cruise"], ["Island"], graveyard=("Shock",) * 7)
    start_cast(g, "Treasure Cruise")
    d = g.decision
    assert d is not None and d.kind == "pay"
    cards = list(g.state.players[0].graveyard)
    for card in cards:
        g.apply(Action("delve", card, 0))
    # seven cards paid {7}: nothing generic is left, so no more delve options; {U} remains
    d = g.decision
    assert d is not None and not any(o.kind == "delve" for o in d.options)
    g.apply(Action("pay"))
    assert not g.state.players[0].graveyard  # 400.7: each card is a new object in exile
    assert sum(1 for o in g.state.objects.values() if o.zone == EXILE and o.name == "Shock") == 7
    assert len(g.state.stack) == 1


@pytest.mark.cr("702.126a")
def test_improvise_artifacts_cant_pay_colored_mana() -> None:
    g = setup(["Reverse Engineer"], ["Island", "Ornithopter", "Ornithopter", "Ornithopter", "Ornithopter"])
    assert not any(a.kind == "cast" for a in g.legal_actions())  # {U}{U} needs two blue sources


@pytest.mark.cr("702.41a", "601.2f")
def test_affinity_counts_the_artifacts_as_the_cost_is_determined() -> None:
    g = setup(["Myr Enforcer"], ["Ornithopter"] * 5 + ["Island", "Island"])
    start_cast(g, "Myr Enforcer")
    d = g.decision
    assert d is not None and d.kind == "pay" and "{2}" in d.prompt  # {7} less {5}


@pytest.mark.cr("702.122a", "702.122b")
def test_crew_stops_once_the_total_power_is_enough() -> None:
    g = setup([], ["Sky Skiff", "Ornithopter", "Grizzly Bears"])
    (skiff,) = named(g, "Sky Skiff")
    crew = next(a for a in g.legal_actions() if a.kind == "activate" and a.a == skiff)
    g.apply(crew)
    d = g.decision
    assert d is not None and d.kind == "crew" and d.rule == "702.122a"
    assert not any(o.kind == "crew_done" for o in d.options)
    assert skiff not in {o.a for o in d.options if o.kind == "crew"}  # 702.122a: "other"
    (bears,) = named(g, "Grizzly Bears")
    g.apply(Action("crew", bears))
    d = g.decision
    assert d is not None and any(o.kind == "crew_done" for o in d.options)
    g.apply(Action("crew_done"))
    assert g.obj(bears).tapped
    assert not g.obj(named(g, "Ornithopter")[0]).tapped
    assert len(g.state.stack) == 1


@pytest.mark.cr("702.27a", "601.2b", "601.2h")
def test_buyback_is_offered_only_when_payable_and_adds_to_the_total_cost() -> None:
    g = setup(["Whispers of the Muse"], ["Island"] * 6)  # {U}, buyback {5}
    start_cast(g, "Whispers of the Muse")
    d = g.decision
    assert d is not None and d.kind == "buyback" and d.rule == "702.27a"
    assert {o.a for o in d.options if o.kind == "buyback"} == {0, 1}
    g.apply(Action("buyback", 1))
    d = g.decision
    assert d is not None and d.kind == "pay" and "{5}{U}" in d.prompt
    g5 = setup(["Whispers of the Muse"], ["Island"] * 5)
    start_cast(g5, "Whispers of the Muse")
    d = g5.decision
    assert d is not None and {o.a for o in d.options if o.kind == "buyback"} == {0}


@pytest.mark.cr("702.27a", "608.2n")
def test_a_bought_back_spell_returns_to_its_owners_hand() -> None:
    g = setup(["Whispers of the Muse"], ["Island"] * 6)
    start_cast(g, "Whispers of the Muse")
    g.apply(Action("buyback", 1))
    g.apply(Action("pay"))
    (spell,) = g.state.stack
    assert g.obj(spell).buyback
    g.apply(Action("pass"))
    g.apply(Action("pass"))
    names = [g.obj(o).name for o in g.state.players[0].hand]
    assert names.count("Whispers of the Muse") == 1 and len(names) == 2  # and the card drawn
    assert not g.state.players[0].graveyard


@pytest.mark.cr("702.137a", "118.9")
def test_the_heuristic_agent_casts_for_spectacle_when_offered() -> None:
    from karn.agents.heuristic import HeuristicAgent

    g = setup(["Shock", "Skewer the Critics"], ["Mountain", "Mountain", "Mountain", "Mountain"])
    start_cast(g, "Shock")
    g.apply(Action("target", player_ref(1)))  # B
    g.apply(Action("pay"))
    g.apply(Action("pass"))
    g.apply(Action("pass"))  # Shock resolves: B lost 2 life this turn
    start_cast(g, "Skewer the Critics")
    d = g.decision
    assert d is not None and d.kind == "alt"
    choice = HeuristicAgent().choose(g.observation(0), g.legal_actions())
    assert choice.kind == "alt" and choice.a >= 2  # ALT_OPTION: the spectacle cost, not {2}{R}
