"""Quoted abilities (113.2c): 'has "<ability>"' grants any ability the compiler knows, each
compiled on its own and granted in layer 6 (613.1f)."""

from __future__ import annotations

import pytest

from karn.game import Game
from karn.ir.nodes import (
    Activated,
    ApplyContinuous,
    GainAbility,
    Modify,
    SpellAbility,
    Static,
    Triggered,
    Unsupported,
)
from karn.oracle import compile_text
from karn.oracle.describe import describe_abilities
from karn.scenario.loader import load_text
from karn.scenario.setup import build


def _granted(text: str, type_line: str = "Enchantment — Aura", name: str = "Test Card") -> tuple[object, ...]:
    compiled = compile_text(text, name=name, type_line=type_line)
    assert compiled.playable, compiled.unsupported
    mods: list[Modify] = []
    for ability in compiled.abilities:
        if isinstance(ability, Static):
            mods += ability.mods
        if isinstance(ability, SpellAbility):
            mods += [e.mod for e in ability.effects if isinstance(e, ApplyContinuous)]
    return tuple(c.ability for m in mods for c in m.changes if isinstance(c, GainAbility))


@pytest.mark.cr("113.2c", "613.1f")
def test_any_ability_shape_can_be_quoted() -> None:
    (mana,) = _granted('Enchanted land has "{T}: Add {G}{G}."')
    assert isinstance(mana, Activated) and mana.mana_ability
    (trigger,) = _granted('Equipped creature has "Whenever this creature attacks, draw a card."', "Artifact")
    assert isinstance(trigger, Triggered) and trigger.trigger.event == "attacks"
    (activated,) = _granted('All Sliver creatures have "{2}: This creature gets +0/+1 until end of turn."')
    assert isinstance(activated, Activated) and not activated.mana_ability
    (until_eot,) = _granted(
        'Until end of turn, target creature gains "{T}: This creature deals 1 damage to any target."',
        "Instant",
    )
    assert isinstance(until_eot, Activated)


@pytest.mark.cr("113.2c", "702.1")
def test_keywords_and_quoted_abilities_in_one_list() -> None:
    compiled = compile_text(
        'Enchanted creature has vigilance and "At the beginning of your end step, draw a card."',
        name="Test Aura",
        type_line="Enchantment — Aura",
    )
    assert compiled.playable
    (static,) = [a for a in compiled.abilities if isinstance(a, Static)]
    (mod,) = static.mods
    assert mod.add_keywords == ("vigilance",)
    assert [type(c.ability) for c in mod.changes if isinstance(c, GainAbility)] == [Triggered]
    assert static.text.endswith('has vigilance and "At the beginning of your end step, draw a card."')
    rendered = " ".join(describe_abilities(compiled))
    assert "vigilance" in rendered and "at the beginning of your end step" in rendered


@pytest.mark.cr("201.5a")
def test_a_quoted_ability_naming_its_grantor_is_refused() -> None:
    compiled = compile_text(
        'Equipped creature has "{T}, Sacrifice Blazing Torch: Blazing Torch deals 2 damage to any target."',
        name="Blazing Torch",
        type_line="Artifact — Equipment",
    )
    assert not compiled.playable
    assert "201.5a" in compiled.unsupported[0].reason


def test_an_inner_failure_names_the_quoted_clause() -> None:
    compiled = compile_text(
        'Enchanted land has "{T}: Frobnicate the widget."', name="X", type_line="Enchantment"
    )
    (bad,) = compiled.unsupported
    assert isinstance(bad, Unsupported)
    assert bad.reason.startswith("in a quoted ability:") and "Frobnicate" in bad.clause


_KNACK = """
name: knack
start: {turn: 1, active: A, step: precombat_main}
players:
  A:
    hand: [Banishing Knack]
    battlefield: [Grizzly Bears, Island]
  B:
    battlefield: [Hill Giant]
expect:
  B: {life: 20}
"""


def _activations(game: Game, name: str) -> list[str]:
    return [a.label for a in game.legal_actions() if a.kind == "activate" and name in a.label]


@pytest.mark.cr("113.2c", "514.2", "611.2a")
def test_a_granted_ability_exists_only_while_granted() -> None:
    game = build(load_text(_KNACK)[0])
    assert _activations(game, "Grizzly Bears") == []
    knack = next(a for a in game.legal_actions() if a.kind == "cast")
    game.apply(knack)
    while game.decision.kind != "priority" or game.state.stack:
        actions = game.legal_actions()
        target = next((a for a in actions if "Grizzly Bears" in a.label), None)
        game.apply(target or next((a for a in actions if a.kind in ("pass", "pay")), actions[0]))
    (granted,) = _activations(game, "Grizzly Bears")
    assert granted.endswith("{T}: Return target nonland permanent to its owner's hand.")
    while game.state.turn == 1:
        actions = game.legal_actions()
        game.apply(next(a for a in actions if a.kind in ("pass", "done")))  # no attacks, no blocks
    assert _activations(game, "Grizzly Bears") == []  # 514.2: the effect ended with the turn
