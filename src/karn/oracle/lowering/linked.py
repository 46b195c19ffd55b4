"""Linked abilities (607) and the wordings around them.

* "Put a creature card exiled with ~ onto the battlefield under your control": a
  :class:`PutLinkedExile`, linked to the abilities of the same card that exile (607.2a);
  :func:`link_exiles` marks those exile effects so the engine records what they exile, and
  refuses a card whose text refers to cards "exiled with ~" but has no ability that exiles.
* "~ gains all activated abilities of target creature until end of turn" (613.1f, 607.5).
* "Target creature blocks ~ this turn if able" (509.1c).
* "You may spend blue mana as though it were mana of any color to pay the activation costs of
  ~'s abilities." (609.4b).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from karn.ir.nodes import (
    Ability,
    Activated,
    Effect,
    Exile,
    GainActivatedAbilities,
    MustBlock,
    PutLinkedExile,
    Ref,
    SpendAsAnyColor,
    Triggered,
    Unsupported,
)
from karn.oracle.lowering.descriptions import describe
from karn.oracle.lowering.references import imperative, is_self, object_ref, self_ref
from karn.oracle.lowering.registry import Clause, lowers
from karn.oracle.syntax import (
    NP,
    DoesntUntapVP,
    GainActivatedOfVP,
    MustBlockVP,
    PutOntoBattlefieldVP,
    SpendAsAnyColorVP,
)


def exiled_with_self(np: NP) -> bool:
    """Does ``np`` describe cards "exiled with ~" (607.2a)?"""
    return np.desc is not None and any(q.kind == "exiled_with_self" for q in np.desc.quals)


def put_linked_exile(vp: PutOntoBattlefieldVP, clause: Clause) -> list[Effect]:
    """ "Put a creature card exiled with ~ onto the battlefield under your control" (607.2a): one
    card chosen as the ability resolves among those the source exiled with a linked ability."""
    ctx = clause.ctx
    imperative(clause.subject, ctx)
    np = vp.obj
    if np.kind != "a" or np.desc is None or vp.under != "you" or vp.tapped or vp.counters:
        raise ctx.fail(f"unsupported '{vp.text}'")
    d = describe(np.desc, ctx, "exile", exiled_with=True)
    if not d.exiled_with or d.objects is None or d.players is not None:
        raise ctx.fail(
            f"'put ... onto the battlefield under your control' of something not exiled with ~ ('{vp.text}')"
        )
    ctx.opaque = True  # the IR has no reference to the card put onto the battlefield
    return [PutLinkedExile(d.objects)]


@lowers(MustBlockVP)
def lower_must_block(vp: MustBlockVP, clause: Clause) -> list[Effect]:
    """ "Target creature blocks ~ this turn if able" (509.1c): a requirement on the creature."""
    ctx = clause.ctx
    if clause.subject is None or clause.subject.kind != "target":
        raise ctx.fail(f"'blocks ... if able' said of something other than a target ('{vp.text}')")
    if not is_self(vp.attacker, ctx):
        raise ctx.fail(f"'blocks ... if able' naming an attacker other than ~ ('{vp.text}')")
    blocker = object_ref(clause.subject, ctx)
    return [MustBlock(blocker, self_ref(ctx))]


@lowers(GainActivatedOfVP)
def lower_gain_activated(vp: GainActivatedOfVP, clause: Clause) -> list[Effect]:
    """ "~ gains all activated abilities of target creature until end of turn" (613.1f)."""
    ctx = clause.ctx
    if not is_self(clause.subject, ctx) or not vp.until_eot:
        raise ctx.fail(f"unsupported '{vp.text}'")
    if vp.obj.kind != "target":
        raise ctx.fail(f"'gains all activated abilities of' something not targeted ('{vp.text}')")
    source = object_ref(vp.obj, ctx)
    return [GainActivatedAbilities(Ref("self"), source)]


def spend_as_any_color(vp: SpendAsAnyColorVP, subject_is_you: bool, text: str) -> Ability:
    """The static ability "You may spend blue mana as though it were mana of any color to pay the
    activation costs of ~'s abilities." (609.4b)."""
    if not subject_is_you:
        return Unsupported(
            clause=text, reason="spending mana as though it were another color, for another player"
        )
    return SpendAsAnyColor(vp.color, text=text)


# ---------------------------------------------------------------------------- 607.2a: linking exile abilities


def _effects_of(a: Ability) -> tuple[Effect, ...]:
    return a.effects if isinstance(a, (Activated, Triggered)) else ()


def _contains(node: Any, kind: type) -> bool:
    """Is there a ``kind`` node anywhere inside this IR node (nested effects included)?"""
    if isinstance(node, kind):
        return True
    if isinstance(node, tuple):
        return any(_contains(x, kind) for x in node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return any(_contains(getattr(node, f.name), kind) for f in dataclasses.fields(node))
    return False


def _link(node: Any) -> Any:
    """The node with each :class:`Exile` inside it marked ``linked`` (607.2a)."""
    if isinstance(node, Exile):
        return dataclasses.replace(node, linked=True)
    if isinstance(node, tuple):
        return tuple(_link(x) for x in node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        changes = {f.name: _link(getattr(node, f.name)) for f in dataclasses.fields(node)}
        return dataclasses.replace(node, **changes)
    return node


def link_exiles(abilities: list[Ability]) -> list[Ability]:
    """607.2a: an ability that refers to the cards "exiled with ~" is linked to the abilities of
    the same card that exile: their exile effects record what they exile with the object and
    ability (a :class:`PutLinkedExile` reads those records). A card with such a reference and no
    ability that exiles (the exiling one couldn't be compiled, or exiles as a cost) is refused."""
    readers = [a for a in abilities if any(_contains(e, PutLinkedExile) for e in _effects_of(a))]
    if not readers:
        return abilities
    out: list[Ability] = []
    exilers = 0
    for a in abilities:
        if isinstance(a, (Activated, Triggered)) and any(_contains(e, Exile) for e in a.effects):
            exilers += 1
            a = dataclasses.replace(a, effects=_link(a.effects))
        out.append(a)
    if not exilers:
        text = readers[0].text if isinstance(readers[0], (Activated, Triggered)) else ""
        out.append(
            Unsupported(
                clause=text, reason="'exiled with ~' with no ability of this card that exiles (607.2a)"
            )
        )
    return out


@lowers(SpendAsAnyColorVP)
def lower_spend_as_any_color_clause(vp: SpendAsAnyColorVP, clause: Clause) -> list[Effect]:
    """609.4b: only a static ability says it (:func:`spend_as_any_color`); a resolving spell or
    ability saying it would need a duration the grammar doesn't read."""
    raise clause.ctx.fail(
        "'spend mana as though it were mana of any color' from a resolving spell or ability"
    )


@lowers(DoesntUntapVP)
def lower_doesnt_untap_clause(vp: DoesntUntapVP, clause: Clause) -> list[Effect]:
    """502.3: "~ doesn't untap during your untap step" is a static ability (lowered with the
    static abilities); said by a resolving spell or ability it would need a duration."""
    raise clause.ctx.fail("'doesn't untap during your untap step' from a resolving spell or ability")
