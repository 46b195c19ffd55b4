"""Static abilities affecting players (613.10: "You have hexproof.") and the maximum hand size
(402.2, 613.11): their grammar and lowering to :class:`~karn.ir.GameRules`."""

from __future__ import annotations

import pytest

from karn.cards.database import CardDatabase
from karn.ir.nodes import GameRules, RuleChange
from karn.oracle.compiler import compile_face


def _abilities(name: str) -> tuple[object, ...]:
    return compile_face(CardDatabase.default().get(name)).abilities


@pytest.mark.cr("613.10", "702.11d", "702.18a")
def test_you_have_hexproof_or_shroud_is_an_effect_on_players() -> None:
    assert _abilities("Leyline of Sanctity")[1] == GameRules(
        (RuleChange("hexproof", "you"),), text="You have hexproof."
    )
    assert _abilities("True Believer") == (
        GameRules((RuleChange("shroud", "you"),), text="You have shroud."),
    )


@pytest.mark.cr("613.11", "402.2")
def test_maximum_hand_size_wordings() -> None:
    assert _abilities("Spellbook") == (
        GameRules((RuleChange("no_maximum_hand_size", "you"),), text="You have no maximum hand size."),
    )
    assert _abilities("Thought Devourer")[1] == GameRules(
        (RuleChange("maximum_hand_size_plus", "you", -4),), text="Your maximum hand size is reduced by four."
    )
    assert _abilities("Minamo Scrollkeeper")[1] == GameRules(
        (RuleChange("maximum_hand_size_plus", "you", 1),), text="Your maximum hand size is increased by one."
    )
    assert _abilities("Gnat Miser") == (
        GameRules(
            (RuleChange("maximum_hand_size_plus", "opponent", -1),),
            text="Each opponent's maximum hand size is reduced by one.",
        ),
    )
    assert _abilities("Null Profusion")[2] == GameRules(
        (RuleChange("maximum_hand_size", "you", 2),), text="Your maximum hand size is two."
    )
    assert _abilities("Folio of Fancies")[0] == GameRules(
        (RuleChange("no_maximum_hand_size", "any"),), text="Players have no maximum hand size."
    )
