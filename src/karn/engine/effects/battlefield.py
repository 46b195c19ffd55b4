"""Putting cards onto the battlefield from a graveyard, a hand, exile or the top of a library
(400.7, 110.2a): reanimation ("Return target creature card from your graveyard to the
battlefield"), "Put all creature cards from all graveyards onto the battlefield under your
control" (all at once: they enter at the same time, 614.13a), "You may put a creature card
from your hand onto the battlefield", "reveal the top card of your library ... you may put it
onto the battlefield with a manifestation counter on it. That permanent is an enchantment in
addition to its other types." (611.2e)."""

from __future__ import annotations

import dataclasses

from karn import ir
from karn.engine import decisions, targeting
from karn.engine.context import Context
from karn.engine.effects.registry import DONE, WAIT, Outcome, handles
from karn.engine.events import GameEvent, Reveal, ZoneChange
from karn.engine.frames import ChoiceProgress, ResolveFrame
from karn.engine.pipeline import perform
from karn.engine.pipeline.dfc import transformed_face
from karn.engine.references import amount, refs, select, source_id, stack_label
from karn.engine.state import BATTLEFIELD, EXILE, GRAVEYARD, HAND, LIBRARY, Obj, Option, ref_player

#: the zones these effects take cards from
_FROM = (GRAVEYARD, HAND, EXILE, LIBRARY)


def entering(
    ctx: Context, f: ResolveFrame, o: Obj, oid: int, enter: ir.Entering | None, putter: int, rule: str
) -> ZoneChange:
    """The event of one card entering the battlefield as the effect says: under the control
    of the player who puts it there unless it says its owner's (110.2a), tapped, with counters
    (122.6, 614.1c), and being the types the effect gives it as it enters (611.2e)."""
    e = enter or ir.Entering()
    card = ctx.obj(oid)
    controller = card.owner if e.owner_control else putter
    counters: dict[str, int] = {}
    for kind, n in e.counters:
        counters[kind] = counters.get(kind, 0) + amount(ctx, f, o, n)
    tapped = " tapped" if e.tapped else ""
    face = ""
    if e.transformed:
        face = transformed_face(ctx, card.name)  # 712.14a
        tapped += " transformed"
    return ZoneChange(
        face=face,
        obj=oid,
        to=BATTLEFIELD,
        rule=rule,
        cause="put",
        controller=controller,
        tapped=e.tapped,
        counters=counters,
        add_types=e.types,
        add_subtypes=e.subtypes,
        effect_source=source_id(o),
        effect_source_name=o.name,
        text=f"{ctx.player_name(putter)} puts {card.name} onto the battlefield{tapped} ({stack_label(ctx, o)})",
    )


def put_all(
    ctx: Context, f: ResolveFrame, o: Obj, ids: list[int], enter: ir.Entering | None, rule: str
) -> None:
    """Put these cards onto the battlefield in one event batch (they enter at the same time,
    614.13a); "it" / "those creatures" afterwards are the new permanents (400.7)."""
    s = ctx.state
    if enter is not None and enter.transformed:
        # 712.14a: a card that isn't a transforming double-faced card stays in its zone
        ids = [t for t in ids if t in s.objects and transformed_face(ctx, s.objects[t].name)]
    events: list[GameEvent] = [
        entering(ctx, f, o, t, enter, o.controller, rule)
        for t in ids
        if t in s.objects and s.objects[t].zone in _FROM
    ]
    done = perform(ctx, events) if events else []
    f.affected = [
        ev.new_id for ev in done or [] if isinstance(ev, ZoneChange) and ev.to == BATTLEFIELD and ev.new_id
    ]


@handles(ir.PutOntoBattlefield)
def put_onto_battlefield(ctx: Context, f: ResolveFrame, o: Obj, e: ir.PutOntoBattlefield) -> Outcome:
    """400.7, 110.2a: the cards become new permanents; with ``choose``, the controller picks
    that many of the cards described first (as the effect happens, 608.2c)."""
    if not e.choose:
        put_all(ctx, f, o, select(ctx, f, o, e.what), e.enter, "400.7")
        return DONE
    ans = f.answer
    f.answer = None
    if ans is not None and isinstance(f.progress, ChoiceProgress):
        f.progress = None
        put_all(ctx, f, o, [ans.a] if ans.kind == "choose" else [], e.enter, "400.7")
        return DONE
    candidates = select(ctx, f, o, e.what)
    if not candidates:
        f.affected = []
        return DONE
    f.progress = ChoiceProgress(asked=True)
    decisions.ask(
        ctx,
        o.controller,
        "choose",
        "400.7",
        f"{stack_label(ctx, o)}: choose a card to put onto the battlefield",
        [Option("choose", t, label=ctx.obj(t).name) for t in candidates],
    )
    return WAIT


def reveal_top_onto_battlefield(ctx: Context, f: ResolveFrame, o: Obj, e: ir.RevealTop) -> Outcome:
    """701.20a: reveal the top card of your library; if it matches, you may put it onto the
    battlefield as the effect says (608.2c: chosen as it would happen; 611.2e)."""
    s = ctx.state
    players = [ref_player(p) for p in refs(ctx, f, o, e.player) if p < 0]
    if not players:
        return DONE
    pl = players[0]
    lib = s.players[pl].library
    ans = f.answer
    f.answer = None
    if ans is not None and isinstance(f.progress, ChoiceProgress):
        f.progress = None
        if ans.kind == "yes" and lib and lib[-1] == ans.a:
            put_all(ctx, f, o, [ans.a], e.enter, "701.20a")
        return DONE
    if not lib:
        return DONE
    top = lib[-1]
    name = ctx.obj(top).name
    perform(
        ctx,
        Reveal(
            objects=[top],
            rule="701.20a",
            text=f"{ctx.player_name(pl)} reveals {name} from the top of their library",
        ),
    )
    flt = dataclasses.replace(e.filter or ir.Filter(), zone="library")
    if not targeting.matches(ctx, top, flt, pl):
        return DONE
    if not e.may:
        put_all(ctx, f, o, [top], e.enter, "701.20a")
        return DONE
    f.progress = ChoiceProgress(asked=True)
    decisions.ask(
        ctx,
        pl,
        "may",
        "608.2c",
        f"{stack_label(ctx, o)}: put {name} onto the battlefield?",
        [Option("yes", top, label="yes"), Option("no", label="no")],
    )
    return WAIT
