"""702.16e: damage that would be dealt by a source with the stated quality to a permanent with
protection is prevented. It is a prevention effect (615): the affected player orders it among
the others that apply (616.1), and an effect saying damage can't be prevented beats it (615.12)."""

from __future__ import annotations

from collections.abc import Iterator

from karn.engine.context import Context
from karn.engine.events import Damage, GameEvent
from karn.engine.pipeline.replacement import Replacement, finds, unpreventable
from karn.engine.protection import protected_from
from karn.engine.state import BATTLEFIELD


def _protection_of(ctx: Context, ev: Damage) -> str:
    """The recipient's protection ability that names a quality of the damage's source, or ""."""
    if ev.target < 0:
        return ""
    o = ctx.state.objects.get(ev.target)
    if o is None or o.zone != BATTLEFIELD:
        return ""
    c = ctx.chars(ev.target)
    return protected_from(ctx, c.keywords, ev.source, c.controller)


@finds(Damage)
def _protection(ctx: Context, ev: Damage) -> Iterator[Replacement]:
    if ev.amount <= 0:
        return
    keyword = _protection_of(ctx, ev)
    if keyword:
        yield Replacement(
            f"protection:{ev.target}",
            f"prevent that damage ({keyword})",
            "other",
            _prevent,
            same_as=f"protection:{ev.target}",
        )


def _prevent(ctx: Context, ev: Damage, pick: int) -> list[GameEvent]:
    """702.16e: all of that damage is prevented; 615.12: unless it can't be prevented."""
    keyword = _protection_of(ctx, ev) or "protection"
    what = ctx.describe(ev.target)
    if unpreventable(ctx, ev):
        ctx.emit("615.12", f"{ev.source_name}'s damage to {what} can't be prevented ({keyword})")
        return [ev]
    kind = "combat damage" if ev.combat else "damage"
    ctx.emit("702.16e", f"{ev.amount} {kind} {ev.source_name} would deal to {what} is prevented ({keyword})")
    return []
