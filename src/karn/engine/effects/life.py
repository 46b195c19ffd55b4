"""Life (119): "gain N life", "lose N life"."""

from __future__ import annotations

from karn import ir
from karn.engine.context import Context
from karn.engine.effects.registry import DONE, Outcome, handles
from karn.engine.events import BecomeMonarch as BecomeMonarchEvent
from karn.engine.events import LifeGain, LifeLoss
from karn.engine.events import LoseGame as LoseGameEvent
from karn.engine.frames import ResolveFrame
from karn.engine.pipeline import perform
from karn.engine.references import amount, refs
from karn.engine.state import Obj, ref_player


@handles(ir.GainLife)
def gain_life(ctx: Context, f: ResolveFrame, o: Obj, e: ir.GainLife) -> Outcome:
    n = amount(ctx, f, o, e.amount)  # read before anything changes (608.2h)
    if n > 0:
        perform(ctx, [LifeGain(player=ref_player(p), amount=n) for p in refs(ctx, f, o, e.player)])
    return DONE


@handles(ir.LoseLife)
def lose_life(ctx: Context, f: ResolveFrame, o: Obj, e: ir.LoseLife) -> Outcome:
    n = amount(ctx, f, o, e.amount)
    if n > 0:
        perform(ctx, [LifeLoss(player=ref_player(p), amount=n) for p in refs(ctx, f, o, e.player)])
    return DONE


@handles(ir.WinGame)
def win_game(ctx: Context, f: ResolveFrame, o: Obj, e: ir.WinGame) -> Outcome:
    """104.2b: a player wins: every other player loses (the pipeline's LoseGame event), and
    the game ends at once (104.1): the loop ends it before anything else happens."""
    s = ctx.state
    for p in refs(ctx, f, o, e.player):
        winner = ref_player(p)
        if s.players[winner].lost:
            continue
        ctx.emit("104.2b", f"an effect says {s.players[winner].name} wins the game")
        losers = [q.index for q in s.players if q.index != winner and not q.lost]
        perform(ctx, [LoseGameEvent(player=q, rule="104.2b") for q in losers])
        ctx.ending = True
        break
    return DONE


@handles(ir.LoseGame)
def lose_game(ctx: Context, f: ResolveFrame, o: Obj, e: ir.LoseGame) -> Outcome:
    """104.3e: an effect says a player loses the game (the pipeline's LoseGame event); the
    game-over check follows at once (104.1)."""
    losers = [ref_player(p) for p in refs(ctx, f, o, e.player)]
    losers = [q for q in losers if not ctx.state.players[q].lost]
    if losers:
        perform(ctx, [LoseGameEvent(player=q) for q in losers])
        ctx.ending = True
    return DONE


@handles(ir.BecomeMonarch)
def become_monarch(ctx: Context, f: ResolveFrame, o: Obj, e: ir.BecomeMonarch) -> Outcome:
    """725.3: the player becomes the monarch (the current monarch ceases to be it)."""
    players = [ref_player(p) for p in refs(ctx, f, o, e.player) if p < 0]
    if players:
        perform(ctx, BecomeMonarchEvent(player=players[0]))
    return DONE
