"""The board the casting tests start from: player 0 in their precombat main phase with
``hand`` and ``battlefield``, the opponent with ``opp_battlefield``, ``graveyard`` cards of
player 0's, and ten Wastes in each library."""

from __future__ import annotations

from collections.abc import Sequence

from karn import Game
from karn.engine.state import BATTLEFIELD, GRAVEYARD


def setup(
    hand: Sequence[str],
    battlefield: Sequence[str],
    opp_battlefield: Sequence[str] = (),
    graveyard: Sequence[str] = (),
) -> Game:
    g = Game.empty()
    for _ in range(10):
        g.add_card(0, "Wastes", "library")
        g.add_card(1, "Wastes", "library")
    for n in hand:
        g.add_card(0, n, "hand")
    for n in battlefield:
        g.add_card(0, n, BATTLEFIELD)
    for n in opp_battlefield:
        g.add_card(1, n, BATTLEFIELD)
    for n in graveyard:
        g.add_card(0, n, GRAVEYARD)
    g.begin_at(0, "precombat_main")
    return g
