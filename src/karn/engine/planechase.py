"""The Planechase variant's procedures (901): the starting plane (901.5) and the planar die,
a special action (901.9, 116.2i).

The state's :class:`~karn.engine.state.Planechase` is ``None`` in other games: every entry
point here returns at once for them, so a game without planes pays nothing for the variant.
"""

from __future__ import annotations

from karn.cards.mana import ManaCost
from karn.engine import mana, timing
from karn.engine.actions import Action
from karn.engine.casting import _ask_payment, _done_rewinding, _snapshot, cancel
from karn.engine.context import Context
from karn.engine.events import Planeswalk, RollPlanarDie
from karn.engine.frames import PlanarDieFrame
from karn.engine.pipeline import perform
from karn.engine.state import Option


def start_plane(ctx: Context) -> None:
    """901.5, 103.7: once the game is about to begin, the starting player turns the top card of
    their planar deck face up: the starting plane (no abilities trigger)."""
    pc = ctx.state.planechase
    if pc is None or pc.face_up:
        return
    perform(ctx, Planeswalk(player=ctx.state.active, rule="901.5", start=True))


def roll_cost(ctx: Context) -> int:
    """901.9: {N}, N the times the active player took this action this turn."""
    pc = ctx.state.planechase
    return 0 if pc is None else pc.rolls


def die_options(ctx: Context, p: int, srcs: list[mana.Source]) -> list[Option]:
    """116.2i, 901.9: the active player may roll the planar die while they have priority and
    the stack is empty in a main phase of their turn, if they can pay its cost."""
    if ctx.state.planechase is None or not timing.sorcery_timing(ctx, p):
        return []
    cost = roll_cost(ctx)
    if cost and mana.solve(ctx.state.players[p].pool, ManaCost.parse(f"{{{cost}}}"), srcs) is None:
        return []
    return [Option("planar_die", 0, cost, label=f"roll the planar die (pay {{{cost}}})")]


def begin_roll(ctx: Context, p: int) -> None:
    """116.2i: a special action: its cost is paid, then the die is rolled; transactional like a
    cast until it is paid (733)."""
    _snapshot(ctx)
    ctx.state.agenda.append(PlanarDieFrame(player=p, cost=roll_cost(ctx)))


def die_step(ctx: Context, f: PlanarDieFrame) -> None:
    if f.cost == 0:
        _roll(ctx, f)
        return
    _ask_payment(ctx, f.player, ManaCost.parse(f"{{{f.cost}}}"), f"pay {{{f.cost}}} to roll the planar die")


def die_answer(ctx: Context, f: PlanarDieFrame, a: Action) -> None:
    cost = ManaCost.parse(f"{{{f.cost}}}")
    if a.kind == "cancel":
        ctx.state.agenda.pop()
        cancel(ctx)
    elif a.kind == "mana":
        mana.activate_mana_ability(ctx, f.player, a.a, a.b, keep=cost)
    elif a.kind == "pay":
        if not mana.pay(ctx, f.player, cost):
            raise AssertionError("payment solver failed after proposing a payment")
        _roll(ctx, f)


def _roll(ctx: Context, f: PlanarDieFrame) -> None:
    """901.9a-c: roll; the active player gets priority again (117.3c). What the roll makes
    trigger is found in the journal (:func:`karn.engine.triggers.scan`)."""
    s = ctx.state
    s.agenda.pop()
    _done_rewinding(ctx)
    s.passes = 0
    perform(ctx, RollPlanarDie(player=f.player))
