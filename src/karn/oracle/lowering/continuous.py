"""Continuous modifications (611, 613): "gets +N/+N", "gains flying", "can't block".

From a resolving spell or ability they become ApplyContinuous effects (611.2);
"gets +N/+N and gains K" on the same objects is one Modify (613.4c, 613.1f).
Static abilities (604) use :func:`modification` and :func:`merge` too
(:mod:`karn.oracle.lowering.statics`).
"""

from __future__ import annotations

import dataclasses
from typing import Literal

from karn.ir.nodes import (
    ApplyContinuous,
    ApplyRules,
    Change,
    Effect,
    GainAbility,
    Keyword,
    Modify,
    ObjectRule,
    Ref,
    RuleChange,
    Selector,
    SetColors,
)
from karn.ir.protection import PREFIX as PROTECTION_PREFIX
from karn.ir.protection import quality
from karn.oracle.lowering.context import Ctx, quoted_ability
from karn.oracle.lowering.references import no_reference, object_sel, those_objects
from karn.oracle.lowering.registry import Clause, lower_keyword, lowers, lowers_sentence
from karn.oracle.syntax import (
    AttackUnlessVP,
    BlockLimitVP,
    ChooseColorSentence,
    GainKeywordAbilityVP,
    ModifyVP,
    ObjectRuleVP,
)

CHOSEN = "protection from the chosen color"
CHOICE = "protection from the color of your choice"


@lowers(ModifyVP)
def lower_modify(vp: ModifyVP, clause: Clause) -> list[Effect]:
    """One-shot: an ApplyContinuous, merged with the previous clause's when both
    modify the same objects ("gets +1/+1 and gains flying until end of turn")."""
    ctx = clause.ctx
    if clause.subject is None:
        no_reference(ctx, "subject of 'gets'")
    vp = _read_chosen_color(vp, ctx)
    if clause.subject.kind == "you" and vp.keywords:
        return _player_protection(vp, ctx)
    check_protection(vp.keywords, ctx, "effect")
    several = those_objects(clause.subject, ctx)
    if several:
        return _modify_each(several, vp, clause)
    what = object_sel(clause.subject, ctx)
    mod = modification(what, vp)
    out = clause.out
    if isinstance(clause.previous, ModifyVP) and out:
        last = out[-1]
        if isinstance(last, ApplyContinuous) and last.mod.affected == what:
            until_eot = last.duration == "end_of_turn" or vp.until_eot
            out[-1] = ApplyContinuous(merge(last.mod, mod), "end_of_turn" if until_eot else "permanent")
            return []
    return [ApplyContinuous(mod, "end_of_turn" if vp.until_eot else "permanent")]


def _modify_each(refs: list[Ref], vp: ModifyVP, clause: Clause) -> list[Effect]:
    """ "Those creatures gain vigilance until end of turn." after several target slots: the
    same change for each of them (611.2c), merged into an earlier effect on the same object
    with the same duration (613.1f), else one effect of its own."""
    duration: Literal["end_of_turn", "permanent"] = "end_of_turn" if vp.until_eot else "permanent"
    new: list[Effect] = []
    for ref in refs:
        mod = modification(ref, vp)
        for i, last in enumerate(clause.out):
            if isinstance(last, ApplyContinuous) and last.mod.affected == ref and last.duration == duration:
                clause.out[i] = ApplyContinuous(merge(last.mod, mod), duration)
                break
        else:
            new.append(ApplyContinuous(mod, duration))
    return new


@lowers(GainKeywordAbilityVP)
def lower_gain_keyword_ability(vp: GainKeywordAbilityVP, clause: Clause) -> list[Effect]:
    """ "it gains devour 5" (613.1f): the keyword's ability, granted as a quoted ability is
    (113.2c); said of a spell, the permanent it becomes keeps it (400.7a)."""
    ctx = clause.ctx
    if clause.subject is None:
        no_reference(ctx, "subject of 'gains'")
    what = object_sel(clause.subject, ctx)
    word = vp.text.removeprefix("gain ").removeprefix("gains ")
    granted = lower_keyword(vp.keyword, word.split(" until ")[0])
    keywords = tuple(a.name for a in granted if isinstance(a, Keyword))
    changes = tuple(GainAbility(a) for a in granted if not isinstance(a, Keyword))
    mod = Modify(what, add_keywords=keywords, changes=changes)
    return [ApplyContinuous(mod, "end_of_turn" if vp.until_eot else "permanent")]


@lowers_sentence(ChooseColorSentence)
def lower_choose_color(sentence: ChooseColorSentence, ctx: Ctx, out: list[Effect]) -> None:
    """ "Choose a color." (608.2d): chosen as the spell or ability resolves, for the effect that
    reads "the chosen color" next (:func:`_read_chosen_color`)."""
    if ctx.color_chosen:
        raise ctx.fail("a second 'Choose a color.'")
    ctx.color_chosen = "open"


def _player_protection(vp: ModifyVP, ctx: Ctx) -> list[Effect]:
    """ "You gain protection from the color of your choice until end of turn." (702.16b, e: a
    player with protection): a change to the rules for that player (613.11)."""
    check_protection(vp.keywords, ctx, "effect")
    if vp.power or vp.toughness or vp.cant_attack or vp.cant_block or vp.set_colors or not vp.until_eot:
        raise ctx.fail(f"'{vp.text}' said of you")
    if not all(k.startswith(PROTECTION_PREFIX) for k in vp.keywords):
        raise ctx.fail(f"'{vp.text}': a player with a keyword other than protection")
    return [ApplyRules(RuleChange("protection", "you", keyword=k), "end_of_turn") for k in vp.keywords]


def _read_chosen_color(vp: ModifyVP, ctx: Ctx) -> ModifyVP:
    """ "Choose a color. Creatures you control gain protection from the chosen color until end
    of turn.": the choice is made as the effect begins (608.2d), as for "the color of your
    choice", so the keyword becomes that one; only one effect may read the choice."""
    if CHOSEN not in vp.keywords or not ctx.color_chosen:
        return vp
    if ctx.color_chosen != "open":
        raise ctx.fail("'the chosen color' read by two effects")
    ctx.color_chosen = "read"
    keywords = tuple(CHOICE if k == CHOSEN else k for k in vp.keywords)
    return dataclasses.replace(vp, keywords=keywords)


@lowers(AttackUnlessVP)
def lower_attack_unless(vp: AttackUnlessVP, clause: Clause) -> list[Effect]:
    """508.1c: "can't attack unless defending player controls an Island" is a static ability
    (lowered with the static abilities); a resolving spell would need a duration."""
    raise clause.ctx.fail(f"'{vp.text}' as a one-shot effect")


@lowers(ObjectRuleVP)
def lower_object_rule(vp: ObjectRuleVP, clause: Clause) -> list[Effect]:
    """One-shot "Target creature can't be blocked this turn." (509.1b, 611.2a): an
    ApplyContinuous of the rules layer, merged with the previous clause's when both change the
    same objects until end of turn ("gets +2/+0 and can't be blocked this turn")."""
    ctx = clause.ctx
    if not vp.until_eot:
        raise ctx.fail(f"'{vp.text}' as a one-shot effect without a duration")
    if clause.subject is None:
        no_reference(ctx, f"subject of '{vp.text}'")
    what = object_sel(clause.subject, ctx)
    mod = Modify(what, changes=(ObjectRule(vp.kind),))
    out = clause.out
    if out and isinstance(clause.previous, (ModifyVP, ObjectRuleVP)):
        last = out[-1]
        if isinstance(last, ApplyContinuous) and last.mod.affected == what:
            # "gets +1/+0 and can't be blocked this turn": the duration is both clauses'
            out[-1] = ApplyContinuous(merge(last.mod, mod), "end_of_turn")
            return []
    return [ApplyContinuous(mod, "end_of_turn")]


@lowers(BlockLimitVP)
def lower_block_limit(vp: BlockLimitVP, clause: Clause) -> list[Effect]:
    """509.1a: "can block an additional creature each combat" is a static ability
    (:func:`block_limit`); said by a resolving spell it needs a duration the grammar
    doesn't read yet."""
    raise clause.ctx.fail("'can block ...' as a one-shot effect")


def block_limit(what: Selector, vp: BlockLimitVP, ctx: Ctx) -> Modify:
    """509.1a: a creature that can block more attackers than one."""
    if vp.of != "creature":
        raise ctx.fail(f"can block {vp.of}s")
    return Modify(what, extra_blocks=vp.extra)


def check_protection(keywords: tuple[str, ...], ctx: Ctx, where: str) -> None:
    """Refuse a protection keyword whose quality the engine can't read (702.16a): a quality it
    doesn't know, "the chosen color" outside a static ability (its value is the one chosen as
    the object entered, 607.2a), "the color of your choice" outside a resolving effect (chosen
    as the effect begins, 608.2d)."""
    for k in keywords:
        if not k.startswith(PROTECTION_PREFIX):
            continue
        words = k.removeprefix(PROTECTION_PREFIX)
        if words == "the chosen color":
            if where != "static":
                raise ctx.fail(f"'{k}' outside a static ability")
        elif words.endswith("the color of your choice"):
            extra = words.removesuffix("the color of your choice").removesuffix(" or from ").strip()
            if where != "effect":
                raise ctx.fail(f"'{k}' outside a resolving effect")
            if extra and quality(extra) is None:
                raise ctx.fail(f"protection from '{extra}'")
        elif quality(words) is None:
            raise ctx.fail(f"protection from '{words}'")


def modification(what: Selector, vp: ModifyVP) -> Modify:
    colors: tuple[Change, ...] = (SetColors(vp.set_colors),) if vp.set_colors else ()
    # 613.1f: quoted abilities granted in layer 6, each the ability it quotes (113.2c)
    granted = tuple(GainAbility(quoted_ability(i)) for i in vp.quoted)
    return Modify(
        what,
        power=vp.power,
        toughness=vp.toughness,
        add_keywords=vp.keywords,
        cant_attack=vp.cant_attack,
        cant_block=vp.cant_block,
        changes=colors + granted,
    )


def merge(a: Modify, b: Modify) -> Modify:
    """Two modifications of the same objects as one."""
    return Modify(
        a.affected,
        a.power + b.power,
        a.toughness + b.toughness,
        a.add_keywords + tuple(k for k in b.add_keywords if k not in a.add_keywords),
        a.cant_attack or b.cant_attack,
        a.cant_block or b.cant_block,
        -1 if -1 in (a.extra_blocks, b.extra_blocks) else a.extra_blocks + b.extra_blocks,
        a.changes + b.changes,
    )
