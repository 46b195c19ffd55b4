"""``karn explain``: the layer-by-layer derivation of an object's characteristics and
controller (613), each step naming the effect, its source and why it applies when it does
(613.3 characteristic-defining abilities first, 613.7 timestamps, 613.8 dependencies)."""

from __future__ import annotations

from karn.engine.context import Context
from karn.engine.layers import Chars, Step, compute_field, offfield_chars, static_copies
from karn.engine.modifications import LAYER_ORDER

#: what each layer changes (613.1a-f, 613.4a-d)
LAYER_NAMES: dict[str, str] = {
    "1a": "copiable values (613.1a, 707)",
    "1b": "face-down (613.1b, 708)",
    "2": "control (613.1b)",
    "3": "text (613.1c)",
    "4": "types (613.1d)",
    "5": "colors (613.1e)",
    "6": "abilities (613.1f)",
    "7a": "power/toughness from characteristic-defining abilities (613.4a)",
    "7b": "power/toughness set (613.4b)",
    "7c": "power/toughness modified, counters (613.4c)",
    "7d": "power/toughness switched (613.4d)",
    "rules": "rules restrictions (613.11)",
}


def explain(ctx: Context, oid: int) -> str:
    """The derivation of the object's characteristics, one line per effect applied to it."""
    s = ctx.state
    o = ctx.obj(oid)
    trace: dict[int, list[Step]] = {}
    fld = compute_field(s, ctx.printed, trace)
    if oid not in s.battlefield:
        offfield_chars(s, ctx.printed, o, fld, trace)
    static = static_copies(s, ctx.printed, None, oid).get(oid) if oid in s.battlefield else None
    printed = ctx.printed.of(o, static[1] if static is not None else None)
    final = ctx.chars(oid)
    zone = "battlefield" if oid in s.battlefield else _zone_of(ctx, oid)
    lines = [
        f"{o.name} (object {oid}, {zone}, owner {ctx.player_name(o.owner)})",
        f"  layer 1 copiable values (613.2): {_chars_text(printed)}",
    ]
    if o.copy_of is not None:
        copied = o.copy_of.token.name if o.copy_of.token is not None else o.copy_of.name
        extra = " ".join(o.copy_of.subtypes + o.copy_of.types)
        lines.insert(
            1,
            f"  layer 1a copy effect (613.2a, 707.2): a copy of {copied}"
            + (f", except it's also {extra} (707.9b)" if extra else ""),
        )
    if static is not None:
        source, values = static
        copied = values.token.name if values.token is not None else values.name
        lines.insert(
            2 if o.copy_of is not None else 1,  # 613.7: after the one it had (overridden)
            f"  layer 1a copy effect of a static ability (613.2a, 707.2c): {ctx.describe(source)} "
            f"(timestamp {s.objects[source].timestamp}, 613.7): a copy of {copied} as it was when "
            "the effect began",
        )
    if o.face_down:
        # 613.2b: layer 1b, after the copy effects of 1a (708.10: a face-down copy stays face down)
        lines.insert(
            len(lines) - 1,
            f"  layer 1b face-down (613.2b, 708.2a): {o.face_down}: a 2/2 creature with no text, "
            "no name, no subtypes and no mana cost",
        )
    steps = trace.get(oid, [])
    if not steps:
        lines.append("  no continuous effect applies to it (613.1)")
    for layer in LAYER_ORDER:
        for st in (x for x in steps if x.layer == layer):
            who = "" if st.source == oid and st.why == "counters" else f" from {_source(ctx, st.source)}"
            granted = f" (granted at {st.timestamp[1]}, 613.7a)" if st.timestamp[1] else ""
            when = "" if st.why == "counters" else f", timestamp {st.timestamp[0]}{granted}; {st.why}"
            lines.append(f"  layer {layer} {LAYER_NAMES.get(layer, '')}: {st.text!r}{who}{when}")
            if st.before or st.after:
                lines.append(f"      {st.before}  ->  {st.after}")
    lines.append(f"  result: {_chars_text(final)}; controller {ctx.player_name(final.controller)}")
    return "\n".join(lines)


def _source(ctx: Context, oid: int) -> str:
    o = ctx.state.objects.get(oid)
    return f"{o.name} (object {oid})" if o is not None else f"object {oid}"


def _zone_of(ctx: Context, oid: int) -> str:
    s = ctx.state
    if oid in s.stack:
        return "stack"
    for p in s.players:
        for zone in ("hand", "graveyard", "library", "exile"):
            if oid in getattr(p, zone):
                return zone
    return "elsewhere"


def _chars_text(c: Chars) -> str:
    types = " ".join(sorted(c.supertypes)) + " " + " ".join(sorted(c.types))
    sub = f" — {' '.join(sorted(c.subtypes))}" if c.subtypes else ""
    colors = "".join(x for x in "WUBRG" if x in c.colors) or "colorless"
    pt = f", {c.power}/{c.toughness}" if "creature" in c.types else ""
    kws = sorted(c.keywords)
    abilities = [a for a in c.ability_ids if not a.startswith("keyword:")]
    ab = f", keywords {', '.join(kws)}" if kws else ""
    ab += f", abilities {', '.join(abilities)}" if abilities else ""
    return f"{types.strip()}{sub} ({colors}){pt}{ab}"


__all__ = ["LAYER_NAMES", "explain"]
