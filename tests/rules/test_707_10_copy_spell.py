"""Copying spells (707.10): the compiled wordings (Twincast, Fork, storm), the choice of new
targets as a saved decision (707.10c), and a copy shown as a copy on the stack."""

from __future__ import annotations

import pytest

from karn import Action, Game
from karn.cards.database import CardDatabase
from karn.ir.nodes import CopySpell, Filter, Keyword, Ref, TargetSpec, Trigger, Triggered, Unsupported, Var
from karn.oracle.compiler import compile_face
from karn.table.build import build_table

SPELL_ON_STACK = Filter(types=("instant", "sorcery"), zone="stack")


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    return CardDatabase.default()


@pytest.mark.cr("707.10", "707.10c")
def test_twincast_compiles_to_a_copy_with_new_targets(db: CardDatabase) -> None:
    (spell,) = compile_face(db.get("Twincast")).abilities
    assert spell.effects == (CopySpell(Ref("target", 0), new_targets=True),)  # type: ignore[union-attr]
    assert spell.targets == (TargetSpec(objects=SPELL_ON_STACK, text="target instant or sorcery spell"),)  # type: ignore[union-attr]


@pytest.mark.cr("707.10", "707.9b")
def test_forks_exception_is_the_copys_color(db: CardDatabase) -> None:
    (spell,) = compile_face(db.get("Fork")).abilities
    assert spell.effects == (CopySpell(Ref("target", 0), new_targets=True, colors=("R",)),)  # type: ignore[union-attr]


@pytest.mark.cr("702.40a")
def test_storm_is_a_cast_trigger_copying_the_spell(db: CardDatabase) -> None:
    abilities = compile_face(db.get("Grapeshot")).abilities
    assert Keyword("storm", text="Storm") in abilities
    storm = next(a for a in abilities if isinstance(a, Triggered))
    assert storm.trigger == Trigger("cast_self")
    assert storm.effects == (CopySpell(Ref("triggering"), count=Var("trigger_amount"), new_targets=True),)


@pytest.mark.cr("707.10")
def test_a_copy_with_a_condition_the_ir_cant_express_is_refused(db: CardDatabase) -> None:
    # "If this spell was cast from a graveyard, copy that spell twice instead.": not compiled
    abilities = compile_face(db.get("Increasing Vengeance")).abilities
    assert any(isinstance(a, Unsupported) for a in abilities)


def _bolt_and_twincast() -> tuple[Game, int]:
    """A casts Lightning Bolt at B, then Twincast on it; Twincast resolves and A is asked
    whether to change the copy's target (707.10c). Returns the game and B's Grizzly Bears."""
    g = Game.empty(names=["A", "B"])
    for land in ("Mountain", "Island", "Island"):
        g.add_card(0, land, "battlefield")
    bolt = g.add_card(0, "Lightning Bolt", "hand")
    twincast = g.add_card(0, "Twincast", "hand")
    bears = g.add_card(1, "Grizzly Bears", "battlefield")
    for p in (0, 1):
        for _ in range(3):
            g.add_card(p, "Wastes", "library")
    g.begin_at(0, "precombat_main")
    _cast(g, bolt, -2)  # B (player 1) is encoded -2
    _cast(g, twincast, g.state.stack[-1])
    while g.decision is not None and g.decision.kind == "priority":
        g.apply(Action("pass"))
    return g, bears


def _cast(g: Game, oid: int, target: int) -> None:
    g.apply(next(a for a in g.legal_actions() if a.kind == "cast" and a.a == oid))
    while g.decision is not None and g.decision.kind != "priority":
        if g.decision.kind == "pay":
            g.apply(Action("pay"))
        else:
            g.apply(next(a for a in g.legal_actions() if a.a == target))


@pytest.mark.cr("707.10c", "707.10")
def test_the_new_target_choice_is_a_decision_that_survives_a_save() -> None:
    g, bears = _bolt_and_twincast()
    assert g.decision is not None and (g.decision.kind, g.decision.rule) == ("new_target", "707.10c")
    assert {a.kind for a in g.legal_actions()} == {"keep", "target"}
    loaded = Game.loads(g.dumps())
    loaded.apply(next(a for a in loaded.legal_actions() if a.kind == "target" and a.a == bears))
    copy = loaded.obj(loaded.state.stack[-1])
    assert copy.is_copy and copy.card == -1 and copy.targets == [[bears]]
    original = loaded.obj(loaded.state.stack[-2])
    assert not original.is_copy and original.targets == [[-2]]
    # the game it was saved from still waits, unchanged
    assert g.decision is not None and g.decision.kind == "new_target"


@pytest.mark.cr("707.10")
def test_the_table_and_observation_show_a_copy_as_a_copy() -> None:
    g, _ = _bolt_and_twincast()
    g.apply(next(a for a in g.legal_actions() if a.kind == "keep"))
    top, below = g.observation(0).stack[:2]
    assert (top.name, top.copy, below.copy) == ("Lightning Bolt", True, False)
    entries = build_table(g, 1).stack
    assert [(e.name, e.copy) for e in entries] == [("Lightning Bolt", True), ("Lightning Bolt", False)]
