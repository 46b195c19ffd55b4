"""Alternative cost keywords (118.9, 601.2b): evoke (702.74a) compiles to the alternative cost and
its linked sacrifice trigger with an intervening "if" (603.4)."""

from __future__ import annotations

import pytest

from karn.cards.database import CardDatabase
from karn.ir.nodes import (
    AlternativeCost,
    CreateDelayed,
    EntersReplacement,
    Group,
    Kicker,
    Modify,
    Ref,
    ReturnToHand,
    Sacrifice,
    SpellAbility,
    Static,
    Trigger,
    Triggered,
    Unsupported,
    Var,
)
from karn.oracle import compile_text
from karn.oracle.compiler import compile_face
from karn.oracle.parser import parse
from karn.oracle.syntax import AltCostA, KickerA


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    return CardDatabase.default()


@pytest.mark.cr("702.74a")
def test_evoke_is_an_alternative_cost_and_a_sacrifice_trigger(db: CardDatabase) -> None:
    compiled = compile_face(db.get("Mulldrifter"))
    assert compiled.playable
    assert AlternativeCost("evoke", "{2}{U}", text="Evoke {2}{U}") in compiled.abilities
    sacrifice = [a for a in compiled.abilities if isinstance(a, Triggered) and a.alt_paid]
    assert sacrifice == [
        Triggered(
            trigger=Trigger(event="enters", self_only=True),
            effects=(Sacrifice(player=Ref("triggering_controller"), what=Ref("self")),),
            text="When this permanent enters, if its evoke cost was paid, its controller sacrifices it.",
            alt_paid="evoke",
        )
    ]


@pytest.mark.cr("702.74a")
def test_evoke_keyword_grammar() -> None:
    assert parse("evoke {2}{u}", "keyword_item") == AltCostA("evoke", "{2}{U}")


@pytest.mark.cr("702.74a")
def test_evoke_with_a_hybrid_cost_parses() -> None:
    compiled = compile_text("Evoke {R/W}{R/W}", name="Hybrid Test", type_line="Creature — Elemental")
    assert compiled.abilities[0] == AlternativeCost("evoke", "{R/W}{R/W}", text="Evoke {R/W}{R/W}")


@pytest.mark.cr("702.74a")
def test_evoke_with_a_non_mana_cost_is_refused(db: CardDatabase) -> None:
    """ "Evoke—Exile a black card from your hand." is not a mana cost: the card stays unplayable."""
    compiled = compile_face(db.get("Grief"))
    assert not compiled.playable
    (refused,) = [a for a in compiled.abilities if isinstance(a, Unsupported)]
    assert refused.clause.startswith("Evoke")


@pytest.mark.cr("118.9")
def test_a_card_with_evoke_and_unsupported_text_stays_unplayable(db: CardDatabase) -> None:
    compiled = compile_face(db.get("Nevermaker"))
    assert not compiled.playable
    assert any(isinstance(a, AlternativeCost) for a in compiled.abilities)


@pytest.mark.cr("702.109a")
def test_dash_is_an_alternative_cost_a_delayed_return_and_haste(db: CardDatabase) -> None:
    compiled = compile_face(db.get("Mardu Scout"))
    assert compiled.playable
    (dash,) = [a for a in compiled.abilities if isinstance(a, AlternativeCost)]
    assert (dash.keyword, dash.cost) == ("dash", "{1}{R}")
    assert dash.effects == (
        CreateDelayed(
            when=Trigger(event="step", step="end"),
            effects=(ReturnToHand(Ref("triggering")),),
            bind=Ref("self"),
            text="At the beginning of the next end step, return it to its owner's hand (dash).",
        ),
    )
    (haste,) = [a for a in compiled.abilities if isinstance(a, Static)]
    assert haste.mods == (Modify(Ref("self"), add_keywords=("haste",), alt_paid="dash"),)


@pytest.mark.cr("702.109a")
def test_dash_keyword_grammar() -> None:
    assert parse("dash {2}{b}{b}", "keyword_item") == AltCostA("dash", "{2}{B}{B}")


@pytest.mark.cr("702.96a", "702.96b", "702.96c")
def test_overload_compiles_the_spell_with_each_instead_of_target(db: CardDatabase) -> None:
    compiled = compile_face(db.get("Cyclonic Rift"))
    assert compiled.playable
    (spell,) = [a for a in compiled.abilities if isinstance(a, SpellAbility)]
    (overload,) = [a for a in compiled.abilities if isinstance(a, AlternativeCost)]
    assert (overload.keyword, overload.cost) == ("overload", "{6}{U}")
    assert overload.spell is not None
    assert len(spell.targets) == 1 and overload.spell.targets == ()
    assert overload.spell.text == "Return each nonland permanent you don't control to its owner's hand."
    (bounce,) = overload.spell.effects
    assert isinstance(bounce, ReturnToHand) and isinstance(bounce.what, Group)
    assert bounce.what.filter == spell.targets[0].objects


@pytest.mark.cr("702.96a")
def test_overload_capital_target_becomes_each(db: CardDatabase) -> None:
    """ "Target player discards two cards." overloaded is "Each player discards two cards."."""
    (overload,) = [a for a in compile_face(db.get("Mind Rake")).abilities if isinstance(a, AlternativeCost)]
    assert overload.spell is not None and overload.spell.text == "Each player discards two cards."


@pytest.mark.cr("702.96a")
def test_overload_whose_changed_text_doesnt_compile_is_refused(db: CardDatabase) -> None:
    """Counterflux's "Counter each spell you don't control." has no IR yet: the card is refused."""
    compiled = compile_face(db.get("Counterflux"))
    assert not compiled.playable
    assert not any(isinstance(a, AlternativeCost) for a in compiled.abilities)


@pytest.mark.cr("702.96a")
def test_overload_keyword_grammar() -> None:
    assert parse("overload {6}{u}", "keyword_item") == AltCostA("overload", "{6}{U}")


@pytest.mark.cr("702.33c", "702.33d")
def test_multikicker_and_counters_for_each_time_it_was_kicked(db: CardDatabase) -> None:
    compiled = compile_face(db.get("Gnarlid Pack"))
    assert compiled.playable
    assert Kicker(("{1}{G}",), text="Multikicker {1}{G}", multi=True) in compiled.abilities
    (enters,) = [a for a in compiled.abilities if isinstance(a, EntersReplacement)]
    assert enters.self_only and enters.counters == (("+1/+1", Var("kicked")),)


@pytest.mark.cr("702.33c")
def test_multikicker_keyword_grammar() -> None:
    assert parse("multikicker {1}{g}", "keyword_item") == KickerA(("{1}{G}",), multi=True)


@pytest.mark.cr("702.33d")
def test_several_counters_for_each_kick_are_refused() -> None:
    compiled = compile_text(
        "Multikicker {2}\nThis creature enters with two +1/+1 counters on it for each time it was kicked.",
        name="Test Pack",
        type_line="Creature — Beast",
    )
    assert not compiled.playable
