"""Tokens (111): "create N 1/1 white Soldier creature tokens"; copies (707)."""

from __future__ import annotations

from karn import ir
from karn.engine.context import Context
from karn.engine.effects.registry import DONE, Outcome, handles
from karn.engine.events import BecomeCopy, CreateToken
from karn.engine.frames import ResolveFrame
from karn.engine.layers import copiable_values, with_exceptions
from karn.engine.pipeline import perform
from karn.engine.references import amount, refs
from karn.engine.state import BATTLEFIELD, Obj, TokenDef, ref_player
from karn.engine.values import CopyValues


def token_def(td: ir.TokenDef) -> TokenDef:
    """111.4: the token's characteristics, as the effect defines them."""
    return TokenDef(td.name, td.power, td.toughness, td.colors, td.types, td.subtypes, td.keywords)


@handles(ir.CreateCopyToken)
def create_copy_token(ctx: Context, f: ResolveFrame, o: Obj, e: ir.CreateCopyToken) -> Outcome:
    """707.2: a token whose copiable values are the object's now (a copy of a copy copies
    the same, 707.3); an object that left the battlefield is copied as it last existed there
    (608.2h)."""
    n = amount(ctx, f, o, e.count)
    s = ctx.state
    for t in refs(ctx, f, o, e.what):
        if n <= 0:
            continue
        if t in s.objects and s.objects[t].zone == BATTLEFIELD:
            values = copiable_values(s, t)
            name = ctx.printed.of(s.objects[t]).name
        elif t in s.lki and s.lki[t].name in ctx.pool:
            # "Return target creature to its owner's hand. You create a token that's a copy of
            # that creature.": as it last existed on the battlefield (608.2h)
            name = s.lki[t].name
            values = CopyValues(name=name)
        else:
            continue
        td = TokenDef(name, 0, 0, (), (), ())
        perform(ctx, CreateToken(controller=o.controller, token=td, count=n, copy_of=values, rule="707.2"))
    return DONE


@handles(ir.BecomeCopy)
def become_copy(ctx: Context, f: ResolveFrame, o: Obj, e: ir.BecomeCopy) -> Outcome:
    """707.4: a permanent becomes a copy of another object, with the copy effect's exceptions
    (707.9); an object that left the battlefield is copied as it last existed there (608.2h)."""
    s = ctx.state
    originals = list(refs(ctx, f, o, e.of))
    if not originals:
        return DONE
    t = originals[0]
    if t in s.objects and s.objects[t].zone == BATTLEFIELD:
        values = copiable_values(s, t)
    elif t in s.lki and s.lki[t].name in ctx.pool:
        values = CopyValues(name=s.lki[t].name)
    else:
        return DONE
    for copy_id in refs(ctx, f, o, e.what):
        copy = s.objects.get(copy_id)
        if copy is None or copy.zone != BATTLEFIELD:
            continue
        new = with_exceptions(ctx.printed, values, e.exceptions, copy, o.ability)
        text = (
            f"{ctx.describe(copy_id)} becomes a copy of {ctx.describe(t) if t in s.objects else values.name}"
        )
        perform(ctx, BecomeCopy(obj=copy_id, copy_of=new, text=text))
    return DONE


@handles(ir.CreateToken)
def create_token(ctx: Context, f: ResolveFrame, o: Obj, e: ir.CreateToken) -> Outcome:
    n = amount(ctx, f, o, e.count)
    if n > 0:
        td = token_def(e.token)
        perform(
            ctx,
            [CreateToken(controller=ref_player(p), token=td, count=n) for p in refs(ctx, f, o, e.controller)],
        )
    return DONE
