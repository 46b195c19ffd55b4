"""Library search (701.23): "Search your library for X, put it onto the battlefield
[tapped] / into your hand, then shuffle." is one SearchLibrary effect.

The three clauses may be in one sentence or several. The search clause opens a
:class:`PendingSearch`; the put clause gives its destination; the shuffle clause
completes it (701.23a: searching a library always ends with a shuffle here).
"""

from __future__ import annotations

from karn.ir.nodes import Effect, SearchLibrary
from karn.oracle.lowering.battlefield import put_from_zone
from karn.oracle.lowering.context import PendingSearch
from karn.oracle.lowering.descriptions import describe
from karn.oracle.lowering.look import put_taken_into_hand
from karn.oracle.lowering.references import imperative
from karn.oracle.lowering.registry import Clause, lowers, no_effect
from karn.oracle.syntax import PutIntoVP, PutOntoBattlefieldVP, SearchVP, ShuffleVP


@lowers(SearchVP)
def lower_search(vp: SearchVP, clause: Clause) -> list[Effect]:
    """ "Search your library for ...": completed by put + shuffle."""
    ctx = clause.ctx
    imperative(clause.subject, ctx)
    lib = vp.library
    if lib.kind != "zone" or lib.zone != "library" or (lib.owner and lib.owner.kind != "you"):
        raise ctx.fail("search something other than your library")
    what = vp.what
    if what.kind not in ("a", "upto") or what.desc is None:
        raise ctx.fail("unsupported search")
    d = describe(what.desc, ctx, "library")
    if d.objects is None:
        raise ctx.fail("unsupported search")
    count = 1 if what.kind == "a" else (what.max or 1)
    ctx.search = PendingSearch(d.objects, count)
    return []


def _found_card(vp: PutOntoBattlefieldVP | PutIntoVP, clause: Clause) -> PendingSearch:
    """The pending search a put clause completes (it must put the found card)."""
    ctx = clause.ctx
    if ctx.search is None:
        raise no_effect(vp, ctx)  # the IR puts cards only after a search
    if vp.obj.kind not in ("that", "it", "those"):
        raise ctx.fail("unsupported put after search")
    return ctx.search


@lowers(PutOntoBattlefieldVP)
def lower_put_onto_battlefield(vp: PutOntoBattlefieldVP, clause: Clause) -> list[Effect]:
    if clause.ctx.search is None:
        return put_from_zone(vp, clause)  # a card from a graveyard, a hand, exile
    if vp.counters or vp.under == "owner":
        raise clause.ctx.fail(f"unsupported '{vp.text}' after a search")
    search = _found_card(vp, clause)
    search.to = "battlefield"
    search.tapped = vp.tapped
    return []


@lowers(PutIntoVP)
def lower_put_into(vp: PutIntoVP, clause: Clause) -> list[Effect]:
    if put_taken_into_hand(vp, clause):
        return []
    search = _found_card(vp, clause)
    dest = vp.dest
    if dest.kind != "zone" or dest.zone != "hand" or dest.owner is None or dest.owner.kind != "you":
        raise clause.ctx.fail("unsupported destination after search")  # SearchLibrary puts into your hand
    search.to = "hand"
    return []


@lowers(ShuffleVP)
def lower_shuffle(vp: ShuffleVP, clause: Clause) -> list[Effect]:
    ctx = clause.ctx
    if ctx.search is None:
        raise ctx.fail("shuffle without a search")
    s = ctx.search
    ctx.search = None
    if s.to is None:
        raise ctx.fail("search without a destination")
    return [SearchLibrary(s.filter, s.count, s.to, tapped=s.tapped, reveal=s.reveal)]
