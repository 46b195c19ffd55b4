"""Abilities: spells (113.3a), modal spells (700.2), activated (602) and
triggered (603) abilities, from their AST to IR (keywords: :mod:`.keywords`)."""

from __future__ import annotations

import dataclasses
from typing import Literal

from karn.ir.nodes import (
    MANA_ABILITY_PARTS,
    Activated,
    AddAnyColor,
    AddCouldProduce,
    AddMana,
    AddManaProduced,
    AddOneOf,
    Condition,
    DealDamage,
    Draw,
    Effect,
    GainLife,
    Kicked,
    LoseLife,
    May,
    Mode,
    Ref,
    SpellAbility,
    Trigger,
    Triggered,
    Var,
)
from karn.oracle.lowering.chains import lower_effects
from karn.oracle.lowering.conditions import lower_condition
from karn.oracle.lowering.context import CardTypes, Ctx, LowerError, changes_pt_by_x
from karn.oracle.lowering.costs import lower_cost
from karn.oracle.lowering.registry import lower_trigger
from karn.oracle.syntax import ActivatedA, Effects, ModalA, TriggeredA


def _uses_trigger_amount(node: object) -> bool:
    """Does an IR tree read "that much" (Var trigger_amount)?"""
    if isinstance(node, Var):
        return node.name == "trigger_amount"
    if isinstance(node, (tuple, list)):
        return any(_uses_trigger_amount(x) for x in node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return any(_uses_trigger_amount(getattr(node, f.name)) for f in dataclasses.fields(node))
    return False


def _paid_for_that_much(node: object) -> object:
    """ "that much" read as the energy paid just before (107.1c, 608.2c): Var("energy_paid")."""
    if isinstance(node, Var) and node.name == "trigger_amount":
        return Var("energy_paid")
    if isinstance(node, tuple):
        return tuple(_paid_for_that_much(x) for x in node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        changes = {f.name: _paid_for_that_much(getattr(node, f.name)) for f in dataclasses.fields(node)}
        return dataclasses.replace(node, **changes)
    return node


def _check_amounts(effs: list[Effect], ctx: Ctx) -> None:
    if ctx.energy_paid and _uses_trigger_amount(effs):
        if ctx.trigger_amount:
            raise ctx.fail("'that much' after 'pay any amount of {E}' in a triggered ability")
        effs[:] = [_paid_for_that_much(e) for e in effs]  # type: ignore[misc]
    if not ctx.trigger_amount and _uses_trigger_amount(effs):
        raise ctx.fail("'that much' with no amount to refer to")
    if not ctx.x_announced and changes_pt_by_x(effs):
        raise ctx.fail("'+X/+X' with no X announced (601.2b, 602.2b) or defined ('where X is', 107.3)")


def lower_spell(effects: Effects, text: str) -> SpellAbility:
    """An instant or sorcery's effect (113.3a)."""
    ctx = Ctx(spell=True, x_announced=True)
    effs = lower_effects(effects, ctx)
    _check_amounts(effs, ctx)
    if ctx.sorcery_speed or ctx.only_during:
        raise ctx.fail("activation restriction on a spell")
    return SpellAbility(tuple(effs), tuple(ctx.targets), text=text)


def lower_modal(modal: ModalA, text: str, mode_texts: list[str]) -> SpellAbility:
    """A modal spell (700.2): each mode has its own targets."""
    modes: list[Mode] = []
    for eff, mtext in zip(modal.modes, mode_texts, strict=False):
        ctx = Ctx(spell=True, x_announced=True)
        effs = lower_effects(eff, ctx)
        _check_amounts(effs, ctx)
        modes.append(Mode(tuple(effs), tuple(ctx.targets), text=mtext))
    if modal.choose > len(modes):
        raise LowerError("choose more modes than there are", text)
    return SpellAbility(
        modes=tuple(modes),
        choose=modal.choose,
        text=text,
        any_if_kicked=modal.any_if_kicked,
        up_to=modal.up_to,
    )


def lower_activated(act: ActivatedA, text: str) -> Activated:
    """'[Cost]: [Effect]' (602.1); loyalty abilities (606) are sorcery-speed (606.3)."""
    ctx = Ctx()
    cost = lower_cost(act.costs, act.loyalty, ctx)
    if act.loyalty_x:
        cost = dataclasses.replace(cost, loyalty_x=True)  # 107.7: "[−X]"
    # 602.2b: X is announced as it is activated ({X} in its mana cost, or "[−X]")
    ctx.x_announced = "{X}" in (cost.mana or "").upper() or act.loyalty_x
    effs = lower_effects(act.effects, ctx)
    _check_amounts(effs, ctx)
    # 605.1a: no target, could add mana, not a loyalty ability
    is_mana = act.loyalty is None and not ctx.targets and any(_adds_mana(e) for e in effs)
    if is_mana and not all(isinstance(p, MANA_ABILITY_PARTS) for p in cost.parts):
        # 605.3b: a mana ability resolves at once; karn pays choices of a cost (what to
        # sacrifice, discard, exile...) only for abilities that use the stack
        raise ctx.fail("a mana ability whose cost asks for a choice")
    if is_mana and not all(_adds_mana(e) or _mana_side_effect(e) for e in effs):
        # 605.3b: the engine resolves a mana ability at once; it does these other effects only
        raise ctx.fail(
            "a mana ability with an effect other than adding mana, damage to you, or life or a card for you"
        )
    # 113.6b: "Exile ~ from your graveyard" / "Discard ~" abilities function from that zone
    zone: Literal["battlefield", "graveyard", "hand"] = (
        "graveyard" if cost.exile_self else "hand" if cost.discard_self else "battlefield"
    )
    return Activated(
        cost,
        tuple(effs),
        tuple(ctx.targets),
        mana_ability=is_mana,
        sorcery_speed=ctx.sorcery_speed or act.loyalty is not None,
        text=text,
        only_during=ctx.only_during,
        zone=zone,
        once_each_turn=ctx.once_each_turn,
    )


def _mana_side_effect(e: Effect) -> bool:
    """What a mana ability may also do as it resolves (605.3b; :func:`karn.engine.mana._also`):
    "This land deals 1 damage to you." (120.3), "You gain 1 life.", "You lose 1 life.", "Draw a card."."""
    you = Ref("you")
    if isinstance(e, DealDamage):
        return isinstance(e.amount, int) and e.to == you and e.divided is None
    if isinstance(e, GainLife | LoseLife):
        return isinstance(e.amount, int) and e.player == you
    if isinstance(e, Draw):
        return isinstance(e.amount, int) and e.player == you
    return False


def _adds_mana(e: Effect) -> bool:
    if isinstance(e, AddMana | AddOneOf | AddAnyColor | AddCouldProduce):
        return True
    if isinstance(e, May):
        return any(_adds_mana(x) for x in e.effects)
    return False


def lower_triggered(trig: TriggeredA, text: str, card: CardTypes | None = None) -> Triggered:
    """'When/Whenever [condition], [effect]' (603.1)."""
    ctx = Ctx()
    trigger = lower_trigger(trig.trigger, ctx, card)
    ctx.self_not_aura = card is not None and "aura" not in card[1]
    if trigger.self_only and (
        trigger.event == "dies" or (trigger.event == "put_into_graveyard" and ctx.self_not_aura)
    ):
        # 400.7e: "it" finds the card in the graveyard; a creature that died is no Aura (303.4f:
        # an Aura returned to the battlefield would need its player's choice)
        ctx.self_moved = "graveyard"
    condition = lower_condition(trig.condition, ctx) if trig.condition is not None else None
    if trig.modal is not None:
        return _lower_modal_triggered(trig.modal, text, trigger, condition, ctx)
    effs = lower_effects(trig.effects, ctx)
    _check_amounts(effs, ctx)
    if ctx.sorcery_speed or ctx.only_during:
        raise ctx.fail("activation restriction on a triggered ability")
    # 603.4: "if it was kicked [with its [A] kicker]" is an intervening "if" clause (702.33f).
    kicked = None if trig.kicked is None else Kicked(trig.kicked or None)
    if trigger.event == "tapped_for_mana" and (effs != [AddManaProduced()] or ctx.targets):
        # 605.1b: a triggered mana ability; the engine resolves only this one effect at once.
        raise ctx.fail("a 'taps ... for mana' trigger doing something else than adding mana")
    if any(isinstance(e, AddManaProduced) for e in effs) and trigger.event != "tapped_for_mana":
        raise ctx.fail("'mana of any type that land produced' outside a 'taps for mana' trigger")
    if kicked is not None and (trigger.event != "enters" or not trigger.self_only):
        raise ctx.fail("'if it was kicked' on a trigger other than its own entering")
    return Triggered(trigger, tuple(effs), tuple(ctx.targets), text=text, condition=condition, kicked=kicked)


def lower_chapter(effects: Effects | ModalA, chapters: tuple[int, ...], text: str) -> Triggered:
    """A Saga's chapter ability (714.2): "{rN}—[Effect]" means "When one or more lore counters
    are put onto this Saga, if the number of lore counters on it was less than N and became at
    least N, [effect]." (714.2b); "{rN1}, {rN2}—[Effect]" is one such ability per number
    (714.2c): one triggered ability here whose trigger names every number. A modal effect
    ("I — Choose one — • ...") chooses its mode as it is put on the stack (603.3c)."""
    ctx = Ctx(self_not_aura=True)  # 714.1: a Saga is no Aura
    trigger = Trigger("chapter", self_only=True, chapters=chapters)
    if isinstance(effects, ModalA):
        return _lower_modal_triggered(effects, text, trigger, None, ctx)
    effs = lower_effects(effects, ctx)
    _check_amounts(effs, ctx)
    if ctx.sorcery_speed or ctx.only_during:
        raise ctx.fail("activation restriction on a triggered ability")
    return Triggered(trigger, tuple(effs), tuple(ctx.targets), text=text)


def _lower_modal_triggered(
    modal: ModalA, text: str, trigger: Trigger, condition: Condition | None, ctx: Ctx
) -> Triggered:
    """ "When ~ enters, choose one — • ... • ..." (700.2, 603.3c): each mode has its own
    targets; "it" and "that player" refer to the trigger's object and player in each."""
    if modal.choose != 1:
        raise ctx.fail("a triggered ability choosing more than one mode")
    mode_texts = [m.strip().lstrip("•").strip() for m in text.split("\n")[1:]]
    modes: list[Mode] = []
    for i, eff in enumerate(modal.modes):
        mctx = Ctx(
            obj=ctx.obj,
            player=ctx.player,
            trigger_amount=ctx.trigger_amount,
            self_moved=ctx.self_moved,
            self_not_aura=ctx.self_not_aura,
        )
        effs = lower_effects(eff, mctx)
        _check_amounts(effs, mctx)
        if mctx.sorcery_speed or mctx.only_during:
            raise mctx.fail("activation restriction on a triggered ability")
        modes.append(
            Mode(tuple(effs), tuple(mctx.targets), text=mode_texts[i] if i < len(mode_texts) else "")
        )
    return Triggered(trigger, (), (), text=text, condition=condition, modes=tuple(modes), choose=1)
