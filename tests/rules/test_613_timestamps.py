"""Layer 7 after layer 6 (613.1g) and the timestamps of continuous effects (613.7b, 613.7n).

Resolved effects are put in the state through the pipeline's ``StartEffect`` (which gives them
their timestamp as they are created, 613.7b), or directly where a rule needs a given timestamp.
"""

from __future__ import annotations

import pytest

from karn import Game
from karn.engine.events import StartEffect
from karn.engine.modifications import (
    AddAbilities,
    AddTypes,
    ContinuousEffect,
    Modification,
    ModifyPowerToughness,
    RemoveAbilities,
    SetPowerToughness,
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


def _effect(g: Game, affected: list[int], *mods: Modification) -> ContinuousEffect:
    effect = ContinuousEffect(0, 0, 0, 0, affected, list(mods), "end_of_turn", "test")
    perform(g.ctx, StartEffect(effect=effect))
    g.dirty()
    return g.state.effects[-1]


@pytest.mark.cr("613.1g", "613.1f", "613.6")
def test_power_toughness_layer_comes_after_abilities_are_removed() -> None:
    """Glorious Anthem that lost its abilities in layer 6 gives no +1/+1 in layer 7 (its
    effect never began to apply); a resolved +2/+2 (not an ability) still applies in layer 7c
    to a creature that lost all its abilities."""
    g, (anthem, bear) = _game((0, "Glorious Anthem"), (0, "Grizzly Bears"))
    assert (g.chars(bear).power, g.chars(bear).toughness) == (3, 3)
    _effect(g, [bear], ModifyPowerToughness(2, 2))
    _effect(g, [bear], RemoveAbilities(everything=True))
    assert (g.chars(bear).power, g.chars(bear).toughness) == (5, 5)
    _effect(g, [anthem], RemoveAbilities(everything=True))
    assert (g.chars(bear).power, g.chars(bear).toughness) == (4, 4)


@pytest.mark.cr("613.1g", "613.1d", "613.4b")
def test_power_toughness_of_an_object_made_a_creature_in_layer_4() -> None:
    """A +1/+1 effect that began before Sol Ring became a creature applies in layer 7c to the
    creature it became (layer 4, base 2/2 in layer 7b)."""
    g, (ring,) = _game((0, "Sol Ring"))
    _effect(g, [ring], ModifyPowerToughness(1, 1))
    _effect(g, [ring], AddTypes(types=("creature",)), SetPowerToughness(2, 2))
    c = g.chars(ring)
    assert "creature" in c.types and (c.power, c.toughness) == (3, 3)


@pytest.mark.cr("613.7b", "613.7a")
def test_a_resolved_effect_is_timestamped_when_created() -> None:
    """Levitation ("Creatures you control have flying.") has its object's timestamp (613.7a); an
    effect created later by a resolving spell ("loses flying") gets a later timestamp as it is
    created (613.7b) and wins in layer 6; one created after it again wins back."""
    g, (levitation, bear) = _game((0, "Levitation"), (0, "Grizzly Bears"))
    assert "flying" in g.chars(bear).keywords
    lose = _effect(g, [bear], RemoveAbilities(keywords=("flying",)))
    assert lose.timestamp > g.obj(levitation).timestamp
    assert lose.timestamp == g.state.timestamp  # the latest timestamp: given as it was created
    assert "flying" not in g.chars(bear).keywords
    gain = _effect(g, [bear], AddAbilities(keywords=("flying",)))
    assert gain.timestamp > lose.timestamp
    assert "flying" in g.chars(bear).keywords


@pytest.mark.cr("613.7n", "611.2e")
def test_own_static_ability_is_earlier_than_a_simultaneous_resolved_effect() -> None:
    """613.7n: an effect from an object's own static ability and one from a resolving spell that
    applies to it, timestamped at once (an effect that puts it onto the battlefield and sets its
    characteristics, 611.2e): the static ability's effect is earlier. Levitation made a creature
    by such an effect that also says it loses flying: its own "Creatures you control have
    flying" applies first, then the resolved "loses flying": no flying."""
    g, (levitation,) = _game((0, "Levitation"))
    ts = g.obj(levitation).timestamp
    effect = ContinuousEffect(
        ts,
        ts,
        levitation,
        0,
        [levitation],
        [AddTypes(types=("creature",)), SetPowerToughness(2, 2), RemoveAbilities(keywords=("flying",))],
        "permanent",
        "test",
    )
    g.state.effects.append(effect)
    g.state.layers_version += 1
    g.dirty()
    c = g.chars(levitation)
    assert "creature" in c.types and "flying" not in c.keywords
    trace = g.explain(levitation)
    layer6 = [ln for ln in trace.splitlines() if ln.strip().startswith("layer 6")]
    assert len(layer6) == 2
    assert "Creatures you control have flying." in layer6[0] and "loses flying" in layer6[1]
