"""Layers as data (613): continuous effects applied layer by layer, with timestamps and
dependencies, from static abilities and from resolved effects alike.

Resolved effects are put in the state directly here (as the pipeline's ``StartEffect``
would), so each rule of the layer system is checked on its own.
"""

from __future__ import annotations

import pytest

from karn import Action, Game
from karn.engine.events import StartEffect
from karn.engine.modifications import (
    AddAbilities,
    AddTypes,
    ContinuousEffect,
    Modification,
    ModifyPowerToughness,
    RemoveAbilities,
    SetColors,
    SetController,
    SetPowerToughness,
    SwitchPowerToughness,
)
from karn.engine.pipeline import perform


def _game(*battlefield: tuple[int, str]) -> tuple[Game, list[int]]:
    g = Game.empty(names=["A", "B"])
    ids = [g.add_card(p, name, "battlefield") for p, name in battlefield]
    for p in (0, 1):
        for _ in range(5):
            g.add_card(p, "Wastes", "library")
    g.begin_at(0, "precombat_main")
    return g, ids


def _effect(g: Game, affected: list[int], *mods: Modification, controller: int = 0) -> None:
    effect = ContinuousEffect(0, 0, 0, controller, affected, list(mods), "end_of_turn", "test")
    perform(g.ctx, StartEffect(effect=effect))
    g.dirty()  # the pending priority decision is asked again


@pytest.mark.cr("613.4c", "613.4d")
def test_switching_applies_after_modifying_whatever_the_order_they_began() -> None:
    """613.4d example: a 1/3 given +0/+1, then switched: 4/1; then +5/+0: 4/6."""
    g, (c,) = _game((0, "Grizzly Bears"))
    _effect(g, [c], SetPowerToughness(1, 3))  # a 1/3 (layer 7b)
    _effect(g, [c], ModifyPowerToughness(0, 1))
    _effect(g, [c], SwitchPowerToughness())
    assert (g.chars(c).power, g.chars(c).toughness) == (4, 1)
    _effect(g, [c], ModifyPowerToughness(5, 0))
    assert (g.chars(c).power, g.chars(c).toughness) == (4, 6)


@pytest.mark.cr("613.4b", "613.4c")
def test_setting_applies_before_modifying_and_counters() -> None:
    """613.5 example (Gray Ogre): +1/+1 counter, +4/+4, +0/+2 from an anthem-like effect,
    then "becomes 0/1" (7b): 5/8."""
    g, (ogre,) = _game((0, "Gray Ogre"))
    g.state.objects[ogre].counters["+1/+1"] = 1
    g.dirty()
    _effect(g, [ogre], ModifyPowerToughness(4, 4))
    _effect(g, [ogre], ModifyPowerToughness(0, 2))
    assert (g.chars(ogre).power, g.chars(ogre).toughness) == (7, 9)
    _effect(g, [ogre], SetPowerToughness(0, 1))
    assert (g.chars(ogre).power, g.chars(ogre).toughness) == (5, 8)


@pytest.mark.cr("613.5", "613.6")
def test_a_static_abilitys_affected_set_is_read_after_earlier_layers() -> None:
    """613.5 example: Honor of the Pure ("white creatures you control get +1/+1") and a black
    2/2: turned white (layer 5), it gets +1/+1 (layer 7c); turned red later, it doesn't."""
    g, (_, bear) = _game((0, "Honor of the Pure"), (0, "Grizzly Bears"))
    assert g.chars(bear).power == 2
    _effect(g, [bear], SetColors(("W",)))
    assert (g.chars(bear).power, g.chars(bear).toughness) == (3, 3)
    _effect(g, [bear], SetColors(("R",)))
    assert (g.chars(bear).power, g.chars(bear).toughness) == (2, 2)


@pytest.mark.cr("613.7", "613.9")
def test_later_timestamp_wins_within_a_layer() -> None:
    """613.9 example: "has flying" and "loses flying": the later one wins."""
    g, (bear,) = _game((0, "Grizzly Bears"))
    _effect(g, [bear], AddAbilities(keywords=("flying",)))
    _effect(g, [bear], RemoveAbilities(keywords=("flying",)))
    assert "flying" not in g.chars(bear).keywords
    _effect(g, [bear], AddAbilities(keywords=("flying",)))
    assert "flying" in g.chars(bear).keywords


@pytest.mark.cr("613.1b", "613.6")
def test_one_effect_in_several_layers_keeps_its_set() -> None:
    """613.6 example (Act of Treason): control in layer 2, haste in layer 6, same object."""
    g, (bear,) = _game((1, "Grizzly Bears"))
    _effect(g, [bear], SetController(0), AddAbilities(keywords=("haste",)))
    c = g.chars(bear)
    assert c.controller == 0 and "haste" in c.keywords


@pytest.mark.cr("613.8a", "613.8b")
def test_a_dependent_effect_waits_for_the_one_it_depends_on() -> None:
    """613.8: Glorious Anthem ("creatures you control get +1/+1", layer 7c) doesn't depend on
    anything in layer 4; but an effect whose affected set is "creatures" depends on one that
    makes a noncreature a creature in the same layer. Here: an artifact becomes an artifact
    creature (layer 4) with an earlier timestamp than the anthem's object: the anthem still
    counts it, since 7c comes after 4 (613.6, affected sets read as each layer begins)."""
    g, (anthem, relic) = _game((0, "Glorious Anthem"), (0, "Sol Ring"))
    _effect(g, [relic], AddTypes(types=("creature",)), SetPowerToughness(2, 2))
    c = g.chars(relic)
    assert "creature" in c.types and (c.power, c.toughness) == (3, 3)


@pytest.mark.cr("613.1f", "305.6")
def test_an_ability_granted_in_layer_6_is_activated_by_its_id() -> None:
    """Abilities are referred to by stable ids: a mana ability granted by an effect (here
    Llanowar Elves' "{T}: Add {G}.") can be activated, and is found again by its id."""
    g, (bear, elves) = _game((0, "Grizzly Bears"), (1, "Llanowar Elves"))
    elves_ability = g.chars(elves).ability_ids[0]
    _effect(g, [bear], AddAbilities(abilities=(elves_ability,)))
    c = g.chars(bear)
    assert elves_ability in c.ability_ids
    idx = c.ability_ids.index(elves_ability)
    g.apply(Action("mana", bear, idx))
    assert g.state.players[0].pool == {"G": 1}
    assert g.obj(bear).tapped


@pytest.mark.cr("613.1f")
def test_losing_all_abilities_removes_granted_and_printed_ones() -> None:
    g, (elves,) = _game((0, "Llanowar Elves"))
    _effect(g, [elves], AddAbilities(keywords=("flying",)))
    _effect(g, [elves], RemoveAbilities(everything=True))
    c = g.chars(elves)
    assert c.abilities == () and c.keywords == set()
    assert not [a for a in g.legal_actions() if a.kind == "mana" and a.a == elves]


@pytest.mark.cr("305.6", "111.4")
def test_a_token_with_a_basic_land_type_has_its_mana_ability() -> None:
    """Awaken the Woods' Forest Dryad tokens (1/1 green Forest Dryad land creatures) tap for
    {G}: a card-audit finding (x07)."""
    from karn.engine.events import CreateToken
    from karn.engine.state import TokenDef

    g, _ = _game()
    token = TokenDef("Forest Dryad", 1, 1, ("G",), ("land", "creature"), ("forest", "dryad"))
    perform(g.ctx, CreateToken(controller=0, token=token, count=1))
    g.state.journal.clear()
    dryad = g.state.battlefield[-1]
    g.state.objects[dryad].sick = False
    g.dirty()
    assert "rules:forest" in g.chars(dryad).ability_ids
    mana = [a for a in g.legal_actions() if a.kind == "mana" and a.a == dryad]
    g.apply(mana[0])
    assert g.state.players[0].pool == {"G": 1}


@pytest.mark.cr("613.7m", "613.7d")
def test_permanents_entering_at_once_get_timestamps_in_apnap_order() -> None:
    from karn.engine.events import ZoneChange

    g = Game.empty(names=["A", "B", "C"])
    cards = [g.add_card(p, "Grizzly Bears", "hand") for p in (2, 1, 0)]  # C's, B's, A's
    for p in (0, 1, 2):
        g.add_card(p, "Wastes", "library")
    g.begin_at(1, "precombat_main")  # B is the active player: B, C, A is the APNAP order
    perform(g.ctx, [ZoneChange(obj=c, to="battlefield", rule="test", cause="put") for c in cards])
    entered = {g.obj(o).owner: g.obj(o).timestamp for o in g.state.battlefield}
    assert entered[1] < entered[2] < entered[0]
