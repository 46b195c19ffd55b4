"""Creating tokens (111, 701.7) and copies (707)."""

from __future__ import annotations

import re
from dataclasses import replace

from karn.ir.nodes import (
    Activated,
    BecomeCopy,
    CopyExcept,
    CreateCopyToken,
    CreateEmblem,
    CreateToken,
    Effect,
    Filter,
    GainAbility,
    Group,
    Ref,
    Static,
    TokenDef,
    Triggered,
)
from karn.oracle.lowering.context import Ctx, amount, quoted_ability
from karn.oracle.lowering.continuous import check_protection
from karn.oracle.lowering.predefined import predefined_token
from karn.oracle.lowering.references import imperative, object_sel, players_ref, self_ref
from karn.oracle.lowering.registry import Clause, lowers
from karn.oracle.syntax import (
    BecomeCopyVP,
    CopyExceptions,
    CreateCopyTokenVP,
    CreateTokenVP,
    GetEmblemVP,
    TokenA,
)


def command_zone_static(ab: Static) -> bool:
    """A static ability karn applies from the command zone (a plane's, 901.7; an emblem's,
    114.4): modifications of the objects a group describes, none of them about its source (it
    is no permanent, 311.2, 114.5)."""
    return (
        type(ab) is Static
        and not ab.cda
        and ab.copy_of_chosen is None
        and all(isinstance(m.affected, Group) and not m.control for m in ab.mods)
    )


@lowers(GetEmblemVP)
def lower_get_emblem(vp: GetEmblemVP, clause: Clause) -> list[Effect]:
    """114.1: "[player] gets an emblem with '<ability>'". The emblem's abilities work from the
    command zone (114.4): karn applies its static abilities that change what a group of objects
    is (613: "Creatures you control get +2/+2") and its triggered abilities; an emblem with an
    activated ability, or another kind of static ability, is refused."""
    ctx = clause.ctx
    granted: list[GainAbility] = []
    for index in vp.quoted:
        ab = quoted_ability(index)
        if isinstance(ab, Activated):
            raise ctx.fail("an emblem's activated ability (114.4: activating it from the command zone)")
        if isinstance(ab, Static):
            if not command_zone_static(ab):
                raise ctx.fail(f"an emblem's static ability {getattr(ab, 'text', '')!r} of this kind")
        elif not isinstance(ab, Triggered):
            raise ctx.fail(f"an emblem's {type(ab).__name__} ability")
        granted.append(GainAbility(ab))
    return [CreateEmblem(tuple(granted), players_ref(clause.subject, ctx))]


@lowers(CreateCopyTokenVP)
def lower_create_copy_token(vp: CreateCopyTokenVP, clause: Clause) -> list[Effect]:
    """707.2: a token that's a copy of one object (a target or a reference), with the copy
    effect's exceptions (707.9)."""
    ctx = clause.ctx
    imperative(clause.subject, ctx)
    what = object_sel(vp.what, ctx)
    if not isinstance(what, Ref):
        raise ctx.fail(f"a copy of each of '{vp.what.text}'")
    if vp.exceptions.this_ability or vp.exceptions.gains or vp.exceptions.counters:
        raise ctx.fail(f"a token copy {vp.text!r}: those exceptions are said of a permanent's own copy")
    ctx.opaque = True  # the IR has no reference to the created token
    return [CreateCopyToken(what, exceptions=copy_except(vp.exceptions, ctx, vp.text) or CopyExcept())]


def copy_except(ex: CopyExceptions, ctx: Ctx, text: str = "") -> CopyExcept | None:
    """The exceptions of a copy effect (707.9), or None when it has none; the quoted abilities
    keep their Oracle wording from ``text``, the ability's."""
    if ex == CopyExceptions():
        return None
    from karn.oracle.lowering.abilities import lower_triggered  # the quoted abilities' own lowering

    quoted = re.findall(r'"([^"]*)"', text)
    if len(quoted) == len(ex.gains):
        ex = replace(ex, gains=tuple((trig, q) for (trig, _), q in zip(ex.gains, quoted, strict=True)))

    check_protection(ex.keywords, ctx, "copy")
    return CopyExcept(
        types=ex.types,
        subtypes=ex.subtypes,
        power=ex.power,
        toughness=ex.toughness,
        this_ability=ex.this_ability,
        keep_color=ex.not_color,
        gains=tuple(GainAbility(lower_triggered(trig, text)) for trig, text in ex.gains),
        counters=tuple((kind.lower(), amount(n)) for kind, n in ex.counters),
        keywords=ex.keywords,
        not_supertypes=ex.not_supertypes,
    )


@lowers(BecomeCopyVP)
def lower_become_copy(vp: BecomeCopyVP, clause: Clause) -> list[Effect]:
    """707.4: "this creature becomes a copy of that creature[, except it has this ability]": a
    permanent already on the battlefield takes another object's copiable values."""
    ctx = clause.ctx
    if vp.have_self:
        # "[you may] have this creature become a copy of target creature"
        imperative(clause.subject, ctx)
        of = object_sel(vp.what, ctx)
        if not isinstance(of, Ref):
            raise ctx.fail(f"a copy of each of '{vp.what.text}'")
        return [BecomeCopy(self_ref(ctx), of, copy_except(vp.exceptions, ctx) or CopyExcept())]
    if clause.subject is None or clause.subject.kind != "self":
        raise ctx.fail(f"'{clause.subject.text if clause.subject else ''}' becoming a copy")
    # "that creature" is read before "this creature" names the source (its antecedent is the
    # trigger's object)
    of = object_sel(vp.what, ctx)
    if not isinstance(of, Ref):
        raise ctx.fail(f"a copy of each of '{vp.what.text}'")
    if of.kind == "target" and (ctx.targets[of.index].objects or Filter()).zone != "battlefield":
        # "Exile target creature card from a graveyard. This creature becomes a copy of that
        # card": the card is a new object in exile (400.7) the IR doesn't follow
        raise ctx.fail(f"a copy of '{vp.what.text}' that isn't a permanent")
    what = object_sel(clause.subject, ctx)
    assert isinstance(what, Ref)  # the source itself
    return [BecomeCopy(what, of, copy_except(vp.exceptions, ctx) or CopyExcept())]


@lowers(CreateTokenVP)
def lower_create_token(vp: CreateTokenVP, clause: Clause) -> list[Effect]:
    ctx = clause.ctx
    imperative(clause.subject, ctx)
    t = vp.token
    if t.predefined:
        # 111.10: "create a Treasure token", "investigate" (701.16a): the predefined token
        if len(t.subtypes) != 1 or t.types:
            raise ctx.fail(f"a predefined token '{vp.text}' with other characteristics")
        found = predefined_token(t.subtypes[0])
        if isinstance(found, str):
            raise ctx.fail(found)
        ctx.opaque = True  # the IR has no reference to the created token
        return [CreateToken(found, amount(t.count), tapped=t.tapped)]
    name = " ".join(s.capitalize() for s in t.subtypes)  # 111.4: a token's name is its subtypes
    if not name:
        raise ctx.fail("token without a subtype name")
    check_protection(t.keywords, ctx, "token")
    token = TokenDef(name, t.power, t.toughness, t.colors, t.types, t.subtypes, t.keywords, _quoted(t))
    ctx.opaque = True  # the IR has no reference to the created token
    return [CreateToken(token, amount(t.count), tapped=t.tapped)]


def _quoted(t: TokenA) -> tuple[GainAbility, ...]:
    """111.4, 113.2c: the quoted triggered abilities a token is created with, lowered as abilities
    of their own (the token is their source: "this token" is itself)."""
    from karn.oracle.lowering.abilities import lower_triggered  # the quoted abilities' own lowering

    return tuple(GainAbility(lower_triggered(trig, text)) for trig, text in t.quoted)
