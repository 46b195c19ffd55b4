"""Drawing (121) and discarding (701.9): cards moving between a player's library, hand
and graveyard, through the event pipeline."""

from __future__ import annotations

from karn.engine.context import Context
from karn.engine.events import DrawCard, GameEvent, ZoneChange
from karn.engine.pipeline import perform
from karn.engine.state import GRAVEYARD


def draw(ctx: Context, p: int, n: int = 1, rule: str = "121.1") -> None:
    """121.2: drawing N cards is N draws, one at a time. The log names the cards only to
    the player who drew them."""
    if n <= 0:
        return
    events: list[GameEvent] = [DrawCard(player=p, rule=rule) for _ in range(n)]
    drawn: list[int] = []
    for ev in events:
        done = perform(ctx, ev)
        if done:
            drawn += [d.drawn for d in done if isinstance(d, DrawCard) and d.drawn]
    name = ctx.player_name(p)
    public = f"{name} draws {n} card{'s' if n != 1 else ''}"
    if drawn:
        cards = ", ".join(ctx.state.objects[c].name for c in drawn if c in ctx.state.objects)
        ctx.emit(rule, f"{public}: {cards}", seen_by=(p,), public=public)
    else:
        ctx.emit(rule, public)


def discard(ctx: Context, oid: int, rule: str = "701.9a") -> None:
    """701.9a: a card moves from its owner's hand to their graveyard (a public event)."""
    perform(ctx, ZoneChange(obj=oid, to=GRAVEYARD, rule=rule, cause="discard"))
