"""115.3 and 601.2c: "another target" after an earlier target of the same spell or ability is
another object than the ones chosen for that target; an earlier pick that would leave it with
no legal choice isn't offered, and a spell whose targets can't all be chosen can't be cast."""

from __future__ import annotations

import pytest
from ir_cards import card, game

from karn import Action, ir

CREATURE = ir.Filter(types=("creature",))

# "Destroy target creature and another target creature you control." (a test card whose second
# slot is narrower than the first)
SWAP = card(
    "Test Grim Bargain",
    "Sorcery",
    ir.SpellAbility(
        (ir.Destroy(ir.Ref("target", 0)), ir.Destroy(ir.Ref("target", 1))),
        (
            ir.TargetSpec(objects=CREATURE, text="target creature"),
            ir.TargetSpec(
                objects=ir.Filter(types=("creature",), controller="you"),
                text="another target creature you control",
                distinct_from=(0,),
            ),
        ),
        text="Destroy target creature and another target creature you control.",
    ),
    mana_cost="{0}",
)


def _targets_offered(g: object) -> set[int]:
    return {a.a for a in g.legal_actions() if a.kind == "target"}  # type: ignore[attr-defined]


@pytest.mark.cr("115.3", "601.2c")
def test_the_first_pick_leaves_the_narrower_another_target_a_choice() -> None:
    g, (spell, bears, angel) = game(
        [SWAP],
        (0, "Test Grim Bargain", "hand"),
        (0, "Grizzly Bears", "battlefield"),
        (1, "Serra Angel", "battlefield"),
    )
    g.apply(Action("cast", spell))
    # the Bears are A's only creature: choosing them first would leave the second slot empty
    assert _targets_offered(g) == {angel}
    g.apply(Action("target", angel))
    assert _targets_offered(g) == {bears}
    g.apply(Action("target", bears))
    for _ in range(6):  # pay {0}, then both players pass: it resolves
        if not g.state.stack and g.state.battlefield == []:
            break
        g.apply(next(a for a in g.legal_actions() if a.kind in ("pay", "done", "pass")))
    assert g.state.battlefield == []
    assert [g.obj(o).name for o in g.state.players[1].graveyard] == ["Serra Angel"]


@pytest.mark.cr("115.3", "601.2c")
def test_a_spell_whose_another_target_has_no_other_object_cant_be_cast() -> None:
    g, (spell, _bears) = game([SWAP], (0, "Test Grim Bargain", "hand"), (0, "Grizzly Bears", "battlefield"))
    assert Action("cast", spell) not in g.legal_actions()


@pytest.mark.cr("115.3")
def test_without_another_one_object_may_be_chosen_for_each_target() -> None:
    plain = card(
        "Test Double Bargain",
        "Sorcery",
        ir.SpellAbility(
            (ir.Destroy(ir.Ref("target", 0)), ir.Destroy(ir.Ref("target", 1))),
            (ir.TargetSpec(objects=CREATURE), ir.TargetSpec(objects=CREATURE)),
            text="Destroy target creature and target creature.",
        ),
        mana_cost="{0}",
    )
    g, (spell, bears) = game([plain], (0, "Test Double Bargain", "hand"), (0, "Grizzly Bears", "battlefield"))
    g.apply(Action("cast", spell))
    g.apply(Action("target", bears))
    assert _targets_offered(g) == {bears}
