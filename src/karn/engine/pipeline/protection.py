"""702.16e: damage that would be dealt by a source with the stated quality to a permanent with
protection is prevented. It is a prevention effect (615): the affected player orders it among
the others that apply (616.1), and an effect saying damage can't be prevented beats it (615.12)."""

from __future__ import annotations

from collections.abc import Iterator

from karn.engine.context import Context
from karn.engine.events import Damage, GameEvent
from karn.engine.pipeline.replacement import Replacement, changes_for, finds, unpreventable
from karn.engine.protection import protected_from
from karn.engine.state import BATTLEFIELD, ref_player


def player_protections(ctx: Context, player: int) -> list[str]:
    """The protection keywords player `player` has (702.16b, e): from resolved effects ("you gain
    protection from ... until end of turn") and static abilities, as rules changes (613.11)."""
    return [change.keyword for change in changes_for(ctx, player, ("protection",))]


def player_protected_from(ctx: Context, player: int, source: int) -> str:
    """The protection of player `player` that names a quality of `source`, or "" (702.16b)."""
    keywords = player_protections(ctx, player)
    return protected_from(ctx, keywords, source, player) if keywords else ""


def _protection_of(ctx: Context, ev: Damage) -> str:
    """The recipient's protection ability that names a quality of the damage's source, or ""."""
    if ev.target < 0:
        return player_protected_from(ctx, ref_player(ev.target), ev.source)
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
    what = ctx.player_name(ref_player(ev.target)) if ev.target < 0 else ctx.describe(ev.target)
    if unpreventable(ctx, ev):
        ctx.emit("615.12", f"{ev.source_name}'s damage to {what} can't be prevented ({keyword})")
        return [ev]
    kind = "combat damage" if ev.combat else "damage"
    ctx.emit("702.16e", f"{ev.amount} {kind} {ev.source_name} would deal to {what} is prevented ({keyword})")
    return []
