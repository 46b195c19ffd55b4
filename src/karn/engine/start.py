"""Starting the game (103): shuffling, the starting player, opening hands and mulligans.

The London mulligan (103.5) is the ``mulligan`` frame: each player in turn
order keeps or mulligans, round by round, then puts a card on the bottom of
their library for each mulligan taken. ``begin_at`` starts a game set up by
a scenario file in any step instead.
"""

from __future__ import annotations

from karn import ir
from karn.engine import decisions, planechase, rng, turns
from karn.engine.actions import Action
from karn.engine.context import Context
from karn.engine.drawing import draw
from karn.engine.events import GameEvent, Shuffle, ZoneChange
from karn.engine.frames import MulliganFrame
from karn.engine.pipeline import perform
from karn.engine.state import BATTLEFIELD, LIBRARY, Combat, Option

# ---------------------------------------------------------------------------- game start (103)


def start_game(ctx: Context) -> None:
    s = ctx.state
    for player in s.players:
        perform(ctx, Shuffle(player=player.index, rule="103.3"))  # 103.3
    s.active = rng.randbelow(s, len(s.players))  # 103.1
    s.priority = s.active
    # 103.8a: in a two-player game the player who plays first skips their first draw;
    # 103.8c: in other multiplayer games no one does.
    s.skip_first_draw = len(s.players) == 2
    ctx.emit("103.1", f"{ctx.player_name(s.active)} is chosen at random to play first")
    for p in _order(ctx):
        draw(ctx, p, 7, "103.5")
    s.agenda.append(MulliganFrame())


def _order(ctx: Context) -> list[int]:
    s = ctx.state
    return [(s.active + i) % len(s.players) for i in range(len(s.players))]


def _undecided(ctx: Context, f: MulliganFrame) -> list[int]:
    s = ctx.state
    return [p for p in _order(ctx) if not s.players[p].kept and p not in f.taking]


def mulligan_step(ctx: Context, f: MulliganFrame) -> None:
    """103.5 London mulligan: keep or mulligan, round by round; then put cards on the bottom."""
    s = ctx.state
    undecided = _undecided(ctx, f)
    if undecided:
        p = undecided[0]
        pl = s.players[p]
        if pl.mulligans >= 7:
            pl.kept = True
            return
        decisions.ask(
            ctx,
            p,
            "mulligan",
            "103.5",
            f"{pl.name}: keep this hand of {len(pl.hand)} or take a mulligan ({pl.mulligans} so far)?",
            [Option("keep", label="keep"), Option("mulligan", label="mulligan")],
        )
        return
    if f.taking:
        for p in f.taking:
            pl = s.players[p]
            back: list[GameEvent] = [
                ZoneChange(obj=c, to=LIBRARY, rule="103.5", cause="mulligan", quiet=True) for c in pl.hand
            ]
            perform(ctx, back)
            perform(ctx, Shuffle(player=p, rule="103.5", quiet=True))
            pl.mulligans += 1
            ctx.emit("103.5", f"{pl.name} takes a mulligan (shuffles their hand into their library)")
            draw(ctx, p, 7, "103.5")
        f.taking = []
        return
    # 103.5: each player who kept after N mulligans puts N cards on the bottom.
    for p in _order(ctx):
        pl = s.players[p]
        owed = pl.mulligans - f.bottomed.get(p, 0)
        if owed > 0 and pl.hand:
            decisions.ask(
                ctx,
                p,
                "bottom",
                "103.5",
                f"{pl.name}: choose a card to put on the bottom of your library ({owed} left)",
                [Option("bottom", c, label=ctx.obj(c).name) for c in pl.hand],
            )
            return
    # 103.6a: then, in turn order, each player may take their opening-hand actions.
    for p in _order(ctx):
        if p in f.opened:
            continue
        cards = [c for c in s.players[p].hand if _opening_card(ctx, c)]
        if not cards:
            f.opened.append(p)
            continue
        decisions.ask(
            ctx,
            p,
            "opening_hand",
            "103.6a",
            f"{s.players[p].name}: begin the game with a card of your opening hand on the battlefield?",
            [Option("opening", c, label=ctx.obj(c).name) for c in cards]
            + [Option("opening_done", label="done")],
        )
        return
    s.agenda.pop()
    planechase.start_plane(ctx)  # 901.5, 103.7
    s.started = True
    s.turn = 1
    s.step = "untap"
    s.stage = 0
    if s.skip_first_draw:
        ctx.emit("103.8a", f"{ctx.player_name(s.active)} takes the first turn and skips its first draw")
    else:
        ctx.emit(
            "103.8c", f"{ctx.player_name(s.active)} takes the first turn; no player skips their first draw"
        )
    turns.start_turn(ctx)
    ctx.emit("502", "untap step begins")


def _order_pending(ctx: Context, f: MulliganFrame) -> int:
    """The player taking their opening-hand actions now (103.6a)."""
    return next(p for p in _order(ctx) if p not in f.opened)


def _opening_card(ctx: Context, oid: int) -> bool:
    """103.6a: "If this card is in your opening hand, you may begin the game with it on the
    battlefield." """
    return any(isinstance(ab, ir.OpeningHand) for ab in ctx.chars(oid).abilities)


def mulligan_answer(ctx: Context, f: MulliganFrame, a: Action) -> None:
    s = ctx.state
    if a.kind == "keep":
        pl = _undecided(ctx, f)[0]
        s.players[pl].kept = True
        ctx.emit("103.5", f"{ctx.player_name(pl)} keeps {len(s.players[pl].hand)} cards")
    elif a.kind == "mulligan":
        f.taking.append(_undecided(ctx, f)[0])
    elif a.kind == "opening":
        name = ctx.obj(a.a).name
        p = ctx.obj(a.a).owner
        perform(ctx, ZoneChange(obj=a.a, to=BATTLEFIELD, rule="103.6a", cause="opening_hand", quiet=True))
        ctx.emit("103.6a", f"{ctx.player_name(p)} begins the game with {name} on the battlefield")
    elif a.kind == "opening_done":
        f.opened.append(_order_pending(ctx, f))
    elif a.kind == "bottom":
        p = ctx.obj(a.a).owner
        perform(
            ctx, ZoneChange(obj=a.a, to=LIBRARY, rule="103.5", cause="bottom", position="bottom", quiet=True)
        )
        f.bottomed[p] = f.bottomed.get(p, 0) + 1
        ctx.emit("103.5", f"{ctx.player_name(p)} puts a card on the bottom of their library")


def begin_at(ctx: Context, active: int, step: str, turn: int) -> None:
    """Start a set-up game in `step` with `active` holding priority (scenario files)."""
    s = ctx.state
    s.started = True
    s.turn = turn
    s.active = active
    s.priority = active
    s.step = step
    s.stage = 1
    s.skip_first_draw = len(s.players) == 2
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
    s.version += 1
    s.layers_version += 1
    planechase.start_plane(ctx)  # 901.5: a set-up Planechase game starts with its plane
