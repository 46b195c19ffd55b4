"""Creating tokens (111, 701.7)."""

from __future__ import annotations

from karn.ir.nodes import CreateCopyToken, CreateToken, Effect, Ref, TokenDef
from karn.oracle.lowering.context import amount
from karn.oracle.lowering.continuous import check_protection
from karn.oracle.lowering.references import imperative, object_sel
from karn.oracle.lowering.registry import Clause, lowers
from karn.oracle.syntax import CreateCopyTokenVP, CreateTokenVP


@lowers(CreateCopyTokenVP)
def lower_create_copy_token(vp: CreateCopyTokenVP, clause: Clause) -> list[Effect]:
    """707.2: a token that's a copy of one object (a target or a reference)."""
    ctx = clause.ctx
    imperative(clause.subject, ctx)
    what = object_sel(vp.what, ctx)
    if not isinstance(what, Ref):
        raise ctx.fail(f"a copy of each of '{vp.what.text}'")
    ctx.opaque = True  # the IR has no reference to the created token
    return [CreateCopyToken(what)]


@lowers(CreateTokenVP)
def lower_create_token(vp: CreateTokenVP, clause: Clause) -> list[Effect]:
    ctx = clause.ctx
    imperative(clause.subject, ctx)
    t = vp.token
    name = " ".join(s.capitalize() for s in t.subtypes)  # 111.4: a token's name is its subtypes
    if not name:
        raise ctx.fail("token without a subtype name")
    check_protection(t.keywords, ctx, "token")
    token = TokenDef(name, t.power, t.toughness, t.colors, t.types, t.subtypes, t.keywords)
    ctx.opaque = True  # the IR has no reference to the created token
    return [CreateToken(token, amount(t.count))]
