"""Which face of a transforming double-faced card (712.2) is up, and what it turns into: read by
the pipeline's changes (:mod:`karn.engine.pipeline.faces`, entering the battlefield)."""

from __future__ import annotations

from karn import ir
from karn.engine.context import Context
from karn.engine.state import BATTLEFIELD

#: 701.27d: a permanent doesn't transform into an instant or sorcery face.
_SPELL_TYPES = frozenset({"instant", "sorcery"})


def other_face(ctx: Context, name: str) -> str | None:
    """The card pool's name of the other face of the transforming double-faced card whose face
    ``name`` is up, or None when ``name`` is not a face of one (712.2, 712.9)."""
    pool = ctx.pool
    if name not in pool:
        return None
    face = pool.face(name)
    if face.layout != "transform":
        return None
    if face.back is not None:
        return face.back if face.back in pool else None
    if face.front is not None:
        front = pool.card_name(name)
        return front if front != name and front in pool else None
    return None


def is_back_face_up(ctx: Context, name: str) -> bool:
    """701.27g: a transformed permanent is a double-faced one with its back face up."""
    return name in ctx.pool and ctx.pool.face(name).front is not None and other_face(ctx, name) is not None


def enters_transformed(ctx: Context, name: str) -> str:
    """The face a card whose face ``name`` would be up enters the battlefield with: its back face
    when it is night and that face has daybound (702.145b: "If it is night and this permanent is
    represented by a double-faced card, it enters transformed")."""
    if ctx.state.day_night != "night" or name not in ctx.pool:
        return name
    face = ctx.pool.face(name)
    if face.back is None or face.layout != "transform":
        return name
    if any(isinstance(a, ir.Keyword) and a.name == "daybound" for a in ctx.compiled(name).abilities):
        back = other_face(ctx, name)
        return back if back is not None else name
    return name


def turns_into(ctx: Context, oid: int) -> str | None:
    """The face the permanent ``oid`` would turn up if it transformed, or None when it can't:
    it isn't represented by a double-faced card (701.27c, 712.9: a token, a card copying one is
    one only if its own card is), it is face down (712.15a), or that face is an instant or
    sorcery face (701.27d)."""
    o = ctx.state.objects.get(oid)
    if o is None or o.zone != BATTLEFIELD or o.token is not None or o.card < 0 or o.face_down:
        return None
    other = other_face(ctx, o.name)
    if other is None or _SPELL_TYPES.intersection(ctx.pool.face(other).types):
        return None
    return other


def transformed_face(ctx: Context, name: str) -> str:
    """712.14a: the face a card whose front face ``name`` is up enters the battlefield with when
    it is put there "transformed": its back face ("" when it isn't a transforming double-faced
    card, or its back face is an instant or sorcery face, 712.13a: it stays where it is)."""
    pool = ctx.pool
    if name not in pool:
        return ""
    face = pool.face(name)
    if face.layout != "transform" or face.back is None or face.back not in pool:
        return ""
    if _SPELL_TYPES.intersection(pool.face(face.back).types):
        return ""
    return face.back
