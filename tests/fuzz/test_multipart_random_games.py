"""Random games whose decks hold split, adventurer and modal double-faced cards read from an
MTGJSON AtomicCards file (709, 712, 715): no crash, cards conserved whatever part of them is on
the stack or the battlefield, a legal action until the game ends, save round trips exact, and
every object's name is one of its card's faces."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from karn import Game
from karn.cards.database import CardDatabase
from karn.engine.state import BATTLEFIELD, STACK
from karn.oracle.pool import build_pool

CARDS_FILE = Path(__file__).resolve().parents[1] / "data" / "multipart-atomic.json"
BASICS = ["Plains", "Island", "Swamp", "Mountain", "Forest"]


def _multipart_cards(db: CardDatabase) -> list[str]:
    extra = CardDatabase.from_file(CARDS_FILE)
    pool = build_pool([f.name for f in extra.cards()], db)
    return [f.name for f in extra.cards() if pool.compiled(f.name).playable]


@pytest.mark.cr("709.2", "709.3", "712.8a", "712.11b", "712.12", "715.3", "715.3d", "715.4")
@pytest.mark.parametrize("seed", range(4))
def test_random_games_with_multipart_cards(seed: int) -> None:
    db = CardDatabase.default().merged(CardDatabase.from_file(CARDS_FILE))
    cards = _multipart_cards(db)
    assert len(cards) >= 10  # the split, adventurer and modal double-faced cards that play
    rng = random.Random(seed)
    decks = [[rng.choice(cards) for _ in range(30)] + [rng.choice(BASICS) for _ in range(30)] for _ in (0, 1)]
    pool = build_pool({n for deck in decks for n in deck}, db)
    g = Game.new(decks[0], decks[1], seed=seed, pool=pool)
    parts_cast = 0
    for step in range(2500):
        if g.is_over():
            break
        acts = g.legal_actions()
        assert acts, "a legal action exists until the game is over"
        if step % 53 == 0:
            assert Game.loads(g.dumps(), pool=pool).state_hash() == g.state_hash()
            for oid in list(g.state.objects):
                g.chars(oid)
        action = rng.choice(acts)
        parts_cast += action.kind in ("cast", "play") and action.b >= 2
        g.apply(action)
        _check(g, 120)
    assert parts_cast > 0, "some part of a card was cast or played"


def _check(g: Game, total: int) -> None:
    s = g.state
    seen: Counter[int] = Counter()
    for p in s.players:
        for zone in (p.library, p.hand, p.graveyard, p.exile):
            for oid in zone:
                o = s.objects[oid]
                seen[o.card] += 1
                # 709.4, 712.8a, 715.4: outside the stack and the battlefield, a card is its card
                assert g.pool.card_name(o.name) == o.name, o.name
    for oid in s.battlefield + s.stack:
        o = s.objects[oid]
        assert o.zone in (BATTLEFIELD, STACK)
        if o.card >= 0:
            seen[o.card] += 1
    assert all(n == 1 for n in seen.values())
    assert len(seen) == total
