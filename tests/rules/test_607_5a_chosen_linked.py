"""607.5a with 607.2a: a value chosen "as ~ enters" (614.12a) belongs to the ability that chose
it. "The chosen color" reads only what its own card's "choose a color" chose on that object:
not a value chosen for another card's ability the object had (a copy effect that gave way to
another, 707.4) or has, and not one chosen before the pair was acquired again by a new copy
effect."""

from __future__ import annotations

import pytest

from karn import ir
from karn.cards.pool import linked_key
from karn.engine.values import chosen_for
from karn.game import Game
from karn.oracle import compile_text
from karn.scenario.loader import load_text
from karn.scenario.runner import Runner


@pytest.mark.cr("607.5a", "607.2a")
def test_linked_abilities_share_their_cards_key() -> None:
    # the choosing ability and the one reading it are printed on one card: one key
    assert linked_key("Quirion Elves#0") == linked_key("Quirion Elves#2") == "Quirion Elves"
    # another card's abilities have another key
    assert linked_key("Voice of All#1") != linked_key("Quirion Elves#2")
    # a quoted ability, a created one and a text-changed one keep their card's key (612, 113.2c)
    assert linked_key("Vesuvan Doppelganger#0/0") == "Vesuvan Doppelganger"
    assert linked_key("nested:0:Quirion Elves#2") == "Quirion Elves"
    assert linked_key("text:color/B/W;Quirion Elves#2") == "Quirion Elves"
    assert linked_key("keyword:flying") == "keyword:flying"
    chosen = {"Voice of All": {"color": "U"}}
    assert chosen_for(chosen, "Voice of All#2") == {"color": "U"}
    assert chosen_for(chosen, "Quirion Elves#2") == {}
    assert chosen_for(None, "Voice of All#2") == {}


SETUP = """
name: Doppelganger
start: {active: A, step: precombat_main}
players:
  A:
    battlefield: [Voice of All, Quirion Elves, Island, Island, Island, Island, Island]
    hand: [Vesuvan Doppelganger]
do:
  - {cast: Vesuvan Doppelganger, by: A}
  - resolve
"""


#: To A's next upkeep, the Doppelganger's upkeep trigger declined: it can be tapped (302.6).
NEXT_UPKEEP = "  - {to: upkeep, turn: 3}\n  - {choose: A.Voice of All}\n  - resolve\n  - {choose: 'no'}\n"


def _played(text: str) -> Runner:
    (sc,) = load_text(text)
    r = Runner(sc)
    for st in sc.steps:
        r.run_step(st)
    return r


def _doppelganger(g: Game) -> int:
    return next(
        o for o in g.state.battlefield if g.obj(o).card >= 0 and g.obj(o).name == "Vesuvan Doppelganger"
    )


def _mana_from(r: Runner, oid: int, ability: int) -> dict[str, int]:
    """Activate the object's `ability`-th mana ability (0-based among its abilities) and return
    what it added to A's pool (605.3b)."""
    g = r.g
    before = dict(g.state.players[0].pool)
    action = next(a for a in g.legal_actions() if a.kind == "mana" and a.a == oid and a.b == ability)
    g.apply(action)
    after = g.state.players[0].pool
    return {k: after.get(k, 0) - before.get(k, 0) for k in after if after.get(k, 0) != before.get(k, 0)}


@pytest.mark.cr("607.2a", "614.12a", "707.9", "614.1c")
def test_a_copy_entering_as_quirion_elves_chooses_for_its_own_mana_ability() -> None:
    r = _played(SETUP + "  - {choose: A.Quirion Elves}\n  - {choose: red}\n" + NEXT_UPKEEP)
    g = r.g
    dop = _doppelganger(g)
    assert g.obj(dop).chosen == {"Quirion Elves": {"color": "R"}}
    # the copied "{T}: Add one mana of the chosen color" (its third ability) reads the copy's choice
    assert _mana_from(r, dop, 2) == {"R": 1}


@pytest.mark.cr("607.5a", "607.2a", "707.4")
def test_a_color_chosen_for_voice_of_all_is_not_quirion_elves_chosen_color() -> None:
    r = _played(
        SETUP
        + "  - {choose: A.Voice of All}\n  - {choose: blue}\n  - {to: upkeep, turn: 3}\n"
        + "  - {choose: A.Quirion Elves}\n  - resolve\n  - {choose: 'yes'}\n"
    )
    g = r.g
    dop = _doppelganger(g)
    assert g.chars(dop).name == "Quirion Elves"
    assert _mana_from(r, dop, 2) == {}  # 607.5a: "it will not produce mana"
    assert g.obj(dop).tapped


@pytest.mark.cr("607.5a")
def test_a_value_chosen_for_another_cards_ability_is_not_read() -> None:
    """Whatever the object is now, "the chosen color" of Quirion Elves' abilities reads only the
    value chosen for them, not one recorded for Voice of All's (keys, not the object, decide)."""
    r = _played(SETUP + "  - {choose: A.Quirion Elves}\n  - {choose: red}\n" + NEXT_UPKEEP)
    g = r.g
    dop = _doppelganger(g)
    g.obj(dop).chosen = {"Voice of All": {"color": "R"}}
    assert _mana_from(r, dop, 2) == {}
    elves = next(o for o in g.state.battlefield if g.obj(o).name == "Quirion Elves" and o != dop)
    g.obj(elves).chosen = {"Quirion Elves": {"color": "B"}}
    assert _mana_from(r, elves, 2) == {"B": 1}


@pytest.mark.cr("607.5a", "707.4", "702.16a")
def test_voice_of_all_acquired_again_by_a_new_copy_effect_has_no_color_chosen() -> None:
    """The Doppelganger entered as Voice of All choosing blue, then became a copy of Voice of All
    again: the pair acquired by the new copy effect is linked only to each other, and no color was
    chosen for it (it didn't enter), so it has no protection."""
    r = _played(
        SETUP
        + "  - {choose: A.Voice of All}\n  - {choose: blue}\n  - {to: upkeep, turn: 3}\n"
        + "  - {choose: A.Voice of All}\n  - resolve\n  - {choose: 'yes'}\n"
    )
    g = r.g
    dop = _doppelganger(g)
    assert g.chars(dop).name == "Voice of All"
    assert "flying" in g.chars(dop).keywords
    assert not any(k.startswith("protection") for k in g.chars(dop).keywords)


@pytest.mark.cr("607.2a", "614.12a")
def test_values_chosen_by_ability_survive_a_save() -> None:
    r = _played(SETUP + "  - {choose: A.Voice of All}\n  - {choose: green}\n")
    g = Game.loads(r.g.dumps(), pool=r.g.pool)
    dop = _doppelganger(g)
    assert g.obj(dop).chosen == {"Voice of All": {"color": "G"}}
    assert "protection from green" in g.chars(dop).keywords


@pytest.mark.cr("607.2a", "603.6a", "603.10a")
def test_enters_and_dies_triggers_may_read_the_chosen_type() -> None:
    """ "Whenever a creature of the chosen type dies / enters": the trigger's filter reads the
    value chosen for its source (607.2a), as a static ability's group and a cast trigger do."""
    for event, words in (("dies", "dies"), ("enters", "enters")):
        compiled = compile_text(
            "As this creature enters, choose a creature type.\n"
            f"Whenever another creature you control of the chosen type {words}, you gain 1 life.",
            name="X",
        )
        assert compiled.playable, compiled.unsupported
        trigger = next(a for a in compiled.abilities if isinstance(a, ir.Triggered)).trigger
        assert trigger.event == event
        assert trigger.filter is not None and trigger.filter.chosen == "creature_type"
        assert trigger.filter.other and trigger.filter.controller == "you"
