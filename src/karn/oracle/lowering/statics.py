"""Static abilities (604): continuous modifications without a duration, and
replacement effects on how permanents enter the battlefield (614.1c-d)."""

from __future__ import annotations

import dataclasses
from dataclasses import replace
from typing import Literal

from karn.ir.nodes import (
    Ability,
    AddColors,
    AddTypes,
    ApplyContinuous,
    AttackUnlessDefenderControls,
    CantBeCountered,
    CastRestriction,
    Change,
    Condition,
    Count,
    DoesntUntap,
    Effect,
    EntersReplacement,
    Filter,
    FlashPermission,
    GainAbility,
    Group,
    LoseAbilities,
    Modify,
    ObjectRule,
    Ref,
    Selector,
    SetBasePT,
    SetColors,
    SetCreatureTypes,
    SetLandTypes,
    SetTypes,
    Static,
    SwitchPT,
    Var,
)
from karn.ir.subtypes import CREATURE_TYPES, LAND_TYPES
from karn.oracle.lowering.battlefield import amend_entering, as_enters_exile, cda_exiled_total
from karn.oracle.lowering.conditions import lower_condition
from karn.oracle.lowering.context import Ctx, LowerError, amount, changes_pt_by_x
from karn.oracle.lowering.continuous import block_limit, check_protection, merge, modification
from karn.oracle.lowering.control import control_modification
from karn.oracle.lowering.copies import copy_of_chosen
from karn.oracle.lowering.costs import (
    is_additional_cost,
    is_cost_increase,
    is_cost_reduction,
    is_loyalty_cost_increase,
    lower_additional_cost,
    lower_cost_increase,
    lower_cost_reduction,
    lower_loyalty_cost_increase,
)
from karn.oracle.lowering.descriptions import describe
from karn.oracle.lowering.linked import spend_as_any_color
from karn.oracle.lowering.permissions import reveal_top_ability, static_permission
from karn.oracle.lowering.references import no_reference, object_sel
from karn.oracle.lowering.registry import Clause, lowers, lowers_sentence, no_effect
from karn.oracle.lowering.replacements import (
    lower_cant_gain_life_ability,
    lower_player_keywords,
    lower_prevent_all_ability,
    lower_skip_step_ability,
    static_replacement,
    static_replacement_or_lose,
)
from karn.oracle.lowering.tokens import copy_except
from karn.oracle.syntax import (
    NP,
    AsEntersChooseSentence,
    AsEntersExileSentence,
    AsEntersPayLifeSentence,
    AsLongAsConditionSentence,
    AsLongAsSentence,
    AttackUnlessVP,
    BlockLimitVP,
    CantBeCounteredVP,
    CantBlockWithVP,
    CantCastVP,
    CantEnterVP,
    CantGainLifeVP,
    CantPlayVP,
    CastAsThoughFlashVP,
    CdaExiledTotalSentence,
    CdaSentence,
    ChainSentence,
    ConditionA,
    ControlVP,
    CopyOfChosenVP,
    DoesntUntapVP,
    Effects,
    EnterAsCopyVP,
    EntersVP,
    Item,
    LayerVP,
    LookAnyTimeVP,
    MayVP,
    ModifyVP,
    ObjectRuleVP,
    PlayFromVP,
    PreventAllVP,
    RevealTopSentence,
    SameIsTrueSentence,
    SkipStepVP,
    SpendAsAnyColorVP,
)

# the counters the engine knows (122.1a), as for PutCounters
ENTERS_COUNTER_KINDS = ("+1/+1", "-1/-1")


def lower_static(effects: Effects, text: str) -> Ability:
    """:func:`_lower_static`; a static ability has no X chosen, so "gets +X/+X" there needs a
    "where X is" (107.3)."""
    ability = _lower_static(effects, text)
    if changes_pt_by_x(ability):
        raise LowerError("'+X/+X' in a static ability with X undefined (107.3)", text)
    return ability


def _lower_static(effects: Effects, text: str) -> Ability:
    """A static ability (604): continuous modifications without a duration, a
    spell's cost increase (601.2f), an "enters tapped/with counters" replacement, another
    replacement or prevention effect (614.1a, 615.1a), a change to the rules (615.12, 119.7),
    a skipped step (614.10), control of the enchanted permanent (613.1b) or an opening-hand
    action (103.6a)."""
    ctx = Ctx()
    if is_cost_increase(effects):
        return lower_cost_increase(effects, text)
    if is_additional_cost(effects):
        return lower_additional_cost(effects, text)
    if is_cost_reduction(effects):
        return lower_cost_reduction(effects, text)
    if is_loyalty_cost_increase(effects):
        return lower_loyalty_cost_increase(effects, text)
    entering = _enters_item(effects)
    if entering is not None:
        return lower_enters(entering, ctx, text)
    restriction = _player_restriction(effects, ctx, text)
    if restriction is not None:
        return restriction
    copy = _enter_as_copy(effects, ctx, text)
    if copy is not None:
        return copy
    uncounterable = _cant_be_countered(effects, ctx, text)
    if uncounterable is not None:
        return uncounterable
    first = effects.sentences[0] if effects.sentences else None
    if isinstance(first, AsEntersChooseSentence) and len(effects.sentences) == 1:
        # 614.1c, 614.12a: the choice is made as it would enter; the value is the
        # object's (607.2a), read by its "the chosen color/type" abilities
        return EntersReplacement(self_only=True, choose=first.choice, text=text)
    if isinstance(first, AsEntersPayLifeSentence) and len(effects.sentences) == 1:
        return _as_enters_pay_life(first, ctx, text)
    if isinstance(first, CdaSentence) and len(effects.sentences) == 1:
        return _lower_cda(first, ctx, text)
    if isinstance(first, AsEntersExileSentence) and len(effects.sentences) == 1:
        return as_enters_exile(first, ctx, text)
    if isinstance(first, CdaExiledTotalSentence) and len(effects.sentences) == 1:
        return cda_exiled_total(first, ctx, text)
    if len(effects.sentences) == 2:
        pair = static_replacement_or_lose(effects.sentences[0], effects.sentences[1], text)
        if pair is not None:
            return pair
    if len(effects.sentences) == 1:
        found = static_replacement(effects.sentences[0], text)
        if found is not None:
            return found
        if isinstance(effects.sentences[0], RevealTopSentence):
            return reveal_top_ability(text)  # 401.5
        single = _single_item(effects)
        if single is not None:
            if isinstance(single.vp, (CantPlayVP, CantEnterVP, PlayFromVP, LookAnyTimeVP)):
                return static_permission(single.subject, single.vp, text)  # 601.3, 614.17d
            if isinstance(single.vp, PreventAllVP):
                return lower_prevent_all_ability(single.subject, single.vp, text)
            if isinstance(single.vp, CantGainLifeVP):
                return lower_cant_gain_life_ability(single.subject, single.vp, text)
            if isinstance(single.vp, SkipStepVP):
                return lower_skip_step_ability(single.subject, single.vp, text)
            if isinstance(single.vp, ModifyVP):
                player_effect = lower_player_keywords(single.subject, single.vp, text)
                if player_effect is not None:
                    return player_effect
            if isinstance(single.vp, DoesntUntapVP):
                if single.subject is None or single.subject.kind != "self":
                    raise ctx.fail("'doesn't untap during your untap step' said of another object")
                return DoesntUntap(text=text)
            if isinstance(single.vp, SpendAsAnyColorVP):
                you = single.subject is not None and single.subject.kind == "you"
                return spend_as_any_color(single.vp, you, text)
            if isinstance(single.vp, ControlVP):
                ctx.clause = effects.sentences[0].text
                return Static((control_modification(single.subject, single.vp, ctx),), text=text)
            if isinstance(single.vp, CopyOfChosenVP):
                ctx.clause = effects.sentences[0].text
                return Static((), text=text, copy_of_chosen=copy_of_chosen(single.subject, ctx))
    mods: list[Modify] = []
    for s in effects.sentences:
        ctx.clause = s.text
        if isinstance(s, SameIsTrueSentence):
            mods += _same_is_true(s, mods, ctx)
            continue
        if isinstance(s, AsLongAsSentence):
            mods += _as_long_as(s, ctx)
            continue
        condition: Condition | None = None
        if isinstance(s, AsLongAsConditionSentence):
            # 611.3a: "This creature gets +2/+2 as long as you control three or more artifacts"
            condition = static_condition(s.condition, ctx)
            s = ChainSentence(s.items, text=s.text)
        if not isinstance(s, ChainSentence):
            raise ctx.fail("unsupported static ability")
        subject: NP | None = None
        for item in s.items:
            if item.subject is not None:
                subject = item.subject
            vp = item.vp
            if isinstance(vp, ModifyVP) and vp.until_eot:
                raise ctx.fail("unsupported static ability")
            if isinstance(vp, ObjectRuleVP) and vp.until_eot:
                raise ctx.fail("unsupported static ability")
            if not isinstance(vp, (ModifyVP, BlockLimitVP, LayerVP, ObjectRuleVP, AttackUnlessVP)):
                raise ctx.fail("unsupported static ability")
            if subject is None:
                raise ctx.fail("static ability without a subject")
            ctx.chosen_ok = True  # 614.12a: the group may be "of the chosen color/type"
            what = _static_affected(subject, ctx)
            ctx.chosen_ok = False
            if isinstance(vp, LayerVP):
                if vp.until_eot or vp.kind in (
                    "switch",
                    "choose_color",
                    "become",
                    "become_mana_value",
                    "become_with",
                ):
                    raise ctx.fail(f"'{vp.text}' in a static ability")
                mod = Modify(what, changes=layer_changes(vp, ctx))
            elif isinstance(vp, ModifyVP):
                check_protection(vp.keywords, ctx, "static")
                mod = modification(what, vp)
            elif isinstance(vp, ObjectRuleVP):
                mod = Modify(what, changes=(ObjectRule(vp.kind),))  # 508.1d, 509.1b
            elif isinstance(vp, AttackUnlessVP):
                mod = Modify(what, changes=(AttackUnlessDefenderControls(vp.subtype),))  # 508.1c
            else:
                mod = block_limit(what, vp, ctx)
            if "flash" in mod.add_keywords and what == Ref("self"):
                # 113.6e: it would work from the hand, where the engine reads only printed flash
                raise ctx.fail("'has flash' said of itself by a static ability (113.6e)")
            if condition is not None:
                mod = replace(mod, condition=condition)
            if (
                mods
                and mods[-1].affected == what
                and mods[-1].only_if is None
                and mods[-1].condition == condition
            ):
                mods[-1] = _merge_all(mods[-1], mod)
            else:
                mods.append(mod)
    if ctx.targets:
        raise ctx.fail("static ability with targets")
    return Static(tuple(mods), text=text)


def _cant_be_countered(effects: Effects, ctx: Ctx, text: str) -> CantBeCountered | None:
    """ "This spell can't be countered." (113.6g): a static ability of the spell itself."""
    ss = effects.sentences
    if len(ss) != 1 or not isinstance(ss[0], ChainSentence) or len(ss[0].items) != 1:
        return None
    item = ss[0].items[0]
    if not isinstance(item.vp, CantBeCounteredVP):
        return None
    if item.subject is None or item.subject.kind != "self":
        raise ctx.fail(f"'{text}': only a spell itself can't be countered")
    return CantBeCountered(text=text)


@lowers(CantBeCounteredVP)
def lower_cant_be_countered_clause(vp: CantBeCounteredVP, clause: Clause) -> list[Effect]:
    """ "can't be countered" is a static ability of the spell (:func:`_cant_be_countered`)."""
    raise clause.ctx.fail(f"'{vp.text}' as an effect: the IR has it only as a static ability")


def _enter_as_copy(effects: Effects, ctx: Ctx, text: str) -> EntersReplacement | None:
    """ "You may have ~ enter as a copy of any creature on the battlefield[, except it's a TYPE
    in addition to its other types]." (707.9, 614.1c): a replacement effect of the object
    itself (614.12); its controller chooses the object to copy, or none, as it would enter."""
    ss = effects.sentences
    if len(ss) != 1 or not isinstance(ss[0], ChainSentence) or len(ss[0].items) != 1:
        return None
    item = ss[0].items[0]
    vp = item.vp
    if not (isinstance(vp, MayVP) and isinstance(vp.sub, EnterAsCopyVP)):
        return None
    if item.subject is None or item.subject.kind != "you":
        raise ctx.fail(f"'{text}': who may have it enter as a copy")
    copy = vp.sub
    ctx.clause = copy.text
    described = describe(copy.what, ctx)
    if described.objects is None or described.players is not None:
        raise ctx.fail(f"a copy of '{copy.what.text}'")
    if described.objects.zone != "battlefield":
        raise ctx.fail(f"a copy of an object in the {described.objects.zone}")
    if copy.exceptions.this_ability:
        raise ctx.fail(f"'{copy.text}': 'this ability' of a replacement effect")
    extra = copy_except(replace(copy.exceptions, types=(), subtypes=()), ctx, text)
    return EntersReplacement(
        self_only=True,
        copy_of=described.objects,
        copy_types=copy.types,
        copy_subtypes=copy.subtypes,
        text=text,
        copy_except=extra,
    )


def static_condition(c: ConditionA, ctx: Ctx) -> Condition:
    """611.3a: the condition of a static ability's effect, one the layer system checks each
    time it applies (:func:`karn.engine.layers._condition_holds`): a count of objects in any
    zone, your life total, whose turn it is."""
    cond = lower_condition(c, ctx)
    a = cond.amount
    if cond.kind in ("your_turn", "not_your_turn"):
        return cond
    if cond.kind == "compare" and isinstance(a, Count) and a.what in ("objects", "card_types"):
        return cond
    if cond.kind == "compare" and isinstance(a, Var) and a.name == "life" and a.ref in (None, Ref("you")):
        return cond
    raise ctx.fail(f"a static ability's condition the engine doesn't check continuously ('{c.text}')")


def _as_long_as(s: AsLongAsSentence, ctx: Ctx) -> list[Modify]:
    """ "As long as enchanted permanent is a creature, it has flying." (611.3a): the
    modifications of the enchanted/equipped object (or this one) only while it has the type."""
    if s.subject.kind not in ("enchanted", "equipped", "self"):
        raise ctx.fail(f"as long as '{s.subject.text}' is ...")
    what = object_sel(s.subject, ctx)
    cond = Filter(types=s.types, subtypes=s.subtypes)
    if s.granted is not None:
        inner = lower_static(Effects((s.granted,), s.granted.text), s.granted.text.strip('"'))
        if not isinstance(inner, Static) or inner.cda:
            raise ctx.fail(f"the quoted ability of '{s.text}'")
        return [Modify(what, changes=(GainAbility(inner),), only_if=cond)]
    out: list[Modify] = []
    for item in s.items:
        if item.subject is not None and item.subject.kind != "it":
            raise ctx.fail(f"'{item.subject.text}' in an 'as long as' sentence")
        vp = item.vp
        if isinstance(vp, ModifyVP) and not vp.until_eot:
            check_protection(vp.keywords, ctx, "static")
            mod = modification(what, vp)
        elif (
            isinstance(vp, LayerVP)
            and not vp.until_eot
            and vp.kind in ("lose_keywords", "lose_all_abilities", "base_pt")
        ):
            mod = Modify(what, changes=layer_changes(vp, ctx))
        else:
            raise ctx.fail(f"'{vp.text}' in an 'as long as' sentence")
        mod = replace(mod, only_if=cond)
        out[-1:] = [_merge_all(out[-1], mod)] if out else [mod]
    return out


def _merge_all(a: Modify, b: Modify) -> Modify:
    """Two modifications of the same objects, their layered changes in the order written."""
    return replace(merge(a, b), changes=a.changes + b.changes, only_if=a.only_if, condition=a.condition)


def layer_changes(vp: LayerVP, ctx: Ctx) -> tuple[Change, ...]:
    """The IR changes of one layered verb phrase (613.1)."""
    if vp.kind in ("become", "is_pt_still"):
        # "becomes a 3/3 black Elemental creature (that's still a land)": 613.1d, 613.1e, 613.4b
        types: Change = (
            AddTypes(types=vp.types, subtypes=vp.subtypes) if vp.still else SetTypes(vp.types, vp.subtypes)
        )
        colors: tuple[Change, ...] = (SetColors(vp.colors),) if vp.colors else ()
        return (types, *colors, SetBasePT(vp.power, vp.toughness))
    if vp.kind == "become_with":
        # "becomes a black and green Plant Zombie creature with "<ability>". It's still a land."
        # (613.1d-f); the quoted ability is granted (113.2c), with the effect's timestamp
        # (613.7a): a characteristic-defining ability only when printed (604.3), so not this.
        if vp.granted is None:
            raise ctx.fail(f"'{vp.text}' without its quoted ability")
        inner = lower_static(Effects((vp.granted,), vp.granted.text), vp.granted.text.strip('"'))
        if not isinstance(inner, Static):
            raise ctx.fail(f"the quoted ability of '{vp.text}'")
        granted = replace(inner, cda=False)
        kept: Change = (
            AddTypes(types=vp.types, subtypes=vp.subtypes) if vp.still else SetTypes(vp.types, vp.subtypes)
        )
        colors_change: tuple[Change, ...] = (SetColors(vp.colors),) if vp.colors else ()
        return (kept, *colors_change, GainAbility(granted))
    if vp.kind == "become_mana_value":
        # "becomes an artifact creature with power and toughness each equal to its mana value"
        # (205.1a: the named card types replace the others; 613.4b)
        return (SetTypes(vp.types, vp.subtypes), SetBasePT(Count("mana_value"), Count("mana_value")))
    return (layer_change(vp, ctx),)


def layer_change(vp: LayerVP, ctx: Ctx) -> Change:
    """The IR change of one layered verb phrase (613.1)."""
    if vp.kind == "lose_keywords":
        if any(k.endswith(("the chosen color", "of your choice")) for k in vp.keywords):
            raise ctx.fail(f"'{vp.text}': losing a chosen protection")  # 702.16a
        return LoseAbilities(keywords=vp.keywords)  # 613.1f
    if vp.kind == "switch":
        return SwitchPT()  # 613.4d
    if vp.kind == "choose_color":
        return SetColors(choose=True)  # 613.1e; chosen as the effect begins (608.2d)
    if vp.kind == "lose_all_abilities":
        return LoseAbilities(everything=True)  # 613.1f
    if vp.kind == "base_pt":
        return SetBasePT(vp.power, vp.toughness)  # 613.4b
    if vp.kind == "base_pt_mana_value":
        # "each equal to its mana value": the mana value of each object affected (202.3)
        return SetBasePT(Count("mana_value"), Count("mana_value"))
    if vp.kind == "chosen_type":
        return SetCreatureTypes(chosen=True)  # 205.1a-b, 607.2a
    if vp.kind == "add_chosen_color":
        return AddColors(chosen=True)  # 613.1e, 607.2a
    if vp.kind == "add_types":
        # 205.1b: "in addition to its other types"
        return AddTypes(types=vp.types, subtypes=vp.subtypes)
    # "is_types": the named types replace those of their kind
    if vp.types and not vp.subtypes:
        return SetTypes(vp.types)  # 205.1a
    if vp.subtypes and not vp.types:
        if all(t in LAND_TYPES for t in vp.subtypes):
            return SetLandTypes(vp.subtypes)  # 305.7
        if all(t in CREATURE_TYPES for t in vp.subtypes):
            return SetCreatureTypes(vp.subtypes)  # 205.1a-b
    raise ctx.fail(f"the IR cannot say '{vp.text}'")


def _same_is_true(s: SameIsTrueSentence, mods: list[Modify], ctx: Ctx) -> list[Modify]:
    """ "The same is true for ...": the previous sentence's changes for these objects too
    (611.3: a static ability can reach objects outside the battlefield)."""
    if not mods:
        raise ctx.fail("'the same is true' without a previous sentence")
    last = mods[-1]
    out = []
    for d in s.descs:
        described = describe(d, ctx)
        if described.objects is None or described.players is not None:
            raise ctx.fail(f"'{d.text}' are not objects")
        out.append(replace(last, affected=Group(described.objects)))
    return out


def _lower_cda(s: CdaSentence, ctx: Ctx, text: str) -> Static:
    """604.3: "~'s power and toughness are each equal to the number of ...", "~'s power is
    equal to ... and its toughness is equal to that number plus N": a characteristic-defining
    ability of the object itself, applied first (613.3, 613.4a) and in every zone."""
    if s.subject.kind != "self":
        raise ctx.fail(f"a characteristic-defining ability of '{s.subject.text}'")
    described = describe(s.number.desc, ctx)
    if described.objects is None or described.players is not None:
        raise ctx.fail(f"the number of '{s.number.desc.text}'")
    count = Count(s.number.what, described.objects)
    toughness = count if s.plus is None else Count(s.number.what, described.objects, plus=s.plus)
    return Static((Modify(Ref("self"), changes=(SetBasePT(count, toughness),)),), text=text, cda=True)


def _single_item(effects: Effects) -> Item | None:
    """The clause of a one-clause static ability."""
    ss = effects.sentences
    if len(ss) == 1 and isinstance(ss[0], ChainSentence) and len(ss[0].items) == 1:
        return ss[0].items[0]
    return None


_RESTRICTED_PLAYERS: dict[str, Literal["you", "opponent"]] = {"you": "you", "your_opponents": "opponent"}


def _player_restriction(
    effects: Effects, ctx: Ctx, text: str
) -> CastRestriction | FlashPermission | Static | None:
    """ "Your opponents can't cast spells with even mana values." (a restriction on casting,
    601.2e) and "Your opponents can't block with creatures with even mana values." (509.1b:
    the creatures those players control can't block)."""
    ss = effects.sentences
    if not (len(ss) == 1 and isinstance(ss[0], ChainSentence) and len(ss[0].items) == 1):
        return None
    item = ss[0].items[0]
    if isinstance(item.vp, MayVP) and isinstance(item.vp.sub, CastAsThoughFlashVP):
        return _flash_permission(item.subject, item.vp.sub, ctx, text)
    if isinstance(item.vp, CastAsThoughFlashVP):
        return _flash_permission(item.subject, item.vp, ctx, text)
    if not isinstance(item.vp, (CantCastVP, CantBlockWithVP)):
        return None
    ctx.clause = ss[0].text
    subject = item.subject
    who = _RESTRICTED_PLAYERS.get(subject.kind) if subject is not None else None
    if who is None:
        raise ctx.fail(f"a restriction on '{subject.text if subject else ''}'")
    if isinstance(item.vp, CantCastVP):
        np = item.vp.spells
        d = describe(np.desc, ctx, default_zone="stack") if np.kind == "bare" and np.desc else None
        if d is None or d.objects is None or d.players is not None or d.objects.zone != "stack":
            raise ctx.fail(f"'{np.text}' are not spells")
        if d.objects.controller or d.objects.owner or d.objects.other:
            raise ctx.fail(f"the IR cannot restrict casting '{np.text}'")
        return CastRestriction(who, d.objects, text=text)
    np = item.vp.blockers
    d = describe(np.desc, ctx) if np.kind == "bare" and np.desc else None
    if d is None or d.objects is None or d.players is not None or d.objects.zone != "battlefield":
        raise ctx.fail(f"'{np.text}' are not permanents that could block")
    if d.objects.controller or d.objects.other:
        raise ctx.fail(f"the IR cannot restrict blocking with '{np.text}'")
    blockers = dataclasses.replace(d.objects, controller=who)
    return Static((Modify(Group(blockers), cant_block=True),), text=text)


def _flash_permission(subject: NP | None, vp: CastAsThoughFlashVP, ctx: Ctx, text: str) -> FlashPermission:
    """ "You may cast creature spells as though they had flash." (702.8a, 601.3b)."""
    if subject is None or subject.kind not in ("you", "any_player"):
        raise ctx.fail(f"a permission for '{subject.text if subject else ''}'")
    np = vp.spells
    d = describe(np.desc, ctx, default_zone="stack") if np.kind == "bare" and np.desc else None
    if d is None or d.objects is None or d.players is not None or d.objects.zone != "stack":
        raise ctx.fail(f"'{np.text}' are not spells")
    if d.objects.controller or d.objects.owner or d.objects.other:
        raise ctx.fail(f"the IR cannot describe '{np.text}' here")
    return FlashPermission(d.objects, text=text, players="any" if subject.kind == "any_player" else "you")


def _enters_item(effects: Effects) -> Item | None:
    """The clause of a one-clause "X enter(s) ..." ability, if it is one."""
    ss = effects.sentences
    if len(ss) == 1 and isinstance(ss[0], ChainSentence) and len(ss[0].items) == 1:
        item = ss[0].items[0]
        if isinstance(item.vp, EntersVP):
            return item
    return None


def lower_enters(item: Item, ctx: Ctx, text: str) -> EntersReplacement:
    """ "~ enters tapped." / "~ enters with N +1/+1 counters on it." (614.1c: a
    replacement effect of the card itself, applied as it would enter, 614.12);
    "Creatures your opponents control enter tapped." (614.1d: any permanent the
    Filter describes). X is the value chosen for the spell's X (107.3m)."""
    vp = item.vp
    assert isinstance(vp, EntersVP)
    ctx.clause = vp.text
    counters = []
    for kind, count in vp.counters:
        if kind.lower() not in ENTERS_COUNTER_KINDS:
            raise ctx.fail(f"{kind} counters")
        counters.append((kind.lower(), amount(count)))
    subject = item.subject
    if subject is not None and subject.kind == "self":
        if vp.copy_of_source:
            raise ctx.fail(f"'{text}': ~ entering as a copy of itself")
        # 614.1c, 614.12: "enters tapped unless you control a Forest or an Island": the
        # condition is checked as it would enter
        unless = lower_condition(vp.unless, ctx) if vp.unless is not None else None
        if unless is not None and not _checked_as_it_enters(unless):
            raise ctx.fail(f"'{text}': a condition the engine can't check as a permanent enters")
        return EntersReplacement(
            self_only=True, tapped=vp.tapped, counters=tuple(counters), text=text, tapped_unless=unless
        )
    if vp.unless is not None:
        raise ctx.fail(f"'{text}': other permanents entering tapped unless a condition holds")
    if any(isinstance(n, Var) and n.name == "kicked" for _, n in counters):
        raise ctx.fail(f"'{text}': other permanents entering with counters for each time one was kicked")
    if (
        subject is not None
        and subject.kind in ("bare", "all", "each", "another")
        and subject.desc is not None
    ):
        d = describe(subject.desc, ctx, other=subject.kind == "another")
        if d.objects is None or d.players is not None or d.objects.zone != "battlefield":
            raise ctx.fail(f"'{subject.text}' are not permanents entering the battlefield")
        return EntersReplacement(
            self_only=False,
            filter=d.objects,
            tapped=vp.tapped,
            counters=tuple(counters),
            text=text,
            copy_of_source=vp.copy_of_source,
        )
    raise ctx.fail(f"the IR cannot say how '{subject.text if subject else ''}' enters")


def _checked_as_it_enters(c: Condition) -> bool:
    """The conditions :func:`karn.engine.pipeline.replacement._unless_holds` checks: the number
    of permanents of a kind (on the battlefield, 614.12), or your life total."""
    a = c.amount
    if c.kind != "compare":
        return False
    if isinstance(a, Count):
        f = a.filter
        return (
            a.what == "objects"
            and f is not None
            and f.zone == "battlefield"
            and f.chosen is None
            and not f.abilities
        )
    return isinstance(a, Var) and a.name == "life" and (a.ref is None or a.ref.kind == "you")


def _static_only(sentence: AsEntersChooseSentence | SameIsTrueSentence | CdaSentence, ctx: Ctx) -> None:
    """These sentences are static abilities (:func:`lower_static`), never said by a resolving
    spell or ability."""
    raise ctx.fail(f"'{sentence.text}' as an effect: the IR has it only as a static ability")


@lowers_sentence(AsEntersChooseSentence)
def lower_as_enters_sentence(sentence: AsEntersChooseSentence, ctx: Ctx, out: list[Effect]) -> None:
    _static_only(sentence, ctx)


def _as_enters_pay_life(sentence: AsEntersPayLifeSentence, ctx: Ctx, text: str) -> EntersReplacement:
    """ "As this land enters, you may pay 2 life. If you don't, it enters tapped." (614.1c: the
    choice is made as it would enter; 119.4: life is paid only by a player with that much)."""
    if not isinstance(sentence.amount, int) or sentence.amount <= 0:
        raise ctx.fail(f"'{sentence.text}': paying a fixed amount of life")
    return EntersReplacement(self_only=True, pay_life=sentence.amount, text=text)


@lowers_sentence(AsEntersPayLifeSentence)
def lower_as_enters_pay_life_sentence(sentence: AsEntersPayLifeSentence, ctx: Ctx, out: list[Effect]) -> None:
    raise ctx.fail(f"'{sentence.text}' as an effect: the IR has it only as a static ability")


@lowers_sentence(AsLongAsSentence)
def lower_as_long_as_sentence(sentence: AsLongAsSentence, ctx: Ctx, out: list[Effect]) -> None:
    raise ctx.fail(f"'{sentence.text}' as an effect: the IR has it only as a static ability")


@lowers_sentence(AsLongAsConditionSentence)
def lower_as_long_as_condition_sentence(
    sentence: AsLongAsConditionSentence, ctx: Ctx, out: list[Effect]
) -> None:
    # "until end of turn, as long as ..." of a resolving effect (611.2) isn't in the IR yet
    raise ctx.fail(f"'{sentence.text}' as an effect: the IR has it only as a static ability")


@lowers_sentence(SameIsTrueSentence)
def lower_same_is_true_sentence(sentence: SameIsTrueSentence, ctx: Ctx, out: list[Effect]) -> None:
    _static_only(sentence, ctx)


@lowers_sentence(CdaSentence)
def lower_cda_sentence(sentence: CdaSentence, ctx: Ctx, out: list[Effect]) -> None:
    _static_only(sentence, ctx)


@lowers(EnterAsCopyVP)
def lower_enter_as_copy_clause(vp: EnterAsCopyVP, clause: Clause) -> list[Effect]:
    """Entering as a copy is a static ability's replacement effect (:func:`_enter_as_copy`)."""
    raise clause.ctx.fail(f"'{vp.text}' as an effect: the IR has it only as a static ability")


@lowers(LayerVP)
def lower_layer_clause(vp: LayerVP, clause: Clause) -> list[Effect]:
    """A resolving spell's or ability's layered change (611.2): "switch target creature's
    power and toughness until end of turn", "becomes the color of your choice until end of
    turn", "loses flying until end of turn", "until end of turn, target land becomes a 3/3
    creature that's still a land"; merged with the previous clause's effect when both change
    the same objects ("gets +1/+1 and becomes the color of your choice", 613.6)."""
    ctx = clause.ctx
    if amend_entering(vp, clause):
        return []  # 611.2e: how the permanent put onto the battlefield enters
    subject = vp.subject if vp.kind == "switch" else clause.subject
    if vp.kind not in (
        "become_with",
        "switch",
        "choose_color",
        "become",
        "become_mana_value",
        "lose_keywords",
        "lose_all_abilities",
        "base_pt",
    ):
        raise ctx.fail(f"'{vp.text}' as a one-shot effect")
    if subject is None:
        no_reference(ctx, f"subject of '{vp.text}'")
    what = object_sel(subject, ctx)
    changes = layer_changes(vp, ctx)
    if vp.kind == "become_mana_value":
        # 608.2h: the number is read as the effect begins, of the object it names
        if not isinstance(what, Ref):
            raise ctx.fail(f"'{vp.text}' for a group of objects (a mana value each)")
        value = Count("mana_value", ref=what)
        changes = (changes[0], SetBasePT(value, value))
    # "becomes a 2/3 ... Bird creature with flying" (613.1f): the keywords it gains in layer 6
    keywords = vp.keywords if vp.kind == "become" else ()
    check_protection(keywords, ctx, "effect")
    mod = Modify(what, add_keywords=keywords, changes=changes)
    duration: Literal["end_of_turn", "permanent"] = "end_of_turn" if vp.until_eot else "permanent"
    out = clause.out
    if out and isinstance(clause.previous, (ModifyVP, LayerVP)):
        last = out[-1]
        if isinstance(last, ApplyContinuous) and last.mod.affected == what:
            eot = last.duration == "end_of_turn" or vp.until_eot
            out[-1] = ApplyContinuous(_merge_all(last.mod, mod), "end_of_turn" if eot else "permanent")
            return []
    return [ApplyContinuous(mod, duration)]


@lowers(EntersVP)
def lower_enters_clause(vp: EntersVP, clause: Clause) -> list[Effect]:
    """How permanents enter is a static ability's replacement effect (614.1c-d,
    :func:`lower_enters`), never an effect of a resolving spell or ability."""
    raise clause.ctx.fail(f"'{vp.text}' as an effect: the IR has it only as a static ability")


def _static_affected(np: NP, ctx: Ctx) -> Selector:
    if np.kind in ("self", "enchanted", "equipped", "bare", "all", "each"):
        return object_sel(np, ctx)
    raise ctx.fail(f"static ability affecting '{np.text}'")


@lowers(CantCastVP)
def lower_cant_cast_clause(vp: CantCastVP, clause: Clause) -> list[Effect]:
    """Only a static ability (``lower_static``) restricts what players may cast."""
    raise no_effect(vp, clause.ctx)


@lowers(CantBlockWithVP)
def lower_cant_block_with_clause(vp: CantBlockWithVP, clause: Clause) -> list[Effect]:
    """Only a static ability (``lower_static``) restricts what players may block with."""
    raise no_effect(vp, clause.ctx)


@lowers(CastAsThoughFlashVP)
def lower_cast_as_though_flash_clause(vp: CastAsThoughFlashVP, clause: Clause) -> list[Effect]:
    """Only a static ability (``lower_static``) gives this permission (a resolving one would
    need a duration)."""
    raise no_effect(vp, clause.ctx)
