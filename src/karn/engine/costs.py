"""Paying the parts of a cost (118, 602.2b, 601.2h): one routine for every part.

A cost is mana, {T}, a loyalty change and a tuple of typed parts (:data:`karn.ir.CostPart`).
For each part this module says whether it can be paid now (118.3: a player can't pay a cost
without the resources to pay it fully, 602.2b), which objects the player may choose for it
(601.2h: what to sacrifice, discard, exile, tap, return), and pays it through the event
pipeline. The activation procedure (``casting``) asks for the choices one object at a time as
Decisions, pays the mana, then calls :func:`pay`; the whole activation is one transaction that
a cancelled or illegal payment rolls back (733.1). Mana abilities (605.3b) pay parts that ask
nothing (:data:`karn.ir.MANA_ABILITY_PARTS`) through :func:`pay` too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from karn import ir
from karn.engine import rng, targeting
from karn.engine.context import Context
from karn.engine.drawing import discard
from karn.engine.events import CounterChange, EnergyChange, GameEvent, LifeLoss, Tap, ZoneChange
from karn.engine.pipeline import perform
from karn.engine.state import BATTLEFIELD, EXILE, GRAVEYARD, HAND


class PartRules(NamedTuple):
    """How one kind of cost part is paid: ``picks`` how many objects the player chooses for
    it (0: none); ``candidates`` the objects that may be chosen; ``payable`` whether it can be
    paid (118.3) given the objects that can be chosen; ``pay`` proposes its events."""

    picks: Callable[[Any], int]
    candidates: Callable[[Context, int, int, Any, ir.Cost], list[int]]
    payable: Callable[[Context, int, int, Any, list[int]], bool]
    pay: Callable[[Context, int, int, Any, list[int]], None]
    decision: str  # the Decision kind that asks for its choices
    # paid before the mana (601.2g-h): the permanents tapped for the cost can't also be tapped
    # for mana while it is paid
    early: bool = False


PARTS: dict[type, PartRules] = {}


def _none(ctx: Context, p: int, source: int, part: Any, cost: ir.Cost) -> list[int]:
    return []


def _enough(ctx: Context, p: int, source: int, part: Any, found: list[int]) -> bool:
    return bool(len(found) >= part.count)


# --------------------------------------------------------------------------- choices of objects


def _permanents(ctx: Context, p: int, source: int, part: Any, cost: ir.Cost) -> list[int]:
    """The permanents `p` controls that the part's description matches (701.21a: a player
    sacrifices only a permanent they control)."""
    f: ir.Filter = part.what
    return [
        o for o in ctx.state.battlefield if ctx.controller(o) == p and targeting.matches(ctx, o, f, p, source)
    ]


def _untapped(ctx: Context, p: int, source: int, part: Any, cost: ir.Cost) -> list[int]:
    """ "Tap an untapped creature you control": untapped ones only; the source isn't one when
    its own {T} is part of the cost. Summoning sickness doesn't matter (302.6 is about {T})."""
    return [
        o
        for o in _permanents(ctx, p, source, part, cost)
        if not ctx.state.objects[o].tapped and not (cost.tap and o == source)
    ]


def _cards(ctx: Context, p: int, source: int, part: Any, cost: ir.Cost) -> list[int]:
    """The cards in `p`'s graveyard or hand that the part's description matches (the source
    itself isn't one: it pays its own parts, 602.2b)."""
    f: ir.Filter = part.what
    zone = ctx.state.players[p].graveyard if f.zone == "graveyard" else ctx.state.players[p].hand
    return [c for c in zone if c != source and targeting.matches(ctx, c, f, p, source)]


def _hand(ctx: Context, p: int, source: int, part: Any, cost: ir.Cost) -> list[int]:
    """ "Discard a card", "Discard a creature card": the cards of the hand but the source."""
    f: ir.Filter | None = part.what
    hand = [c for c in ctx.state.players[p].hand if c != source]
    return hand if f is None else [c for c in hand if targeting.matches(ctx, c, f, p, source)]


def _hand_all(ctx: Context, p: int, source: int, part: Any, cost: ir.Cost) -> list[int]:
    return [c for c in ctx.state.players[p].hand if c != source]


# --------------------------------------------------------------------------- paying


def _sacrifice(ctx: Context, p: int, source: int, part: Any, chosen: list[int]) -> None:
    events: list[GameEvent] = [
        ZoneChange(
            obj=o, to=GRAVEYARD, rule="701.21a", cause="sacrifice", text=f"{ctx.describe(o)} is sacrificed"
        )
        for o in chosen
    ]
    perform(ctx, events)


def _sacrifice_self(ctx: Context, p: int, source: int, part: Any, chosen: list[int]) -> None:
    text = f"{ctx.describe(source)} is sacrificed"
    perform(ctx, ZoneChange(obj=source, to=GRAVEYARD, rule="701.21a", cause="sacrifice", text=text))


def _pay_life_ok(ctx: Context, p: int, source: int, part: Any, found: list[int]) -> bool:
    # 119.4: a player can pay life only if their life total is greater than or equal to it
    return bool(ctx.state.players[p].life >= part.life)


def _pay_life(ctx: Context, p: int, source: int, part: Any, chosen: list[int]) -> None:
    ctx.emit("119.4", f"{ctx.player_name(p)} pays {part.life} life")
    perform(ctx, LifeLoss(player=p, amount=part.life, rule="119.4", payment=True))


def _pay_energy_ok(ctx: Context, p: int, source: int, part: Any, found: list[int]) -> bool:
    return bool(ctx.state.players[p].energy >= part.energy)  # 107.14, 118.3


def _pay_energy(ctx: Context, p: int, source: int, part: Any, chosen: list[int]) -> None:
    perform(ctx, EnergyChange(player=p, amount=-part.energy, rule="107.14"))  # removes the counters


def _discard(ctx: Context, p: int, source: int, part: Any, chosen: list[int]) -> None:
    for card in chosen:
        if card in ctx.state.players[p].hand:
            discard(ctx, card, rule="602.2b")  # 701.9a: from the hand to the graveyard


def _discard_random_ok(ctx: Context, p: int, source: int, part: Any, found: list[int]) -> bool:
    return bool(len([c for c in ctx.state.players[p].hand if c != source]) >= part.count)


def _discard_random(ctx: Context, p: int, source: int, part: Any, chosen: list[int]) -> None:
    # 701.9b: the cards are chosen at random (the game's seeded generator)
    hand = [c for c in ctx.state.players[p].hand if c != source]
    for _ in range(min(part.count, len(hand))):
        card = hand.pop(rng.randbelow(ctx.state, len(hand)))
        discard(ctx, card, rule="701.9b")


def _discard_hand(ctx: Context, p: int, source: int, part: Any, chosen: list[int]) -> None:
    # 701.9a: every card of the hand (one event: they are discarded at once)
    hand = [c for c in ctx.state.players[p].hand if c != source]
    if hand:
        perform(ctx, [ZoneChange(obj=c, to=GRAVEYARD, rule="701.9a", cause="discard") for c in hand])


def _counters_ok(ctx: Context, p: int, source: int, part: Any, found: list[int]) -> bool:
    # 118.3, 122.8: the source must have that many counters of the kind
    return bool(ctx.state.objects[source].counters.get(part.kind, 0) >= part.count)


def _remove_counters(ctx: Context, p: int, source: int, part: Any, chosen: list[int]) -> None:
    perform(ctx, CounterChange(obj=source, kind=part.kind, amount=-part.count, rule="602.2b", cost=True))


def _put_counters(ctx: Context, p: int, source: int, part: Any, chosen: list[int]) -> None:
    perform(ctx, CounterChange(obj=source, kind=part.kind, amount=part.count, rule="602.2b", cost=True))


def _exile_cards(ctx: Context, p: int, source: int, part: Any, chosen: list[int]) -> None:
    perform(ctx, [ZoneChange(obj=c, to=EXILE, rule="602.2b", cause="exile") for c in chosen])


def _on_battlefield(ctx: Context, p: int, source: int, part: Any, found: list[int]) -> bool:
    return bool(ctx.state.objects[source].zone == BATTLEFIELD)


def _exile_self(ctx: Context, p: int, source: int, part: Any, chosen: list[int]) -> None:
    perform(ctx, ZoneChange(obj=source, to=EXILE, rule="602.2b", cause="exile"))


def _return(ctx: Context, p: int, source: int, part: Any, chosen: list[int]) -> None:
    # to its owner's hand (400.3)
    perform(ctx, [ZoneChange(obj=o, to=HAND, rule="602.2b", cause="return") for o in chosen])


def _return_self(ctx: Context, p: int, source: int, part: Any, chosen: list[int]) -> None:
    perform(ctx, ZoneChange(obj=source, to=HAND, rule="602.2b", cause="return"))


def _tap(ctx: Context, p: int, source: int, part: Any, chosen: list[int]) -> None:
    for o in chosen:
        perform(
            ctx, Tap(obj=o, tapped=True, rule="602.2b", text=f"{ctx.describe(o)} is tapped to pay a cost")
        )


def _untap_ok(ctx: Context, p: int, source: int, part: Any, found: list[int]) -> bool:
    # 107.6, 302.6: {Q} needs the source tapped, and a creature not summoning-sick
    o = ctx.state.objects[source]
    if o.zone != BATTLEFIELD or not o.tapped:
        return False
    c = ctx.chars(source)
    return not (o.sick and c.is_("creature") and "haste" not in c.keywords)


def _untap(ctx: Context, p: int, source: int, part: Any, chosen: list[int]) -> None:
    perform(ctx, Tap(obj=source, tapped=False, rule="107.6", quiet=True))


def _library_ok(ctx: Context, p: int, source: int, part: Any, found: list[int]) -> bool:
    # 118.3: the library must hold that many cards
    return bool(len(ctx.state.players[p].library) >= part.count)


def _mill(ctx: Context, p: int, source: int, part: Any, chosen: list[int]) -> None:
    library = ctx.state.players[p].library  # the last id is the top card
    top = list(reversed(library[-part.count :]))
    perform(ctx, [ZoneChange(obj=c, to=GRAVEYARD, rule="701.17a", cause="mill") for c in top])


def _exile_top(ctx: Context, p: int, source: int, part: Any, chosen: list[int]) -> None:
    # "Exile the top ten cards of your library" (602.2b, 118.3): top first, as one event
    library = ctx.state.players[p].library
    top = list(reversed(library[-part.count :]))
    perform(ctx, [ZoneChange(obj=c, to=EXILE, rule="602.2b", cause="exile") for c in top])


def crew_candidates(ctx: Context, p: int, source: int) -> list[int]:
    """702.122a: the other untapped creatures `p` controls that could be tapped to crew
    ``source`` (summoning sick ones too: the cost has no {T} of theirs, 302.6)."""
    return [
        oid
        for oid, c in ctx.battlefield_chars().items()
        if oid != source and c.controller == p and c.is_("creature") and not ctx.state.objects[oid].tapped
    ]


def _crew_candidates(ctx: Context, p: int, source: int, part: Any, cost: ir.Cost) -> list[int]:
    return crew_candidates(ctx, p, source)


def _crew_ok(ctx: Context, p: int, source: int, part: Any, found: list[int]) -> bool:
    # 702.122a: enough total power among the other untapped creatures
    return bool(sum(ctx.chars(o).power for o in found) >= part.power)


def _crew(ctx: Context, p: int, source: int, part: Any, chosen: list[int]) -> None:
    # 702.122a-b: the creatures tapped to pay the crew cost crew the Vehicle
    who = ctx.player_name(p)
    name = ctx.describe(source)
    for o in chosen:
        perform(
            ctx, Tap(obj=o, tapped=True, rule="702.122b", text=f"{who} taps {ctx.describe(o)} to crew {name}")
        )


def crew_part(cost: ir.Cost) -> tuple[int, ir.CrewCost] | None:
    """The crew part of a cost and its index (702.122a): its creatures are asked for by the
    activation procedure one at a time until their total power is enough (then the player may
    stop), not a fixed number of picks."""
    for i, part in enumerate(cost.parts):
        if isinstance(part, ir.CrewCost):
            return i, part
    return None


def _always(ctx: Context, p: int, source: int, part: Any, found: list[int]) -> bool:
    return True


def _count(part: Any) -> int:
    return int(part.count)


def _zero(part: Any) -> int:
    return 0


PARTS.update(
    {
        ir.SacrificeCost: PartRules(_count, _permanents, _enough, _sacrifice, "cost"),
        ir.SacrificeSelfCost: PartRules(_zero, _none, _on_battlefield, _sacrifice_self, ""),
        ir.PayLifeCost: PartRules(_zero, _none, _pay_life_ok, _pay_life, ""),
        ir.PayEnergyCost: PartRules(_zero, _none, _pay_energy_ok, _pay_energy, ""),
        ir.DiscardCost: PartRules(_count, _hand, _enough, _discard, "discard"),
        ir.DiscardRandomCost: PartRules(_zero, _none, _discard_random_ok, _discard_random, ""),
        ir.DiscardHandCost: PartRules(_zero, _hand_all, _always, _discard_hand, ""),
        ir.RemoveCountersCost: PartRules(_zero, _none, _counters_ok, _remove_counters, ""),
        ir.PutCountersCost: PartRules(_zero, _none, _on_battlefield, _put_counters, ""),
        ir.ExileCardsCost: PartRules(_count, _cards, _enough, _exile_cards, "cost"),
        ir.ExileSelfCost: PartRules(_zero, _none, _on_battlefield, _exile_self, ""),
        ir.ReturnCost: PartRules(_count, _permanents, _enough, _return, "cost"),
        ir.ReturnSelfCost: PartRules(_zero, _none, _on_battlefield, _return_self, ""),
        ir.TapCost: PartRules(_count, _untapped, _enough, _tap, "cost", early=True),
        ir.UntapSymbolCost: PartRules(_zero, _none, _untap_ok, _untap, ""),
        ir.MillCost: PartRules(_zero, _none, _library_ok, _mill, ""),
        ir.ExileTopCost: PartRules(_zero, _none, _library_ok, _exile_top, ""),
        # 702.122a: picks asked by the activation procedure (crew_part); tapped before the mana
        ir.CrewCost: PartRules(_zero, _crew_candidates, _crew_ok, _crew, "crew", early=True),
    }
)


# --------------------------------------------------------------------------- the routine


def can_pay(ctx: Context, p: int, source: int, cost: ir.Cost) -> bool:
    """118.3, 602.2b: every part of the cost can be paid now (the objects chosen for one part
    can't also pay another of the same cost)."""
    used: set[int] = set()
    for part in cost.parts:
        rules = PARTS[type(part)]
        found = [o for o in rules.candidates(ctx, p, source, part, cost) if o not in used]
        if not rules.payable(ctx, p, source, part, found):
            return False
        used.update(found[: rules.picks(part)])
    return True


def next_choice(
    ctx: Context, p: int, source: int, cost: ir.Cost, chosen: Sequence[Sequence[int]]
) -> tuple[int, list[int]] | None:
    """601.2h: the next part whose objects are still to be chosen (its index) and the objects
    that may be chosen for it now; None when every choice is made."""
    used = {o for picks in chosen for o in picks}
    for i, part in enumerate(cost.parts):
        rules = PARTS[type(part)]
        have = chosen[i] if i < len(chosen) else ()
        if len(have) < rules.picks(part):
            return i, [o for o in rules.candidates(ctx, p, source, part, cost) if o not in used]
    return None


def decision_kind(part: ir.CostPart) -> str:
    """The Decision kind that asks for a part's objects ("discard" for cards to discard)."""
    return PARTS[type(part)].decision


def pay(
    ctx: Context,
    p: int,
    source: int,
    cost: ir.Cost,
    chosen: Sequence[Sequence[int]],
    early: bool | None = None,
) -> None:
    """601.2h, 602.2b: pay the parts, in printed order (the player may pay them in any order;
    the outcome is the same), with the objects chosen for each. ``early``: only the parts paid
    before the mana (True) or only the others (False); None: all of them."""
    for i, part in enumerate(cost.parts):
        rules = PARTS[type(part)]
        if early is None or rules.early == early:
            rules.pay(ctx, p, source, part, list(chosen[i]) if i < len(chosen) else [])


def has_early(cost: ir.Cost) -> bool:
    """Whether a part of the cost is paid before its mana (tapping permanents, 601.2h)."""
    return any(PARTS[type(part)].early for part in cost.parts)


_VERBS = {
    ir.SacrificeCost: "sacrifice",
    ir.DiscardCost: "discard",
    ir.ExileCardsCost: "exile",
    ir.ReturnCost: "return to its owner's hand",
    ir.TapCost: "tap",
}


def prompt(part: ir.CostPart, have: int) -> str:
    """The question asking for a part's next object: "choose a permanent to sacrifice (1 of 2)"."""
    n = PARTS[type(part)].picks(part)
    of = f" ({have + 1} of {n})" if n > 1 else ""
    return f"choose what to {_VERBS.get(type(part), 'use')}{of}"


def part_text(part: ir.CostPart) -> str:
    """A part of a cost in a few words, for the log and prompts ("2 life", "discard a card")."""
    if isinstance(part, ir.PayLifeCost):
        return f"{part.life} life"
    if isinstance(part, ir.PayEnergyCost):
        return "{E}" * part.energy
    if isinstance(part, (ir.DiscardCost, ir.DiscardRandomCost)):
        n = "a card" if part.count == 1 else f"{part.count} cards"
        random = " at random" if isinstance(part, ir.DiscardRandomCost) else ""
        return f"discard {n}{random}"
    if isinstance(part, ir.SacrificeCost):
        return "sacrifice " + ("a permanent" if part.count == 1 else f"{part.count} permanents")
    verb = _VERBS.get(type(part), type(part).__name__)
    return verb
