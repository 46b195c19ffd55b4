"""Turn structure (500-514): the steps, their turn-based actions, cleanup; drawing (121).

Each step goes through three stages: turn-based actions (stage 0), priority
(stage 1, see :func:`karn.engine.flow.give_priority`) and its end (stage 2,
500.4), after which the next step begins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from karn.engine import combat, effects, flow, sba
from karn.engine.actions import Action
from karn.engine.game_over import first_priority, next_in_game
from karn.engine.state import HAND, STEPS, Combat, Frame, Option
from karn.engine.zones import move

if TYPE_CHECKING:
    from karn.engine.game import Game

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


# ---------------------------------------------------------------------------- drawing (121)


def draw(g: Game, p: int, n: int = 1, rule: str = "121.1") -> None:
    pl = g.s.players[p]
    for _ in range(n):
        if not pl.library:
            pl.drew_from_empty = True  # 704.5b
            g.emit("121.4", f"{pl.name} attempts to draw from an empty library")
            continue
        move(g, pl.library[-1], HAND)
    if n:
        g.emit(rule, f"{pl.name} draws {n} card{'s' if n != 1 else ''}")


# ---------------------------------------------------------------------------- turn structure


def advance(g: Game) -> None:
    s = g.s
    if s.stage == 0:
        turn_based_actions(g)
    elif s.stage == 1:
        flow.give_priority(g)
    else:
        end_step(g)


def turn_based_actions(g: Game) -> None:
    s = g.s
    step = s.step
    s.stage = 1
    if step == "untap":
        untap_step(g)
        s.stage = 2  # 502.4: no player receives priority
    elif step == "draw":
        if s.turn == 1 and s.skip_first_draw:
            g.emit("103.8a", f"{g.pname(s.active)} skips the draw step of the first turn")
        else:
            draw(g, s.active, 1, "504.1")
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
        cleanup(g)
    s.priority = first_priority(g)  # 117.3a
    s.passes = 0


def untap_step(g: Game) -> None:
    """502.3: the active player untaps their permanents (except those that don't untap)."""
    s = g.s
    untapped = 0
    for oid in list(s.battlefield):
        o = s.objects[oid]
        skip = o.skip_untap == s.active
        if skip:
            o.skip_untap = -1  # "during that player's next untap step" is this one
        if g.controller(oid) != s.active:
            continue
        if skip:
            g.emit("502.3", f"{g.describe(oid)} doesn't untap")
            continue
        if o.tapped:
            o.tapped = False
            untapped += 1
    g.emit("502.3", f"{g.pname(s.active)} untaps {untapped} permanent{'s' if untapped != 1 else ''}")


def start_turn(g: Game) -> None:
    s = g.s
    for p in s.players:
        p.lands_played = 0
    for oid in s.battlefield:
        if g.controller(oid) == s.active:
            s.objects[oid].sick = False  # 302.6
    g.emit("500.1", f"turn {s.turn}: {g.pname(s.active)}'s turn begins")


def cleanup(g: Game) -> None:
    """514.1-514.3."""
    s = g.s
    s.agenda.append(Frame("discard", {}))


def cleanup_discard_step(g: Game, f: Frame) -> None:
    s = g.s
    pl = s.players[s.active]
    if len(pl.hand) > 7 and not f.vars.get("done"):
        flow.ask(
            g,
            s.active,
            "discard",
            "514.1",
            f"{pl.name}: discard down to seven cards ({len(pl.hand) - 7} more)",
            [Option("choose", c, label=g.obj(c).name) for c in pl.hand],
        )
        return
    s.agenda.pop()
    # 514.2: remove damage, end "until end of turn" effects and "this turn" shields.
    for oid in s.battlefield:
        o = s.objects[oid]
        o.damage = 0
        o.deathtouch_damage = False
    changing = {oid for e in s.effects if e.until_end_of_turn and e.new_controller >= 0 for oid in e.affected}
    before = {oid: g.controller(oid) for oid in changing if oid in s.objects}
    s.effects = [e for e in s.effects if not e.until_end_of_turn]
    s.shields = []
    g.dirty()
    for oid, ctl in before.items():
        if g.controller(oid) != ctl:
            s.objects[oid].sick = True  # 302.6: control changes back
    g.emit("514.2", 'damage wears off and "until end of turn" effects end')
    # 514.3a: normally no player receives priority in the cleanup step.
    acted = sba.perform(g)
    if acted or s.triggers:
        s.cleanup_again = True
        s.stage = 1
    else:
        s.stage = 2


def cleanup_discard_answer(g: Game, f: Frame, a: Action) -> None:
    effects.discard(g, a.a, "514.1")


def end_step(g: Game) -> None:
    """500.4: mana empties at the end of each step; then the next step begins."""
    s = g.s
    s.lki.clear()  # nothing on the stack or waiting can refer to objects that left (608.2h)
    for p in s.players:
        if any(p.pool.values()):
            g.emit("500.4", f"{p.name}'s unused mana empties")
        p.pool = {}
    nxt = next_step(g)
    s.stage = 0
    s.passes = 0
    if nxt == "untap":
        s.turn += 1
        s.active = next_in_game(g, s.active)  # 800.4k
        s.combat = None
        s.step = "untap"
        start_turn(g)
    else:
        s.step = nxt
    s.priority = first_priority(g)
    g.emit(STEP_RULE[s.step], f"{s.step.replace('_', ' ')} step begins")


def next_step(g: Game) -> str:
    s = g.s
    if s.step == "cleanup":
        if s.cleanup_again:
            s.cleanup_again = False
            return "cleanup"  # 514.3a
        return "untap"
    if s.step == "end_of_combat":
        s.combat = None  # 511.3
    i = STEPS.index(s.step)
    nxt = STEPS[i + 1]
    if nxt == "first_strike_damage" and not combat.any_first_strike(g):
        nxt = "combat_damage"  # 510.4: only one combat damage step without first or double strike
    if s.step == "declare_attackers" and (s.combat is None or not s.combat.attackers):
        return "end_of_combat"  # 508.8
    return nxt
