"""Turn structure (500-514): the steps, their turn-based actions, cleanup.

Each step goes through three stages: turn-based actions (stage 0), priority
(stage 1, see :func:`karn.engine.flow.give_priority`) and its end (stage 2,
500.4), after which the next step begins.
"""

from __future__ import annotations

from karn import ir
from karn.engine import combat, decisions, sba, triggers
from karn.engine.actions import Action
from karn.engine.context import Context
from karn.engine.drawing import discard, draw
from karn.engine.events import (
    BecomeDayNight,
    CounterChange,
    EndTurnEffects,
    GameEvent,
    SpendMana,
    StartTurn,
    StepBegins,
    Tap,
)
from karn.engine.frames import AttackFrame, BlockFrame, CleanupFrame, DamageFrame
from karn.engine.game_over import first_priority, next_in_game
from karn.engine.pipeline import perform
from karn.engine.pipeline.players import DEFAULT_MAXIMUM_HAND_SIZE, maximum_hand_size
from karn.engine.state import STEPS, Combat, Option

STEP_RULE = {
    "untap": "502",
    "upkeep": "503",
    "draw": "504",
    "precombat_main": "505",
    "beginning_of_combat": "507",
    "declare_attackers": "508",
    "declare_blockers": "509",
    "first_strike_damage": "510.4",
    "combat_damage": "510",
    "end_of_combat": "511",
    "postcombat_main": "505",
    "end": "513",
    "cleanup": "514",
}


def advance(ctx: Context) -> None:
    """Stage 0: the step's turn-based actions; stage 2: the step ends (500.4).
    (Stage 1, priority, is the loop's: :func:`karn.engine.flow.give_priority`.)"""
    if ctx.state.stage == 0:
        turn_based_actions(ctx)
    else:
        end_step(ctx)


def turn_based_actions(ctx: Context) -> None:
    s = ctx.state
    step = s.step
    s.stage = 1
    if step in ("untap", "upkeep", "draw") and skips(ctx, s.active, step):
        # 614.1b, 614.10: a skipped step doesn't happen: no turn-based action, no priority.
        ctx.emit("614.10", f"{ctx.player_name(s.active)} skips their {step} step")
        s.stage = 2
        return
    if step != "cleanup":
        # 603.1 / 503.1a: "at the beginning of" abilities trigger as the step begins; they
        # go on the stack the next time a player would receive priority (after this step's
        # turn-based actions: 504.1 draws first). Cleanup has no such abilities (514.3a).
        perform(ctx, StepBegins(step=step, player=s.active))
    if step == "untap":
        day_or_night(ctx)  # 502.2
        untap_step(ctx)
        s.stage = 2  # 502.4: no player receives priority
    elif step == "draw":
        if s.turn == 1 and s.skip_first_draw:
            ctx.emit("103.8a", f"{ctx.player_name(s.active)} skips the draw step of the first turn")
        else:
            draw(ctx, s.active, 1, "504.1")
    elif step == "precombat_main":
        _lore_counters(ctx)
    elif step == "declare_attackers":
        s.combat = Combat()
        s.agenda.append(AttackFrame())
    elif step == "declare_blockers":
        s.agenda.append(BlockFrame())
    elif step == "first_strike_damage":
        s.agenda.append(DamageFrame(first=True))
    elif step == "combat_damage":
        s.agenda.append(DamageFrame(first=False))
    elif step == "cleanup":
        s.agenda.append(CleanupFrame())  # 514.1-514.3
    s.priority = first_priority(ctx)  # 117.3a
    s.passes = 0


def _lore_counters(ctx: Context) -> None:
    """714.3c: as a player's precombat main phase begins, that player puts a lore counter on each
    Saga they control with one or more chapter abilities (a turn-based action, no stack)."""
    s = ctx.state
    sagas = [oid for oid, c, _ in ctx.sba_watch().sagas if c.controller == s.active]
    if sagas:
        perform(ctx, [CounterChange(obj=oid, kind="lore", amount=1, rule="714.3c") for oid in sagas])


def skips(ctx: Context, player: int, step: str) -> bool:
    """614.10: does `player` skip this step of their turn? "You skip your next untap step" is
    used up by it (614.10a); "Skip your draw step" (a static ability) skips each one."""
    s = ctx.state
    for i, skip in enumerate(s.skips):
        if skip.player == player and skip.step == step:
            del s.skips[i]
            s.version += 1
            return True
    return any(
        isinstance(ab, ir.SkipStep) and ab.step == step
        for c in ctx.battlefield_chars().values()
        if c.controller == player
        for ab in c.abilities
    )


def _doesnt_untap(ctx: Context, oid: int) -> bool:
    """502.3: "~ doesn't untap during your untap step" (a static ability of the permanent), or
    an effect says it doesn't ("Enchanted creature doesn't untap during its controller's untap
    step", the rules layer 613.11)."""
    c = ctx.chars(oid)
    if c.object_rules and _DOESNT_UNTAP in c.object_rules:
        return True
    return any(isinstance(a, ir.DoesntUntap) for a in c.abilities)


_DOESNT_UNTAP = str(ir.ObjectRuleKind.DOESNT_UNTAP)


def day_or_night(ctx: Context) -> None:
    """502.2, 731.2: if it's day and the previous turn's active player cast no spells during
    that turn, it becomes night; if it's night and they cast two or more, it becomes day;
    with neither designation nothing happens (731.2c)."""
    s = ctx.state
    if not s.day_night or not 0 <= s.last_active < len(s.players):
        return
    cast = s.players[s.last_active].spells_cast_last_turn
    who = ctx.player_name(s.last_active)
    if s.day_night == "day" and cast == 0:
        perform(
            ctx,
            BecomeDayNight(
                to="night", rule="502.2", text=f"{who} cast no spells last turn: it becomes night"
            ),
        )
    elif s.day_night == "night" and cast >= 2:
        text = f"{who} cast {cast} spells last turn: it becomes day"
        perform(ctx, BecomeDayNight(to="day", rule="502.2", text=text))


def untap_step(ctx: Context) -> None:
    """502.3: the active player untaps their permanents (except those that don't untap)."""
    s = ctx.state
    events: list[GameEvent] = []
    for oid in list(s.battlefield):
        o = s.objects[oid]
        skip = o.skip_untap == s.active
        if skip:
            o.skip_untap = -1  # "during that player's next untap step" is this one
        if ctx.controller(oid) != s.active:
            continue
        if skip or (o.tapped and _doesnt_untap(ctx, oid)):
            ctx.emit("502.3", f"{ctx.describe(oid)} doesn't untap")
            continue
        if o.tapped:
            events.append(Tap(obj=oid, tapped=False, rule="502.3", quiet=True))
    if events:
        perform(ctx, events)
    n = len(events)
    ctx.emit("502.3", f"{ctx.player_name(s.active)} untaps {n} permanent{'s' if n != 1 else ''}")


def start_turn(ctx: Context, previous: int = -1) -> None:
    """500.1: the turn begins; 302.6: the active player's permanents are no longer "sick"."""
    perform(ctx, StartTurn(player=ctx.state.active, previous=previous))


def cleanup_step(ctx: Context, f: CleanupFrame) -> None:
    """514.1: discard down to the maximum hand size (402.2: seven, unless an effect changes it,
    613.11); 514.2: damage wears off and "until end of turn" effects end; 514.3: normally no
    player receives priority."""
    s = ctx.state
    pl = s.players[s.active]
    limit = maximum_hand_size(ctx, s.active)
    if limit is not None and len(pl.hand) > limit:
        size = (
            "seven cards"
            if limit == DEFAULT_MAXIMUM_HAND_SIZE
            else f"{limit} card{'s' if limit != 1 else ''}"
        )
        decisions.ask(
            ctx,
            s.active,
            "discard",
            "514.1",
            f"{pl.name}: discard down to {size} ({len(pl.hand) - limit} more)",
            [Option("choose", c, label=ctx.obj(c).name) for c in pl.hand],
        )
        return
    s.agenda.pop()
    perform(ctx, EndTurnEffects())
    # 514.3a: if state-based actions happen or abilities trigger, players get priority.
    triggers.scan(ctx)
    acted = sba.perform_sbas(ctx)
    if acted or s.triggers or s.agenda:
        s.cleanup_again = True
        s.stage = 1
    else:
        s.stage = 2


def cleanup_answer(ctx: Context, f: CleanupFrame, a: Action) -> None:
    discard(ctx, a.a, "514.1")


def _keep_last_known(ctx: Context) -> None:
    """608.2h: last known information is kept while something may still refer to it (a spell
    or ability on the stack or waiting to be put there, a continuous effect)."""
    s = ctx.state
    if not s.lki:
        return
    wanted: set[int] = set()
    for oid in s.stack:
        o = s.objects[oid]
        wanted.add(o.source)
        wanted.update(t for slot in o.targets for t in slot)
        if o.trigger is not None:
            wanted.update((o.trigger.object, o.trigger.new_object))
    for t in s.triggers:
        wanted.update((t.source, t.data.object, t.data.new_object))
    for e in s.effects:
        wanted.add(e.source)
    s.lki = {k: v for k, v in s.lki.items() if k in wanted}


def end_step(ctx: Context) -> None:
    """500.4: mana empties at the end of each step; then the next step begins."""
    s = ctx.state
    _keep_last_known(ctx)
    for p in s.players:
        if any(p.pool.values()):
            ctx.emit("500.4", f"{p.name}'s unused mana empties")
            perform(ctx, SpendMana(player=p.index, symbols=dict(p.pool), rule="500.4"))
    nxt = next_step(ctx)
    s.stage = 0
    s.passes = 0
    if nxt == "untap":
        previous = s.active
        s.turn += 1
        s.active = next_in_game(ctx, s.active)  # 800.4k
        s.combat = None
        s.step = "untap"
        start_turn(ctx, previous)
    else:
        s.step = nxt
    s.priority = first_priority(ctx)
    ctx.emit(STEP_RULE[s.step], f"{s.step.replace('_', ' ')} step begins")


def next_step(ctx: Context) -> str:
    s = ctx.state
    if s.step == "cleanup":
        if s.cleanup_again:
            s.cleanup_again = False
            return "cleanup"  # 514.3a
        return "untap"
    if s.step == "end_of_combat":
        s.combat = None  # 511.3
    i = STEPS.index(s.step)
    nxt = STEPS[i + 1]
    if nxt == "first_strike_damage" and not combat.any_first_strike(ctx):
        nxt = "combat_damage"  # 510.4: only one combat damage step without first or double strike
    if s.step == "declare_attackers" and (s.combat is None or not s.combat.attackers):
        return "end_of_combat"  # 508.8
    return nxt
