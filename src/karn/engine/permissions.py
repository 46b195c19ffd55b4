"""Permissions and prohibitions on playing cards (601.3, 305.2, 609.4a, 401.5).

A player plays lands and casts spells from their hand (305.1, 601.2a), and flashback
casts a card from its owner's graveyard (702.34a). Rules changes (``ir.RuleChange``, from
static abilities or, for a turn, from resolved spells, 611.2a) add to that:

* permissions (601.3: "a rule or effect allows that player to cast it"): "You may play
  lands from the top of your library.", "You may cast creature spells from the top of your
  library." (601.3e: the card's characteristics decide), "You may play lands and cast spells
  from other players' graveyards this turn as though those cards were in your graveyard."
  (609.4a: flashback then works from there too), "Exile the top card of your library. You
  may play it this turn." (the cards an effect exiled, until a duration ends);
* prohibitions (601.3: "no rule or effect prohibits that player from casting it"; 305.2b):
  "Players can't play lands.", "Other players can't play lands or cast spells from their
  graveyards this turn.";
* who may see the top card of a library (401.5): "Play with the top card of your library
  revealed." (everyone) and "You may look at the top card of your library any time." (its
  owner): recorded as known cards (400.2) before any player decides, except while a spell is
  being cast or an ability activated (401.5: the new top card is revealed once it is cast).
"""

from __future__ import annotations

from karn import ir
from karn.engine.context import Context
from karn.engine.filters import object_matches
from karn.engine.layers import face_down_chars
from karn.engine.pipeline.knowledge import learn
from karn.engine.pipeline.replacement import applies_to, changes_for, rule_changes, static_rules
from karn.engine.state import EXILE, GRAVEYARD, HAND, LIBRARY

_SEE_RULES = ("reveal_library_top", "look_library_top")


def _of(ctx: Context, player: int, rules: tuple[str, ...]) -> list[ir.RuleChange]:
    return changes_for(ctx, player, rules)


def _top(ctx: Context, player: int) -> int | None:
    library = ctx.state.players[player].library
    return library[-1] if library else None


def candidates(ctx: Context, player: int) -> list[int]:
    """The cards outside `player`'s hand a permission may let them play or cast: the cards in
    other players' graveyards (609.4a), the top card of their library (601.3e). Empty and
    cheap when no permission is in effect."""
    found = _adventures(ctx, player)
    if not ctx.state.rules and not static_rules(ctx):
        return found
    for change in _of(ctx, player, ("play_from_graveyards", "play_from_library_top")):
        if change.rule == "play_from_graveyards":
            for other in ctx.state.players:
                if other.index != player:
                    found += other.graveyard
        else:
            top = _top(ctx, player)
            if top is not None:
                found.append(top)
    found += [oid for oid in _exiled_grants(ctx, player) if ctx.state.objects[oid].zone == EXILE]
    return list(dict.fromkeys(found))


def _adventures(ctx: Context, player: int) -> list[int]:
    """715.3d: the cards `player` exiled as their Adventures resolved, which they may play."""
    objects = ctx.state.objects
    return [oid for pl in ctx.state.players for oid in pl.exile if objects[oid].on_adventure == player + 1]


def _exiled_grants(ctx: Context, player: int) -> list[int]:
    """The cards an effect exiled that `player` may play ("You may play it this turn.")."""
    found: list[int] = []
    for r in ctx.state.rules:
        if r.change.rule == "play_exiled" and applies_to(r.change.players, player, r.controller):
            found += [oid for oid in r.objects if oid in ctx.state.objects]
    return found


def _lets(ctx: Context, change: ir.RuleChange, player: int, oid: int, land: bool, face_down: bool) -> bool:
    """Does this permission cover this card, played as a land or cast as a spell (601.3e: by
    the characteristics it would have as that spell; cast face down, those of a face-down 2/2
    creature spell with mana value 0, 708.4)?"""
    if land:
        return change.lands
    if change.spells is None:
        return False
    if face_down:
        c = face_down_chars(player)
        mana_value = 0
    else:
        c = ctx.chars(oid)
        mana_value = ctx.face(ctx.obj(oid).name).cost.with_x(0).mana_value
    return object_matches(
        change.spells,
        c,
        player,
        player,
        player,
        mana_value=mana_value,
    )


def permitted(
    ctx: Context, player: int, oid: int, land: bool, face_down: bool = False, part: str = ""
) -> bool:
    """601.3 / 305.1: may `player` play (``land``) or cast this card from where it is by a
    permission? (A card in their own hand needs none.) ``face_down``: cast face down with its
    morph ability (702.37c), judged as the face-down spell it would be (601.3e, 708.4).
    ``part``: cast as that part of the card (709.3, 712.11b, 715.3), judged by that part's
    characteristics (601.3e: the caller looks at the card as that part,
    :func:`karn.engine.casting.evaluated_as`)."""
    o = ctx.obj(oid)
    if o.zone == EXILE and o.on_adventure == player + 1:
        # 715.3d: "that player may play it" (a land or a spell), but not cast it as an Adventure
        if not ctx.pool.is_adventure(part):
            return True
    if o.zone == EXILE and oid in _exiled_grants(ctx, player):
        return True  # "you may play it": a land or a spell (305.1, 601.3)
    for change in _of(ctx, player, ("play_from_graveyards", "play_from_library_top")):
        if change.rule == "play_from_graveyards":
            here = o.zone == GRAVEYARD and o.owner != player
        else:
            here = o.zone == LIBRARY and o.owner == player and _top(ctx, player) == oid
        if here and _lets(ctx, change, player, oid, land, face_down):
            return True
    return False


def in_own_graveyard(ctx: Context, player: int, oid: int) -> bool:
    """Is the card in `player`'s graveyard, or in another's "as though it were in" theirs
    (609.4a: flashback's "from your graveyard" then applies)?"""
    o = ctx.obj(oid)
    if o.zone != GRAVEYARD:
        return False
    return (
        o.owner == player or permitted(ctx, player, oid, land=False) or permitted(ctx, player, oid, land=True)
    )


def forbidden(ctx: Context, player: int, oid: int, land: bool) -> str:
    """601.3 / 305.2b: why a rule or effect prohibits `player` from playing (``land``) or casting
    this card ("" if none does)."""
    if not ctx.state.rules and not static_rules(ctx):
        return ""
    o = ctx.obj(oid)
    for change in _of(ctx, player, ("no_land_play", "no_graveyard_play")):
        if change.rule == "no_land_play" and land:
            return f"{ctx.player_name(player)} can't play lands (305.2b)"
        if change.rule == "no_graveyard_play" and o.zone == GRAVEYARD and o.owner == player:
            what = "play lands" if land else "cast spells"
            return f"{ctx.player_name(player)} can't {what} from their graveyard this turn (601.3)"
    return ""


def playable_zone(ctx: Context, player: int, oid: int) -> bool:
    """Is the card somewhere `player` may play or cast it from, leaving timing and costs aside:
    their hand, or a zone a permission names?"""
    o = ctx.obj(oid)
    if o.zone == HAND:
        return o.owner == player
    return permitted(ctx, player, oid, land=False) or permitted(ctx, player, oid, land=True)


def reveal_library_tops(ctx: Context) -> None:
    """401.5: the top card of a library played "revealed" is known to every player, one its
    owner "may look at any time" to its owner. Not while a spell is being cast or an ability
    activated (401.5: a new top card is revealed once that is done)."""
    s = ctx.state
    if s.rollback:
        return
    if not any(r.change.rule in _SEE_RULES for r in s.rules) and not any(
        c.rule in _SEE_RULES for _, _, c in static_rules(ctx)
    ):
        return
    for pl in s.players:
        top = _top(ctx, pl.index)
        if top is None:
            continue
        changes = _of(ctx, pl.index, _SEE_RULES)
        if not changes:
            continue
        everyone = any(c.rule == "reveal_library_top" for c in changes)
        who = list(range(len(s.players))) if everyone else [pl.index]
        if not set(who) <= set(s.known.get(top, ())):
            learn(s, [top], who)
            ctx.hidden_changes += 1


__all__ = [
    "candidates",
    "forbidden",
    "in_own_graveyard",
    "permitted",
    "playable_zone",
    "reveal_library_tops",
    "rule_changes",
]
