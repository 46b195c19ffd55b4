"""Adding mana (106.3)."""

from __future__ import annotations

from karn.cards.mana import ManaCostError, parse_mana_symbols
from karn.ir.nodes import (
    AddAnyColor,
    AddCouldProduce,
    AddMana,
    AddOneOf,
    ColorRange,
    ColorSpread,
    Count,
    Effect,
    ManaKinds,
)
from karn.oracle.lowering.descriptions import describe
from karn.oracle.lowering.references import imperative
from karn.oracle.lowering.registry import Clause, lowers
from karn.oracle.syntax import AddAnyColorVP, AddCouldProduceVP, AddManaVP, AddOneOfVP

#: The mana symbols an effect can add (106.1b: the five colors and colorless).
_PRODUCIBLE = frozenset("WUBRGC")


@lowers(AddManaVP)
def lower_add_mana(vp: AddManaVP, clause: Clause) -> list[Effect]:
    imperative(clause.subject, clause.ctx)
    if vp.chosen_color:
        # "Add one mana of the chosen color." (106.1, 607.2a): the color chosen as it entered.
        if vp.chosen_color != 1:
            raise clause.ctx.fail(f"unsupported '{vp.text}'")
        return [AddMana("", chosen_color=True)]
    if vp.each is None:
        return [AddMana(vp.mana)]
    # "Add {G} for each creature you control." (106.3): that mana once per object counted.
    d = describe(vp.each, clause.ctx)
    if d.objects is None or d.players is not None:
        raise clause.ctx.fail("mana for each player")
    return [AddMana(vp.mana, times=Count("objects", d.objects))]


@lowers(AddOneOfVP)
def lower_add_one_of(vp: AddOneOfVP, clause: Clause) -> list[Effect]:
    """ "Add {R} or {G}." (106.1): one of the listed mana, chosen as it resolves (608.2d)."""
    imperative(clause.subject, clause.ctx)
    for option in vp.options:
        try:
            symbols = parse_mana_symbols(option)
        except ManaCostError:
            raise clause.ctx.fail(f"mana that can't be added: {option}") from None
        if not symbols or any(s not in _PRODUCIBLE for s in symbols):
            raise clause.ctx.fail(f"mana that can't be added: {option}")
    return [AddOneOf(vp.options)]


@lowers(AddAnyColorVP)
def lower_add_any_color(vp: AddAnyColorVP, clause: Clause) -> list[Effect]:
    """ "Add one mana of any color." (106.1a); "two mana of any one color"; "in any combination
    of colors"; "of any color in your commander's color identity" (903.4)."""
    imperative(clause.subject, clause.ctx)
    if vp.count < 1:
        raise clause.ctx.fail(f"unsupported '{vp.text}'")
    spread = ColorSpread.COMBINATION if vp.combination and vp.count > 1 else ColorSpread.ONE_COLOR
    colors = ColorRange.COMMANDER_IDENTITY if vp.commander else ColorRange.ANY
    return [AddAnyColor(vp.count, spread, colors)]


@lowers(AddCouldProduceVP)
def lower_add_could_produce(vp: AddCouldProduceVP, clause: Clause) -> list[Effect]:
    """ "Add one mana of any type that a land you control could produce." (106.7)."""
    imperative(clause.subject, clause.ctx)
    if vp.count != 1 or vp.permanents.kind != "a" or vp.permanents.desc is None:
        raise clause.ctx.fail(f"unsupported '{vp.text}'")
    d = describe(vp.permanents.desc, clause.ctx)
    if d.objects is None or d.players is not None:
        raise clause.ctx.fail(f"unsupported '{vp.text}'")
    return [AddCouldProduce(d.objects, ManaKinds.COLOR if vp.colors_only else ManaKinds.TYPE)]
