"""Revealing (701.20) and the effects that read what was revealed.

* "Reveal the top card of your library. If it's a land card, put it into your
  hand." is one RevealTop with a filter and a destination;
* "Target opponent reveals their hand. You choose a nonland card from it. That
  player discards that card." is one Discard chosen by you (701.9);
* "reveal it" after a search only shows the found card (701.20a, information
  only): nothing to do.
"""

from __future__ import annotations

from karn.ir.nodes import Discard, Effect, Filter, LookAtHand, Ref, RevealTop
from karn.oracle.lowering.battlefield import entering
from karn.oracle.lowering.context import Ctx, HandReveal
from karn.oracle.lowering.descriptions import describe
from karn.oracle.lowering.look import reveal_from_among
from karn.oracle.lowering.references import player_ref, target_ref
from karn.oracle.lowering.registry import Clause, lowers, lowers_sentence
from karn.oracle.syntax import (
    NP,
    ChooseVP,
    DiscardChosenVP,
    IfItsSentence,
    LookHandVP,
    MayVP,
    PutIntoVP,
    PutOntoBattlefieldVP,
    RevealTopVP,
    RevealVP,
)

#: the players whose hand "look at <player>'s hand" may name
_HAND_OWNERS = (
    "target",
    "target_controller",
    "target_owner",
    "defending_player",
    "triggering_player",
    "triggering_controller",
    "each_opponent",
)


@lowers(LookHandVP)
def lower_look_hand(vp: LookHandVP, clause: Clause) -> list[Effect]:
    """ "Look at target player's hand." (701.20e): shown to the player told to look only."""
    ctx = clause.ctx
    if player_ref(clause.subject, ctx) != Ref("you"):
        raise ctx.fail(f"unsupported '{vp.text}'")
    who = player_ref(vp.player, ctx)
    if who.kind not in _HAND_OWNERS:
        raise ctx.fail(f"unsupported '{vp.text}'")
    return [LookAtHand(who)]


@lowers(RevealTopVP)
def lower_reveal_top(vp: RevealTopVP, clause: Clause) -> list[Effect]:
    ctx = clause.ctx
    who = player_ref(clause.subject, ctx)
    lib = vp.library
    if lib.kind != "zone" or lib.zone != "library":
        raise ctx.fail("reveal the top card of something other than a library")
    owner = player_ref(lib.owner, ctx)
    if owner != who:
        raise ctx.fail("reveal the top card of another player's library")
    return [RevealTop(who)]


@lowers_sentence(IfItsSentence)
def lower_if_its(s: IfItsSentence, ctx: Ctx, out: list[Effect]) -> None:
    """'If it's a land card, that player puts it into their hand.' after a reveal (701.20)."""
    if not out or not isinstance(out[-1], RevealTop) or out[-1].filter is not None:
        raise ctx.fail("conditional 'if it's ...' is only supported after revealing the top card")
    if s.cond.kind != "a" or s.cond.desc is None or len(s.items) != 1:
        raise ctx.fail("unsupported condition")
    d = describe(s.cond.desc, ctx, "library")
    item = s.items[0]
    vp = item.vp
    if d.objects is not None and isinstance(vp, MayVP) and isinstance(vp.sub, PutOntoBattlefieldVP):
        _may_put_revealed(s, vp.sub, d.objects, item.subject, ctx, out)
        return
    if d.objects is None or not isinstance(vp, PutIntoVP) or vp.obj.kind not in ("it", "that"):
        raise ctx.fail("unsupported conditional effect")
    if vp.dest.kind != "zone" or vp.dest.zone != "hand":
        raise ctx.fail("revealed card may only be put into a hand")
    # RevealTop: the revealing player puts the card into their own hand
    who = out[-1].player
    if player_ref(item.subject, ctx) != who or player_ref(vp.dest.owner, ctx) != who:
        raise ctx.fail("the revealed card may only be put into the revealing player's hand, by that player")
    out[-1] = RevealTop(who, d.objects, "hand")


def _may_put_revealed(
    s: IfItsSentence, vp: PutOntoBattlefieldVP, flt: Filter, subject: NP | None, ctx: Ctx, out: list[Effect]
) -> None:
    """ "If it's an artifact, creature, or land card, you may put it onto the battlefield with a
    manifestation counter on it.": the revealing player may put the revealed card onto the
    battlefield (608.2c), entering as the text says (122.6, 614.1c)."""
    last = out[-1]
    assert isinstance(last, RevealTop)
    who = last.player
    if vp.obj.kind not in ("it", "that") or player_ref(subject, ctx) != who:
        raise ctx.fail(f"unsupported '{s.text}'")
    out[-1] = RevealTop(who, flt, "battlefield", may=True, enter=entering(vp, ctx))
    ctx.obj = Ref("affected")  # 400.7: "that permanent" is the new object
    ctx.opaque = False


@lowers(RevealVP)
def lower_reveal(vp: RevealVP, clause: Clause) -> list[Effect]:
    """ "reveal it" after a search, or "reveals their hand" before a choice."""
    ctx = clause.ctx
    if reveal_from_among(vp, clause):
        return []
    if ctx.search is not None and vp.obj.kind in ("it", "that"):
        ctx.search.reveal = True  # 701.20a: every player sees the card found
        return []
    who = player_ref(clause.subject, ctx)
    obj = vp.obj
    if obj.kind != "zone" or obj.zone != "hand" or player_ref(obj.owner, ctx) != who:
        raise ctx.fail("unsupported reveal")
    ctx.hand = HandReveal(who)
    return []


@lowers(ChooseVP)
def lower_choose(vp: ChooseVP, clause: Clause) -> list[Effect]:
    """ "You choose a nonland card from it." (the revealed hand); "Choose any number of target
    creatures, planeswalkers, and/or players." (115.1: the targets are chosen as the spell is
    cast, 601.2c; the instructions after it say what happens to them)."""
    ctx = clause.ctx
    if clause.subject is not None and clause.subject.kind != "you":
        raise ctx.fail("another player chooses")
    if vp.obj.kind in ("target", "any_target"):
        ctx.chosen_targets = target_ref(vp.obj, ctx)
        return []
    if ctx.hand is None or vp.obj.kind != "a" or vp.obj.desc is None:
        raise ctx.fail("unsupported choice")
    d = describe(vp.obj.desc, ctx, "hand", from_revealed_hand=True)
    if d.objects is None or d.objects.zone != "hand":
        raise ctx.fail("unsupported choice")
    ctx.hand.chosen = d.objects
    return []


@lowers(DiscardChosenVP)
def lower_discard_chosen(vp: DiscardChosenVP, clause: Clause) -> list[Effect]:
    """ "That player discards that card.": the revealing player discards the card you chose."""
    ctx = clause.ctx
    hand = ctx.hand
    if hand is None or hand.chosen is None:
        raise ctx.fail("discard of a chosen card without a reveal and choice")
    who = player_ref(clause.subject, ctx)
    if who != hand.player:
        raise ctx.fail("discarding player differs from the revealing player")
    ctx.hand = None
    return [Discard(1, who, chooser="you", filter=hand.chosen, reveal=True)]
