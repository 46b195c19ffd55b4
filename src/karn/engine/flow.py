"""The engine's main loop: the agenda, turn structure (500-514) and priority (117).

``run`` advances the game until a decision is needed: it executes the top
frame of the agenda (casting, resolving, declaring, ...) or, with an empty
agenda, the turn's steps and priority. State-based actions (704.3) and the
placing of triggered abilities (603.3) happen each time a player would
receive priority.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from karn.engine import casting, combat, priority, resolve, rng, sba, triggers
from karn.engine.actions import Action
from karn.engine.state import (
    BATTLEFIELD,
    EXILE,
    HAND,
    LIBRARY,
    STACK,
    STEPS,
    Combat,
    Decision,
    Frame,
    Option,
)
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

# Steps whose turn-based actions change the game (the others only pass priority around).
_MUTATING_STEPS = frozenset(
    {
        "untap",
        "draw",
        "declare_attackers",
        "declare_blockers",
        "first_strike_damage",
        "combat_damage",
        "cleanup",
    }
)

FrameStep = Callable[["Game", Frame], None]
FrameAnswer = Callable[["Game", Frame, Action], None]


def _frames() -> tuple[dict[str, FrameStep], dict[str, FrameAnswer]]:
    steps: dict[str, FrameStep] = {
        "mulligan": mulligan_step,
        "cast": casting.cast_step,
        "activate": casting.activate_step,
        "resolve": resolve.resolve_step,
        "triggers": triggers.place_step,
        "attack": combat.attack_step,
        "block": combat.block_step,
        "damage": combat.damage_step,
        "legend": sba.legend_step,
        "discard": cleanup_discard_step,
    }
    answers: dict[str, FrameAnswer] = {
        "mulligan": mulligan_answer,
        "cast": casting.cast_answer,
        "activate": casting.activate_answer,
        "resolve": resolve.resolve_answer,
        "triggers": triggers.place_answer,
        "attack": combat.attack_answer,
        "block": combat.block_answer,
        "damage": combat.damage_answer,
        "legend": sba.legend_answer,
        "discard": cleanup_discard_answer,
    }
    return steps, answers


# ---------------------------------------------------------------------------- main loop


def run(g: Game) -> None:
    s = g.s
    guard = 0
    while not s.over:
        if s.decision is not None:
            d = s.decision
            if len(d.options) == 1 and (
                g.s.settings.get("auto_pass", 0)
                if d.kind == "priority"
                else g.s.settings.get("auto_single", 1)
            ):
                s.decision = None
                handle(g, Action.of(d.options[0]), d)
                continue
            return
        guard += 1
        if guard > 100000:
            raise RuntimeError("engine made no progress (internal error)")
        if s.agenda:
            g.sba_clean = False
            f = s.agenda[-1]
            STEP_FRAME[f.kind](g, f)
            continue
        if s.stage == 0 and s.step in _MUTATING_STEPS:
            g.sba_clean = False
        advance(g)


def handle(g: Game, action: Action, d: Decision) -> None:
    if action.kind != "pass":
        g.sba_clean = False
    if d.kind == "priority":
        priority_answer(g, action)
        return
    f = g.s.agenda[-1]
    ANSWER_FRAME[f.kind](g, f, action)


def ask(g: Game, player: int, kind: str, rule: str, prompt: str, options: list[Option]) -> None:
    g.s.decision = Decision(player=player, kind=kind, rule=rule, prompt=prompt, options=options)


# ---------------------------------------------------------------------------- game start (103)


def start_game(g: Game) -> None:
    s = g.s
    for p in s.players:
        rng.shuffle(s, p.library)  # 103.3
        g.emit("103.3", f"{p.name} shuffles their library")
    s.active = rng.randbelow(s, len(s.players))  # 103.1
    s.priority = s.active
    g.emit("103.1", f"{g.pname(s.active)} is chosen at random to play first")
    for p in s.players:
        draw(g, p.index, 7, "103.5")
    s.agenda.append(Frame("mulligan", {"round": 0}))


def mulligan_step(g: Game, f: Frame) -> None:
    """103.5 London mulligan: keep or mulligan, round by round; then put cards on the bottom."""
    s = g.s
    order = [(s.active + i) % len(s.players) for i in range(len(s.players))]
    undecided = [p for p in order if not s.players[p].kept and p not in f.vars.get("taking", [])]
    if undecided:
        p = undecided[0]
        pl = s.players[p]
        if pl.mulligans >= 7:
            pl.kept = True
            return
        ask(
            g,
            p,
            "mulligan",
            "103.5",
            f"{pl.name}: keep this hand of {len(pl.hand)} or take a mulligan ({pl.mulligans} so far)?",
            [Option("keep", label="keep"), Option("mulligan", label="mulligan")],
        )
        return
    taking = f.vars.get("taking", [])
    if taking:
        for p in taking:
            pl = s.players[p]
            for c in list(pl.hand):
                move(g, c, LIBRARY)
            rng.shuffle(s, pl.library)
            pl.mulligans += 1
            g.emit("103.5", f"{pl.name} takes a mulligan (shuffles their hand into their library)")
            draw(g, p, 7, "103.5")
        f.vars["taking"] = []
        return
    # 103.5: each player who kept after N mulligans puts N cards on the bottom.
    for p in order:
        pl = s.players[p]
        owed = pl.mulligans - f.vars.get(f"bottomed{p}", 0)
        if owed > 0 and pl.hand:
            ask(
                g,
                p,
                "bottom",
                "103.5",
                f"{pl.name}: choose a card to put on the bottom of your library ({owed} left)",
                [Option("bottom", c, label=g.obj(c).name) for c in pl.hand],
            )
            return
    s.agenda.pop()
    s.started = True
    s.turn = 1
    s.step = "untap"
    s.stage = 0
    g.emit("103.8a", f"{g.pname(s.active)} takes the first turn and skips its first draw")
    start_turn(g)
    g.emit("502", "untap step begins")


def mulligan_answer(g: Game, f: Frame, a: Action) -> None:
    s = g.s
    if a.kind == "keep":
        pl = _undecided_player(g, f)
        s.players[pl].kept = True
        g.emit("103.5", f"{g.pname(pl)} keeps {len(s.players[pl].hand)} cards")
    elif a.kind == "mulligan":
        pl = _undecided_player(g, f)
        f.vars.setdefault("taking", []).append(pl)
    elif a.kind == "bottom":
        o = g.obj(a.a)
        p = o.owner
        move(g, a.a, LIBRARY, top=False)
        f.vars[f"bottomed{p}"] = f.vars.get(f"bottomed{p}", 0) + 1
        g.emit("103.5", f"{g.pname(p)} puts a card on the bottom of their library")


def _undecided_player(g: Game, f: Frame) -> int:
    s = g.s
    order = [(s.active + i) % len(s.players) for i in range(len(s.players))]
    return [p for p in order if not s.players[p].kept and p not in f.vars.get("taking", [])][0]


def begin_at(g: Game, active: int, step: str, turn: int) -> None:
    """Start a set-up game in `step` with `active` holding priority (scenario files)."""
    s = g.s
    s.started = True
    s.turn = turn
    s.active = active
    s.priority = active
    s.step = step
    s.stage = 1
    for p in s.players:
        p.kept = True
    if step in (
        "declare_attackers",
        "declare_blockers",
        "first_strike_damage",
        "combat_damage",
        "end_of_combat",
    ):
        s.combat = Combat()
    g.dirty()


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
        give_priority(g)
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
        ask(
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
    resolve.discard(g, a.a, "514.1")


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
        s.no_attackers = False
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
        s.no_attackers = True
        return "end_of_combat"  # 508.8
    return nxt


# ---------------------------------------------------------------------------- priority (117)


def give_priority(g: Game) -> None:
    s = g.s
    # 704.3: perform state-based actions, repeating until none apply. Nothing can
    # have changed since the last clean check if players only passed priority.
    if not g.sba_clean:
        g.offers.clear()
        if sba.perform(g):
            return
        g.sba_clean = True
    if s.over:
        return
    if s.triggers:
        s.agenda.append(Frame("triggers", {}))  # 603.3
        return
    priority.offer(g, s.priority)


def priority_answer(g: Game, a: Action) -> None:
    priority.answer(g, a)


def check_game_over(g: Game) -> None:
    """104.2-104.4: a player who lost leaves the game; the last one standing wins."""
    s = g.s
    for p in s.players:
        if p.conceded and not p.lost:
            p.lost = True
    alive = [p for p in s.players if not p.lost]
    if len(alive) >= 2:
        for p in s.players:
            if p.lost and not p.left:
                leave_game(g, p.index)
        return
    if len(alive) <= 1:
        s.over = True
        s.decision = None
        s.agenda = []
        if len(alive) == 1:
            s.winner = alive[0].index
            alive[0].won = True
            g.emit("104.2a", f"{alive[0].name} wins the game")
        else:
            s.winner = -1
            g.emit("104.4a", "the game is a draw")


def leave_game(g: Game, p: int) -> None:
    """800.4a: a player leaves a multiplayer game that goes on."""
    s = g.s
    s.players[p].left = True
    g.emit("800.4a", f"{g.pname(p)} leaves the game")
    # Objects the player owns leave the game.
    owned = [oid for oid, o in s.objects.items() if o.owner == p]
    for oid in owned:
        o = s.objects[oid]
        if o.zone == BATTLEFIELD:
            s.battlefield.remove(oid)
            if s.combat is not None:
                s.combat.attackers.pop(oid, None)
                s.combat.blockers.pop(oid, None)
        elif o.zone == STACK:
            s.stack.remove(oid)
        else:
            getattr(s.players[p], o.zone).remove(oid)
        del s.objects[oid]
    for o in s.objects.values():
        if o.attached_to and o.attached_to not in s.objects:
            o.attached_to = 0
    # Effects giving the player control end; their stack objects cease to exist.
    s.effects = [e for e in s.effects if e.new_controller != p]
    s.triggers = [t for t in s.triggers if t.controller != p]  # 800.4d
    for oid in [x for x in s.stack if s.objects[x].controller == p]:
        s.stack.remove(oid)
        del s.objects[oid]
    g.dirty()
    # Objects still controlled by the player are exiled.
    for oid in [x for x in s.battlefield if g.controller(x) == p]:
        move(g, oid, EXILE)
    s.agenda = [f for f in s.agenda if f.vars.get("player", -1) != p]
    if s.decision is not None and s.decision.player == p:
        s.decision = None
    if s.priority == p:
        s.priority = next_in_game(g, p)  # 800.4a
    g.sba_clean = False


def first_priority(g: Game) -> int:
    """117.3a/b: the active player receives priority; if they left the game, the next player (800.4j)."""
    s = g.s
    return s.active if not s.players[s.active].lost else next_in_game(g, s.active)


def next_in_game(g: Game, p: int) -> int:
    """The next player in turn order still in the game (800.4j)."""
    n = len(g.s.players)
    for k in range(1, n + 1):
        q = (p + k) % n
        if not g.s.players[q].lost:
            return q
    return p


def explain_illegal(g: Game, a: Action) -> str:
    """Why an action is not legal now (the error message of an illegal move)."""
    return priority.explain(g, a)


def in_zone(g: Game, oid: int, zone: str) -> bool:
    o = g.s.objects.get(oid)
    return o is not None and o.zone == zone


STEP_FRAME, ANSWER_FRAME = _frames()

__all__ = ["run", "handle", "draw", "BATTLEFIELD"]
