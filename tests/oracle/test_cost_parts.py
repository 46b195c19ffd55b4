"""Costs as parts (118, 602.1): each part of an activated ability's cost compiles to its own
typed IR part, in printed order; parts the IR can't express are refused, never dropped."""

from __future__ import annotations

import pytest

from karn.ir import (
    Activated,
    Cost,
    DiscardCost,
    DiscardHandCost,
    DiscardRandomCost,
    ExileCardsCost,
    ExileSelfCost,
    Filter,
    MillCost,
    PayLifeCost,
    PutCountersCost,
    RemoveCountersCost,
    ReturnCost,
    ReturnSelfCost,
    SacrificeCost,
    TapCost,
    Unsupported,
    UntapSymbolCost,
)
from karn.oracle.compiler import compile_text


def _cost(text: str) -> Cost:
    (ab,) = compile_text(text, name="Foo", type_line="Creature — Elf").abilities
    assert isinstance(ab, Activated), ab
    return ab.cost


CREATURE = Filter(types=("creature",), controller="you")


@pytest.mark.cr("701.21a", "602.1")
@pytest.mark.parametrize(
    ("text", "part"),
    [
        ("Sacrifice a creature: Draw a card.", SacrificeCost(CREATURE)),
        (
            "Sacrifice another creature: Draw a card.",
            SacrificeCost(Filter(types=("creature",), controller="you", other=True)),
        ),
        (
            "Sacrifice two artifacts: Draw a card.",
            SacrificeCost(Filter(types=("artifact",), controller="you"), 2),
        ),
        ("Pay 2 life: Draw a card.", PayLifeCost(2)),
        ("Discard a card: Draw a card.", DiscardCost(1)),
        ("Discard two cards: Draw a card.", DiscardCost(2)),
        (
            "Discard a creature card: Draw a card.",
            DiscardCost(1, Filter(types=("creature",), owner="you", zone="hand")),
        ),
        ("Discard a card at random: Draw a card.", DiscardRandomCost(1)),
        ("Discard your hand: Draw a card.", DiscardHandCost()),
        ("Remove a +1/+1 counter from Foo: Draw a card.", RemoveCountersCost("+1/+1", 1)),
        ("Remove three charge counters from Foo: Draw a card.", RemoveCountersCost("charge", 3)),
        ("Put a -1/-1 counter on Foo: Draw a card.", PutCountersCost("-1/-1", 1)),
        (
            "Exile a creature card from your graveyard: Draw a card.",
            ExileCardsCost(Filter(types=("creature",), owner="you", zone="graveyard")),
        ),
        (
            "Exile two cards from your graveyard: Draw a card.",
            ExileCardsCost(Filter(owner="you", zone="graveyard"), 2),
        ),
        ("Exile Foo: Draw a card.", ExileSelfCost()),
        ("Return Foo to its owner's hand: Draw a card.", ReturnSelfCost()),
        (
            "Return a land you control to its owner's hand: Draw a card.",
            ReturnCost(Filter(types=("land",), controller="you")),
        ),
        ("Tap an untapped creature you control: Draw a card.", TapCost(CREATURE)),
        ("Tap two untapped creatures you control: Draw a card.", TapCost(CREATURE, 2)),
        ("{Q}: Draw a card.", UntapSymbolCost()),
        ("Mill a card: Draw a card.", MillCost(1)),
    ],
)
def test_each_cost_part_compiles_to_its_typed_part(text: str, part: object) -> None:
    assert _cost(text).parts == (part,)


@pytest.mark.cr("602.1", "601.2h")
def test_the_parts_keep_their_printed_order_beside_mana_and_tap() -> None:
    cost = _cost("{1}{B}, {T}, Pay 1 life, Sacrifice a creature: Draw a card.")
    assert cost.mana == "{1}{B}" and cost.tap
    assert cost.parts == (PayLifeCost(1), SacrificeCost(CREATURE))


@pytest.mark.cr("602.5b")
def test_activate_only_once_each_turn() -> None:
    (ab,) = compile_text(
        "Pay 1 life: Foo gets +1/+0 until end of turn. Activate only once each turn.", name="Foo"
    ).abilities
    assert isinstance(ab, Activated) and ab.once_each_turn and not ab.sorcery_speed
    (ab,) = compile_text(
        "{1}: Foo gets +1/+0 until end of turn. Activate only as a sorcery and only once each turn.",
        name="Foo",
    ).abilities
    assert isinstance(ab, Activated) and ab.once_each_turn and ab.sorcery_speed


@pytest.mark.cr("113.6b", "602.1")
def test_exile_this_card_from_your_graveyard_makes_a_graveyard_ability() -> None:
    (ab,) = compile_text("{2}{B}, Exile Foo from your graveyard: Draw a card.", name="Foo").abilities
    assert isinstance(ab, Activated) and ab.zone == "graveyard" and ab.cost.exile_self


@pytest.mark.cr("605.3b")
def test_a_mana_ability_whose_cost_asks_for_a_choice_is_refused() -> None:
    (ab,) = compile_text("Sacrifice a creature: Add {C}{C}.", name="Foo").abilities
    assert isinstance(ab, Unsupported)
    (ab,) = compile_text("{T}, Pay 1 life: Add {G}.", name="Foo").abilities
    assert isinstance(ab, Activated) and ab.mana_ability and ab.cost.parts == (PayLifeCost(1),)


@pytest.mark.cr("118.3")
def test_x_in_a_non_mana_part_is_refused() -> None:
    (ab,) = compile_text("Sacrifice X creatures: Draw X cards.", name="Foo").abilities
    assert isinstance(ab, Unsupported)


@pytest.mark.cr("601.2b")
def test_a_spells_additional_cost_is_made_of_the_same_parts() -> None:
    from karn.ir import AdditionalCost

    def extra(text: str) -> object:
        ab = compile_text(text + "\nDraw a card.", name="Foo", type_line="Sorcery").abilities[0]
        return ab

    assert extra("As an additional cost to cast this spell, discard a card.") == AdditionalCost(
        None, text="As an additional cost to cast this spell, discard a card.", parts=(DiscardCost(1),)
    )
    found = extra("As an additional cost to cast this spell, pay 3 life.")
    assert isinstance(found, AdditionalCost) and found.parts == (PayLifeCost(3),)
    found = extra("As an additional cost to cast this spell, sacrifice two creatures.")
    assert isinstance(found, AdditionalCost) and found.parts == (SacrificeCost(CREATURE, 2),)
    # one sacrifice keeps its own form (601.2h: chosen after mana abilities, Shard Volley)
    found = extra("As an additional cost to cast this spell, sacrifice a creature.")
    assert isinstance(found, AdditionalCost) and found.sacrifice == CREATURE and not found.parts
    # X in a part other than mana is refused (118.3: a fixed number is paid)
    assert isinstance(extra("As an additional cost to cast this spell, pay X life."), Unsupported)


@pytest.mark.cr("122.8", "601.2h")
def test_remove_a_counter_of_any_kind_is_refused() -> None:
    (ab,) = compile_text("Remove a counter from Foo: Draw a card.", name="Foo").abilities
    assert isinstance(ab, Unsupported) and "cannot express" in ab.reason
