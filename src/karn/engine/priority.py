"""Priority (117): what a player holding priority may do, and passing.

Timing: instants any time a player has priority (117.1a, 304.1); other spells
and lands only in their controller's main phase with an empty stack
(117.1a, 305.2, 307.1); sorcery-speed abilities likewise (602.5d, 606.3).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import NamedTuple

from karn import ir
from karn.engine import activated, casting, decisions, game_over, mana, permissions, planechase, timing
from karn.engine.abilities import (
    card_flashback,
    flashback_cost,
    flashback_names,
    morph_ability,
    zone_abilities,
)
from karn.engine.actions import Action
from karn.engine.context import Context
from karn.engine.events import ZoneChange
from karn.engine.frames import ResolveFrame
from karn.engine.keywords import split_second
from karn.engine.pipeline import perform
from karn.engine.state import BATTLEFIELD, GRAVEYARD, HAND, LIBRARY, Combat, Option


def can_play_land(ctx: Context, p: int, oid: int) -> bool:
    """305.1-305.2: a land card from `p`'s hand (or where a permission lets them play it,
    601.3), in their main phase with an empty stack, if they haven't played one this turn and
    nothing prohibits it (305.2b)."""
    s = ctx.state
    o = s.objects[oid]
    in_zone = (o.zone == HAND and o.owner == p) or permissions.permitted(ctx, p, oid, land=True)
    return (
        in_zone
        and "land" in ctx.face(o.name).types
        and timing.sorcery_timing(ctx, p)
        and s.players[p].lands_played < 1  # 305.2
        and not permissions.forbidden(ctx, p, oid, land=True)
    )


def offer(ctx: Context, p: int) -> None:
    s = ctx.state
    pl = s.players[p]
    if ctx.offers_version != s.version:
        ctx.offers = {}
        ctx.offers_version = s.version
    # The options depend on the state, which changes with its version (every pipeline change),
    # and on what changes without one: the turn, the active player, the mana pool, combat and
    # the step. The step is read only through the timing questions (sorcery timing 307.1,
    # "activate only during ..." 602.5d, karn.engine.timing): each computation records the
    # questions it asked, and a later offer of the same version reuses it if every answer is
    # the same (upkeep, draw step and combat steps usually are).
    key = (p, s.turn, s.active, _combat_key(s.combat), tuple(sorted(pl.pool.items())))
    entries = ctx.offers.get(key)
    if entries is None:
        entries = ctx.offers[key] = []
    options = next((opts for probes, opts in entries if _same_answers(ctx, probes)), None)
    if options is None:
        ctx.timing_probes = {}
        try:
            options = _options(ctx, p)
            entries.append((tuple(ctx.timing_probes.items()), options))
        finally:
            ctx.timing_probes = None
    # The cached list itself: decisions' options are never changed once asked.
    decisions.ask(ctx, p, "priority", "117.1", f"priority: {pl.name}", options)


def _same_answers(ctx: Context, probes: tuple[tuple[Hashable, bool], ...]) -> bool:
    """Would each timing question recorded while options were computed be answered the same now?"""
    for question, ok in probes:
        assert isinstance(question, tuple)
        player, window = question
        if timing.answer(ctx, player, window) != ok:
            return False
    return True


def _combat_key(combat: Combat | None) -> Hashable:
    if combat is None:
        return None
    return (
        tuple(combat.attackers.items()),
        tuple((b, tuple(a)) for b, a in combat.blockers.items()),
        tuple(combat.blocked),
    )


class _HandProfile(NamedTuple):
    """What a card's printed text says about casting it from a hand, looked up once per card
    name and pool: a land (305), a card that can be cast at all (118.6, compiled completely),
    morph (702.37), parts cast by choice (709.3, 712.11b, 715.3)."""

    land: bool
    castable: bool
    morph: bool
    parts: bool


def _hand_profile(ctx: Context, name: str) -> _HandProfile:
    profile = ctx.printed.memo["hand profile", name] = _HandProfile(
        land=casting.is_land_card(ctx, name),
        castable=casting.castable_card(ctx, name),
        morph=morph_ability(ctx, name) is not None,
        parts=bool(ctx.pool.cast_parts(name)),
    )
    return profile


def _options(ctx: Context, p: int) -> list[Option]:
    s = ctx.state
    opts: list[Option] = [_PASS]
    pl = s.players[p]
    seen: set[str] = set()
    # One pass over the player's permanents with activated abilities: mana abilities
    # (605.3a) and the mana sources the payment solver may tap; the other activated
    # abilities (602) are checked once the sources are known.
    abilities = activated.of_player(ctx, p)
    others: list[activated.PermanentAbility] = []
    mana_opts: list[Option] = []
    objects = s.objects
    for pa in abilities.all:
        if not pa.ab.mana_ability:
            others.append(pa)
            continue
        o = objects[pa.oid]
        if pa.ab.cost.tap and (o.tapped or o.sick and pa.sick_matters):
            continue  # 302.6: {T} abilities of creatures need no summoning sickness
        if pa.ab.cost.mana or pa.ab.cost.loyalty is not None or pa.ab.cost.parts or pa.ab.once_each_turn:
            others.append(pa)  # needs the other sources to be known first, or its parts checked
            continue
        mana_opts.append(pa.option)
    srcs = mana.sources(ctx, p)
    sorcery_ok = timing.sorcery_timing(ctx, p)
    avail = mana.available_count(pl.pool, srcs)
    memo = ctx.printed.memo
    for oid in pl.hand:
        name = objects[oid].name
        if name in seen:
            continue  # one option per card name: copies in hand are the same choice
        seen.add(name)
        profile: _HandProfile | None = memo.get(("hand profile", name))
        if profile is None:
            profile = _hand_profile(ctx, name)
        if profile.land:
            if pl.lands_played < 1 and sorcery_ok and not permissions.forbidden(ctx, p, oid, land=True):
                opts.append(Option("play", oid, label=f"play {name}"))  # 305.2, 116.2a
        elif profile.castable and casting.can_cast(ctx, p, oid, srcs, sorcery_ok, avail):
            opts.append(Option("cast", oid, label=f"cast {name}"))
        if profile.morph and casting.can_cast_face_down(ctx, p, oid, sorcery_ok, srcs):
            # 702.37c: cast face down for {3} (b=1: the morph alternative cost, 118.9)
            opts.append(Option("cast", oid, 1, label=f"cast {name} face down (morph) for {{3}}"))
        if profile.parts:
            opts += _part_options(ctx, p, oid, srcs, sorcery_ok, avail, hand=True)
    seen_gy: set[str] = set()
    flashback = flashback_names(ctx)
    for oid in pl.graveyard if flashback else ():
        name = objects[oid].name
        if name not in flashback or name in seen_gy:
            continue
        seen_gy.add(name)
        if card_flashback(ctx, oid) is None:
            continue  # 613.1f: an effect removed its flashback in the graveyard
        if permissions.forbidden(ctx, p, oid, land=False):
            continue  # 601.3: "can't cast spells from their graveyards"
        if casting.can_cast(ctx, p, oid, srcs, sorcery_ok, avail, flashback=True):  # 702.34a
            opts.append(Option("cast", oid, label=f"cast {name} with flashback"))
    opts += _permitted_options(ctx, p, srcs, sorcery_ok, avail)
    opts.extend(_zone_ability_options(ctx, p, srcs, GRAVEYARD))
    opts.extend(_zone_ability_options(ctx, p, srcs, HAND))
    for oid in s.battlefield:
        if objects[oid].face_down and casting.can_turn_face_up(ctx, p, oid, srcs):
            # 116.2b, 702.37e, 701.40b: a special action any time the player has priority
            opts.append(Option("face_up", oid, label=f"turn {objects[oid].name} (#{oid}) face up"))
    for pa in others:
        if pa.ab.mana_ability:
            if mana.can_activate_mana(ctx, p, pa.oid, pa.ab, srcs):
                mana_opts.append(pa.option)
        elif casting.can_activate(ctx, p, pa.oid, pa.ab, srcs):
            opts.append(Option("activate", pa.oid, pa.idx, label=pa.label))
    if s.planechase is not None:
        opts.extend(planechase.die_options(ctx, p, srcs))  # 116.2i, 901.9
    if s.stack and split_second(ctx):
        # 702.61a-b: no other spell cast, no ability activated but mana abilities
        opts = [o for o in opts if o.kind not in ("cast", "activate")]
    opts.extend(mana_opts)
    return opts


def _part_options(
    ctx: Context, p: int, oid: int, srcs: list[mana.Source], sorcery_ok: bool, avail: int, hand: bool
) -> list[Option]:
    """709.3, 712.11b, 712.12, 715.3: casting a card as one of its parts (a split card's half,
    an adventurer's Adventure, a modal double-faced card's back face), or playing the land face
    of a modal double-faced card: each part is evaluated as itself (709.3a, 712.11c, 715.3a).
    ``hand``: the card is in `p`'s hand; else a permission must cover that part (601.3e)."""
    o = ctx.obj(oid)
    card = o.name
    where = "" if hand else f" from {_where(o.zone)}"
    out: list[Option] = []
    for i, part in enumerate(ctx.pool.cast_parts(card)):
        # no `continue` inside the `with` (mypyc cannot compile one inside try/finally)
        with casting.evaluated_as(ctx, oid, part):
            if casting.is_land_card(ctx, part):
                if can_play_land(ctx, p, oid):
                    out.append(
                        Option("play", oid, casting.PART_OPTION + i, label=f"play {part} ({card}){where}")
                    )
            elif (hand or permissions.permitted(ctx, p, oid, land=False, part=part)) and casting.can_cast(
                ctx, p, oid, srcs, sorcery_ok, avail
            ):
                out.append(Option("cast", oid, casting.PART_OPTION + i, label=f"cast {part} ({card}){where}"))
    return out


def _where(zone: str) -> str:
    return {LIBRARY: "the top of your library", GRAVEYARD: "a graveyard"}.get(zone, "exile")


def _zone_ability_options(ctx: Context, p: int, srcs: list[mana.Source], zone: str) -> list[Option]:
    """113.6: activated abilities that function from their owner's graveyard (embalm 702.128a,
    eternalize 702.129a; "Exile this card from your graveyard" is part of their cost) or hand
    (113.6b: cycling and typecycling, 702.29a, 702.29e; "Discard this card" is part of their
    cost, at instant speed; one option per card name and ability: copies in hand are the same
    choice)."""
    by_name = zone_abilities(ctx, zone)
    if not by_name:
        return []
    s = ctx.state
    in_hand = zone == HAND
    cards = s.players[p].hand if in_hand else s.players[p].graveyard
    out: list[Option] = []
    seen: set[str] = set()
    for oid in cards:
        name = s.objects[oid].name
        if name not in by_name or name in seen:
            continue
        if in_hand:
            seen.add(name)
        for idx in by_name[name]:
            ab = ctx.compiled(name).abilities[idx]
            assert isinstance(ab, ir.Activated)
            if casting.can_activate(ctx, p, oid, ab, srcs):
                where = "from your hand" if in_hand else f"(#{oid}) from the graveyard"
                out.append(Option("activate", oid, idx, label=f"activate {name} {where}: {ab.text}"))
    return out


_PASS = Option("pass", label="pass priority")


def _permitted_options(
    ctx: Context, p: int, srcs: list[mana.Source], sorcery_ok: bool, avail: int
) -> list[Option]:
    """601.3, 305.1: the cards outside `p`'s hand a permission lets them play or cast now (the
    top card of their library, 601.3e; other players' graveyards, 609.4a, where flashback
    works as though the card were in `p`'s own graveyard)."""
    found: list[Option] = []
    objects = ctx.state.objects
    for oid in permissions.candidates(ctx, p):
        name = objects[oid].name
        where = _where(objects[oid].zone)
        if ctx.pool.cast_parts(name):
            found += _part_options(ctx, p, oid, srcs, sorcery_ok, avail, hand=False)
        if casting.is_land_card(ctx, name):
            if can_play_land(ctx, p, oid):
                found.append(Option("play", oid, label=f"play {name} from {where}"))
            continue
        if permissions.forbidden(ctx, p, oid, land=False):
            continue
        normally = permissions.permitted(ctx, p, oid, land=False) and casting.can_cast(
            ctx, p, oid, srcs, sorcery_ok, avail
        )
        with_flashback = (
            not normally
            and objects[oid].zone == GRAVEYARD
            and card_flashback(ctx, oid) is not None  # 613.1f
            and permissions.in_own_graveyard(ctx, p, oid)
            and casting.can_cast(ctx, p, oid, srcs, sorcery_ok, avail, flashback=True)
        )
        if normally or with_flashback:
            found.append(Option("cast", oid, label=f"cast {name} from {where}"))
        if (
            morph_ability(ctx, name) is not None
            and permissions.permitted(ctx, p, oid, land=False, face_down=True)
            and casting.can_cast_face_down(ctx, p, oid, sorcery_ok, srcs)
        ):
            # 601.3e, 702.37c: a permission to cast creature spells from there covers casting a
            # card face down, a 2/2 creature spell, whatever the card is (708.4)
            found.append(Option("cast", oid, 1, label=f"cast {name} face down (morph) from {where}"))
    return found


def answer(ctx: Context, a: Action) -> None:
    s = ctx.state
    p = s.priority
    if a.kind == "pass":
        s.passes += 1
        ctx.emit("117.3d", f"{ctx.player_name(p)} passes priority")
        alive = [q for q in s.players if not q.lost]
        if s.passes >= len(alive):
            s.passes = 0
            if s.stack:
                s.agenda.append(ResolveFrame(obj=s.stack[-1]))  # 117.4 / 608.1
                s.priority = game_over.first_priority(ctx)  # 117.3b
            else:
                s.stage = 2  # 117.4: the step or phase ends
        else:
            s.priority = game_over.next_in_game(ctx, p)  # 117.3d, in turn order (101.4)
        return
    # 117.3c: after an action the player receives priority again and the passes
    # start over (for a spell or ability: once it is cast, 601.2i / 602.2).
    if a.kind == "play":
        s.passes = 0
        play_land(ctx, p, a.a, casting.part_of_option(ctx, a.a, a.b))
    elif a.kind == "cast":
        casting.begin_cast(ctx, p, a.a, face_down=a.b == 1, part=casting.part_of_option(ctx, a.a, a.b))
    elif a.kind == "face_up":
        casting.begin_turn_face_up(ctx, p, a.a)
    elif a.kind == "planar_die":
        planechase.begin_roll(ctx, p)
    elif a.kind == "activate":
        casting.begin_activate(ctx, p, a.a, a.b)
    elif a.kind == "mana":
        s.passes = 0
        mana.activate_mana_ability(ctx, p, a.a, a.b)


def _hand_only(ctx: Context, oid: int, idx: int) -> bool:
    """Is ability `idx` of this permanent one that functions only from a hand (702.29a-b)?"""
    abil = ctx.chars(oid).abilities
    if not 0 <= idx < len(abil):
        return False
    ab = abil[idx]
    return isinstance(ab, ir.Activated) and ab.zone == "hand"


def play_land(ctx: Context, p: int, oid: int, part: str = "") -> None:
    """305.1/116.2a: playing a land is a special action; it doesn't use the stack. ``part``: the
    land face of a modal double-faced card it is played as, which is up as it enters (712.12)."""
    name = part or ctx.obj(oid).name
    ctx.state.players[p].lands_played += 1
    perform(
        ctx,
        ZoneChange(
            obj=oid,
            to=BATTLEFIELD,
            rule="305.1",
            cause="play",
            controller=p,
            text=f"{ctx.player_name(p)} plays {name}",
            face=part,
        ),
    )


def hidden_from(ctx: Context, oid: int, player: int) -> bool:
    """Is this object in a zone `player` can't see (a library, another player's hand)?"""
    o = ctx.state.objects.get(oid)
    if o is None:
        return True
    if o.zone not in (LIBRARY, HAND) or (o.zone == HAND and o.owner == player):
        return False
    return player not in ctx.state.known.get(oid, ())  # 400.2: a revealed card is seen (401.5)


def explain(ctx: Context, a: Action) -> tuple[str, str]:
    """Why `a` is not legal now: (the rule that forbids it, a reason). An object the
    player can't see is answered as an unknown id: an error never names a hidden card."""
    s = ctx.state
    d = s.decision
    if d is None:
        return "104.1", "no decision is pending"
    if d.kind != "priority":
        return d.rule, f"{a} is not one of the options of this decision ({d.prompt})"
    p = d.player
    o = s.objects.get(a.a)
    if a.kind in ("play", "cast", "activate", "mana") and (o is None or hidden_from(ctx, a.a, p)):
        if o is not None and o.zone == HAND and a.kind in ("play", "cast"):
            return (
                "305.1" if a.kind == "play" else "601.2a"
            ), f"object {a.a} is not in {ctx.player_name(p)}'s hand"
        return "117.1", f"there is no object {a.a} {ctx.player_name(p)} can see"
    if o is not None and o.face_down and a.kind in ("play", "cast", "activate", "mana"):
        # 708.5: a face-down object is named to no one here (its controller knows it anyway)
        rule = {"play": "305.1", "cast": "601.3"}.get(a.kind, "602.2")
        return rule, f"{ctx.player_name(p)} can't {a.kind} {ctx.describe(o.id)} now"
    if a.kind in ("cast", "activate") and s.stack:
        blocking = split_second(ctx)
        if blocking:
            return "702.61a", f"{blocking} has split second: no spell can be cast nor ability activated"
    if a.kind == "planar_die":
        if s.planechase is None:
            return "901.1", "the planar die is rolled only in a Planechase game"
        if not timing.sorcery_timing(ctx, p):
            return "901.9", "only the active player rolls the planar die, in a main phase with an empty stack"
        return (
            "901.9",
            f"{ctx.player_name(p)} can't pay {{{planechase.roll_cost(ctx)}}} to roll the planar die",
        )
    if a.kind == "play" and o is not None:
        if not permissions.playable_zone(ctx, p, o.id):
            return "305.1", f"{o.name} is not in {ctx.player_name(p)}'s hand"
        if "land" not in ctx.face(o.name).types:
            return "305.1", f"{o.name} is not a land"
        why = permissions.forbidden(ctx, p, o.id, land=True)
        if why:
            return "305.2b", why
        if s.players[p].lands_played >= 1:
            return "305.2", f"{ctx.player_name(p)} has already played a land this turn"
        return "305.2", "a land can be played only in your main phase with an empty stack (116.2a)"
    if a.kind == "cast" and o is not None:
        from_graveyard = (
            o.zone == GRAVEYARD
            and card_flashback(ctx, o.id) is not None  # 613.1f
            and permissions.in_own_graveyard(ctx, p, o.id)
        )
        if not (from_graveyard or permissions.playable_zone(ctx, p, o.id)):
            return "601.3", f"{o.name} is not in {ctx.player_name(p)}'s hand, and no effect lets them cast it"
        why = permissions.forbidden(ctx, p, o.id, land=False)
        if why:
            return "601.3", why
        face = ctx.face(o.name)
        if not casting.castable_card(ctx, o.name):
            if face.mana_cost is None:
                return "118.6", f"{o.name} has no mana cost, so it can't be cast"
            return "601.2", f"{o.name} can't be cast: karn doesn't play all of its text"
        if "land" in face.types:
            return "305.9", f"{o.name} is a land: it is played, not cast"
        if (
            not casting.instant_speed(ctx, o.name)
            and not timing.sorcery_timing(ctx, p)
            and not casting.flash_permitted(ctx, p, o.id)
        ):
            return (
                "307.1",
                f"{o.name} can be cast only during its controller's main phase when the stack is empty (117.1a)",
            )
        if casting.cast_forbidden(ctx, p, o.id, 0) and (
            not face.cost.x or casting.cast_forbidden(ctx, p, o.id, 1)
        ):
            return "601.2e", f"{ctx.player_name(p)} can't cast {o.name}: a static ability forbids it (601.3)"
        if not casting.has_targets(ctx, p, o.id):
            return "601.2c", f"{o.name} has no legal targets (115)"
        if from_graveyard:
            fb = flashback_cost(ctx, o.name)
            return "601.2h", f"{ctx.player_name(p)} can't pay the flashback cost of {o.name} ({fb}, 702.34a)"
        return "601.2h", f"{ctx.player_name(p)} can't pay the cost of {o.name} ({face.mana_cost})"
    if a.kind == "activate" and o is not None and o.zone == GRAVEYARD:
        if o.owner != p or a.b not in zone_abilities(ctx, GRAVEYARD).get(o.name, ()):
            return "113.6", f"{o.name}'s abilities don't function from a graveyard it's in"
        return "602.2b", f"{ctx.player_name(p)} can't activate that ability of {o.name} now (602.5d, 601.2h)"
    if a.kind == "activate" and o is not None and o.zone == HAND:
        if o.owner != p or a.b not in zone_abilities(ctx, HAND).get(o.name, ()):
            return "113.6", f"{o.name}'s abilities don't function from a hand (only cycling does, 702.29a)"
        found = ctx.chars(o.id).abilities
        special = found[a.b] if a.b < len(found) else None
        if isinstance(special, ir.Activated) and special.suspend:
            return (
                "702.62a",
                f"{ctx.player_name(p)} can suspend {o.name} only when they could begin to cast it"
                " (307.1, 117.1a) and pay its suspend cost",
            )
        return (
            "602.2b",
            f"{ctx.player_name(p)} can't activate that ability of {o.name} now (601.2h: its cost can't be paid)",
        )
    if a.kind in ("activate", "mana") and o is not None:
        if o.zone == BATTLEFIELD and ctx.controller(o.id) == p and _hand_only(ctx, o.id, a.b):
            return (
                "702.29a",
                f"{o.name}'s cycling ability functions only while the card is in a hand (113.6b)",
            )
        if o.zone != BATTLEFIELD or ctx.controller(o.id) != p:
            return "602.2", f"{ctx.player_name(p)} doesn't control {o.name}"
        abil = ctx.chars(o.id).abilities
        if not 0 <= a.b < len(abil) or not isinstance(abil[a.b], ir.Activated):
            return "602.1", f"{o.name} has no such activated ability"
        ab = abil[a.b]
        assert isinstance(ab, ir.Activated)
        if ab.cost.tap and o.tapped:
            return "602.2b", f"{o.name} is tapped; its {{T}} cost can't be paid (118.3)"
        if ab.cost.tap and mana.sick(ctx, o.id):
            return "302.6", f"{o.name} has summoning sickness; its {{T}} ability can't be activated"
        if ab.cost.loyalty is not None and o.loyalty_turn == s.turn:
            return "606.3", f"a loyalty ability of {o.name} was already activated this turn"
        if ab.once_each_turn and o.activated_turns.get(ctx.chars(o.id).ability_ids[a.b]) == s.turn:
            return "602.5b", f"that ability of {o.name} was already activated this turn"
        if ab.sorcery_speed and not timing.sorcery_timing(ctx, p):
            return "602.5d", "this ability can be activated only any time you could cast a sorcery (606.3)"
        if ab.only_during and not timing.in_window(ctx, p, ab.only_during):
            when = ab.only_during.replace("_", " ").replace("your", "your own")
            return "602.5d", f"this ability can be activated only during {when}"
        return "602.2b", f"the cost or targets of {o.name}'s ability can't be provided (601.2c, 601.2h)"
    return "117.1", f"{a} is not a legal action now"
