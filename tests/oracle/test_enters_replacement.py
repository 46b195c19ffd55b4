"""'~ enters tapped.', '~ enters with N +1/+1 counters on it.' and 'Creatures your
opponents control enter tapped.': EntersReplacement (614.1c-d), snapshots of real cards."""

from __future__ import annotations

import pytest

from karn.cards.database import CardDatabase
from karn.ir.nodes import (
    Activated,
    AddMana,
    Cost,
    CreateToken,
    EntersReplacement,
    Exile,
    Filter,
    Group,
    Keyword,
    PutCounters,
    Ref,
    SacrificeSelfCost,
    TargetSpec,
    TokenDef,
    Trigger,
    Triggered,
    Unsupported,
    Var,
)
from karn.oracle import compile_text
from karn.oracle.compiler import compile_face
from karn.oracle.describe import describe_abilities

T0 = Ref("target", 0)
TAPPED = EntersReplacement(self_only=True, tapped=True, text="This land enters tapped.")


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    return CardDatabase.default()


def abilities(db: CardDatabase, name: str) -> tuple[object, ...]:
    return compile_face(db.get(name)).abilities


@pytest.mark.cr("614.1c", "305.6")
def test_arctic_treeline(db: CardDatabase) -> None:
    # Snow Land — Forest Plains: "({T}: Add {G} or {W}.)" is reminder text; the
    # mana abilities come from the basic land types (305.6)
    assert abilities(db, "Arctic Treeline") == (
        Activated(Cost(tap=True), (AddMana("{G}"),), mana_ability=True, text="{T}: Add {G}."),
        Activated(Cost(tap=True), (AddMana("{W}"),), mana_ability=True, text="{T}: Add {W}."),
        TAPPED,
    )


@pytest.mark.cr("614.1c", "605.1a")
def test_dwarven_ruins(db: CardDatabase) -> None:
    assert abilities(db, "Dwarven Ruins") == (
        TAPPED,
        Activated(Cost(tap=True), (AddMana("{R}"),), mana_ability=True, text="{T}: Add {R}."),
        Activated(
            Cost(tap=True, parts=(SacrificeSelfCost(),)),
            (AddMana("{R}{R}"),),
            mana_ability=True,
            text="{T}, Sacrifice this land: Add {R}{R}.",
        ),
    )


@pytest.mark.cr("614.1c", "603.6a")
def test_bojuka_bog(db: CardDatabase) -> None:
    assert abilities(db, "Bojuka Bog") == (
        TAPPED,
        Triggered(
            Trigger("enters", self_only=True),
            (Exile(Group(Filter(zone="graveyard"), player=T0)),),
            (TargetSpec(players="any", text="target player"),),
            text="When this land enters, exile target player's graveyard.",
        ),
        Activated(Cost(tap=True), (AddMana("{B}"),), mana_ability=True, text="{T}: Add {B}."),
    )


@pytest.mark.cr("614.1c", "107.3m")
def test_endless_one(db: CardDatabase) -> None:
    assert abilities(db, "Endless One") == (
        EntersReplacement(
            counters=(("+1/+1", Var("X")),), text="This creature enters with X +1/+1 counters on it."
        ),
    )


@pytest.mark.cr("614.1c", "700.4")
def test_swarm_of_bloodflies(db: CardDatabase) -> None:
    assert abilities(db, "Swarm of Bloodflies") == (
        Keyword("flying", text="Flying"),
        EntersReplacement(
            counters=(("+1/+1", 2),), text="This creature enters with two +1/+1 counters on it."
        ),
        Triggered(
            Trigger("dies", filter=Filter(types=("creature",), other=True)),
            (PutCounters("+1/+1", 1, Ref("self")),),
            text="Whenever another creature dies, put a +1/+1 counter on this creature.",
        ),
    )


@pytest.mark.cr("614.1d", "614.12")
def test_loxodon_gatekeeper(db: CardDatabase) -> None:
    assert abilities(db, "Loxodon Gatekeeper") == (
        EntersReplacement(
            self_only=False,
            filter=Filter(types=("artifact", "creature", "land"), controller="opponent"),
            tapped=True,
            text="Artifacts, creatures, and lands your opponents control enter tapped.",
        ),
    )


@pytest.mark.cr("614.1c")
def test_khalni_garden(db: CardDatabase) -> None:
    plant = TokenDef("Plant", 0, 1, ("G",), ("creature",), ("plant",))
    assert abilities(db, "Khalni Garden") == (
        TAPPED,
        Triggered(
            Trigger("enters", self_only=True),
            (CreateToken(plant),),
            text="When this land enters, create a 0/1 green Plant creature token.",
        ),
        Activated(Cost(tap=True), (AddMana("{G}"),), mana_ability=True, text="{T}: Add {G}."),
    )


def test_tapped_with_counters_and_minus_counters() -> None:
    cc = compile_text(
        "This creature enters tapped with two -1/-1 counters on it.", type_line="Creature — Elf"
    )
    assert cc.abilities == (
        EntersReplacement(
            tapped=True,
            counters=(("-1/-1", 2),),
            text="This creature enters tapped with two -1/-1 counters on it.",
        ),
    )
    assert describe_abilities(cc) == ["Replacement: this enters tapped with 2 -1/-1 counter(s)"]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("This artifact enters with three charge counters on it.", "no grammar rule: unexpected 'charge'"),
        (
            "This land enters tapped unless you have two or more opponents.",
            "no grammar rule: unexpected 'opponents'",
        ),
        ("Target creature enters tapped.", "the IR cannot say how 'Target creature' enters"),
        (
            "When this creature enters, target creature enters tapped.",
            "'enters tapped' as an effect: the IR has it only as a static ability",
        ),
    ],
)
def test_what_is_not_an_enters_replacement(text: str, reason: str) -> None:
    cc = compile_text(text, type_line="Artifact Creature — Golem")
    assert len(cc.abilities) == 1
    u = cc.abilities[0]
    assert isinstance(u, Unsupported) and u.reason == reason


def test_describe_enters_replacements(db: CardDatabase) -> None:
    assert describe_abilities(compile_face(db.get("Endless One"))) == [
        "Replacement: this enters with X +1/+1 counter(s)"
    ]
    assert describe_abilities(compile_face(db.get("Kismet"))) == [
        "Replacement: each artifact or creature or land an opponent controls enters tapped"
    ]
