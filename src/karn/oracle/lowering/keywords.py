"""Keyword abilities (702): the Keyword marker node, and the abilities a keyword means.

A keyword of the table (:mod:`karn.ir.keywords`) is lowered by its class: a marker the engine
reads, and for a keyword with a ``meaning`` the ability that text means, compiled with the
ordinary grammar (702.108a prowess ...). Hand-written keywords (equip, embalm, cycling ...)
have their own lowering here or in :mod:`karn.oracle.lowering.kicker`."""

from __future__ import annotations

from collections.abc import Callable

from karn.ir.keywords import BY_NAME, Grammar, KeywordParameter, KeywordSpec
from karn.ir.nodes import (
    SPELL_COST_PARTS,
    Ability,
    Activated,
    Cascade,
    CastWithoutPaying,
    Condition,
    CopyExcept,
    Cost,
    CountersOn,
    CounterSpell,
    CreateCopyToken,
    CreateToken,
    Declined,
    Draw,
    Entering,
    EntersReplacement,
    Filter,
    IfCondition,
    Keyword,
    May,
    PutCounters,
    PutOntoBattlefield,
    Ref,
    RemoveCounters,
    Sacrifice,
    TokenDef,
    Trigger,
    Triggered,
    Unless,
)
from karn.oracle.lowering.abilities import lower_activated, lower_spell, lower_triggered
from karn.oracle.lowering.context import Ctx, LowerError
from karn.oracle.lowering.continuous import check_protection
from karn.oracle.lowering.costs import lower_cost
from karn.oracle.lowering.descriptions import describe
from karn.oracle.lowering.registry import lowers_keyword
from karn.oracle.lowering.statics import lower_static
from karn.oracle.parser import parse
from karn.oracle.syntax import (
    ActivatedA,
    CyclingA,
    DevourA,
    Effects,
    EmbalmA,
    EnchantA,
    EquipA,
    ManaKeywordA,
    NumberKeywordA,
    ProtectionA,
    StaticKeywordA,
    SuspendA,
    TriggeredA,
    WardA,
)
from karn.oracle.vocab import NUMBER_WORDS

# 702.6a: equip [cost] means this activated ability.
EQUIP_TEXT = "{cost}: Attach ~ to target creature you control. Activate only as a sorcery."


def _meaning(spec: KeywordSpec, text: str, n: int | None = None) -> list[Ability]:
    """The abilities a keyword stands for (702.1): its table text, one ability per line,
    compiled with the ordinary grammar: a triggered ability (603) or a static one (604), with
    ``{n}`` its number and ``{n_word}`` that number in words."""
    if not spec.meaning:
        return []
    words = spec.meaning
    if n is not None:
        words = words.replace("{n_word}", _NUMBER_NAMES.get(n, str(n))).replace("{n}", str(n))
    out: list[Ability] = []
    for line in words.split("\n"):
        if line.lower().startswith(("when", "at ")):
            ast = parse(line, "triggered")
            assert isinstance(ast, TriggeredA)
            out.append(lower_triggered(ast, text))
        else:
            static = parse(line, "effects")
            assert isinstance(static, Effects)
            out.append(lower_static(static, text))
    return out


_NUMBER_NAMES = {v: k for k, v in NUMBER_WORDS.items() if isinstance(v, int)}


_SELF = Ref("self")
_UPKEEP = Trigger("step", player="you", step="upkeep")
_DIES = Trigger("put_into_graveyard", self_only=True)


def _returns_with(kind: str, text: str) -> list[Ability]:
    """Persist (702.79a) and undying (702.93a): "When this permanent is put into a graveyard from
    the battlefield, if it had no [kind] counters on it, return it to the battlefield under its
    owner's control with a [kind] counter on it." (603.4: the "if" looks at it as it last
    existed, 603.10a)."""
    had_none = Condition("compare", amount=CountersOn(kind, _SELF), op="<=", value=0)
    back = PutOntoBattlefield(_SELF, Entering(counters=((kind, 1),), owner_control=True))
    return [Triggered(_DIES, (back,), text=text, condition=had_none)]


def _vanishing(n: int, text: str) -> list[Ability]:
    """702.63a: "This permanent enters with N time counters on it." "At the beginning of your
    upkeep, if this permanent has a time counter on it, remove a time counter from it." "When the
    last time counter is removed from this permanent, sacrifice it." """
    has_one = Condition("compare", amount=CountersOn("time", _SELF), op=">=", value=1)
    last = Trigger("last_counter_removed", self_only=True, counter="time")
    return [
        EntersReplacement(self_only=True, counters=(("time", n),), text=text),
        Triggered(_UPKEEP, (RemoveCounters("time", 1, _SELF),), text=text, condition=has_one),
        Triggered(last, (Sacrifice(what=_SELF),), text=text),
    ]


def _fading(n: int, text: str) -> list[Ability]:
    """702.32a: "This permanent enters with N fade counters on it." "At the beginning of your
    upkeep, remove a fade counter from this permanent. If you can't, sacrifice the permanent." """
    return [
        EntersReplacement(self_only=True, counters=(("fade", n),), text=text),
        Triggered(
            _UPKEEP,
            (RemoveCounters("fade", 1, _SELF), IfCondition(Declined(), (Sacrifice(what=_SELF),))),
            text=text,
        ),
    ]


#: 702.123a: the token fabricate creates, a 1/1 colorless Servo artifact creature
_SERVO = TokenDef("Servo", 1, 1, (), ("artifact", "creature"), ("servo",))


def _fabricate(n: int, text: str) -> list[Ability]:
    """702.123a: "When this permanent enters, you may put N +1/+1 counters on it. If you don't,
    create N 1/1 colorless Servo artifact creature tokens." """
    effects = (May((PutCounters("+1/+1", n, _SELF),)), IfCondition(Declined(), (CreateToken(_SERVO, n),)))
    return [Triggered(Trigger("enters", self_only=True), effects, text=text)]


def _evolve(text: str) -> list[Ability]:
    """702.100a: "Whenever a creature you control enters, if that creature's power is greater
    than this creature's power and/or that creature's toughness is greater than this creature's
    toughness, put a +1/+1 counter on this creature." (603.4, 702.100b)."""
    yours = Filter(types=("creature",), controller="you")
    greater = Condition("greater_power_or_toughness")
    return [
        Triggered(
            Trigger("enters", filter=yours), (PutCounters("+1/+1", 1, _SELF),), text=text, condition=greater
        )
    ]


def _bloodthirst(n: int, text: str) -> list[Ability]:
    """702.54a: "If an opponent was dealt damage this turn, this permanent enters with N +1/+1
    counters on it." (a replacement effect, 614.1c)."""
    return [
        EntersReplacement(
            self_only=True, counters=(("+1/+1", n),), counters_if_opponent_damaged=True, text=text
        )
    ]


def _cascade(n: int, text: str) -> list[Ability]:
    """702.85a: "Cascade" means "When you cast this spell, exile cards from the top of your
    library until you exile a nonland card whose mana value is less than this spell's mana value.
    You may cast that card without paying its mana cost if the resulting spell's mana value is
    less than this spell's mana value. Then put all cards exiled this way that weren't cast on the
    bottom of your library in a random order." (each instance triggers, 702.85c)."""
    return [
        Triggered(Trigger("cast_self"), (Cascade(),), text="When you cast this spell, cascade (702.85a).")
    ]


#: Keywords whose abilities are built here as IR (the ordinary grammar doesn't say them): by
#: name, from the keyword's number (0 without one) and its text.
BUILT: dict[str, Callable[[int, str], list[Ability]]] = {
    "persist": lambda n, text: _returns_with("-1/-1", text),
    "undying": lambda n, text: _returns_with("+1/+1", text),
    "vanishing": _vanishing,
    "fading": _fading,
    "fabricate": _fabricate,
    "evolve": lambda n, text: _evolve(text),
    "bloodthirst": _bloodthirst,
    "cascade": _cascade,
}


def _table_entry(name: str, text: str) -> KeywordSpec:
    found = BY_NAME.get(name)
    if found is None or found.grammar is not Grammar.GENERATED:
        raise LowerError("keyword not supported", text)
    return found


@lowers_keyword(StaticKeywordA)
def lower_static_keyword(kw: StaticKeywordA, text: str) -> list[Ability]:
    """A keyword of the table without a parameter: the marker the engine reads (flying 702.9,
    haste 702.10 ...) and the abilities it means (prowess 702.108a ...)."""
    spec = _table_entry(kw.name, text)
    built = BUILT.get(kw.name)
    if built is not None:
        return [Keyword(kw.name, text=text), *built(0, text)]
    return [Keyword(kw.name, text=text), *_meaning(spec, text)]


@lowers_keyword(NumberKeywordA)
def lower_number_keyword(kw: NumberKeywordA, text: str) -> list[Ability]:
    """A keyword of the table with a number ("bushido 2"): the marker ``"bushido 2"`` and the
    abilities it means with that number."""
    spec = _table_entry(kw.name, text)
    if spec.parameter is not KeywordParameter.NUMBER:
        raise LowerError("keyword not supported", text)
    built = BUILT.get(kw.name)
    if built is not None:
        return [Keyword(f"{kw.name} {kw.n}", text=text), *built(kw.n, text)]
    return [Keyword(f"{kw.name} {kw.n}", text=text), *_meaning(spec, text, kw.n)]


@lowers_keyword(ManaKeywordA)
def lower_mana_keyword(kw: ManaKeywordA, text: str) -> list[Ability]:
    """A keyword of the table with a mana cost ("ward {2}"): the marker ``"ward {2}"`` the
    engine reads."""
    spec = _table_entry(kw.name, text)
    if spec.parameter is not KeywordParameter.MANA or "{x}" in kw.mana.lower():
        raise LowerError("keyword not supported", text)
    return [Keyword(f"{kw.name} {kw.mana.upper()}", text=text), *_meaning(spec, text)]


@lowers_keyword(ProtectionA)
def lower_protection(kw: ProtectionA, text: str) -> list[Ability]:
    """ "Protection from red", "Protection from black and from red" (702.16a, 702.16g: one
    ability per quality): markers the engine reads (:mod:`karn.engine.protection`)."""
    check_protection(kw.names, Ctx(clause=text), "keyword")
    return [Keyword(name, text=text) for name in kw.names]


@lowers_keyword(EnchantA)
def lower_enchant(kw: EnchantA, text: str) -> list[Ability]:
    """ "Enchant creature" (702.5a): what the Aura can be attached to."""
    ctx = Ctx(clause=text)
    d = describe(kw.desc, ctx)
    if d.objects is None or d.players is not None:
        raise ctx.fail("enchant player")
    return [Keyword("enchant", d.objects, text=text)]


@lowers_keyword(EquipA)
def lower_equip(kw: EquipA, text: str) -> list[Ability]:
    """ "Equip [cost]" means "[Cost]: Attach this permanent to target creature you
    control. Activate only as a sorcery." (702.6a)."""
    ast = parse(EQUIP_TEXT.format(cost=kw.mana), "activated")
    assert isinstance(ast, ActivatedA)
    act = lower_activated(ast, text)
    equip = Activated(act.cost, act.effects, act.targets, False, True, True, text)
    return [Keyword("equip", text=text), equip]


@lowers_keyword(EmbalmA)
def lower_embalm(kw: EmbalmA, text: str) -> list[Ability]:
    """ "Embalm [cost]" means "[Cost], Exile this card from your graveyard: Create a token
    that's a copy of it, except it's white, it has no mana cost, and it's a Zombie in addition
    to its other types. Activate only as a sorcery." (702.128a). "Eternalize [cost]" is the
    same with a 4/4 black Zombie (702.129a). Both function only from the graveyard (113.6)."""
    if "{X}" in kw.mana_cost:
        raise LowerError(f"{kw.name} cost with X (107.3)", text)
    color = "B" if kw.eternalize else "W"
    size = 4 if kw.eternalize else None
    copy = CreateCopyToken(
        Ref("self"),
        exceptions=CopyExcept(
            colors=(color,), subtypes=("zombie",), no_mana_cost=True, power=size, toughness=size
        ),
    )
    ability = Activated(
        Cost(mana=kw.mana_cost, exile_self=True),
        (copy,),
        sorcery_speed=True,
        text=text,
        zone="graveyard",
    )
    return [Keyword(kw.name, text=text), ability]


# 702.29e: what "[type]cycling [cost]" does after its cost is paid.
TYPECYCLING_TEXT = "Search your library for a {type} card, reveal it, put it into your hand, then shuffle."


@lowers_keyword(CyclingA)
def lower_cycling(kw: CyclingA, text: str) -> list[Ability]:
    """ "Cycling [cost]" means "[Cost], Discard this card: Draw a card." (702.29a); "[Type]cycling
    [cost]" means "[Cost], Discard this card: Search your library for a [type] card, reveal it,
    put it into your hand, then shuffle." (702.29e). Both function only while the card is in a
    hand (702.29a, 113.6b); the discard is part of the cost (602.2b, 701.9)."""
    if "{X}" in kw.mana_cost:
        raise LowerError("cycling cost with X (107.3)", text)
    if kw.types:
        ast = parse(TYPECYCLING_TEXT.format(type=" ".join(kw.types)), "effects")
        assert isinstance(ast, Effects)
        effects = lower_spell(ast, text).effects
    else:
        effects = (Draw(1),)
    ability = Activated(
        Cost(mana=kw.mana_cost, discard_self=True), effects, text=text, zone="hand", cycling=True
    )
    return [Keyword(" ".join(kw.types) + "cycling", text=text), ability]


@lowers_keyword(DevourA)
def lower_devour(kw: DevourA, text: str) -> list[Ability]:
    """ "Devour N" means "As this object enters, you may sacrifice any number of creatures.
    This permanent enters with N +1/+1 counters on it for each creature sacrificed this way."
    (702.82a); "Devour [quality] N" sacrifices [quality] permanents instead (702.82c). A
    replacement effect of the permanent itself (614.1c)."""
    quality: Filter | None = None
    if kw.kind == "type":
        quality = Filter(types=(kw.quality,))
    elif kw.kind == "subtype":
        quality = Filter(subtypes=(kw.quality,))
    return [EntersReplacement(self_only=True, devour=kw.n, devour_of=quality, text=text)]


@lowers_keyword(WardA)
def lower_ward(kw: WardA, text: str) -> list[Ability]:
    """ "Ward [cost]" means "Whenever this permanent becomes the target of a spell or ability an
    opponent controls, counter that spell or ability unless that player pays [cost]."
    (702.21a): mana, life, discarding, sacrificing ... paid by the targeting spell's or
    ability's controller (118.12) as the ability resolves."""
    ctx = Ctx(clause=text)
    cost = lower_cost(kw.costs, None, ctx)
    if cost.tap or cost.exile_self or cost.discard_self or cost.loyalty is not None:
        raise LowerError("a ward cost acting on the permanent itself", text)
    if not all(isinstance(p, SPELL_COST_PARTS) for p in cost.parts):
        raise LowerError("a ward cost part the engine can't ask of another player", text)
    mana = (cost.mana or "").upper()
    if "{X}" in mana:
        raise LowerError("ward cost with X (702.21b)", text)
    words = ", ".join(c.text for c in kw.costs)
    ward = Triggered(
        Trigger("becomes_target", self_only=True, player="opponent"),
        (Unless((CounterSpell(Ref("triggering")),), Ref("triggering_player"), mana, cost.parts),),
        text="Whenever ~ becomes the target of a spell or ability an opponent controls, counter that"
        f" spell or ability unless that player pays {words} (ward).",
    )
    marker = f"ward {mana}" if mana and not cost.parts else "ward"
    return [Keyword(marker, text=text), ward]


#: 702.62a: suspend's triggered abilities, which function in exile
SUSPEND_UPKEEP = "At the beginning of your upkeep, if this card is suspended, remove a time counter from it."
SUSPEND_CAST = (
    "When the last time counter is removed from this card, if it's exiled, you may play it without"
    " paying its mana cost if able. If you don't, it remains exiled. If you cast a creature spell"
    " this way, it gains haste until you lose control of the spell or the permanent it becomes."
)


@lowers_keyword(SuspendA)
def lower_suspend(kw: SuspendA, text: str) -> list[Ability]:
    """ "Suspend N—[cost]" (702.62a) means three abilities: a special action from the hand (pay
    [cost], exile it with N time counters, 116.2f; any time the card could begin to be cast), "At
    the beginning of your upkeep, if this card is suspended, remove a time counter from it," and
    "When the last time counter is removed from this card, if it's exiled, you may play it
    without paying its mana cost if able ... a creature spell cast this way gains haste"; both
    function in exile (113.6)."""
    mana = kw.mana.upper()
    if "{X}" in mana:
        raise LowerError("suspend cost with X (107.3)", text)
    special = Activated(Cost(mana=mana), (), text=text, zone="hand", suspend=kw.n)
    upkeep = Triggered(
        Trigger("step", player="you", step="upkeep"),
        (RemoveCounters("time", 1, Ref("self")),),
        text=SUSPEND_UPKEEP,
        condition=Condition("suspended"),
        zone="exile",
    )
    last = Triggered(
        Trigger("last_counter_removed", self_only=True, counter="time"),
        (May((CastWithoutPaying(Ref("self"), haste=True),)),),
        text=SUSPEND_CAST,
        zone="exile",
    )
    return [Keyword("suspend", text=text), special, upkeep, last]
