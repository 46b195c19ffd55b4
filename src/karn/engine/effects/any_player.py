"""'Any player may <do something>. If a player does, <effects>.' (101.4).

Each player in turn order, starting with the active player, is offered the options they can
do; once one of them does one, no one else is asked. The progress (whose turn it is, the
option taken, the permanents picked for a sacrifice) is kept in the resolve frame, so the
game copies and saves while a player decides.
"""

from __future__ import annotations

from karn import ir
from karn.engine import decisions, targeting
from karn.engine.context import Context
from karn.engine.effects.registry import DONE, ENTER, WAIT, Outcome, handles
from karn.engine.events import GameEvent, ZoneChange
from karn.engine.frames import AnyPlayerProgress, ResolveFrame
from karn.engine.pipeline import perform
from karn.engine.references import damage_event, damage_source, refs, source_id, stack_label
from karn.engine.state import GRAVEYARD, Obj, Option, player_ref, ref_player


@handles(ir.AnyPlayerMay)
def any_player_may(ctx: Context, f: ResolveFrame, o: Obj, e: ir.AnyPlayerMay) -> Outcome:
    """101.4: the players are asked in APNAP order; the first one who does an option ends the
    asking. Then the effects happen if a player did (or, "If no one does", if none did)."""
    progress = f.progress if isinstance(f.progress, AnyPlayerProgress) else AnyPlayerProgress()
    f.progress = progress
    order = [ref_player(p) for p in refs(ctx, f, o, ir.Ref("each_player"))]
    ans = f.answer
    f.answer = None
    if ans is not None:
        if ans.kind == "option":
            progress.option = ans.a
        elif ans.kind == "choose":
            progress.chosen.append(ans.a)
        else:
            ctx.emit("101.4", f"{ctx.player_name(order[progress.turn])} doesn't ({stack_label(ctx, o)})")
            progress.turn += 1
    while progress.turn < len(order):
        player = order[progress.turn]
        if progress.option < 0:
            doable = [i for i, option in enumerate(e.options) if _can_do(ctx, o, player, option)]
            if not doable:
                progress.turn += 1
                continue
            decisions.ask(
                ctx,
                player,
                "any_player",
                "101.4",
                f"{stack_label(ctx, o)}: {ctx.player_name(player)}, do you want to?",
                [Option("no", label="no")]
                + [Option("option", i, label=_label(e.options[i])) for i in doable],
            )
            return WAIT
        option = e.options[progress.option]
        if option.kind == "sacrifice" and _pick_sacrifice(ctx, o, player, option, progress.chosen):
            return WAIT
        _carry_out(ctx, o, player, option, progress.chosen)
        return DONE if e.if_none else ENTER
    return ENTER if e.if_none else DONE


def _label(option: ir.PlayerOption) -> str:
    if option.kind == "sacrifice":
        return f"sacrifice {option.amount}"
    return f"take {option.amount} damage"


def _candidates(ctx: Context, o: Obj, player: int, option: ir.PlayerOption) -> list[int]:
    """The permanents `player` controls that the sacrifice option names (701.21a)."""
    flt = option.filter
    return [
        t
        for t in ctx.state.battlefield
        if ctx.controller(t) == player
        and (flt is None or targeting.matches(ctx, t, flt, player, source_id(o)))
    ]


def _can_do(ctx: Context, o: Obj, player: int, option: ir.PlayerOption) -> bool:
    """An option a player can't carry out in full can't be chosen ("sacrifice two lands" with
    one land, 101.3); being dealt damage can always be chosen (even if it will be prevented)."""
    if option.kind == "sacrifice":
        return len(_candidates(ctx, o, player, option)) >= option.amount
    return True


def _pick_sacrifice(ctx: Context, o: Obj, player: int, option: ir.PlayerOption, chosen: list[int]) -> bool:
    """Ask `player` for the next permanent to sacrifice (701.21a); False once all are picked."""
    left = option.amount - len(chosen)
    cands = [t for t in _candidates(ctx, o, player, option) if t not in chosen]
    if left <= 0:
        return False
    if len(cands) <= left:
        chosen.extend(cands)  # no choice left: all of them
        return False
    decisions.ask(
        ctx,
        player,
        "choose",
        "701.21a",
        f"{ctx.player_name(player)}: choose a permanent to sacrifice",
        [Option("choose", t, label=ctx.describe(t)) for t in cands],
    )
    return True


def _carry_out(ctx: Context, o: Obj, player: int, option: ir.PlayerOption, chosen: list[int]) -> None:
    """The player does the option they chose: sacrifices the permanents (701.21a, together) or
    is dealt the damage by the ability's source (120.3)."""
    ctx.emit("101.4", f"{ctx.player_name(player)} chooses to {_label(option)} ({stack_label(ctx, o)})")
    events: list[GameEvent]
    if option.kind == "sacrifice":
        events = [
            ZoneChange(
                obj=t,
                to=GRAVEYARD,
                rule="701.21a",
                cause="sacrifice",
                text=f"{ctx.player_name(player)} sacrifices {ctx.describe(t)}",
            )
            for t in chosen
        ]
    else:
        source = source_id(o)
        events = [damage_event(ctx, damage_source(ctx, source), source, player_ref(player), option.amount)]
    if events:
        perform(ctx, events)
