"""Cycling from the hand (702.29a, 113.6b): offered at priority while the card is in its owner's
hand and its cost can be paid, refused with the rule otherwise; the cycled card is public once
discarded (701.9a, 400.2), the card found by typecycling is revealed (702.29e, 701.20a)."""

from __future__ import annotations

import pytest

from karn import Action, Game, IllegalActionError
from karn.engine.state import BATTLEFIELD, GRAVEYARD, HAND


def _game(mine: list[tuple[str, str]], library: list[str] = ()) -> Game:  # type: ignore[assignment]
    g = Game.empty()
    for _ in range(6):
        g.add_card(1, "Wastes", "library")
    for name in ["Wastes", "Wastes", *library]:
        g.add_card(0, name, "library")
    for name, zone in mine:
        g.add_card(0, name, zone)
    g.begin_at(0, "precombat_main")
    return g


def _card(g: Game, name: str, zone: str) -> int:
    return next(o.id for o in g.state.objects.values() if o.name == name and o.zone == zone)


def _cycling_options(g: Game) -> list[Action]:
    return [a for a in g.legal_actions() if a.kind == "activate"]


@pytest.mark.cr("702.29a", "113.6b")
def test_cycling_is_offered_from_the_hand_only_when_its_cost_can_be_paid() -> None:
    g = _game([("Island", BATTLEFIELD), ("Miscalculation", HAND), ("Miscalculation", HAND)])
    assert _cycling_options(g) == []  # {2}: one Island isn't enough (601.2h)
    with pytest.raises(IllegalActionError) as refused:
        g.apply(Action("activate", _card(g, "Miscalculation", HAND), 2))
    assert refused.value.violated == "602.2b"
    g = _game(
        [("Island", BATTLEFIELD), ("Island", BATTLEFIELD), ("Miscalculation", HAND), ("Miscalculation", HAND)]
    )
    (option,) = _cycling_options(g)  # one option for both copies: the same choice
    assert g.obj(option.a).zone == HAND


@pytest.mark.cr("702.29a", "702.29b")
def test_a_permanent_with_cycling_cant_cycle_from_the_battlefield() -> None:
    g = _game([("Island", BATTLEFIELD), ("Island", BATTLEFIELD), ("Drannith Healer", BATTLEFIELD)])
    healer = _card(g, "Drannith Healer", BATTLEFIELD)
    index = next(i for i, a in enumerate(g.chars(healer).abilities) if getattr(a, "zone", "") == "hand")
    assert _cycling_options(g) == []
    with pytest.raises(IllegalActionError) as refused:
        g.apply(Action("activate", healer, index))
    assert refused.value.violated == "702.29a"
    assert g.obj(healer).zone == BATTLEFIELD


@pytest.mark.cr("701.9a", "400.2", "702.29e")
def test_the_opponent_sees_the_cycled_card_and_the_revealed_card_found() -> None:
    g = _game(
        [("Swamp", BATTLEFIELD), ("Swamp", BATTLEFIELD), ("Twisted Abomination", HAND)], ["Swamp", "Forest"]
    )
    card = _card(g, "Twisted Abomination", HAND)
    assert card not in {c.id for c in g.observation(1).known}
    g.apply(next(a for a in _cycling_options(g) if a.a == card))
    if g.decision is not None and g.decision.kind == "pay":
        g.apply(next(a for a in g.legal_actions() if a.kind == "pay"))
    graveyard = g.state.players[0].graveyard
    assert [g.obj(o).name for o in graveyard] == ["Twisted Abomination"]
    while g.decision is not None and g.decision.kind == "priority" and g.state.stack:
        g.apply(Action("pass"))
    assert g.decision is not None and g.decision.player == 0
    swamp = next(a for a in g.legal_actions() if a.a in g.state.objects and g.obj(a.a).name == "Swamp")
    g.apply(swamp)
    (found,) = [o for o in g.state.players[0].hand if g.obj(o).name == "Swamp"]
    assert found in {c.id for c in g.observation(1).known}  # revealed (701.20a)
    assert any("Twisted Abomination" in e.text for e in g.observation(1).log)
    assert _card(g, "Twisted Abomination", GRAVEYARD) in g.state.players[0].graveyard
