"""Players for karn games: the :class:`Agent` protocol, a random and a heuristic agent, and match helpers.

>>> from karn.agents import HeuristicAgent, RandomAgent, play_game
>>> g = play_game("red_burn", "green_stompy", [HeuristicAgent(), RandomAgent(1)], seed=3)
>>> g.is_over()
True
"""

from karn.agents.base import Agent, BlindAgent
from karn.agents.heuristic import HeuristicAgent
from karn.agents.play import AgentError, MatchResult, play_game, play_match, run_game
from karn.agents.random_agent import RandomAgent

__all__ = [
    "Agent",
    "AgentError",
    "BlindAgent",
    "HeuristicAgent",
    "MatchResult",
    "RandomAgent",
    "play_game",
    "play_match",
    "run_game",
]
