"""Turn structure (500-514): the steps, their turn-based actions, cleanup; drawing (121).

Each step goes through three stages: turn-based actions (stage 0), priority
(stage 1, see :func:`karn.engine.flow.give_priority`) and its end (stage 2,
500.4), after which the next step begins.
"""

from __future__ import annotations

from karn.engine import combat, decisions, sba
from karn.engine.actions import Action
from karn.engine.context import Context
from karn.engine.game_over import first_priority, next_in_game
from karn.engine.state import STEPS, Combat, Frame, Option
from karn.engine.zones import discard, draw

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


# ---------------------------------------------------------------------------- turn structure


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
    if step == "untap":
        untap_step(ctx)
        s.stage = 2  # 502.4: no player receives priority
    elif step == "draw":
        if s.turn == 1 and s.skip_first_draw:
            ctx.emit("103.8a", f"{ctx.player_name(s.active)} skips the draw step of the first turn")
        else:
            draw(ctx, s.active, 1, "504.1")
    elif step == "declare_attackers":
        s.combat = Combat()
        s.agenda.append(Frame("attack", {}))
    elif step == "declare_blockers":
        s.agenda.append(Frame("block", {}))
    elif step == "first_strike_damage":
        s.agenda.append(Frame("damage", {"first": True}))
    elif step == "combat_damage":
        s.agenda.append(Frame("damage", {"first": False}))
    elif step == "cleanup":
        cleanup(ctx)
    s.priority = first_priority(ctx)  # 117.3a
    s.passes = 0


def untap_step(ctx: Context) -> None:
    """502.3: the active player untaps their permanents (except those that don't untap)."""
    s = ctx.state
    untapped = 0
    for oid in list(s.battlefield):
        o = s.objects[oid]
        skip = o.skip_untap == s.active
        if skip:
            o.skip_untap = -1  # "during that player's next untap step" is this one
        if ctx.controller(oid) != s.active:
            continue
        if skip:
            ctx.emit("502.3", f"{ctx.describe(oid)} doesn't untap")
            continue
        if o.tapped:
            o.tapped = False
            untapped += 1
    ctx.emit(
        "502.3", f"{ctx.player_name(s.active)} untaps {untapped} permanent{'s' if untapped != 1 else ''}"
    )


def start_turn(ctx: Context) -> None:
    s = ctx.state
    for p in s.players:
        p.lands_played = 0
    for oid in s.battlefield:
        if ctx.controller(oid) == s.active:
            s.objects[oid].sick = False  # 302.6
    ctx.emit("500.1", f"turn {s.turn}: {ctx.player_name(s.active)}'s turn begins")


def cleanup(ctx: Context) -> None:
    """514.1-514.3."""
    s = ctx.state
    s.agenda.append(Frame("discard", {}))


def cleanup_discard_step(ctx: Context, f: Frame) -> None:
    s = ctx.state
    pl = s.players[s.active]
    if len(pl.hand) > 7 and not f.vars.get("done"):
        decisions.ask(
            ctx,
            s.active,
            "discard",
            "514.1",
            f"{pl.name}: discard down to seven cards ({len(pl.hand) - 7} more)",
            [Option("choose", c, label=ctx.obj(c).name) for c in pl.hand],
        )
        return
    s.agenda.pop()
    # 514.2: remove damage, end "until end of turn" effects and "this turn" shields.
    for oid in s.battlefield:
        o = s.objects[oid]
        o.damage = 0
        o.deathtouch_damage = False
    changing = {oid for e in s.effects if e.until_end_of_turn and e.new_controller >= 0 for oid in e.affected}
    before = {oid: ctx.controller(oid) for oid in changing if oid in s.objects}
    s.effects = [e for e in s.effects if not e.until_end_of_turn]
    s.shields = []
    ctx.dirty()
    for oid, ctl in before.items():
        if ctx.controller(oid) != ctl:
            s.objects[oid].sick = True  # 302.6: control changes back
    ctx.emit("514.2", 'damage wears off and "until end of turn" effects end')
    # 514.3a: normally no player receives priority in the cleanup step.
    acted = sba.perform(ctx)
    if acted or s.triggers:
        s.cleanup_again = True
        s.stage = 1
    else:
        s.stage = 2


def cleanup_discard_answer(ctx: Context, f: Frame, a: Action) -> None:
    discard(ctx, a.a, "514.1")


def end_step(ctx: Context) -> None:
    """500.4: mana empties at the end of each step; then the next step begins."""
    s = ctx.state
    s.lki.clear()  # nothing on the stack or waiting can refer to objects that left (608.2h)
    for p in s.players:
        if any(p.pool.values()):
            ctx.emit("500.4", f"{p.name}'s unused mana empties")
        p.pool = {}
    nxt = next_step(ctx)
    s.stage = 0
    s.passes = 0
    if nxt == "untap":
        s.turn += 1
        s.active = next_in_game(ctx, s.active)  # 800.4k
        s.combat = None
        s.step = "untap"
        start_turn(ctx)
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
