"""Running games and matches between agents."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeAlias, cast

from karn.agents.base import Agent, BlindAgent, reads_observation
from karn.cards.decks import Deck
from karn.engine.actions import IllegalActionError
from karn.game import Game

DeckSpec: TypeAlias = str | Deck | Sequence[str]

#: A game that takes more decisions than this is stopped (a safety net, never reached in practice).
MAX_DECISIONS = 200_000


class AgentError(RuntimeError):
    """An agent returned an action that is not legal (or the game did not end)."""


def play_game(
    deck_a: DeckSpec,
    deck_b: DeckSpec,
    agents: Sequence[Agent],
    seed: int = 0,
    *,
    max_decisions: int = MAX_DECISIONS,
) -> Game:
    """Play one game to its end: player 0 gets ``deck_a`` and ``agents[0]``, player 1 the others.

    Returns the finished game (``game.winner``, ``game.log``). An agent that answers
    with an illegal action raises :class:`AgentError`.
    """
    if len(agents) != 2:
        raise ValueError("play_game needs exactly two agents")
    g = Game.new(deck_a, deck_b, seed=seed)
    run_game(g, agents, max_decisions=max_decisions)
    return g


def run_game(g: Game, agents: Sequence[Agent], *, max_decisions: int = MAX_DECISIONS) -> int:
    """Let ``agents`` (indexed by player) play ``g`` to its end; returns the number of decisions taken.

    Each agent is called with its player's observation and the legal actions, never the
    game. The observation's log holds what was logged since that agent's previous decision
    (the whole log so far, the first time). An agent with ``reads_observation = False``
    gets ``None`` instead (:class:`~karn.agents.base.BlindAgent`).
    """
    n = 0
    seen = [0] * len(g.state.players)  # per player: the log entries already given
    blind = [not reads_observation(a) for a in agents]
    while not g.is_over():
        d = g.decision
        if d is None:  # pragma: no cover - the engine always has a decision until the game ends
            raise AgentError("the game is not over but no decision is pending")
        if n >= max_decisions:
            raise AgentError(f"the game did not end within {max_decisions} decisions")
        p = d.player
        if blind[p]:
            action = cast(BlindAgent, agents[p]).choose(None, g.legal_actions())
        else:
            obs = g.observation(p, seen[p])
            seen[p] = obs.log_size
            action = agents[p].choose(obs, g.legal_actions())
        try:
            g.apply(action)
        except IllegalActionError as e:
            raise AgentError(f"{agents[p]!r} chose an illegal action {action!r}: {e}") from e
        n += 1
    return n


@dataclass
class MatchResult:
    """Results of a match, from the point of view of the agents as passed to :func:`play_match`."""

    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    decisions: int = 0
    turns: int = 0
    seconds: float = 0.0
    winners: list[int | None] = field(default_factory=list)  # per game: agent index, None for a draw

    def win_rate(self, agent: int) -> float:
        return self.wins[agent] / self.games if self.games else 0.0

    def __str__(self) -> str:
        return (
            f"{self.games} games: {self.wins[0]}-{self.wins[1]} ({self.draws} draws), "
            f"agent 0 win rate {self.win_rate(0):.1%}, {self.decisions} decisions, {self.seconds:.1f} s"
        )


def play_match(
    n: int,
    deck_a: DeckSpec,
    deck_b: DeckSpec,
    agents: Sequence[Agent],
    seed: int = 0,
    *,
    alternate: bool = True,
) -> MatchResult:
    """Play ``n`` games between ``agents[0]`` and ``agents[1]``; game ``k`` uses seed ``seed + k``.

    With ``alternate`` the seats swap every game and the decks every second game, so
    over four games each agent plays each deck from each seat once. Without it agent 0
    always plays ``deck_a`` as player 0.
    """
    if len(agents) != 2:
        raise ValueError("play_match needs exactly two agents")
    res = MatchResult()
    t0 = time.perf_counter()
    for k in range(n):
        swap_seats = alternate and k % 2 == 1
        swap_decks = alternate and (k // 2) % 2 == 1
        decks = [deck_a, deck_b]
        if swap_decks:
            decks.reverse()
        # decks[i] is agent i's deck; the seat of agent 0 is 1 when seats are swapped.
        seat_agents = [agents[1], agents[0]] if swap_seats else [agents[0], agents[1]]
        seat_decks = [decks[1], decks[0]] if swap_seats else [decks[0], decks[1]]
        g = Game.new(seat_decks[0], seat_decks[1], seed=seed + k)
        res.decisions += run_game(g, seat_agents)
        res.games += 1
        res.turns += g.state.turn
        w = g.winner
        if w is None:
            res.draws += 1
            res.winners.append(None)
        else:
            agent = (1 - w) if swap_seats else w
            res.wins[agent] += 1
            res.winners.append(agent)
    res.seconds = time.perf_counter() - t0
    return res
