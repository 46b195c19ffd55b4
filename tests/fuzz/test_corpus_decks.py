"""Random games with decks of random playable corpus cards (not only the starter pool).

Every card the Oracle compiler calls playable must run in the engine: no crash,
cards conserved, a legal action until the game ends, round trips exact.
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from karn import Game
from karn.cards.database import CardDatabase, CardFace
from karn.engine.state import BATTLEFIELD, STACK
from karn.oracle import compile_card
from karn.oracle.pool import parts_refused

BASICS = ["Plains", "Island", "Swamp", "Mountain", "Forest"]
GAMES = int(os.environ.get("KARN_CORPUS_GAMES", "12"))


def _playable() -> list[str]:
    db = CardDatabase.default()
    out = []
    for f in db.faces():
        # plane and phenomenon cards are played from a planar deck, never a deck (311.2, 312.2)
        planar = "plane" in f.types or "phenomenon" in f.types
        if "land" not in f.types and not planar and compile_card(f).playable and not _part_refused(db, f):
            out.append(f.name)
    return out


def _part_refused(db: CardDatabase, f: CardFace) -> bool:
    """A card plays only when each of its parts does (709.3, 712.8e): a transforming card whose
    back face doesn't compile is not playable, as a deck list says (karn.oracle.pool)."""
    if not (f.parts or f.back):
        return False
    parts = {p.name: compile_card(p, part=True) for p in db.card_faces(f.name)[1:]}
    return bool(parts_refused(f, parts))


@pytest.fixture(scope="module")
def playable() -> list[str]:
    return _playable()


def _conserved(g: Game, total: int) -> None:
    s = g.state
    seen: Counter[int] = Counter()
    for p in s.players:
        for zone in (p.library, p.hand, p.graveyard, p.exile):
            for oid in zone:
                seen[s.objects[oid].card] += 1
    for oid in s.battlefield + s.stack:
        o = s.objects[oid]
        assert o.zone in (BATTLEFIELD, STACK)
        if o.card >= 0:
            seen[o.card] += 1
    assert all(n == 1 for n in seen.values())
    assert len(seen) == total


def _play(decks: list[list[str]], seed: int, max_steps: int = 4000) -> Game:
    g = Game.new(decks[0], decks[1], seed=seed)
    r = random.Random(seed)
    total = len(decks[0]) + len(decks[1])
    steps = 0
    while not g.is_over() and steps < max_steps:
        acts = g.legal_actions()
        assert acts, "a legal action exists until the game is over"
        if steps % 97 == 0:
            c = Game.loads(g.dumps())
            assert c.state_hash() == g.state_hash()
        g.apply(r.choice(acts))
        _conserved(g, total)
        steps += 1
    return g


@pytest.mark.cr("101.1")
def test_random_playable_corpus_cards_run(playable: list[str]) -> None:
    rng = random.Random(20261122)
    assert len(playable) > 1000
    for game in range(GAMES):
        decks = [
            [rng.choice(playable) for _ in range(36)] + [rng.choice(BASICS) for _ in range(24)]
            for _ in range(2)
        ]
        g = _play(decks, seed=game)
        assert g.is_over() or len(g.log) > 0


@pytest.mark.slow
def test_many_random_corpus_games(playable: list[str]) -> None:
    rng = random.Random(7)
    for game in range(200):
        decks = [
            [rng.choice(playable) for _ in range(36)] + [rng.choice(BASICS) for _ in range(24)]
            for _ in range(2)
        ]
        _play(decks, seed=1000 + game)


HEURISTIC_GAMES = int(os.environ.get("KARN_CORPUS_HEURISTIC_GAMES", "3"))


@pytest.mark.cr("111.4", "701.21a")
def test_heuristic_agent_plays_corpus_decks_with_tokens_and_sacrifices(playable: list[str]) -> None:
    """No agent karn ships may crash on a legal decision (reliability A1: a token among the
    options of a sacrifice). Decks of corpus cards that make tokens and make players
    sacrifice, the heuristic agent in both seats, every answer legal."""
    from karn.agents import HeuristicAgent

    db = CardDatabase.default()
    texts = {name: db.get(name).text.lower() for name in playable}
    tokens = [n for n in playable if "token" in texts[n]]
    sacrifices = [n for n in playable if "sacrifices a creature" in texts[n]]
    assert len(tokens) > 100 and len(sacrifices) > 20
    token_choices = 0  # decisions that offered a token to the heuristic
    rng = random.Random(20261128)
    for game in range(HEURISTIC_GAMES):
        decks = [
            [rng.choice(tokens) for _ in range(20)]
            + [rng.choice(sacrifices) for _ in range(16)]
            + [rng.choice(BASICS) for _ in range(24)]
            for _ in range(2)
        ]
        g = Game.new(decks[0], decks[1], seed=game)
        agents = [HeuristicAgent(g.pool), HeuristicAgent(g.pool)]
        seen: list[int | None] = [None, None]
        for _ in range(3000):
            d = g.decision
            if d is None:
                break
            obs = g.observation(d.player, seen[d.player])
            seen[d.player] = obs.log_size
            legal = g.legal_actions()
            token_choices += any(
                o.a in g.state.objects and g.obj(o.a).token for o in d.options if o.kind == "choose"
            )
            a = agents[d.player].choose(obs, legal)
            assert a in legal
            g.apply(a)
        assert len(g.log) > 0
    assert token_choices > 0, "the decks must put tokens among the options of a choice"
