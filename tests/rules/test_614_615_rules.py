"""Replacement and prevention rules beyond the CR's examples (614-616): skipped steps, draws
replaced with an empty library, the 616.1a-d order, unpreventable damage and "can't"."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from karn import Game, ir
from karn.engine.context import Context
from karn.engine.events import (
    AddReplacement,
    AddRules,
    AddShield,
    CreateToken,
    Damage,
    DrawCard,
    GameEvent,
    LifeGain,
    Tap,
)
from karn.engine.modifications import ReplacementEffect, RulesEffect, StepSkip
from karn.engine.pipeline import perform
from karn.engine.pipeline.replacement import FINDERS, Replacement
from karn.engine.state import player_ref
from karn.engine.values import TokenDef


def _game(a: tuple[str, ...] = (), graveyard_a: tuple[str, ...] = (), library: int = 5) -> Game:
    g = Game.empty(names=["A", "B"])
    for name in a:
        g.add_card(0, name, "battlefield")
    for name in graveyard_a:
        g.add_card(0, name, "graveyard")
    for p in (0, 1):
        for _ in range(library):
            g.add_card(p, "Wastes", "library")
    return g


def _pass_to(g: Game, step: str, turn: int) -> None:
    while not (g.state.step == step and g.state.turn == turn):
        d = g.decision
        assert d is not None
        acts = g.legal_actions()
        g.apply(next((x for x in acts if x.kind == "pass"), acts[0]))


@pytest.mark.cr("614.1b", "614.10")
def test_skip_your_draw_step_skips_each_draw_step() -> None:
    g = _game(a=("Dragon Appeasement",))
    g.begin_at(0, "upkeep")
    hand = len(g.state.players[0].hand)
    _pass_to(g, "precombat_main", 1)
    assert len(g.state.players[0].hand) == hand
    assert any(e.rule == "614.10" and "skips their draw step" in e.text for e in g.log)


@pytest.mark.cr("614.10", "614.10a")
def test_skip_your_next_untap_step_skips_only_the_next_one() -> None:
    g = _game(a=("Forest",))
    forest = g.state.battlefield[0]
    g.begin_at(0, "precombat_main")
    perform(g.ctx, Tap(obj=forest, tapped=True, rule="701.26a"))
    g.state.skips.append(StepSkip(0, "untap"))
    g.dirty()
    _pass_to(g, "upkeep", 3)
    assert g.state.objects[forest].tapped  # turn 3's untap step was skipped
    assert not g.state.skips  # used up (614.10a: "next" is the first one not skipped)
    _pass_to(g, "upkeep", 5)
    assert not g.state.objects[forest].tapped


@pytest.mark.cr("614.11", "704.5b")
def test_a_draw_from_an_empty_library_is_still_replaced() -> None:
    """Forbidden Crypt: the draw is replaced by returning a card even with no library, so the
    player doesn't lose for drawing from an empty library."""
    g = _game(a=("Forbidden Crypt",), graveyard_a=("Hill Giant",), library=0)
    g.begin_at(0, "precombat_main")
    perform(g.ctx, DrawCard(player=0))
    g.dirty()
    a = g.state.players[0]
    assert [g.state.objects[c].name for c in a.hand] == ["Hill Giant"]
    assert not a.lost


def _recording_finder(order: list[str], kinds: list[str]) -> Any:
    def finder(ctx: Context, ev: Any) -> Iterator[Replacement]:
        if not isinstance(ev, LifeGain):
            return
        for kind in kinds:

            def apply(c: Context, e: Any, pick: int, kind: str = kind) -> list[GameEvent]:
                order.append(kind)
                return [e]

            yield Replacement(f"test:{kind}", kind, kind, apply)

    return finder


@pytest.mark.cr("616.1", "616.1a", "616.1b", "616.1c", "616.1d", "616.1e", "614.15")
def test_self_replacement_then_control_then_copy_then_back_face_then_the_rest() -> None:
    g = _game()
    g.begin_at(0, "precombat_main")
    order: list[str] = []
    finder = _recording_finder(order, ["other", "back_face", "copy", "control", "self"])
    FINDERS.setdefault(LifeGain, []).append(finder)
    try:
        perform(g.ctx, LifeGain(player=0, amount=1))
    finally:
        FINDERS[LifeGain].remove(finder)
    assert order == ["self", "control", "copy", "back_face", "other"]
    assert g.state.players[0].life == 21


@pytest.mark.cr("615.12", "615.12a")
def test_unpreventable_damage_leaves_the_shield_and_applies_it_once() -> None:
    g = _game()
    g.begin_at(0, "precombat_main")
    perform(g.ctx, AddShield(target=player_ref(1), amount=3, source=0, source_name="shield"))
    rule = RulesEffect(
        id=0, source=0, source_name="rules", controller=0, change=ir.RuleChange("unpreventable")
    )
    perform(g.ctx, AddRules(effect=rule))
    g.dirty()
    done = perform(g.ctx, Damage(source=0, target=player_ref(1), amount=2, source_name="test"))
    g.dirty()
    assert g.state.players[1].life == 18
    assert [s.amount for s in g.state.shields] == [3]  # it prevented nothing
    assert done is not None and done[0].applied.count(f"shield:{g.state.shields[0].id}") == 1


@pytest.mark.cr("614.17", "614.17c", "119.7")
def test_an_event_that_cant_happen_isnt_replaced() -> None:
    """ "Players can't gain life this turn" and "If you would gain life, draw that many cards
    instead": the life gain can't happen, so it isn't replaced by draws either."""
    g = _game()
    g.begin_at(0, "precombat_main")
    lich = ReplacementEffect(
        id=0,
        source=0,
        source_name="draw instead",
        controller=0,
        would=ir.Would("gain_life", player="you"),
        instead=ir.Instead("draw"),
    )
    perform(g.ctx, AddReplacement(effect=lich))
    rule = RulesEffect(
        id=0, source=0, source_name="rules", controller=0, change=ir.RuleChange("no_life_gain")
    )
    perform(g.ctx, AddRules(effect=rule))
    g.dirty()
    hand = len(g.state.players[0].hand)
    perform(g.ctx, LifeGain(player=0, amount=3))
    g.dirty()
    assert g.state.players[0].life == 20
    assert len(g.state.players[0].hand) == hand


@pytest.mark.cr("616.1g", "614.16", "614.5")
def test_the_creation_is_replaced_before_the_entering_contained_in_it() -> None:
    """Doubling Season on tokens that would enter with a +1/+1 counter: its token effect
    applies to the creation first (no choice is offered), then its counter effect to each
    token entering (616.1g); each applies once (614.5)."""
    g = _game(a=("Doubling Season",))
    g.begin_at(0, "precombat_main")
    soldier = TokenDef("Soldier", 1, 1, ("W",), ("creature",), ("soldier",))
    done = perform(g.ctx, CreateToken(controller=0, token=soldier, counters={"+1/+1": 1}))
    g.dirty()
    assert g.decision is not None and g.decision.kind == "priority"
    assert done is not None
    tokens = [o for o in g.state.battlefield if g.state.objects[o].name == "Soldier"]
    assert len(tokens) == 2
    assert [g.state.objects[t].counters for t in tokens] == [{"+1/+1": 2}, {"+1/+1": 2}]
    assert len(done[0].applied) == len(set(done[0].applied)) == 2
