"""Effects on cards in libraries and hands: draw (121), discard (701.9), search (701.23),
scry (701.22), reveal the top card (701.20). Those that wait for a choice keep their
progress in the resolve frame (typed, :mod:`karn.engine.frames`)."""

from __future__ import annotations

import dataclasses

from karn import ir
from karn.cards.mana import ManaCost
from karn.engine import costs, decisions, mana, rng, targeting
from karn.engine.context import Context
from karn.engine.drawing import discard, draw
from karn.engine.effects.battlefield import reveal_top_onto_battlefield
from karn.engine.effects.energy import can_pay_energy
from karn.engine.effects.registry import DONE, ENTER, OTHERWISE, WAIT, Outcome, handles
from karn.engine.events import (
    ReorderLibrary,
    Reveal,
    Shuffle,
    StartEffect,
    ZoneChange,
)
from karn.engine.frames import (
    CascadeProgress,
    CastProgress,
    DiscardProgress,
    FreeCastFrame,
    MayProgress,
    ResolveFrame,
    ScryProgress,
    SearchProgress,
    UnlessProgress,
)
from karn.engine.modifications import AddAbilities, ContinuousEffect
from karn.engine.pipeline import perform
from karn.engine.references import amount, condition_holds, refs, source_id, stack_label, was_kicked
from karn.engine.state import BATTLEFIELD, EXILE, GRAVEYARD, HAND, LIBRARY, STACK, Obj, Option, ref_player


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


@handles(ir.ExileTop)
def exile_top(ctx: Context, f: ResolveFrame, o: Obj, e: ir.ExileTop) -> Outcome:
    """406.1, 701.13a: the top N cards of the player's library are exiled at once, as many as
    there are (609.3); they become the objects "it" / "them" refer to next."""
    n = amount(ctx, f, o, e.amount)
    s = ctx.state
    f.affected = []
    for p in [ref_player(r) for r in refs(ctx, f, o, e.player) if r < 0]:
        library = s.players[p].library  # the last id is the top card
        top = list(reversed(library[-n:])) if n > 0 else []
        if not top:
            continue
        names = ", ".join(s.objects[c].name for c in top)
        ctx.emit("406.1", f"{ctx.player_name(p)} exiles the top {len(top)} card(s) of their library: {names}")
        done = perform(
            ctx, [ZoneChange(obj=c, to=EXILE, rule="701.13a", cause="exile", quiet=True) for c in top]
        )
        moved = [ev.new_id for ev in done or [] if isinstance(ev, ZoneChange) and ev.new_id]
        f.affected += [c for c in moved if c in s.objects and s.objects[c].zone == EXILE]
    return DONE


@handles(ir.Manifest)
def manifest(ctx: Context, f: ResolveFrame, o: Obj, e: ir.Manifest) -> Outcome:
    """701.40a: the top card of the player's library is turned face down and put onto the
    battlefield as a 2/2 face-down creature (708.2a, 708.3: its enters abilities don't apply);
    an empty library manifests nothing (609.3)."""
    s = ctx.state
    for p in [ref_player(r) for r in refs(ctx, f, o, e.player) if r < 0]:
        library = s.players[p].library  # the last id is the top card
        if not library:
            continue
        perform(
            ctx,
            ZoneChange(
                obj=library[-1],
                to=BATTLEFIELD,
                rule="701.40a",
                cause="put",
                controller=p,
                face_down="manifest",
                text=f"{ctx.player_name(p)} manifests the top card of their library",
            ),
        )
    return DONE


@handles(ir.Discard)
def discard_cards(ctx: Context, f: ResolveFrame, o: Obj, e: ir.Discard) -> Outcome:
    """701.9: discarding. ``chooser="you"``: the ability's controller picks (after a reveal).
    "Each player discards a card": each chooses in APNAP order, then the cards are
    discarded together (101.4)."""
    progress = f.progress if isinstance(f.progress, DiscardProgress) else DiscardProgress()
    f.progress = progress
    players = [ref_player(p) for p in refs(ctx, f, o, e.player)]
    n = amount(ctx, f, o, e.amount)
    while progress.turn < len(players):
        outcome = _discard_one(ctx, f, o, e, progress, players[progress.turn], n)
        if outcome is WAIT:
            return WAIT
        progress.turn += 1
        progress.done = 0
        progress.revealed = False
    for c in progress.chosen:
        discard(ctx, c)
    return DONE


def _discard_one(
    ctx: Context, f: ResolveFrame, o: Obj, e: ir.Discard, progress: DiscardProgress, pl: int, n: int
) -> Outcome:
    s = ctx.state
    hand = s.players[pl].hand
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
        progress.chosen.append(ans.a)
        progress.done += 1
    if progress.done >= n:
        return DONE
    hand = [c for c in s.players[pl].hand if c not in progress.chosen]
    flt = e.filter
    choices = [c for c in hand if flt is None or targeting.matches(ctx, c, flt, pl)]
    if not choices:
        return DONE
    chooser = o.controller if e.chooser == "you" else pl
    if e.chooser == "player" and len(hand) <= n - progress.done:
        progress.chosen.extend(hand)  # 609.3: as many as possible
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
    """701.22a: look at the top N cards, put any on the bottom and the rest back on top;
    701.25a surveil: any into the graveyard instead of the bottom."""
    s = ctx.state
    you = o.controller
    lib = s.players[you].library
    progress = f.progress if isinstance(f.progress, ScryProgress) else ScryProgress()
    f.progress = progress
    if not progress.started:
        n = amount(ctx, f, o, e.amount)
        progress.started = True
        progress.cards = list(reversed(lib[-n:])) if n > 0 else []
        verb = "surveils" if e.surveil else "scries"
        ctx.emit("701.25a" if e.surveil else "701.22a", f"{ctx.player_name(you)} {verb} {n}")
        if progress.cards:
            perform(ctx, Reveal(objects=list(progress.cards), to=(you,), rule="701.22a"))  # looked at
    ans = f.answer
    f.answer = None
    if ans is not None and progress.cards:
        card = progress.cards.pop(0)
        (progress.bottom if ans.kind == "bottom" else progress.top).append(card)
    if progress.cards:
        c = progress.cards[0]
        if e.surveil:
            decisions.ask(
                ctx,
                you,
                "scry",
                "701.25a",
                f"surveil: put {ctx.obj(c).name} into your graveyard or back on top of your library?",
                [Option("top", c, label="top"), Option("bottom", c, label="graveyard")],
            )
            return WAIT
        decisions.ask(
            ctx,
            you,
            "scry",
            "701.22a",
            f"scry: put {ctx.obj(c).name} on the top or the bottom of your library?",
            [Option("top", c, label="top"), Option("bottom", c, label="bottom")],
        )
        return WAIT
    if progress.bottom and e.surveil:
        perform(
            ctx,
            [
                ZoneChange(
                    obj=c,
                    to=GRAVEYARD,
                    rule="701.25a",
                    cause="surveil",
                    text=f"{ctx.obj(c).name} is put into a graveyard",
                )
                for c in progress.bottom
            ],
        )
    elif progress.bottom:
        perform(ctx, ReorderLibrary(player=you, bottom=list(progress.bottom), rule="701.22a"))
        ctx.emit("701.22a", f"{ctx.player_name(you)} puts {len(progress.bottom)} card(s) on the bottom")
    return DONE


@handles(ir.LookAndTake)
def look_and_take(ctx: Context, f: ResolveFrame, o: Obj, e: ir.LookAndTake) -> Outcome:
    """Look at the top N cards of your library; you may reveal one matching card and put it into
    your hand (701.20a); the rest go on the bottom of your library in a random order."""
    s = ctx.state
    you = o.controller
    lib = s.players[you].library
    progress = f.progress if isinstance(f.progress, ScryProgress) else ScryProgress()
    f.progress = progress
    if not progress.started:
        progress.started = True
        progress.cards = list(reversed(lib[-e.count :])) if e.count > 0 else []
        ctx.emit(
            "701.16a",
            f"{ctx.player_name(you)} looks at the top {len(progress.cards)} card(s) of their library",
        )
        if progress.cards:
            perform(ctx, Reveal(objects=list(progress.cards), to=(you,), rule="701.16a"))  # looked at
        choices = [c for c in progress.cards if targeting.matches(ctx, c, e.filter, you)]
        if choices:
            decisions.ask(
                ctx,
                you,
                "choose",
                "701.20a",
                f"{stack_label(ctx, o)}: you may reveal a card from among them and put it into your hand",
                [Option("choose", c, label=ctx.obj(c).name) for c in choices]
                + [Option("none", label="none")],
            )
            return WAIT
    ans = f.answer
    f.answer = None
    rest = list(progress.cards)
    if ans is not None and ans.kind == "choose" and ans.a in rest:
        rest.remove(ans.a)
        name = ctx.obj(ans.a).name
        perform(ctx, Reveal(objects=[ans.a], rule="701.20a", text=f"{ctx.player_name(you)} reveals {name}"))
        _revealed_into_hand(ctx, you, ans.a)
    _bottom_in_random_order(ctx, you, rest)
    return DONE


@handles(ir.RevealUntil)
def reveal_until(ctx: Context, f: ResolveFrame, o: Obj, e: ir.RevealUntil) -> Outcome:
    """701.20a: cards are revealed from the top of the library one at a time until one matches;
    it is put into its owner's hand and the other revealed cards on the bottom of the library in
    a random order (every card, if none matches)."""
    s = ctx.state
    you = o.controller
    revealed: list[int] = []
    found = 0
    for c in reversed(s.players[you].library):  # the last id is the top card
        revealed.append(c)
        if targeting.matches(ctx, c, e.filter, you):
            found = c
            break
    if not revealed:
        return DONE
    names = ", ".join(ctx.obj(c).name for c in revealed)
    perform(
        ctx, Reveal(objects=list(revealed), rule="701.20a", text=f"{ctx.player_name(you)} reveals {names}")
    )
    if found:
        _revealed_into_hand(ctx, you, found)
    _bottom_in_random_order(ctx, you, [c for c in revealed if c != found])
    return DONE


def _revealed_into_hand(ctx: Context, player: int, card: int) -> None:
    """701.20a: a revealed card of ``player``'s library put into their hand (seen by all)."""
    name = ctx.obj(card).name
    text = f"{ctx.player_name(player)} puts {name} into their hand"
    perform(ctx, ZoneChange(obj=card, to=HAND, rule="701.20a", cause="reveal", text=text))


def _bottom_in_random_order(ctx: Context, player: int, cards: list[int]) -> None:
    """401.4: "the rest on the bottom of your library in a random order"."""
    if cards:
        rng.shuffle(ctx.state, cards)
        perform(ctx, ReorderLibrary(player=player, bottom=cards, rule="401.4"))


_SPLIT_ZONES = {"hand": HAND, "graveyard": GRAVEYARD, "exile": EXILE}
_SPLIT_WORDS = {"hand": "into your hand", "graveyard": "into your graveyard", "exile": "into exile"}


@handles(ir.LookAndSplit)
def look_and_split(ctx: Context, f: ResolveFrame, o: Obj, e: ir.LookAndSplit) -> Outcome:
    """701.16a: the controller looks at the top two cards of their library (no one else sees
    them, 401.5) and chooses the one that goes to ``e.one``; the other goes to ``e.other``. With
    fewer cards, the one there is is the chosen one (609.3: as much as possible)."""
    you = o.controller
    progress = f.progress if isinstance(f.progress, ScryProgress) else ScryProgress()
    f.progress = progress
    if not progress.started:
        progress.started = True
        lib = ctx.state.players[you].library
        progress.cards = list(reversed(lib[-e.count :])) if e.count > 0 else []
        ctx.emit(
            "701.16a",
            f"{ctx.player_name(you)} looks at the top {len(progress.cards)} card(s) of their library",
        )
        if progress.cards:
            perform(ctx, Reveal(objects=list(progress.cards), to=(you,), rule="701.16a"))  # looked at
        if len(progress.cards) > 1:
            decisions.ask(
                ctx,
                you,
                "choose",
                "701.16a",
                f"{stack_label(ctx, o)}: choose the card to put {_SPLIT_WORDS.get(e.one, 'on the bottom')}",
                [Option("choose", c, label=ctx.obj(c).name) for c in progress.cards],
            )
            return WAIT
    ans = f.answer
    f.answer = None
    cards = list(progress.cards)
    if not cards:
        return DONE
    one = ans.a if ans is not None and ans.kind == "choose" and ans.a in cards else cards[0]
    _put_looked(ctx, you, one, e.one)
    for other in cards:
        if other != one:
            _put_looked(ctx, you, other, e.other)
    return DONE


def _put_looked(ctx: Context, you: int, card: int, where: str) -> None:
    """One looked-at card goes where the instruction says: a card put into its owner's hand stays
    hidden from the others (only its owner saw it, 401.5); one exiled or put into a graveyard is
    public (400.2); one put on the bottom stays hidden (401.4)."""
    if card not in ctx.state.objects or ctx.obj(card).zone != "library":
        return  # 608.2b-like: it left the library since it was looked at
    who = ctx.player_name(you)
    name = ctx.obj(card).name
    if where == "bottom":
        perform(ctx, ReorderLibrary(player=you, bottom=[card], rule="401.4"))
        return
    if where == "hand":
        change = ZoneChange(
            obj=card,
            to=HAND,
            rule="701.16a",
            cause="put",
            text=f"{who} puts {name} into their hand",
            seen_by=(you,),
            public=f"{who} puts a card into their hand",
        )
    else:
        verb = "exiles" if where == "exile" else "puts"
        place = "" if where == "exile" else " into their graveyard"
        change = ZoneChange(
            obj=card,
            to=_SPLIT_ZONES[where],
            rule="701.13a" if where == "exile" else "701.16a",
            cause="exile" if where == "exile" else "put",
            text=f"{who} {verb} {name}{place}",
        )
    perform(ctx, change)


@handles(ir.LookAtHand)
def look_at_hand(ctx: Context, f: ResolveFrame, o: Obj, e: ir.LookAtHand) -> Outcome:
    """701.20e: the cards of the player's hand are shown to the controller only, who knows them
    while they stay there (``GameState.known``); the others read that they looked."""
    you = o.controller
    who = ctx.player_name(you)
    for p in refs(ctx, f, o, e.player):
        pl = ref_player(p)
        hand = list(ctx.state.players[pl].hand)
        names = ", ".join(ctx.obj(c).name for c in hand) or "no cards"
        whose = "their own" if pl == you else f"{ctx.player_name(pl)}'s"
        perform(
            ctx,
            Reveal(
                objects=hand,
                to=(you,),
                rule="701.20e",
                text=f"{who} looks at {whose} hand: {names}",
                public=f"{who} looks at {whose} hand",
            ),
        )
    return DONE


@handles(ir.RevealTop)
def reveal_top(ctx: Context, f: ResolveFrame, o: Obj, e: ir.RevealTop) -> Outcome:
    """701.20a: reveal the top card; "if it's a [type] card, put it into your hand"."""
    if e.put_into == "battlefield":
        return reveal_top_onto_battlefield(ctx, f, o, e)
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
                _revealed_into_hand(ctx, pl, top)
    return DONE


@handles(ir.IfCondition)
def if_condition(ctx: Context, f: ResolveFrame, o: Obj, e: ir.IfCondition) -> Outcome:
    """608.2c: "If this spell was kicked, ...", "If you don't, ..." (608.2d), "If you control an
    artifact, ...": the effects happen only if the condition holds as the instruction is
    reached; otherwise its alternative effects ("... instead if ...") do."""
    c = e.condition
    if isinstance(c, ir.Declined):
        holds = f.declined
    elif isinstance(c, ir.Did):
        holds = not f.declined
    elif isinstance(c, ir.Condition):
        holds = condition_holds(ctx, c, o.controller, source_id(o), o.trigger)
    else:
        holds = was_kicked(ctx, o, c)
    if holds:
        return ENTER
    return OTHERWISE if e.otherwise else DONE


def _sacrifice_choices(ctx: Context, o: Obj, f: ResolveFrame, e: ir.Sacrifice) -> tuple[int, list[int]]:
    players = [ref_player(p) for p in refs(ctx, f, o, e.player)]
    if not players:
        return -1, []
    pl = players[0]
    if e.what is not None:  # "sacrifice it": only if that player controls it (701.21a)
        named = [t for t in refs(ctx, f, o, e.what) if t > 0 and t in ctx.state.battlefield]
        return pl, [t for t in named if ctx.controller(t) == pl]
    flt = dataclasses.replace(e.filter or ir.Filter(), controller="you")  # 701.21a: their own permanents
    return pl, [x for x in ctx.state.battlefield if targeting.matches(ctx, x, flt, pl, o.source or o.id)]


def _impossible(ctx: Context, f: ResolveFrame, o: Obj, effects: tuple[ir.Effect, ...]) -> bool:
    """608.2d: a player can't choose an option that's impossible: a "you may sacrifice ..." with
    nothing to sacrifice."""
    first = effects[0] if effects else None
    if isinstance(first, ir.PayEnergy):
        return not can_pay_energy(ctx, f, o, first)  # 107.14: not enough energy counters
    if isinstance(first, ir.Discard) and first.player == ir.Ref("you") and isinstance(first.amount, int):
        # "you may discard a card" with fewer cards in hand than that (701.9a)
        return len(ctx.state.players[o.controller].hand) < first.amount
    return isinstance(first, ir.Sacrifice) and not _sacrifice_choices(ctx, o, f, first)[1]


@handles(ir.May)
def may(ctx: Context, f: ResolveFrame, o: Obj, e: ir.May) -> Outcome:
    """608.2c: "you may ...": the controller chooses as the effect would happen."""
    ans = f.answer
    f.answer = None
    if ans is not None and isinstance(f.progress, MayProgress):
        f.declined = ans.kind != "yes"
        return ENTER if ans.kind == "yes" else DONE
    if _impossible(ctx, f, o, e.effects):
        f.declined = True
        return DONE
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


@handles(ir.Unless)
def unless(ctx: Context, f: ResolveFrame, o: Obj, e: ir.Unless) -> Outcome:
    """118.12: "... unless [a player] pays [cost]": as it would happen the payer chooses
    whether to pay; paid (the mana with the mana solver, from their pool and untapped sources;
    the other parts with the objects they choose, 601.2h), the effects don't happen; not paid,
    or not payable (118.3), they do."""
    ans = f.answer
    f.answer = None
    payers = [ref_player(p) for p in refs(ctx, f, o, e.payer) if p < 0]
    if not payers:
        return ENTER
    payer = payers[0]
    cost = ManaCost.parse(e.mana) if e.mana else None
    parts = ir.Cost(parts=e.parts)
    source = o.source or o.id
    who = ctx.player_name(payer)
    shown = _unless_text(e)
    if ans is not None and isinstance(f.progress, UnlessProgress):
        progress = f.progress
        if not progress.paying:
            if ans.kind != "yes":
                ctx.emit("118.12", f"{who} doesn't pay {shown} ({stack_label(ctx, o)})")
                return ENTER
            progress.paying = True
        else:
            choice = costs.next_choice(ctx, payer, source, parts, progress.picks)
            if choice is None or ans.a not in choice[1]:
                raise AssertionError("an unless-cost pick the decision didn't offer")
            while len(progress.picks) <= choice[0]:
                progress.picks.append([])
            progress.picks[choice[0]].append(ans.a)
        choice = costs.next_choice(ctx, payer, source, parts, progress.picks)
        if choice is not None:
            i, found = choice
            have = len(progress.picks[i]) if i < len(progress.picks) else 0
            decisions.ask(
                ctx,
                payer,
                costs.decision_kind(e.parts[i]),
                "118.12",
                f"{stack_label(ctx, o)}: {who}, {costs.prompt(e.parts[i], have)} to pay {shown}",
                [Option("choose", c, label=ctx.describe(c)) for c in found],
            )
            return WAIT
        if cost is not None and not mana.pay(ctx, payer, cost):
            ctx.emit("118.12", f"{who} can't pay {shown} ({stack_label(ctx, o)})")
            return ENTER
        if e.parts:
            costs.pay(ctx, payer, source, parts, progress.picks)
        ctx.emit("118.12", f"{who} pays {shown} ({stack_label(ctx, o)})")
        return DONE
    if (cost is not None and not mana.can_pay(ctx, payer, cost)) or not costs.can_pay(
        ctx, payer, source, parts
    ):
        ctx.emit("118.12", f"{who} can't pay {shown} ({stack_label(ctx, o)})")
        return ENTER
    f.progress = UnlessProgress()
    decisions.ask(
        ctx,
        payer,
        "unless",
        "118.12",
        f"{stack_label(ctx, o)}: {who}, pay {shown}? If you don't, it happens",
        [Option("yes", label=f"pay {shown}"), Option("no", label="don't pay")],
    )
    return WAIT


def _unless_text(e: ir.Unless) -> str:
    """The cost of an "unless ... pays" in words: "{2}", "2 life", "{2} and 2 life"."""
    words = [str(ManaCost.parse(e.mana))] if e.mana else []
    words += [costs.part_text(part) for part in e.parts]
    return " and ".join(words) or "nothing"


@handles(ir.CastWithoutPaying)
def cast_without_paying(ctx: Context, f: ResolveFrame, o: Obj, e: ir.CastWithoutPaying) -> Outcome:
    """608.2g: the controller casts the card during the resolution without paying its mana cost
    (118.9): the cast (601.2a-i) is a frame above this resolution; when this step runs again the
    cast is over, done or abandoned (733.1: then the card stays where it was). A creature spell
    cast with ``haste`` gains haste until its caster loses control of it (702.62a)."""
    s = ctx.state
    if isinstance(f.progress, CastProgress):
        spell = f.progress.spell
        cast = [spell] if spell in s.objects and s.objects[spell].zone == STACK else []
        f.affected = cast
        if e.haste:
            for x in cast:
                _gain_haste(ctx, x, o.controller)
        return DONE
    found = [t for t in refs(ctx, f, o, e.what) if t > 0 and t in s.objects and s.objects[t].zone != STACK]
    if not found:
        return DONE
    f.progress = CastProgress(card=found[0])
    s.agenda.append(FreeCastFrame(card=found[0], player=o.controller))
    return WAIT


def _gain_haste(ctx: Context, spell: int, controller: int) -> None:
    """702.62a: "it gains haste until you lose control of the spell or the permanent it
    becomes": an effect on the creature spell that follows it to the battlefield (400.7a) and
    lasts while its caster controls it (611.2b)."""
    if "creature" not in ctx.chars(spell).types:
        return
    effect = ContinuousEffect(
        id=0,
        timestamp=0,
        source=spell,
        controller=controller,
        affected=[spell],
        mods=[AddAbilities(keywords=("haste",))],
        duration="while_you_control_source",
        source_name=ctx.obj(spell).name,
    )
    perform(ctx, StartEffect(effect=effect, text=f"{ctx.describe(spell)} gains haste (702.62a)"))


@handles(ir.Cascade)
def cascade(ctx: Context, f: ResolveFrame, o: Obj, e: ir.Cascade) -> Outcome:
    """702.85a: exile cards from the top of the library until a nonland card with a lesser mana
    value than the spell's is exiled (the spell as it last existed if it left the stack, 608.2h);
    its controller may cast it without paying its mana cost (608.2g: during this resolution);
    then the exiled cards not cast go to the bottom of the library in a random order."""
    s = ctx.state
    you = o.controller
    ans = f.answer
    f.answer = None
    progress = f.progress
    if not isinstance(progress, CascadeProgress):
        progress = f.progress = CascadeProgress()
        limit = _spell_mana_value(ctx, o)
        library = s.players[you].library  # the last id is the top card
        while library:
            done = perform(ctx, ZoneChange(obj=library[-1], to=EXILE, rule="702.85a", cause="exile"))
            new = next((ev.new_id for ev in done or [] if isinstance(ev, ZoneChange) and ev.new_id), 0)
            if not new or new not in s.objects:
                break
            progress.exiled.append(new)
            c = ctx.chars(new)
            if not c.is_("land") and c.mana_value < limit:
                progress.hit = new
                break
        if progress.hit and progress.hit in s.objects:
            progress.asked = True
            name = s.objects[progress.hit].name
            decisions.ask(
                ctx,
                you,
                "may",
                "702.85a",
                f"{stack_label(ctx, o)}: cast {name} without paying its mana cost?",
                [Option("yes", label=f"cast {name}"), Option("no", label="don't cast it")],
            )
            return WAIT
    elif progress.asked and not progress.casting and ans is not None:
        if ans.kind == "yes":
            progress.casting = True
            s.agenda.append(FreeCastFrame(card=progress.hit, player=you, rule="702.85a"))
            return WAIT
    f.affected = (
        [progress.spell] if progress.spell in s.objects and s.objects[progress.spell].zone == STACK else []
    )
    rest = [c for c in progress.exiled if c in s.objects and s.objects[c].zone == EXILE]
    if rest:
        rng.shuffle(s, rest)  # 702.85a: in a random order
        perform(
            ctx,
            [
                ZoneChange(obj=c, to=LIBRARY, rule="702.85a", cause="put", position="bottom", quiet=True)
                for c in rest
            ],
        )
        ctx.emit("702.85a", f"{ctx.player_name(you)} puts {len(rest)} card(s) on the bottom of their library")
    return DONE


def _spell_mana_value(ctx: Context, o: Obj) -> int:
    """702.85a: "this spell's mana value": the cascading spell on the stack, or as it last existed
    (608.2h)."""
    src = o.source
    if src in ctx.state.objects and ctx.state.objects[src].zone == STACK:
        return ctx.chars(src).mana_value
    lk = ctx.state.lki.get(src)
    return lk.mana_value if lk is not None else 0


@handles(ir.CastForMadness)
def cast_for_madness(ctx: Context, f: ResolveFrame, o: Obj, e: ir.CastForMadness) -> Outcome:
    """702.35a-b: the owner may cast the exiled card by paying its madness cost rather than its
    mana cost (608.2g: during this resolution, timing restrictions don't apply); if they don't
    (or can't), they put the card into their graveyard."""
    s = ctx.state
    ans = f.answer
    f.answer = None
    if isinstance(f.progress, CastProgress):
        card = f.progress.card
        if ans is not None:  # the question was answered
            if ans.kind == "yes":
                f.progress = CastProgress(card=card)
                f.progress.spell = -1  # asked and accepted: the cast frame follows
                s.agenda.append(FreeCastFrame(card=card, player=o.controller, rule="702.35b", alt="madness"))
                return WAIT
        elif (
            f.progress.spell > 0
            and f.progress.spell in s.objects
            and s.objects[f.progress.spell].zone == STACK
        ):
            f.affected = [f.progress.spell]
            return DONE
        if card in s.objects and s.objects[card].zone == EXILE:
            perform(ctx, ZoneChange(obj=card, to=GRAVEYARD, rule="702.35a", cause="put"))
        return DONE
    found = [t for t in refs(ctx, f, o, e.what) if t > 0 and t in s.objects and s.objects[t].zone == EXILE]
    if not found:
        return DONE
    card = found[0]
    f.progress = CastProgress(card=card)
    name = s.objects[card].name
    decisions.ask(
        ctx,
        o.controller,
        "may",
        "702.35a",
        f"madness: cast {name} for its madness cost? If you don't, it goes to your graveyard",
        [Option("yes", label=f"cast {name}"), Option("no", label="put it into your graveyard")],
    )
    return WAIT
