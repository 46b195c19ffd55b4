"""614.17d: "Lands can't enter the battlefield." is checked on the permanent as it would exist
on the battlefield, after the replacement effects that already modified how it enters (a copy
effect, 707.9); a permanent spell that can't enter goes to its owner's graveyard (608.3e).

The test enchantment is written in the IR: the only card of the corpus with the wording, Worms
of the Earth, doesn't compile (its upkeep ability isn't supported)."""

from __future__ import annotations

import pytest
from ir_cards import card

from karn import Action, Game, ir
from karn.cards.pool import CardPool
from karn.oracle.pool import build_pool

BAN = card("Land Ban Stone", "Enchantment", ir.GameRules((ir.RuleChange("lands_cant_enter"),)))


def _game(hand: str) -> tuple[Game, int, int]:
    pool = build_pool(["Wastes", "Island", "Clone", "Dryad Arbor", "Grizzly Bears"]).merged(CardPool([BAN]))
    g = Game.empty(names=["A", "B"], pool=pool)
    g.add_card(0, "Land Ban Stone", "battlefield")
    arbor = g.add_card(1, "Dryad Arbor", "battlefield")
    g.add_card(1, "Grizzly Bears", "battlefield")
    for _ in range(4):
        g.add_card(0, "Island", "battlefield")
    spell = g.add_card(0, hand, "hand")
    for p in (0, 1):
        for _ in range(3):
            g.add_card(p, "Wastes", "library")
    g.begin_at(0, "precombat_main")
    return g, spell, arbor


def _cast_and_resolve(g: Game, oid: int) -> None:
    g.apply(next(a for a in g.legal_actions() if a.kind == "cast" and a.a == oid))
    while g.decision is not None and g.decision.kind == "pay":
        g.apply(Action("pay"))
    while g.decision is not None and g.decision.kind == "priority" and g.state.stack:
        g.apply(Action("pass"))


def _names(g: Game, zone: list[int]) -> list[str]:
    return sorted(g.obj(o).name for o in zone)


@pytest.mark.cr("614.17d", "608.3e", "707.9")
def test_a_clone_copying_a_land_creature_cant_enter_and_goes_to_the_graveyard() -> None:
    g, clone, arbor = _game("Clone")
    _cast_and_resolve(g, clone)
    assert g.decision is not None and g.decision.kind == "copy"
    g.apply(next(a for a in g.legal_actions() if a.kind == "copy" and a.a == arbor))
    assert _names(g, g.state.players[0].graveyard) == ["Clone"]
    assert "Clone" not in _names(g, g.state.battlefield) and not g.state.stack
    assert any(e.rule == "614.17" and "can't enter the battlefield" in e.text for e in g.log)


@pytest.mark.cr("614.17d")
def test_a_clone_copying_a_creature_that_isnt_a_land_enters() -> None:
    g, clone, _ = _game("Clone")
    bears = next(o for o in g.state.battlefield if g.obj(o).name == "Grizzly Bears")
    _cast_and_resolve(g, clone)
    g.apply(next(a for a in g.legal_actions() if a.kind == "copy" and a.a == bears))
    assert g.state.players[0].graveyard == []
    assert [g.chars(o).name for o in g.state.battlefield if g.obj(o).name == "Clone"] == ["Grizzly Bears"]


@pytest.mark.cr("614.17d", "305.1")
def test_a_land_played_doesnt_enter() -> None:
    pool = build_pool(["Wastes", "Forest"]).merged(CardPool([BAN]))
    g = Game.empty(names=["A", "B"], pool=pool)
    g.add_card(0, "Land Ban Stone", "battlefield")
    forest = g.add_card(0, "Forest", "hand")
    for p in (0, 1):
        g.add_card(p, "Wastes", "library")
    g.begin_at(0, "precombat_main")
    g.apply(Action("play", forest))
    assert "Forest" not in _names(g, g.state.battlefield)
    assert _names(g, g.state.players[0].hand) == ["Forest"]
