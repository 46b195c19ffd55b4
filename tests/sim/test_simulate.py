"""karn.sim.simulate: the same results whatever the backend or the number of workers;
seats, seeds, records and figures; mistakes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from karn.agents import HeuristicAgent, RandomAgent, run_game
from karn.cards.decks import DeckError
from karn.game import Game
from karn.sim import GameRecord, SimError, SimResult, derive_seed, goldfish, parse_agents, simulate
from karn.sim.stats import wilson_interval
from karn.ui.cli import main

#: A small simulation: two bundled decks, heuristic agents, a fixed seed.
DECKS = ("red_burn", "green_stompy")
GAMES = 20
SEED = 11


@pytest.fixture(scope="module")
def small_sim() -> SimResult:
    return simulate(*DECKS, games=GAMES, seed=SEED, jobs=1)


def test_same_results_with_two_local_processes(small_sim: SimResult) -> None:
    assert simulate(*DECKS, games=GAMES, seed=SEED, jobs=2).to_json() == small_sim.to_json()


def test_same_results_on_a_dask_cluster(
    small_sim: SimResult, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    distributed = pytest.importorskip("distributed")
    fish_alone = goldfish("red_burn", games=6, seed=2, turns=8)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
    ) as cluster:
        by_address = simulate(*DECKS, games=GAMES, seed=SEED, dask=cluster.scheduler_address)
        with distributed.Client(cluster) as client:
            by_client = simulate(*DECKS, games=GAMES, seed=SEED, dask=client)
            fish_on_dask = goldfish("red_burn", games=6, seed=2, turns=8, dask=client)
        # karn sim --dask ADDRESS: the same figures and games in the --out file.
        out_file = tmp_path / "results.json"
        args = ["sim", *DECKS, "-n", str(GAMES), "--seed", str(SEED), "--dask", cluster.scheduler_address]
        rc = main([*args, "--no-progress", "--out", str(out_file)])
        assert rc == 0, capsys.readouterr().err
    assert by_address.to_json() == small_sim.to_json()
    assert by_client.to_json() == small_sim.to_json()
    assert SimResult.from_json(out_file.read_text()) == small_sim
    assert fish_on_dask.to_json() == fish_alone.to_json()


def test_another_seed_gives_other_games(small_sim: SimResult) -> None:
    other = simulate(*DECKS, games=4, seed=SEED + 1)
    assert [r.seed for r in other.records] != [r.seed for r in small_sim.records[:4]]
    # The first games of a longer simulation are the games of a shorter one.
    assert simulate(*DECKS, games=4, seed=SEED).records == small_sim.records[:4]


@pytest.mark.cr("103.1")
def test_each_deck_plays_first_in_every_other_game(small_sim: SimResult) -> None:
    assert [r.first for r in small_sim.records] == [i % 2 for i in range(GAMES)]
    assert small_sim.deck_a.games_on_play == small_sim.deck_b.games_on_play == GAMES // 2
    assert {r.seat_a for r in small_sim.records} == {0, 1}  # seated either way, as 103.1 chose


def test_seeds_come_from_the_simulation_seed_and_the_game_index(small_sim: SimResult) -> None:
    for i, record in enumerate(small_sim.records):
        assert record.index == i
        assert record.seed == derive_seed(SEED, i, "game")
        assert record.agent_seeds == (derive_seed(SEED, i, "agent A"), derive_seed(SEED, i, "agent B"))
    assert len({r.seed for r in small_sim.records}) == GAMES


@pytest.mark.cr("103.1", "103.5", "104.2a")
def test_a_record_plays_its_game_again() -> None:
    """A game of a simulation, replayed alone from its record, ends the same way."""
    result = simulate(*DECKS, games=3, seed=5, agents="heuristic,random")
    record: GameRecord = result.records[2]
    seats = DECKS if record.seat_a == 0 else DECKS[::-1]
    g = Game.new(*seats, seed=record.seed)
    deck_agents = [HeuristicAgent(pool=g.pool), RandomAgent(record.agent_seeds[1])]
    seat_agents = deck_agents if record.seat_a == 0 else deck_agents[::-1]
    first_seat = g.state.active
    assert run_game(g, seat_agents) == record.decisions
    seat_deck = (0, 1) if record.seat_a == 0 else (1, 0)
    assert seat_deck[first_seat] == record.first
    assert (None if g.winner is None else seat_deck[g.winner]) == record.winner
    assert g.state.turn == record.turns
    assert g.state.players[record.seat_a].mulligans == record.mulligans_a


def test_figures_agree_with_the_records(small_sim: SimResult) -> None:
    r = small_sim
    winners = [g.winner for g in r.records]
    assert r.games == GAMES
    assert (r.deck_a.wins, r.deck_b.wins, r.draws) == (
        winners.count(0),
        winners.count(1),
        winners.count(None),
    )
    assert r.deck_a.wins + r.deck_b.wins + r.draws == GAMES
    assert r.win_rate_a == r.deck_a.wins / GAMES
    assert r.win_rate_a_interval == wilson_interval(r.deck_a.wins, GAMES)
    assert r.deck_a.wins_on_play == sum(1 for g in r.records if g.first == 0 and g.winner == 0)
    assert r.deck_b.wins_on_draw == sum(1 for g in r.records if g.first == 0 and g.winner == 1)
    assert r.deck_a.wins_on_play + r.deck_a.wins_on_draw == r.deck_a.wins
    turns = sorted(g.turns for g in r.records)
    assert r.turns_mean == sum(turns) / GAMES
    assert r.turns_median == (turns[GAMES // 2 - 1] + turns[GAMES // 2]) / 2
    assert r.deck_b.mulligans == sum(g.mulligans_b for g in r.records)
    assert (r.deck_a.name, r.deck_b.name, r.agents, r.seed) == (
        "red_burn",
        "green_stompy",
        ("heuristic",) * 2,
        SEED,
    )


def test_json_holds_every_figure_and_every_game(small_sim: SimResult) -> None:
    data = json.loads(small_sim.to_json())
    assert data["games"] == GAMES and data["seed"] == SEED
    assert data["deck_a"]["name"] == "red_burn" and data["deck_b"]["wins"] == small_sim.deck_b.wins
    assert data["win_rate_a_interval"] == list(small_sim.win_rate_a_interval)
    for key in ("draws", "win_rate_a", "turns_mean", "turns_median"):
        assert key in data
    for key in ("games_on_play", "win_rate_on_play", "win_rate_on_draw", "mulligans", "mulligans_per_game"):
        assert key in data["deck_a"]
    games = data["records"]
    assert len(games) == GAMES
    first = small_sim.records[0]
    assert games[0] == {
        "index": 0,
        "seed": first.seed,
        "agent_seeds": list(first.agent_seeds),
        "seat_a": first.seat_a,
        "first": 0,
        "winner": first.winner,
        "turns": first.turns,
        "mulligans_a": first.mulligans_a,
        "mulligans_b": first.mulligans_b,
        "decisions": first.decisions,
    }
    assert SimResult.from_json(small_sim.to_json()) == small_sim


def test_decks_as_lists_and_progress() -> None:
    seen: list[tuple[int, int]] = []
    deck = ["Mountain"] * 20 + ["Lightning Bolt"] * 20
    result = simulate(
        deck, {"Forest": 20, "Grizzly Bears": 20}, games=3, progress=lambda d, t: seen.append((d, t))
    )
    assert (result.deck_a.name, result.deck_b.name) == ("deck A", "deck B")
    assert seen[-1] == (3, 3) and [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_parse_agents() -> None:
    assert parse_agents("heuristic,random") == ("heuristic", "random")
    assert parse_agents(" Random ") == ("random", "random")
    assert parse_agents(["random", "heuristic"]) == ("random", "heuristic")
    for bad in ("mcts", "heuristic,", "heuristic,random,random", ""):
        with pytest.raises(SimError):
            parse_agents(bad)


def test_mistakes_are_reported_before_any_game() -> None:
    with pytest.raises(SimError, match="at least 1"):
        simulate(*DECKS, games=0)
    with pytest.raises(SimError, match="unknown agent 'alpha'"):
        simulate(*DECKS, games=1, agents="alpha,heuristic")
    with pytest.raises(SimError, match="jobs"):
        simulate(*DECKS, games=1, jobs=0)
    with pytest.raises(DeckError, match="no_such_deck"):
        simulate("no_such_deck", "red_burn", games=1)
    with pytest.raises(DeckError) as info:
        simulate(["Mountain", "Lightnig Bolt", "Grizly Bears"], "red_burn", games=1)
    assert len(info.value.problems) == 2  # every unknown card at once
