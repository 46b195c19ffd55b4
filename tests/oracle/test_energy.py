"""Energy (107.14, 122.1) and hybrid/Phyrexian mana in costs (107.4e-f) compile: "you get
{E}{E}", "you may pay {E}. If you do, ...", "Pay {E}{E}" as a cost part; what the IR can't
express is refused, never dropped."""

from __future__ import annotations

import pytest

from karn.ir import (
    Activated,
    AddAnyColor,
    Count,
    DealDamage,
    Filter,
    GetEnergy,
    IfCondition,
    LookAtHand,
    May,
    PayEnergy,
    PayEnergyCost,
    Ref,
    SpellAbility,
    Triggered,
    Unsupported,
    Var,
)
from karn.oracle.compiler import compile_text


def _abilities(text: str, type_line: str = "Creature — Elf") -> tuple[object, ...]:
    return compile_text(text, name="Foo", type_line=type_line).abilities


@pytest.mark.cr("107.14", "122.1")
@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("When this creature enters, you get {E}{E}.", 2),
        ("When this creature enters, you get {E}{E}{E}{E}.", 4),
        ("When this creature enters, you get six {E}.", 6),
        (
            "When this creature enters, you get {E} for each creature you control.",
            Count("objects", Filter(types=("creature",), controller="you")),
        ),
    ],
)
def test_you_get_energy(text: str, amount: object) -> None:
    (ab,) = _abilities(text)
    assert isinstance(ab, Triggered), ab
    assert ab.effects == (GetEnergy(amount),)  # type: ignore[arg-type]


@pytest.mark.cr("107.14")
def test_you_get_energy_as_a_spell() -> None:
    (ab,) = _abilities("You get {E}{E}. Draw a card.", "Sorcery")
    assert isinstance(ab, SpellAbility)
    assert ab.effects[0] == GetEnergy(2)


@pytest.mark.cr("107.14", "118.3", "605.1a")
def test_pay_energy_is_a_cost_part() -> None:
    (ab,) = _abilities("Pay {E}{E}: Draw a card.")
    assert isinstance(ab, Activated) and ab.cost.parts == (PayEnergyCost(2),)
    (ab,) = _abilities("Pay eight {E}: Draw a card.")
    assert isinstance(ab, Activated) and ab.cost.parts == (PayEnergyCost(8),)
    (ab,) = _abilities("{T}, Pay {E}: Add one mana of any color.")
    assert isinstance(ab, Activated) and ab.mana_ability and ab.cost.tap
    assert ab.cost.parts == (PayEnergyCost(1),) and isinstance(ab.effects[0], AddAnyColor)


@pytest.mark.cr("107.14", "608.2c")
def test_you_may_pay_energy_if_you_do() -> None:
    (ab,) = _abilities(
        "Whenever this creature attacks, you may pay {E}{E}. If you do, put a +1/+1 counter on it."
    )
    assert isinstance(ab, Triggered)
    may, then = ab.effects
    assert may == May((PayEnergy(2),)) and isinstance(then, IfCondition)


@pytest.mark.cr("107.14")
@pytest.mark.parametrize(
    "text",
    [
        "When this creature enters, you get {R}.",  # mana isn't energy
        "When this creature enters, you get {E}{R}.",
        "Pay {2}{E}: Draw a card.",
    ],
)
def test_other_symbols_are_refused(text: str) -> None:
    abilities = _abilities(text)
    assert any(isinstance(a, Unsupported) for a in abilities), abilities


@pytest.mark.cr("107.4e", "107.4f", "602.1")
def test_hybrid_and_phyrexian_activation_costs_compile() -> None:
    (ab,) = _abilities("{W/P}, {T}: Tap target creature.")
    assert isinstance(ab, Activated) and ab.cost.mana == "{W/P}" and ab.cost.tap
    (ab,) = _abilities("{R/G}, {T}: Add {R}{R}, {R}{G}, or {G}{G}.", "Land")
    assert isinstance(ab, Activated) and ab.mana_ability and ab.cost.mana == "{R/G}"
    (ab,) = _abilities("{S}: This creature gets +1/+1 until end of turn.")
    assert isinstance(ab, Unsupported) and "can't pay yet" in ab.reason  # 107.4h: snow not yet


@pytest.mark.cr("107.1c", "107.14", "608.2c")
def test_pay_any_amount_then_that_much() -> None:
    (ab,) = _abilities(
        "Choose target creature. You get {E}{E}{E}, then you may pay any amount of {E}. "
        "Foo deals that much damage to that creature.",
        "Instant",
    )
    assert isinstance(ab, SpellAbility)
    get, pay, damage = ab.effects
    assert get == GetEnergy(3) and pay == PayEnergy(0, any_amount=True)
    assert isinstance(damage, DealDamage) and damage.amount == Var("energy_paid")


@pytest.mark.cr("107.1c")
def test_that_much_without_a_payment_is_still_refused() -> None:
    abilities = _abilities("Choose target creature. Foo deals that much damage to that creature.", "Instant")
    assert any(isinstance(a, Unsupported) for a in abilities), abilities


@pytest.mark.cr("107.14", "107.3", "603.7c")
def test_energy_amounts_the_text_counts() -> None:
    (ab,) = _abilities("Whenever this creature deals combat damage to a player, you get that many {E}.")
    assert isinstance(ab, Triggered) and ab.effects == (GetEnergy(Var("trigger_amount")),)
    (ab,) = _abilities(
        "When this creature enters, you get an amount of {E} equal to the number of creatures you control."
    )
    assert isinstance(ab, Triggered)
    assert ab.effects == (GetEnergy(Count("objects", Filter(types=("creature",), controller="you"))),)
    (ab,) = _abilities("When this creature enters, you get that many {E}.")  # no amount to refer to
    assert isinstance(ab, Unsupported)


@pytest.mark.cr("701.20e")
def test_look_at_a_players_hand() -> None:
    (ab,) = _abilities("Look at target player's hand. Draw a card.", "Sorcery")
    assert isinstance(ab, SpellAbility) and ab.effects[0] == LookAtHand(Ref("target"))
    (ab,) = _abilities("Whenever this creature becomes blocked, you may look at defending player's hand.")
    assert isinstance(ab, Triggered) and ab.effects == (May((LookAtHand(Ref("defending_player")),)),)
    abilities = _abilities("Target player looks at your hand.", "Sorcery")  # only "you" look
    assert any(isinstance(a, Unsupported) for a in abilities), abilities
