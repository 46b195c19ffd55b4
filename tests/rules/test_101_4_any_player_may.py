"""101.4: "At the beginning of each upkeep, any player may sacrifice two lands of their choice or
have this enchantment deal 5 damage to that player. If a player does either, destroy this
enchantment." (Worms of the Earth). The players are asked in APNAP order; the game waits as data
(it copies and saves mid-question); the agents answer the new decisions."""

from __future__ import annotations

import pytest

from karn import Action, Game
from karn.agents.heuristic import HeuristicAgent
from karn.agents.random_agent import RandomAgent
from karn.oracle.pool import build_pool


def _game() -> Game:
    pool = build_pool(["Worms of the Earth", "Forest", "Swamp", "Wastes"])
    g = Game.empty(names=["A", "B"], pool=pool)
    g.add_card(0, "Worms of the Earth", "battlefield")
    g.add_card(0, "Swamp", "battlefield")
    for _ in range(3):
        g.add_card(1, "Forest", "battlefield")
    for p in (0, 1):
        for _ in range(5):
            g.add_card(p, "Wastes", "library")
    g.begin_at(1, "untap")
    return g


def _to_the_question(g: Game) -> None:
    """Pass priority until the upkeep trigger resolves and asks its first player."""
    for _ in range(20):
        d = g.decision
        assert d is not None
        if d.kind == "any_player":
            return
        g.apply(Action("pass"))
    raise AssertionError("the upkeep trigger never asked")


@pytest.mark.cr("101.4")
def test_the_active_player_is_asked_first_and_the_other_only_after_declining() -> None:
    g = _game()
    _to_the_question(g)
    d = g.decision
    assert d is not None and d.player == 1 and d.rule == "101.4"
    assert sorted(a.label for a in g.legal_actions()) == ["no", "sacrifice 2", "take 5 damage"]
    g.apply(next(a for a in g.legal_actions() if a.kind == "no"))
    d = g.decision
    # A controls a single land: sacrificing two isn't offered.
    assert d is not None and d.player == 0
    assert sorted(a.label for a in g.legal_actions()) == ["no", "take 5 damage"]


@pytest.mark.cr("101.4", "701.21a")
def test_the_question_copies_and_saves_and_answers_the_same_way() -> None:
    g = _game()
    _to_the_question(g)
    g.apply(next(a for a in g.legal_actions() if a.kind == "option" and a.label == "sacrifice 2"))
    d = g.decision
    assert d is not None and d.kind == "choose" and d.player == 1
    games = (g, g.copy(), Game.loads(g.dumps()))
    for game in games:
        while game.decision is not None and game.decision.kind == "choose":
            game.apply(game.legal_actions()[0])
    assert len({game.state_hash() for game in games}) == 1
    for game in games:
        names = sorted(game.obj(t).name for t in game.state.battlefield)
        assert names == ["Forest", "Swamp"]
        assert [game.obj(t).name for t in game.state.players[0].graveyard] == ["Worms of the Earth"]


@pytest.mark.cr("101.4")
def test_the_agents_answer_the_question() -> None:
    for agent in (HeuristicAgent(), RandomAgent(seed=3)):
        g = _game()
        _to_the_question(g)
        while g.decision is not None and g.decision.kind in ("any_player", "choose"):
            action = agent.choose(g.observation(g.decision.player), g.legal_actions())
            g.apply(action, player=g.decision.player)
        assert g.decision is not None
