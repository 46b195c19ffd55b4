"""Grammar and lowering of mana with choices (106.1, 106.7, 903.4): one combinator for "or" lists
of mana and the "any color" family, each rendered back to its Oracle wording."""

from __future__ import annotations

import pytest

from karn import ir
from karn.oracle.compiler import compile_text
from karn.oracle.describe import describe_ability


def only_effects(text: str) -> tuple[ir.Activated, tuple[ir.Effect, ...]]:
    (ab,) = compile_text(text, name="Test Land", type_line="Land").abilities
    assert isinstance(ab, ir.Activated), ab
    return ab, ab.effects


@pytest.mark.parametrize(
    ("text", "options"),
    [
        ("{T}: Add {R} or {G}.", ("{R}", "{G}")),
        ("{T}: Add {W}, {U}, or {B}.", ("{W}", "{U}", "{B}")),
        ("{T}: Add {W}, {U}, {B}, or {C}.", ("{W}", "{U}", "{B}", "{C}")),
        ("{T}: Add {C}{C} or {G}.", ("{C}{C}", "{G}")),
        ("{1}, {T}: Add {W}{W}, {W}{U}, or {U}{U}.", ("{W}{W}", "{W}{U}", "{U}{U}")),
    ],
)
@pytest.mark.cr("106.1", "605.1a")
def test_or_lists_of_mana(text: str, options: tuple[str, ...]) -> None:
    ab, effects = only_effects(text)
    assert ab.mana_ability
    assert effects == (ir.AddOneOf(options),)
    assert (
        describe_ability(ab).lower().endswith(text.split(": ", 1)[1].rstrip(".").lower() + " [mana ability]")
    )


@pytest.mark.parametrize(
    ("text", "effect"),
    [
        ("{T}: Add one mana of any color.", ir.AddAnyColor()),
        ("{T}: Add two mana of any one color.", ir.AddAnyColor(2)),
        ("{T}: Add three mana in any combination of colors.", ir.AddAnyColor(3, ir.ColorSpread.COMBINATION)),
        (
            "{T}: Add one mana of any color in your commander's color identity.",
            ir.AddAnyColor(colors=ir.ColorRange.COMMANDER_IDENTITY),
        ),
    ],
)
@pytest.mark.cr("106.1a", "903.4")
def test_any_color(text: str, effect: ir.Effect) -> None:
    ab, effects = only_effects(text)
    assert ab.mana_ability and effects == (effect,)
    assert (
        describe_ability(ab).lower().endswith(text.split(": ", 1)[1].rstrip(".").lower() + " [mana ability]")
    )


@pytest.mark.cr("106.7")
def test_could_produce() -> None:
    ab, (effect,) = only_effects("{T}: Add one mana of any type that a land you control could produce.")
    assert isinstance(effect, ir.AddCouldProduce) and effect.kinds is ir.ManaKinds.TYPE
    assert effect.permanents.types == ("land",) and effect.permanents.controller == "you"
    ab, (effect,) = only_effects(
        "{T}: Add one mana of any color that a land an opponent controls could produce."
    )
    assert isinstance(effect, ir.AddCouldProduce) and effect.kinds is ir.ManaKinds.COLOR
    assert effect.permanents.controller == "opponent"


@pytest.mark.cr("605.3b", "120.3")
def test_a_pain_lands_damage_is_part_of_its_mana_ability() -> None:
    ab, effects = only_effects("{T}: Add {R} or {G}. This land deals 1 damage to you.")
    assert ab.mana_ability
    assert effects == (ir.AddOneOf(("{R}", "{G}")), ir.DealDamage(1, ir.Ref("you")))


@pytest.mark.cr("605.3b")
def test_a_mana_ability_with_an_effect_the_engine_cant_do_at_once_is_refused() -> None:
    (ab,) = compile_text(
        "{T}: Add {G}. Creatures you control get +1/+1 until end of turn.", type_line="Land"
    ).abilities
    assert isinstance(ab, ir.Unsupported)


@pytest.mark.cr("106.1")
def test_a_comma_between_mana_elsewhere_is_not_a_mana_list() -> None:
    (ab,) = compile_text("{1}, {T}: Add {G}.", type_line="Land").abilities
    assert isinstance(ab, ir.Activated) and ab.cost.mana == "{1}" and ab.effects == (ir.AddMana("{G}"),)


@pytest.mark.parametrize(
    ("text", "types", "subtypes", "supertypes", "op", "value"),
    [
        ("This land enters tapped unless you control two or fewer other lands.", ("land",), (), (), "<=", 2),
        ("This land enters tapped unless you control two or more other lands.", ("land",), (), (), ">=", 2),
        (
            "This land enters tapped unless you control a Forest or an Island.",
            (),
            ("forest", "island"),
            (),
            ">=",
            1,
        ),
        (
            "This land enters tapped unless you control a Swamp or a Mountain.",
            (),
            ("swamp", "mountain"),
            (),
            ">=",
            1,
        ),
        (
            "This land enters tapped unless you control two or more basic lands.",
            ("land",),
            (),
            ("basic",),
            ">=",
            2,
        ),
    ],
)
@pytest.mark.cr("614.1c", "614.12")
def test_enters_tapped_unless(
    text: str,
    types: tuple[str, ...],
    subtypes: tuple[str, ...],
    supertypes: tuple[str, ...],
    op: str,
    value: int,
) -> None:
    (ab,) = compile_text(text, type_line="Land").abilities
    assert isinstance(ab, ir.EntersReplacement) and ab.tapped and ab.self_only
    cond = ab.tapped_unless
    assert cond is not None and cond.op == op and cond.value == value
    assert isinstance(cond.amount, ir.Count) and cond.amount.filter is not None
    f = cond.amount.filter
    assert (f.types, f.subtypes, f.supertypes, f.controller) == (types, subtypes, supertypes, "you")
    assert describe_ability(ab).startswith("Replacement: this enters tapped unless the number of ")


@pytest.mark.cr("614.1c")
def test_enters_tapped_unless_a_condition_the_engine_cant_check_is_refused() -> None:
    (ab,) = compile_text(
        "This land enters tapped unless a player has 13 or less life.", type_line="Land"
    ).abilities
    assert isinstance(ab, ir.Unsupported)


@pytest.mark.cr("205.1b", "613.1d", "613.1f", "611.2a")
def test_a_man_land_becomes_a_creature_with_keywords_and_is_still_a_land() -> None:
    text = (
        "{3}{W}{U}: Until end of turn, this land becomes a 4/4 white and blue Elemental creature"
        " with flying and vigilance. It's still a land."
    )
    (ab,) = compile_text(text, name="Test Land", type_line="Land").abilities
    assert isinstance(ab, ir.Activated) and not ab.mana_ability
    (effect,) = ab.effects
    assert isinstance(effect, ir.ApplyContinuous) and effect.duration == "end_of_turn"
    mod = effect.mod
    assert mod.add_keywords == ("flying", "vigilance")
    assert ir.AddTypes(types=("creature",), subtypes=("elemental",)) in mod.changes  # still a land (205.1b)
    assert ir.SetBasePT(4, 4) in mod.changes


@pytest.mark.cr("205.1b")
def test_its_still_a_land_as_its_own_sentence_after_until_end_of_turn() -> None:
    text = (
        "{1}: This land becomes a 2/2 Assembly-Worker artifact creature until end of turn. It's still a land."
    )
    (ab,) = compile_text(text, name="Test Land", type_line="Land").abilities
    assert isinstance(ab, ir.Activated)
    (effect,) = ab.effects
    assert isinstance(effect, ir.ApplyContinuous)
    assert ir.AddTypes(types=("artifact", "creature"), subtypes=("assembly-worker",)) in effect.mod.changes


@pytest.mark.cr("205.1b")
def test_its_still_a_land_after_a_sentence_that_makes_nothing_a_creature_is_refused() -> None:
    (ab,) = compile_text("{1}: You gain 1 life. It's still a land.", type_line="Land").abilities
    assert isinstance(ab, ir.Unsupported)


@pytest.mark.cr("608.2d", "603.3")
def test_a_bounce_lands_return_is_chosen_not_targeted() -> None:
    text = "When this land enters, return a land you control to its owner's hand."
    (ab,) = compile_text(text, name="Test Land", type_line="Land").abilities
    assert isinstance(ab, ir.Triggered) and not ab.targets
    (effect,) = ab.effects
    assert isinstance(effect, ir.ReturnChosen) and effect.amount == 1
    assert effect.filter.types == ("land",) and effect.filter.controller == "you"
    assert describe_ability(ab).endswith("return a land you control to its owner's hand")


@pytest.mark.cr("608.2d")
def test_returning_a_permanent_another_player_chooses_is_refused() -> None:
    text = "When this land enters, return a land an opponent controls to its owner's hand."
    (ab,) = compile_text(text, name="Test Land", type_line="Land").abilities
    assert isinstance(ab, ir.Unsupported)
