"""Ashiok, Wicked Manipulator's +1: "Look at the top two cards of your library. Exile one of them
and put the other into your hand." (701.16a). Only the controller sees the two cards while they
choose (401.5); the game waits as data (it copies and saves mid-choice); the agents answer the
choice; the card put into the hand stays hidden from the opponent, the exiled one is public."""

from __future__ import annotations

import pytest

from karn import Action, Game
from karn.agents.heuristic import HeuristicAgent
from karn.agents.random_agent import RandomAgent
from karn.oracle.pool import build_pool

ASHIOK = "Ashiok, Wicked Manipulator"


def _game() -> tuple[Game, dict[str, int]]:
    pool = build_pool([ASHIOK, "Grizzly Bears", "Lightning Bolt", "Wastes"])
    g = Game.empty(names=["A", "B"], pool=pool)
    ids = {"Ashiok": g.add_card(0, ASHIOK, "battlefield")}
    g.add_card(0, "Wastes", "library")
    ids["Lightning Bolt"] = g.add_card(0, "Lightning Bolt", "library")
    ids["Grizzly Bears"] = g.add_card(0, "Grizzly Bears", "library")  # the top card
    for _ in range(3):
        g.add_card(1, "Wastes", "library")
    g.begin_at(0, "precombat_main")
    return g, ids


def _to_the_choice(g: Game, ashiok: int) -> None:
    """Activate the +1 (the first loyalty ability, 606.4) and pass until it resolves and asks."""
    plus_one = [a for a in g.legal_actions() if a.kind == "activate" and a.a == ashiok]
    g.apply(min(plus_one, key=lambda a: a.b))
    for _ in range(10):
        d = g.decision
        assert d is not None
        if d.kind == "choose":
            return
        g.apply(Action("pass"), player=d.player)
    raise AssertionError("the +1 never asked which card to exile")


def _known_names(g: Game, player: int) -> set[str]:
    return {k.name for k in g.observation(player).known if k.zone == "library"}


@pytest.mark.cr("701.16a", "401.5", "606.4")
def test_only_the_controller_sees_the_two_cards_while_choosing() -> None:
    g, ids = _game()
    _to_the_choice(g, ids["Ashiok"])
    d = g.decision
    assert d is not None and d.player == 0 and d.rule == "701.16a"
    assert sorted(a.label for a in g.legal_actions()) == ["Grizzly Bears", "Lightning Bolt"]
    assert _known_names(g, 0) == {"Grizzly Bears", "Lightning Bolt"}
    assert _known_names(g, 1) == set()
    assert g.observation(1).decision is None


@pytest.mark.cr("701.16a", "401.5", "400.2")
def test_the_chosen_card_is_exiled_and_the_other_goes_to_the_hand_hidden() -> None:
    g, ids = _game()
    _to_the_choice(g, ids["Ashiok"])
    g.apply(next(a for a in g.legal_actions() if a.label == "Grizzly Bears"))
    a = g.state.players[0]
    assert [g.obj(c).name for c in a.exile] == ["Grizzly Bears"]
    assert [g.obj(c).name for c in a.hand] == ["Lightning Bolt"]
    assert [g.obj(c).name for c in a.library] == ["Wastes"]
    assert g.obj(ids["Ashiok"]).counters == {"loyalty": 6}
    seen_by_b = g.observation(1, log_from=0)
    assert [v.name for v in seen_by_b.players[0].exile] == ["Grizzly Bears"]  # exile is public (400.2)
    assert not any(k.name == "Lightning Bolt" for k in seen_by_b.known)
    assert not any("Lightning Bolt" in e.text for e in seen_by_b.log)  # 401.5: hidden from B
    assert any("Lightning Bolt" in e.text for e in g.observation(0, log_from=0).log)


@pytest.mark.cr("701.16a")
def test_the_choice_copies_and_saves_and_answers_the_same_way() -> None:
    g, ids = _game()
    _to_the_choice(g, ids["Ashiok"])
    games = (g, g.copy(), Game.loads(g.dumps()))
    for game in games:
        game.apply(next(a for a in game.legal_actions() if a.label == "Lightning Bolt"))
    assert len({game.state_hash() for game in games}) == 1
    for game in games:
        assert [game.obj(c).name for c in game.state.players[0].hand] == ["Grizzly Bears"]
        assert [game.obj(c).name for c in game.state.players[0].exile] == ["Lightning Bolt"]


@pytest.mark.cr("701.16a")
def test_the_agents_answer_the_choice() -> None:
    for agent in (HeuristicAgent(), RandomAgent(seed=3)):
        g, ids = _game()
        _to_the_choice(g, ids["Ashiok"])
        d = g.decision
        assert d is not None
        g.apply(agent.choose(g.observation(d.player), g.legal_actions()), player=d.player)
        a = g.state.players[0]
        assert len(a.exile) == 1 and len(a.hand) == 1
        assert {g.obj(a.exile[0]).name, g.obj(a.hand[0]).name} == {"Grizzly Bears", "Lightning Bolt"}
