"""Readable one-line renderings of compiled abilities (used by ``karn card NAME``).

These describe the IR, not the Oracle text: they show what the engine will do,
so a reader can check the compiler's reading of a card.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from karn.ir.nodes import (
    Ability,
    Activated,
    AddAnyColor,
    AddColors,
    AddCouldProduce,
    AdditionalCost,
    AddMana,
    AddManaProduced,
    AddOneOf,
    AddPT,
    AddTypes,
    AlternativeCost,
    AnyPlayerMay,
    ApplyContinuous,
    ApplyRules,
    Attach,
    AttackUnlessDefenderControls,
    BecomeCopy,
    BecomeMonarch,
    BecomesDayAsEnters,
    Bestow,
    CantBeCountered,
    Cascade,
    CastForMadness,
    CastRestriction,
    CastWithoutPaying,
    Change,
    ChangeText,
    ColorRange,
    ColorSpread,
    CommanderPermission,
    Compared,
    CompiledCard,
    Condition,
    CopyExcept,
    CopySpell,
    Cost,
    CostIncrease,
    CostReduction,
    Count,
    CountersOn,
    CounterSpell,
    CreateCopyToken,
    CreateDelayed,
    CreateEmblem,
    CreateReplacement,
    CreateToken,
    CrewCost,
    DamageEach,
    DealDamage,
    Declined,
    Destroy,
    Did,
    Discard,
    DiscardCost,
    DiscardHandCost,
    DiscardRandomCost,
    DoesntUntap,
    Draw,
    Effect,
    Entering,
    EntersReplacement,
    ExchangeControl,
    Exile,
    ExileCardsCost,
    ExileIfLeaves,
    ExileSelfCost,
    ExileTop,
    ExileTopCost,
    ExileUntilSourceLeaves,
    Fight,
    Filter,
    Flashback,
    FlashPermission,
    ForEachTarget,
    GainAbility,
    GainActivatedAbilities,
    GainControl,
    GainLife,
    GameRules,
    GetEnergy,
    Half,
    IfCondition,
    Instead,
    Keyword,
    Kicked,
    Kicker,
    LookAndSplit,
    LookAndTake,
    LookAtHand,
    LoseAbilities,
    LoseGame,
    LoseLife,
    LoyaltyCostIncrease,
    ManaKinds,
    Manifest,
    May,
    Mill,
    MillCost,
    Modify,
    Morph,
    MustBlock,
    ObjectRule,
    OpeningHand,
    PayEnergy,
    PayEnergyCost,
    PayLifeCost,
    Planeswalk,
    PreventDamage,
    PreventDamageSharingColor,
    Proliferate,
    PutCounters,
    PutCountersCost,
    PutLinkedExile,
    PutOntoBattlefield,
    Quantity,
    Ref,
    Reflexive,
    Regenerate,
    RemoveCounters,
    RemoveCountersCost,
    Replacement,
    ReturnChosen,
    ReturnCost,
    ReturnSelfCost,
    ReturnToHand,
    RevealTop,
    RevealUntil,
    RuleChange,
    Sacrifice,
    SacrificeCost,
    SacrificeSelfCost,
    Scry,
    SearchLibrary,
    Selector,
    SetBasePT,
    SetColors,
    SetCreatureTypes,
    SetLandTypes,
    SetTypes,
    SkipNextStep,
    SkipNextUntap,
    SkipStep,
    SpellAbility,
    SpendAsAnyColor,
    Static,
    Sum,
    SwitchPT,
    Tap,
    TapCost,
    TargetSpec,
    Times,
    Transform,
    Trigger,
    Triggered,
    Unless,
    Unsupported,
    Untap,
    UntapSymbolCost,
    Var,
    WinGame,
    Would,
)

_COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def describe_abilities(compiled: CompiledCard) -> list[str]:
    """One line per ability, in Oracle order."""
    return [describe_ability(a) for a in compiled.abilities]


def describe_ability(a: Ability) -> str:
    if isinstance(a, Keyword):
        return f"Keyword: {a.name}" + (f" ({filter_text(a.arg)})" if a.arg is not None else "")
    if isinstance(a, Activated):
        flags = []
        if a.mana_ability:
            flags.append("mana ability")
        if a.equip:
            flags.append("equip")
        if a.sorcery_speed:
            flags.append("sorcery speed")
        if a.zone != "battlefield":
            flags.append(f"from the {a.zone}")
        tail = f" [{', '.join(flags)}]" if flags else ""
        if a.suspend:
            # 702.62a, 116.2f: a special action, not an ability on the stack
            what = f"exile this card from your hand with {a.suspend} time counter(s) (a special action)"
            return f"Suspend {cost_text(a.cost)}: {what}{tail}"
        return f"Activated {cost_text(a.cost)}: {effects_text(a.effects)}{targets_text(a.targets)}{tail}"
    if isinstance(a, Triggered):
        cond = f", if {condition_text(a.condition)}" if a.condition is not None else ""
        if a.kicked is not None:
            cond += f", if {resolution_condition_text(a.kicked)}"
        if a.alt_paid:
            cond += f", if its {a.alt_paid} cost was paid"
        return (
            f"Triggered ({trigger_text(a.trigger)}{cond}): {effects_text(a.effects)}{targets_text(a.targets)}"
        )
    if isinstance(a, Bestow):
        return f"Bestow {a.cost} (alternative cost: an Aura with enchant creature)"
    if isinstance(a, Flashback):
        return f"Flashback {a.cost} (cast from your graveyard, then exiled)"
    if isinstance(a, Morph):
        word = "Megamorph" if a.mega else "Morph"
        return f"{word} {a.cost} (cast face down as a 2/2 creature for {{3}}; turn face up for {a.cost})"
    if isinstance(a, Kicker):
        return ("Multikicker " if a.multi else "Kicker ") + " and/or ".join(a.costs)
    if isinstance(a, AlternativeCost):
        overloaded = f"; overloaded: {effects_text(a.spell.effects)}" if a.spell is not None else ""
        return f"{a.keyword.capitalize()} {a.cost} (alternative cost, 118.9{overloaded})"
    if isinstance(a, FlashPermission):
        who = "any player" if a.players == "any" else "you"
        return f"Permission: {who} may cast a {filter_text(a.spells)} as though it had flash"
    if isinstance(a, CastRestriction):
        who = {"you": "you", "opponent": "your opponents", "any": "players"}[a.players]
        return f"Restriction: {who} can't cast a {filter_text(a.spells)}"
    if isinstance(a, LoyaltyCostIncrease):
        return f"Loyalty abilities you activate cost an additional [{a.loyalty:+d}]"
    if isinstance(a, AdditionalCost):
        if a.sacrifice is None:
            return "Additional cost: " + ", ".join(COST_PART_RENDERERS[type(p)](p) for p in a.parts)
        return f"Additional cost: sacrifice a {filter_text(a.sacrifice)}"
    if isinstance(a, CostReduction):
        what = "this spell" if a.spells is None else f"each {filter_text(a.spells)}"
        per = f" ({amount_text(a.per)})" if a.per is not None else ""
        if a.generic < 0:
            return f"Cost increase: {what} costs {{{-a.generic}}} more to cast{per}"
        return f"Cost reduction: {what} costs {{{a.generic}}} less to cast{per}"
    if isinstance(a, Static):
        if a.copy_of_chosen is not None:
            return f"Static: {selector_text(a.copy_of_chosen)} is a copy of the chosen creature (707.2c: as it was then)"
        return "Static: " + "; ".join(modify_text(m) for m in a.mods)
    if isinstance(a, SpellAbility):
        if a.modes:
            modes = " | ".join(
                f"{i + 1}) {effects_text(m.effects)}{targets_text(m.targets)}" for i, m in enumerate(a.modes)
            )
            how = f"one or more (up to {a.choose})" if a.up_to else str(a.choose)  # 700.2
            return f"Spell: choose {how} — {modes}"
        return f"Spell: {effects_text(a.effects)}{targets_text(a.targets)}"
    if isinstance(a, CostIncrease):
        return f"Cost: {{{a.generic_per_extra_target}}} more for each target beyond the first"
    if isinstance(a, EntersReplacement):
        return f"Replacement: {enters_text(a)}"
    if isinstance(a, Replacement):
        return f"Replacement: {replacement_text(a.would, a.instead)}"
    if isinstance(a, GameRules):
        return "Rules: " + "; ".join(rule_text(c) for c in a.changes)
    if isinstance(a, SkipStep):
        return f"Replacement: skip your {a.step} step"
    if isinstance(a, BecomesDayAsEnters):
        return "if it's neither day nor night, it becomes day as this enters (731.1)"
    if isinstance(a, CantBeCountered):
        return "Static: this spell can't be countered"
    if isinstance(a, CommanderPermission):
        return "Deck construction: this card can be your commander (903.3d)"
    if isinstance(a, OpeningHand):
        return "Opening hand: may begin the game on the battlefield"
    if isinstance(a, DoesntUntap):
        return "Static: this doesn't untap during your untap step"
    if isinstance(a, SpendAsAnyColor):
        return f"Static: you may spend {_COLOR_NAMES[a.color]} mana as though it were mana of any color to pay the activation costs of this object's abilities"
    if isinstance(a, Unsupported):
        return f"UNSUPPORTED: {a.clause!r}" + (f" ({a.reason})" if a.reason else "")
    return repr(a)  # pragma: no cover


def enters_text(r: EntersReplacement) -> str:
    """ "this enters tapped with 2 +1/+1 counter(s)" (614.1c-d)."""
    who = "this enters" if r.self_only else f"each {filter_text(r.filter or Filter())} enters"
    parts = ["tapped"] if r.tapped else []
    if r.tapped and r.tapped_unless is not None:
        parts.append(f"unless {condition_text(r.tapped_unless)}")
    if r.counters:
        parts.append("with " + " and ".join(f"{amount_text(n)} {kind} counter(s)" for kind, n in r.counters))
    if r.counters_if_opponent_damaged:
        parts.append("if an opponent was dealt damage this turn")  # 702.54a
    if r.copy_of is not None:
        extra = " ".join(r.copy_subtypes + r.copy_types)
        parts.append(
            f"(its controller may have it enter as a copy of a {filter_text(r.copy_of)}"
            + (f", except it's also {extra})" if extra else ")")
        )
    if r.copy_except is not None:
        parts.append(f"(the copy{copy_except_text(r.copy_except)})")
    if r.copy_of_source:
        parts.append("as a copy of this permanent")
    if r.choose:
        parts.append(f"(its controller chooses a {r.choose.replace('_', ' ')} as it enters)")
    if r.exile is not None:
        parts.append(f"(its controller exiles any number of {filter_text(r.exile)} as it enters)")
    if r.devour:
        quality = filter_text(r.devour_of) if r.devour_of is not None else "creature"
        parts.append(
            f"(devour {r.devour}: its controller may sacrifice any number of {quality}s as it enters; "
            f"it enters with {r.devour} +1/+1 counter(s) for each)"
        )
    if r.pay_life:
        parts.append(
            f"(its controller may pay {r.pay_life} life as it enters; if they don't, it enters tapped)"
        )
    return " ".join([who, *parts]) if parts else f"{who} (unchanged)"


_WOULD = {
    "die": "dies",
    "to_graveyard": "would be put into a graveyard",
    "destroyed": "would be destroyed",
    "draw": "would draw a card",
    "gain_life": "would gain life",
    "create_tokens": "would get tokens created",
    "put_counters": "would get counters",
    "damage": "would be dealt damage",
    "pay_life": "would pay life",
}


def would_text(w: Would) -> str:
    """What a replacement or prevention effect watches (614.1a)."""
    who: list[str] = []
    if w.self_only:
        who.append("this")
    if w.ref is not None:
        who.append(ref_text(w.ref))
    if w.filter is not None:
        who.append(filter_text(w.filter))
    if w.player is not None:
        who.append({"you": "you", "opponent": "an opponent", "any": "a player"}[w.player])
    if w.cards_only:
        who.append("(cards only)")
    subject = " or ".join(who) or "anything"
    text = f"if {subject} {_WOULD[w.event]}"
    if w.event == "damage":
        src = "this" if w.source_self else filter_text(w.source) if w.source is not None else "any source"
        if w.source_ref is not None:
            src = ref_text(w.source_ref)
        text = f"if {src} would deal {'combat ' if w.combat else ''}damage to {subject}"
    if w.counter:
        text += f" ({w.counter})"
    if w.empty_library:
        text += " while your library is empty"
    if w.library_enough:
        text += " while your library has at least that many cards"
    return text


def instead_text(i: Instead) -> str:
    if i.kind == "scale":
        parts = []
        if i.factor != 1:
            parts.append(f"{i.factor} times that many")
        if i.plus:
            parts.append(f"plus {i.plus}")
        return " ".join(parts or ["that many"]) + " instead"
    if i.kind == "prevent":
        return "prevent all of it" if i.amount is None else f"prevent {i.amount} of it"
    if i.kind == "draw":
        return f"draw {'that many' if i.amount is None else i.amount} card(s) instead"
    if i.kind == "regenerate":
        return "regenerate it" + (" and gain control of it" if i.gain_control else "")
    if i.kind == "win":
        return "you win the game instead"
    if i.kind == "redirect":
        return f"it is dealt to {ref_text(i.to) if i.to is not None else '?'} instead"
    return {
        "exile": "exile it instead",
        "shuffle": "shuffle it into its owner's library instead",
        "return_from_graveyard": "return a card from your graveyard to your hand instead",
        "exile_from_graveyard": "exile that many cards from your graveyard instead",
        "exile_from_library": "exile that many cards from the top of your library instead",
        "skip": "skip it",
    }[i.kind]


def replacement_text(w: Would, i: Instead) -> str:
    return f"{would_text(w)}, {instead_text(i)}"


def rule_text(c: RuleChange) -> str:
    if c.rule == "unpreventable":
        return "damage can't be prevented"
    who = {"you": "you", "opponent": "your opponents", "any": "players"}[c.players]
    if c.rule == "protection":
        return f"{who} have {c.keyword}"
    if c.rule in ("hexproof", "shroud"):
        return f"{who} have {c.rule}"
    if c.rule == "no_maximum_hand_size":
        return f"{who} have no maximum hand size"
    if c.rule == "maximum_hand_size":
        return f"maximum hand size of {who} is {c.amount}"
    if c.rule == "maximum_hand_size_plus":
        return f"maximum hand size of {who} {c.amount:+d}"
    if c.rule == "no_life_gain":
        return f"{who} can't gain life"
    if c.rule == "lands_cant_enter":
        return "lands can't enter the battlefield"
    if c.rule == "no_land_play":
        return f"{who} can't play lands"
    if c.rule == "no_graveyard_play":
        return f"{who} can't play lands or cast spells from their graveyards"
    if c.rule == "play_exiled":
        return f"{who} may play the cards exiled this way"
    their = "your" if c.players == "you" else "their"
    if c.rule == "reveal_library_top":
        return f"{who} play with the top card of {their} library revealed"
    if c.rule == "look_library_top":
        return f"{who} may look at the top card of {their} library any time"
    what = " and ".join(
        (["play lands"] if c.lands else [])
        + ([f"cast {filter_text(c.spells)}"] if c.spells is not None else [])
    )
    if c.rule == "play_from_graveyards":
        return f"{who} may {what} from other players' graveyards as though they were in {their} own"
    return f"{who} may {what} from the top of {their} library"


def cost_text(c: Cost) -> str:
    parts: list[str] = []
    if c.loyalty_x:
        parts.append("[\u2212X]")  # 107.7
    elif c.loyalty is not None:
        parts.append(f"[{c.loyalty:+d}]" if c.loyalty else "[0]")
    if c.mana:
        parts.append(c.mana)
    if c.tap:
        parts.append("{T}")
    if c.exile_self:
        parts.append("exile this card from your graveyard")
    if c.discard_self:
        parts.append("discard this card")  # cycling, 702.29a
    parts += [COST_PART_RENDERERS[type(p)](p) for p in c.parts]
    return ", ".join(parts) or "(free)"


#: One renderer per cost part kind (118, 602.1), like :data:`RENDERERS` for effects.
COST_PART_RENDERERS: dict[type, Callable[[Any], str]] = {}


def renders_cost(part_type: type) -> Callable[[R], R]:
    def register(fn: R) -> R:
        COST_PART_RENDERERS[part_type] = fn
        return fn

    return register


def _n(count: int, one: str, many: str) -> str:
    return one if count == 1 else f"{count} {many}"


@renders_cost(CrewCost)
def _crew_cost(p: CrewCost) -> str:
    return f"tap any number of other untapped creatures you control with total power {p.power} or greater"


@renders_cost(SacrificeCost)
def _sacrifice_cost(p: SacrificeCost) -> str:
    return f"sacrifice {_n(p.count, 'a', '')} {filter_text(p.what)}".replace("  ", " ")


@renders_cost(SacrificeSelfCost)
def _sacrifice_self_cost(p: SacrificeSelfCost) -> str:
    return "sacrifice this"


@renders_cost(PayLifeCost)
def _pay_life_cost(p: PayLifeCost) -> str:
    return f"pay {p.life} life"


@renders_cost(PayEnergyCost)
def _pay_energy_cost(p: PayEnergyCost) -> str:
    return "pay " + "{E}" * p.energy


@renders_cost(DiscardCost)
def _discard_cost(p: DiscardCost) -> str:
    what = "card" if p.what is None else filter_text(p.what)
    return f"discard {_n(p.count, 'a', '')} {what}{'' if p.count == 1 else '(s)'}".replace("  ", " ")


@renders_cost(DiscardRandomCost)
def _discard_random_cost(p: DiscardRandomCost) -> str:
    return f"discard {_n(p.count, 'a card', 'cards')} at random"


@renders_cost(DiscardHandCost)
def _discard_hand_cost(p: DiscardHandCost) -> str:
    return "discard your hand"


@renders_cost(RemoveCountersCost)
def _remove_counters_cost(p: RemoveCountersCost) -> str:
    return f"remove {_n(p.count, 'a', '')} {p.kind} counter{'' if p.count == 1 else 's'} from this".replace(
        "  ", " "
    )


@renders_cost(PutCountersCost)
def _put_counters_cost(p: PutCountersCost) -> str:
    return f"put {_n(p.count, 'a', '')} {p.kind} counter{'' if p.count == 1 else 's'} on this".replace(
        "  ", " "
    )


@renders_cost(ExileCardsCost)
def _exile_cards_cost(p: ExileCardsCost) -> str:
    return f"exile {_n(p.count, 'a', '')} {filter_text(p.what)}".replace("  ", " ")


@renders_cost(ExileSelfCost)
def _exile_self_cost(p: ExileSelfCost) -> str:
    return "exile this"


@renders_cost(ReturnCost)
def _return_cost(p: ReturnCost) -> str:
    return f"return {_n(p.count, 'a', '')} {filter_text(p.what)} to its owner's hand".replace("  ", " ")


@renders_cost(ReturnSelfCost)
def _return_self_cost(p: ReturnSelfCost) -> str:
    return "return this to its owner's hand"


@renders_cost(TapCost)
def _tap_cost(p: TapCost) -> str:
    return f"tap {_n(p.count, 'an', '')} untapped {filter_text(p.what)}".replace("  ", " ")


@renders_cost(UntapSymbolCost)
def _untap_symbol_cost(p: UntapSymbolCost) -> str:
    return "{Q}"


@renders_cost(MillCost)
def _mill_cost(p: MillCost) -> str:
    return f"mill {_n(p.count, 'a card', 'cards')}"


@renders_cost(ExileTopCost)
def _exile_top_cost(p: ExileTopCost) -> str:
    return f"exile the top {_n(p.count, 'card', 'cards')} of your library"


_STEP_TEXT = {
    "upkeep": "upkeep",
    "draw": "draw step",
    "precombat_main": "first main phase",
    "beginning_of_combat": "combat",
    "postcombat_main": "second main phase",
    "end_of_combat": "end of combat step",
    "end": "end step",
}
_WHOSE_TEXT = {
    "you": "your",
    None: "each",
    "opponent": "each opponent's",
    "enchanted_player": "enchanted player's",
    "enchanted_controller": "the enchanted permanent's controller's",
}


#: 714.2a: the Roman numerals of chapter symbols
ROMAN_NUMERALS = ("", "I", "II", "III", "IV", "V", "VI", "VII")


def chapter_symbols(t: Trigger) -> str:
    """ "I, II" (714.2a, 714.2c)."""
    return ", ".join(ROMAN_NUMERALS[n] if n < len(ROMAN_NUMERALS) else str(n) for n in t.chapters)


def trigger_text(t: Trigger) -> str:
    if t.event == "last_counter_removed":
        return f"when the last {t.counter} counter is removed from this"
    if t.event == "chapter":
        return f"when the lore counters on this Saga reach chapter {chapter_symbols(t)} (714.2b)"
    if t.event == "reflexive":
        return "when you do"
    if t.event == "cast_self":
        return "when you cast this spell"
    if t.event == "chaos":
        return "whenever chaos ensues (311.7)"
    if t.event == "attack_with":
        return f"whenever you attack with {t.nth} or more creatures (508.1)"
    if t.event == "day_night":
        return "whenever day becomes night or night becomes day (731.1a)"
    if t.event == "becomes_day":
        return "whenever night becomes day (731.1a)"
    if t.event == "becomes_night":
        return "whenever day becomes night (731.1a)"
    if t.event == "planeswalk_from":
        return "when you planeswalk away from this plane (701.31d)"
    if t.event == "planeswalk_to":
        return "when you planeswalk to this card (701.31d; a phenomenon: when you encounter it, 312.5)"
    if t.event == "draws":
        drawer = {"you": "you draw", "opponent": "an opponent draws"}.get(t.player or "", "a player draws")
        nth = {0: "a card", 1: "their first card each turn", 2: "their second card each turn"}.get(
            t.nth, f"card #{t.nth} each turn"
        )
        if t.reveal:
            card = filter_text(t.filter) if t.filter else "card"
            return f"reveal the first card you draw each turn; whenever it's a {card}"
        return f"whenever {drawer} {nth}"
    if t.event == "state" and t.state is not None:
        return f"when {condition_text(t.state)}"
    if t.event == "step":
        return f"at the beginning of {_WHOSE_TEXT[t.player]} {_STEP_TEXT.get(t.step or '', t.step)}"
    if t.event in (
        "attacks",
        "attacks_alone",
        "blocks",
        "becomes_blocked",
        "attacks_or_blocks",
        "blocks_or_blocked",
        "becomes_tapped",
        "becomes_untapped",
        "turned_face_up",
        "transforms_into",
    ):
        who = "this" if t.self_only else "the permanent it's attached to" if t.host else None
        if who is None:
            what = filter_text(t.filter) if t.filter else "creature"
            who = f"another {what[6:]}" if what.startswith("other ") else f"a {what}"
        verb = {
            "attacks": "attacks",
            "attacks_alone": "attacks alone",
            "blocks": "blocks",
            "becomes_blocked": "becomes blocked",
            "attacks_or_blocks": "attacks or blocks",
            "blocks_or_blocked": "blocks or becomes blocked",
            "becomes_tapped": "becomes tapped",
            "becomes_untapped": "becomes untapped",
            "turned_face_up": "is turned face up",
            "transforms_into": "transforms into this face",
        }[t.event]
        if t.per_creature:
            by = " by" if t.event != "blocks" else ""
            verb += f"{by} a {filter_text(t.partner) if t.partner else 'creature'}"
        return f"whenever {who} {verb}"
    if t.event in ("deals_damage", "dealt_damage"):
        who = "this" if t.self_only else "the permanent it's attached to" if t.host else None
        if who is None:
            what = filter_text(t.filter) if t.filter else "source"
            who = f"another {what[6:]}" if what.startswith("other ") else f"a {what}"
        kind = "combat damage" if t.combat else "damage"
        if t.event == "dealt_damage":
            return f"whenever {who} is dealt {kind}"
        to = {
            None: "",
            "you": " to you",
            "player": " to a player",
            "opponent": " to an opponent",
            "creature": " to a creature",
            "player_or_planeswalker": " to a player or planeswalker",
        }[t.to]
        return f"whenever {who} deals {kind}{to}"
    if t.event == "becomes_target":
        who = "this" if t.self_only else "the permanent it's attached to" if t.host else None
        if who is None:
            what = filter_text(t.filter) if t.filter else "permanent"
            who = f"another {what[6:]}" if what.startswith("other ") else f"a {what}"
        by = f"a {filter_text(t.partner)}" if t.partner is not None else "a spell or ability"
        whose = {"you": " you control", "opponent": " an opponent controls"}.get(t.player or "", "")
        return f"whenever {who} becomes the target of {by}{whose}"
    if t.event == "gain_life":
        return "whenever you gain life"
    if t.event == "tapped_for_mana":
        who = "you tap" if t.player == "you" else "a player taps"
        return f"whenever {who} a {filter_text(t.filter) if t.filter else 'permanent'} for mana"
    if t.event == "cast":
        who = {"you": "you cast", "opponent": "an opponent casts"}.get(t.player or "", "a player casts")
        origin = (
            f" from {'your' if t.filter and t.filter.owner == 'you' else 'a'} {t.from_zone}"
            if t.from_zone
            else ""
        )
        chosen = ""
        if t.filter is not None and t.filter.chosen:
            chosen = " of the chosen " + ("color" if t.filter.chosen == "color" else "type")  # 607.2a
        return f"whenever {who} a {filter_text(t.filter) if t.filter else 'spell'}{chosen}{origin}"
    event = {
        "put_into_graveyard": "is put into a graveyard from the battlefield",
        "leaves": "leaves the battlefield",
    }.get(t.event, t.event)
    if t.self_only:
        return f"when this {event}"
    if t.host:
        return f"when the permanent it's attached to {event}"  # 603.10a
    what = filter_text(t.filter) if t.filter else "permanent"
    if what.startswith("other "):
        return f"whenever another {what[6:]} {event}"
    return f"whenever a {what} {event}"


def condition_text(c: Condition) -> str:
    """An intervening "if" clause (603.4)."""
    if c.kind in ("tapped", "untapped"):
        return f"{ref_text(c.ref) if c.ref else 'this'} is {c.kind}"
    if c.kind == "suspended":
        return "this card is suspended"  # 702.62b
    if c.kind == "greater_power_or_toughness":
        return "the triggering object has greater power or toughness than this"  # 702.100a
    if c.kind == "controlled_since_last_upkeep":
        return "this came under your control since the beginning of your last upkeep"  # 702.30a
    if c.kind in ("your_turn", "not_your_turn"):
        return "it's your turn" if c.kind == "your_turn" else "it's not your turn"
    if isinstance(c.amount, Count) and c.amount.what == "spells_last_turn" and c.op == "<=" and not c.value:
        return "no spells were cast last turn"
    if isinstance(c.amount, Count) and c.amount.what == "most_spells_last_turn" and c.op == ">=":
        return f"a player cast {c.value} or more spells last turn"
    op = "at least" if c.op == ">=" else "at most"
    return f"{amount_text(c.amount)} is {op} {c.value}"


def targets_text(targets: tuple[TargetSpec, ...]) -> str:
    if not targets:
        return ""
    return " — targets: " + "; ".join(f"#{i} {target_text(t)}" for i, t in enumerate(targets))


def target_text(t: TargetSpec) -> str:
    kinds: list[str] = []
    if t.players is not None:
        kinds.append({"any": "player", "opponent": "opponent", "you": "you"}[t.players])
    if t.objects is not None:
        kinds.append(filter_text(t.objects))
    count = ""
    if (t.min, t.max) != (1, 1):
        count = f" ×{t.min}..{t.max if t.max is not None else 'any'}"
    if t.per_opponent:
        count += " (one for each opponent, that player controls)"
    if t.distinct_from:
        count += " (not " + " or ".join(f"#{i}" for i in t.distinct_from) + ")"
    return " or ".join(kinds) + count


def compared_text(c: Compared) -> str:
    """ "with power 4 or greater" (202.3, 208.1)."""
    what = c.what.replace("_", " ")
    value = "X" if c.of_x else str(c.value)
    if c.op == "eq":
        return f"with {what} {value}"
    return f"with {what} {value} or {'greater' if c.op == 'ge' else 'less'}"


def filter_text(f: Filter) -> str:
    words: list[str] = []
    if f.other:
        words.append("other")
    words += [f"non{_COLOR_NAMES.get(c, c)}" for c in f.not_colors]
    words += [f"non{t}" for t in f.not_types]
    words += [f"non{t}" for t in f.not_supertypes + f.not_subtypes]
    words += [_COLOR_NAMES.get(c, c) for c in f.colors]
    words += list(f.supertypes)
    if f.subtypes:
        words.append(" or ".join(f.subtypes))
    if f.types:
        words.append(" or ".join(f.types))
    noun = {"stack": "spell", "battlefield": "permanent", "stack_or_battlefield": "spell or permanent"}.get(
        f.zone, "card"
    )
    if f.abilities:
        words.append(" or ".join(f.abilities))
        noun = "ability"
    if not f.types and not f.subtypes:
        words.append(noun)
    elif f.zone == "stack":
        words.append("spell")
    elif f.zone != "battlefield":
        words.append("card")
    text = " ".join(words)
    if f.mana_value:
        text += f" with {f.mana_value} mana value"
    if f.enchant:
        text += f" with enchant {f.enchant}"
    for c in f.compared:
        text += " " + compared_text(c)
    if f.keywords:
        text += " with " + " and ".join(f.keywords)
    if f.not_keywords:
        text += " without " + " or ".join(f.not_keywords)
    if f.combat_with_source:
        text += " blocking or blocked by this"
    if f.zone == "any":
        return ("object" if words == ["card"] else text) + " in any zone"
    if f.zone == "not_battlefield":
        text += " you own" if f.owner == "you" else ""
        return text + " that isn't on the battlefield"
    if f.controller:
        text += " you control" if f.controller == "you" else " an opponent controls"
    if f.zone not in ("battlefield", "stack", "stack_or_battlefield"):
        owner = {"you": "your ", "opponent": "an opponent's ", None: "a "}[f.owner]
        text += f" in {owner}{f.zone}"
    elif f.owner:
        text += " you own" if f.owner == "you" else " an opponent owns"
    return text


def ref_text(r: Ref) -> str:
    return {
        "target": f"target #{r.index}",
        "target_controller": f"controller of target #{r.index}",
        "target_owner": f"owner of target #{r.index}",
        "self": "this",
        "you": "you",
        "defending_player": "defending player",
        "enchanted": "enchanted permanent",
        "equipped": "equipped creature",
        "triggering": "the triggering object",
        "triggering_player": "that player",
        "each_player": "each player",
        "each_opponent": "each opponent",
        "triggering_controller": "the triggering object's controller",
        "triggering_owner": "the triggering object's owner",
        "affected": "those objects",
        "each_target": "that target",
    }[r.kind]


def selector_text(s: Selector) -> str:
    if isinstance(s, Ref):
        return ref_text(s)
    text = f"each {filter_text(s.filter)}"
    if s.player is not None:
        text += f" of {ref_text(s.player)}"
    return text


def amount_text(a: Quantity) -> str:
    if isinstance(a, Var):
        if a.name == "trigger_amount":
            return "that much"
        if a.name == "kicked":
            return "the number of times it was kicked"
        if a.name == "life":
            return f"the life total of {ref_text(a.ref) if a.ref else 'you'}"
        if a.name == "X":
            return "X"
        if a.name.endswith("_this_turn"):
            noun, verb = a.name.removesuffix("_this_turn").split("_")
            return f"the {noun} {ref_text(a.ref) if a.ref else 'you'} {verb} this turn"
        if a.name == "energy_paid":
            return "that much"  # 107.1c: the energy paid just before
        return f"the {a.name} of {ref_text(a.ref) if a.ref else 'it'}"
    if isinstance(a, CountersOn):
        kind = f"{a.kind} " if a.kind else ""
        return f"the number of {kind}counters on {ref_text(a.ref)}"
    if isinstance(a, Half):
        return f"half {amount_text(a.of)}, rounded {'up' if a.round_up else 'down'}"
    if isinstance(a, Times):
        of = f"({amount_text(a.of)})" if isinstance(a.of, Sum) else amount_text(a.of)
        if a.by == -1:
            return f"minus {of}"
        if a.of == 1:
            return amount_text(a.by)
        return f"{of} times {amount_text(a.by)}"
    if isinstance(a, Sum):
        return " plus ".join(amount_text(t) for t in a.terms)
    if isinstance(a, Count):
        plus = f" plus {a.plus}" if a.plus else ""
        if a.what == "died_this_way":
            return (
                f"the number of {filter_text(a.filter) if a.filter else 'objects'} that died this way{plus}"
            )
        if a.what == "greatest_power":
            of = f"{ref_text(a.ref)} controls" if a.ref else ""
            return f"the greatest power among {filter_text(a.filter) if a.filter else 'creatures'} {of}{plus}"
        if a.what == "attacked_with":
            return f"the number of creatures you attacked with this turn{plus}"
        if a.what == "mana_value":
            return f"the mana value of {ref_text(a.ref) if a.ref else 'it'}{plus}"
        if a.what == "total_mana_value":
            return f"the total mana value of {filter_text(a.filter) if a.filter else 'objects'}{plus}"
        if a.what == "exiled_this_turn":
            return f"the number of cards put into exile this turn{plus}"
        if a.what == "creatures_died_this_turn":
            return f"the number of creatures that died this turn{plus}"
        if a.what == "lands_entered_this_turn":
            return f"the number of lands that entered the battlefield under your control this turn{plus}"
        if a.what == "spells_last_turn":
            return f"the number of spells cast last turn{plus}"
        if a.what == "most_spells_last_turn":
            return f"the most spells a player cast last turn{plus}"
        if a.what in ("linked_power", "linked_toughness"):
            return f"the total {a.what.removeprefix('linked_')} of the cards it exiled as it entered{plus}"
        what = "the card types among" if a.what == "card_types" else "the number of"
        return f"{what} {filter_text(a.filter) if a.filter else 'objects'}{plus}"
    return str(a)


def modify_text(m: Modify) -> str:
    parts: list[str] = []
    if m.power or m.toughness:
        parts.append(f"gets {m.power:+d}/{m.toughness:+d}")
    if m.add_keywords:
        parts.append("gains " + ", ".join(m.add_keywords))
    if m.cant_attack:
        parts.append("can't attack")
    if m.cant_block:
        parts.append("can't block")
    if m.extra_blocks:
        more = "any number of creatures" if m.extra_blocks < 0 else f"{m.extra_blocks} more creature(s)"
        parts.append(f"can block {more}")
    parts += [change_text(c) for c in m.changes]
    if m.control:
        parts.append("is controlled by this permanent's controller")
    cond = f" as long as it is a {filter_text(m.only_if)}" if m.only_if is not None else ""
    if m.alt_paid:
        cond += f" as long as its {m.alt_paid} cost was paid"  # 702.109a
    if m.condition is not None:
        cond += f" as long as {condition_text(m.condition)}"  # 611.3a
    return f"{selector_text(m.affected)} " + (" and ".join(parts) or "is unchanged") + cond


def change_text(c: Change) -> str:
    """One layered change (613.1) in words."""
    if isinstance(c, ObjectRule):
        return str(c.kind)
    if isinstance(c, AttackUnlessDefenderControls):
        return f"can't attack unless defending player controls a {c.subtype}"
    if isinstance(c, SetBasePT):
        p = "*" if c.power is None else amount_text(c.power)
        t = "*" if c.toughness is None else amount_text(c.toughness)
        return f"has base power {p} and base toughness {t}"
    if isinstance(c, AddPT):
        return f"gets +({amount_text(c.power)})/+({amount_text(c.toughness)})"
    if isinstance(c, SwitchPT):
        return "has its power and toughness switched"
    if isinstance(c, AddTypes):
        chosen = ["the chosen type"] if c.chosen_subtype else []
        return "is also " + " ".join(list(c.supertypes) + list(c.subtypes) + chosen + list(c.types))
    if isinstance(c, SetTypes):
        return "is a " + " ".join(c.subtypes + c.types)
    if isinstance(c, SetLandTypes):
        return "has the land types " + " ".join(c.subtypes) + " only (305.7)"
    if isinstance(c, SetCreatureTypes):
        return (
            "has the creature type " + ("chosen" if c.chosen else " ".join(c.subtypes) or "(none)") + " only"
        )
    if isinstance(c, SetColors):
        if c.chosen or c.choose:
            return "is the chosen color"
        return "is " + (" and ".join(_COLOR_NAMES.get(x, x) for x in c.colors) or "colorless")
    if isinstance(c, AddColors):
        return "is also " + (
            "the chosen color" if c.chosen else " and ".join(_COLOR_NAMES.get(x, x) for x in c.colors)
        )
    if isinstance(c, LoseAbilities):
        return "loses all abilities" if c.everything else "loses " + ", ".join(c.keywords)
    if isinstance(c, GainAbility):
        return f"has {describe_ability(c.ability)!r}"
    return repr(c)  # pragma: no cover


def effects_text(effects: tuple[Effect, ...]) -> str:
    return "; ".join(effect_text(e) for e in effects) or "(nothing)"


#: One renderer per IR effect kind (a completeness test checks every kind has one).
RENDERERS: dict[type, Callable[[Any], str]] = {}

R = TypeVar("R", bound=Callable[[Any], str])


def renders(effect_type: type) -> Callable[[R], R]:
    def register(fn: R) -> R:
        RENDERERS[effect_type] = fn
        return fn

    return register


def effect_text(e: Effect) -> str:
    """An effect in words (the renderer registered for its kind)."""
    return RENDERERS[type(e)](e)


@renders(DealDamage)
def _deal_damage(e: DealDamage) -> str:
    div = {"evenly": " divided evenly", "chosen": " divided as you choose", None: ""}[e.divided]
    return f"deal {amount_text(e.amount)} damage{div} to {ref_text(e.to)}"


@renders(WinGame)
def _win_game(e: WinGame) -> str:
    return f"{ref_text(e.player)} win the game"


@renders(LoseGame)
def _lose_game(e: LoseGame) -> str:
    return f"{ref_text(e.player)} lose the game"


@renders(ExileUntilSourceLeaves)
def _exile_until(e: ExileUntilSourceLeaves) -> str:
    return f"exile {selector_text(e.what)} until this leaves the battlefield"


@renders(PreventDamageSharingColor)
def _prevent_sharing(e: PreventDamageSharingColor) -> str:
    who = ref_text(e.to)
    return f"prevent the next {amount_text(e.amount)} damage to {who} and each other {e.others} sharing a color with it this turn"


@renders(Mill)
def _mill(e: Mill) -> str:
    return f"{ref_text(e.player)} mill {amount_text(e.amount)}"


@renders(Manifest)
def _manifest(e: Manifest) -> str:
    return f"{ref_text(e.player)} manifest the top card of their library"


@renders(DamageEach)
def _damage_each(e: DamageEach) -> str:
    return f"deal {amount_text(e.amount)} damage to {selector_text(e.what)}"


@renders(GainLife)
def _gain_life(e: GainLife) -> str:
    return f"{ref_text(e.player)} gain {amount_text(e.amount)} life"


@renders(LoseLife)
def _lose_life(e: LoseLife) -> str:
    return f"{ref_text(e.player)} lose {amount_text(e.amount)} life"


def energy_text(a: Quantity) -> str:
    """107.14: "{E}{E}" for a number, "{E} for each ..." / "an amount of {E} equal to ..."."""
    if isinstance(a, int):
        return "{E}" * a
    if isinstance(a, Count) and a.what == "objects" and a.filter is not None:
        return "{E} for each " + filter_text(a.filter)
    return "an amount of {E} equal to " + amount_text(a)


@renders(GetEnergy)
def _get_energy(e: GetEnergy) -> str:
    return f"{ref_text(e.player)} get {energy_text(e.amount)}"


@renders(PayEnergy)
def _pay_energy(e: PayEnergy) -> str:
    if e.any_amount:
        return f"{ref_text(e.player)} may pay any amount of {{E}}"
    return f"{ref_text(e.player)} pay {energy_text(e.amount)}"


@renders(Draw)
def _draw(e: Draw) -> str:
    return f"{ref_text(e.player)} draw {amount_text(e.amount)}"


@renders(Discard)
def _discard(e: Discard) -> str:
    how = (
        f" chosen by you from {filter_text(e.filter) if e.filter else 'their hand'}"
        if e.chooser == "you"
        else ""
    )
    rev = " (hand revealed)" if e.reveal else ""
    return f"{ref_text(e.player)} discard {amount_text(e.amount)}{how}{rev}"


@renders(Sacrifice)
def _sacrifice(e: Sacrifice) -> str:
    if e.what is not None:
        return f"{ref_text(e.player)} sacrifice {ref_text(e.what)}"
    what = filter_text(e.filter) if e.filter else "permanent"
    return f"{ref_text(e.player)} sacrifice {amount_text(e.amount)} {what}"


@renders(Destroy)
def _destroy(e: Destroy) -> str:
    return f"destroy {selector_text(e.what)}" + (" (no regeneration)" if e.no_regenerate else "")


@renders(ExileIfLeaves)
def _exile_if_leaves(e: ExileIfLeaves) -> str:
    return f"if {selector_text(e.what)} would leave the battlefield, exile it instead of putting it anywhere else"


@renders(Exile)
def _exile(e: Exile) -> str:
    linked = " (linked: remembered as exiled with this, 607.2a)" if e.linked else ""
    return f"exile {selector_text(e.what)}{linked}"


@renders(PutLinkedExile)
def _put_linked_exile(e: PutLinkedExile) -> str:
    return f"put a {filter_text(e.filter)} exiled with this onto the battlefield under your control"


@renders(MustBlock)
def _must_block(e: MustBlock) -> str:
    return f"{ref_text(e.blocker)} blocks {ref_text(e.attacker)} this turn if able"


@renders(GainActivatedAbilities)
def _gain_activated(e: GainActivatedAbilities) -> str:
    return f"{ref_text(e.what)} gains all activated abilities of {ref_text(e.source)} until end of turn"


@renders(ReturnToHand)
def _return_to_hand(e: ReturnToHand) -> str:
    return f"return {selector_text(e.what)} to its owner's hand"


@renders(ReturnChosen)
def _return_chosen(e: ReturnChosen) -> str:
    """ "return a land you control to its owner's hand" (608.2d: chosen, not targeted)."""
    return (
        f"return {_count_word(e.amount) if e.amount > 1 else 'a'} {filter_text(e.filter)} to its owner's hand"
    )


@renders(CounterSpell)
def _counter_spell(e: CounterSpell) -> str:
    return f"counter {ref_text(e.what)}"


@renders(CopySpell)
def _copy_spell(e: CopySpell) -> str:
    times = "" if e.count == 1 else f" {amount_text(e.count)} times"
    if e.count == Var("trigger_amount"):
        times = " for each other spell cast before it this turn"
    color = (
        f", except that the copy is {' and '.join(_COLOR_NAMES.get(c, c) for c in e.colors)}"
        if e.colors
        else ""
    )
    new = "; you may choose new targets for the copy" if e.new_targets else ""
    return f"copy {ref_text(e.what)}{times}{color}{new}"


@renders(ApplyContinuous)
def _apply_continuous(e: ApplyContinuous) -> str:
    dur = {"end_of_turn": " until end of turn", "until_your_next_turn": " until your next turn"}
    return modify_text(e.mod) + dur.get(e.duration, "")


@renders(GainControl)
def _gain_control(e: GainControl) -> str:
    who = "" if e.player == Ref("you") else f"{ref_text(e.player)}: "
    dur = {
        "end_of_turn": " until end of turn",
        "permanent": "",
        "while_you_control_source": " for as long as you control this",
        "until_your_next_turn": " until your next turn",
    }[e.duration]
    return f"{who}gain control of {ref_text(e.what)}{dur}"


@renders(ExchangeControl)
def _exchange_control(e: ExchangeControl) -> str:
    return f"exchange control of {ref_text(e.what)}"


_TEXT_WORDS = {"color": "color word", "land_type": "basic land type", "creature_type": "creature type"}


@renders(ChangeText)
def _change_text(e: ChangeText) -> str:
    words = " or ".join(f"one {_TEXT_WORDS[k]} with another" for k in e.kinds)
    never = f" (the new word can't be {', '.join(e.forbidden)})" if e.forbidden else ""
    until = " until end of turn" if e.duration == "end_of_turn" else ""
    return f"change the text of {ref_text(e.what)}: replace {words}{never}{until}"


@renders(CreateReplacement)
def _create_replacement(e: CreateReplacement) -> str:
    until = "until your next turn" if e.duration == "until_your_next_turn" else "this turn"
    return f"{until}, {replacement_text(e.would, e.instead)}"


@renders(Regenerate)
def _regenerate(e: Regenerate) -> str:
    return f"regenerate {selector_text(e.what)}" + (
        " (and gain control of it if it regenerates this way)" if e.gain_control else ""
    )


@renders(ApplyRules)
def _apply_rules(e: ApplyRules) -> str:
    until = {
        "end_of_turn": " this turn",
        "end_of_your_next_turn": " until the end of your next turn",
        "until_your_next_turn": " until your next turn",
    }
    return rule_text(e.change) + until.get(e.duration, "")


@renders(ExileTop)
def _exile_top(e: ExileTop) -> str:
    return f"{ref_text(e.player)} exile the top {amount_text(e.amount)} card(s) of their library"


@renders(SkipNextStep)
def _skip_next_step(e: SkipNextStep) -> str:
    return f"{ref_text(e.player)} skip their next {e.step} step"


@renders(Tap)
def _tap(e: Tap) -> str:
    return f"tap {selector_text(e.what)}"


@renders(Untap)
def _untap(e: Untap) -> str:
    return f"untap {selector_text(e.what)}"


@renders(Transform)
def _transform(e: Transform) -> str:
    return f"transform {selector_text(e.what)}"


@renders(SkipNextUntap)
def _skip_next_untap(e: SkipNextUntap) -> str:
    return f"{selector_text(e.what)} skip their next untap"


@renders(CreateToken)
def _create_token(e: CreateToken) -> str:
    t = e.token
    colors = " ".join(_COLOR_NAMES[c] for c in t.colors) or "colorless"
    kws = f" with {', '.join(t.keywords)}" if t.keywords else ""
    if t.abilities:
        kws += " with " + "; ".join(f'"{describe_ability(g.ability)}"' for g in t.abilities)
    tapped = "tapped " if e.tapped else ""
    return f"create {amount_text(e.count)} {tapped}{t.power}/{t.toughness} {colors} {t.name} {' '.join(t.types)} token{kws}"


@renders(CreateEmblem)
def _create_emblem(e: CreateEmblem) -> str:
    quoted = " and ".join(f'"{describe_ability(g.ability)}"' for g in e.abilities)
    return f"{ref_text(e.player)} get(s) an emblem with {quoted}"


@renders(CreateCopyToken)
def _create_copy_token(e: CreateCopyToken) -> str:
    n = "a token" if e.count == 1 else f"{amount_text(e.count)} tokens"
    return f"create {n} that's a copy of {ref_text(e.what)}{copy_except_text(e.exceptions)}"


def copy_except_text(x: CopyExcept) -> str:
    """ ", except it's 7/7 and it has this ability" (707.9)."""
    parts = []
    if x.colors is not None:
        parts.append(f"it's {' '.join(_COLOR_NAMES[c] for c in x.colors) or 'colorless'}")
    if x.types or x.subtypes:
        parts.append(f"it's also {' '.join(x.subtypes + x.types)}")
    if x.power is not None:
        parts.append(f"it's {x.power}/{x.toughness}")
    if x.no_mana_cost:
        parts.append("it has no mana cost")
    if x.not_supertypes:
        parts.append(f"it isn't {' or '.join(x.not_supertypes)}")
    if x.keywords:
        parts.append(f"it has {', '.join(x.keywords)}")
    if x.keep_color:
        parts.append("it keeps its own color")
    if x.counters:
        parts.append(
            "it enters with "
            + " and ".join(f"{amount_text(n)} additional {k} counter(s)" for k, n in x.counters)
        )
    if x.this_ability:
        parts.append("it has this ability")
    parts.extend(f"it has [{describe_ability(g.ability)}]" for g in x.gains)
    return ", except " + " and ".join(parts) if parts else ""


@renders(BecomeCopy)
def _become_copy(e: BecomeCopy) -> str:
    return f"{ref_text(e.what)} becomes a copy of {ref_text(e.of)}{copy_except_text(e.exceptions)}"


@renders(AddMana)
def _add_mana(e: AddMana) -> str:
    each = f" for each {filter_text(e.times.filter)}" if e.times is not None and e.times.filter else ""
    if e.chosen_color:
        return f"add one mana of the chosen color{each}"
    return f"add {e.mana}{each}"


_COUNT_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _count_word(n: int) -> str:
    return _COUNT_WORDS[n] if 0 <= n < len(_COUNT_WORDS) else str(n)


@renders(AddOneOf)
def _add_one_of(e: AddOneOf) -> str:
    """ "add {R} or {G}", "add {W}, {U}, or {B}" (106.1)."""
    if len(e.options) == 2:
        return f"add {e.options[0]} or {e.options[1]}"
    return "add " + ", ".join(e.options[:-1]) + f", or {e.options[-1]}"


@renders(AddAnyColor)
def _add_any_color(e: AddAnyColor) -> str:
    """ "add one mana of any color" (106.1a), "... in your commander's color identity" (903.4)."""
    n = _count_word(e.count)
    if e.spread is ColorSpread.COMBINATION:
        text = f"add {n} mana in any combination of colors"
    elif e.count == 1:
        text = "add one mana of any color"
    else:
        text = f"add {n} mana of any one color"
    if e.colors is ColorRange.COMMANDER_IDENTITY:
        text += " in your commander's color identity"
    return text


@renders(AddCouldProduce)
def _add_could_produce(e: AddCouldProduce) -> str:
    """ "add one mana of any type that a land you control could produce" (106.7)."""
    kind = "type" if e.kinds is ManaKinds.TYPE else "color"
    return f"add one mana of any {kind} that a {filter_text(e.permanents)} could produce"


@renders(SearchLibrary)
def _search_library(e: SearchLibrary) -> str:
    tapped = " tapped" if e.tapped else ""
    reveal = ", reveal it" if e.reveal else ""
    return f"search library for {e.count} {filter_text(e.filter)}{reveal}, put onto {e.to}{tapped}, shuffle"


@renders(RemoveCounters)
def _remove_counters(e: RemoveCounters) -> str:
    return f"remove {amount_text(e.amount)} {e.kind} counter(s) from {selector_text(e.what)}"


@renders(Proliferate)
def _proliferate(e: Proliferate) -> str:
    return "proliferate"


@renders(Scry)
def _scry(e: Scry) -> str:
    return f"{'surveil' if e.surveil else 'scry'} {amount_text(e.amount)}"


@renders(PutCounters)
def _put_counters(e: PutCounters) -> str:
    return f"put {amount_text(e.amount)} {e.kind} counter(s) on {selector_text(e.what)}"


@renders(BecomeMonarch)
def _become_monarch(e: BecomeMonarch) -> str:
    return f"{ref_text(e.player)} become(s) the monarch (725)"


@renders(CastForMadness)
def _cast_for_madness(e: CastForMadness) -> str:
    return f"its owner may cast {ref_text(e.what)} for its madness cost; if not, into the graveyard (702.35a)"


@renders(Cascade)
def _cascade(e: Cascade) -> str:
    return (
        "exile cards from the top of your library until a nonland card with lesser mana value; you may"
        " cast it without paying its mana cost; the rest on the bottom in a random order (702.85a)"
    )


@renders(CastWithoutPaying)
def _cast_without_paying(e: CastWithoutPaying) -> str:
    haste = " (a creature spell cast this way gains haste, 702.62a)" if e.haste else ""
    return f"cast {ref_text(e.what)} without paying its mana cost{haste}"


@renders(PreventDamage)
def _prevent_damage(e: PreventDamage) -> str:
    return f"prevent the next {amount_text(e.amount)} damage to {ref_text(e.to)} this turn"


@renders(LookAtHand)
def _look_at_hand(e: LookAtHand) -> str:
    return f"look at {ref_text(e.player)}'s hand"


@renders(RevealTop)
def _reveal_top(e: RevealTop) -> str:
    if e.put_into == "battlefield" and e.filter is not None:
        may = "may " if e.may else ""
        tail = f"; if {filter_text(e.filter)}, {may}put it onto the battlefield{entering_text(e.enter)}"
        return f"{ref_text(e.player)} reveal the top card of their library{tail}"
    tail = f"; if {filter_text(e.filter)}, put it into {e.put_into}" if e.filter is not None else ""
    return f"{ref_text(e.player)} reveal the top card of their library{tail}"


def entering_text(e: Entering | None) -> str:
    """How a permanent put onto the battlefield enters (110.2a, 122.6, 611.2e)."""
    if e is None:
        return ""
    parts = [" tapped"] if e.tapped else []
    if e.transformed:
        parts.append(" transformed")
    if e.owner_control:
        parts.append(" under its owner's control")
    if e.counters:
        parts.append(" with " + " and ".join(f"{amount_text(n)} {kind} counter(s)" for kind, n in e.counters))
    if e.types or e.subtypes:
        parts.append(f" (it is also {' '.join(e.subtypes + e.types)} as it enters)")
    return "".join(parts)


@renders(PutOntoBattlefield)
def _put_onto_battlefield(e: PutOntoBattlefield) -> str:
    what = f"{e.choose} of {selector_text(e.what)} (chosen)" if e.choose else selector_text(e.what)
    return f"put {what} onto the battlefield{entering_text(e.enter)}"


@renders(Attach)
def _attach(e: Attach) -> str:
    return f"attach this to {ref_text(e.to)}"


@renders(CreateDelayed)
def _delayed(e: CreateDelayed) -> str:
    on = f" [on {ref_text(e.bind)}, fixed now]" if e.bind is not None else ""
    if e.watch is not None:
        turn = " this turn" if e.this_turn else ""
        turn += " or becomes untapped" if e.or_untapped else ""
        return f"when {ref_text(e.watch)} leaves the battlefield{turn}: ({effects_text(e.effects)}){on}"
    return f"{trigger_text(e.when).replace('at the beginning of each', 'at the beginning of the next')}: ({effects_text(e.effects)}){on}"


@renders(Reflexive)
def _reflexive(e: Reflexive) -> str:
    on = f" [on {ref_text(e.bind)}]" if e.bind is not None else ""
    return f"when you do: ({effects_text(e.effects)}){targets_text(e.targets)}{on}"


@renders(Unless)
def _unless(e: Unless) -> str:
    cost = " and ".join(([e.mana] if e.mana else []) + [COST_PART_RENDERERS[type(p)](p) for p in e.parts])
    return f"({effects_text(e.effects)}) unless {ref_text(e.payer)} pays {cost}"


@renders(May)
def _may(e: May) -> str:
    return f"you may ({effects_text(e.effects)})"


@renders(ForEachTarget)
def _for_each_target(e: ForEachTarget) -> str:
    return f"for each target #{e.slot}, one at a time in the order you choose: ({effects_text(e.effects)})"


@renders(Planeswalk)
def _planeswalk(e: Planeswalk) -> str:
    return "planeswalk (701.31)"


@renders(AnyPlayerMay)
def _any_player_may(e: AnyPlayerMay) -> str:
    options = " or ".join(
        f"sacrifice {o.amount} {filter_text(o.filter)}"
        if o.kind == "sacrifice" and o.filter
        else f"take {o.amount} damage from ~"
        for o in e.options
    )
    when = "if no one does" if e.if_none else "if a player does"
    return f"any player may {options}; {when}: ({effects_text(e.effects)})"


@renders(IfCondition)
def _if_condition(e: IfCondition) -> str:
    otherwise = f"; otherwise: ({effects_text(e.otherwise)})" if e.otherwise else ""
    return f"if {resolution_condition_text(e.condition)}, ({effects_text(e.effects)}){otherwise}"


def resolution_condition_text(c: Kicked | Declined | Did | Condition) -> str:
    if isinstance(c, Condition):
        return condition_text(c)
    if isinstance(c, Declined):
        return "you don't"
    if isinstance(c, Did):
        return "you do"
    return f"it was kicked with its {c.cost} kicker" if c.cost else "it was kicked"


@renders(AddManaProduced)
def _add_mana_produced(e: AddManaProduced) -> str:
    return f"that player adds {e.count} mana of any type that land produced"


@renders(RevealUntil)
def _reveal_until(e: RevealUntil) -> str:
    return (
        f"reveal cards from the top of your library until you reveal a {filter_text(e.filter)}; put it into "
        "your hand and the rest on the bottom in a random order"
    )


@renders(LookAndTake)
def _look_and_take(e: LookAndTake) -> str:
    return (
        f"look at the top {e.count} cards of your library; you may reveal a {filter_text(e.filter)} "
        "from among them and put it into your hand; the rest on the bottom in a random order"
    )


@renders(LookAndSplit)
def _look_and_split(e: LookAndSplit) -> str:
    places = {"hand": "into your hand", "graveyard": "into your graveyard", "exile": "into exile"}
    places["bottom"] = "on the bottom of your library"
    return (
        f"look at the top {e.count} cards of your library; put one of them {places[e.one]} "
        f"and the other {places[e.other]}"
    )


@renders(Fight)
def _fight(e: Fight) -> str:
    return f"{ref_text(e.a)} fights {ref_text(e.b)}"
