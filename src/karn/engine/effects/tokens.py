"""Tokens (111): "create N 1/1 white Soldier creature tokens"; copies (707)."""

from __future__ import annotations

from karn import ir
from karn.cards.pool import ability_id, nested_id, quoted_abilities
from karn.engine.context import Context
from karn.engine.effects.registry import DONE, Outcome, handles
from karn.engine.events import BecomeCopy, CreateEmblem, CreateToken
from karn.engine.frames import ResolveFrame
from karn.engine.layers import copiable_values, with_exceptions
from karn.engine.pipeline import perform
from karn.engine.references import amount, refs
from karn.engine.state import BATTLEFIELD, Obj, TokenDef, ref_player
from karn.engine.values import CopyValues


def token_def(td: ir.TokenDef, abilities: tuple[str, ...] = ()) -> TokenDef:
    """111.4: the token's characteristics, as the effect defines them (``abilities``: the ids of
    its quoted abilities)."""
    return TokenDef(
        td.name, td.power, td.toughness, td.colors, td.types, td.subtypes, td.keywords, abilities=abilities
    )


def quoted_ids(ctx: Context, o: Obj, td: ir.TokenDef) -> tuple[str, ...]:
    """113.2c: the ids of the quoted abilities a token is created with."""
    return granted_ids(ctx, o, td.abilities)


def granted_ids(ctx: Context, o: Obj, granted: tuple[ir.GainAbility, ...]) -> tuple[str, ...]:
    """113.2c: the ids of quoted abilities an effect gives a new object (a token, an emblem): the
    creating ability's id (a spell's: its card's spell ability) and each one's place among the
    abilities it quotes."""
    if not granted:
        return ()
    parent = o.ability
    if not parent:
        abilities = ctx.pool.compiled(o.name).abilities
        index = next(i for i, a in enumerate(abilities) if isinstance(a, ir.SpellAbility))
        parent = ability_id(o.name, index)
    quoted = quoted_abilities(ctx.pool.ability(parent))
    return tuple(nested_id(parent, quoted.index(g.ability)) for g in granted if g.ability in quoted)


@handles(ir.CreateCopyToken)
def create_copy_token(ctx: Context, f: ResolveFrame, o: Obj, e: ir.CreateCopyToken) -> Outcome:
    """707.2: a token whose copiable values are the object's now (a copy of a copy copies
    the same, 707.3); an object that left the battlefield is copied as it last existed there
    (608.2h)."""
    n = amount(ctx, f, o, e.count)
    s = ctx.state
    found = refs(ctx, f, o, e.what)
    if not found and e.what.kind == "self" and o.ability and o.name in ctx.pool:
        # Embalm's "a copy of it" (702.128a): the card was exiled to pay the cost; the copy is
        # of the card as it last existed in the graveyard: its printed values (707.2). A source
        # that left the battlefield is copied as it last existed there (608.2h).
        found = [o.source] if o.source in s.lki else [0]
    for t in found:
        if n <= 0:
            continue
        if t in s.objects and s.objects[t].zone == BATTLEFIELD:
            values = copiable_values(s, t, ctx.printed)
            name = ctx.printed.of(s.objects[t]).name
        elif t in s.lki and s.lki[t].name in ctx.pool:
            # "Return target creature to its owner's hand. You create a token that's a copy of
            # that creature.": as it last existed on the battlefield (608.2h)
            name = s.lki[t].name
            values = CopyValues(name=name)
        elif t == 0 or (t in s.objects and s.objects[t].token is None):
            name = o.name if t == 0 else s.objects[t].name  # a card off the battlefield (707.2)
            values = CopyValues(name=name)
        else:
            continue
        values = with_exceptions(ctx.printed, values, e.exceptions, o, o.ability)
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
        values = copiable_values(s, t, ctx.printed)
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
        td = token_def(e.token, quoted_ids(ctx, o, e.token))
        perform(
            ctx,
            [
                CreateToken(controller=ref_player(p), token=td, count=n, tapped=e.tapped)
                for p in refs(ctx, f, o, e.controller)
            ],
        )
    return DONE


@handles(ir.CreateEmblem)
def create_emblem(ctx: Context, f: ResolveFrame, o: Obj, e: ir.CreateEmblem) -> Outcome:
    """114.1: each player the effect names gets an emblem with its quoted abilities."""
    ids = granted_ids(ctx, o, e.abilities)
    name = ctx.pool.card_name(o.name) if o.name in ctx.pool else o.name
    perform(
        ctx, [CreateEmblem(player=ref_player(p), abilities=ids, name=name) for p in refs(ctx, f, o, e.player)]
    )
    return DONE
