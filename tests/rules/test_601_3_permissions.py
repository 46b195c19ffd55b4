"""Permissions and prohibitions on playing cards (601.3, 305.2, 609.4a) and the top card of a
library played revealed or looked at any time (401.5, 400.2)."""

from __future__ import annotations

import pytest

from karn import Action, Game, IllegalActionError
from karn.engine.state import BATTLEFIELD


def _game(mine: list[tuple[str, str]], library: list[str], step: str = "precombat_main") -> Game:
    """A game where player 0 has these cards and this library (its last card on top)."""
    g = Game.empty()
    for _ in range(6):
        g.add_card(1, "Wastes", "library")
    for name in library:
        g.add_card(0, name, "library")
    for name, zone in mine:
        g.add_card(0, name, zone)
    g.begin_at(0, step)
    return g


def _top(g: Game, player: int = 0) -> int:
    return g.state.players[player].library[-1]


def _known_to(g: Game, viewer: int) -> set[int]:
    return {k.id for k in g.observation(viewer).known}


@pytest.mark.cr("401.5", "400.2")
def test_the_top_card_played_revealed_is_known_to_every_player_and_the_next_one_once_on_top() -> None:
    g = _game([("Courser of Kruphix", BATTLEFIELD)], ["Island", "Forest"])
    forest, island = g.state.players[0].library[-1], g.state.players[0].library[-2]
    assert forest in _known_to(g, 1) and island not in _known_to(g, 1)
    assert [k.position for k in g.observation(1).known if k.id == forest] == [0]
    g.apply(next(a for a in g.legal_actions() if a.kind == "play" and a.a == forest))
    assert "Forest" in [g.obj(o).name for o in g.state.battlefield]
    while g.state.stack:
        g.apply(Action("pass"))
    assert _top(g) == island and island in _known_to(g, 1)


@pytest.mark.cr("401.5", "400.2")
def test_without_a_reveal_the_top_card_stays_hidden_and_determinize_resamples_it() -> None:
    g = _game([("Forest", BATTLEFIELD)], ["Island", "Forest", "Swamp", "Mountain", "Plains"])
    assert _known_to(g, 1) == set()
    names = {g.determinize(1, seed).obj(_top(g)).name for seed in range(12)}
    assert len(names) > 1


@pytest.mark.cr("401.5")
def test_determinize_keeps_a_revealed_top_card_for_the_opponent() -> None:
    g = _game([("Courser of Kruphix", BATTLEFIELD)], ["Island", "Forest", "Swamp", "Mountain", "Plains"])
    top = _top(g)
    assert {g.determinize(1, seed).obj(top).name for seed in range(12)} == {"Plains"}


@pytest.mark.cr("401.5")
def test_the_new_top_card_is_revealed_only_once_the_spell_cast_from_the_top_is_cast() -> None:
    g = _game(
        [("Garruk's Horde", BATTLEFIELD), ("Forest", BATTLEFIELD), ("Forest", BATTLEFIELD)],
        ["Hill Giant", "Grizzly Bears"],
    )
    bears, giant = g.state.players[0].library[-1], g.state.players[0].library[-2]
    assert bears in _known_to(g, 1)
    g.apply(Action("cast", bears))
    assert g.decision is not None and g.decision.kind == "pay"
    assert giant not in _known_to(g, 1), "401.5: not revealed while the spell is being cast"
    g.apply(Action("pay"))
    assert giant in _known_to(g, 1)


@pytest.mark.cr("601.3", "601.3e")
def test_a_cast_from_the_top_is_offered_only_for_what_the_permission_names() -> None:
    g = _game([("Garruk's Horde", BATTLEFIELD), ("Mountain", BATTLEFIELD)], ["Lightning Bolt"])
    bolt = _top(g)
    assert Action("cast", bolt) not in g.legal_actions()
    before = g.state_hash()
    with pytest.raises(IllegalActionError) as e:
        g.apply(Action("cast", bolt))
    assert e.value.violated == "601.3" and g.state_hash() == before


@pytest.mark.cr("601.3", "609.4a")
def test_the_opponents_graveyard_is_refused_without_a_permission_with_the_rule() -> None:
    g = Game.empty()
    g.add_card(0, "Mountain", BATTLEFIELD)
    bolt = g.add_card(1, "Lightning Bolt", "graveyard")
    g.begin_at(0, "precombat_main")
    before = g.state_hash()
    with pytest.raises(IllegalActionError) as e:
        g.apply(Action("cast", bolt))
    assert e.value.violated == "601.3" and g.state_hash() == before


@pytest.mark.cr("401.5", "400.2")
def test_the_top_card_looked_at_any_time_is_known_to_its_owner_only() -> None:
    g = _game([("Precognition Field", BATTLEFIELD)], ["Island", "Forest"])
    top = _top(g)
    assert top in _known_to(g, 0) and top not in _known_to(g, 1)
    assert {g.determinize(1, seed).obj(top).name for seed in range(12)} != {"Forest"}
