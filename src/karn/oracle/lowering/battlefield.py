"""Putting cards onto the battlefield from other zones (400.7, 110.2a): "Return target creature
card from your graveyard to the battlefield [tapped]", "Put target creature card from a
graveyard onto the battlefield under your control", "Return all creature cards from your
graveyard to the battlefield", "You may put a creature card from your hand onto the
battlefield", "... with a +1/+1 counter on it" (122.6, 614.1c), and "That permanent is an
enchantment in addition to its other types." after one (611.2e: it applies as the permanent
enters). "You lose life equal to that card's mana value." reads the permanent it became."""

from __future__ import annotations

from dataclasses import replace

from karn.ir.nodes import (
    Amount,
    Count,
    Effect,
    Entering,
    EntersReplacement,
    Exile,
    Filter,
    Group,
    LoseLife,
    May,
    Modify,
    PutOntoBattlefield,
    Ref,
    RevealTop,
    Selector,
    SetBasePT,
    Static,
)
from karn.oracle.lowering.context import Ctx, amount
from karn.oracle.lowering.descriptions import describe
from karn.oracle.lowering.linked import exiled_with_self, put_linked_exile
from karn.oracle.lowering.references import imperative, object_ref, object_sel, players_ref, zone_hint
from karn.oracle.lowering.registry import Clause, lowers, lowers_sentence
from karn.oracle.syntax import (
    AsEntersExileSentence,
    CdaExiledTotalSentence,
    LayerVP,
    LoseLifeManaValueVP,
    PutOntoBattlefieldVP,
    ReturnToBattlefieldVP,
)

#: the zones a card is put onto the battlefield from by these effects
_FROM_ZONES = ("graveyard", "hand", "exile")


def entering(vp: PutOntoBattlefieldVP | ReturnToBattlefieldVP, ctx: Ctx) -> Entering:
    """How the permanent enters: tapped, with counters of any kind (122.6), under whose
    control (110.2a: the player who puts it there unless the text says otherwise)."""
    counters: tuple[tuple[str, Amount], ...] = tuple((kind, amount(n)) for kind, n in vp.counters)
    for kind, n in counters:
        if not isinstance(n, int) or n <= 0:
            raise ctx.fail(f"'{vp.text}': {kind} counters of a number the IR can't read here")
    transformed = isinstance(vp, ReturnToBattlefieldVP) and vp.transformed
    return Entering(
        tapped=vp.tapped, counters=counters, owner_control=vp.under == "owner", transformed=transformed
    )


def _from_zone(what: Selector, ctx: Ctx, text: str) -> None:
    """The cards must be in a zone other than the battlefield and the stack."""
    if isinstance(what, Group):
        zone = what.filter.zone
    elif what.kind == "target":
        objects = ctx.targets[what.index].objects
        zone = objects.zone if objects is not None else "battlefield"
    else:
        raise ctx.fail(f"'{text}': the IR can't put that object onto the battlefield")
    if zone not in _FROM_ZONES:
        raise ctx.fail(f"'{text}': putting objects from the {zone} onto the battlefield")
    flt = what.filter if isinstance(what, Group) else ctx.targets[what.index].objects
    if flt is not None and _may_be_aura(flt):
        # 303.4f: an Aura put onto the battlefield without being cast is attached to what its
        # player chooses as it enters; the engine has no such choice yet
        raise ctx.fail(f"'{text}': an Aura card put onto the battlefield (303.4f)")


def _may_be_aura(f: Filter) -> bool:
    """Can a card this filter describes be an Aura (an enchantment card, or a card of no type
    named: "permanent card")?"""
    if "aura" in f.not_subtypes or "enchantment" in f.not_types:
        return False
    if f.subtypes:
        return "aura" in f.subtypes
    return not f.types or "enchantment" in f.types


def _after(ctx: Ctx) -> None:
    """400.7: "it", "that creature", "that card", "those creatures" name the new permanents."""
    ctx.obj = Ref("affected")
    ctx.opaque = False
    ctx.group_affected = True


@lowers(ReturnToBattlefieldVP)
def lower_return_to_battlefield(vp: ReturnToBattlefieldVP, clause: Clause) -> list[Effect]:
    ctx = clause.ctx
    imperative(clause.subject, ctx)
    what = object_sel(vp.obj, ctx, default_zone=zone_hint(vp.obj))
    if _just_exiled(what, clause.out, ctx):
        # 400.7j: "Exile ~, then return it to the battlefield": the effect that exiled the object
        # finds the card it became in exile (the exile effect records it)
        what = Ref("affected")
    elif what == Ref("self") and ctx.self_moved in _FROM_ZONES and not clause.out:
        pass  # 400.7e: "When this creature dies, return it to the battlefield": the card it became
    else:
        _from_zone(what, ctx, vp.text)
    effect = PutOntoBattlefield(what, entering(vp, ctx))
    _after(ctx)
    return [effect]


def _just_exiled(what: Selector, out: list[Effect], ctx: Ctx) -> bool:
    """The object "it" names is the one the effect just before exiled from the battlefield, and
    it can't be an Aura (303.4f: put onto the battlefield, it would need its player's choice)."""
    if not out or not isinstance(out[-1], Exile) or out[-1].linked:
        return False
    exiled = out[-1].what
    if not isinstance(what, Ref) or what != exiled:
        return False
    if what.kind == "self":
        return ctx.self_not_aura
    if what.kind == "target":
        flt = ctx.targets[what.index].objects
        return flt is not None and not _may_be_aura(flt)
    return False


def put_from_zone(vp: PutOntoBattlefieldVP, clause: Clause) -> list[Effect]:
    """ "Put target creature card from a graveyard onto the battlefield under your control",
    "put a creature card from your hand onto the battlefield" (one the controller chooses)."""
    ctx = clause.ctx
    if exiled_with_self(vp.obj):
        return put_linked_exile(vp, clause)  # 607.2a
    imperative(clause.subject, ctx)
    obj = vp.obj
    choose = 0
    if obj.kind == "a" and obj.desc is not None:
        d = describe(obj.desc, ctx, zone_hint(obj), player_controls=True)
        if d.objects is None or d.players is not None or d.controller_np is not None:
            raise ctx.fail(f"'{obj.text}' is not a kind of card")
        what: Selector = Group(d.objects)
        choose = 1
    else:
        what = object_sel(obj, ctx, default_zone=zone_hint(obj))
    _from_zone(what, ctx, vp.text)
    effect = PutOntoBattlefield(what, entering(vp, ctx), choose=choose)
    _after(ctx)
    return [effect]


def amend_entering(vp: LayerVP, clause: Clause) -> bool:
    """ "That permanent is an enchantment in addition to its other types." right after an effect
    that puts it onto the battlefield: 611.2e, the effect applies as it enters (an ability
    that triggers on an enchantment entering sees it enter as one). True if handled."""
    out = clause.out
    subject = clause.subject
    if vp.kind != "add_types" or not out or subject is None or subject.kind not in ("that", "it", "those"):
        return False
    last = out[-1]
    holder = last.effects[-1] if isinstance(last, May) and last.effects else last
    if isinstance(holder, PutOntoBattlefield):
        enter = holder.enter
    elif isinstance(holder, RevealTop) and holder.put_into == "battlefield" and holder.enter is not None:
        enter = holder.enter
    else:
        return False
    enter = replace(
        enter,
        types=enter.types + tuple(t for t in vp.types if t not in enter.types),
        subtypes=enter.subtypes + tuple(t for t in vp.subtypes if t not in enter.subtypes),
    )
    amended: Effect = replace(holder, enter=enter)
    out[-1] = May(last.effects[:-1] + (amended,)) if isinstance(last, May) else amended
    return True


@lowers(LoseLifeManaValueVP)
def lower_lose_life_mana_value(vp: LoseLifeManaValueVP, clause: Clause) -> list[Effect]:
    """ "You lose life equal to that card's mana value" (202.3, read as it happens, 608.2h)."""
    ctx = clause.ctx
    who = players_ref(clause.subject, ctx)
    of = object_ref(vp.of, ctx)
    return [LoseLife(Count("mana_value", ref=of), who)]


def as_enters_exile(s: AsEntersExileSentence, ctx: Ctx, text: str) -> EntersReplacement:
    """ "As this creature enters, exile any number of creature cards from your graveyard."
    (614.1c): a replacement effect of the permanent itself, applied as it would enter
    (614.12); its controller picks the cards then (614.13a)."""
    d = describe(s.desc, ctx, "graveyard")
    f = d.objects
    if f is None or d.players is not None or f.zone not in ("graveyard", "hand") or f.owner != "you":
        raise ctx.fail(f"'{s.text}': exiling cards other than from your graveyard or hand")
    return EntersReplacement(self_only=True, exile=f, text=text)


def cda_exiled_total(s: CdaExiledTotalSentence, ctx: Ctx, text: str) -> Static:
    """ "~'s power is equal to the total power of the exiled cards and its toughness is equal
    to their total toughness.": a characteristic-defining ability (604.3, 613.4a) reading the
    cards its "as ~ enters, exile ..." ability exiled (linked abilities, 607.2a)."""
    if s.subject.kind != "self":
        raise ctx.fail(f"a characteristic-defining ability of '{s.subject.text}'")
    power, toughness = Count("linked_power"), Count("linked_toughness")
    return Static((Modify(Ref("self"), changes=(SetBasePT(power, toughness),)),), text=text, cda=True)


@lowers_sentence(AsEntersExileSentence)
def lower_as_enters_exile_sentence(s: AsEntersExileSentence, ctx: Ctx, out: list[Effect]) -> None:
    raise ctx.fail(f"'{s.text}' as an effect: the IR has it only as a static ability")


@lowers_sentence(CdaExiledTotalSentence)
def lower_cda_exiled_total_sentence(s: CdaExiledTotalSentence, ctx: Ctx, out: list[Effect]) -> None:
    raise ctx.fail(f"'{s.text}' as an effect: the IR has it only as a static ability")
