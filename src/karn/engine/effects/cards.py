"""Effects on cards in libraries and hands: draw (121), discard (701.9), search (701.23),
scry (701.22), reveal the top card (701.20). Those that wait for a choice keep their
progress in the resolve frame (typed, :mod:`karn.engine.frames`)."""

from __future__ import annotations

import dataclasses

from karn import ir
from karn.engine import decisions, targeting
from karn.engine.context import Context
from karn.engine.drawing import discard, draw
from karn.engine.effects.registry import DONE, ENTER, WAIT, Outcome, handles
from karn.engine.events import ReorderLibrary, Reveal, Shuffle, ZoneChange
from karn.engine.frames import DiscardProgress, MayProgress, ResolveFrame, ScryProgress, SearchProgress
from karn.engine.pipeline import perform
from karn.engine.references import amount, refs, stack_label
from karn.engine.state import BATTLEFIELD, GRAVEYARD, HAND, Obj, Option, ref_player


@handles(ir.Draw)
def draw_cards(ctx: Context, f: ResolveFrame, o: Obj, e: ir.Draw) -> Outcome:
    n = amount(ctx, f, o, e.amount)
    for p in refs(ctx, f, o, e.player):
        draw(ctx, ref_player(p), n, "121.2")
    return DONE


@handles(ir.Mill)
def mill(ctx: Context, f: ResolveFrame, o: Obj, e: ir.Mill) -> Outcome:
    """701.17a-b: the top N cards of the player's library are put into their graveyard at once;
    with fewer cards there, as many as there are (609.3)."""
    n = amount(ctx, f, o, e.amount)
    s = ctx.state
    for p in [ref_player(r) for r in refs(ctx, f, o, e.player) if r < 0]:
        library = s.players[p].library  # the last id is the top card
        top = list(reversed(library[-n:])) if n > 0 else []
        if top:
            names = ", ".join(s.objects[c].name for c in top)
            ctx.emit(
                "701.17a",
                f"{ctx.player_name(p)} mills {len(top)} card{'s' if len(top) != 1 else ''}: {names}",
            )
            perform(
                ctx, [ZoneChange(obj=c, to=GRAVEYARD, rule="701.17a", cause="mill", quiet=True) for c in top]
            )
    return DONE


@handles(ir.Discard)
def discard_cards(ctx: Context, f: ResolveFrame, o: Obj, e: ir.Discard) -> Outcome:
    """701.9: discarding. ``chooser="you"``: the ability's controller picks (after a reveal)."""
    s = ctx.state
    progress = f.progress if isinstance(f.progress, DiscardProgress) else DiscardProgress()
    f.progress = progress
    players = [ref_player(p) for p in refs(ctx, f, o, e.player)]
    if not players:
        return DONE
    pl = players[0]
    hand = s.players[pl].hand
    n = amount(ctx, f, o, e.amount)
    if e.reveal and not progress.revealed:
        progress.revealed = True
        names = ", ".join(sorted(ctx.obj(c).name for c in hand)) or "no cards"
        perform(
            ctx,
            Reveal(
                objects=list(hand), rule="701.20a", text=f"{ctx.player_name(pl)} reveals their hand: {names}"
            ),
        )
    ans = f.answer
    f.answer = None
    if ans is not None and ans.kind == "choose":
        discard(ctx, ans.a)
        progress.done += 1
    if progress.done >= n:
        return DONE
    hand = s.players[pl].hand
    flt = e.filter
    choices = [c for c in hand if flt is None or targeting.matches(ctx, c, flt, pl)]
    if not choices:
        return DONE
    chooser = o.controller if e.chooser == "you" else pl
    if e.chooser == "player" and len(hand) <= n - progress.done:
        for c in list(hand):
            discard(ctx, c)
        return DONE
    decisions.ask(
        ctx,
        chooser,
        "choose",
        "701.9b",
        f"choose a card {ctx.player_name(pl)} discards",
        [Option("choose", c, label=ctx.obj(c).name) for c in choices],
    )
    return WAIT


@handles(ir.SearchLibrary)
def search_library(ctx: Context, f: ResolveFrame, o: Obj, e: ir.SearchLibrary) -> Outcome:
    """701.23: search; the searcher may fail to find (701.23b); then shuffle (701.24a). A card
    put into the hand without being revealed is named only to its owner in the log."""
    s = ctx.state
    you = o.controller
    progress = f.progress if isinstance(f.progress, SearchProgress) else SearchProgress()
    f.progress = progress
    ans = f.answer
    f.answer = None
    if ans is not None:
        if ans.kind == "choose":
            name = ctx.obj(ans.a).name
            who = ctx.player_name(you)
            if e.to == BATTLEFIELD:
                tapped = " tapped" if e.tapped else ""
                progress.found += 1
                perform(
                    ctx,
                    ZoneChange(
                        obj=ans.a,
                        to=BATTLEFIELD,
                        rule="701.23a",
                        cause="search",
                        controller=you,
                        tapped=e.tapped,
                        text=f"{who} puts {name} onto the battlefield{tapped}",
                    ),
                )
            else:
                seen_by: tuple[int, ...] = () if e.reveal else (you,)
                progress.found += 1
                perform(
                    ctx,
                    ZoneChange(
                        obj=ans.a,
                        to=HAND,
                        rule="701.23a",
                        cause="search",
                        text=f"{who} puts {name} into their hand",
                        seen_by=seen_by,
                        public=f"{who} puts a card into their hand",
                    ),
                )
        else:
            progress.found = e.count
    if progress.found < e.count:
        lib = s.players[you].library
        perform(ctx, Reveal(objects=list(lib), to=(you,), rule="701.23a"))  # the searcher looks at it
        flt = dataclasses.replace(e.filter, zone="library")
        seen: set[str] = set()
        opts = []
        for c in reversed(lib):
            name = ctx.obj(c).name
            if name not in seen and targeting.matches(ctx, c, flt, you):
                seen.add(name)
                opts.append(Option("choose", c, label=name))
        opts.append(Option("none", label="find nothing"))
        decisions.ask(ctx, you, "search", "701.23b", f"{ctx.player_name(you)} searches their library", opts)
        return WAIT
    return _shuffle(ctx, you)


def _shuffle(ctx: Context, p: int) -> Outcome:
    perform(ctx, Shuffle(player=p))
    return DONE


@handles(ir.Scry)
def scry(ctx: Context, f: ResolveFrame, o: Obj, e: ir.Scry) -> Outcome:
    """701.22a: look at the top N cards, put any on the bottom and the rest back on top."""
    s = ctx.state
    you = o.controller
    lib = s.players[you].library
    progress = f.progress if isinstance(f.progress, ScryProgress) else ScryProgress()
    f.progress = progress
    if not progress.started:
        n = amount(ctx, f, o, e.amount)
        progress.started = True
        progress.cards = list(reversed(lib[-n:])) if n > 0 else []
        ctx.emit("701.22a", f"{ctx.player_name(you)} scries {n}")
        if progress.cards:
            perform(ctx, Reveal(objects=list(progress.cards), to=(you,), rule="701.22a"))  # looked at
    ans = f.answer
    f.answer = None
    if ans is not None and progress.cards:
        card = progress.cards.pop(0)
        (progress.bottom if ans.kind == "bottom" else progress.top).append(card)
    if progress.cards:
        c = progress.cards[0]
        decisions.ask(
            ctx,
            you,
            "scry",
            "701.22a",
            f"scry: put {ctx.obj(c).name} on the top or the bottom of your library?",
            [Option("top", c, label="top"), Option("bottom", c, label="bottom")],
        )
        return WAIT
    if progress.bottom:
        perform(ctx, ReorderLibrary(player=you, bottom=list(progress.bottom), rule="701.22a"))
        ctx.emit("701.22a", f"{ctx.player_name(you)} puts {len(progress.bottom)} card(s) on the bottom")
    return DONE


@handles(ir.RevealTop)
def reveal_top(ctx: Context, f: ResolveFrame, o: Obj, e: ir.RevealTop) -> Outcome:
    """701.20a: reveal the top card; "if it's a [type] card, put it into your hand"."""
    s = ctx.state
    for p in refs(ctx, f, o, e.player):
        pl = ref_player(p)
        lib = s.players[pl].library
        if not lib:
            continue
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
        if e.filter is not None and e.put_into == "hand":
            flt = dataclasses.replace(e.filter, zone="library")
            if targeting.matches(ctx, top, flt, pl):
                perform(
                    ctx,
                    ZoneChange(
                        obj=top,
                        to=HAND,
                        rule="701.20a",
                        cause="reveal",
                        text=f"{ctx.player_name(pl)} puts {name} into their hand",
                    ),
                )
    return DONE


@handles(ir.May)
def may(ctx: Context, f: ResolveFrame, o: Obj, e: ir.May) -> Outcome:
    """608.2c: "you may ...": the controller chooses as the effect would happen."""
    ans = f.answer
    f.answer = None
    if ans is not None and isinstance(f.progress, MayProgress):
        return ENTER if ans.kind == "yes" else DONE
    f.progress = MayProgress(asked=True)
    decisions.ask(
        ctx,
        o.controller,
        "may",
        "608.2c",
        f"{stack_label(ctx, o)}: do you want to do it?",
        [Option("yes", label="yes"), Option("no", label="no")],
    )
    return WAIT
