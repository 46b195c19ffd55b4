"""Compiling permissions and prohibitions on playing cards (601.3, 305.2, 609.4a, 401.5,
614.17d): each wording's IR, and the wordings refused."""

from __future__ import annotations

import pytest

from karn.ir.nodes import ApplyRules, Filter, GameRules, RuleChange, SpellAbility, Unsupported
from karn.oracle import compile_text


def _rules(text: str, type_line: str = "Enchantment") -> tuple[RuleChange, ...]:
    (ability,) = compile_text(text, type_line=type_line).abilities
    assert isinstance(ability, GameRules), ability
    return ability.changes


@pytest.mark.cr("601.3", "305.2b")
def test_players_cant_play_lands_is_a_prohibition_for_every_player() -> None:
    assert _rules("Players can't play lands.") == (RuleChange("no_land_play", "any"),)


@pytest.mark.cr("614.17d")
def test_lands_cant_enter_the_battlefield() -> None:
    assert _rules("Lands can't enter the battlefield.") == (RuleChange("lands_cant_enter"),)


@pytest.mark.cr("601.3", "601.3e")
@pytest.mark.parametrize(
    ("text", "lands", "spells"),
    [
        ("You may play lands from the top of your library.", True, None),
        ("You may cast creature spells from the top of your library.", False, ("creature",)),
        (
            "You may cast instant and sorcery spells from the top of your library.",
            False,
            ("instant", "sorcery"),
        ),
        ("You may play lands and cast spells from the top of your library.", True, ()),
    ],
)
def test_permissions_from_the_top_of_the_library(
    text: str, lands: bool, spells: tuple[str, ...] | None
) -> None:
    expected = None if spells is None else Filter(types=spells, zone="stack")
    assert _rules(text) == (RuleChange("play_from_library_top", "you", lands=lands, spells=expected),)


@pytest.mark.cr("401.5")
def test_the_top_card_revealed_or_looked_at_any_time() -> None:
    assert _rules("Play with the top card of your library revealed.") == (
        RuleChange("reveal_library_top", "you"),
    )
    assert _rules("You may look at the top card of your library any time.") == (
        RuleChange("look_library_top", "you"),
    )


@pytest.mark.cr("609.4a", "611.2a")
def test_shamans_trance_is_two_rules_changes_for_the_turn() -> None:
    text = (
        "Other players can't play lands or cast spells from their graveyards this turn. You may play lands "
        "and cast spells from other players' graveyards this turn as though those cards were in your graveyard."
    )
    (spell,) = compile_text(text, type_line="Instant").abilities
    assert isinstance(spell, SpellAbility)
    assert spell.effects == (
        ApplyRules(RuleChange("no_graveyard_play", "opponent"), "end_of_turn"),
        ApplyRules(
            RuleChange("play_from_graveyards", "you", lands=True, spells=Filter(zone="stack")), "end_of_turn"
        ),
    )


@pytest.mark.parametrize(
    ("text", "type_line"),
    [
        ("Other players can't play lands or cast spells from their graveyards.", "Instant"),  # no duration
        ("You may play lands from the top of your library.", "Sorcery"),  # a resolving spell, no duration
        ("Creatures can't enter the battlefield.", "Enchantment"),  # only lands
        ("You may cast creature spells you control from the top of your library.", "Enchantment"),
    ],
)
def test_wordings_the_ir_cannot_honor_are_refused(text: str, type_line: str) -> None:
    abilities = compile_text(text, type_line=type_line).abilities
    assert any(isinstance(a, Unsupported) for a in abilities) or any(
        isinstance(e, Unsupported) for a in abilities if isinstance(a, SpellAbility) for e in a.effects
    ), abilities
