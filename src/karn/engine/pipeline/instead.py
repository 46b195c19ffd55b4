"""Replacement and prevention effects that say what they watch and what happens instead
(614.1a, 615.1a): the static abilities of permanents (:class:`~karn.ir.Replacement`, 604)
and the effects resolved spells and abilities created
(:class:`~karn.engine.modifications.ReplacementEffect`, 611.2a), regeneration shields among
them (701.19a, 614.8).

Each is a :class:`Watcher`; the finders registered here per event type turn the watchers
that apply to an event into :class:`~karn.engine.pipeline.replacement.Replacement` choices
for the pipeline (616.1), and their ``apply`` says what the event becomes (614.6). The ids
are ``static:<source>:<ability id>`` and ``effect:<id>``, so each applies once to an event
and to what replaced it (614.5).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from karn import ir
from karn.cards.pool import linked_key
from karn.engine.context import Context
from karn.engine.events import (
    CounterChange,
    CreateToken,
    Damage,
    DrawCard,
    GameEvent,
    LifeGain,
    LifeLoss,
    LoseGame,
    Regenerated,
    Shuffle,
    StartEffect,
    ZoneChange,
)
from karn.engine.filters import characteristics_match, object_matches
from karn.engine.modifications import ContinuousEffect, SetController
from karn.engine.pipeline.changes import entering_loyalty
from karn.engine.pipeline.replacement import (
    Replacement,
    applies_to,
    changes_for,
    entering_now,
    finds,
    prohibits,
    rule_in_effect,
    unpreventable,
)
from karn.engine.state import BATTLEFIELD, EXILE, GRAVEYARD, HAND, LIBRARY, STACK, Obj, Option, ref_player
from karn.engine.values import chosen_for


@dataclass(frozen=True, slots=True)
class Watcher:
    """A replacement or prevention effect that exists now: what it watches, what it does, whose
    it is (its controller is "you" in its text)."""

    id: str
    would: ir.Would
    instead: ir.Instead
    source: int
    source_name: str
    controller: int
    objects: tuple[int, ...] = ()  # a resolved effect's objects (611.2c)
    effect: int = 0  # the ReplacementEffect's id, for a resolved effect
    used_up: bool = False  # it applies only the next time (a regeneration shield, 701.19a)


def _statics(ctx: Context) -> list[Watcher]:
    """The replacement effects of the permanents' static abilities, per version of the
    characteristics (they exist while their permanent is on the battlefield, 611.3b)."""
    version, found = ctx.instead_cache
    if version == ctx.state.layers_version:
        return found
    out = [
        Watcher(f"static:{src}:{aid}", ab.would, ab.instead, src, c.name, c.controller)
        for src, c in ctx.battlefield_chars().items()
        for ab, aid in zip(c.abilities, c.ability_ids, strict=True)
        if isinstance(ab, ir.Replacement)
    ]
    ctx.instead_cache = (ctx.state.layers_version, out)
    return out


def watchers(ctx: Context, *events: str) -> Iterator[Watcher]:
    """The effects watching these kinds of events (static abilities first, then resolved
    effects in the order they were created)."""
    for w in _statics(ctx):
        if w.would.event in events:
            yield w
    for r in ctx.state.replacements:
        if r.would.event in events:
            yield Watcher(
                f"effect:{r.id}",
                r.would,
                r.instead,
                r.source,
                r.source_name,
                r.controller,
                tuple(r.objects),
                r.id,
                r.duration == "next",
            )


def _own_from_anywhere(ctx: Context, oid: int) -> Iterator[Watcher]:
    """113.6b: "If ~ would be put into a graveyard from anywhere" works in every zone: the
    moving card's own ability, when it isn't on the battlefield (there it is a static
    ability of a permanent, found with the others)."""
    o = ctx.state.objects[oid]
    if o.zone == BATTLEFIELD:
        return
    c = ctx.chars(oid)
    for ab, aid in zip(c.abilities, c.ability_ids, strict=True):
        if isinstance(ab, ir.Replacement) and ab.would.self_only and ab.would.event == "to_graveyard":
            yield Watcher(f"static:{oid}:{aid}", ab.would, ab.instead, oid, c.name, o.controller)


# ---------------------------------------------------------------------------- what a watcher is about


def _object_is(ctx: Context, w: Watcher, oid: int) -> bool:
    """Is `oid` one of the objects the watcher is about (itself, the ones it named, its
    Filter with "you" its controller)?"""
    would = w.would
    s = ctx.state
    if would.self_only and oid != w.source:
        return False
    if would.ref is not None:
        if would.ref.kind in ("enchanted", "equipped"):
            src = s.objects.get(w.source)
            if src is None or src.attached_to != oid:
                return False
        elif oid not in w.objects:
            return False
    f = would.filter
    if f is not None:
        o = s.objects[oid]
        c = ctx.chars(oid)
        controller = c.controller if o.zone == BATTLEFIELD else o.controller
        if f.other and oid == w.source:
            return False
        if not object_matches(
            f,
            c,
            controller,
            o.owner,
            w.controller,
        ):
            return False
    return True


def _source_is(ctx: Context, w: Watcher, ev: Damage) -> bool:
    """609.7: the source of the damage, as it is now (or as it last existed)."""
    would = w.would
    if would.source_self:
        return ev.source == w.source
    if would.source_ref is not None:
        return ev.source in w.objects  # the source a resolved effect named (611.2c)
    f = would.source
    if f is None:
        return True
    if f.other and ev.source == w.source:
        return False  # "another source"
    s = ctx.state
    o = s.objects.get(ev.source)
    if o is not None:
        c = ctx.chars(ev.source)
        controller = c.controller if o.zone == BATTLEFIELD else o.controller
        return object_matches(
            f,
            c,
            controller,
            o.owner,
            w.controller,
        )
    lk = s.lki.get(ev.source)
    if lk is None:
        return False
    return object_matches(
        f,
        lk,
        lk.controller,
        lk.owner,
        w.controller,
    )


def _recipient_is(ctx: Context, w: Watcher, ev: Damage) -> bool:
    """The player or permanent dealt the damage: "to you", "to a Cleric creature you control";
    a watch that names neither is about any recipient."""
    would = w.would
    if would.self_only:
        return ev.target == w.source
    if would.ref is not None and ev.target not in w.objects:
        return False
    if would.filter is None and would.player is None:
        return True
    if ev.target < 0:
        return would.player is not None and applies_to(would.player, ref_player(ev.target), w.controller)
    return would.filter is not None and ev.target in ctx.state.objects and _object_is(ctx, w, ev.target)


# ---------------------------------------------------------------------------- the finders (per event type)


def _offer(ctx: Context, w: Watcher, event: GameEvent, inner: bool = False) -> Replacement:
    i = w.instead
    choose: Callable[[Context, Any], tuple[int, list[Option]]] | None = None
    if i.kind == "return_from_graveyard":
        choose = _graveyard_cards
    elif i.kind == "exile_from_graveyard":
        choose = _graveyard_sets
    return Replacement(
        w.id,
        f"{w.source_name}: {_describe(i)}",
        "other",
        lambda c, ev, pick: _apply(c, w, ev, pick),
        same_as=f"{w.would.event}:{i.kind}:{i.factor}:{i.plus}:{i.amount}:{i.gain_control}:{i.or_lose}",
        inner=inner,
        choose=choose,
    )


@finds(ZoneChange)
def _moving(ctx: Context, ev: ZoneChange) -> Iterator[Replacement]:
    """A card going to a graveyard (dying, 700.4; being destroyed, 701.8) or a permanent
    entering with counters (614.16, 122.6)."""
    s = ctx.state
    o = s.objects.get(ev.obj)
    if o is None:
        return
    if ev.to == GRAVEYARD:
        on_battlefield = o.zone == BATTLEFIELD
        kinds = ["to_graveyard"]
        if on_battlefield and ctx.chars(ev.obj).is_("creature"):
            kinds.append("die")
        if on_battlefield and ev.cause == "destroy":
            kinds.append("destroyed")
        for w in [*watchers(ctx, *kinds), *_own_from_anywhere(ctx, ev.obj)]:
            if _moves(ctx, w, ev, o.owner) and _object_is(ctx, w, ev.obj):
                yield _offer(ctx, w, ev)
    elif ev.to == BATTLEFIELD and (ev.counters or (o.token is None and entering_loyalty(ctx, o.name))):
        # "If an effect would put one or more counters on a permanent you control": entering
        # with counters is putting counters on it (614.16); as it would exist there (614.12).
        entering = ctx.printed.of(o)
        controller = ev.controller if ev.controller >= 0 else o.owner
        for w in watchers(ctx, "put_counters"):
            f = w.would.filter
            if f is not None and not object_matches(
                f,
                entering,
                controller,
                o.owner,
                w.controller,
            ):
                continue
            if _counter_kinds(w, ev.counters, ev.loyalty_added, ctx, o.name):
                yield _offer(ctx, w, ev)


def _moves(ctx: Context, w: Watcher, ev: ZoneChange, owner: int) -> bool:
    would = w.would
    if would.event == "destroyed":
        # 701.19c: "can't be regenerated": regeneration shields aren't applied.
        return not (ev.no_regenerate and w.instead.kind == "regenerate")
    if would.event == "to_graveyard":
        o = ctx.state.objects[ev.obj]
        if would.cards_only and (o.token is not None or o.card < 0):
            return False  # a token is not a card (111.1)
        return applies_to(would.player, owner, w.controller)  # whose graveyard (400.3)
    return True


def _counter_kinds(
    w: Watcher, counters: dict[str, int], loyalty_added: bool, ctx: Context, name: str
) -> bool:
    kind = w.would.counter
    if kind:
        return counters.get(kind, 0) > 0
    return any(v > 0 for v in counters.values()) or (not loyalty_added and entering_loyalty(ctx, name) > 0)


_COLORS = ("W", "U", "B", "R", "G")
_COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def _creature_types(ctx: Context) -> list[str]:
    """The creature types a player may name: those of the creature cards and tokens in the game
    (every one a card in it can care about)."""
    found: set[str] = set()
    for o in ctx.state.objects.values():
        if o.card < 0 and o.token is None:
            continue
        c = ctx.printed.of(o)
        if "creature" in c.types or "kindred" in c.types:
            found.update(c.subtypes)
    return sorted(found) or ["human"]


def _choice_values(ctx: Context, kind: str) -> list[str]:
    return list(_COLORS) if kind == "color" else _creature_types(ctx)


@finds(CreateToken)
def _tokens_choosing(ctx: Context, ev: CreateToken) -> Iterator[Replacement]:
    """614.12a for tokens: "As ~ enters, choose a color" on a token being created (a token copy
    of Voice of All, 707.2) is chosen for each token as it enters, by its controller. Entering
    is an event contained in the creation (616.1g): these apply after the effects on the
    creation itself (Doubling Season), one per token."""
    if ev.count <= 0:
        return
    shape = Obj(
        id=0, card=-1, name=ev.token.name, owner=ev.controller, controller=ev.controller, zone=BATTLEFIELD
    )
    shape.token = ev.token
    entering = ctx.printed.of(shape, copy=ev.copy_of)  # 614.12: as it would exist
    for ab, aid in zip(entering.abilities, entering.ability_ids, strict=True):
        if isinstance(ab, ir.EntersReplacement) and ab.self_only and ab.choose and ab.choose != "creature":
            # "choose a creature" (614.12a) is chosen for a card entering (pipeline/replacement.py);
            # a token entering as a copy of such a permanent chooses nothing yet
            kind: str = ab.choose
        else:
            continue
        for index in range(ev.count):
            if index < len(ev.chosen) and kind in chosen_for(ev.chosen[index], aid):
                continue
            yield _token_choice(ev.controller, kind, index, aid, entering.name)


def _token_choice(player: int, kind: str, index: int, aid: str, name: str) -> Replacement:
    """The choice "as it enters" for the `index`-th token being created (614.12a)."""

    def choose(c: Context, e: CreateToken) -> tuple[int, list[Option]]:
        values = _choice_values(c, kind)
        return player, [Option("choose", i, label=_COLOR_WORDS.get(v, v)) for i, v in enumerate(values)]

    def apply(c: Context, e: CreateToken, pick: int) -> list[GameEvent]:
        values = _choice_values(c, kind)
        value = values[pick] if 0 <= pick < len(values) else values[0]
        while len(e.chosen) <= index:
            e.chosen.append({})
        e.chosen[index].setdefault(linked_key(aid), {})[kind] = value  # 607.5a: this ability's choice
        c.emit("614.12a", f"{name} token: {_COLOR_WORDS.get(value, value)} is chosen")
        return [e]

    return Replacement(
        f"choice:token{index}:{aid}",
        f"{name}: choose a {kind.replace('_', ' ')}",
        "other",
        apply,
        same_as=f"choice:token:{aid}",
        inner=True,
        choose=choose,
    )


@finds(Damage)
def _damage(ctx: Context, ev: Damage) -> Iterator[Replacement]:
    """609.7, 615: damage from a source to a player or permanent."""
    if ev.amount <= 0:
        return  # 614.7a: a source dealing 0 damage deals no damage
    for w in watchers(ctx, "damage"):
        if w.would.combat and not ev.combat:
            continue
        if _source_is(ctx, w, ev) and _recipient_is(ctx, w, ev):
            yield _offer(ctx, w, ev)


@finds(DrawCard)
def _draw(ctx: Context, ev: DrawCard) -> Iterator[Replacement]:
    """614.11: card draws are replaced even if the library is empty."""
    for w in watchers(ctx, "draw"):
        if w.would.empty_library and ctx.state.players[ev.player].library:
            continue  # "while your library has no cards in it"
        if applies_to(w.would.player, ev.player, w.controller):
            yield _offer(ctx, w, ev)


@finds(LifeGain)
def _gain(ctx: Context, ev: LifeGain) -> Iterator[Replacement]:
    if ev.amount <= 0:
        return
    for w in watchers(ctx, "gain_life"):
        if applies_to(w.would.player, ev.player, w.controller):
            yield _offer(ctx, w, ev)


@finds(LifeLoss)
def _paying_life(ctx: Context, ev: LifeLoss) -> Iterator[Replacement]:
    """119.4: paying life is losing that much life; "If you would pay life ..." watches only a
    payment. "while your library has at least that many cards in it": counted as the payment
    would happen, cards entering the battlefield from it included (614.13c)."""
    if not ev.payment or ev.amount <= 0:
        return
    for w in watchers(ctx, "pay_life"):
        if w.would.library_enough and len(ctx.state.players[ev.player].library) < ev.amount:
            continue
        if applies_to(w.would.player, ev.player, w.controller):
            yield _offer(ctx, w, ev)


def _exile_from_library(ctx: Context, w: Watcher, ev: LifeLoss) -> list[GameEvent]:
    """ "Exile that many cards from the top of your library instead" (614.1a). 614.13c: a card
    entering the battlefield from that library in the batch being replaced (Breeding Pool played
    from the top, paying life as it enters) isn't included: the next cards are exiled."""
    entering = entering_now(ctx)
    library = ctx.state.players[ev.player].library  # its top is the end of the list
    top = [t for t in reversed(library) if t not in entering][: ev.amount]
    ctx.emit(
        "614.13c" if entering else "614.1a",
        f"{ctx.player_name(ev.player)} exiles the top {len(top)} cards of their library instead of paying "
        f"{ev.amount} life ({w.source_name})",
    )
    return [
        ZoneChange(
            obj=t, to=EXILE, rule="614.1a", cause="exile", text=f"{ctx.state.objects[t].name} is exiled"
        )
        for t in top
    ]


@prohibits(LifeGain)
def _no_life_gain(ctx: Context, ev: LifeGain) -> str:
    """119.7, 614.17: "Players can't gain life [this turn]": the life gain doesn't happen."""
    if changes_for(ctx, ev.player, ("no_life_gain",)):
        return f"{ctx.player_name(ev.player)} can't gain life"
    return ""


@prohibits(ZoneChange)
def _lands_cant_enter(ctx: Context, ev: ZoneChange) -> str:
    """614.17d: "Lands can't enter the battlefield.": checked on the permanent as it would exist
    on the battlefield, a copy effect a replacement already applied included (707.9, 608.3e)."""
    if ev.to != BATTLEFIELD:
        return ""
    if not rule_in_effect(ctx, "lands_cant_enter"):
        return ""
    o = ctx.state.objects.get(ev.obj)
    if o is None or o.zone == BATTLEFIELD:
        return ""
    if ev.face_down or o.face_down:
        return ""  # 708.3, 701.40a: a manifested land enters as a face-down 2/2 creature, no land
    entering = ctx.printed.of(o, ev.copy_of)
    if "land" not in entering.types:
        return ""
    return f"{entering.name} can't enter the battlefield (lands can't enter the battlefield)"


@finds(CreateToken)
def _tokens(ctx: Context, ev: CreateToken) -> Iterator[Replacement]:
    """614.16: tokens an effect would create; 616.1g: the counters they would enter with are
    an event contained in their creation."""
    if ev.count <= 0:
        return
    for w in watchers(ctx, "create_tokens"):
        if applies_to(w.would.player, ev.controller, w.controller):
            yield _offer(ctx, w, ev)
    if ev.counters:
        td = ev.token
        for w in watchers(ctx, "put_counters"):
            f = w.would.filter
            if f is not None and not characteristics_match(
                f,
                td.types,
                td.subtypes,
                td.supertypes,
                td.colors,
                ev.controller,
                ev.controller,
                w.controller,
                mana_value=0,  # 202.3a
                power=td.power,
                toughness=td.toughness,
            ):
                continue
            if _counter_kinds(w, ev.counters, True, ctx, ""):
                yield _offer(ctx, w, ev, inner=True)


@finds(CounterChange)
def _counters(ctx: Context, ev: CounterChange) -> Iterator[Replacement]:
    """614.16: counters an effect would put on a permanent (not a cost's, 606.4)."""
    if ev.amount <= 0 or ev.cost:
        return
    o = ctx.state.objects.get(ev.obj)
    if o is None or o.zone != BATTLEFIELD:
        return
    for w in watchers(ctx, "put_counters"):
        if w.would.counter and w.would.counter != ev.kind:
            continue
        if _object_is(ctx, w, ev.obj):
            yield _offer(ctx, w, ev)


# ---------------------------------------------------------------------------- what the event becomes (614.6)


def _describe(i: ir.Instead) -> str:
    if i.kind == "scale":
        twice = {2: "twice", 3: "three times"}.get(i.factor, f"{i.factor} times")
        return f"{twice + ' ' if i.factor != 1 else ''}that many{f' plus {i.plus}' if i.plus else ''} instead"
    if i.kind == "prevent":
        return "prevent all of that damage" if i.amount is None else f"prevent {i.amount} of that damage"
    return {
        "exile": "exile it instead",
        "shuffle": "shuffle it into its owner's library instead",
        "draw": "draw cards instead",
        "return_from_graveyard": "return a card from your graveyard to your hand instead",
        "exile_from_graveyard": "exile that many cards from your graveyard instead",
        "exile_from_library": "exile that many cards from the top of your library instead",
        "regenerate": "regenerate it",
        "skip": "skip it",
        "redirect": "the damage is dealt to it instead",
        "win": "win the game instead",
    }[i.kind]


def _apply(ctx: Context, w: Watcher, ev: Any, pick: int) -> list[GameEvent]:
    i = w.instead
    if w.used_up:
        # 701.19a: a regeneration shield is used up the first time it applies.
        ctx.state.replacements = [r for r in ctx.state.replacements if r.id != w.effect]
        ctx.state.version += 1
    if i.kind in ("exile", "shuffle"):
        return _relocate(ctx, w, ev)
    if i.kind == "scale":
        return _scale(ctx, w, ev)
    if i.kind == "prevent":
        return _prevent(ctx, w, ev)
    if i.kind == "draw":
        n = i.amount if i.amount is not None else ev.amount * i.factor
        ctx.emit("614.1a", f"{ctx.player_name(ev.player)} draws {n} instead ({w.source_name})")
        return [DrawCard(player=ev.player, rule="614.1a", applied=list(ev.applied)) for _ in range(n)]
    if i.kind == "return_from_graveyard":
        return _return_instead(ctx, w, ev, pick)
    if i.kind == "exile_from_graveyard":
        return _exile_instead(ctx, w, ev, pick)
    if i.kind == "exile_from_library":
        return _exile_from_library(ctx, w, ev)
    if i.kind == "regenerate":
        return _regenerate(ctx, w, ev)
    if i.kind == "redirect":
        return _redirect(ctx, w, ev)
    if i.kind == "win":
        # 104.2b, 104.3h: the player wins: every other player still in the game loses.
        winner = ev.player
        ctx.emit("104.2b", f"{ctx.player_name(winner)} wins the game instead of drawing ({w.source_name})")
        return [
            LoseGame(player=p.index, text=f"{p.name} loses the game ({ctx.player_name(winner)} won)")
            for p in ctx.state.players
            if p.index != winner and not p.lost
        ]
    ctx.emit("614.1b", f"{w.source_name}: the event is skipped")
    return []  # "skip"


def _relocate(ctx: Context, w: Watcher, ev: ZoneChange) -> list[GameEvent]:
    """ "Exile it instead"; "shuffle it into its owner's library instead" (400.3)."""
    o = ctx.state.objects[ev.obj]
    name = ctx.chars(ev.obj).name if o.zone == BATTLEFIELD else o.name
    if w.instead.kind == "exile":
        ev.to = EXILE
        ev.text = f"{name} is exiled instead ({w.source_name})"
        ev.rule = "614.1a"
        return [ev]
    ev.to = LIBRARY
    ev.position = "top"
    ev.rule = "614.1a"
    ev.text = f"{name} is shuffled into its owner's library instead ({w.source_name})"
    return [ev, Shuffle(player=o.owner, rule="701.24a", quiet=True, applied=list(ev.applied))]


def _scaled(n: int, i: ir.Instead) -> int:
    return n * i.factor + i.plus


def _scale(ctx: Context, w: Watcher, ev: Any) -> list[GameEvent]:
    """ "Twice that many", "that much life plus 1", "double that damage" (614.1a)."""
    i = w.instead
    if isinstance(ev, Damage):
        before = ev.amount
        ev.amount = _scaled(ev.amount, i)
        ctx.emit(
            "614.1a", f"{ev.source_name} would deal {ev.amount} damage instead of {before} ({w.source_name})"
        )
    elif isinstance(ev, LifeGain):
        ev.amount = _scaled(ev.amount, i)
        ctx.emit(
            "614.1a", f"{ctx.player_name(ev.player)} would gain {ev.amount} life instead ({w.source_name})"
        )
    elif isinstance(ev, CounterChange):
        ev.amount = _scaled(ev.amount, i)
        ctx.emit("614.1a", f"{ev.amount} {ev.kind} counters instead ({w.source_name})")
    elif isinstance(ev, CreateToken) and w.would.event == "create_tokens":
        ev.count = _scaled(ev.count, i)
        ctx.emit("614.1a", f"{ev.count} {ev.token.name} tokens instead ({w.source_name})")
    elif isinstance(ev, ZoneChange | CreateToken):
        if isinstance(ev, ZoneChange) and not ev.loyalty_added:
            o = ctx.state.objects[ev.obj]
            loyalty = entering_loyalty(ctx, o.name) if o.token is None else 0
            if loyalty:
                ev.counters["loyalty"] = ev.counters.get("loyalty", 0) + loyalty  # 306.5b
            ev.loyalty_added = True
        kind = w.would.counter
        ev.counters = {
            k: (_scaled(v, i) if v > 0 and (not kind or k == kind) else v) for k, v in ev.counters.items()
        }
        ctx.emit("614.1a", f"enters with more counters ({w.source_name})")
    return [ev]


def _prevent(ctx: Context, w: Watcher, ev: Damage) -> list[GameEvent]:
    """615.1a; 615.10: a static ability's "prevent 1 of that damage" applies to each damage
    event; 615.12: damage that can't be prevented isn't."""
    if unpreventable(ctx, ev):
        ctx.emit("615.12", f"{ev.source_name}'s damage can't be prevented ({w.source_name})")
        return [ev]
    n = ev.amount if w.instead.amount is None else min(w.instead.amount, ev.amount)
    ev.amount -= n
    what = ctx.player_name(ref_player(ev.target)) if ev.target < 0 else ctx.describe(ev.target)
    kind = "combat damage" if ev.combat else "damage"
    ctx.emit("615.1a", f"{n} {kind} {ev.source_name} would deal to {what} is prevented ({w.source_name})")
    return [ev] if ev.amount > 0 else []


def _graveyard_cards(ctx: Context, ev: DrawCard) -> tuple[int, list[Option]]:
    cards = ctx.state.players[ev.player].graveyard
    return ev.player, [Option("choose", c, label=ctx.state.objects[c].name) for c in cards]


def _return_instead(ctx: Context, w: Watcher, ev: DrawCard, pick: int) -> list[GameEvent]:
    """ "Return a card from your graveyard to your hand instead. If you can't, you lose the
    game." (104.3e)."""
    s = ctx.state
    if pick > 0 and pick in s.objects and s.objects[pick].zone == GRAVEYARD:
        name = s.objects[pick].name
        return [
            ZoneChange(
                obj=pick,
                to=HAND,
                rule="614.1a",
                cause="return",
                text=f"{ctx.player_name(ev.player)} returns {name} to their hand instead of drawing ({w.source_name})",
                applied=list(ev.applied),
            )
        ]
    if w.instead.or_lose:
        why = f"{ctx.player_name(ev.player)} can't return a card instead of drawing and loses the game"
        return [LoseGame(player=ev.player, text=f"{why} ({w.source_name})")]
    return []


def _graveyard_sets(ctx: Context, ev: Damage) -> tuple[int, list[Option]]:
    """The sets of cards the player dealt the damage may exile from their graveyard: that many
    of them, or all of them when they have fewer."""
    player = ref_player(ev.target)
    cards = ctx.state.players[player].graveyard
    n = min(ev.amount, len(cards))
    sets = list(combinations(cards, n))
    return player, [
        Option("choose", k, label=", ".join(ctx.state.objects[c].name for c in chosen) or "nothing")
        for k, chosen in enumerate(sets)
    ]


def _exile_instead(ctx: Context, w: Watcher, ev: Damage, pick: int) -> list[GameEvent]:
    """ "If damage would be dealt to you, exile that many cards from your graveyard instead. If
    you can't, you lose the game." (614.1a, 104.3e): the damage isn't dealt; the player exiles
    the cards they chose; with fewer cards than that, they exile them all and lose."""
    player = ref_player(ev.target)
    cards = ctx.state.players[player].graveyard
    sets = list(combinations(cards, min(ev.amount, len(cards))))
    chosen = sets[pick] if 0 <= pick < len(sets) else sets[0]
    name = ctx.player_name(player)
    out: list[GameEvent] = [
        ZoneChange(
            obj=c,
            to=EXILE,
            rule="614.1a",
            cause="exile",
            text=f"{name} exiles {ctx.state.objects[c].name} instead of being dealt damage ({w.source_name})",
            applied=list(ev.applied),
        )
        for c in chosen
    ]
    if len(chosen) < ev.amount and w.instead.or_lose:
        why = f"{name} can't exile {ev.amount} cards instead of being dealt damage and loses the game"
        out.append(LoseGame(player=player, text=f"{why} ({w.source_name})"))
    return out


def _redirect(ctx: Context, w: Watcher, ev: Damage) -> list[GameEvent]:
    """614.9: the damage is dealt to the source itself or the permanent it's attached to
    instead; if that permanent is gone or is no longer a battle, creature or planeswalker,
    the effect does nothing."""
    s = ctx.state
    to = w.instead.to
    src = s.objects.get(w.source)
    new = 0
    if src is not None and to is not None:
        new = src.id if to.kind == "self" else src.attached_to
    if not new or new not in s.objects or s.objects[new].zone != BATTLEFIELD:
        return [ev]
    c = ctx.chars(new)
    if not (c.is_("creature") or c.is_("planeswalker") or c.is_("battle")):
        return [ev]
    if new == ev.target:
        return [ev]
    before = ctx.player_name(ref_player(ev.target)) if ev.target < 0 else ctx.describe(ev.target)
    ev.target = new
    ctx.emit(
        "614.9",
        f"{ev.source_name}'s damage to {before} is dealt to {ctx.describe(new)} instead ({w.source_name})",
    )
    return [ev]


def _regenerate(ctx: Context, w: Watcher, ev: ZoneChange) -> list[GameEvent]:
    """614.8, 701.19a: instead of being destroyed, it regenerates; Debt of Loyalty's shield
    also gives its controller control of it (613.1b)."""
    out: list[GameEvent] = [Regenerated(obj=ev.obj, source_name=w.source_name, applied=list(ev.applied))]
    if w.instead.gain_control:
        effect = ContinuousEffect(
            id=0,
            timestamp=0,
            source=w.source,
            controller=w.controller,
            affected=[ev.obj],
            mods=[SetController(w.controller)],
            duration="permanent",
            source_name=w.source_name,
        )
        text = f"{ctx.player_name(w.controller)} gains control of {ctx.describe(ev.obj)} ({w.source_name})"
        out.append(StartEffect(effect=effect, text=text, rule="613.1b"))
    return out


__all__ = ["Watcher", "watchers", "STACK"]
