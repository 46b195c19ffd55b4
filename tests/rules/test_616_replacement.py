"""The event pipeline's replacement and prevention effects (614-616): prevention shields,
"enters tapped", the affected player's choice (616.1) as a resumable decision."""

from __future__ import annotations

import pytest

from karn import Action, Game
from karn.engine.events import AddShield
from karn.engine.pipeline import perform
from karn.engine.state import player_ref


def _game(hand: list[str], battlefield_a: list[str], battlefield_b: list[str]) -> tuple[Game, dict[str, int]]:
    g = Game.empty(names=["A", "B"])
    ids: dict[str, int] = {}
    for name in battlefield_a:
        ids[f"A.{name}"] = g.add_card(0, name, "battlefield")
    for name in battlefield_b:
        ids[f"B.{name}"] = g.add_card(1, name, "battlefield")
    for name in hand:
        ids[f"hand.{name}"] = g.add_card(0, name, "hand")
    for p in (0, 1):
        for _ in range(5):
            g.add_card(p, "Wastes", "library")
    g.begin_at(0, "precombat_main")
    return g, ids


def _bolt(g: Game, bolt: int, target: int) -> None:
    g.apply(Action("cast", bolt))
    g.apply(Action("target", target))
    if g.decision is not None and g.decision.kind == "pay":
        g.apply(Action("pay"))
    while g.decision is not None and g.decision.kind == "priority" and g.state.stack:
        g.apply(Action("pass"))


@pytest.mark.cr("615.7", "616.1", "616.1e", "616.1f")
def test_the_affected_player_chooses_which_prevention_shield_applies_first() -> None:
    g, ids = _game(["Lightning Bolt"], ["Mountain"], ["Craw Wurm"])
    wurm = ids["B.Craw Wurm"]
    perform(g.ctx, [AddShield(target=wurm, amount=3, source=0, source_name="big shield")])
    perform(g.ctx, [AddShield(target=wurm, amount=1, source=0, source_name="small shield")])
    g.dirty()
    _bolt(g, ids["hand.Lightning Bolt"], wurm)
    d = g.decision
    assert d is not None and d.kind == "replacement" and d.rule == "616.1" and d.player == 1
    labels = [a.label for a in g.legal_actions()]
    assert any("small shield" in x for x in labels) and any("big shield" in x for x in labels)
    saved = g.dumps()  # the pipeline waits as plain data
    copy = g.copy()
    small = next(a for a in g.legal_actions() if "small shield" in a.label)
    g.apply(small)
    # 1 prevented by the small shield, then (616.1f) the big one prevents the other 2.
    assert g.obj(wurm).damage == 0
    assert [(sh.source_name, sh.amount) for sh in g.state.shields] == [("big shield", 1)]
    for other in (copy, Game.loads(saved)):
        other.apply(small)
        assert other.state_hash() == g.state_hash()
    big_first = Game.loads(saved)
    big_first.apply(next(a for a in big_first.legal_actions() if "big shield" in a.label))
    assert [(sh.source_name, sh.amount) for sh in big_first.state.shields] == [("small shield", 1)]


@pytest.mark.cr("615.7")
def test_a_shield_prevents_part_of_the_damage_and_the_rest_is_dealt() -> None:
    g, ids = _game(["Lightning Bolt"], ["Mountain"], [])
    perform(g.ctx, [AddShield(target=player_ref(1), amount=2, source=0, source_name="shield")])
    g.dirty()
    _bolt(g, ids["hand.Lightning Bolt"], player_ref(1))
    assert g.state.players[1].life == 19
    assert not g.state.shields
    assert any(e.rule == "615.7" and "2 damage to B is prevented" in e.text for e in g.log)


@pytest.mark.cr("614.1c", "305.1")
def test_a_land_that_enters_tapped_enters_tapped() -> None:
    g, ids = _game(["Arctic Treeline"], [], [])
    g.apply(Action("play", ids["hand.Arctic Treeline"]))
    treeline = g.state.battlefield[-1]
    assert g.obj(treeline).name == "Arctic Treeline" and g.obj(treeline).tapped
    assert not [a for a in g.legal_actions() if a.kind == "mana" and a.a == treeline]


@pytest.mark.cr("614.1c", "614.5")
def test_enters_with_counters_applies_once() -> None:
    """Swarm of Bloodflies enters with two +1/+1 counters on it (once, 614.5)."""
    g, ids = _game(["Swarm of Bloodflies"], ["Swamp"] * 5, [])
    g.apply(Action("cast", ids["hand.Swarm of Bloodflies"]))
    g.apply(Action("pay"))
    while g.state.stack:
        g.apply(Action("pass"))
    swarm = next(o for o in g.state.battlefield if g.obj(o).name == "Swarm of Bloodflies")
    assert g.obj(swarm).counters == {"+1/+1": 2}
    assert (g.chars(swarm).power, g.chars(swarm).toughness) == (2, 2)
