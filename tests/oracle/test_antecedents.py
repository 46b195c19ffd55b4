"""Antecedents of "those creatures", "them", "they" (608.2c): the objects an earlier
instruction of the same resolution acted on, or every target slot named before."""

from __future__ import annotations

from typing import Any

import pytest

from karn.cards.database import CardDatabase
from karn.ir.nodes import (
    ApplyContinuous,
    Destroy,
    Filter,
    Group,
    IfCondition,
    Kicked,
    Modify,
    PutCounters,
    Ref,
    SpellAbility,
    Unsupported,
    Untap,
)
from karn.oracle.compiler import compile_face
from karn.oracle.lowering.chains import check_affected
from karn.oracle.lowering.context import Ctx, LowerError

YOURS = Group(Filter(types=("creature",), controller="you"))


def _compiled(name: str, text: str | None = None) -> tuple[Any, ...]:
    record = CardDatabase.default().raw(name)
    if text is not None:
        record.update(text=text)
    return compile_face(CardDatabase.from_records([record]).get(name)).abilities


@pytest.mark.cr("608.2c", "611.2c")
def test_those_creatures_after_several_targets_means_every_slot() -> None:
    (spell,) = _compiled("Arm the Cathars")
    assert isinstance(spell, SpellAbility)
    assert [e.mod.affected for e in spell.effects if isinstance(e, ApplyContinuous)] == [
        Ref("target", 0),
        Ref("target", 1),
        Ref("target", 2),
    ]
    for e in spell.effects:
        assert isinstance(e, ApplyContinuous) and e.mod.add_keywords == ("vigilance",)


@pytest.mark.cr("608.2c")
def test_those_creatures_after_several_targets_is_refused_where_no_effect_takes_each() -> None:
    text = "Tap target creature. Tap another target creature. Destroy those creatures."
    (spell,) = _compiled("Arm the Cathars", text)
    assert isinstance(spell, Unsupported)
    assert "several target slots" in spell.reason


@pytest.mark.cr("608.2c")
def test_untap_those_creatures_reads_the_continuous_effects_objects() -> None:
    (spell,) = _compiled("War Flare")
    assert isinstance(spell, SpellAbility)
    assert spell.effects[-1] == Untap(Ref("affected"))
    assert isinstance(spell.effects[0], ApplyContinuous) and spell.effects[0].mod.affected == YOURS


@pytest.mark.cr("608.2c", "122.1")
def test_those_creatures_after_counters() -> None:
    retreat = _compiled("Felidar Retreat")[0]
    effects = retreat.modes[1].effects
    assert effects[0] == PutCounters("+1/+1", 1, YOURS)
    assert isinstance(effects[1], ApplyContinuous) and effects[1].mod.affected == Ref("affected")


@pytest.mark.cr("608.2c")
def test_an_affected_reference_with_no_recording_effect_before_it_is_refused() -> None:
    with pytest.raises(LowerError, match="no earlier effect records"):
        check_affected([Untap(Ref("affected"))], Ctx())
    # Destroy doesn't record what it destroyed: "untap them" after it has nothing to read
    with pytest.raises(LowerError, match="no earlier effect records"):
        check_affected([Destroy(YOURS), Untap(Ref("affected"))], Ctx())
    inner = IfCondition(Kicked(), (ApplyContinuous(Modify(Ref("affected"), power=1, toughness=1)),))
    check_affected([ApplyContinuous(Modify(YOURS, add_keywords=("first strike",))), inner], Ctx())
    with pytest.raises(LowerError):
        check_affected([inner], Ctx())
