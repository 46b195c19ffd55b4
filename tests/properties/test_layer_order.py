"""Property tests of the layer system (613): random sets of continuous effects, created in
random orders, give the same characteristics except where timestamps (613.7) or dependencies
(613.8) say otherwise.

* Resolved effects put in the state directly (as the pipeline's ``StartEffect`` does) are
  checked against a model of 613.4 and 613.7: in layer 7b the latest "set" wins, 7c effects and
  counters add up whatever their order, 7d switches count by parity; colors and keywords
  follow timestamps; added types don't depend on order.
* Permanents with static abilities (Humility, Blood Moon, Urborg, anthems...) entering in any
  order give the same characteristics: there the order only matters through timestamps between
  effects in one layer, which these cards don't have, or through dependencies (Blood Moon and
  Urborg, 613.8a), which override timestamps. With Opalescence, only the power and toughness of
  the enchantments it animates may differ (Humility's 7b effect against Opalescence's).
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from karn import Game
from karn.engine.events import StartEffect
from karn.engine.modifications import (
    AddAbilities,
    AddColors,
    AddTypes,
    ContinuousEffect,
    Modification,
    ModifyPowerToughness,
    RemoveAbilities,
    SetColors,
    SetPowerToughness,
    SwitchPowerToughness,
)
from karn.engine.pipeline import perform

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

small = st.integers(min_value=-3, max_value=3)
colors = st.sampled_from(["W", "U", "B", "R", "G"])
keywords = st.sampled_from(["flying", "trample", "haste"])
mods: st.SearchStrategy[Modification] = st.one_of(
    st.builds(ModifyPowerToughness, small, small),
    st.builds(SetPowerToughness, st.integers(0, 5), st.integers(0, 5)),
    st.just(SwitchPowerToughness()),
    st.builds(lambda c: SetColors((c,)), colors),
    st.builds(lambda c: AddColors((c,)), colors),
    st.builds(lambda k: AddAbilities(keywords=(k,)), keywords),
    st.builds(lambda k: RemoveAbilities(keywords=(k,)), keywords),
    st.builds(lambda t: AddTypes(types=(t,)), st.sampled_from(["artifact", "enchantment"])),
)


@dataclass
class Model:
    """613 by hand for one creature (Grizzly Bears: 2/2 green, no abilities, +1/+1 counters)."""

    counters: int

    def apply(
        self, effects: list[Modification]
    ) -> tuple[int, int, frozenset[str], frozenset[str], frozenset[str]]:
        types = {"creature"} | {t for m in effects if isinstance(m, AddTypes) for t in m.types}
        cols: set[str] = {"G"}
        kws: set[str] = set()
        for m in effects:  # layers 5 and 6: timestamp order (613.7)
            if isinstance(m, SetColors):
                cols = set(m.colors)
            elif isinstance(m, AddColors):
                cols |= set(m.colors)
            elif isinstance(m, AddAbilities):
                kws |= set(m.keywords)
            elif isinstance(m, RemoveAbilities):
                kws -= set(m.keywords)
        p, t = 2, 2
        for m in effects:  # 7b: the latest wins
            if isinstance(m, SetPowerToughness):
                p, t = m.power or 0, m.toughness or 0
        for m in effects:  # 7c: they add up
            if isinstance(m, ModifyPowerToughness):
                p, t = p + m.power, t + m.toughness
        p, t = p + self.counters, t + self.counters
        if sum(isinstance(m, SwitchPowerToughness) for m in effects) % 2:  # 7d
            p, t = t, p
        return p, t, frozenset(cols), frozenset(kws), frozenset(types)


def _chars_after(effects: list[Modification], counters: int) -> tuple[object, ...]:
    g = Game.empty(names=["A", "B"])
    bear = g.add_card(0, "Grizzly Bears", "battlefield", counters={"+1/+1": counters} if counters else {})
    for p in (0, 1):
        g.add_card(p, "Wastes", "library")
    g.begin_at(0, "precombat_main")
    for m in effects:
        perform(g.ctx, StartEffect(effect=ContinuousEffect(0, 0, 0, 0, [bear], [m], "end_of_turn", "test")))
    c = g.chars(bear)
    return c.power, c.toughness, frozenset(c.colors), frozenset(c.keywords), frozenset(c.types)


@pytest.mark.cr("613.4b", "613.4c", "613.4d", "613.7", "613.1e", "613.1f")
@SETTINGS
@given(st.lists(mods, max_size=8), st.integers(0, 2), st.randoms(use_true_random=False))
def test_resolved_effects_follow_layers_and_timestamps(
    effects: list[Modification], counters: int, rnd: object
) -> None:
    model = Model(counters)
    assert _chars_after(effects, counters) == model.apply(effects)
    shuffled = list(effects)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    got = _chars_after(shuffled, counters)
    assert got == model.apply(shuffled)
    # only the timestamp order of effects of one kind that overrides another may change it
    order_free = not any(isinstance(m, SetPowerToughness | SetColors | RemoveAbilities) for m in effects)
    if order_free:
        assert got == model.apply(effects)


STATIC_CARDS = [
    "Humility",
    "Conspiracy",
    "Painter's Servant",
    "Blood Moon",
    "Urborg, Tomb of Yawgmoth",
    "Glorious Anthem",
    "Crusade",
    "Honor of the Pure",
]
OTHER_CARDS = ["Serra Angel", "Grizzly Bears", "Taiga", "Forest", "Savannah Lions"]


CHOSEN = {"Conspiracy": {"creature_type": "zombie"}, "Painter's Servant": {"color": "U"}}


def _board(order: list[str]) -> dict[str, tuple[object, ...]]:
    g = Game.empty(names=["A", "B"])
    ids = {
        name: g.add_card(0, name, "battlefield", **({"chosen": CHOSEN[name]} if name in CHOSEN else {}))
        for name in order
    }
    for p in (0, 1):
        g.add_card(p, "Wastes", "library")
    g.begin_at(0, "precombat_main")
    out: dict[str, tuple[object, ...]] = {}
    for name, oid in ids.items():
        c = g.chars(oid)
        out[name] = (
            frozenset(c.types),
            frozenset(c.subtypes),
            frozenset(c.colors),
            frozenset(c.keywords),
            c.ability_ids,
            c.power if "creature" in c.types else None,
            c.toughness if "creature" in c.types else None,
        )
    return out


@pytest.mark.cr("613.7", "613.8a", "613.8b", "613.6")
@SETTINGS
@given(
    st.lists(st.sampled_from(STATIC_CARDS), unique=True, min_size=1),
    st.lists(st.sampled_from(OTHER_CARDS), unique=True, min_size=1),
    st.randoms(use_true_random=False),
)
def test_static_abilities_give_the_same_board_in_any_order(
    statics: list[str], others: list[str], rnd: object
) -> None:
    order = statics + others
    first = _board(order)
    rnd.shuffle(order)  # type: ignore[attr-defined]
    assert _board(order) == first


@pytest.mark.cr("613.7", "613.4b", "613.6")
@SETTINGS
@given(st.lists(st.sampled_from(STATIC_CARDS), unique=True), st.randoms(use_true_random=False))
def test_with_opalescence_only_the_animated_enchantments_sizes_follow_timestamps(
    statics: list[str], rnd: object
) -> None:
    order = [*statics, "Opalescence", "Serra Angel", "Taiga"]
    rnd.shuffle(order)  # type: ignore[attr-defined]
    board = _board(order)
    again = list(order)
    rnd.shuffle(again)  # type: ignore[attr-defined]
    other = _board(again)
    for name, chars in board.items():
        if "enchantment" in chars[0] and "creature" in chars[0] and "Humility" in order:
            h_first = order.index("Humility") < order.index("Opalescence")
            h_first_again = again.index("Humility") < again.index("Opalescence")
            if h_first != h_first_again:
                assert chars[:5] == other[name][:5]  # only power and toughness may differ
                continue
        assert chars == other[name], name
