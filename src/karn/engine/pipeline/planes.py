"""The Planechase variant's changes (901): planeswalking (701.31b) and chaos ensuing (311.7).

Plane cards stay in the command zone all game (311.2, 901.4); what changes is whether they
are in a planar deck (hidden, in order) or face up. A plane turned face up or face down
becomes a new object (901.7a), so no id tells which card of a hidden planar deck it was.
"""

from __future__ import annotations

from karn.engine import rng
from karn.engine.context import Context
from karn.engine.events import ChaosEnsues, GameEvent, Planeswalk, RollPlanarDie
from karn.engine.pipeline.changes import changed, executes, turn_plane_over


@executes(Planeswalk)
def execute_planeswalk(ctx: Context, ev: Planeswalk) -> list[GameEvent]:
    """701.31b: each face-up plane goes on the bottom of its owner's planar deck face down,
    then the top card of the player's planar deck is turned face up (901.5 for the starting
    plane)."""
    s = ctx.state
    pc = s.planechase
    if pc is None:
        return []
    if ev.start:
        pc.controller = ev.player  # 901.5, 901.6: the starting player is the planar controller
    for oid in pc.face_up:
        owner = s.objects[oid].owner
        ev.away.append(s.objects[oid].name)
        ev.away_ids.append(oid)
        pc.decks[owner].append(turn_plane_over(ctx, oid, owner))  # the end of the list is the bottom
    pc.face_up = []
    deck = pc.decks[ev.player]
    if ev.start:
        # 901.5, 103.7: a phenomenon turned face up as the starting plane goes to the bottom,
        # until a plane card is turned face up (901.3: a planar deck has at most two phenomena)
        for _ in range(len(deck)):
            if "plane" in ctx.face(s.objects[deck[0]].name).types:
                break
            ctx.emit(
                "901.5",
                f"{ctx.player_name(ev.player)} turns {s.objects[deck[0]].name} face up and puts it on the bottom",
            )
            phenomenon = deck.pop(0)
            deck.append(turn_plane_over(ctx, phenomenon, s.objects[phenomenon].owner))
    if deck:
        top = deck.pop(0)
        ev.to = s.objects[top].name
        ev.to_id = turn_plane_over(ctx, top, pc.controller)
        pc.face_up.append(ev.to_id)
    changed(s, layers=True)  # the abilities functioning from the command zone change (901.7)
    who = ctx.player_name(ev.player)
    if ev.start:
        ctx.emit("901.5", f"{who} turns {ev.to} face up: the starting plane")
    else:
        away = f" away from {', '.join(ev.away)}" if ev.away else ""
        to = f" to {ev.to}" if ev.to else ""
        ctx.emit(ev.rule, f"{who} planeswalks{away}{to}")
    return []


@executes(ChaosEnsues)
def execute_chaos(ctx: Context, ev: ChaosEnsues) -> list[GameEvent]:
    """311.7: chaos ensues (its abilities trigger from the journal)."""
    ctx.emit(ev.rule, "chaos ensues")
    return []


#: 901.3a: the planar die's faces, in the order the generator numbers them.
PLANAR_DIE = ("planeswalker", "chaos", "blank", "blank", "blank", "blank")


@executes(RollPlanarDie)
def execute_roll(ctx: Context, ev: RollPlanarDie) -> list[GameEvent]:
    """901.9: the die is rolled (deterministic from the state's seeded generator); 901.9b: on
    the chaos symbol chaos ensues; 901.9c: on the Planeswalker symbol the planeswalking ability
    triggers (found in the journal, 901.8); 901.9a: a blank face does nothing."""
    s = ctx.state
    pc = s.planechase
    if pc is None:
        return []
    if ev.special:
        pc.rolls += 1  # 116.2i: the times the player took this action this turn
    ev.face = PLANAR_DIE[rng.randbelow(s, len(PLANAR_DIE))]
    changed(s)
    symbol = {"planeswalker": "the Planeswalker symbol", "chaos": "the chaos symbol"}.get(
        ev.face, "a blank face"
    )
    ctx.emit(ev.rule, f"{ctx.player_name(ev.player)} rolls the planar die: {symbol}")
    return [ChaosEnsues(player=ev.player)] if ev.face == "chaos" else []
