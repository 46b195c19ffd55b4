"""Double-faced permanents (712) that transform (701.27), werewolves' "last turn" conditions and
day/night (702.145, 731): the face is state data, copied and saved with the game, shown in the
observation, and a double-faced card outside the battlefield is its front face (712.8a)."""

from __future__ import annotations

import pytest

from karn import Action, Game
from karn.engine.events import BecomeDayNight, Transform
from karn.engine.pipeline import perform
from karn.engine.state import BATTLEFIELD
from karn.engine.values import CopyValues

IRONSMITH = "Village Ironsmith // Ironfang"
GARGOYLE = "Thraben Gargoyle // Stonewing Antagonizer"


def _game(mine: list[tuple[str, str]], theirs: list[tuple[str, str]] = ()) -> Game:  # type: ignore[assignment]
    g = Game.empty()
    for player, cards in ((0, mine), (1, theirs)):
        for _ in range(6):
            g.add_card(player, "Wastes", "library")
        for name, zone in cards:
            g.add_card(player, name, zone)
    g.begin_at(0, "precombat_main", turn=3)
    return g


def _on_battlefield(g: Game, name: str) -> int:
    return next(o for o in g.state.battlefield if g.state.objects[o].name == name)


@pytest.mark.cr("701.27a", "712.18", "712.8e")
def test_transforming_keeps_the_object_its_counters_damage_and_status() -> None:
    g = _game([(IRONSMITH, BATTLEFIELD)])
    oid = _on_battlefield(g, IRONSMITH)
    o = g.state.objects[oid]
    o.counters = {"+1/+1": 2}
    o.damage = 1
    o.tapped = True
    g.dirty()
    assert g.chars(oid).mana_value == 2
    perform(g.ctx, Transform(obj=oid))
    o = g.state.objects[oid]
    c = g.chars(oid)
    assert (o.id, o.name, c.name) == (oid, "Ironfang", "Ironfang")
    assert (c.power, c.toughness) == (5, 3)  # 3/1 and two +1/+1 counters
    assert o.counters == {"+1/+1": 2} and o.damage == 1 and o.tapped and not o.sick
    assert c.mana_value == 2  # 712.8e: its front face's mana cost, {1}{R}
    assert any("transforms into Ironfang" in e.text for e in g.log)


@pytest.mark.cr("712.8e", "707.2")
def test_a_copy_of_a_back_face_has_mana_value_zero() -> None:
    g = _game([(IRONSMITH, BATTLEFIELD), ("Grizzly Bears", BATTLEFIELD)])
    bears = _on_battlefield(g, "Grizzly Bears")
    chars = g.ctx.printed.of(g.state.objects[bears], CopyValues(name="Ironfang"))
    assert chars.name == "Ironfang" and chars.mana_value == 0


@pytest.mark.cr("701.27c", "712.9")
def test_a_permanent_that_is_not_a_double_faced_card_does_not_transform() -> None:
    g = _game([("Grizzly Bears", BATTLEFIELD)])
    bears = _on_battlefield(g, "Grizzly Bears")
    version = g.state.layers_version
    perform(g.ctx, Transform(obj=bears))
    assert g.state.objects[bears].name == "Grizzly Bears" and g.state.layers_version == version


@pytest.mark.cr("712.18", "701.27a")
def test_a_transformed_permanent_round_trips_through_copy_and_saves() -> None:
    g = _game([(GARGOYLE, BATTLEFIELD)] + [("Wastes", BATTLEFIELD)] * 6)
    gargoyle = _on_battlefield(g, GARGOYLE)
    perform(g.ctx, Transform(obj=gargoyle))
    perform(g.ctx, BecomeDayNight(to="night", rule="731.1"))
    g.dirty()
    copy = g.copy()
    loaded = Game.loads(g.dumps(), pool=g.pool)
    for other in (copy, loaded):
        assert other.state_hash() == g.state_hash()
        assert other.chars(gargoyle).name == "Stonewing Antagonizer" and other.state.day_night == "night"
        assert other.state.objects[gargoyle].transformed_ts == g.state.objects[gargoyle].transformed_ts
    # the copy plays on like the original: attack with the transformed creature
    for game in (g, copy, loaded):
        while (
            game.decision is not None
            and game.decision.kind == "priority"
            and game.state.step != "declare_attackers"
        ):
            game.apply(Action("pass"))
    assert g.state_hash() == copy.state_hash() == loaded.state_hash()


@pytest.mark.cr("701.27g", "712.6", "731.1")
def test_the_observation_shows_the_face_up_and_day_or_night() -> None:
    g = _game([(GARGOYLE, BATTLEFIELD), (GARGOYLE, "hand")])
    gargoyle = _on_battlefield(g, GARGOYLE)
    perform(g.ctx, Transform(obj=gargoyle))
    perform(g.ctx, BecomeDayNight(to="day", rule="731.1"))
    g.dirty()
    theirs = g.observation(1)
    (view,) = [p for p in theirs.battlefield if p.id == gargoyle]
    assert view.transformed and view.name == "Stonewing Antagonizer" and view.mana_value == 1
    assert theirs.day_night == "day"
    # 712.8a, 400.2: in a hand a double-faced card is a hidden card, its front face to its owner
    assert not theirs.hand and theirs.players[0].hand_size == 1
    (card,) = g.observation(0).hand
    assert card.name == GARGOYLE


@pytest.mark.cr("702.145d", "702.145c", "731.1")
def test_daybound_makes_it_day_and_transforms_as_it_becomes_night() -> None:
    g = _game([("Bird Admirer // Wing Shredder", BATTLEFIELD)])
    assert g.state.day_night == "day"  # 702.145d, as soon as the game checks
    admirer = _on_battlefield(g, "Bird Admirer // Wing Shredder")
    perform(g.ctx, BecomeDayNight(to="night", rule="731.2a"))
    assert g.state.objects[admirer].name == "Wing Shredder"  # 702.145c: as it becomes night
    perform(g.ctx, BecomeDayNight(to="day", rule="731.2b"))
    assert g.state.objects[admirer].name == "Bird Admirer // Wing Shredder"  # 702.145f


@pytest.mark.cr("712.14a", "712.13a")
def test_only_a_transforming_card_has_a_face_to_enter_transformed_with() -> None:
    from karn.engine.pipeline.dfc import transformed_face

    g = _game([(GARGOYLE, "graveyard"), ("Grizzly Bears", "graveyard")])
    assert transformed_face(g.ctx, GARGOYLE) == "Stonewing Antagonizer"
    assert transformed_face(g.ctx, "Grizzly Bears") == ""  # 712.14a: it stays in its zone


@pytest.mark.cr("400.7j", "406.2")
def test_exiling_records_the_cards_it_exiled_for_the_rest_of_the_effect() -> None:
    from karn.engine.effects.zones import move_all

    g = _game([("Grizzly Bears", BATTLEFIELD)])
    bears = _on_battlefield(g, "Grizzly Bears")
    (new,) = move_all(g.ctx, [bears], "exile", "406.2", "exile", "is exiled")
    assert g.state.objects[new].zone == "exile" and g.state.objects[new].name == "Grizzly Bears"
