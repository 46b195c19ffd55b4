"""Permissions and prohibitions on playing cards (601.3, 305.2, 401.5, 614.17d).

* "Players can't play lands." / "Other players can't play lands or cast spells from their
  graveyards this turn.": a :class:`~karn.ir.RuleChange` prohibiting plays (601.3);
* "Lands can't enter the battlefield." (614.17d);
* "You may play lands from the top of your library.", "You may cast creature spells from the
  top of your library." (601.3e), "You may play lands and cast spells from other players'
  graveyards this turn as though those cards were in your graveyard." (609.4a): permissions;
* "Play with the top card of your library revealed." / "You may look at the top card of your
  library any time." (401.5): who may see the top card of a library.

As a static ability each is a :class:`~karn.ir.GameRules`; said by a resolving spell with
"this turn", an :class:`~karn.ir.ApplyRules` until end of turn (611.2a).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from karn.ir.nodes import (
    ApplyRules,
    DamageEach,
    DealDamage,
    Draw,
    Effect,
    ExileTop,
    Filter,
    ForEachTarget,
    GainLife,
    GameRules,
    LoseLife,
    Ref,
    RevealUntil,
    RuleChange,
)
from karn.oracle.lowering.context import Ctx, amount
from karn.oracle.lowering.descriptions import describe
from karn.oracle.lowering.references import players_ref
from karn.oracle.lowering.registry import Clause, lowers, lowers_sentence
from karn.oracle.lowering.replacements import Who, players_of
from karn.oracle.syntax import (
    NP,
    CantEnterVP,
    CantPlayVP,
    Desc,
    ExileTopVP,
    LookAnyTimeVP,
    PlayFromVP,
    PlayThoseVP,
    RevealTopSentence,
    RevealUntilSentence,
)

PermissionVP = CantPlayVP | CantEnterVP | PlayFromVP | LookAnyTimeVP


def _spells(desc: Desc | None, ctx: Ctx) -> Filter | None:
    """The spells a permission lets a player cast ("creature spells", "instant and sorcery
    spells", "spells")."""
    if desc is None:
        return None
    d = describe(desc, ctx, default_zone="stack")
    if d.objects is None or d.players is not None or d.objects.zone != "stack":
        raise ctx.fail(f"'{desc.text}' are not spells")
    f = d.objects
    if f.controller or f.owner or f.other or f.chosen:
        raise ctx.fail(f"the IR cannot describe '{desc.text}' here")
    return f


def _lands_subject(subject: NP | None, ctx: Ctx) -> None:
    """ "Lands can't enter the battlefield.": every land (614.17d)."""
    if subject is None or subject.kind != "bare" or subject.desc is None:
        raise ctx.fail("'can't enter the battlefield' of something other than a group of permanents")
    d = describe(subject.desc, ctx)
    f = d.objects
    if f is None or d.players is not None or f != Filter(types=("land",)):
        raise ctx.fail(f"the IR cannot name the permanents '{subject.text}' that can't enter")


def _players(subject: NP | None, ctx: Ctx) -> Who:
    """ "Players", "you", "your opponents"; "other players": every player but the ability's
    controller, its opponents in a game without teams (102.3)."""
    if subject is not None and subject.kind == "bare" and subject.desc is not None:
        d = subject.desc
        words = [(w.kind, w.value) for w in d.adjs]
        if words == [("other", "other")] and [[w.kind for w in g] for g in d.groups] == [["player"]]:
            if not d.quals:
                return "opponent"
    return players_of(subject, ctx)


def rule_change(subject: NP | None, vp: PermissionVP, ctx: Ctx) -> tuple[RuleChange, bool]:
    """The rules change a clause says, and whether it lasts "this turn"."""
    ctx.clause = vp.text or ctx.clause
    if isinstance(vp, CantEnterVP):
        _lands_subject(subject, ctx)
        return RuleChange("lands_cant_enter"), False
    who = _players(subject, ctx)
    if isinstance(vp, CantPlayVP):
        prohibition = RuleChange("no_graveyard_play" if vp.from_graveyard else "no_land_play", who)
        return prohibition, vp.until_eot
    if isinstance(vp, LookAnyTimeVP):
        return RuleChange("look_library_top", who), False
    spells = _spells(vp.spells, ctx)
    if vp.zone == "other_graveyards":
        return RuleChange("play_from_graveyards", who, lands=vp.lands, spells=spells), vp.until_eot
    return RuleChange("play_from_library_top", who, lands=vp.lands, spells=spells), vp.until_eot


def static_permission(subject: NP | None, vp: PermissionVP, text: str) -> GameRules:
    """A static ability permitting or prohibiting plays (601.3), or "Lands can't enter the
    battlefield." (614.17d)."""
    ctx = Ctx(clause=vp.text)
    change, this_turn = rule_change(subject, vp, ctx)
    if this_turn:
        raise ctx.fail("a static ability with a duration")
    return GameRules((change,), text=text)


def reveal_top_ability(text: str) -> GameRules:
    """ "Play with the top card of your library revealed." (401.5): a static ability."""
    return GameRules((RuleChange("reveal_library_top", "you"),), text=text)


def _resolving(vp: PermissionVP, clause: Clause) -> list[Effect]:
    """Said by a resolving spell: it lasts "this turn" (611.2a), or it isn't supported."""
    ctx = clause.ctx
    change, this_turn = rule_change(clause.subject, vp, ctx)
    if not this_turn:
        raise ctx.fail(f"'{vp.text}' from a resolving spell without 'this turn'")
    return [ApplyRules(change, "end_of_turn")]


@lowers(CantPlayVP)
def lower_cant_play(vp: CantPlayVP, clause: Clause) -> list[Effect]:
    """ "Other players can't play lands or cast spells from their graveyards this turn." """
    return _resolving(vp, clause)


@lowers(PlayFromVP)
def lower_play_from(vp: PlayFromVP, clause: Clause) -> list[Effect]:
    """ "You may play lands and cast spells from other players' graveyards this turn as though
    those cards were in your graveyard." (609.4a)"""
    return _resolving(vp, clause)


@lowers(CantEnterVP)
def lower_cant_enter(vp: CantEnterVP, clause: Clause) -> list[Effect]:
    """Only a static ability says that lands can't enter the battlefield here."""
    return _resolving(vp, clause)


@lowers(LookAnyTimeVP)
def lower_look_top(vp: LookAnyTimeVP, clause: Clause) -> list[Effect]:
    """Only a static ability lets a player look at the top card of their library any time."""
    return _resolving(vp, clause)


@lowers_sentence(RevealUntilSentence)
def lower_reveal_until(sentence: RevealUntilSentence, ctx: Ctx, out: list[Effect]) -> None:
    """701.20a: reveal cards from the top of your library until one the description names; it goes
    to your hand, the rest to the bottom in a random order."""
    d = describe(sentence.desc, ctx)
    if d.objects is None or d.players is not None or d.controller_np is not None:
        raise ctx.fail(f"revealing until a '{sentence.desc.text}'")
    out.append(RevealUntil(replace(d.objects, zone="library")))


@lowers_sentence(RevealTopSentence)
def lower_reveal_top_sentence(sentence: RevealTopSentence, ctx: Ctx, out: list[Effect]) -> None:
    raise ctx.fail("'play with the top card of your library revealed' in a resolving spell or ability")


# ---------------------------------------------------------------------------- impulse draw


@lowers(ExileTopVP)
def lower_exile_top(vp: ExileTopVP, clause: Clause) -> list[Effect]:
    """ "Exile the top card of your library." / "Exile the top two cards of your library."
    (406.1): the cards exiled are what "it" / "them" mean next."""
    ctx = clause.ctx
    whose = vp.whose
    if clause.subject is not None and clause.subject.kind != "you":
        # "Target player exiles the top X cards of their library" (406.1): that player's own
        player = players_ref(clause.subject, ctx)
        if whose.kind != "zone" or whose.zone != "library" or whose.owner is None or whose.owner.kind != "it":
            raise ctx.fail(f"'{clause.subject.text}' exiling cards from '{whose.text}'")
    else:
        player = Ref("you")
        if (
            whose.kind != "zone"
            or whose.zone != "library"
            or whose.owner is None
            or whose.owner.kind != "you"
        ):
            raise ctx.fail(f"exiling cards from '{whose.text}'")
    ctx.exiled = Ref("affected")
    return [ExileTop(amount(vp.amount), player)]


@lowers(PlayThoseVP)
def lower_play_those(vp: PlayThoseVP, clause: Clause) -> list[Effect]:
    """ "You may play it this turn." / "Until the end of your next turn, you may play those
    cards." (601.3): the cards the instruction before it exiled may be played until then."""
    ctx = clause.ctx
    if clause.subject is None or clause.subject.kind != "you":
        raise ctx.fail(f"a permission for '{clause.subject.text if clause.subject else ''}'")
    if not clause.out or not exiles_top(clause.out[-1]):
        raise ctx.fail(f"'{vp.text}' after something other than exiling the top of a library")
    if not vp.until:
        raise ctx.fail(f"'{vp.text}' without a duration")
    duration: Literal["end_of_turn", "end_of_your_next_turn"] = (
        "end_of_your_next_turn" if vp.until == "next_turn" else "end_of_turn"
    )
    return [ApplyRules(RuleChange("play_exiled", "you"), duration, objects=Ref("affected"))]


# effects that leave "the objects acted on" (``Ref("affected")``) as the cards exiled before them
_KEEPS_EXILED = (DealDamage, DamageEach, GainLife, LoseLife, Draw)


def exiles_top(effect: Effect) -> bool:
    """Whether the cards ``effect`` leaves as "the exiled cards" are those it exiled from the top
    of a library: an :class:`ExileTop`, or "For each of them, exile the top card of your
    library, then ..." (608.2f) where nothing after the exile acts on other objects."""
    if isinstance(effect, ExileTop):
        return True
    if not isinstance(effect, ForEachTarget):
        return False
    exiles = [i for i, e in enumerate(effect.effects) if isinstance(e, ExileTop)]
    return bool(exiles) and all(isinstance(e, _KEEPS_EXILED) for e in effect.effects[exiles[-1] + 1 :])
