"""Protection (702.16): what a permanent is protected from, and whether a source has that quality.

A protection ability is a keyword of the form ``"protection from <quality>"`` among an object's
keywords (layer 6), so it is granted, removed, copied and shown like any other keyword. The
quality is read back from the keyword's words (:func:`karn.ir.protection.quality`): a color ("red"), "all colors"
(702.16h: one ability per color), "multicolored", "monocolored", "colorless", "everything"
(702.16j), a card type ("creatures", "instants") or a subtype ("goblins", "zombies"). A value
chosen for the object ("the chosen color", 607.2a) or as an effect resolves ("the color of your
choice", 608.2d) is filled in by the layer system before it reaches the keywords.

Whether a source has the quality is read from its characteristics now (the layers), or, if it
has left its zone, as it last existed (608.2h): a protection-from-red creature can be the target
of a spell that was red but no longer is. 702.16a: a card type or subtype quality applies to
sources that are permanents with it and to sources in other zones that have it.

The consequences are applied where the rules look: targets (702.16b, :mod:`.targeting`, also
on resolution, 608.2b), attachments (702.16c-d, state-based actions 704.5m-n, :mod:`.sba`),
damage (702.16e, a prevention effect, :mod:`.pipeline.instead`) and blocks (702.16f,
:mod:`.combat`).
"""

from __future__ import annotations

from collections.abc import Collection

from karn.engine.context import Context
from karn.engine.state import BATTLEFIELD, STACK
from karn.ir.protection import PREFIX, has_quality, quality


def _source_characteristics(
    ctx: Context, source: int
) -> tuple[Collection[str], Collection[str], Collection[str]] | None:
    """A source's types, subtypes and colors now, or as it last existed (608.2h)."""
    if source in ctx.state.objects:
        c = ctx.chars(source)
        return c.types, c.subtypes, c.colors
    lk = ctx.state.lki.get(source)
    if lk is not None:
        return lk.types, lk.subtypes, lk.colors
    return None


def _source_player(ctx: Context, source: int) -> int:
    """702.16k: the player whose object the source is: its controller on the battlefield or the
    stack, else its owner (or as it last existed)."""
    o = ctx.state.objects.get(source)
    if o is not None:
        return ctx.controller(source) if o.zone in (BATTLEFIELD, STACK) else o.owner
    lk = ctx.state.lki.get(source)
    return lk.controller if lk is not None else -1


def protected_from(ctx: Context, keywords: Collection[str], source: int, holder: int = -1) -> str:
    """The protection keyword among `keywords` that names a quality `source` has (702.16b-f),
    or "". ``holder``: the controller of the object with protection (for 702.16k)."""
    if not keywords or source <= 0:
        return ""
    # sorted: the keyword named in the log must not depend on set order (string hashing)
    found = sorted(k for k in keywords if k.startswith(PREFIX))
    if not found:
        return ""
    traits = _source_characteristics(ctx, source)
    for k in found:
        q = quality(k[len(PREFIX) :])
        if q is None:
            continue
        if q.kind == "everything":
            return k
        if q.kind == "opponents":
            player = _source_player(ctx, source)
            if player >= 0 and holder >= 0 and player != holder:
                return k
            continue
        if traits is not None and has_quality(q, *traits):
            return k
    return ""


def object_protected_from(ctx: Context, oid: int, source: int) -> str:
    """The protection ability of permanent `oid` that names a quality of `source`, or ""."""
    return protected_from(ctx, ctx.chars(oid).keywords, source, ctx.controller(oid))
