"""Goldfishing: a deck played alone, against an opponent who does nothing, to see how fast it kills.

The deck is played by the heuristic agent. The opponent (a "goldfish") has a deck of
60 Wastes and a :class:`PassingAgent`: it keeps its opening hand, never plays a land
nor casts anything, passes priority, declares no attackers nor blockers, and discards
the first card offered when its hand is too big (514.1). Its life starts at 20
(103.4), so the deck kills it by dealing 20 damage, or wins otherwise (104.3).

What is measured, per game (game ``i``'s seed comes from the goldfish seed and ``i``;
103.1 chooses at random who plays first, and the figures are split by it):

* the **kill turn**: the deck's own turn count when the game ends with its win: its
  Nth turn, or the opponent's turn that follows it (an instant at the end of the
  opponent's turn N counts as turn N). A game that reaches the deck's turn
  ``turns + 1`` without a kill has **no kill by turn** ``turns``.
* the **on-curve** casts. At the start of the deck's precombat main phase (505.1) of
  its turn ``k`` the runner records the cards in its hand and its mana: the untapped
  permanents it controls with a mana ability that needs no mana (a creature only if
  it can attack, 302.6), plus one land from its hand that does not enter tapped, if
  it has not played a land that turn (305.2: its land drop). A card of mana value
  ``m`` is *on curve* on the deck's turn ``max(m, 1)``; in a game where a copy of it
  is in hand then, it *could be cast on curve* when that mana can pay its mana cost
  (X = 0; additional costs, cost changes and timing aside). The chance of casting a
  card on curve is the fraction of the games in which it was in hand on its curve
  turn where it could be cast then.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import closing
from dataclasses import dataclass
from typing import ClassVar

import msgspec

from karn.agents import HeuristicAgent
from karn.cards.mana import ManaCost, ManaCostError
from karn.cards.pool import CardPool
from karn.engine.actions import Action
from karn.engine.observation import Observation
from karn.engine.state import BATTLEFIELD
from karn.game import Game
from karn.sim import stats
from karn.sim.backends import run_tasks
from karn.sim.decks import DeckSpec, check_playable, pool_for, resolve_deck
from karn.sim.errors import GameFailedError, SimError
from karn.sim.mana import ColorSources, can_pay, color_sources, enters_tapped, mana_curve, mana_options
from karn.sim.runner import Progress, derive_seed

#: The goldfish's deck: 60 basic lands it never plays.
OPPONENT_DECK: tuple[str, ...] = ("Wastes",) * 60

#: The deck's turns played at most by default: a game with no kill by then counts as "no kill".
DEFAULT_TURNS = 15

#: The percentiles of the kill turn reported.
PERCENTILES = (10, 25, 50, 75, 90)

#: A goldfish game that takes more decisions than this is stopped (a safety net).
MAX_DECISIONS = 100_000

_DECK = 0  # the deck's seat; the goldfish sits in seat 1
_MAX_CHUNK = 25


class PassingAgent:
    """The goldfish: keeps its hand (103.5), passes priority (117.3d), declares no
    attackers (508.1) nor blockers (509.1); for anything else, the first option that
    is not "cancel". It reads no observation."""

    reads_observation: ClassVar[bool] = False
    _ANSWERS = ("keep", "pass", "done")

    def choose(self, observation: Observation | None, legal_actions: Sequence[Action]) -> Action:
        if not legal_actions:
            raise ValueError("no decision is pending: the game is over")
        for kind in self._ANSWERS:
            for action in legal_actions:
                if action.kind == kind:
                    return action
        return next((a for a in legal_actions if a.kind != "cancel"), legal_actions[0])

    def __repr__(self) -> str:
        return "PassingAgent()"


class GoldfishRecord(msgspec.Struct, frozen=True, gc=False):
    """One goldfish game: ``seed`` (``Game.new(deck, OPPONENT_DECK, seed=seed)``), whether
    the deck played first, its mulligans, its kill turn (None: no kill within the turns
    played), the goldfish's life at the end, and the game's last turn number."""

    index: int
    seed: int
    on_play: bool
    mulligans: int
    kill_turn: int | None
    opponent_life: int
    turns: int


class OnCurve(msgspec.Struct, frozen=True):
    """How often a card could be cast on curve (see :mod:`karn.sim.goldfish`): in
    ``games_held`` games a copy was in hand on the deck's turn ``max(mana_value, 1)``,
    and in ``games_castable`` of them the deck's mana could pay for it then."""

    card: str
    mana_value: int
    games_held: int
    games_castable: int
    rate: float


class GoldfishResult(msgspec.Struct, frozen=True):
    """The figures of a goldfish run. Kill turns are the deck's own turns.

    ``kill_turn_mean`` is over the games with a kill. ``percentiles`` (10, 25, 50, 75,
    90) and ``kill_turn_median`` (the 50th) are over all games, by nearest rank, a game
    with no kill counting as later than any turn: None means that percentile has no
    kill by turn ``turns``. ``histogram`` counts the games killing on each turn 1 to
    ``turns``; ``no_kill`` those that didn't.
    """

    deck: str
    games: int
    seed: int
    turns: int
    kills: int
    no_kill: int
    kill_turn_mean: float | None
    kill_turn_median: int | None
    percentiles: dict[int, int | None]
    histogram: dict[int, int]
    games_on_play: int
    kill_turn_mean_on_play: float | None
    kill_turn_mean_on_draw: float | None
    mulligans: int
    mana_curve: dict[int, int]
    color_sources: dict[str, ColorSources]
    on_curve: list[OnCurve]
    records: list[GoldfishRecord]

    def to_json(self) -> str:
        """Every figure and every game's record, as indented JSON."""
        return msgspec.json.format(msgspec.json.encode(self), indent=2).decode()

    @classmethod
    def from_json(cls, text: str | bytes) -> GoldfishResult:
        return msgspec.json.decode(text, type=cls)


@dataclass(frozen=True, slots=True)
class GoldfishChunk:
    """Goldfish games ``start`` to ``stop - 1``: plain data, sent to a worker."""

    deck: tuple[str, ...]
    seed: int
    turns: int
    start: int
    stop: int


@dataclass(frozen=True, slots=True)
class ChunkResult:
    """A chunk's games, and per card name (games held on curve, games castable on curve)."""

    records: list[GoldfishRecord]
    on_curve: dict[str, tuple[int, int]]


def goldfish(
    deck: DeckSpec,
    games: int = 1000,
    seed: int = 0,
    turns: int = DEFAULT_TURNS,
    jobs: int = 1,
    dask: object = None,
    progress: Progress | None = None,
) -> GoldfishResult:
    """Play ``deck`` alone ``games`` times against a goldfish (see :mod:`karn.sim.goldfish`),
    each game for at most ``turns`` of the deck's turns, and return its kill turns, mana
    curve, color sources and on-curve chances. ``jobs``, ``dask`` and ``progress`` work
    as for :func:`karn.sim.simulate`; the result is the same whatever they are.
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise SimError(f"the number of games must be at least 1, not {games!r}")
    if isinstance(turns, bool) or not isinstance(turns, int) or turns < 1:
        raise SimError(f"the number of turns must be at least 1, not {turns!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SimError(f"the seed must be an int, not {seed!r}")
    played = resolve_deck(deck, "deck")
    pool = check_playable(played)
    workers = jobs if dask is None else 8
    size = max(1, min(_MAX_CHUNK, -(-games // (max(1, workers) * 4))))
    tasks = [GoldfishChunk(played.cards, seed, turns, i, min(games, i + size)) for i in range(0, games, size)]
    records: list[GoldfishRecord | None] = [None] * games
    on_curve: dict[str, list[int]] = {}
    done = 0
    with closing(run_tasks(run_goldfish_chunk, tasks, jobs=jobs, dask=dask)) as results:
        for result in results:
            for record in result.records:
                records[record.index] = record
            for card, (held, castable) in result.on_curve.items():
                counts = on_curve.setdefault(card, [0, 0])
                counts[0] += held
                counts[1] += castable
            done += len(result.records)
            if progress is not None:
                progress(done, games)
    ordered = [r for r in records if r is not None]
    return _summarize(played.name, played.cards, seed, turns, ordered, on_curve, pool)


def run_goldfish_chunk(chunk: GoldfishChunk) -> ChunkResult:
    """Play a chunk of goldfish games (in a worker)."""
    pool = pool_for(chunk.deck + OPPONENT_DECK[:1])
    records: list[GoldfishRecord] = []
    on_curve: dict[str, tuple[int, int]] = {}
    for index in range(chunk.start, chunk.stop):
        record, held, castable = play_goldfish(chunk.deck, pool, chunk.seed, index, chunk.turns)
        records.append(record)
        for card in held:
            h, c = on_curve.get(card, (0, 0))
            on_curve[card] = (h + 1, c + (card in castable))
    return ChunkResult(records, on_curve)


def own_turn(turn: int, on_play: bool) -> int:
    """The deck's turn count at game turn ``turn``: its turns are the odd ones when it
    played first, the even ones otherwise (two players alternate, 500.1)."""
    return (turn + 1) // 2 if on_play else turn // 2


def play_goldfish(
    deck: Sequence[str], pool: CardPool, sim_seed: int, index: int, turns: int
) -> tuple[GoldfishRecord, set[str], set[str]]:
    """Play goldfish game ``index``; returns its record, the cards held on their curve
    turn, and those of them that could be cast then."""
    seed = derive_seed(sim_seed, index, "goldfish")
    game = Game.new(deck, OPPONENT_DECK, seed=seed, pool=pool)
    state = game.state
    on_play = state.active == _DECK  # 103.1
    last_turn = 2 * turns if on_play else 2 * turns + 1  # the goldfish's turn after the deck's last one
    agent = HeuristicAgent(pool=pool)
    goldfish_agent = PassingAgent()
    held: set[str] = set()
    castable: set[str] = set()
    recorded_turn = 0
    seen = 0
    decisions = 0
    try:
        while not game.is_over() and state.turn <= last_turn:
            decision = game.decision
            assert decision is not None
            if decision.player != _DECK:
                game.apply(goldfish_agent.choose(None, game.legal_actions()))
            else:
                if (
                    decision.kind == "priority"
                    and state.active == _DECK
                    and state.step == "precombat_main"
                    and state.turn != recorded_turn
                ):
                    recorded_turn = state.turn
                    turn_held, turn_castable = on_curve_cards(game, own_turn(state.turn, on_play))
                    held |= turn_held
                    castable |= turn_castable
                observation = game.observation(_DECK, seen)
                seen = observation.log_size
                game.apply(agent.choose(observation, game.legal_actions()))
            decisions += 1
            if decisions > MAX_DECISIONS:
                raise GameFailedError(f"no end within {MAX_DECISIONS} decisions")
    except Exception as e:
        raise GameFailedError(f"goldfish game {index} (seed {seed}) failed: {e!r}") from e
    kill_turn: int | None = None
    if game.is_over() and game.winner == _DECK:
        kill_turn = own_turn(state.turn, on_play)
        if kill_turn > turns:
            kill_turn = None
    record = GoldfishRecord(
        index=index,
        seed=seed,
        on_play=on_play,
        mulligans=state.players[_DECK].mulligans,
        kill_turn=kill_turn,
        opponent_life=state.players[1 - _DECK].life,
        turns=state.turn,
    )
    return record, held, castable


def on_curve_cards(game: Game, turn: int) -> tuple[set[str], set[str]]:
    """At the start of the deck's (seat 0's) precombat main phase of its turn ``turn``:
    the cards in its hand that are on curve, and those of them its mana could pay for
    (see :mod:`karn.sim.goldfish`)."""
    held: set[str] = set()
    castable: set[str] = set()
    state = game.state
    player = state.players[_DECK]
    pool = game.pool
    hand = [game.obj(card).name for card in player.hand]
    due: list[tuple[str, ManaCost]] = []
    for name in dict.fromkeys(hand):
        face = pool.face(name)
        if "land" in face.types or not face.mana_cost or max(face.mana_value, 1) != turn:
            continue
        try:
            due.append((name, face.cost))
        except ManaCostError:
            continue
    if not due:
        return held, castable
    sources: list[tuple[str, ...]] = []
    for permanent in state.battlefield:
        obj = game.obj(permanent)
        if obj.zone != BATTLEFIELD or obj.tapped or game.controller(permanent) != _DECK:
            continue
        chars = game.chars(permanent)
        if chars.is_("creature") and obj.sick and "haste" not in chars.keywords:
            continue  # 302.6: a creature's {T} abilities wait until it has been under control since the turn began
        options = mana_options(chars.abilities)
        if options:
            sources.append(options)
    drops: list[tuple[str, ...]] = [()]
    if player.lands_played == 0:  # 305.2: one land a turn
        for name in dict.fromkeys(hand):
            abilities = pool.compiled(name).abilities
            if "land" in pool.face(name).types and not enters_tapped(abilities):
                options = mana_options(abilities)
                if options:
                    drops.append(options)
    for name, cost in due:
        held.add(name)
        if any(can_pay(cost, [*sources, drop] if drop else sources) for drop in drops):
            castable.add(name)
    return held, castable


def _summarize(
    name: str,
    cards: Sequence[str],
    seed: int,
    turns: int,
    records: Sequence[GoldfishRecord],
    on_curve: dict[str, list[int]],
    pool: CardPool,
) -> GoldfishResult:
    kills = [r.kill_turn for r in records if r.kill_turn is not None]
    beyond = turns + 1  # no kill: later than any turn played
    ordered = sorted(r.kill_turn if r.kill_turn is not None else beyond for r in records)

    def at(fraction: float) -> int | None:
        value = int(stats.percentile(ordered, fraction))
        return value if value <= turns else None

    on_play = [r.kill_turn for r in records if r.on_play and r.kill_turn is not None]
    on_draw = [r.kill_turn for r in records if not r.on_play and r.kill_turn is not None]
    counted = stats.histogram(kills)
    curve = [
        OnCurve(card, pool.face(card).mana_value, held, castable, stats.rate(castable, held))
        for card, (held, castable) in on_curve.items()
    ]
    curve.sort(key=lambda c: (c.mana_value, c.card))
    return GoldfishResult(
        deck=name,
        games=len(records),
        seed=seed,
        turns=turns,
        kills=len(kills),
        no_kill=len(records) - len(kills),
        kill_turn_mean=stats.mean(kills),
        kill_turn_median=at(0.5),
        percentiles={p: at(p / 100) for p in PERCENTILES},
        histogram={turn: counted.get(turn, 0) for turn in range(1, turns + 1)},
        games_on_play=sum(1 for r in records if r.on_play),
        kill_turn_mean_on_play=stats.mean(on_play),
        kill_turn_mean_on_draw=stats.mean(on_draw),
        mulligans=sum(r.mulligans for r in records),
        mana_curve=mana_curve(cards, pool),
        color_sources=color_sources(cards, pool),
        on_curve=curve,
        records=list(records),
    )
