"""'You become the monarch.' (725.1): grammar and lowering."""

from __future__ import annotations

import pytest

from karn.cards.database import CardDatabase
from karn.ir.nodes import BecomeMonarch, Ref, Trigger, Triggered
from karn.oracle.compiler import compile_face


@pytest.mark.cr("725.1")
def test_enters_you_become_the_monarch() -> None:
    compiled = compile_face(CardDatabase.default().get("Palace Sentinels"))
    assert compiled.playable
    (trig,) = [a for a in compiled.abilities if isinstance(a, Triggered)]
    assert trig.trigger == Trigger("enters", self_only=True)
    assert trig.effects == (BecomeMonarch(Ref("you")),)


@pytest.mark.cr("725.1")
def test_target_player_becomes_the_monarch() -> None:
    compiled = compile_face(CardDatabase.default().get("Denethor, Stone Seer"))
    assert compiled.playable
    assert any(BecomeMonarch(Ref("target")) in getattr(a, "effects", ()) for a in compiled.abilities)
