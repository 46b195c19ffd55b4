"""The end of the game (104), leaving a multiplayer game (800.4), turn order (101.4, 500.1).

A player who lost leaves the game; with one player (or none) left, the game
is over. Turn order, priority and APNAP order skip players who left (800.4j,
800.4k).
"""

from __future__ import annotations

from karn.engine.context import Context
from karn.engine.events import GameEvent, Planeswalk, ZoneChange
from karn.engine.pipeline import leave_game as remove_player_objects
from karn.engine.pipeline import perform
from karn.engine.state import BATTLEFIELD, EXILE


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
    """800.4a: a player leaves a multiplayer game that goes on: the objects they own leave
    the game, effects that give them control end, their spells and abilities cease to exist,
    and objects they still control are exiled."""
    s = ctx.state
    s.players[p].left = True
    ctx.emit("800.4a", f"{ctx.player_name(p)} leaves the game")
    if s.monarch == p:
        # 725.4: the active player becomes the monarch as the monarch leaves (the next player in
        # turn order still in the game if the active player is the one leaving)
        heir = s.active if s.active != p and not s.players[s.active].left else next_in_game(ctx, p)
        s.monarch = heir if heir != p and not s.players[heir].left else -1
        if s.monarch >= 0:
            ctx.emit("725.4", f"{ctx.player_name(s.monarch)} becomes the monarch")
    remove_player_objects(ctx, p)
    pc = s.planechase
    if pc is not None and not pc.face_up and pc.decks[pc.controller]:
        # 901.10: the face-up plane left the game: the planar controller turns the top card of
        # their planar deck face up at once (not a state-based action); 901.11: they planeswalk
        perform(ctx, Planeswalk(player=pc.controller, rule="901.10"))
    exiled: list[GameEvent] = [
        ZoneChange(obj=oid, to=EXILE, rule="800.4a", cause="leave_game", quiet=True)
        for oid in s.battlefield
        if ctx.controller(oid) == p and s.objects[oid].zone == BATTLEFIELD
    ]
    if exiled:
        perform(ctx, exiled)
    s.agenda = [f for f in s.agenda if getattr(f, "player", -1) != p]
    if s.decision is not None and s.decision.player == p:
        s.decision = None
    if s.priority == p:
        s.priority = next_in_game(ctx, p)  # 800.4a
    ctx.sba_version = -1


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


def apnap(ctx: Context) -> list[int]:
    """101.4: the players still in the game, the active player first, then in turn order."""
    s = ctx.state
    n = len(s.players)
    return [q for q in ((s.active + k) % n for k in range(n)) if not s.players[q].lost]
