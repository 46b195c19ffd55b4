"""Starting the game (103): shuffling, the starting player, opening hands and mulligans.

The London mulligan (103.5) is the ``mulligan`` frame: each player in turn
order keeps or mulligans, round by round, then puts a card on the bottom of
their library for each mulligan taken. ``begin_at`` starts a game set up by
a scenario file in any step instead.
"""

from __future__ import annotations

from karn.engine import decisions, rng, turns
from karn.engine.actions import Action
from karn.engine.context import Context
from karn.engine.state import LIBRARY, Combat, Frame, Option
from karn.engine.zones import draw, move

# ---------------------------------------------------------------------------- game start (103)


def start_game(ctx: Context) -> None:
    s = ctx.state
    for p in s.players:
        rng.shuffle(s, p.library)  # 103.3
        ctx.emit("103.3", f"{p.name} shuffles their library")
    s.active = rng.randbelow(s, len(s.players))  # 103.1
    s.priority = s.active
    ctx.emit("103.1", f"{ctx.player_name(s.active)} is chosen at random to play first")
    for p in s.players:
        draw(ctx, p.index, 7, "103.5")
    s.agenda.append(Frame("mulligan", {"round": 0}))


def mulligan_step(ctx: Context, f: Frame) -> None:
    """103.5 London mulligan: keep or mulligan, round by round; then put cards on the bottom."""
    s = ctx.state
    order = [(s.active + i) % len(s.players) for i in range(len(s.players))]
    undecided = [p for p in order if not s.players[p].kept and p not in f.vars.get("taking", [])]
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
    taking = f.vars.get("taking", [])
    if taking:
        for p in taking:
            pl = s.players[p]
            for c in list(pl.hand):
                move(ctx, c, LIBRARY)
            rng.shuffle(s, pl.library)
            pl.mulligans += 1
            ctx.emit("103.5", f"{pl.name} takes a mulligan (shuffles their hand into their library)")
            draw(ctx, p, 7, "103.5")
        f.vars["taking"] = []
        return
    # 103.5: each player who kept after N mulligans puts N cards on the bottom.
    for p in order:
        pl = s.players[p]
        owed = pl.mulligans - f.vars.get(f"bottomed{p}", 0)
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
    s.agenda.pop()
    s.started = True
    s.turn = 1
    s.step = "untap"
    s.stage = 0
    ctx.emit("103.8a", f"{ctx.player_name(s.active)} takes the first turn and skips its first draw")
    turns.start_turn(ctx)
    ctx.emit("502", "untap step begins")


def mulligan_answer(ctx: Context, f: Frame, a: Action) -> None:
    s = ctx.state
    if a.kind == "keep":
        pl = _undecided_player(ctx, f)
        s.players[pl].kept = True
        ctx.emit("103.5", f"{ctx.player_name(pl)} keeps {len(s.players[pl].hand)} cards")
    elif a.kind == "mulligan":
        pl = _undecided_player(ctx, f)
        f.vars.setdefault("taking", []).append(pl)
    elif a.kind == "bottom":
        o = ctx.obj(a.a)
        p = o.owner
        move(ctx, a.a, LIBRARY, top=False)
        f.vars[f"bottomed{p}"] = f.vars.get(f"bottomed{p}", 0) + 1
        ctx.emit("103.5", f"{ctx.player_name(p)} puts a card on the bottom of their library")


def _undecided_player(ctx: Context, f: Frame) -> int:
    s = ctx.state
    order = [(s.active + i) % len(s.players) for i in range(len(s.players))]
    return [p for p in order if not s.players[p].kept and p not in f.vars.get("taking", [])][0]


def begin_at(ctx: Context, active: int, step: str, turn: int) -> None:
    """Start a set-up game in `step` with `active` holding priority (scenario files)."""
    s = ctx.state
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
    ctx.dirty()
