"""Looking at the top cards of a library and taking one (the "dig" wording): "Look at the top
seven cards of your library. You may reveal a planeswalker card from among them and put it into
your hand. Put the rest on the bottom of your library in a random order." Three sentences, one
effect: the first opens a pending look (like a library search, 701.23), the "you may" sentence
says which card may be taken, the last closes it."""

from __future__ import annotations

from dataclasses import replace

from karn.ir.nodes import Effect, LookAndSplit, LookAndTake, May
from karn.oracle.lowering.context import Ctx, PendingLook
from karn.oracle.lowering.descriptions import describe
from karn.oracle.lowering.references import imperative
from karn.oracle.lowering.registry import Clause, lowers
from karn.oracle.syntax import NP, LookTopVP, PutIntoVP, PutRestBottomVP, RevealVP, SplitLookedVP


def _your_library(np: NP, ctx: Ctx) -> None:
    if np.kind != "zone" or np.zone != "library" or np.owner is None or np.owner.kind != "you":
        raise ctx.fail("looking at another player's library")


@lowers(LookTopVP)
def lower_look_top(vp: LookTopVP, clause: Clause) -> list[Effect]:
    ctx = clause.ctx
    imperative(clause.subject, ctx)
    _your_library(vp.library, ctx)
    if not isinstance(vp.amount, int) or ctx.look is not None or ctx.search is not None:
        raise ctx.fail(f"unsupported '{vp.text}'")
    ctx.look = PendingLook(vp.amount)
    return []


def reveal_from_among(vp: RevealVP, clause: Clause) -> bool:
    """ "reveal a planeswalker card from among them": the card that may be taken. True if handled."""
    ctx = clause.ctx
    desc = vp.obj.desc
    if ctx.look is None or desc is None or not desc.quals or desc.quals[-1].kind != "from_among":
        return False
    imperative(clause.subject, ctx)
    if vp.obj.kind != "a" or ctx.look.take is not None:
        raise ctx.fail(f"unsupported '{vp.text}'")
    d = describe(replace(desc, quals=desc.quals[:-1]), ctx, "library")
    if d.objects is None or d.players is not None:
        raise ctx.fail(f"unsupported '{vp.text}'")
    ctx.look.take = replace(d.objects, zone="library")
    return True


def put_taken_into_hand(vp: PutIntoVP, clause: Clause) -> bool:
    """ "and put it into your hand" after "reveal a ... card from among them". True if handled."""
    ctx = clause.ctx
    look = ctx.look
    if look is None or look.take is None or look.to_hand:
        return False
    dest = vp.dest
    if vp.obj.kind not in ("it", "that") or dest.kind != "zone" or dest.zone != "hand":
        raise ctx.fail(f"unsupported '{vp.text}'")
    if dest.owner is None or dest.owner.kind != "you":
        raise ctx.fail(f"unsupported '{vp.text}'")
    look.to_hand = True
    return True


@lowers(PutRestBottomVP)
def lower_put_rest_bottom(vp: PutRestBottomVP, clause: Clause) -> list[Effect]:
    ctx = clause.ctx
    imperative(clause.subject, ctx)
    _your_library(vp.library, ctx)
    look = ctx.look
    if look is None or look.take is None or not look.to_hand:
        raise ctx.fail("'the rest' without a look at the top cards")
    out = clause.out
    if not out or out[-1] != May(()):
        raise ctx.fail("'the rest' without 'you may ... put it into your hand' before it")
    out.pop()  # the "you may" is the optional take of the one effect
    ctx.look = None
    return [LookAndTake(look.count, look.take)]


_SPLIT_PLACES = ("hand", "graveyard", "exile", "bottom")


@lowers(SplitLookedVP)
def lower_split_looked(vp: SplitLookedVP, clause: Clause) -> list[Effect]:
    """ "Look at the top two cards of your library. Put one of them into your hand and the other
    into your graveyard." / "Exile one of them and put the other into your hand.": the second
    sentence closes the look; "the other" is the one card left, so the look is of two cards."""
    ctx = clause.ctx
    imperative(clause.subject, ctx)
    look = ctx.look
    if look is None or look.take is not None or look.count != 2:
        raise ctx.fail(f"'{vp.text}' without a look at the top two cards of your library")
    one, other = vp.one, vp.other
    if one == other or one not in _SPLIT_PLACES or other not in _SPLIT_PLACES:
        raise ctx.fail(f"unsupported '{vp.text}'")
    ctx.look = None
    return [LookAndSplit(2, one, other)]  # type: ignore[arg-type]
