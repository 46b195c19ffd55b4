"""Life gain and loss (119)."""

from __future__ import annotations

from karn.ir.nodes import Effect, GainLife, LoseGame, LoseLife, Ref, Var, WinGame
from karn.oracle.lowering.context import amount
from karn.oracle.lowering.references import object_ref, player_ref, players_ref
from karn.oracle.lowering.registry import Clause, lowers
from karn.oracle.syntax import (
    GainLifePowerVP,
    GainLifeVP,
    LoseGameVP,
    LoseLifeVP,
    WinGameVP,
)


@lowers(GainLifeVP)
def lower_gain_life(vp: GainLifeVP, clause: Clause) -> list[Effect]:
    return [GainLife(amount(vp.amount), players_ref(clause.subject, clause.ctx))]


@lowers(GainLifePowerVP)
def lower_gain_life_power(vp: GainLifePowerVP, clause: Clause) -> list[Effect]:
    """ "gain life equal to its power" (the power read on resolution, 608.2h)."""
    ctx = clause.ctx
    if vp.of.kind == "it":
        of = ctx.obj if ctx.obj is not None else Ref("self")
    else:
        of = object_ref(vp.of, ctx)
    who = player_ref(clause.subject, ctx)
    return [GainLife(Var("power", of), who)]


@lowers(LoseLifeVP)
def lower_lose_life(vp: LoseLifeVP, clause: Clause) -> list[Effect]:
    return [LoseLife(amount(vp.amount), players_ref(clause.subject, clause.ctx))]


@lowers(WinGameVP)
def lower_win_game(vp: WinGameVP, clause: Clause) -> list[Effect]:
    """ "you win the game" (104.2b)."""
    return [WinGame(player_ref(clause.subject, clause.ctx))]


@lowers(LoseGameVP)
def lower_lose_game(vp: LoseGameVP, clause: Clause) -> list[Effect]:
    """ "you lose the game" (104.3d)."""
    return [LoseGame(player_ref(clause.subject, clause.ctx))]
