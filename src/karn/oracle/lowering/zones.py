"""Effects moving objects between zones: destroy (701.8), exile (406),
return to hand, counter (701.6), sacrifice (701.21)."""

from __future__ import annotations

from dataclasses import replace

from karn.ir.nodes import (
    CounterSpell,
    CreateDelayed,
    Destroy,
    Effect,
    Exile,
    ExileUntilSourceLeaves,
    Filter,
    Group,
    Ref,
    ReturnChosen,
    ReturnToHand,
    Sacrifice,
    Selector,
)
from karn.oracle.lowering.context import Ctx
from karn.oracle.lowering.descriptions import describe
from karn.oracle.lowering.references import imperative, object_ref, object_sel, players_ref, zone_hint
from karn.oracle.lowering.registry import Clause, lowers, no_effect
from karn.oracle.syntax import (
    NP,
    CantBeRegeneratedVP,
    CounterVP,
    DestroyVP,
    ExileUntilVP,
    ExileVP,
    ReturnVP,
    SacrificeVP,
)


@lowers(DestroyVP)
def lower_destroy(vp: DestroyVP, clause: Clause) -> list[Effect]:
    imperative(clause.subject, clause.ctx)
    return [Destroy(object_sel(vp.obj, clause.ctx))]


@lowers(CantBeRegeneratedVP)
def lower_cant_be_regenerated(vp: CantBeRegeneratedVP, clause: Clause) -> list[Effect]:
    """ "Destroy target creature. It can't be regenerated.": one Destroy without
    regeneration (701.19c); the sentence amends the destroy before it."""
    out = clause.out
    if (
        out
        and isinstance(out[-1], CreateDelayed)
        and out[-1].effects
        and isinstance(out[-1].effects[-1], Destroy)
    ):
        # "When ~ leaves the battlefield ..., destroy that creature. It can't be regenerated.": the
        # destroy of the delayed ability (603.7a) the sentence before created
        last = out[-1]
        destroy = last.effects[-1]
        assert isinstance(destroy, Destroy)
        out[-1] = replace(last, effects=last.effects[:-1] + (replace(destroy, no_regenerate=True),))
        return []
    if not out or not isinstance(out[-1], Destroy):
        raise clause.ctx.fail("'can't be regenerated' without a destroy effect")
    out[-1] = replace(out[-1], no_regenerate=True)
    if clause.subject is not None and clause.subject.kind == "those":
        # "Destroy target creature and target land. They can't be regenerated.": every destroy
        # of the sentence before.
        i = len(out) - 2
        while i >= 0:
            earlier = out[i]
            if not isinstance(earlier, Destroy):
                break
            out[i] = replace(earlier, no_regenerate=True)
            i -= 1
    return []


@lowers(ExileVP)
def lower_exile(vp: ExileVP, clause: Clause) -> list[Effect]:
    imperative(clause.subject, clause.ctx)
    return [Exile(object_sel(vp.obj, clause.ctx, default_zone=zone_hint(vp.obj)))]


@lowers(ExileUntilVP)
def lower_exile_until(vp: ExileUntilVP, clause: Clause) -> list[Effect]:
    """ "Exile target creature until ~ leaves the battlefield" (610.3): a one-shot effect with
    a duration; the card returns when the source leaves (610.3c)."""
    ctx = clause.ctx
    imperative(clause.subject, ctx)
    if ctx.spell:
        raise ctx.fail("'until ~ leaves the battlefield' in a spell")
    what = object_sel(vp.obj, ctx)
    return [ExileUntilSourceLeaves(what)]


@lowers(ReturnVP)
def lower_return(vp: ReturnVP, clause: Clause) -> list[Effect]:
    """ "Return R to its owner's hand" (from the battlefield or a graveyard)."""
    ctx = clause.ctx
    imperative(clause.subject, ctx)
    chosen = _return_chosen(vp, ctx)
    if chosen is not None:
        return [chosen]
    what = object_sel(vp.obj, ctx, default_zone=zone_hint(vp.obj))
    _check_owners_hand(vp.dest, what, ctx)
    return [ReturnToHand(what)]


def _return_chosen(vp: ReturnVP, ctx: Ctx) -> ReturnChosen | None:
    """ "Return a land you control to its owner's hand." (608.2d: chosen as it resolves, not
    targeted); None for any other wording."""
    np = vp.obj
    if np.kind != "a" or np.desc is None or np.min != 1 or np.max != 1 or np.other:
        return None
    d = describe(np.desc, ctx)
    if d.objects is None or d.players is not None or d.objects.zone != "battlefield":
        return None
    if d.objects.controller != "you":
        raise ctx.fail(f"'{np.text}': a permanent chosen by another player")
    dest = vp.dest
    if dest.kind != "zone" or dest.zone != "hand" or dest.owner is None or dest.owner.kind != "its_owner":
        raise ctx.fail(f"returning '{np.text}' somewhere else than its owner's hand")
    return ReturnChosen(d.objects)


def _check_owners_hand(dest: NP, what: Selector, ctx: Ctx) -> None:
    """ReturnToHand puts a card into its owner's hand (400.3): the text must say
    "its owner's hand", or "your hand" for cards you own ("from your graveyard")."""
    if dest.kind != "zone" or dest.zone != "hand":
        raise ctx.fail("return to somewhere other than a hand")
    owner = dest.owner
    if owner is not None and owner.kind == "its_owner":
        return
    if owner is not None and owner.kind == "you" and _owned_by_you(what, ctx):
        return
    raise ctx.fail(f"return to {dest.text}, which may not be its owner's hand")


def _owned_by_you(what: Selector, ctx: Ctx) -> bool:
    if isinstance(what, Group):
        return what.filter.owner == "you"
    if what.kind == "target":
        objects = ctx.targets[what.index].objects
        return objects is not None and objects.owner == "you"
    return False


@lowers(CounterVP)
def lower_counter(vp: CounterVP, clause: Clause) -> list[Effect]:
    """ "Counter target spell" (701.6a): the target must be a spell."""
    ctx = clause.ctx
    imperative(clause.subject, ctx)
    ref = object_ref(vp.obj, ctx, default_zone="stack")
    if ref.kind == "target" and (ctx.targets[ref.index].objects or Filter()).zone != "stack":
        raise ctx.fail("counter target must be a spell")
    return [CounterSpell(ref)]


@lowers(SacrificeVP)
def lower_sacrifice(vp: SacrificeVP, clause: Clause) -> list[Effect]:
    """701.21a: "sacrifice this creature" / "sacrifice it" (the object named), "each
    opponent sacrifices a creature" / "sacrifice another creature" (each player chooses
    among the permanents they control)."""
    ctx = clause.ctx
    who = players_ref(clause.subject, ctx)
    obj = vp.obj
    if obj.kind in ("self", "it", "that", "enchanted", "equipped"):
        if who != Ref("you"):
            raise ctx.fail("a player other than the controller sacrificing a named permanent")
        return [Sacrifice(who, what=object_ref(obj, ctx))]
    if obj.kind in ("a", "another") and obj.desc is not None:
        d = describe(obj.desc, ctx, other=obj.kind == "another")
        if d.objects is None or d.players is not None or d.objects.zone != "battlefield":
            raise ctx.fail(f"'{obj.text}' is not a kind of permanent")
        flt = d.objects
        if flt.controller == "you" and who == Ref("you"):
            flt = replace(flt, controller=None)  # "sacrifice a creature you control"
        if flt.controller is not None:
            raise ctx.fail(f"'{obj.text}': a player sacrifices only permanents they control")
        # "that creature" after it: the permanents sacrificed (the effect's affected objects)
        ctx.obj = Ref("affected")
        ctx.opaque = False
        return [Sacrifice(who, 1, flt)]
    raise no_effect(vp, ctx)
