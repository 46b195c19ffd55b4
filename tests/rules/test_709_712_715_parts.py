"""Casting a part of a card through the public API: split cards (709), adventurers (715) and
modal double-faced cards (712) read from an MTGJSON AtomicCards file."""

from __future__ import annotations

from pathlib import Path

import pytest

from karn import Game
from karn.cards.database import CardDatabase
from karn.engine.actions import Action, IllegalActionError
from karn.engine.state import EXILE, STACK
from karn.oracle.pool import build_pool

CARDS_FILE = Path(__file__).resolve().parents[1] / "data" / "multipart-atomic.json"


def _game(hand: list[str], battlefield: list[str]) -> Game:
    db = CardDatabase.default().merged(CardDatabase.from_file(CARDS_FILE))
    pool = build_pool([*hand, *battlefield, "Grizzly Bears", "Wastes"], db)
    g = Game.empty(pool=pool)
    for name in hand:
        g.add_card(0, db.card_name(name), "hand")
    for name in battlefield:
        g.add_card(0, name, "battlefield")
    g.add_card(1, "Grizzly Bears", "battlefield")
    for _ in range(10):
        g.add_card(0, "Wastes", "library")
        g.add_card(1, "Wastes", "library")
    g.begin_at(0, "precombat_main")
    return g


@pytest.mark.cr("715.3", "709.3", "712.11b")
def test_each_part_is_its_own_cast_option() -> None:
    g = _game(["Rimrock Knight", "Fire // Ice"], ["Mountain", "Island", "Mountain"])
    labels = sorted(a.label for a in g.legal_actions() if a.kind == "cast")
    assert labels == [
        "cast Boulder Rush (Rimrock Knight // Boulder Rush)",
        "cast Fire (Fire // Ice)",
        "cast Ice (Fire // Ice)",
        "cast Rimrock Knight // Boulder Rush",
    ]  # a split card is never cast whole (709.3)


@pytest.mark.cr("715.3b", "715.3d")
def test_an_adventure_copied_mid_cast_resolves_the_same_in_both_games() -> None:
    g = _game(["Rimrock Knight"], ["Mountain"])
    rush = next(a for a in g.legal_actions() if a.label.startswith("cast Boulder Rush"))
    g.apply(rush)
    assert g.decision is not None and g.decision.kind == "target"  # mid-cast: state is data
    twin = g.copy()
    for game in (g, twin):
        target = next(a for a in game.legal_actions() if "Grizzly Bears" in a.label)
        game.apply(target)
        while game.decision is not None and game.decision.kind != "priority":
            # 601.2g-h: pay the cost (the first way offered)
            game.apply(next(a for a in game.legal_actions() if a.kind != "cancel"))
        spell = game.state.objects[game.state.stack[-1]]
        assert (spell.name, spell.adventure, spell.zone) == ("Boulder Rush", True, STACK)
        while game.state.stack:
            game.apply(Action("pass"))
        exiled = [game.state.objects[o] for o in game.state.players[0].exile]
        assert [(o.name, o.zone, o.on_adventure) for o in exiled] == [
            ("Rimrock Knight // Boulder Rush", EXILE, 1)
        ]
    assert g.state_hash() == twin.state_hash()


@pytest.mark.cr("715.3d")
def test_an_unknown_part_is_refused_with_the_rule_and_changes_nothing() -> None:
    g = _game(["Rimrock Knight"], ["Mountain"])
    card = g.state.players[0].hand[0]
    before = g.state_hash()
    with pytest.raises(IllegalActionError) as refused:
        g.apply(Action("cast", card, 3))  # it has one part (b=2)
    assert refused.value.rule
    assert g.state_hash() == before
