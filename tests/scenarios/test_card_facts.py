"""Facts of the card audit (shared/reviews/card-audit-2026-11.md, x10) that no scenario can show yet.

Burning Vengeance triggers only on a spell cast from a graveyard. The engine offers no
cast from a graveyard yet (no flashback), so a scenario can show only that a spell cast
from a hand doesn't trigger it (603_2_burning_vengeance_*.yaml); the compiled trigger
keeps the zone the spell was cast from.
"""

from __future__ import annotations

import pytest

from karn import ir
from karn.oracle.pool import build_pool


@pytest.mark.cr("603.2", "601.2a")
def test_burning_vengeance_triggers_only_on_casts_from_a_graveyard() -> None:
    pool = build_pool(["Burning Vengeance"])
    (ability,) = pool.compiled("Burning Vengeance").abilities
    assert isinstance(ability, ir.Triggered)
    assert ability.trigger.event == "cast"
    assert ability.trigger.player == "you"
    assert ability.trigger.from_zone == "graveyard"
