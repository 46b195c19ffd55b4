"""Playing the games of a simulation: seeds, seats, agents, chunks of games.

Everything about game ``i`` comes from the simulation's seed and ``i`` alone, never
from which worker plays it nor when: its seed and its agents' seeds
(:func:`derive_seed`), and which deck plays first (deck A in even-numbered games, deck
B in odd ones). So a simulation gives the same records whatever the number of workers
or the backend, and any game can be played again by itself (:func:`play_game`).

103.1: the engine chooses the starting seat at random from the game's seed. The
runner seats the decks so that the deck due to play first sits in that seat: it starts
the game with deck A in seat 0 and, when the other deck got the first turn, starts it
again from the same seed with the seats swapped. The starting seat is drawn after both
libraries are shuffled (103.3), so with libraries of equal size it doesn't depend on
which deck sits where and the swap always gives the deck due; with libraries of
different sizes the swapped game may start with the other deck, and is played as the
engine chose (the record says who played first).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import dataclass

from karn.agents import HeuristicAgent, RandomAgent, run_game
from karn.agents.base import Agent
from karn.cards.pool import CardPool
from karn.game import Game
from karn.sim.backends import run_tasks
from karn.sim.decks import DeckSpec, check_playable, pool_for, resolve_deck
from karn.sim.errors import GameFailedError, SimError
from karn.sim.results import GameRecord, SimResult, summarize

#: Called as games finish with (games done, games in all).
Progress = Callable[[int, int], object]

#: The agents a simulation can seat, by name: each is built for one game from the
#: game's card pool and the agent's seed.
AGENTS: dict[str, Callable[[CardPool, int], Agent]] = {
    "heuristic": lambda pool, seed: HeuristicAgent(pool=pool),
    "random": lambda pool, seed: RandomAgent(seed),
}

#: Games per chunk at most: a chunk is the unit of work sent to a worker.
MAX_CHUNK = 25

_SEED_BITS = 63


def simulate(
    deck_a: DeckSpec,
    deck_b: DeckSpec,
    games: int = 1000,
    agents: str | Sequence[str] = ("heuristic", "heuristic"),
    jobs: int = 1,
    seed: int = 0,
    dask: object = None,
    progress: Progress | None = None,
) -> SimResult:
    """Play ``games`` two-player games of ``deck_a`` against ``deck_b`` and return the figures.

    ``agents``: the agents of deck A and deck B (``"heuristic"``, ``"random"``, or both
    as ``"heuristic,random"``). ``jobs``: local worker processes (1: this process);
    ``dask``: a dask.distributed scheduler's address or ``Client`` to play the games on
    instead. ``progress(done, games)`` is called as games finish. Game ``i`` gets its
    seeds from ``seed`` and ``i`` alone and deck A plays first in the even-numbered
    games (103.1), so the result is the same for the same seed whatever ``jobs`` or
    backend. A deck karn can't read or play raises a :class:`DeckError` listing every
    problem; a mistake in the other arguments a :class:`SimError`.
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise SimError(f"the number of games must be at least 1, not {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SimError(f"the seed must be an int, not {seed!r}")
    agent_names = parse_agents(agents)
    decks = (resolve_deck(deck_a, "deck A"), resolve_deck(deck_b, "deck B"))
    check_playable(*decks)
    workers = jobs if dask is None else 8  # with dask the cluster's size is not known yet
    tasks = chunks(decks[0].cards, decks[1].cards, agent_names, seed, games, max(1, workers))
    records: list[GameRecord | None] = [None] * games
    done = 0
    with closing(run_tasks(run_chunk, tasks, jobs=jobs, dask=dask)) as results:
        for finished in results:
            for record in finished:
                records[record.index] = record
            done += len(finished)
            if progress is not None:
                progress(done, games)
    ordered = [r for r in records if r is not None]
    return summarize((decks[0].name, decks[1].name), agent_names, seed, ordered)


def derive_seed(sim_seed: int, index: int, role: str) -> int:
    """A seed for one part of game ``index`` (``role``: "game", "agent A", "agent B"):
    the first 63 bits of a BLAKE2b hash of the three, so games and agents of one
    simulation get unrelated seeds, and neighbouring simulation seeds unrelated games.

    >>> derive_seed(0, 0, "game") == derive_seed(0, 0, "game") != derive_seed(0, 1, "game")
    True
    """
    digest = hashlib.blake2b(f"karn-sim:{sim_seed}:{index}:{role}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> (64 - _SEED_BITS)


def parse_agents(spec: str | Sequence[str]) -> tuple[str, str]:
    """The agents of deck A and deck B from ``"heuristic,random"`` (or one name for both,
    or a pair of names); a :class:`SimError` for anything else.

    >>> parse_agents("heuristic"), parse_agents("heuristic,random")
    (('heuristic', 'heuristic'), ('heuristic', 'random'))
    """
    names = [n.strip().lower() for n in spec.split(",")] if isinstance(spec, str) else list(spec)
    if len(names) == 1:
        names = names * 2
    known = ", ".join(AGENTS)
    if len(names) != 2:
        raise SimError(f"agents: give one agent or two separated by a comma ({known}), not {spec!r}")
    unknown = [n for n in names if n not in AGENTS]
    if unknown:
        raise SimError(f"unknown agent {unknown[0]!r} in {spec!r} (agents: {known})")
    return (names[0], names[1])


@dataclass(frozen=True, slots=True)
class Chunk:
    """Games ``start`` to ``stop - 1`` of a simulation: plain data, sent to a worker."""

    deck_a: tuple[str, ...]
    deck_b: tuple[str, ...]
    agents: tuple[str, str]
    seed: int
    start: int
    stop: int


def chunks(
    deck_a: tuple[str, ...],
    deck_b: tuple[str, ...],
    agents: tuple[str, str],
    seed: int,
    games: int,
    workers: int,
) -> list[Chunk]:
    """The games cut into chunks: about four per worker, at most :data:`MAX_CHUNK` games each
    (the cut changes only the order in which games finish, never a game)."""
    size = max(1, min(MAX_CHUNK, -(-games // (workers * 4))))
    return [Chunk(deck_a, deck_b, agents, seed, i, min(games, i + size)) for i in range(0, games, size)]


def run_chunk(chunk: Chunk) -> list[GameRecord]:
    """Play a chunk's games (in a worker): the pool of the two decks is compiled once per process."""
    pool = pool_for(chunk.deck_a + chunk.deck_b)
    return [
        play_game(chunk.deck_a, chunk.deck_b, chunk.agents, chunk.seed, index, pool)
        for index in range(chunk.start, chunk.stop)
    ]


def play_game(
    deck_a: Sequence[str],
    deck_b: Sequence[str],
    agents: tuple[str, str],
    sim_seed: int,
    index: int,
    pool: CardPool,
) -> GameRecord:
    """Play game ``index`` of a simulation to its end (104) and record it."""
    seed = derive_seed(sim_seed, index, "game")
    agent_seeds = (derive_seed(sim_seed, index, "agent A"), derive_seed(sim_seed, index, "agent B"))
    due_first = index % 2  # the deck due to play first: A in even games, B in odd ones
    seat_a = 0
    game = Game.new(deck_a, deck_b, seed=seed, pool=pool)
    if game.state.active != due_first:  # 103.1: the other deck's seat was chosen; swap the seats
        swapped = Game.new(deck_b, deck_a, seed=seed, pool=pool)
        if swapped.state.active == 1 - due_first:
            game, seat_a = swapped, 1
    first_seat = game.state.active  # 103.1: the starting player, chosen before any turn
    seat_deck = (0, 1) if seat_a == 0 else (1, 0)  # the deck in each seat
    seated = [AGENTS[agents[deck]](pool, agent_seeds[deck]) for deck in seat_deck]
    try:
        decisions = run_game(game, seated)
    except Exception as e:
        raise GameFailedError(f"game {index} (seed {seed}, deck A in seat {seat_a}) failed: {e!r}") from e
    winner = game.winner
    players = game.state.players
    return GameRecord(
        index=index,
        seed=seed,
        agent_seeds=agent_seeds,
        seat_a=seat_a,
        first=seat_deck[first_seat],
        winner=None if winner is None else seat_deck[winner],
        turns=game.state.turn,
        mulligans_a=players[seat_a].mulligans,
        mulligans_b=players[1 - seat_a].mulligans,
        decisions=decisions,
    )
