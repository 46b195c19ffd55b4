"""``Game.copy()`` shares the objects in libraries and hands with the game it copies
(karn.engine.state.copy_state). Nothing may leak between the two: at random points of random
games a copy is made and a full encode of the game is taken; then the game, the copy and a
determinized copy (which resamples hidden cards) are each played on, and the others must still
encode exactly as they did. A copy also encodes as the full encode does, and a copy and a game
loaded from the full encode, given the same actions, stay equal."""

from __future__ import annotations

import random

import pytest

from karn import Game
from karn.engine.state import copy_state, decode_state, encode_state

GAMES: list[tuple[str, list[str]]] = [
    ("burn-stompy", ["red_burn", "green_stompy"]),
    ("fliers-removal", ["azorius_fliers", "black_removal"]),
    ("skies-boros", ["blue_skies", "boros_aggro"]),
    ("golgari-weenie", ["golgari_midrange", "white_weenie"]),
    ("three-players", ["red_burn", "blue_skies", "black_removal"]),
]


def _play(g: Game, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if g.is_over():
            return
        g.apply(rng.choice(g.legal_actions()))


@pytest.mark.cr("400.7", "733.1")
@pytest.mark.parametrize("name,decks", GAMES, ids=[n for n, _ in GAMES])
def test_copies_share_nothing_that_changes(name: str, decks: list[str]) -> None:
    for seed in range(2):
        g = Game.new(*decks, seed=seed)
        rng = random.Random(seed)
        checks = 0
        while not g.is_over() and checks < 25:
            _play(g, rng, rng.randrange(5, 60))
            if g.is_over():
                break
            full = encode_state(g.state)
            assert encode_state(copy_state(g.state)) == full
            c = g.copy()
            h = g.determinize(0, seed=rng.randrange(1 << 30))
            # the copy, played on, leaves the game as it was (and the other way round)
            _play(c, random.Random(rng.random()), 40)
            _play(h, random.Random(rng.random()), 40)
            assert encode_state(g.state) == full, (name, seed, checks)
            before = encode_state(c.state)
            loaded = Game.loads(g.dumps())
            assert encode_state(loaded.state) == full
            actions = random.Random(rng.random())
            twin = g.copy(log=False)
            for _ in range(30):
                if twin.is_over():
                    break
                action = actions.choice(twin.legal_actions())
                twin.apply(action)
                loaded.apply(action)
                assert twin.state_hash() == loaded.state_hash()
            assert encode_state(g.state) == full
            assert encode_state(c.state) == before
            assert decode_state(full) == decode_state(encode_state(g.state))
            checks += 1
        assert checks >= 5
