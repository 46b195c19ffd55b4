"""An "[−X]" loyalty cost (107.7, 606.4): X is announced as the ability is activated (602.2b),
at most the loyalty the planeswalker has (606.6), and X loyalty counters are removed."""

from __future__ import annotations

import pytest
from ir_cards import REAL

from karn import Game
from karn.cards.database import CardFace
from karn.cards.pool import CardPool, PoolCard
from karn.oracle import compile_text
from karn.oracle.pool import build_pool

TEXT = "[−X]: Test Walker deals X damage to target creature.\n[+1]: You gain 1 life."


def _walker() -> PoolCard:
    face = CardFace(
        name="Test Walker",
        mana_cost="{3}{R}",
        type_line="Legendary Planeswalker — Test",
        types=("planeswalker",),
        subtypes=("test",),
        supertypes=("legendary",),
        text=TEXT,
        power=None,
        toughness=None,
        loyalty="4",
        keywords=(),
        layout="normal",
        color_identity=("R",),
        data_colors=("R",),
    )
    compiled = compile_text(TEXT, name="Test Walker", type_line="Legendary Planeswalker — Test")
    assert compiled.playable, compiled.unsupported
    return PoolCard.of(face, compiled)


def _board() -> tuple[Game, int, int]:
    pool = build_pool([*REAL, "Hill Giant"]).merged(CardPool([_walker()]))
    g = Game.empty(names=["A", "B"], pool=pool)
    walker = g.add_card(0, "Test Walker", "battlefield", counters={"loyalty": 4})
    giant = g.add_card(1, "Hill Giant", "battlefield")
    for p in (0, 1):
        for _ in range(5):
            g.add_card(p, "Wastes", "library")
    g.begin_at(0, "precombat_main")
    return g, walker, giant


@pytest.mark.cr("107.7", "602.2b", "606.4", "606.6")
def test_minus_x_announces_x_up_to_the_loyalty_and_removes_x_counters() -> None:
    g, walker, giant = _board()
    minus_x = next(a for a in g.legal_actions() if a.kind == "activate" and a.a == walker and a.b == 0)
    g.apply(minus_x)
    assert g.decision is not None and g.decision.kind == "x" and g.decision.rule == "601.2b"
    offered = sorted(o.a for o in g.decision.options if o.kind == "x")
    assert offered == [0, 1, 2, 3, 4]  # 606.6: not more than its 4 loyalty counters
    g.apply(next(a for a in g.legal_actions() if a.kind == "x" and a.a == 3))
    while g.decision is not None and g.decision.kind != "priority":
        g.apply(next(a for a in g.legal_actions() if a.a == giant or a.kind in ("pay", "confirm")))
    assert g.state.objects[walker].counters["loyalty"] == 1  # the cost is paid as it is activated
    while g.state.stack:
        g.apply(next(a for a in g.legal_actions() if a.kind == "pass"))
    graveyard = [g.state.objects[o].name for o in g.state.players[1].graveyard]
    assert graveyard == ["Hill Giant"]  # 3 damage to a 3/3 Hill Giant (704.5g)
