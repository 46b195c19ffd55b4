"""Drawing (121), discarding (701.9) and scrying (701.22)."""

from __future__ import annotations

from karn.ir.nodes import BecomeMonarch, Discard, Draw, Effect, Manifest, Mill, Proliferate, Ref, Scry
from karn.oracle.lowering.context import amount
from karn.oracle.lowering.references import imperative, players_ref
from karn.oracle.lowering.registry import Clause, lowers
from karn.oracle.syntax import (
    BecomeMonarchVP,
    DiscardVP,
    DrawVP,
    ManifestTopVP,
    MillVP,
    ProliferateVP,
    ScryVP,
)


@lowers(DrawVP)
def lower_draw(vp: DrawVP, clause: Clause) -> list[Effect]:
    return [Draw(amount(vp.amount), players_ref(clause.subject, clause.ctx))]


@lowers(DiscardVP)
def lower_discard(vp: DiscardVP, clause: Clause) -> list[Effect]:
    """ "discards N cards": the discarding player chooses (701.9b)."""
    return [Discard(amount(vp.amount), players_ref(clause.subject, clause.ctx))]


@lowers(ScryVP)
def lower_scry(vp: ScryVP, clause: Clause) -> list[Effect]:
    imperative(clause.subject, clause.ctx)
    return [Scry(amount(vp.amount), surveil=vp.surveil)]


@lowers(BecomeMonarchVP)
def lower_become_monarch(vp: BecomeMonarchVP, clause: Clause) -> list[Effect]:
    """ "You become the monarch." (725.1, 725.3): the player the subject names."""
    return [BecomeMonarch(players_ref(clause.subject, clause.ctx))]


@lowers(ProliferateVP)
def lower_proliferate(vp: ProliferateVP, clause: Clause) -> list[Effect]:
    """ "Proliferate." (701.34a): the ability's controller chooses."""
    imperative(clause.subject, clause.ctx)
    return [Proliferate()]


@lowers(MillVP)
def lower_mill(vp: MillVP, clause: Clause) -> list[Effect]:
    """ "mill three cards", "target player mills two cards", "each opponent mills ..." (701.17a)."""
    return [Mill(amount(vp.amount), players_ref(clause.subject, clause.ctx))]


@lowers(ManifestTopVP)
def lower_manifest_top(vp: ManifestTopVP, clause: Clause) -> list[Effect]:
    """ "Manifest the top card of your library." (701.40a): the ability's controller."""
    imperative(clause.subject, clause.ctx)
    return [Manifest(Ref("you"))]
