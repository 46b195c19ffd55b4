"""The changes themselves: the only code that writes zones, life, damage, tapped,
counters, controllers and attachments (DESIGN.md, "One event pipeline").

Each ``execute_*`` function makes one event's change, bumps the state's
version, writes the log line (with its rule and who may see it) and returns
follow-up events (lifelink's life gain, 702.15b). The journal entry is written
by :func:`karn.engine.pipeline.core.execute`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from karn import ir
from karn.cards.pool import PLANESWALKING_ABILITY
from karn.engine import rng
from karn.engine.context import Context
from karn.engine.events import (
    AddMana,
    AddReplacement,
    AddRules,
    AddShield,
    Attach,
    AttackerBlocked,
    AttackerDeclared,
    BecomeCopy,
    BecomeDayNight,
    BecomeMonarch,
    BecomesTarget,
    BlockerDeclared,
    CopyOnStack,
    CounterChange,
    CreateEmblem,
    CreateToken,
    Damage,
    DrawCard,
    EndTurnEffects,
    EnergyChange,
    GameEvent,
    LifeGain,
    LifeLoss,
    LoseGame,
    Regenerated,
    ReorderLibrary,
    Reveal,
    Shuffle,
    SpellCast,
    SpendMana,
    StartEffect,
    StartTurn,
    StepBegins,
    Tap,
    TurnFaceUp,
    ZoneChange,
)
from karn.engine.modifications import AddTypes, ContinuousEffect, RulesEffect, SetController
from karn.engine.pipeline.dfc import enters_transformed
from karn.engine.pipeline.knowledge import forget, learn, moved, shuffled
from karn.engine.state import (
    BATTLEFIELD,
    COMMAND,
    EXILE,
    GRAVEYARD,
    HAND,
    LIBRARY,
    STACK,
    GameState,
    LastKnown,
    Obj,
    Planechase,
    Shield,
    TokenDef,
    ref_player,
)
from karn.engine.values import CopyValues

Executor = Callable[[Context, Any], list[GameEvent]]
EXECUTORS: dict[type, Executor] = {}


def executes(event_type: type) -> Callable[[Executor], Executor]:
    def register(fn: Executor) -> Executor:
        EXECUTORS[event_type] = fn
        return fn

    return register


# ---------------------------------------------------------------------------- objects and zones


def changed(s: GameState, layers: bool = False) -> None:
    """Count a change (and whether it can change characteristics: caches key on it)."""
    s.version += 1
    if layers:
        s.layers_version += 1


def zone_list(s: GameState, o: Obj) -> list[int]:
    if o.zone == BATTLEFIELD:
        return s.battlefield
    if o.zone == STACK:
        return s.stack
    if o.emblem is not None:
        return s.emblems  # 114.1: the command zone's emblems
    return getattr(s.players[o.owner], o.zone)  # type: ignore[no-any-return]


def new_object(ctx: Context, card: int, name: str, owner: int, zone: str, **fields: Any) -> Obj:
    """A new object (109), with a timestamp as it enters its zone (613.7d). Not yet listed in a zone."""
    s = ctx.state
    oid = s.next_id
    s.next_id += 1
    s.timestamp += 1
    o = Obj(id=oid, card=card, name=name, owner=owner, controller=owner, zone=zone, timestamp=s.timestamp)
    for k, v in fields.items():
        setattr(o, k, v)
    s.objects[oid] = o
    changed(s, layers=zone == BATTLEFIELD)
    return o


def place(ctx: Context, card: int, name: str, owner: int, zone: str, **fields: Any) -> Obj:
    """Put a new card object into a zone (setting up a game: decks, scenario boards)."""
    o = new_object(ctx, card, name, owner, zone, **fields)
    zone_list(ctx.state, o).append(o.id)
    return o


def put_on_stack(ctx: Context, ability: str, source: int, name: str, owner: int, controller: int) -> Obj:
    """An activated or triggered ability is put on the stack (602.2a, 603.3)."""
    o = new_object(ctx, -1, name, owner, STACK, ability=ability, source=source)
    o.controller = controller
    ctx.state.stack.append(o.id)
    return o


def _last_known(ctx: Context, o: Obj) -> LastKnown:
    if o.zone == BATTLEFIELD:
        ch = ctx.chars(o.id)
        return LastKnown(
            name=ch.name,
            owner=o.owner,
            controller=ch.controller,
            power=ch.power,
            toughness=ch.toughness,
            types=tuple(sorted(ch.types)),
            colors=tuple(sorted(ch.colors)),
            new_id=0,
            keywords=tuple(sorted(ch.keywords)),
            subtypes=tuple(sorted(ch.subtypes)),
            supertypes=tuple(sorted(ch.supertypes)),
            token=o.token is not None,
            abilities=ch.ability_ids,
            zone=BATTLEFIELD,
            card=o.card,
            chosen=o.chosen,
            mana_value=ch.mana_value,
            counters=dict(o.counters) if o.counters else None,
        )
    # 708.2, 708.5: a face-down spell has no name; what's known of it last is no name either
    name = "" if o.face_down else o.name
    # 202.3: a spell's mana value as it last existed ("that spell's mana value" once countered)
    mana_value = ctx.chars(o.id).mana_value if o.zone == STACK and not o.ability and not o.face_down else 0
    return LastKnown(
        name, o.owner, o.controller, 0, 0, (), (), 0, zone=o.zone, card=o.card, mana_value=mana_value
    )


def remove_from_combat(s: GameState, oid: int) -> None:
    """506.4: a permanent that leaves the battlefield or changes controller leaves combat."""
    if s.combat is not None:
        s.combat.attackers.pop(oid, None)
        s.combat.blockers.pop(oid, None)


@executes(ZoneChange)
def execute_zone_change(ctx: Context, ev: ZoneChange) -> list[GameEvent]:
    """400.7: the object becomes a new object in its new zone (the physical card keeps
    its card id). Leaving the battlefield or the stack records last known information
    (608.2h, 603.10); leaving the battlefield unattaches what was attached to it and
    removes it from combat (506.4). A token that leaves the battlefield ceases to exist
    (111.7, 704.5d); so does an ability leaving the stack (``to=""``)."""
    s = ctx.state
    o = s.objects.get(ev.obj)
    if o is None:
        # 400.7: it already became a new object (another event of the batch moved it, e.g.
        # two replaced draws returning the same card): this one finds nothing to move.
        return []
    ev.origin = o.zone
    ev.card = o.card
    ev.owner = o.owner
    ctx.touched_players.add(o.owner)  # a zone of theirs (or its size) changes
    if o.zone in (LIBRARY, HAND) or ev.to in (LIBRARY, HAND):
        ctx.hidden_changes += 1
    # 708.2: a face-down object has no name (nor one turned face down as it moves, 708.3)
    ev.name = ctx.chars(o.id).name if o.zone == BATTLEFIELD else "" if o.face_down or ev.face_down else o.name
    revealed = bool(o.face_down) and ev.to != BATTLEFIELD and o.zone in (BATTLEFIELD, STACK)
    if o.zone in (BATTLEFIELD, STACK):
        lk = _last_known(ctx, o)
        s.lki[o.id] = lk
        ev.last_known = lk
    # 604.3: a count of cards in this zone defines characteristics. Asked only now, after the
    # last known information above, which may compute (and cache) the characteristics of this
    # version: the move must make that cache stale.
    if ctx.counts_zones() and BATTLEFIELD not in (o.zone, ev.to):
        changed(s, layers=True)
    zone_list(s, o).remove(o.id)
    if o.zone == BATTLEFIELD:
        for other in s.battlefield:
            if s.objects[other].attached_to == o.id:
                s.objects[other].attached_to = 0
                ev.attached.append(other)  # 603.10a: looked back at by its host triggers
        remove_from_combat(s, o.id)
    del s.objects[o.id]
    changed(s, layers=ev.origin == BATTLEFIELD)
    returns = _linked_returns(ctx, o.id) if ev.origin == BATTLEFIELD else []
    # 608.3f, 707.10f: a copy of a permanent spell resolves into a token
    spell_copy_token = o.is_copy and not o.ability and ev.to == BATTLEFIELD
    if (
        not ev.to
        or (o.token is not None and ev.to != BATTLEFIELD)
        or (o.card < 0 and o.token is None and not spell_copy_token)
    ):
        moved(s, o, ev.origin, None, ev)
        _log_zone_change(ctx, ev, None)
        if o.is_copy and not o.ability and ev.to:
            # 707.10a, 704.5e: a copy of a spell in a zone other than the stack ceases to exist
            ctx.emit("707.10a", f"the copy of {o.name} ceases to exist")
        return returns
    token = TokenDef(o.name, 0, 0, (), (), ()) if spell_copy_token else o.token
    name = o.name
    if o.card >= 0 and not (ev.origin == STACK and ev.to == BATTLEFIELD):
        # 712.8a, 709.4, 715.4: in a new zone a card has its front face's, its combined halves'
        # or its normal characteristics again; a spell becoming a permanent keeps the face it
        # was cast with up (712.13)
        name = ctx.pool.card_name(name)
    if ev.to == BATTLEFIELD and ev.face:
        name = ev.face  # 712.12: a modal double-faced card played as its back face's land
    elif ev.to == BATTLEFIELD and s.day_night == "night" and o.card >= 0 and not ev.face_down:
        name = enters_transformed(ctx, name)  # 702.145b: daybound, at night
    new = new_object(ctx, o.card, name, o.owner, ev.to, token=token)
    if ev.to == EXILE and ev.adventure:
        new.on_adventure = ev.adventure  # 715.3d
    if ev.to in (BATTLEFIELD, STACK):
        # 708.3-708.4: turned face down before it moves; 702.37c: a face-down spell enters the
        # battlefield face down
        new.face_down = ev.face_down or (o.face_down if ev.origin == STACK else "")
    if ev.to in (BATTLEFIELD, STACK):
        new.controller = o.owner if ev.controller < 0 else ev.controller
    if ev.to == BATTLEFIELD:
        new.tapped = ev.tapped
        new.sick = True  # 302.6
        new.control_upkeeps = ctx.state.players[new.controller].upkeeps  # 702.30a
        counters = dict(ev.counters)
        face = ctx.pool.face(o.name) if o.token is None and not new.face_down else None
        if face is not None and not ev.loyalty_added and entering_loyalty(ctx, o.name):
            # 306.5b: a planeswalker enters with its printed loyalty in loyalty counters.
            counters["loyalty"] = counters.get("loyalty", 0) + entering_loyalty(ctx, o.name)
        new.counters = {k: v for k, v in counters.items() if v}
        if ev.origin == STACK:
            new.kicked = o.kicked  # 702.33d: a permanent was kicked if its spell was
            new.alt_cost = o.alt_cost  # 702.74a: "if its evoke cost was paid"
            _text_changes_follow(s, o.id, new.id)
            new.bestowed = o.bestowed and bool(ev.attach_to)  # 702.103b, 702.103e
        # 607.2a: what was chosen as it entered (614.12a), by the ability that chose it (607.5a)
        new.chosen = {k: dict(v) for k, v in ev.chosen.items()} if ev.chosen else None
        new.chosen_objects = dict(ev.chosen_objects) if ev.chosen_objects else None
        new.copy_of = ev.copy_of  # 707.9: it enters as a copy (layer 1a)
        if spell_copy_token and new.copy_of is None:
            new.copy_of = o.copy_of or CopyValues(name=o.name)  # 707.10f: the spell copy's values
        if ev.attach_to and ev.attach_to in s.objects and s.objects[ev.attach_to].zone == BATTLEFIELD:
            new.attached_to = ev.attach_to  # 303.4f
        if ev.add_types or ev.add_subtypes:
            _entering_effect(ctx, ev, new)
        if ev.devoured:
            new.devoured = ev.devoured  # 702.82b
        if ev.read_ahead:
            new.read_ahead_turn = s.turn  # 702.155a
        if ev.exiled_cards:
            # 607.2a: the cards exiled as it entered (in the same batch, before it)
            new.exiled_with = tuple(
                x for p in s.players for x in p.exile if s.objects[x].card in ev.exiled_cards
            )
    if ev.to == EXILE and o.card >= 0:
        s.exiled_this_turn += 1  # a card was put into exile this turn (603.4)
    if ev.origin == BATTLEFIELD and ev.to == GRAVEYARD and ev.last_known is not None:
        if "creature" in ev.last_known.types:
            s.creatures_died_this_turn += 1  # 700.4: it died ("if a creature died this turn")
    if ev.to == BATTLEFIELD and ("land" in ev.add_types or "land" in ctx.printed.of(new).types):
        s.players[new.controller].lands_entered_turn += 1  # "if you had a land enter ... this turn"
    dest = zone_list(s, new)
    if ev.to == LIBRARY and ev.position == "bottom":
        dest.insert(0, new.id)
    else:
        dest.append(new.id)  # a library list's end is its top
    ev.new_id = new.id
    moved(s, o, ev.origin, new, ev)
    if o.id in s.lki:
        lk = s.lki[o.id]
        s.lki[o.id] = LastKnown(**{**_fields(lk), "new_id": new.id})
        ev.last_known = s.lki[o.id]
    if revealed:
        _reveal_face_down(ctx, ev, o)
    _log_zone_change(ctx, ev, new, o.name if revealed else "")
    if ev.to == BATTLEFIELD and not s.day_night and not new.face_down and new.token is None:
        if any(isinstance(ab, ir.BecomesDayAsEnters) for ab in ctx.compiled(new.name).abilities):
            # 731.1: "If it's neither day nor night, it becomes day as ~ enters."
            returns = [*returns, BecomeDayNight(to="day", rule="731.1")]
    return returns


def _entering_effect(ctx: Context, ev: ZoneChange, new: Obj) -> None:
    """611.2e: the resolving spell's or ability's effect that the permanent "is [a type] in
    addition to its other types" applies simultaneously with its entering: it begins as the
    permanent appears (its timestamp right after the permanent's, 613.7b), and lasts."""
    s = ctx.state
    s.timestamp += 1
    mod = AddTypes(types=tuple(ev.add_types), subtypes=tuple(ev.add_subtypes))
    s.effects.append(
        ContinuousEffect(
            id=s.timestamp,
            timestamp=s.timestamp,
            source=ev.effect_source,
            controller=new.controller,
            affected=[new.id],
            mods=[mod],
            duration="permanent",
            source_name=ev.effect_source_name,
        )
    )
    changed(s, layers=True)


def _reveal_face_down(ctx: Context, ev: ZoneChange, o: Obj) -> None:
    """708.9: a face-down permanent leaving the battlefield, or a face-down spell leaving the
    stack for another zone than the battlefield, is revealed to all players as it moves."""
    what = "permanent" if ev.origin == BATTLEFIELD else "spell"
    ctx.emit("708.9", f"the face-down {what} (#{o.id}) is revealed as it leaves the {ev.origin}: {o.name}")


def _text_changes_follow(s: GameState, spell: int, permanent: int) -> None:
    """400.7a: the effects of spells and abilities that change the characteristics or the
    controller of a permanent spell (text changes, 612; abilities granted, "it gains devour
    5") go on applying to the permanent it becomes."""
    for i, e in enumerate(s.effects):
        if spell in e.affected:
            affected = [permanent if x == spell else x for x in e.affected]
            # 702.62a: "until you lose control of the spell or the permanent it becomes": an
            # effect whose duration follows its source follows it too
            source = permanent if e.source == spell else e.source
            s.effects[i] = msgspec.structs.replace(e, affected=affected, source=source)


def _linked_returns(ctx: Context, source: int) -> list[GameEvent]:
    """610.3c-d: the cards a permanent exiled "until ~ leaves the battlefield" return to the
    battlefield under their owners' control as it leaves; the returns of permanents leaving
    at once are one batch of follow-up events, so they return at the same time."""
    s = ctx.state
    mine = [link for link in s.linked_exiles if link.source == source]
    if not mine:
        return []
    s.linked_exiles = [link for link in s.linked_exiles if link.source != source]
    out: list[GameEvent] = []
    for link in mine:
        o = s.objects.get(link.obj)
        if o is not None and o.zone == EXILE:
            out.append(
                ZoneChange(
                    obj=o.id,
                    to=BATTLEFIELD,
                    rule="610.3c",
                    cause="return",
                    controller=o.owner,
                    text=f"{o.name} returns to the battlefield ({link.source_name} left it)",
                )
            )
    return out


def entering_loyalty(ctx: Context, name: str) -> int:
    """306.5b: the loyalty counters a planeswalker card enters with (its printed loyalty)."""
    face = ctx.pool.face(name)
    if face.loyalty is None or "planeswalker" not in face.types:
        return 0
    return _int(face.loyalty)


def _fields(lk: LastKnown) -> dict[str, Any]:
    return {f: getattr(lk, f) for f in lk.__struct_fields__}


def _int(v: str | None) -> int:
    try:
        return int(v) if v is not None else 0
    except ValueError:
        return 0


_DEFAULT_TEXT = {
    "destroy": "{name} is destroyed",
    "sacrifice": "{name} is sacrificed",
    "exile": "{name} is exiled",
    "return": "{name} returns to its owner's hand",
    "discard": "{owner} discards {name}",
    "mill": "{owner} mills {name}",
}


def _log_zone_change(ctx: Context, ev: ZoneChange, new: Obj | None, revealed: str = "") -> None:
    """The zone change's log line; ``revealed``: the name of a face-down object revealed as it
    left (708.9), which had no name."""
    if ev.quiet:
        return
    text = ev.text
    name = (
        revealed
        or ev.name
        or (f"a face-down permanent (#{new.id})" if new is not None and new.face_down else "")
    )
    if not text:
        template = _DEFAULT_TEXT.get(ev.cause)
        if template is None:
            if ev.to == BATTLEFIELD and new is not None:
                att = f" attached to {ctx.describe(new.attached_to)}" if new.attached_to else ""
                text = f"{name} enters the battlefield under {ctx.player_name(new.controller)}'s control{att}"
            elif ev.origin == BATTLEFIELD and ev.to == GRAVEYARD and ev.last_known is not None:
                dies = "creature" in ev.last_known.types
                text = f"{name} dies" if dies else f"{name} is put into its owner's graveyard"
            else:
                dest = "its owner's " + ev.to if ev.to in (GRAVEYARD, HAND, LIBRARY) else ev.to or "nowhere"
                text = f"{name} is put into {dest}"
        else:
            text = template.format(name=name, owner=ctx.player_name(ev.owner))
    ctx.emit(ev.rule, text, seen_by=ev.seen_by, public=ev.public)


@executes(DrawCard)
def execute_draw(ctx: Context, ev: DrawCard) -> list[GameEvent]:
    """121.1: the top card of the library goes to the hand; 121.4: an empty library is noted."""
    pl = ctx.state.players[ev.player]
    if not pl.library:
        pl.drew_from_empty = True  # 704.5b
        changed(ctx.state)
        ctx.emit("121.4", f"{pl.name} attempts to draw from an empty library")
        return []
    move = ZoneChange(obj=pl.library[-1], to=HAND, rule=ev.rule, cause="draw", quiet=True)
    execute_zone_change(ctx, move)
    ev.drawn = move.new_id
    pl.drawn_this_turn += 1
    ev.nth = pl.drawn_this_turn
    return []


# ---------------------------------------------------------------------------- damage and life


@executes(Damage)
def execute_damage(ctx: Context, ev: Damage) -> list[GameEvent]:
    """120.3: damage to a player is life loss (120.3a), or poison counters from a source with
    infect (120.3b), and toxic adds poison counters (120.3g); to a planeswalker, loyalty
    counters removed (120.3c); to a creature, marked damage (120.3e), or -1/-1 counters from a
    source with wither or infect (120.3d); deathtouch marks it (702.2b); lifelink makes its
    controller gain that much life (702.15b)."""
    s = ctx.state
    kind = "combat damage" if ev.combat else "damage"
    source = ev.source_name or ctx.describe(ev.source)  # 708.2: a face-down source has no name
    follow: list[GameEvent] = []
    if ev.target < 0:
        pl = s.players[ref_player(ev.target)]
        ctx.touched_players.add(pl.index)
        if ev.amount > 0:
            pl.dealt_damage_turn = True  # 702.54a: "an opponent was dealt damage this turn"
        if ev.infect:
            # 120.3b, 702.90b: poison counters instead of life loss
            pl.poison += ev.amount
            ctx.emit("702.90b", f"{source} deals {ev.amount} {kind} to {pl.name} (poison {pl.poison})")
        else:
            pl.life -= ev.amount
            pl.life_lost_turn += ev.amount  # 120.3a: damage dealt to a player is life lost (702.137a)
            _life_changed(ctx)
            ctx.emit("120.3a", f"{source} deals {ev.amount} {kind} to {pl.name} (life {pl.life})")
        if ev.toxic and ev.combat and ev.amount > 0:
            pl.poison += ev.toxic  # 120.3g, 702.164c: in addition to the damage's other results
            ctx.emit("702.164c", f"{pl.name} gets {ev.toxic} poison counters from toxic (poison {pl.poison})")
    else:
        o = s.objects.get(ev.target)
        if o is None or o.zone != BATTLEFIELD:
            return []
        ch = ctx.chars(ev.target)
        if ch.is_("planeswalker"):
            o.counters["loyalty"] = max(0, o.counters.get("loyalty", 0) - ev.amount)
            changed(s, layers=True)
            ctx.emit(
                "120.3c",
                f"{source} deals {ev.amount} {kind} to {ch.name or ctx.describe(o.id)} (loyalty {o.counters['loyalty']})",
            )
        if ch.is_("creature"):
            ctx.touched.add(o.id)
            if ev.deathtouch:
                o.deathtouch_damage = True
            if ev.infect or ev.wither:
                # 120.3d, 702.90c, 702.80a: -1/-1 counters instead of marked damage
                rule = "702.90c" if ev.infect else "702.80a"
                ctx.emit(rule, f"{source} deals {ev.amount} {kind} to {ch.name or ctx.describe(o.id)}")
                follow.append(CounterChange(obj=o.id, kind="-1/-1", amount=ev.amount, rule=rule))
            else:
                o.damage += ev.amount
                ctx.emit("120.3e", f"{source} deals {ev.amount} {kind} to {ch.name or ctx.describe(o.id)}")
    changed(s)
    ev.dealt = ev.amount
    return follow


def _life_changed(ctx: Context) -> None:
    """611.3a: a static ability whose condition reads a life total applies anew."""
    if ctx.counts_life():
        changed(ctx.state, layers=True)


@executes(LifeGain)
def execute_life_gain(ctx: Context, ev: LifeGain) -> list[GameEvent]:
    pl = ctx.state.players[ev.player]
    pl.life += ev.amount
    pl.life_gained_turn += ev.amount  # 119.9: "if you gained life this turn"
    ctx.touched_players.add(ev.player)
    _life_changed(ctx)
    changed(ctx.state)
    ctx.emit(ev.rule, f"{pl.name} gains {ev.amount} life (life {pl.life})")
    return []


@executes(EnergyChange)
def execute_energy(ctx: Context, ev: EnergyChange) -> list[GameEvent]:
    """122.1, 107.14: energy counters put on or removed from a player."""
    pl = ctx.state.players[ev.player]
    pl.energy = max(0, pl.energy + ev.amount)
    ctx.touched_players.add(ev.player)
    changed(ctx.state)
    verb = f"gets {ev.amount}" if ev.amount > 0 else f"pays {-ev.amount}"
    ctx.emit(ev.rule, f"{pl.name} {verb} energy ({{E}} {pl.energy})")
    return []


@executes(LifeLoss)
def execute_life_loss(ctx: Context, ev: LifeLoss) -> list[GameEvent]:
    pl = ctx.state.players[ev.player]
    pl.life -= ev.amount
    pl.life_lost_turn += ev.amount  # 702.137a: "an opponent lost life this turn"
    ctx.touched_players.add(ev.player)
    _life_changed(ctx)
    changed(ctx.state)
    ctx.emit(ev.rule, f"{pl.name} loses {ev.amount} life (life {pl.life})")
    return []


@executes(AddShield)
def execute_add_shield(ctx: Context, ev: AddShield) -> list[GameEvent]:
    s = ctx.state
    s.timestamp += 1
    s.shields.append(Shield(s.timestamp, ev.target, ev.amount, ev.source, ev.source_name))
    changed(s)
    what = ctx.player_name(ref_player(ev.target)) if ev.target < 0 else ctx.describe(ev.target)
    ctx.emit(ev.rule, f"the next {ev.amount} damage to {what} this turn will be prevented")
    return []


@executes(AddReplacement)
def execute_add_replacement(ctx: Context, ev: AddReplacement) -> list[GameEvent]:
    """614.1a, 615.1a, 701.19a: a replacement or prevention effect (or a regeneration shield)
    begins; its timestamp is its id."""
    ev.effect.id = _next_timestamp(ctx, ev.rule, ev.text)
    ctx.state.replacements.append(ev.effect)
    return []


@executes(AddRules)
def execute_add_rules(ctx: Context, ev: AddRules) -> list[GameEvent]:
    """611.2a: a change to the rules begins (615.12, 119.7)."""
    ev.effect.id = _next_timestamp(ctx, ev.rule, ev.text)
    ctx.state.rules.append(ev.effect)
    return []


def _next_timestamp(ctx: Context, rule: str, text: str) -> int:
    """An effect created by a resolving spell or ability begins: its timestamp (613.7a),
    the state changed, the log line written."""
    s = ctx.state
    s.timestamp += 1
    changed(s)
    if text:
        ctx.emit(rule, text)
    return s.timestamp


@executes(LoseGame)
def execute_lose_game(ctx: Context, ev: LoseGame) -> list[GameEvent]:
    """104.3e: an effect makes a player lose the game (the game-over check follows, 104.2)."""
    pl = ctx.state.players[ev.player]
    if not pl.lost:
        pl.lost = True
        ctx.touched_players.add(ev.player)
        changed(ctx.state)
        ctx.emit(ev.rule, ev.text or f"{pl.name} loses the game")
    return []


# ---------------------------------------------------------------------------- permanents


@executes(Regenerated)
def execute_regenerated(ctx: Context, ev: Regenerated) -> list[GameEvent]:
    """701.19a: instead of being destroyed, the permanent regenerates: all damage marked on it
    is removed, its controller taps it, and it is removed from combat (506.4)."""
    s = ctx.state
    o = s.objects.get(ev.obj)
    if o is None or o.zone != BATTLEFIELD:
        return []
    o.damage = 0
    o.deathtouch_damage = False
    o.tapped = True
    remove_from_combat(s, o.id)
    ctx.touched.add(o.id)
    changed(s)
    by = f" ({ev.source_name})" if ev.source_name else ""
    ctx.emit(ev.rule, f"{ctx.describe(o.id)} regenerates{by}: tapped, damage removed, removed from combat")
    return []


@executes(BecomeCopy)
def execute_become_copy(ctx: Context, ev: BecomeCopy) -> list[GameEvent]:
    """707.4: the permanent stays on the battlefield with the new copiable values (layer 1, the
    noncopy effects on it keep applying); nothing enters or leaves."""
    o = ctx.state.objects.get(ev.obj)
    if o is None or o.zone != BATTLEFIELD:
        return []
    o.copy_of = ev.copy_of
    # 613.7: this copy effect's timestamp, to order it against static copy effects (an Aura's)
    ctx.state.timestamp += 1
    o.copy_ts = ctx.state.timestamp
    # 607.5a: the abilities it has now were acquired together by this copy effect: they are
    # linked only to each other, and no value was chosen for them (it doesn't enter, 614.12a);
    # the values chosen as it entered were for the abilities this effect overwrote (613.2a)
    o.chosen = None
    o.chosen_objects = None
    changed(ctx.state, layers=True)
    ctx.touched.add(o.id)
    if ev.text:
        ctx.emit(ev.rule, ev.text)
    return []


@executes(Tap)
def execute_tap(ctx: Context, ev: Tap) -> list[GameEvent]:
    o = ctx.state.objects.get(ev.obj)
    if o is None or o.zone != BATTLEFIELD:
        return []
    ev.changed = o.tapped != ev.tapped
    o.tapped = ev.tapped
    changed(ctx.state)
    ctx.touched.add(o.id)
    if ev.text and not ev.quiet:
        ctx.emit(ev.rule, ev.text)
    return []


@executes(TurnFaceUp)
def execute_turn_face_up(ctx: Context, ev: TurnFaceUp) -> list[GameEvent]:
    """708.8, 702.37e, 701.40b: the permanent is turned face up: its copiable values are its
    normal ones again (the effects applied to it still apply); it is the same object and
    doesn't enter the battlefield. It gets a new timestamp (613.7f)."""
    s = ctx.state
    o = s.objects.get(ev.obj)
    if o is None or o.zone != BATTLEFIELD or not o.face_down:
        return []
    ev.changed = True
    o.face_down = ""
    s.timestamp += 1
    o.timestamp = s.timestamp  # 613.7f
    changed(s, layers=True)
    ctx.touched.add(o.id)
    ctx.emit(ev.rule, ev.text or f"the face-down permanent (#{o.id}) is turned face up: it is {o.name}")
    if ev.counter:
        # 702.37b: "As this permanent is turned face up, put a +1/+1 counter on it" (708.11: as
        # it is turned face up, not afterwards)
        return [CounterChange(obj=o.id, kind="+1/+1", amount=1, rule="702.37b")]
    return []


@executes(CounterChange)
def execute_counters(ctx: Context, ev: CounterChange) -> list[GameEvent]:
    if ev.obj < 0:
        return _player_counters(ctx, ev)
    o = ctx.state.objects.get(ev.obj)
    if o is None:
        return []
    n = o.counters.get(ev.kind, 0) + ev.amount
    if n > 0:
        o.counters[ev.kind] = n
        if ev.amount > 0:
            # 613.7c: a counter put on gets a timestamp, and so do the others of its kind.
            ctx.state.timestamp += 1
            if o.counter_ts is None:
                o.counter_ts = {}
            o.counter_ts[ev.kind] = ctx.state.timestamp
    else:
        o.counters.pop(ev.kind, None)
        if o.counter_ts:
            o.counter_ts.pop(ev.kind, None)
    changed(ctx.state, layers=o.zone == BATTLEFIELD)
    if not ev.quiet:
        if ev.text:
            ctx.emit(ev.rule, ev.text)
        elif ev.amount > 0:
            plural = "s" if ev.amount != 1 else ""
            ctx.emit(ev.rule, f"{ev.amount} {ev.kind} counter{plural} put on {ctx.describe(ev.obj)}")
    return []


def _player_counters(ctx: Context, ev: CounterChange) -> list[GameEvent]:
    """122.1, 122.1f: counters on a player (``obj`` a player reference): poison counters (the
    only kind of player counter karn keeps)."""
    p = ctx.state.players[ref_player(ev.obj)]
    if ev.kind != "poison":
        return []
    p.poison = max(0, p.poison + ev.amount)
    ctx.touched_players.add(p.index)
    changed(ctx.state)
    if not ev.quiet:
        ctx.emit(ev.rule, ev.text or f"{p.name} gets {ev.amount} poison counter(s) (poison {p.poison})")
    return []


@executes(CreateToken)
def execute_create_token(ctx: Context, ev: CreateToken) -> list[GameEvent]:
    """111.2: tokens are created on the battlefield under the controller's control."""
    s = ctx.state
    td = ev.token
    for i in range(ev.count):
        tok = new_object(ctx, -1, td.name, ev.controller, BATTLEFIELD, token=td)
        tok.sick = True
        tok.control_upkeeps = s.players[ev.controller].upkeeps  # 702.30a
        if i < len(ev.chosen) and ev.chosen[i]:
            # 607.2a: what was chosen as it entered (614.12a), by the ability that chose it (607.5a)
            tok.chosen = {k: dict(v) for k, v in ev.chosen[i].items()}
        tok.tapped = ev.tapped
        tok.copy_of = ev.copy_of  # 707.2: a token that's a copy (layer 1a)
        if ev.counters:
            tok.counters = {k: v for k, v in ev.counters.items() if v > 0}
        s.battlefield.append(tok.id)
        ev.new_ids.append(tok.id)
        made = (
            f"a token that's a copy of {td.name}"
            if ev.copy_of
            else f"a {td.power}/{td.toughness} {td.name} token"
        )
        ctx.emit(ev.rule, f"{ctx.player_name(ev.controller)} creates {made}")
    changed(s, layers=True)
    return []


@executes(CreateEmblem)
def execute_create_emblem(ctx: Context, ev: CreateEmblem) -> list[GameEvent]:
    """114.1: an emblem is put into the command zone, owned and controlled by the player who
    gets it (114.2, 114.5); its abilities work from there (114.4)."""
    s = ctx.state
    em = new_object(ctx, -1, ev.name, ev.player, COMMAND, emblem=ev.abilities)
    s.emblems.append(em.id)
    ev.new_id = em.id
    changed(s, layers=True)
    ctx.emit(ev.rule, f"{ctx.player_name(ev.player)} gets an emblem ({ev.name})")
    return []


@executes(Attach)
def execute_attach(ctx: Context, ev: Attach) -> list[GameEvent]:
    """701.3a; 613.7e: an Aura or Equipment gets a new timestamp when it becomes attached."""
    s = ctx.state
    o = s.objects.get(ev.obj)
    if o is None or o.zone != BATTLEFIELD:
        return []
    o.attached_to = ev.to
    if not ev.to:
        o.bestowed = False  # 702.103f: a bestowed Aura that becomes unattached ceases to be bestowed
    if ev.to:
        s.timestamp += 1
        o.timestamp = s.timestamp
    changed(s, layers=True)
    if not ev.quiet:
        if ev.to:
            ctx.emit(ev.rule, f"{ctx.describe(ev.obj)} becomes attached to {ctx.describe(ev.to)}")
        else:
            ctx.emit(ev.rule, f"{ctx.chars(ev.obj).name} becomes unattached")
    return []


# ---------------------------------------------------------------------------- mana, libraries


@executes(AddMana)
def execute_add_mana(ctx: Context, ev: AddMana) -> list[GameEvent]:
    pool = ctx.state.players[ev.player].pool
    for sym in ev.symbols:
        pool[sym] = pool.get(sym, 0) + 1
    ctx.touched_players.add(ev.player)
    changed(ctx.state)
    return []


@executes(SpendMana)
def execute_spend_mana(ctx: Context, ev: SpendMana) -> list[GameEvent]:
    pl = ctx.state.players[ev.player]
    pool = dict(pl.pool)
    for sym, n in ev.symbols.items():
        pool[sym] = pool.get(sym, 0) - n
    pl.pool = {k: v for k, v in pool.items() if v > 0}
    ctx.touched_players.add(ev.player)
    changed(ctx.state)
    return []


@executes(Shuffle)
def execute_shuffle(ctx: Context, ev: Shuffle) -> list[GameEvent]:
    s = ctx.state
    rng.shuffle(s, s.players[ev.player].library)  # 701.24a
    shuffled(s, s.players[ev.player].library)
    ctx.hidden_changes += 1
    changed(s)
    if not ev.quiet:
        ctx.emit(ev.rule, f"{ctx.player_name(ev.player)} shuffles their library")
    return []


@executes(ReorderLibrary)
def execute_reorder(ctx: Context, ev: ReorderLibrary) -> list[GameEvent]:
    lib = ctx.state.players[ev.player].library
    for c in ev.bottom:
        lib.remove(c)
        lib.insert(0, c)
    ctx.hidden_changes += 1
    changed(ctx.state)
    return []


@executes(Reveal)
def execute_reveal(ctx: Context, ev: Reveal) -> list[GameEvent]:
    """701.20a: revealed cards are known to everyone; looked-at cards (701.22a, 701.23a)
    to the players who looked, while they stay in their zone."""
    s = ctx.state
    shown = [oid for oid in ev.objects if oid in s.objects]
    learn(s, shown, ev.to)
    ctx.hidden_changes += 1
    changed(s)
    if ev.text:
        ctx.emit(ev.rule, ev.text, seen_by=ev.to, public=ev.public)
    return []


# ---------------------------------------------------------------------------- continuous effects and turns


def refresh_control(ctx: Context, before: dict[int, int]) -> None:
    """302.6 / 506.4: a permanent whose controller changed has not been under its new
    controller's control since their turn began, and is removed from combat."""
    s = ctx.state
    for oid, old in before.items():
        if oid in s.objects and s.objects[oid].zone == BATTLEFIELD and ctx.controller(oid) != old:
            s.objects[oid].sick = True
            s.objects[oid].control_upkeeps = s.players[ctx.controller(oid)].upkeeps  # 702.30a
            remove_from_combat(s, oid)
            changed(s)
            ctx.touched.add(oid)


def _controllers(ctx: Context) -> dict[int, int]:
    return {oid: c.controller for oid, c in ctx.battlefield_chars().items()}


@executes(StartEffect)
def execute_start_effect(ctx: Context, ev: StartEffect) -> list[GameEvent]:
    """611.2a: a resolving spell or ability creates a continuous effect (its timestamp, 613.7b)."""
    s = ctx.state
    changes_control = any(isinstance(m, SetController) for m in ev.effect.mods)
    before = _controllers(ctx) if changes_control else {}
    s.timestamp += 1
    ev.effect.id = s.timestamp
    ev.effect.timestamp = s.timestamp
    s.effects.append(ev.effect)
    changed(s, layers=True)
    refresh_control(ctx, before)
    if ev.text:
        ctx.emit(ev.rule, ev.text)
    return []


@executes(EndTurnEffects)
def execute_end_turn_effects(ctx: Context, ev: EndTurnEffects) -> list[GameEvent]:
    """514.2: damage is removed from permanents; "until end of turn" and "this turn"
    effects end (prevention shields too)."""
    s = ctx.state
    ending = [e for e in s.effects if e.duration == "end_of_turn"]
    changes_control = any(isinstance(m, SetController) for e in ending for m in e.mods)
    before = _controllers(ctx) if changes_control else {}
    for oid in s.battlefield:
        o = s.objects[oid]
        o.damage = 0
        o.deathtouch_damage = False
    s.effects = [e for e in s.effects if e.duration != "end_of_turn"]
    s.shields = []
    # 514.2, 611.2a: replacement effects "this turn" and unused regeneration shields (701.19a) end.
    s.replacements = [r for r in s.replacements if r.duration not in ("end_of_turn", "next")]
    s.rules = [r for r in s.rules if r.duration != "end_of_turn" and not _next_turn_over(s, r)]
    changed(s, layers=True)
    refresh_control(ctx, before)
    ctx.emit(ev.rule, 'damage wears off and "until end of turn" effects end')
    return []


def _next_turn_over(s: GameState, r: RulesEffect) -> bool:
    """514.2: an effect lasting "until the end of your next turn" ends in the cleanup step of
    the first turn of its controller after the one it began in."""
    return r.duration == "end_of_your_next_turn" and s.active == r.controller and s.turn > r.turn


def _next_turn_begins(ctx: Context, player: int) -> None:
    """611.2a: effects of ``player``'s spells and abilities lasting "until your next turn" end
    as that player's turn begins."""
    s = ctx.state
    until = "until_your_next_turn"
    ending = [e for e in s.effects if e.duration == until and e.controller == player]
    replacements = [r for r in s.replacements if r.duration == until and r.controller == player]
    rules = [r for r in s.rules if r.duration == until and r.controller == player]
    if not (ending or replacements or rules):
        return
    changes_control = any(isinstance(m, SetController) for e in ending for m in e.mods)
    before = _controllers(ctx) if changes_control else {}
    s.effects = [e for e in s.effects if e not in ending]
    s.replacements = [r for r in s.replacements if r not in replacements]
    s.rules = [r for r in s.rules if r not in rules]
    changed(s, layers=True)
    refresh_control(ctx, before)
    ctx.emit("611.2a", f'{ctx.player_name(player)}\'s "until your next turn" effects end')


@executes(StartTurn)
def execute_start_turn(ctx: Context, ev: StartTurn) -> list[GameEvent]:
    s = ctx.state
    s.spells_cast = 0  # 702.40a: storm counts the spells cast this turn
    s.exiled_this_turn = 0  # 603.4: "if a card was put into exile this turn"
    s.creatures_died_this_turn = 0  # 700.4: "if a creature died this turn"
    s.last_active = ev.previous  # 731.2: whose spells decide day and night
    for p in s.players:
        p.spells_cast_last_turn = p.spells_cast_turn if ev.previous >= 0 else 0  # "last turn"
        p.lands_played = 0
        p.drawn_this_turn = 0
        p.life_lost_turn = 0
        p.dealt_damage_turn = False
        p.spells_cast_turn = 0
        p.life_gained_turn = 0
        p.lands_entered_turn = 0
        ctx.touched_players.add(p.index)
    for oid in s.battlefield:
        if ctx.controller(oid) == ev.player:
            s.objects[oid].sick = False  # 302.6
            ctx.touched.add(oid)
    changed(s, layers=True)  # 611.3a: "as long as it's your turn" changes with the active player
    _next_turn_begins(ctx, ev.player)
    pc = s.planechase
    if pc is not None:
        # 901.9: the planar die's cost counts this turn's rolls; 901.6: the active player is
        # the planar controller (and so controls the face-up plane)
        pc.rolls = 0
        pc.controller = ev.player
        for oid in pc.face_up:
            s.objects[oid].controller = ev.player
        changed(s, layers=True)
    ctx.emit(ev.rule, f"turn {s.turn}: {ctx.player_name(ev.player)}'s turn begins")
    return []


@executes(SpellCast)
def execute_spell_cast(ctx: Context, ev: SpellCast) -> list[GameEvent]:
    """Recorded for "whenever a player casts" (603.2); counted for storm (702.40a)."""
    s = ctx.state
    ev.before = s.spells_cast
    s.spells_cast += 1
    s.players[ev.player].spells_cast_turn += 1  # 702.117a: surge
    changed(s)
    return []


@executes(BecomeMonarch)
def execute_become_monarch(ctx: Context, ev: BecomeMonarch) -> list[GameEvent]:
    """725.3: only one player is the monarch at a time."""
    s = ctx.state
    if s.players[ev.player].left:
        return []
    s.monarch = ev.player
    changed(s)
    ctx.emit(ev.rule, f"{ctx.player_name(ev.player)} becomes the monarch")
    return []


@executes(BecomesTarget)
def execute_becomes_target(ctx: Context, ev: BecomesTarget) -> list[GameEvent]:
    """Recorded for "whenever ~ becomes the target of a spell or ability" (603.2, 702.21a):
    nothing changes."""
    return []


@executes(CopyOnStack)
def execute_copy_on_stack(ctx: Context, ev: CopyOnStack) -> list[GameEvent]:
    """707.10: a copy of a spell (or ability, 707.10b) is put onto the stack (on top) under its controller's
    control, who also owns it (it isn't a card, 707.10a: card -1). It copies the spell's
    copiable values and the choices made for it: modes, targets, the value of X, kicker and
    other additional costs paid, how damage is divided (707.10). It wasn't cast."""
    s = ctx.state
    o = s.objects.get(ev.obj)
    if o is None or o.zone != STACK:
        return []
    copied = ev.copy_of or o.copy_of
    if o.face_down and copied is None:
        # 707.2, 708.2: the copiable values of a face-down spell are its face-down ones: the
        # copy is a nameless colorless 2/2 creature spell, face up (the 707.2 example, on the
        # stack); what the card is stays hidden (708.5)
        copied = CopyValues(name=o.name, face_down=True)
    new = new_object(ctx, -1, o.name, ev.controller, STACK, is_copy=True, copy_of=copied)
    new.controller = ev.controller
    if o.ability:
        # 707.10b: a copy of an ability has the same source; a triggered ability's copy keeps
        # what its trigger event was (603.7c)
        new.owner = o.owner
        new.ability = o.ability
        new.source = o.source
        new.trigger = o.trigger
    new.x = o.x
    new.mode = list(o.mode)
    new.targets = [list(slot) for slot in o.targets]
    new.kicked = o.kicked
    new.alt_cost = o.alt_cost  # 707.10: a copy copies the alternative cost paid for the spell
    new.division = o.division
    new.chosen = {k: dict(v) for k, v in o.chosen.items()} if o.chosen else None
    new.bestowed = o.bestowed
    new.adventure = o.adventure  # 715.3c: a copy of an Adventure is an Adventure
    s.stack.append(new.id)
    ev.new_id = new.id
    changed(s, layers=True)
    targets = [
        ctx.describe(t) if t > 0 else ctx.player_name(ref_player(t)) for slot in new.targets for t in slot
    ]
    aimed = f" targeting {', '.join(targets)}" if targets else ""
    what = f"{o.name}'s ability" if o.ability else "a face-down spell" if o.face_down else o.name
    ctx.emit(ev.rule, f"{ctx.player_name(ev.controller)} puts a copy of {what} onto the stack{aimed}")
    return []


@executes(BlockerDeclared)
def execute_blocker_declared(ctx: Context, ev: BlockerDeclared) -> list[GameEvent]:
    return []  # recorded only: "whenever ... blocks" (509.3a-b)


@executes(AttackerBlocked)
def execute_attacker_blocked(ctx: Context, ev: AttackerBlocked) -> list[GameEvent]:
    return []  # recorded only: "whenever ... becomes blocked" (509.3c-d)


@executes(StepBegins)
def execute_step_begins(ctx: Context, ev: StepBegins) -> list[GameEvent]:
    if ev.step == "upkeep":
        ctx.state.players[ev.player].upkeeps += 1  # 702.30a: "your last upkeep"
    return []  # recorded for "at the beginning of ..." (603.1)


@executes(AttackerDeclared)
def execute_attacker_declared(ctx: Context, ev: AttackerDeclared) -> list[GameEvent]:
    """Recorded for "whenever ... attacks" (508.3a), and as one of the creatures its controller
    attacked with this turn (608.2i: whatever it becomes later)."""
    s = ctx.state
    pl = s.players[ctx.controller(ev.obj)]
    if pl.attacked_turn != s.turn:
        pl.attacked_turn, pl.attacked_with = s.turn, []
    if ev.obj not in pl.attacked_with:
        pl.attacked_with.append(ev.obj)
    return []


# ---------------------------------------------------------------------------- leaving the game (800.4a)


def leave_game(ctx: Context, p: int) -> None:
    """800.4a: the objects a player owns leave the game; effects giving them control end;
    their spells and abilities on the stack cease to exist; objects they still control
    are exiled (by the caller, through the pipeline)."""
    s = ctx.state
    before = _controllers(ctx)
    ctx.touched_players.update(range(len(s.players)))
    ctx.hidden_changes += 1
    if s.planechase is not None:
        _planes_leave_game(ctx, s.planechase, p)
    for oid in [oid for oid, o in s.objects.items() if o.owner == p]:
        o = s.objects[oid]
        if o.zone == BATTLEFIELD:
            remove_from_combat(s, oid)
        zone_list(s, o).remove(oid)
        del s.objects[oid]
        forget(s, oid)
    for o in s.objects.values():
        if o.attached_to and o.attached_to not in s.objects:
            o.attached_to = 0
    s.effects = [e for e in s.effects if not any(getattr(m, "player", -1) == p for m in e.mods)]
    s.triggers = [t for t in s.triggers if t.controller != p]  # 800.4d
    for oid in [x for x in s.stack if s.objects[x].controller == p]:
        s.stack.remove(oid)
        del s.objects[oid]
    changed(s, layers=True)
    refresh_control(ctx, {k: v for k, v in before.items() if k in s.objects})


def turn_plane_over(ctx: Context, oid: int, controller: int) -> int:
    """901.7a: a plane card turned face up or face down becomes a new object (still in the
    command zone, 311.2); a face-up one is controlled by the planar controller (901.6)."""
    s = ctx.state
    old = s.objects.pop(oid)
    new = new_object(ctx, old.card, old.name, old.owner, COMMAND)
    new.controller = controller
    return new.id


def _planes_leave_game(ctx: Context, pc: Planechase, p: int) -> None:
    """901.10: the plane cards a player owns leave the game with them; 800.4p: if they were the
    planar controller, the next player in turn order becomes it (who then turns the top card of
    their planar deck face up if the face-up plane left: :func:`karn.engine.game_over.leave_game`)."""
    s = ctx.state
    n = len(s.players)
    if pc.controller == p:
        after = [(p + k) % n for k in range(1, n)]
        pc.controller = next((q for q in after if not s.players[q].lost and not s.players[q].left), p)
    for x in s.stack:
        o = s.objects[x]
        if (
            o.controller == p
            and o.source in pc.face_up
            and "phenomenon" in ctx.face(s.objects[o.source].name).types
        ):
            # 901.10b: it stays on the stack, the new planar controller's (an exception to 800.4a)
            o.controller = o.owner = pc.controller
    for oid in [x for x in pc.decks[p] + pc.face_up if s.objects[x].owner == p]:
        del s.objects[oid]
    pc.decks[p] = []
    left = [x for x in pc.face_up if x not in s.objects]
    pc.face_up = [x for x in pc.face_up if x in s.objects]
    if left:
        # 901.10a: a plane left the game: a planeswalking ability on the stack ceases to exist
        for oid in [x for x in s.stack if s.objects[x].ability == PLANESWALKING_ABILITY]:
            s.stack.remove(oid)
            del s.objects[oid]
            ctx.emit("901.10a", "the planeswalking ability ceases to exist: the face-up plane left the game")
    for oid in pc.face_up:
        s.objects[oid].controller = pc.controller
    changed(s, layers=True)


def set_pool(ctx: Context, p: int, pool: dict[str, int]) -> None:
    """Scenario setup and rewinds: a player's mana pool is exactly this."""
    ctx.state.players[p].pool = dict(pool)
    ctx.touched_players.add(p)
    changed(ctx.state)
