"""The end of the game (104) and leaving a multiplayer game (800.4).

A player who lost leaves the game; with one player (or none) left, the game
is over. Turn order and priority skip players who left (800.4j, 800.4k).
"""

from __future__ import annotations

from karn.engine.context import Context
from karn.engine.state import BATTLEFIELD, EXILE, STACK
from karn.engine.zones import move


def check_game_over(ctx: Context) -> None:
    """104.2-104.4: a player who lost leaves the game; the last one standing wins."""
    s = ctx.state
    for p in s.players:
        if p.conceded and not p.lost:
            p.lost = True
    alive = [p for p in s.players if not p.lost]
    if len(alive) >= 2:
        for p in s.players:
            if p.lost and not p.left:
                leave_game(ctx, p.index)
        return
    if len(alive) <= 1:
        s.over = True
        s.decision = None
        s.agenda = []
        if len(alive) == 1:
            s.winner = alive[0].index
            alive[0].won = True
            ctx.emit("104.2a", f"{alive[0].name} wins the game")
        else:
            s.winner = -1
            ctx.emit("104.4a", "the game is a draw")


def leave_game(ctx: Context, p: int) -> None:
    """800.4a: a player leaves a multiplayer game that goes on."""
    s = ctx.state
    s.players[p].left = True
    ctx.emit("800.4a", f"{ctx.player_name(p)} leaves the game")
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
    ctx.dirty()
    # Objects still controlled by the player are exiled.
    for oid in [x for x in s.battlefield if ctx.controller(x) == p]:
        move(ctx, oid, EXILE)
    s.agenda = [f for f in s.agenda if f.vars.get("player", -1) != p]
    if s.decision is not None and s.decision.player == p:
        s.decision = None
    if s.priority == p:
        s.priority = next_in_game(ctx, p)  # 800.4a
    ctx.sba_clean = False


def first_priority(ctx: Context) -> int:
    """117.3a/b: the active player receives priority; if they left the game, the next player (800.4j)."""
    s = ctx.state
    return s.active if not s.players[s.active].lost else next_in_game(ctx, s.active)


def next_in_game(ctx: Context, p: int) -> int:
    """The next player in turn order still in the game (800.4j)."""
    n = len(ctx.state.players)
    for k in range(1, n + 1):
        q = (p + k) % n
        if not ctx.state.players[q].lost:
            return q
    return p
