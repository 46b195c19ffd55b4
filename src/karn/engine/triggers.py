"""Triggered abilities (603): finding them in the recorded events, putting them on the stack.

The pipeline records every event in the journal; :func:`scan` reads it right
after each step of the engine's loop — as the event happened, 603.2 — and
records the abilities that trigger. They are put on the stack the next time a
player would receive priority (603.3), in APNAP order, each controller
ordering their own (603.3b), targets chosen as they go on the stack (603.3d).

Which permanents' abilities trigger: those on the battlefield right after the
event (permanents that entered together see each other enter); abilities
that trigger on leaving the battlefield look back in time (603.10a): the
permanents as they were before the event, the ones that left with it
included, with their last known abilities.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, get_args

from karn import ir
from karn.cards.pool import (
    MADNESS_ABILITY,
    MONARCH_DRAW_ABILITY,
    MONARCH_STEAL_ABILITY,
    PLANESWALKING_ABILITY,
    ability_id,
)
from karn.engine import decisions, targeting
from karn.engine.abilities import ability, ability_text, effects_of
from karn.engine.context import Context
from karn.engine.events import (
    AttackerBlocked,
    AttackerDeclared,
    BecomeDayNight,
    BecomesTarget,
    BlockerDeclared,
    ChaosEnsues,
    CounterChange,
    CreateToken,
    Damage,
    DrawCard,
    GameEvent,
    LifeGain,
    Planeswalk,
    Reveal,
    RollPlanarDie,
    SpellCast,
    StepBegins,
    Tap,
    Transform,
    TurnFaceUp,
    ZoneChange,
)
from karn.engine.filters import object_matches
from karn.engine.frames import TriggersFrame
from karn.engine.pipeline import perform, put_on_stack
from karn.engine.references import condition_holds, leave_stack, was_kicked
from karn.engine.state import (
    BATTLEFIELD,
    EXILE,
    GRAVEYARD,
    STACK,
    LastKnown,
    Obj,
    Option,
    PendingTrigger,
    TriggerData,
)
from karn.engine.values import chosen_for, player_ref, ref_player

#: 901.8: the planeswalking ability has no source (an exception to 113.8).
PLANESWALKING_NAME = "planeswalking ability"
#: 725.2: the monarch's inherent abilities have no source
MONARCH_NAME = "the monarch"

# Every trigger event gets a (possibly empty) list of watchers. "tapped_for_mana" abilities
# are mana abilities (605.1b): karn.engine.mana resolves them at once.
_EVENTS: tuple[str, ...] = get_args(ir.TriggerEvent)


def _watchers(ctx: Context) -> dict[str, list[tuple[int, str, ir.Trigger, int]]]:
    """The triggered abilities of the permanents, by trigger event (cached per state version):
    (source, ability id, trigger, controller)."""
    version, found = ctx.watchers
    if version == ctx.state.layers_version:
        return found
    out: dict[str, list[tuple[int, str, ir.Trigger, int]]] = {e: [] for e in _EVENTS}
    for oid, c in ctx.battlefield_chars().items():
        for ab, aid in zip(c.abilities, c.ability_ids, strict=True):
            if isinstance(ab, ir.Triggered) and ab.zone == BATTLEFIELD:  # 113.6: not suspend's
                out[ab.trigger.event].append((oid, aid, ab.trigger, c.controller))
    pc = ctx.state.planechase
    if pc is not None:
        # 901.7, 311.4: a face-up plane's triggered abilities trigger from the command zone,
        # controlled by the planar controller (901.6)
        for oid in pc.face_up:
            c = ctx.chars(oid)
            for ab, aid in zip(c.abilities, c.ability_ids, strict=True):
                if isinstance(ab, ir.Triggered):
                    out[ab.trigger.event].append((oid, aid, ab.trigger, pc.controller))
    for oid in ctx.state.emblems:
        # 114.4: an emblem's triggered abilities trigger from the command zone, controlled by
        # the emblem's controller (114.2)
        c = ctx.chars(oid)
        for ab, aid in zip(c.abilities, c.ability_ids, strict=True):
            if isinstance(ab, ir.Triggered):
                out[ab.trigger.event].append((oid, aid, ab.trigger, c.controller))
    ctx.watchers = (ctx.state.layers_version, out)
    return out


def _add(ctx: Context, source: int, aid: str, controller: int, data: TriggerData, name: str) -> None:
    ab = ability(ctx, aid)
    if isinstance(ab, ir.Triggered) and ab.condition is not None:
        # 603.4: an intervening "if" clause: the ability triggers only if it is true now
        if not condition_holds(ctx, ab.condition, controller, source, data):
            return
    if isinstance(ab, ir.Triggered) and ab.kicked is not None:
        # 603.4: "if it was kicked" (702.33d-f) is checked when the ability triggers; it can't
        # change later, so checking it again on resolution changes nothing.
        src = ctx.state.objects.get(source)
        if src is None or not was_kicked(ctx, src, ab.kicked):
            return
    if isinstance(ab, ir.Triggered) and ab.alt_paid:
        # 603.4: "if its evoke cost was paid" (702.74a): the source's spell was cast for it
        src = ctx.state.objects.get(source)
        if src is None or src.alt_cost != ab.alt_paid:
            return
    ctx.state.triggers.append(
        PendingTrigger(source=source, name=name, ability=aid, controller=controller, data=data)
    )


def scan(ctx: Context) -> None:
    """603.2: record the abilities that trigger on the events performed since the last scan."""
    s = ctx.state
    journal = s.journal
    if not journal:
        return
    s.journal = []
    watchers: dict[str, Any] | None = None
    i = 0
    while i < len(journal):
        ev = journal[i]
        if type(ev) is Tap:  # the most frequent event (mana): checked first
            if ev.changed:  # 603.2e: only a change of status
                if not ev.tapped and s.delayed:
                    _delayed_untapped(ctx, ev.obj)
                watchers = watchers or _watchers(ctx)
                event = "becomes_tapped" if ev.tapped else "becomes_untapped"
                for src, aid, tr, ctl in watchers[event]:
                    if _is_subject(ctx, tr, src, ctl, ev.obj, aid):
                        _add(ctx, src, aid, ctl, TriggerData(object=ev.obj), ctx.chars(src).name)
        elif isinstance(ev, ZoneChange):
            if ev.to == BATTLEFIELD and ev.new_id:
                watchers = watchers or _watchers(ctx)
                _on_enter(ctx, watchers["enters"], ev.new_id, ev.horizon)
                if ev.counters.get("lore"):
                    _on_lore(ctx, ev.new_id, 0)  # 122.6: it entered with lore counters
            if ev.origin == BATTLEFIELD and ev.last_known is not None:
                # 603.10a: the events of one batch that left the battlefield look back together.
                batch = [ev]
                while i + 1 < len(journal) and _same_batch(journal[i + 1], ev):
                    i += 1
                    nxt = journal[i]
                    assert isinstance(nxt, ZoneChange)
                    if nxt.to == BATTLEFIELD and nxt.new_id:
                        watchers = watchers or _watchers(ctx)
                        _on_enter(ctx, watchers["enters"], nxt.new_id, nxt.horizon)
                        if nxt.counters.get("lore"):
                            _on_lore(ctx, nxt.new_id, 0)
                    if nxt.origin == BATTLEFIELD and nxt.last_known is not None:
                        batch.append(nxt)
                watchers = watchers or _watchers(ctx)
                _on_leave(ctx, watchers, batch)
            if ev.cause == "discard" and ev.new_id:
                watchers = watchers or _watchers(ctx)
                _on_discard(ctx, watchers, ev)
                if ev.madness and ev.new_id in s.objects:
                    # 702.35a: "When this card is exiled this way, its owner may cast it ..."
                    new = s.objects[ev.new_id]
                    data = TriggerData(object=ev.new_id, player=new.owner)
                    s.triggers.append(PendingTrigger(ev.new_id, new.name, MADNESS_ABILITY, new.owner, data))
        elif type(ev) is CounterChange:
            if ev.kind == "lore" and ev.amount > 0:
                o = s.objects.get(ev.obj)
                if o is not None and o.zone == BATTLEFIELD:
                    _on_lore(ctx, ev.obj, o.counters.get("lore", 0) - ev.amount)
            elif ev.amount < 0 and ev.obj > 0:
                o = s.objects.get(ev.obj)
                if o is not None and o.zone == BATTLEFIELD and not o.counters.get(ev.kind):
                    watchers = watchers or _watchers(ctx)
                    for src, aid, tr, ctl in watchers["last_counter_removed"]:
                        # 702.63a: "When the last time counter is removed from ~"
                        if src == ev.obj and tr.counter == ev.kind:
                            _add(ctx, src, aid, ctl, TriggerData(object=src), ctx.chars(src).name)
                elif o is not None and o.zone == EXILE and not o.counters.get(ev.kind):
                    _last_counter_in_exile(ctx, ev)  # 702.62a: suspend
        elif isinstance(ev, CreateToken):
            watchers = watchers or _watchers(ctx)
            for tok in ev.new_ids:
                _on_enter(ctx, watchers["enters"], tok, ev.horizon)
        elif isinstance(ev, SpellCast):
            watchers = watchers or _watchers(ctx)
            _on_cast(ctx, watchers["cast"], ev)
        elif isinstance(ev, BecomesTarget):
            watchers = watchers or _watchers(ctx)
            if watchers["becomes_target"]:
                _on_target(ctx, watchers["becomes_target"], ev)
        elif isinstance(ev, AttackerDeclared):
            _on_attack(ctx, ev)
        elif isinstance(ev, (BlockerDeclared, AttackerBlocked)):
            watchers = watchers or _watchers(ctx)
            _on_block(ctx, watchers, ev)
        elif isinstance(ev, LifeGain):
            watchers = watchers or _watchers(ctx)
            _on_gain_life(ctx, watchers["gain_life"], ev)
        elif isinstance(ev, Damage):
            if ev.dealt > 0:  # 603.2h: damage all prevented isn't dealt
                watchers = watchers or _watchers(ctx)
                _on_damage(ctx, watchers, ev)
                if ev.combat and s.monarch >= 0 and ev.target == player_ref(s.monarch):
                    # 725.2: "Whenever a creature deals combat damage to the monarch, its
                    # controller becomes the monarch" (no source; the monarch controls it)
                    data = TriggerData(object=ev.source, player=ev.source_controller)
                    s.triggers.append(PendingTrigger(0, MONARCH_NAME, MONARCH_STEAL_ABILITY, s.monarch, data))
        elif isinstance(ev, DrawCard):
            if ev.drawn:
                watchers = watchers or _watchers(ctx)
                if watchers["draws"]:
                    _on_draw(ctx, watchers["draws"], ev)
        elif isinstance(ev, StepBegins):
            watchers = watchers or _watchers(ctx)
            _on_step(ctx, watchers["step"], ev)
            if ev.step == "end" and ev.player == s.monarch >= 0:
                # 725.2: "At the beginning of the monarch's end step, that player draws a card"
                data = TriggerData(player=ev.player)
                s.triggers.append(PendingTrigger(0, MONARCH_NAME, MONARCH_DRAW_ABILITY, ev.player, data))
        elif isinstance(ev, RollPlanarDie):
            if ev.face == "planeswalker":
                # 901.9c, 901.8: the planeswalking ability, with no source, controlled by the roller
                data = TriggerData(player=ev.player)
                s.triggers.append(
                    PendingTrigger(0, PLANESWALKING_NAME, PLANESWALKING_ABILITY, ev.player, data)
                )
        elif isinstance(ev, Planeswalk):
            if ev.away_ids:
                _planeswalked_away(ctx, ev)
            if ev.to_id and not ev.start:  # 901.5: nothing triggers for the starting plane
                watchers = watchers or _watchers(ctx)
                for src, aid, _, ctl in watchers["planeswalk_to"]:
                    if src == ev.to_id:  # 701.31d, 901.11: the plane planeswalked to
                        _add(ctx, src, aid, ctl, TriggerData(player=ev.player), ctx.chars(src).name)
        elif isinstance(ev, ChaosEnsues):
            watchers = watchers or _watchers(ctx)
            for src, aid, _, ctl in watchers["chaos"]:  # 311.7: the face-up plane's chaos abilities
                _add(ctx, src, aid, ctl, TriggerData(player=ev.player), ctx.chars(src).name)
        elif isinstance(ev, BecomeDayNight):
            if ev.was:  # 731.1a: "day becomes night", "night becomes day" (not from neither)
                watchers = watchers or _watchers(ctx)
                kinds = ("day_night", "becomes_day" if ev.to == "day" else "becomes_night")
                for kind in kinds:
                    for src, aid, _, ctl in watchers[kind]:
                        _add(ctx, src, aid, ctl, TriggerData(), ctx.chars(src).name)
        elif isinstance(ev, Transform):
            if ev.changed:  # 701.27e: "When this creature transforms into ~": the face now up has it
                watchers = watchers or _watchers(ctx)
                for src, aid, tr, ctl in watchers["transforms_into"]:
                    if src == ev.obj and _is_subject(ctx, tr, src, ctl, ev.obj, aid):
                        _add(ctx, src, aid, ctl, TriggerData(object=ev.obj), ctx.chars(src).name)
        elif isinstance(ev, TurnFaceUp):
            if ev.changed:  # 708.8: "When this creature is turned face up" (it didn't enter)
                watchers = watchers or _watchers(ctx)
                for src, aid, tr, ctl in watchers["turned_face_up"]:
                    if _is_subject(ctx, tr, src, ctl, ev.obj, aid):
                        _add(ctx, src, aid, ctl, TriggerData(object=ev.obj), ctx.chars(src).name)
        i += 1
    watchers = watchers or _watchers(ctx)
    state = watchers["state"]
    if state:
        _state_triggers(ctx, state)


def _planeswalked_away(ctx: Context, ev: Planeswalk) -> None:
    """701.31d, 901.11b: "When you planeswalk away from ~" looks back (603.10): the plane as it
    was face up, before it was turned face down (a new object, 901.7a); its controller was
    the planar controller, the player who planeswalks (701.31a)."""
    for oid, name in zip(ev.away_ids, ev.away, strict=True):
        for i, ab in enumerate(ctx.compiled(name).abilities):
            if isinstance(ab, ir.Triggered) and ab.trigger.event == "planeswalk_from":
                _add(ctx, oid, f"{name}#{i}", ev.player, TriggerData(player=ev.player), name)


def _state_triggers(ctx: Context, watching: list[tuple[int, str, ir.Trigger, int]]) -> None:
    """603.8: a state trigger triggers as soon as its condition is true, and not again
    while the ability is waiting to be put on the stack or is on it."""
    s = ctx.state
    for src, aid, tr, ctl in watching:
        assert tr.state is not None
        if any(t.source == src and t.ability == aid for t in s.triggers):
            continue
        if any(s.objects[x].source == src and s.objects[x].ability == aid for x in s.stack):
            continue
        if condition_holds(ctx, tr.state, ctl, src, None):
            _add(ctx, src, aid, ctl, TriggerData(), ctx.chars(src).name)


def _same_batch(a: GameEvent, b: ZoneChange) -> bool:
    return isinstance(a, ZoneChange) and a.horizon == b.horizon and a.rule == b.rule and a.cause == b.cause


def _on_enter(ctx: Context, watching: list[tuple[int, str, ir.Trigger, int]], oid: int, horizon: int) -> None:
    """603.6a: enters-the-battlefield abilities trigger when a permanent enters."""
    s = ctx.state
    if oid not in s.objects:
        return
    for src, aid, tr, ctl in watching:
        if src >= horizon or src not in s.objects:
            continue  # it came later than the event
        if tr.self_only and src != oid:
            continue
        if tr.filter is not None and not targeting.matches(ctx, oid, tr.filter, ctl, src, aid):
            continue
        if tr.from_zone is not None:
            continue  # "enters from [zone]": not expressible yet (the compiler doesn't produce it)
        _add(ctx, src, aid, ctl, TriggerData(object=oid), ctx.chars(src).name)


def _on_lore(ctx: Context, oid: int, before: int) -> None:
    """714.2b-c: lore counters were put on the Saga ``oid`` (122.6: as it entered, too): each of
    its chapter abilities triggers once for each of its chapter numbers N that the number of
    lore counters was less than and became at least; 702.155a: with read ahead, the turn it
    entered, only for the N equal to the number of lore counters it has."""
    s = ctx.state
    o = s.objects.get(oid)
    if o is None or o.zone != BATTLEFIELD:
        return
    after = o.counters.get("lore", 0)
    if after <= before:
        return
    c = ctx.chars(oid)
    exactly = o.read_ahead_turn == s.turn and "read ahead" in c.keywords
    for ab, aid in zip(c.abilities, c.ability_ids, strict=True):
        if not (isinstance(ab, ir.Triggered) and ab.trigger.event == "chapter"):
            continue
        for n in ab.trigger.chapters:
            if before < n <= after and (not exactly or n == after):
                _add(ctx, oid, aid, c.controller, TriggerData(object=oid, amount=n), c.name)


def _on_discard(ctx: Context, watchers: dict[str, Any], ev: ZoneChange) -> None:
    """701.9 / 603.2: "whenever [a player] discards a card" and "cycles or discards" (702.29d: a
    card cycled triggers it once); "whenever [a player] cycles a card" (702.29f: typecycling
    too); the cycled card's own "When you cycle this card", which triggers from the zone the
    card went to (702.29c, 113.6k). The triggering object is the card in its new zone."""
    player = ev.owner  # 701.9a: a player discards cards from their own hand
    events = ("discards", "cycles") if ev.cycled else ("discards",)
    for event in events:
        for src, aid, tr, ctl in watchers[event]:
            if not _whose_matches(ctx, tr.player, src, ctl, player):
                continue
            if tr.self_only or (tr.filter is not None and tr.filter.other and src == ev.obj):
                continue
            _add(ctx, src, aid, ctl, TriggerData(object=ev.new_id, player=player), ctx.chars(src).name)
    if not ev.cycled or ev.new_id not in ctx.state.objects:
        return
    c = ctx.chars(ev.new_id)
    for ab, aid in zip(c.abilities, c.ability_ids, strict=True):
        if isinstance(ab, ir.Triggered) and ab.trigger.event == "cycles" and ab.trigger.self_only:
            _add(ctx, ev.new_id, aid, player, TriggerData(object=ev.new_id, player=player), c.name)


def _on_cast(ctx: Context, watching: list[tuple[int, str, ir.Trigger, int]], ev: SpellCast) -> None:
    """601.2i / 603.2: "whenever [a player] casts" abilities (prowess 702.108a), and the
    spell's own "when you cast this spell" abilities (storm, 702.40a)."""
    _on_cast_self(ctx, ev)
    for src, aid, tr, ctl in watching:
        if tr.player == "you" and ev.player != ctl:
            continue
        if tr.player == "opponent" and ev.player == ctl:
            continue
        if tr.from_zone is not None and ev.from_zone != tr.from_zone:
            continue  # "cast a spell from your graveyard"
        if tr.filter is not None and not targeting.matches(ctx, ev.obj, tr.filter, ctl, src, aid):
            continue
        _add(ctx, src, aid, ctl, TriggerData(object=ev.obj, player=ev.player), ctx.chars(src).name)


def _on_cast_self(ctx: Context, ev: SpellCast) -> None:
    """ "When you cast this spell" (601.2i): the spell's own triggered abilities, which work on
    the stack (storm, 702.40a: it remembers the spells cast before it this turn)."""
    o = ctx.state.objects.get(ev.obj)
    if o is None or o.zone != STACK:
        return
    c = ctx.chars(ev.obj)
    for ab, aid in zip(c.abilities, c.ability_ids, strict=True):
        if isinstance(ab, ir.Triggered) and ab.trigger.event == "cast_self":
            data = TriggerData(object=ev.obj, player=ev.player, amount=ev.before)
            _add(ctx, ev.obj, aid, ev.player, data, c.name)


def _on_target(ctx: Context, watching: list[tuple[int, str, ir.Trigger, int]], ev: BecomesTarget) -> None:
    """601.2c, 603.3d: "whenever ~ becomes the target of a spell or ability [an opponent
    controls]" (ward, 702.21a): once for each permanent that became a target (603.2c); the
    triggering object is the spell or ability, the player its controller."""
    s = ctx.state
    for t in ev.targets:
        if t < 0 or t not in s.objects or s.objects[t].zone != BATTLEFIELD:
            continue
        for src, aid, tr, ctl in watching:
            if not _is_subject(ctx, tr, src, ctl, t, aid):
                continue
            if not _whose_matches(ctx, tr.player, src, ctl, ev.player):
                continue
            if tr.partner is not None and not targeting.matches(ctx, ev.obj, tr.partner, ctl, src, aid):
                continue  # "becomes the target of a spell": not an ability (113.1)
            _add(ctx, src, aid, ctl, TriggerData(object=ev.obj, player=ev.player), ctx.chars(src).name)


def _on_attack(ctx: Context, ev: AttackerDeclared) -> None:
    """508.3a: "whenever [this creature / equipped creature / a creature you control]
    attacks" (and "attacks or blocks") abilities."""
    s = ctx.state
    if ev.obj not in s.objects:
        return
    watchers = _watchers(ctx)
    events: tuple[str, ...] = ("attacks", "attacks_or_blocks")
    combat = s.combat
    if combat is not None and len(combat.attackers) == 1:
        events += ("attacks_alone",)  # 506.5: the only creature declared as an attacker
    for event in events:
        for src, aid, tr, ctl in watchers[event]:
            if _is_subject(ctx, tr, src, ctl, ev.obj, aid):
                data = TriggerData(object=ev.obj, defending=ev.defending_player)
                _add(ctx, src, aid, ctl, data, ctx.chars(src).name)
    if combat is not None and watchers["attack_with"] and next(iter(combat.attackers), 0) == ev.obj:
        # 508.1: "When you attack with N or more creatures": once for the whole declaration (at
        # its first attacker's event), by the attacking player's abilities
        for src, aid, tr, ctl in watchers["attack_with"]:
            if ctl == s.active and len(combat.attackers) >= tr.nth:
                _add(ctx, src, aid, ctl, TriggerData(player=ctl), ctx.chars(src).name)


def _on_block(ctx: Context, watchers: dict[str, Any], ev: BlockerDeclared | AttackerBlocked) -> None:
    """509.3a-d: "whenever ~ blocks" triggers once; "blocks a creature" once for each
    creature blocked; "becomes blocked" once; "becomes blocked by a creature" once for
    each blocker. The triggering object is the other creature when the trigger names one."""
    events: tuple[str, ...]
    # 506.2, 508.1b: the defending player: the blocker's controller, or the player the
    # blocked attacker attacks (or whose planeswalker it attacks)
    if isinstance(ev, BlockerDeclared):
        events = ("blocks", "attacks_or_blocks", "blocks_or_blocked")
        others = ev.attackers
        defending = ctx.controller(ev.obj) if ev.obj in ctx.state.objects else -1
    else:
        events = ("becomes_blocked", "blocks_or_blocked")
        others = ev.blockers
        combat = ctx.state.combat
        defending = combat.defending.get(ev.obj, -1) if combat is not None else -1
    for event in events:
        for src, aid, tr, ctl in watchers[event]:
            if not _is_subject(ctx, tr, src, ctl, ev.obj, aid):
                continue
            name = ctx.chars(src).name
            if not tr.per_creature:
                _add(ctx, src, aid, ctl, TriggerData(object=ev.obj, defending=defending), name)
                continue
            for other in others:
                # 509.3f: the other creature's characteristics as blockers are declared
                if tr.partner is None or targeting.matches(ctx, other, tr.partner, ctl, src, aid):
                    _add(ctx, src, aid, ctl, TriggerData(object=other, defending=defending), name)


def _on_gain_life(ctx: Context, watching: list[tuple[int, str, ir.Trigger, int]], ev: LifeGain) -> None:
    """603.2: "whenever you gain life" (119.9: one event per gain)."""
    if ev.amount <= 0:
        return
    for src, aid, tr, ctl in watching:
        if tr.player != "you" or ctl == ev.player:
            _add(ctx, src, aid, ctl, TriggerData(player=ev.player, amount=ev.amount), ctx.chars(src).name)


def _on_damage(ctx: Context, watchers: dict[str, Any], ev: Damage) -> None:
    """120 / 603.2h: "whenever [source] deals [combat] damage [to ...]" and "whenever ~ is
    dealt damage". The triggering object is the creature dealt damage when the trigger
    names one ("to a creature", "is dealt damage"), else the source; the player is the
    one dealt damage."""
    s = ctx.state
    to_player = ev.target < 0
    victim = ref_player(ev.target) if to_player else -1
    for src, aid, tr, ctl in watchers["deals_damage"]:
        if tr.combat and not ev.combat:
            continue
        if not _is_subject(ctx, tr, src, ctl, ev.source, aid):
            continue
        if not _recipient_matches(ctx, tr.to, ctl, ev.target):
            continue
        obj = ev.target if tr.to == "creature" else ev.source
        data = TriggerData(object=obj, player=victim, amount=ev.dealt)
        _add(ctx, src, aid, ctl, data, ctx.chars(src).name)
    if to_player or ev.target not in s.objects:
        return
    for src, aid, tr, ctl in watchers["dealt_damage"]:
        if tr.combat and not ev.combat:
            continue
        if _is_subject(ctx, tr, src, ctl, ev.target, aid):
            _add(ctx, src, aid, ctl, TriggerData(object=ev.target, amount=ev.dealt), ctx.chars(src).name)


def _is_subject(ctx: Context, tr: ir.Trigger, src: int, controller: int, oid: int, aid: str = "") -> bool:
    if tr.self_only:
        return oid == src
    if tr.host:
        return oid > 0 and ctx.state.objects[src].attached_to == oid
    if tr.filter is not None:
        return oid in ctx.state.objects and targeting.matches(ctx, oid, tr.filter, controller, src, aid)
    return True


def _recipient_matches(ctx: Context, to: str | None, controller: int, target: int) -> bool:
    if to is None:
        return True
    if target < 0:
        p = ref_player(target)
        if to == "you":
            return p == controller
        if to == "opponent":
            return p != controller
        return to in ("player", "player_or_planeswalker")
    if target not in ctx.state.objects:
        return False
    chars = ctx.chars(target)
    if to == "creature":
        return chars.is_("creature")
    return to == "player_or_planeswalker" and chars.is_("planeswalker")


def _on_draw(ctx: Context, watching: list[tuple[int, str, ir.Trigger, int]], ev: DrawCard) -> None:
    """121 / 603.2: "whenever [a player] draws a card", "... their second card each turn";
    603.11: "Reveal the first card you draw each turn. Whenever you reveal ... this way"."""
    for src, aid, tr, ctl in watching:
        if not _whose_matches(ctx, tr.player, src, ctl, ev.player):
            continue
        if tr.nth and ev.nth != tr.nth:
            continue
        if tr.reveal:
            if ev.drawn not in ctx.state.objects:
                continue
            name = ctx.obj(ev.drawn).name
            perform(
                ctx,
                Reveal(
                    objects=[ev.drawn],
                    rule="603.11",
                    text=f"{ctx.player_name(ev.player)} reveals {name}, the first card they drew this turn",
                ),
            )
            if tr.filter is not None and not targeting.matches(ctx, ev.drawn, tr.filter, ctl, src, aid):
                continue
        _add(ctx, src, aid, ctl, TriggerData(object=ev.drawn, player=ev.player), ctx.chars(src).name)


def _on_step(ctx: Context, watching: list[tuple[int, str, ir.Trigger, int]], ev: StepBegins) -> None:
    """603.1: "at the beginning of [whose] [step]" abilities; "that player" is the active
    player (TriggerData.player). 603.7b: delayed abilities waiting for this step trigger
    once and are gone."""
    s = ctx.state
    if s.delayed:
        waiting = []
        for d in s.delayed:
            if d.turn >= 0 and d.turn != s.turn:
                continue  # "this turn" is over (603.7b)
            if d.step and d.step == ev.step and d.player in (-1, ev.player):
                data = TriggerData(object=max(d.object, 0), player=ev.player)
                s.triggers.append(
                    PendingTrigger(
                        source=d.source, name=d.name, ability=d.ability, controller=d.controller, data=data
                    )
                )
            else:
                waiting.append(d)
        s.delayed = waiting
    for src, aid, tr, ctl in watching:
        if tr.step != ev.step or not _whose_matches(ctx, tr.player, src, ctl, ev.player):
            continue
        _add(ctx, src, aid, ctl, TriggerData(player=ev.player), ctx.chars(src).name)
    if ev.player >= 0:
        _exiled_step(ctx, ev)


def _in_exile(ctx: Context, oid: int, event: str) -> Iterator[tuple[str, ir.Triggered]]:
    """113.6: the triggered abilities of the exiled card ``oid`` that function in exile (suspend,
    702.62a) and trigger on ``event``, with their ids."""
    name = ctx.state.objects[oid].name
    for i, ab in enumerate(ctx.compiled(name).abilities):
        if isinstance(ab, ir.Triggered) and ab.zone == EXILE and ab.trigger.event == event:
            yield ability_id(name, i), ab


def _exiled_step(ctx: Context, ev: StepBegins) -> None:
    """702.62a: "At the beginning of your upkeep, if this card is suspended, remove a time
    counter from it": the abilities of the cards in the active player's exile that function
    there (only cards with time counters have them, 702.62b); the card's owner controls them."""
    s = ctx.state
    for oid in s.players[ev.player].exile:
        o = s.objects[oid]
        if not o.counters.get("time"):
            continue
        for aid, ab in _in_exile(ctx, oid, "step"):
            if ab.trigger.step == ev.step and ab.trigger.player in ("you", None):
                _add(ctx, oid, aid, o.owner, TriggerData(player=ev.player), o.name)


def _last_counter_in_exile(ctx: Context, ev: CounterChange) -> None:
    """702.62a: "When the last time counter is removed from this card, if it's exiled, ...": it
    triggers from exile, controlled by the card's owner."""
    o = ctx.state.objects[ev.obj]
    for aid, ab in _in_exile(ctx, ev.obj, "last_counter_removed"):
        if ab.trigger.counter == ev.kind:
            _add(ctx, ev.obj, aid, o.owner, TriggerData(object=ev.obj, player=o.owner), o.name)


def _whose_matches(ctx: Context, whose: str | None, src: int, controller: int, player: int) -> bool:
    if whose is None:
        return True
    if whose == "you":
        return player == controller
    if whose == "opponent":
        return player != controller  # 102.3: every other player (no teams)
    host = ctx.state.objects[src].attached_to
    if not host:
        return False
    if whose == "enchanted_player":
        return host < 0 and ref_player(host) == player
    return host > 0 and host in ctx.state.objects and ctx.controller(host) == player


def _delayed_leaves(ctx: Context, batch: list[ZoneChange]) -> None:
    """603.7a: delayed abilities waiting for their permanent to leave the battlefield."""
    s = ctx.state
    left = {ev.obj: ev for ev in batch}
    waiting = []
    for d in s.delayed:
        ev = left.get(d.watch) if d.watch else None
        if ev is None or (d.turn >= 0 and d.turn != s.turn):
            waiting.append(d)
            continue
        obj, new = (d.watch, ev.new_id) if d.object == d.watch else (max(d.object, 0), 0)
        data = TriggerData(object=obj, new_object=new)
        s.triggers.append(
            PendingTrigger(
                source=d.source, name=d.name, ability=d.ability, controller=d.controller, data=data
            )
        )
    s.delayed = waiting


def _delayed_untapped(ctx: Context, oid: int) -> None:
    """603.7a: "When ~ leaves the battlefield or becomes untapped, ...": a delayed ability waiting
    for its permanent to become untapped triggers once (603.7b); one created after the permanent
    untapped waits for the next time it untaps (603.7a, Example 2)."""
    s = ctx.state
    waiting = []
    for d in s.delayed:
        if not (d.untapped and d.watch == oid) or (d.turn >= 0 and d.turn != s.turn):
            waiting.append(d)
            continue
        data = TriggerData(object=max(d.object, 0))
        s.triggers.append(
            PendingTrigger(
                source=d.source, name=d.name, ability=d.ability, controller=d.controller, data=data
            )
        )
    s.delayed = waiting


def _lki_matches(
    f: ir.Filter, lk: LastKnown, controller: int, chosen: Mapping[str, str] | None = None
) -> bool:
    """Does an object that left the battlefield match `f` as it last existed (603.10a)?
    ``chosen``: what the watching source chose for the ability (607.2a)."""
    return object_matches(
        f,
        lk,
        lk.controller,
        lk.owner,
        controller,
        chosen,
    )


def _source_chosen(ctx: Context, src: int, aid: str, batch: list[ZoneChange]) -> Mapping[str, str]:
    """607.2a, 607.5a: the value chosen for the watching ability `aid` of `src` ("whenever a
    creature of the chosen type dies"): read on the source, or as it last existed when it left
    with the batch (603.10a)."""
    for ev in batch:
        if ev.obj == src and ev.last_known is not None:
            return chosen_for(ev.last_known.chosen, aid)
    o = ctx.state.objects.get(src)
    return chosen_for(o.chosen if o is not None else None, aid)


#: The trigger events that look back in time (603.10a).
_LEAVING = ("dies", "put_into_graveyard", "leaves")


def _look_back(
    ctx: Context, watchers: dict[str, Any], batch: list[ZoneChange]
) -> Iterator[tuple[int, str, ir.Trigger, int, str]]:
    """603.10a: the leaves-the-battlefield abilities as the game was before the event:
    permanents still there that were there before, and those that left with it."""
    horizon = batch[0].horizon
    left = {ev.obj for ev in batch}
    for event in _LEAVING:
        for src, aid, tr, ctl in watchers[event]:
            if src < horizon and src not in left:
                yield src, aid, tr, ctl, ctx.chars(src).name
    for ev in batch:
        lk = ev.last_known
        assert lk is not None
        for aid in lk.abilities:
            ab = ability(ctx, aid)
            if isinstance(ab, ir.Triggered) and ab.trigger.event in _LEAVING:
                yield ev.obj, aid, ab.trigger, lk.controller, lk.name
        for other in ev.attached:
            # an Aura or Equipment that was attached to it and has left since (the Aura put
            # into a graveyard by the next state-based action check, 704.5m): its "when
            # enchanted creature dies" looks back too (603.10a)
            gone = ctx.state.lki.get(other)
            if other in ctx.state.objects or gone is None or other in left:
                continue
            for aid in gone.abilities:
                ab = ability(ctx, aid)
                if isinstance(ab, ir.Triggered) and ab.trigger.host and ab.trigger.event in _LEAVING:
                    yield other, aid, ab.trigger, gone.controller, gone.name


def _on_leave(ctx: Context, watchers: dict[str, Any], batch: list[ZoneChange]) -> None:
    s = ctx.state
    if s.delayed:
        _delayed_leaves(ctx, batch)
    for src, aid, tr, ctl, name in list(_look_back(ctx, watchers, batch)):
        for ev in batch:
            lk = ev.last_known
            assert lk is not None
            if ev.to != GRAVEYARD and tr.event != "leaves":
                continue  # "leaves the battlefield": to any zone
            if tr.event == "dies" and "creature" not in lk.types:
                continue  # 700.4: "dies" means put into a graveyard from the battlefield
            if tr.self_only and src != ev.obj:
                continue
            if tr.host and src not in ev.attached:
                continue  # "When enchanted creature dies": the one it was attached to (603.10a)
            if tr.filter is not None:
                if tr.filter.other and src == ev.obj:
                    continue
                chosen = _source_chosen(ctx, src, aid, batch) if tr.filter.chosen is not None else None
                if not _lki_matches(tr.filter, lk, ctl, chosen):
                    continue
            _add(ctx, src, aid, ctl, TriggerData(object=ev.obj, new_object=ev.new_id), name)


# ---------------------------------------------------------------------------- putting triggers on the stack


def _triggered(ctx: Context, aid: str) -> ir.Triggered:
    ab = ability(ctx, aid)
    assert isinstance(ab, ir.Triggered)
    return ab


def place_step(ctx: Context, f: TriggersFrame) -> None:
    """603.3b: APNAP order; each player orders their own triggers; 603.3d targets."""
    s = ctx.state
    ans = f.answer
    f.answer = None
    if f.current:
        if ans is not None and ans.kind == "mode":
            o = s.objects[f.current]
            o.mode = [ans.a]  # 603.3c: the mode is chosen as it goes on the stack
            ctx.emit(
                "700.2", f"{o.name}'s ability: mode chosen: {_triggered(ctx, o.ability).modes[ans.a].text}"
            )
            _choose_trigger_targets(ctx, f)
            return
        if ans is not None:
            if ans.kind == "target":
                f.picks.chosen[-1].append(ans.a)
            elif ans.kind == "done":
                f.picks.slot_done = True
        _choose_trigger_targets(ctx, f)
        return
    if ans is not None and ans.kind == "order":
        _put(ctx, f, ans.a)
        return
    if not s.triggers:
        s.agenda.pop()
        return
    n = len(s.players)
    for k in range(n):
        p = (s.active + k) % n
        mine = [i for i, t in enumerate(s.triggers) if t.controller == p]
        if not mine:
            continue
        distinct = {(s.triggers[i].name, s.triggers[i].ability, s.triggers[i].source) for i in mine}
        if len(mine) > 1 and len(distinct) > 1:
            opts = [
                Option("order", i, label=f"{s.triggers[i].name}: {ability_text(ctx, s.triggers[i].ability)}")
                for i in mine
            ]
            decisions.ask(
                ctx,
                p,
                "order",
                "603.3b",
                f"{ctx.player_name(p)}: choose the next triggered ability to put on the stack",
                opts,
            )
            return
        _put(ctx, f, mine[0])
        return


def _put(ctx: Context, f: TriggersFrame, i: int) -> None:
    s = ctx.state
    t = s.triggers.pop(i)
    ab = _triggered(ctx, t.ability)
    o = put_on_stack(ctx, t.ability, t.source, t.name, t.controller, t.controller)
    o.trigger = t.data
    f.current = o.id
    f.picks.chosen = []
    f.picks.slot = 0
    f.picks.slot_done = False
    if ab.modes:
        _choose_mode(ctx, f, o, ab)
    elif not ab.targets:
        _done_putting(ctx, f)
    else:
        _choose_trigger_targets(ctx, f)


def _choose_mode(ctx: Context, f: TriggersFrame, o: Obj, ab: ir.Triggered) -> None:
    """603.3c / 700.2a: the controller of a modal triggered ability chooses its mode as it is
    put on the stack; a mode whose targets can't be chosen can't be chosen (700.2a)."""
    opts = []
    for i, m in enumerate(ab.modes):
        if targeting.slots_fillable(ctx, m.targets, o.controller, o.source, o.id):
            opts.append(Option("mode", i, label=m.text or f"mode {i + 1}"))
    if not opts:
        # 603.3c: no mode can be chosen: the ability is removed from the stack
        f.current = 0
        perform(ctx, leave_stack(o, "603.3c"))
        ctx.emit("603.3c", f"{o.name}'s triggered ability has no mode that can be chosen and is removed")
        return
    decisions.ask(ctx, o.controller, "mode", "603.3c", f"choose a mode for {o.name}'s ability", opts)


def _choose_trigger_targets(ctx: Context, f: TriggersFrame) -> None:
    s = ctx.state
    oid = f.current
    o = s.objects[oid]
    _, specs = effects_of(ctx, o)
    pick = targeting.next_pick(ctx, f.picks, specs, o.controller, o.source, o.id)
    if pick is None:
        _done_putting(ctx, f)
        return
    spec, picked, cands = pick
    if len(picked) < spec.min and not cands:
        # 603.3d: no legal choice: the ability is removed from the stack.
        f.current = 0
        perform(ctx, leave_stack(o, "603.3d"))
        ctx.emit("603.3d", f"{o.name}'s triggered ability has no legal target and is removed")
        return
    opts = [Option("target", c, label=targeting.label(ctx, c)) for c in cands]
    if len(picked) >= spec.min:
        opts.append(Option("done", label="no more targets"))
    what = spec.text or "target"
    decisions.ask(ctx, o.controller, "target", "603.3d", f"choose {what} for {o.name}'s ability", opts)


def _done_putting(ctx: Context, f: TriggersFrame) -> None:
    oid = f.current
    f.current = 0
    o = ctx.obj(oid)
    o.targets = f.picks.chosen
    f.picks.chosen = []
    text = _triggered(ctx, o.ability).text
    tg = [targeting.label(ctx, t) for slot in o.targets for t in slot]
    ctx.emit(
        "603.3", f"{o.name}'s ability triggers: {text}" + (f" (targeting {', '.join(tg)})" if tg else "")
    )
    targeting.became_targets(ctx, o, "603.3d")  # 603.3d, 601.2c
