"""The card pool is compiled before the game and is the engine's only card data: two games
with different compilations of the same card name run side by side (no process-wide cache
keyed by card name), and a save remembers which compilation it was played with."""

from __future__ import annotations

import pytest

from karn import CorruptSaveError, Game
from karn.cards.database import CardDatabase
from karn.oracle.pool import build_pool


def _custom_db() -> CardDatabase:
    default = CardDatabase.default()
    records = [default.raw(n) for n in ("Forest", "Mountain", "Lightning Bolt")]
    bears = default.raw("Grizzly Bears")
    bears.update(power="5", toughness="5", text="Trample")
    records.append(bears)
    return CardDatabase.from_records(records)


def _bears_power(g: Game) -> int:
    bear = g.add_card(0, "Grizzly Bears", "battlefield")
    g.begin_at(0, "precombat_main")
    return g.chars(bear).power


def test_two_pools_with_the_same_card_name_play_side_by_side() -> None:
    custom = build_pool(["Grizzly Bears", "Forest", "Mountain", "Lightning Bolt"], _custom_db())
    standard = build_pool(["Grizzly Bears", "Forest", "Mountain", "Lightning Bolt"])
    a = Game.empty(pool=custom)
    b = Game.empty(pool=standard)
    for g in (a, b):
        for p in (0, 1):
            g.add_card(p, "Forest", "library")
    assert _bears_power(a) == 5 and "trample" in a.chars(a.state.battlefield[0]).keywords
    assert _bears_power(b) == 2 and not b.chars(b.state.battlefield[0]).keywords
    assert custom.hash("Grizzly Bears") != standard.hash("Grizzly Bears")


def test_a_game_with_a_given_pool_refuses_cards_outside_it() -> None:
    pool = build_pool(["Forest"])
    g = Game.empty(pool=pool)
    with pytest.raises(KeyError, match="not in this game's card pool"):
        g.add_card(0, "Grizzly Bears", "hand")


def test_a_save_is_loaded_only_with_the_compilation_it_was_played_with() -> None:
    custom = build_pool(["Grizzly Bears", "Forest"], _custom_db())
    g = Game.new(["Grizzly Bears"] * 20 + ["Forest"] * 20, ["Forest"] * 40, seed=1, pool=custom)
    data = g.dumps()
    assert Game.loads(data, pool=custom).state_hash() == g.state_hash()
    with pytest.raises(CorruptSaveError, match="compiled differently"):
        Game.loads(data)  # the packaged cards: another Grizzly Bears
