"""Sentences and chains of clauses (608.2c: a resolving ability's instructions in order).

* a clause without a subject is an instruction to the ability's controller;
  in a chain ("draws two cards and loses 2 life") it shares the previous
  clause's subject;
* "you may A, B, then C": the option covers the rest of the chain.
"""

from __future__ import annotations

import dataclasses
from typing import get_args

from karn.cards.mana import ManaCost, ManaCostError
from karn.ir.nodes import (
    RECORDS_AFFECTED,
    AnyPlayerMay,
    ApplyContinuous,
    ApplyRules,
    CreateDelayed,
    CreateReplacement,
    Effect,
    ForEachTarget,
    GainControl,
    May,
    PlayerOption,
    Ref,
    Reflexive,
    Sacrifice,
    Unless,
)
from karn.oracle.lowering.context import Ctx
from karn.oracle.lowering.descriptions import describe
from karn.oracle.lowering.references import player_ref, players_ref
from karn.oracle.lowering.registry import Clause, lower_sentence, lower_verb, lowers, lowers_sentence
from karn.oracle.syntax import (
    NP,
    ChainSentence,
    Desc,
    Effects,
    EitherVP,
    ForEachOfThemSentence,
    ForEachOpponentSentence,
    HaveSelfDealDamageVP,
    IfAPlayerDoesSentence,
    Item,
    MayVP,
    OnceEachTurnSentence,
    OnlyDuringSentence,
    Qual,
    SacrificeCountVP,
    SacrificeVP,
    SorceryOnlySentence,
    UnlessSentence,
    UntilNextTurnSentence,
    VerbA,
)


def lower_effects(effects: Effects, ctx: Ctx) -> list[Effect]:
    """Lower the sentences of a resolving spell or ability (608.2)."""
    out: list[Effect] = []
    for sentence in effects.sentences:
        ctx.clause = sentence.text
        ctx.previous_start, ctx.sentence_start = ctx.sentence_start, len(out)
        lower_sentence(sentence, ctx, out)
    if ctx.search is not None:
        raise ctx.fail("library search without a destination")
    if ctx.hand is not None:
        raise ctx.fail("revealed hand without a following effect")
    if ctx.look is not None:
        raise ctx.fail("looking at the top cards without 'put the rest ...'")
    check_affected(out, ctx)
    return out


_AFFECTED = Ref("affected")
_EFFECT_TYPES: frozenset[type] = frozenset(get_args(Effect))


def _is_effects(value: object) -> bool:
    return isinstance(value, tuple) and bool(value) and all(type(v) in _EFFECT_TYPES for v in value)


def _reads_affected(node: object) -> bool:
    """Does this IR value refer to ``Ref("affected")`` (nested effects aside)?"""
    if node == _AFFECTED:
        return True
    if isinstance(node, tuple):
        return any(_reads_affected(x) for x in node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return any(_reads_affected(getattr(node, f.name)) for f in dataclasses.fields(node))
    return False


def check_affected(effects: list[Effect], ctx: Ctx) -> None:
    """608.2c: "those creatures", "them", "that creature" (``Ref("affected")``) are the objects
    an earlier instruction of the same resolution acted on; the engine knows them only from
    an effect that records them (:data:`karn.ir.nodes.RECORDS_AFFECTED`). A reference with no
    such effect before it is refused here rather than resolving to nothing."""
    recorded = False

    def visit(e: Effect) -> None:
        nonlocal recorded
        nested = isinstance(e, (CreateDelayed, Reflexive))  # its own resolution, its own antecedents
        for f in dataclasses.fields(e):
            value = getattr(e, f.name)
            if _is_effects(value):
                if not nested:
                    for child in value:
                        visit(child)
            elif _reads_affected(value) and not recorded:
                raise ctx.fail("'those'/'them' refers to objects no earlier effect records (608.2c)")
        if type(e) in RECORDS_AFFECTED:
            recorded = True

    for e in effects:
        visit(e)


@lowers_sentence(ChainSentence)
def lower_chain_sentence(sentence: ChainSentence, ctx: Ctx, out: list[Effect]) -> None:
    lower_chain(sentence.items, ctx, out)


@lowers_sentence(UntilNextTurnSentence)
def lower_until_next_turn(sentence: UntilNextTurnSentence, ctx: Ctx, out: list[Effect]) -> None:
    """ "Until your next turn, <chain>." (611.2a): the chain's continuous effects (changes of
    objects, of control, of the rules, prevention and replacement effects) last until its
    controller's next turn begins instead of until end of turn; a chain with an effect of another
    kind is refused (its duration would be lost)."""
    start = len(out)
    earlier = list(out)
    lower_chain(sentence.chain.items, ctx, out)
    if out[:start] != earlier:
        raise ctx.fail("'until your next turn' on an effect merged into an earlier one")
    for i in range(start, len(out)):
        e = out[i]
        if isinstance(e, ApplyContinuous | GainControl | CreateReplacement | ApplyRules) and (
            e.duration == "end_of_turn"
        ):
            out[i] = dataclasses.replace(e, duration="until_your_next_turn")
        else:
            raise ctx.fail(f"'until your next turn' on a {type(e).__name__} effect")


@lowers_sentence(UnlessSentence)
def lower_unless(sentence: UnlessSentence, ctx: Ctx, out: list[Effect]) -> None:
    """118.12: "Counter target spell unless its controller pays {2}", "sacrifice this
    creature unless you pay {1}"."""
    if "X" in sentence.mana.upper():
        raise ctx.fail("'unless ... pays {X}'")
    try:
        cost = ManaCost.parse(sentence.mana.upper())
    except ManaCostError:
        raise ctx.fail(f"mana symbols in {sentence.mana} the engine can't pay yet") from None
    if cost.hybrid:
        # 601.2b: the payer would announce how each hybrid symbol is paid; not asked here yet
        raise ctx.fail(f"hybrid mana symbols in {sentence.mana} of an 'unless' payment")
    inner: list[Effect] = []
    lower_chain(sentence.items, ctx, inner)
    payer = player_ref(sentence.payer, ctx)
    out.append(Unless(tuple(inner), payer, sentence.mana.upper()))


@lowers_sentence(OnlyDuringSentence)
def lower_only_during(sentence: OnlyDuringSentence, ctx: Ctx, out: list[Effect]) -> None:
    ctx.only_during = sentence.window  # 602.5d "Activate only during ..."


@lowers_sentence(ForEachOpponentSentence)
def lower_for_each_opponent(sentence: ForEachOpponentSentence, ctx: Ctx, out: list[Effect]) -> None:
    """ "For each opponent, gain control of target permanent that player controls." (608.2f):
    the instruction once, with one target per opponent, all done at the same time. Only target
    phrases may refer to "that player" (each of them); nothing else may depend on the opponent."""
    before = len(ctx.targets)
    ctx.each_opponent = True
    inner: list[Effect] = []
    try:
        lower_chain(sentence.items, ctx, inner)
    finally:
        ctx.each_opponent = False
    if not any(t.per_opponent for t in ctx.targets[before:]):
        raise ctx.fail("'for each opponent' without a target that opponent controls")
    out.extend(inner)


@lowers_sentence(ForEachOfThemSentence)
def lower_for_each_of_them(sentence: ForEachOfThemSentence, ctx: Ctx, out: list[Effect]) -> None:
    """ "Choose any number of target creatures and/or players. For each of them, <chain>."
    (608.2f): the chain is done completely for one target, then the next, in the order the
    controller chooses; inside it "that permanent or player", "it", "that creature" are the
    target being considered (``Ref("each_target")``)."""
    slot = ctx.chosen_targets
    if slot is None:
        raise ctx.fail("'for each of them' without a choice of targets just before it")
    if ctx.each_target or ctx.each_opponent:
        raise ctx.fail("'for each of them' inside another 'for each'")
    spec = ctx.targets[slot.index]
    ctx.each_target = True
    ctx.obj = Ref("each_target") if spec.objects is not None else None
    ctx.player = Ref("each_target") if spec.players is not None else None
    inner: list[Effect] = []
    try:
        lower_chain(sentence.items, ctx, inner)
    finally:
        ctx.each_target = False
    ctx.chosen_targets = None
    ctx.obj = slot if spec.objects is not None else None
    ctx.player = slot if spec.players is not None and spec.objects is None else None
    out.append(ForEachTarget(slot.index, tuple(inner)))


@lowers_sentence(SorceryOnlySentence)
def lower_sorcery_only(sentence: SorceryOnlySentence, ctx: Ctx, out: list[Effect]) -> None:
    ctx.sorcery_speed = True  # 602.5d "Activate only as a sorcery"
    ctx.once_each_turn = ctx.once_each_turn or sentence.once  # "... and only once each turn." (602.5b)


@lowers_sentence(OnceEachTurnSentence)
def lower_once_each_turn(sentence: OnceEachTurnSentence, ctx: Ctx, out: list[Effect]) -> None:
    ctx.once_each_turn = True  # 602.5b "Activate only once each turn."


def lower_chain(items: tuple[Item, ...], ctx: Ctx, out: list[Effect]) -> None:
    """Lower the clauses of one chain in order, appending to ``out``."""
    rest = list(items)
    subject: NP | None = None
    previous: VerbA | None = None
    while rest:
        item = rest.pop(0)  # item.sep ("then", "and", ","): all are followed in order (608.2c)
        if item.subject is not None:
            subject = item.subject
        out.extend(lower_verb(item.vp, Clause(subject, ctx, out, previous, rest)))
        previous = item.vp


@lowers(MayVP)
def lower_may(vp: MayVP, clause: Clause) -> list[Effect]:
    """ "You may A, B, then C": the controller chooses on resolution whether to do
    all of it; the option covers the rest of the chain."""
    ctx = clause.ctx
    if clause.subject is not None and clause.subject.kind == "any_player":
        return [lower_any_player_may(vp, clause)]
    if clause.subject is not None and clause.subject.kind != "you":
        raise ctx.fail("another player may")
    optional = [Item(None, vp.sub)]
    for later in clause.rest:
        if later.subject is not None:
            raise ctx.fail("'you may' followed by another player's action")
        optional.append(later)
    clause.rest.clear()
    inner: list[Effect] = []
    lower_chain(tuple(optional), ctx, inner)
    if ctx.search is not None:
        raise ctx.fail("optional library search without a destination")
    return [May(tuple(inner))]


def lower_any_player_may(vp: MayVP, clause: Clause) -> AnyPlayerMay:
    """ "Any player may sacrifice two lands of their choice or have ~ deal 5 damage to that
    player." (101.4): the things one player may do; the sentence after it says what happens
    when a player does (or when no one does)."""
    ctx = clause.ctx
    if clause.rest:
        raise ctx.fail("'any player may' followed by more clauses")
    subs = vp.sub.options if isinstance(vp.sub, EitherVP) else (vp.sub,)
    return AnyPlayerMay(tuple(_player_option(sub, ctx) for sub in subs))


def _player_option(vp: VerbA, ctx: Ctx) -> PlayerOption:
    """One option of "any player may ...": sacrificing permanents of their choice (701.21a) or
    being dealt damage by the source (120.3)."""
    if isinstance(vp, HaveSelfDealDamageVP):
        who = vp.recipient
        them = who.kind == "those" and who.desc is None
        that_player = who.kind == "that" and who.desc is not None and who.desc.text == "player"
        if not isinstance(vp.amount, int) or not (them or that_player):
            raise ctx.fail(f"'{vp.text}': damage to the player who chooses it, a fixed amount")
        return PlayerOption("damage", vp.amount)
    if isinstance(vp, SacrificeCountVP):
        amount, desc = vp.amount, Desc(groups=(vp.group,), quals=(Qual("their_choice"),), text=vp.text)
    elif isinstance(vp, SacrificeVP) and vp.obj.kind == "a" and vp.obj.desc is not None:
        amount, desc = 1, vp.obj.desc
    else:
        raise ctx.fail(f"'{vp.text}' as what any player may do")
    if not isinstance(amount, int):
        raise ctx.fail(f"'{vp.text}': sacrificing X permanents")
    d = describe(desc, ctx)
    if d.objects is None or d.players is not None or d.objects.zone != "battlefield" or d.objects.controller:
        raise ctx.fail(f"'{vp.text}' is not a kind of permanent its player controls")
    return PlayerOption("sacrifice", amount, d.objects)


@lowers_sentence(IfAPlayerDoesSentence)
def lower_if_a_player_does(sentence: IfAPlayerDoesSentence, ctx: Ctx, out: list[Effect]) -> None:
    """ "If a player does, <effects>." / "If no one does, <effects>." after "any player may"
    (101.4): the effects depend on whether one of the players did it."""
    last = out[-1] if out else None
    if not isinstance(last, AnyPlayerMay) or last.effects:
        raise ctx.fail("'If a player does' without 'any player may' before it")
    inner: list[Effect] = []
    lower_chain(sentence.items, ctx, inner)
    out[-1] = AnyPlayerMay(last.options, tuple(inner), if_none=sentence.none)


@lowers(SacrificeCountVP)
def lower_sacrifice_count(vp: SacrificeCountVP, clause: Clause) -> list[Effect]:
    """ "Each player sacrifices two creatures of their choice" (701.21a): each of the players
    chooses that many permanents they control (APNAP, 101.4); all are sacrificed at once."""
    ctx = clause.ctx
    option = _player_option(vp, ctx)
    return [Sacrifice(players_ref(clause.subject, ctx), option.amount, option.filter)]


@lowers(HaveSelfDealDamageVP)
def lower_have_self_deal_damage(vp: HaveSelfDealDamageVP, clause: Clause) -> list[Effect]:
    """ "have ~ deal 5 damage to them" is what "any player may" offers (101.4); elsewhere the
    IR has no meaning for it."""
    raise clause.ctx.fail(f"'{vp.text}' outside 'any player may'")


@lowers(EitherVP)
def lower_either(vp: EitherVP, clause: Clause) -> list[Effect]:
    """ "<A> or <B>": the choice "any player may" offers (101.4); elsewhere not expressed."""
    raise clause.ctx.fail(f"'{vp.text}' outside 'any player may'")
