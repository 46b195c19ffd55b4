"""The wordings Ashiok, Wicked Manipulator needed, each compiled for its class: "Look at the top
two cards of your library. <Put/Exile> one of them ... and ... the other ..." (701.16a), tokens
created with a quoted triggered ability (111.4, 113.2c) and the intervening "if a card was put
into exile this turn" (603.4), "<player> exiles the top X cards of their library, where X is the
total mana value of <cards>" (202.3, 406.1); and the wordings they don't cover."""

from __future__ import annotations

import pytest

from karn.cards.database import CardDatabase
from karn.ir.nodes import (
    Activated,
    Condition,
    Count,
    CreateToken,
    ExileTop,
    Filter,
    GainAbility,
    LookAndSplit,
    PutCounters,
    Ref,
    SpellAbility,
    Triggered,
    Unsupported,
)
from karn.oracle.compiler import compile_face, compile_text


def _spell(text: str) -> tuple[object, ...]:
    ability = compile_text(text, type_line="Sorcery").abilities[0]
    if isinstance(ability, Unsupported):
        return (ability,)
    assert isinstance(ability, SpellAbility)
    return ability.effects


@pytest.mark.cr("701.16a")
@pytest.mark.parametrize(
    ("second", "one", "other"),
    [
        ("Exile one of them and put the other into your hand.", "exile", "hand"),
        ("Put one of them into your hand and the other into your graveyard.", "hand", "graveyard"),
        ("Put one of them into your hand and the other on the bottom of your library.", "hand", "bottom"),
    ],
)
def test_look_at_the_top_two_and_split_them(second: str, one: str, other: str) -> None:
    effects = _spell(f"Look at the top two cards of your library. {second}")
    assert effects == (LookAndSplit(2, one, other),)  # type: ignore[arg-type]


@pytest.mark.cr("701.16a")
@pytest.mark.parametrize(
    "text",
    [
        # "the other" is one card: a look at three leaves two
        "Look at the top three cards of your library. Put one of them into your hand and the other into your graveyard.",
        # no look before it: "them" means nothing
        "Put one of them into your hand and the other into your graveyard.",
        # both go to the same place: not a split
        "Look at the top two cards of your library. Put one of them into your hand and the other into your hand.",
    ],
)
def test_splits_without_two_looked_at_cards_are_refused(text: str) -> None:
    assert any(isinstance(a, Unsupported) for a in compile_text(text, type_line="Sorcery").abilities)


@pytest.mark.cr("111.4", "113.2c", "603.4")
def test_tokens_with_a_quoted_triggered_ability() -> None:
    (create,) = _spell(
        'Create two 1/1 black Nightmare creature tokens with "At the beginning of combat on your turn, '
        'if a card was put into exile this turn, put a +1/+1 counter on this token."'
    )
    assert isinstance(create, CreateToken) and create.count == 2
    (granted,) = create.token.abilities
    assert isinstance(granted, GainAbility)
    trig = granted.ability
    assert isinstance(trig, Triggered)
    assert trig.trigger.event == "step" and trig.trigger.step == "beginning_of_combat"
    assert trig.trigger.player == "you"
    assert trig.condition == Condition("compare", Count("exiled_this_turn"), ">=", 1)
    assert trig.effects == (PutCounters("+1/+1", 1, Ref("self")),)


@pytest.mark.cr("111.4")
def test_tokens_with_keywords_have_no_quoted_abilities() -> None:
    (create,) = _spell("Create two 1/1 black Nightmare creature tokens with flying.")
    assert isinstance(create, CreateToken)
    assert create.token.keywords == ("flying",) and create.token.abilities == ()


@pytest.mark.cr("202.3", "406.1")
def test_target_player_exiles_the_top_x_cards_by_total_mana_value_in_exile() -> None:
    ability = compile_text(
        "Target player exiles the top X cards of their library, where X is the total mana value of "
        "cards you own in exile.",
        type_line="Sorcery",
    ).abilities[0]
    assert isinstance(ability, SpellAbility)
    assert ability.effects == (
        ExileTop(Count("total_mana_value", Filter(owner="you", zone="exile")), Ref("target", 0)),
    )
    assert ability.targets[0].players == "any"


@pytest.mark.cr("406.1")
def test_a_player_exiling_from_another_library_is_refused() -> None:
    text = "Target player exiles the top three cards of your library."
    assert isinstance(compile_text(text, type_line="Sorcery").abilities[0], Unsupported)


@pytest.mark.cr("614.13c", "606.4")
def test_ashiok_wicked_manipulator_compiles_every_ability() -> None:
    face = CardDatabase.default().get("Ashiok, Wicked Manipulator")
    assert face is not None
    abilities = compile_face(face).abilities
    assert not any(isinstance(a, Unsupported) for a in abilities)
    loyalty = [a.cost.loyalty for a in abilities if isinstance(a, Activated)]
    assert loyalty == [1, -2, -7]


@pytest.mark.cr("113.2c", "603.7a")
def test_a_delayed_ability_creating_tokens_with_a_quoted_ability_is_refused() -> None:
    text = (
        "At the beginning of the next end step, create a 1/1 black Pest creature token with "
        '"When this token dies, you gain 1 life."'
    )
    (ability,) = compile_text(text, type_line="Sorcery").abilities
    assert isinstance(ability, Unsupported)
    assert "delayed or reflexive" in ability.reason
