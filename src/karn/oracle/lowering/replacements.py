"""Replacement and prevention effects (614, 615) and the rules changes beside them.

* "If <something> would <event>, <result> instead." (614.1a) and "If a source would deal
  damage to ..., prevent N of that damage." (615.1a): a static ability
  (:class:`~karn.ir.Replacement`), or, said by a resolving spell or ability with a duration
  ("If that creature would die this turn, exile it instead."), a
  :class:`~karn.ir.CreateReplacement` effect (611.2a);
* "Prevent all combat damage that would be dealt this turn." (615.1a);
* "Damage can't be prevented [this turn]." (615.12), "Players can't gain life [this turn]."
  (119.7): :class:`~karn.ir.GameRules` / :class:`~karn.ir.ApplyRules`;
* "Skip your draw step." / "You skip your next untap step." (614.1b, 614.10);
* "If this card is in your opening hand, you may begin the game with it on the
  battlefield." (103.6a).

What an event is and what replaces it are checked against each other: an "exile it
instead" on a draw, or "twice that many +1/+1 counters" on a watch for any counter, is
refused rather than half-read.
"""

from __future__ import annotations

from dataclasses import replace as dataclass_replace
from typing import Literal

from karn.ir.nodes import (
    Ability,
    ApplyRules,
    BecomesDayAsEnters,
    CommanderPermission,
    CreateReplacement,
    Effect,
    Filter,
    GameRules,
    Instead,
    OpeningHand,
    Ref,
    Replacement,
    RuleChange,
    SkipNextStep,
    SkipStep,
    Would,
)
from karn.oracle.lowering.context import Ctx, amount
from karn.oracle.lowering.descriptions import describe
from karn.oracle.lowering.references import imperative, object_ref
from karn.oracle.lowering.registry import Clause, lowers, lowers_sentence
from karn.oracle.syntax import (
    NP,
    CantGainLifeVP,
    CommanderSentence,
    DayAsEntersSentence,
    Desc,
    HandSizeSentence,
    InsteadA,
    ModifyVP,
    OpeningHandSentence,
    OrLoseSentence,
    PreventAllVP,
    ReplacementSentence,
    SkipStepVP,
    UnpreventableSentence,
    WouldA,
)

Who = Literal["you", "opponent", "any"]

# Which results make sense for which events (614.1a).
_RESULTS: dict[str, tuple[str, ...]] = {
    "die": ("exile", "shuffle"),
    "to_graveyard": ("exile", "shuffle"),
    "destroyed": ("regenerate",),
    "draw": ("draw", "return_from_graveyard", "win"),
    "gain_life": ("scale", "draw"),
    "create_tokens": ("scale",),
    "put_counters": ("scale",),
    "damage": ("scale", "prevent", "redirect", "exile_from_graveyard"),
    "pay_life": ("exile_from_library",),
}


# ---------------------------------------------------------------------------- static abilities


def lower_replacement_ability(sentence: ReplacementSentence, text: str) -> Replacement:
    """A static ability's replacement or prevention effect (614.1a, 615.1a): it applies each
    time the event would happen, for as long as the ability exists."""
    ctx = Ctx()
    ctx.clause = sentence.text
    if sentence.would.this_turn:
        raise ctx.fail("a static ability with a duration")
    would = lower_would(sentence.would, ctx, static=True)
    instead = lower_instead(sentence.instead, would, ctx)
    if ctx.targets:
        raise ctx.fail("a replacement effect with targets")
    return Replacement(would, instead, text=text)


def lower_rules_ability(sentence: UnpreventableSentence, text: str) -> GameRules:
    """ "Damage can't be prevented." (615.12) as a static ability."""
    if sentence.this_turn:
        raise Ctx(clause=sentence.text).fail("a static ability with a duration")
    return GameRules((RuleChange("unpreventable"),), text=text)


def lower_cant_gain_life_ability(subject: NP | None, vp: CantGainLifeVP, text: str) -> GameRules:
    """ "Players can't gain life." (119.7) as a static ability."""
    ctx = Ctx(clause=vp.text)
    if vp.until_eot:
        raise ctx.fail("a static ability with a duration")
    return GameRules((RuleChange("no_life_gain", _players(subject, ctx)),), text=text)


def lower_skip_step_ability(subject: NP | None, vp: SkipStepVP, text: str) -> SkipStep:
    """ "Skip your draw step." (614.1b, 614.10): every one of the controller's turns."""
    ctx = Ctx(clause=vp.text)
    imperative(subject, ctx)
    if vp.next:
        raise ctx.fail("'skip your next ...' as a static ability")
    return SkipStep(_step(vp.step, ctx), text=text)


def lower_hand_size_ability(sentence: HandSizeSentence, text: str) -> GameRules:
    """ "You have no maximum hand size." / "Your maximum hand size is reduced by four." /
    "Each opponent's maximum hand size is reduced by one." (402.2, 613.11) as a static ability."""
    ctx = Ctx(clause=sentence.text)
    players: Who = (
        "you" if sentence.players == "you" else "opponent" if sentence.players == "opponent" else "any"
    )
    if sentence.change == "none":
        return GameRules((RuleChange("no_maximum_hand_size", players),), text=text)
    if not isinstance(sentence.amount, int):
        raise ctx.fail(f"a maximum hand size of '{sentence.amount}'")
    if sentence.change == "set":
        return GameRules((RuleChange("maximum_hand_size", players, sentence.amount),), text=text)
    sign = 1 if sentence.change == "increase" else -1
    return GameRules((RuleChange("maximum_hand_size_plus", players, sign * sentence.amount),), text=text)


def lower_player_keywords(subject: NP | None, vp: ModifyVP, text: str) -> GameRules | None:
    """ "You have hexproof." / "You have shroud." (613.10, 702.11d, 702.18): an effect on
    players, or None when the sentence is not one."""
    if subject is None or subject.kind != "you" or vp.until_eot:
        return None
    if vp.power or vp.toughness or vp.cant_attack or vp.cant_block or vp.set_colors or not vp.keywords:
        return None
    if not set(vp.keywords) <= {"hexproof", "shroud"}:
        raise Ctx(clause=vp.text).fail(f"a player with {', '.join(vp.keywords)}")
    changes = tuple(RuleChange("hexproof" if k == "hexproof" else "shroud", "you") for k in vp.keywords)
    return GameRules(changes, text=text)


def lower_opening_hand(sentence: OpeningHandSentence, text: str) -> OpeningHand:
    """103.6a: "If this card is in your opening hand, you may begin the game with it on the
    battlefield." """
    return OpeningHand(text=text)


def static_replacement_or_lose(first: object, second: object, text: str) -> Ability | None:
    """ "If you would draw a card, return a card from your graveyard to your hand instead. If
    you can't, you lose the game." / "If damage would be dealt to you, exile that many cards
    from your graveyard instead. If you can't, you lose the game." (614.1a, 104.3e), or None."""
    if not (isinstance(first, ReplacementSentence) and isinstance(second, OrLoseSentence)):
        return None
    found = lower_replacement_ability(first, text)
    if found.instead.kind not in ("return_from_graveyard", "exile_from_graveyard"):
        raise Ctx(clause=second.text).fail("'if you can't, you lose the game' after this replacement")
    return dataclass_replace(found, instead=dataclass_replace(found.instead, or_lose=True))


@lowers_sentence(OrLoseSentence)
def lower_or_lose_sentence(sentence: OrLoseSentence, ctx: Ctx, out: list[Effect]) -> None:
    raise ctx.fail("'if you can't, you lose the game' in a resolving spell or ability")


def static_replacement(sentence: object, text: str) -> Ability | None:
    """The ability a one-sentence static ability of these shapes is, or None."""
    if isinstance(sentence, ReplacementSentence):
        return lower_replacement_ability(sentence, text)
    if isinstance(sentence, UnpreventableSentence):
        return lower_rules_ability(sentence, text)
    if isinstance(sentence, DayAsEntersSentence):
        return BecomesDayAsEnters(text=text)  # 731.1
    if isinstance(sentence, OpeningHandSentence):
        return lower_opening_hand(sentence, text)
    if isinstance(sentence, CommanderSentence):
        return CommanderPermission(text=text)  # 903.3d: a deck-construction rule
    if isinstance(sentence, HandSizeSentence):
        return lower_hand_size_ability(sentence, text)
    return None


# ---------------------------------------------------------------------------- resolving spells and abilities


@lowers_sentence(ReplacementSentence)
def lower_replacement_sentence(sentence: ReplacementSentence, ctx: Ctx, out: list[Effect]) -> None:
    """ "If that creature would die this turn, exile it instead." said by a resolving spell or
    ability: a replacement effect lasting until end of turn (611.2a). Without a duration the
    effect would last the whole game, which the text never means for these."""
    if not sentence.would.this_turn:
        raise ctx.fail("a replacement effect of a resolving spell without 'this turn'")
    would = lower_would(sentence.would, ctx, static=False)
    instead = lower_instead(sentence.instead, would, ctx)
    out.append(CreateReplacement(would, instead, "end_of_turn"))


@lowers_sentence(DayAsEntersSentence)
def lower_day_as_enters_sentence(sentence: DayAsEntersSentence, ctx: Ctx, out: list[Effect]) -> None:
    raise ctx.fail("'it becomes day as ~ enters' in a resolving spell or ability")


@lowers_sentence(UnpreventableSentence)
def lower_unpreventable_sentence(sentence: UnpreventableSentence, ctx: Ctx, out: list[Effect]) -> None:
    """ "Damage can't be prevented this turn." (615.12, 611.2a)."""
    if not sentence.this_turn:
        raise ctx.fail("'damage can't be prevented' from a resolving spell without a duration")
    out.append(ApplyRules(RuleChange("unpreventable"), "end_of_turn"))


@lowers_sentence(HandSizeSentence)
def lower_hand_size_sentence(sentence: HandSizeSentence, ctx: Ctx, out: list[Effect]) -> None:
    raise ctx.fail("a maximum hand size change (402.2) from a resolving spell or ability")


@lowers_sentence(CommanderSentence)
def lower_commander_sentence(sentence: CommanderSentence, ctx: Ctx, out: list[Effect]) -> None:
    raise ctx.fail("'can be your commander' (903.3d) inside another ability")


@lowers_sentence(OpeningHandSentence)
def lower_opening_hand_sentence(sentence: OpeningHandSentence, ctx: Ctx, out: list[Effect]) -> None:
    raise ctx.fail("an opening-hand ability (103.6a) inside another ability")


@lowers(PreventAllVP)
def lower_prevent_all(vp: PreventAllVP, clause: Clause) -> list[Effect]:
    """ "Prevent all combat damage that would be dealt this turn." (615.1a): a prevention
    effect of a resolving spell, which modifies the rules (611.2c: it applies to damage from
    sources that weren't there when it began)."""
    ctx = clause.ctx
    imperative(clause.subject, ctx)
    if not vp.this_turn:
        raise ctx.fail("'prevent all damage' from a resolving spell without a duration")
    if vp.to_and_by:
        # "dealt to and dealt by that creature": two prevention effects (615.1a)
        to = dataclass_replace(vp, by=None, to_and_by=False)
        by = dataclass_replace(vp, to=None, to_and_by=False)
        return [
            CreateReplacement(prevent_all_would(to, ctx, static=False), Instead("prevent"), "end_of_turn"),
            CreateReplacement(prevent_all_would(by, ctx, static=False), Instead("prevent"), "end_of_turn"),
        ]
    return [CreateReplacement(prevent_all_would(vp, ctx, static=False), Instead("prevent"), "end_of_turn")]


def prevent_all_would(vp: PreventAllVP, ctx: Ctx, static: bool) -> Would:
    """What "Prevent all [combat] damage that would be dealt [to R] [by S]" watches (615.1a):
    the recipients and sources it names; a resolving effect's "target creature" is fixed as
    it begins (611.2c)."""
    ctx.clause = vp.text or ctx.clause
    flt: Filter | None = None
    player: Who | None = None
    self_only = False
    ref: Ref | None = None
    if vp.to is not None:
        if not static and vp.to.kind in ("target", "that", "it"):
            ref = object_ref(vp.to, ctx)
        else:
            flt, player, self_only = _recipient(vp.to, ctx, static)
    source: Filter | None = None
    source_self = False
    source_ref: Ref | None = None
    if vp.by is not None:
        if not static and vp.by.kind in ("target", "that", "it"):
            source_ref = object_ref(vp.by, ctx)
        else:
            source, source_self = _damage_source(vp.by, ctx, static)
    if ref is not None and source_ref is not None:
        raise ctx.fail("a prevention effect naming both its recipient and its source")
    if self_only and source_self:
        raise ctx.fail("damage ~ would deal to itself")
    return Would(
        "damage",
        self_only=self_only,
        ref=ref,
        filter=flt,
        player=player,
        source=source,
        source_self=source_self,
        combat=vp.combat,
        source_ref=source_ref,
    )


def lower_prevent_all_ability(subject: NP | None, vp: PreventAllVP, text: str) -> Replacement:
    """ "Prevent all damage that would be dealt to ~ [by artifact creatures]." as a static
    ability (615.1a)."""
    ctx = Ctx(clause=vp.text)
    imperative(subject, ctx)
    if vp.this_turn:
        raise ctx.fail("a static ability with a duration")
    if vp.to_and_by:
        raise ctx.fail("'dealt to and dealt by' as a static ability")
    if vp.to is None and vp.by is None:
        raise ctx.fail("'prevent all damage' of every source to everything as a static ability")
    return Replacement(prevent_all_would(vp, ctx, static=True), Instead("prevent"), text=text)


@lowers(CantGainLifeVP)
def lower_cant_gain_life(vp: CantGainLifeVP, clause: Clause) -> list[Effect]:
    """ "Players can't gain life this turn." (119.7, 611.2a)."""
    ctx = clause.ctx
    if not vp.until_eot:
        raise ctx.fail("'can't gain life' from a resolving spell without a duration")
    return [ApplyRules(RuleChange("no_life_gain", _players(clause.subject, ctx)), "end_of_turn")]


@lowers(SkipStepVP)
def lower_skip_step(vp: SkipStepVP, clause: Clause) -> list[Effect]:
    """ "You skip your next untap step." (614.1b, 614.10a)."""
    ctx = clause.ctx
    imperative(clause.subject, ctx)
    if not vp.next:
        raise ctx.fail("'skip your ... step' from a resolving spell without 'next'")
    return [SkipNextStep(_step(vp.step, ctx), Ref("you"))]


def _step(step: str, ctx: Ctx) -> Literal["untap", "upkeep", "draw"]:
    if step == "untap":
        return "untap"
    if step == "upkeep":
        return "upkeep"
    if step == "draw":
        return "draw"
    raise ctx.fail(f"skip the {step} step")


def _players(np: NP | None, ctx: Ctx) -> Who:
    """ "Players" / "you" / "your opponents" as the players a rules change applies to."""
    if np is None or np.kind == "you":
        return "you"
    if np.kind in ("bare", "all", "each") and np.desc is not None:
        d = describe(np.desc, ctx)
        if d.objects is None and d.players is not None:
            return d.players
    raise ctx.fail(f"the IR cannot name the players '{np.text}'")


players_of = _players  # the players a rules change applies to, for the other rules lowerings


# ---------------------------------------------------------------------------- "If ... would ..." (614.1a)


def lower_would(w: WouldA, ctx: Ctx, static: bool) -> Would:
    """What the effect watches. ``static``: the ability of a permanent (its "you" is its
    controller, "~" its source); otherwise an effect of a resolving spell or ability, whose
    objects are the ones it names ("that creature")."""
    ctx.clause = w.text or ctx.clause
    ev = w.event
    subject = w.subject
    if ev in ("die", "destroyed"):
        return _object_event("die" if ev == "die" else "destroyed", subject, ctx, static)
    if ev == "any_graveyard":
        return _to_graveyard(subject, None, ctx, static)
    if ev == "graveyard":
        return _to_graveyard(subject, "you" if w.whose == "your" else "opponent", ctx, static)
    if ev in ("draw", "gain_life"):
        return Would("draw" if ev == "draw" else "gain_life", player=_player_subject(subject, ctx))
    if ev == "pay_life_library":
        # "If you would pay life while your library has at least that many cards in it" (119.4)
        if _player_subject(subject, ctx) != "you":
            raise ctx.fail("another player paying life")
        return Would("pay_life", player="you", library_enough=True)
    if ev == "draw_empty":
        if _player_subject(subject, ctx) != "you":
            raise ctx.fail("another player's empty library")
        return Would("draw", player="you", empty_library=True)
    if ev == "create_tokens":
        _an_effect(subject, ctx)
        return Would("create_tokens", player="you")
    if ev == "tokens_created":
        return Would("create_tokens", player="you")
    if ev in ("put_counters", "counters_put"):
        if ev == "put_counters":
            _an_effect(subject, ctx)
        assert w.on is not None
        kind = w.counter.lower()
        if kind and kind not in ("+1/+1", "-1/-1"):
            raise ctx.fail(f"{w.counter} counters")
        return Would("put_counters", filter=_permanents(w.on, ctx), counter=kind)
    if ev == "deal_damage":
        source, source_self = _damage_source(subject, ctx, static)
        flt, player, self_only = _recipient(w.on, ctx, static)
        return Would(
            "damage",
            self_only=self_only,
            filter=flt,
            player=player,
            source=source,
            source_self=source_self,
            combat=w.combat,
        )
    if ev == "dealt_damage":
        if subject is None or subject.kind != "self" or not static:
            raise ctx.fail(f"the IR cannot watch damage dealt to '{subject.text if subject else ''}'")
        return Would("damage", self_only=True, combat=w.combat)
    if ev == "damage_dealt":
        flt, player, self_only = _recipient(w.on, ctx, static)
        return Would("damage", self_only=self_only, filter=flt, player=player)
    raise ctx.fail(f"the IR cannot watch '{w.text}'")


def _object_event(event: Literal["die", "destroyed"], subject: NP | None, ctx: Ctx, static: bool) -> Would:
    if subject is None:
        raise ctx.fail("no subject")
    if subject.kind == "self":
        if not static:
            raise ctx.fail("a spell's replacement effect on itself")
        return Would(event, self_only=True)
    if not static and subject.kind in ("that", "it"):
        return Would(event, ref=object_ref(subject, ctx))
    if subject.kind in ("a", "bare") and subject.desc is not None:
        d = describe(subject.desc, ctx)
        if d.objects is None or d.players is not None:
            raise ctx.fail(f"'{subject.text}' are not permanents")
        return Would(event, filter=d.objects)
    raise ctx.fail(f"the IR cannot watch '{subject.text}'")


def _card_heads(desc: Desc) -> tuple[bool, bool]:
    """(names cards, names tokens) of "a card or token", "a card", an "instant or sorcery card"."""
    words = [w.kind for g in desc.groups for w in g]
    return "card" in words, "token" in words


def _to_graveyard(subject: NP | None, owner: Who | None, ctx: Ctx, static: bool) -> Would:
    """ "~ / a card (or token) would be put into [a / your / an opponent's] graveyard from
    anywhere"."""
    if subject is None:
        raise ctx.fail("no subject")
    if subject.kind == "self":
        if not static or owner is not None:
            raise ctx.fail(f"the IR cannot watch '{subject.text}' going to that graveyard")
        return Would("to_graveyard", self_only=True)
    if subject.kind != "a" or subject.desc is None:
        raise ctx.fail(f"the IR cannot watch '{subject.text}' going to a graveyard")
    cards, tokens = _card_heads(subject.desc)
    if not cards:
        raise ctx.fail(f"'{subject.text}' going to a graveyard: the IR watches cards and tokens")
    if tokens:
        if len(subject.desc.groups) != 2 or subject.desc.adjs or subject.desc.quals:
            raise ctx.fail(f"the IR cannot describe '{subject.text}'")
        flt = None
    else:
        d = describe(subject.desc, ctx, default_zone="graveyard")
        if d.objects is None or d.players is not None:
            raise ctx.fail(f"'{subject.text}' are not cards")
        flt = d.objects if d.objects.types or d.objects.colors or d.objects.not_types else None
        if d.objects.controller or d.objects.owner or d.objects.subtypes or d.objects.supertypes:
            raise ctx.fail(f"the IR cannot describe '{subject.text}'")
    return Would("to_graveyard", filter=flt, player=owner, cards_only=not tokens)


def _player_subject(subject: NP | None, ctx: Ctx) -> Who:
    """ "you would draw", "a player would gain life", "an opponent would draw"."""
    if subject is None or subject.kind == "you":
        return "you"
    if subject.kind == "a" and subject.desc is not None:
        d = describe(subject.desc, ctx)
        if d.objects is None and d.players is not None:
            return d.players
    raise ctx.fail(f"the IR cannot watch what '{subject.text}' would do")


def _an_effect(subject: NP | None, ctx: Ctx) -> None:
    """614.16: "If an effect would create tokens / put counters"."""
    ok = (
        subject is not None
        and subject.kind == "a"
        and subject.desc is not None
        and [w.kind for g in subject.desc.groups for w in g] == ["effect"]
        and not subject.desc.adjs
        and not subject.desc.quals
    )
    if not ok:
        raise ctx.fail(f"the IR cannot watch what '{subject.text if subject else ''}' would do")


def _permanents(np: NP, ctx: Ctx) -> Filter:
    """ "a permanent you control", "a creature you control": the permanents getting counters."""
    if np.kind in ("a", "bare") and np.desc is not None:
        d = describe(np.desc, ctx)
        if d.objects is not None and d.players is None and d.objects.zone == "battlefield":
            return d.objects
    raise ctx.fail(f"the IR cannot watch counters put on '{np.text}'")


def _damage_source(subject: NP | None, ctx: Ctx, static: bool) -> tuple[Filter | None, bool]:
    """ "a source", "a source you control", "a creature you control", "~" (609.7)."""
    if subject is None:
        raise ctx.fail("no source of damage")
    if subject.kind == "self":
        if not static:
            raise ctx.fail("a spell watching its own damage")
        return None, True
    if subject.kind in ("a", "bare", "another") and subject.desc is not None:
        d = describe(subject.desc, ctx, other=subject.kind == "another")
        if d.objects is None or d.players is not None:
            raise ctx.fail(f"'{subject.text}' is not a source of damage")
        # "a source": any source, spells included (609.7), not only permanents.
        return (None if d.objects == Filter() else d.objects), False
    raise ctx.fail(f"the IR cannot watch damage from '{subject.text}'")


def _recipient(np: NP | None, ctx: Ctx, static: bool) -> tuple[Filter | None, Who | None, bool]:
    """(objects, players, the source itself) a damage watch is about: "to you", "to a
    permanent or player", "to a Cleric creature you control", "to ~"; nothing said: any."""
    if np is None:
        return None, None, False
    if np.kind == "you":
        return None, "you", False
    if np.kind == "self" and static:
        return None, None, True
    if np.kind == "a" and np.desc is not None:
        d = describe(np.desc, ctx)
        return d.objects, d.players, False
    raise ctx.fail(f"the IR cannot watch damage dealt to '{np.text}'")


# ---------------------------------------------------------------------------- "... instead" (614.1a, 615.1a)


def _back(np: NP | None, ctx: Ctx) -> None:
    """The result names the event's own object ("exile it", "that card", "~")."""
    if np is None or np.kind not in ("it", "that", "self", "those"):
        raise ctx.fail(f"'{np.text if np else ''}' is not the object of the event")


def lower_instead(r: InsteadA, would: Would, ctx: Ctx) -> Instead:
    ctx.clause = r.text or ctx.clause
    k = r.kind
    out: Instead
    if k == "exile":
        _back(r.obj, ctx)
        out = Instead("exile")
    elif k == "shuffle":
        _back(r.obj, ctx)
        if r.reveal is not None:
            _back(r.reveal, ctx)
        _owners_library(r.dest, ctx)
        out = Instead("shuffle")
    elif k == "twice_tokens":
        if r.subject is not None:
            _back(r.subject, ctx)
        out = Instead("scale", factor=2)
    elif k in ("twice_counters", "more_counters"):
        if r.counter and r.counter.lower() != would.counter:
            raise ctx.fail(f"{r.counter} counters instead of the counters watched")
        if r.subject is not None:
            _back(r.subject, ctx)
        _back(r.dest, ctx)
        plus = r.amount if isinstance(r.amount, int) else 0
        out = Instead("scale", factor=2) if k == "twice_counters" else Instead("scale", plus=plus)
    elif k == "prevent":
        n = amount(r.amount)
        if not isinstance(n, int):
            raise ctx.fail("prevent X of that damage")
        out = Instead("prevent", amount=n)
    elif k == "prevent_all":
        out = Instead("prevent")
    elif k == "damage_plus":
        # "it deals that much damage plus N [to that permanent or player] instead"
        _back(r.subject, ctx)
        if r.dest is not None:
            _back(r.dest, ctx)
        n = amount(r.amount)
        if not isinstance(n, int):
            raise ctx.fail("that much damage plus X")
        out = Instead("scale", factor=1, plus=n)
    elif k in ("double_damage", "triple_damage"):
        _back(r.subject, ctx)
        if r.dest is not None:
            _back(r.dest, ctx)
        out = Instead("scale", factor=2 if k == "double_damage" else 3)
    elif k in ("life_plus", "life_twice"):
        n = amount(r.amount) if k == "life_plus" else 0
        if not isinstance(n, int):
            raise ctx.fail("gain that much life plus X")
        out = Instead("scale", factor=1, plus=n) if k == "life_plus" else Instead("scale", factor=2)
    elif k == "draw_that_many":
        if would.event != "gain_life":
            raise ctx.fail("'draw that many cards' instead of something that isn't a number")
        out = Instead("draw")
    elif k == "draw":
        n = amount(r.amount)
        if not isinstance(n, int) or would.event != "draw":
            raise ctx.fail(f"'{r.text}' instead of '{would.event}'")
        out = Instead("draw", amount=n)
    elif k == "return":
        _card_from_your_graveyard_to_your_hand(r.obj, r.dest, ctx)
        out = Instead("return_from_graveyard")
    elif k == "exile_that_many":
        # "If damage would be dealt to you, exile that many cards from your graveyard instead."
        gy = r.dest
        if gy is None or gy.kind != "zone" or gy.zone != "graveyard" or gy.owner is None:
            raise ctx.fail("exile that many cards from something other than your graveyard")
        if gy.owner.kind != "you" or would.player != "you" or would.filter is not None:
            raise ctx.fail("the IR exiles cards from your graveyard only for damage dealt to you")
        out = Instead("exile_from_graveyard")
    elif k == "exile_top_that_many":
        # "exile that many cards from the top of your library instead" (of paying that much life)
        if would.event != "pay_life" or would.player != "you":
            raise ctx.fail(f"'{r.text}' instead of '{would.event}'")
        out = Instead("exile_from_library")
    elif k == "regenerate":
        _back(r.obj, ctx)
        out = Instead("regenerate")
    elif k == "win":
        if not would.empty_library:
            raise ctx.fail("'you win the game instead' of an event the IR doesn't tie to winning")
        out = Instead("win")
    elif k == "redirect":
        # 614.9: "... is dealt to ~ / enchanted creature instead"
        dest = object_ref(r.dest, ctx) if r.dest is not None else None
        if dest not in (Ref("self"), Ref("enchanted"), Ref("equipped")):
            raise ctx.fail(f"damage redirected to '{r.dest.text if r.dest else ''}'")
        out = Instead("redirect", to=dest)
    else:
        raise ctx.fail(f"the IR has no result '{r.text}'")
    if out.kind not in _RESULTS[would.event]:
        raise ctx.fail(f"'{r.text}' instead of '{would.event}'")
    if out.kind == "scale" and would.event == "put_counters" and not would.counter and r.counter:
        raise ctx.fail("counters of one kind instead of any counters")
    return out


def _owners_library(dest: NP | None, ctx: Ctx) -> None:
    """ "into its owner's library" / "into your library": a card always goes to its owner's
    library (400.3), and the watch is the card's own ("~", "it")."""
    if dest is None or dest.kind != "zone" or dest.zone != "library":
        raise ctx.fail("shuffle into something other than a library")
    owner = dest.owner
    if owner is None or owner.kind in ("its_owner", "you"):
        return
    raise ctx.fail(f"shuffle into {dest.text}")


def _card_from_your_graveyard_to_your_hand(obj: NP | None, dest: NP | None, ctx: Ctx) -> None:
    """ "return a card from your graveyard to your hand"."""
    ok_obj = (
        obj is not None
        and obj.kind == "a"
        and obj.desc is not None
        and [w.kind for g in obj.desc.groups for w in g] == ["card"]
        and not obj.desc.adjs
        and [(q.kind, q.value, q.player) for q in obj.desc.quals] == [("zone", "graveyard", None)]
    )
    ok_dest = (
        dest is not None
        and dest.kind == "zone"
        and dest.zone == "hand"
        and (dest.owner is not None and dest.owner.kind == "you")
    )
    if not (ok_obj and ok_dest):
        raise ctx.fail("the IR returns only a card from your graveyard to your hand instead")
