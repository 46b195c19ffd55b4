"""Lowering: Oracle AST (:mod:`karn.oracle.syntax`) -> ability IR (:mod:`karn.ir.nodes`).

The lowering resolves what the English leaves implicit:

* target slots are numbered in text order (115.1, 601.2c) and effects point at
  them with ``Ref("target", i)``; the TargetSpec text is the target phrase as
  written, first letter lower-cased ("target creature", "any target");
* pronouns ("it", "that creature", "its controller", "those creatures") refer to
  the most recent object or player named in the same ability; with none, "it"
  is the source itself (the ability's object, 113.7 / 201.5);
* a clause without a subject is an instruction to the ability's controller
  (imperative, 608.2c); in a chain ("draws two cards and loses 2 life") it
  shares the previous clause's subject;
* multi-sentence patterns are fused into one effect: search + put + shuffle
  (701.23), reveal the top card + "If it's a ... card, put it into ..." (701.20),
  reveal a hand + choose a card + discard it (701.9), destroy + "It can't be
  regenerated" (701.19c);
* "gets +N/+N and gains K" on the same objects is one Modify (613.4c, 613.1f).

Anything the IR cannot express raises :class:`LowerError`; the compiler turns it
into an ``Unsupported`` node naming the clause.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from karn.ir.nodes import (
    Activated,
    AddMana,
    Amount,
    ApplyContinuous,
    Attach,
    Cost,
    CostIncrease,
    CounterSpell,
    CreateToken,
    DealDamage,
    Destroy,
    Discard,
    Draw,
    Effect,
    Exile,
    Filter,
    GainControl,
    GainLife,
    Group,
    Keyword,
    LoseLife,
    May,
    Mode,
    Modify,
    PreventDamage,
    PutCounters,
    Ref,
    ReturnToHand,
    RevealTop,
    Scry,
    SearchLibrary,
    Selector,
    SkipNextUntap,
    SpellAbility,
    Static,
    Tap,
    TargetSpec,
    TokenDef,
    Trigger,
    Triggered,
    Untap,
    Var,
)
from karn.oracle.syntax import (
    NP,
    VP,
    ActivatedA,
    AmountA,
    Desc,
    Effects,
    Item,
    KeywordA,
    ModalA,
    Sentence,
    TriggerA,
    TriggeredA,
)

# 115.4: "any target" means a creature, player, planeswalker or battle.
ANY_TARGET_OBJECTS = Filter(types=("creature", "planeswalker", "battle"))

Zone = Literal["battlefield", "stack", "graveyard", "hand", "library", "exile"]


class LowerError(Exception):
    """The IR cannot express this text. ``clause`` is the offending phrase (normalized)."""

    def __init__(self, reason: str, clause: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.clause = clause


@dataclass
class _Search:
    filter: Filter
    count: int
    to: Literal["battlefield", "hand"] | None = None
    tapped: bool = False


@dataclass
class Ctx:
    """Lowering state for one ability (or one mode)."""

    targets: list[TargetSpec] = field(default_factory=list)
    obj: Ref | None = None  # antecedent object for "it", "that creature"
    player: Ref | None = None  # antecedent player for "that player", "their"
    group_affected: bool = False  # an earlier effect acted on a group ("those creatures")
    sorcery_speed: bool = False
    search: _Search | None = None
    revealed_hand: Ref | None = None
    chosen: Filter | None = None
    clause: str = ""
    opaque: bool = False  # the latest object named has no IR reference (a created token)
    spell: bool = False  # lowering an instant or sorcery (the source is a spell on the stack)
    resolved: dict[int, Ref] = field(default_factory=dict)  # target NPs already given a slot

    def fail(self, reason: str) -> LowerError:
        return LowerError(reason, self.clause)


def _first_lower(text: str) -> str:
    return text[:1].lower() + text[1:] if text else text


def amount(a: AmountA | None) -> Amount:
    if a is None:
        return 1
    if a == "X":
        return Var("X")
    return a


# --------------------------------------------------------------------------- descriptions


@dataclass(frozen=True, slots=True)
class _Described:
    objects: Filter | None
    players: Literal["any", "opponent", "you", None]
    controller_np: NP | None = None


def describe(desc: Desc, ctx: Ctx, default_zone: Zone = "battlefield", other: bool = False) -> _Described:
    """Turn a description into a Filter (109, 205) and/or the players it names."""
    types: list[str] = []
    subtypes: list[str] = []
    supertypes: list[str] = []
    not_types: list[str] = []
    colors: list[str] = []
    not_colors: list[str] = []
    controller: Literal["you", "opponent", None] = None
    owner: Literal["you", "opponent", None] = None
    zone: Zone | None = None
    players: Literal["any", "opponent", "you", None] = None
    has_objects = False
    head = ""
    controller_np: NP | None = None
    for w in desc.adjs:
        if w.kind == "color":
            colors.append(w.value)
        elif w.kind == "noncolor":
            not_colors.append(w.value)
        elif w.kind == "nontype":
            not_types.append(w.value)
        elif w.kind == "supertype":
            supertypes.append(w.value)
        elif w.kind == "other":
            other = True
        else:
            raise ctx.fail(f"the IR Filter cannot express '{w.value}'")
    multi = len(desc.groups) > 1
    type_groups = 0
    subtype_groups = 0
    for group in desc.groups:
        g_types = [w.value for w in group if w.kind == "type"]
        g_subtypes = [w.value for w in group if w.kind == "subtype"]
        g_players = [w.value for w in group if w.kind == "player"]
        heads = [w.kind for w in group if w.kind in ("card", "spell", "permanent", "token")]
        if "token" in heads:
            raise ctx.fail("the IR Filter cannot express tokens")
        if g_players:
            if len(group) != 1:
                raise ctx.fail("unexpected player description")
            players = "any" if "any" in (players, g_players[0]) else g_players[0]  # type: ignore[assignment]
            continue
        has_objects = True
        if len(g_types) > 1:
            raise ctx.fail(
                "the IR Filter cannot express an object with several card types ('artifact creature')"
            )
        if len(g_subtypes) > 1:
            raise ctx.fail("the IR Filter cannot express several subtypes at once")
        if multi and g_types and g_subtypes:
            raise ctx.fail("the IR Filter cannot express this alternative")
        type_groups += bool(g_types)
        subtype_groups += bool(g_subtypes)
        types += g_types
        subtypes += g_subtypes
        for h in heads:
            head = h
    if type_groups and subtype_groups and multi:
        raise ctx.fail("the IR Filter cannot express a type-or-subtype alternative")
    for q in desc.quals:
        if q.kind == "controller":
            controller = "you" if q.value == "you" else "opponent"
        elif q.kind == "owner":
            owner = "you"
        elif q.kind == "zone":
            zone = q.value  # type: ignore[assignment]
            owner = "you" if q.player is None else None  # "from your graveyard" / "from a graveyard"
        elif q.kind == "from_it":
            zone = "hand"
        elif q.kind == "player_controls":
            controller_np = q.player
    if head == "spell":
        zone = "stack"
    elif head == "card" and zone is None:
        zone = default_zone
    if zone is None:
        zone = "battlefield" if default_zone in ("stack",) else default_zone
    if not has_objects and (colors or not_colors or not_types or subtypes or supertypes):
        has_objects = True
    objects = None
    if has_objects:
        objects = Filter(
            types=tuple(types),
            subtypes=tuple(subtypes),
            supertypes=tuple(supertypes),
            not_types=tuple(not_types),
            colors=tuple(colors),
            not_colors=tuple(not_colors),
            controller=controller,
            owner=owner,
            other=other,
            zone=zone,
        )
    elif controller or owner or other:
        raise ctx.fail("qualifier on a player")
    return _Described(objects, players, controller_np)


# --------------------------------------------------------------------------- noun phrases


def _target(np: NP, ctx: Ctx, default_zone: Zone = "battlefield") -> Ref:
    if id(np) in ctx.resolved:  # a subject shared by a chain ("draws two cards and loses 2 life")
        return ctx.resolved[id(np)]
    if np.kind == "any_target":
        spec = TargetSpec(
            players="any", objects=ANY_TARGET_OBJECTS, min=np.min, max=np.max, text=_first_lower(np.text)
        )
    else:
        assert np.desc is not None
        d = describe(np.desc, ctx, default_zone, other=np.other)
        if d.controller_np is not None:
            raise ctx.fail("target restricted to a player's permanents")
        spec = TargetSpec(
            players=d.players, objects=d.objects, min=np.min, max=np.max, text=_first_lower(np.text)
        )
    ctx.targets.append(spec)
    ctx.opaque = False
    ref = Ref("target", len(ctx.targets) - 1)
    ctx.resolved[id(np)] = ref
    if spec.objects is not None:
        ctx.obj = ref
    if spec.players is not None and spec.objects is None:
        ctx.player = ref
    return ref


def _is_player_desc(desc: Desc | None) -> bool:
    return bool(desc and desc.groups and all(w.kind == "player" for g in desc.groups for w in g))


def player_ref(np: NP | None, ctx: Ctx) -> Ref:
    """The player a noun phrase names (the subject of "draws", "gains life" ...)."""
    if np is None or np.kind == "you":
        return Ref("you")
    if np.kind in ("target", "any_target"):
        if not _is_player_desc(np.desc) or np.max != 1:
            raise ctx.fail(f"'{np.text}' is not a player")
        return _target(np, ctx)
    if np.kind == "defending_player":
        ctx.player = Ref("defending_player")
        return ctx.player
    if np.kind in ("that", "it") and (np.kind == "it" or _is_player_desc(np.desc)):
        if ctx.player is not None:
            return ctx.player
        raise ctx.fail(f"'{np.text}' has no antecedent player")
    if np.kind == "its_controller":
        return _controller_of(ctx.obj, ctx, "target_controller")
    if np.kind == "its_owner":
        return _controller_of(ctx.obj, ctx, "target_owner")
    raise ctx.fail(f"the IR has no reference for the player(s) '{np.text}'")


def _controller_of(obj: Ref | None, ctx: Ctx, kind: Literal["target_controller", "target_owner"]) -> Ref:
    if obj is None or obj.kind == "self":
        return Ref("you") if kind == "target_controller" else ctx_fail(ctx, "owner of the source")
    if obj.kind == "target":
        return Ref(kind, obj.index)
    raise ctx.fail(f"the IR has no reference for the controller of {obj.kind}")


def ctx_fail(ctx: Ctx, what: str) -> Ref:
    raise ctx.fail(f"the IR has no reference for the {what}")


def object_sel(np: NP, ctx: Ctx, *, group_ok: bool = True, default_zone: Zone = "battlefield") -> Selector:
    """The object(s) a noun phrase names, as a Ref or a Group."""
    k = np.kind
    if ctx.opaque and k in ("it", "that", "those"):
        raise ctx.fail(f"the IR cannot refer back to '{np.text}' (e.g. a created token)")
    if k == "self":
        if ctx.spell:
            raise ctx.fail("a spell acting on itself")
        return Ref("self")
    if k == "it":
        return ctx.obj if ctx.obj is not None else _self(ctx)
    if k == "that":
        if _is_player_desc(np.desc):
            raise ctx.fail("expected an object")
        return ctx.obj if ctx.obj is not None else _self(ctx)
    if k == "those":
        if ctx.group_affected:
            return Ref("affected")
        if ctx.obj is not None:
            return ctx.obj
        raise ctx.fail(f"'{np.text}' has no antecedent")
    if k in ("enchanted", "equipped"):
        # "enchanted creature" is what this Aura/Equipment is attached to (303.4, 301.5);
        # "equipped creatures you control" is a group the IR cannot describe
        ad = np.desc
        if ad is not None and (ad.quals or any(w.plural for g in ad.groups for w in g)):
            raise ctx.fail(f"the IR cannot describe '{np.text}' (every {k} object)")
        ctx.obj = Ref(k)
        return ctx.obj
    if k in ("target", "any_target"):
        if _is_player_desc(np.desc):
            raise ctx.fail(f"'{np.text}' is not an object")
        ref = _target(np, ctx, default_zone)
        if ctx.targets[ref.index].players is not None:
            raise ctx.fail(f"'{np.text}' may be a player, which this effect cannot act on")
        return ref
    if k in ("all", "each", "bare") and group_ok:
        assert np.desc is not None
        d = describe(np.desc, ctx, default_zone)
        if d.objects is None or d.players is not None:
            raise ctx.fail(f"'{np.text}' is not a group of objects")
        player = player_ref(d.controller_np, ctx) if d.controller_np is not None else None
        ctx.group_affected = True
        return Group(d.objects, player=player)
    if k == "zone" and group_ok:
        owner = player_ref(np.owner, ctx)
        ctx.group_affected = True
        return Group(Filter(zone=np.zone), player=owner)  # type: ignore[arg-type]
    raise ctx.fail(f"the IR cannot refer to '{np.text}' here")


def _self(ctx: Ctx) -> Ref:
    if ctx.spell:
        raise ctx.fail("a spell acting on itself")
    return Ref("self")


def object_ref(np: NP, ctx: Ctx, default_zone: Zone = "battlefield") -> Ref:
    sel = object_sel(np, ctx, group_ok=False, default_zone=default_zone)
    assert isinstance(sel, Ref)
    return sel


def _is_self(np: NP | None, ctx: Ctx) -> bool:
    if np is None:
        return False
    if np.kind == "self":
        return True
    return np.kind == "it" and (ctx.obj is None or ctx.obj == Ref("self"))


# --------------------------------------------------------------------------- effects


def lower_effects(effects: Effects, ctx: Ctx) -> list[Effect]:
    """Lower the sentences of a resolving spell or ability (608.2)."""
    out: list[Effect] = []
    for sentence in effects.sentences:
        ctx.clause = sentence.text
        _lower_sentence(sentence, ctx, out)
    if ctx.search is not None:
        raise ctx.fail("library search without a destination")
    if ctx.revealed_hand is not None:
        raise ctx.fail("revealed hand without a following effect")
    return out


def _lower_sentence(s: Sentence, ctx: Ctx, out: list[Effect]) -> None:
    if s.kind == "sorcery_only":
        ctx.sorcery_speed = True  # 602.5d "Activate only as a sorcery"
        return
    if s.kind == "if_its":
        _lower_if_its(s, ctx, out)
        return
    _lower_chain(s.items, ctx, out)


def _lower_if_its(s: Sentence, ctx: Ctx, out: list[Effect]) -> None:
    """'If it's a land card, that player puts it into their hand.' after a reveal (701.20)."""
    if not out or not isinstance(out[-1], RevealTop) or out[-1].filter is not None:
        raise ctx.fail("conditional 'if it's ...' is only supported after revealing the top card")
    if s.cond is None or s.cond.kind != "a" or s.cond.desc is None or len(s.items) != 1:
        raise ctx.fail("unsupported condition")
    d = describe(s.cond.desc, ctx, "library")
    item = s.items[0]
    if d.objects is None or item.vp.verb != "put_into" or item.vp.dest is None:
        raise ctx.fail("unsupported conditional effect")
    if item.vp.dest.kind != "zone" or item.vp.dest.zone != "hand":
        raise ctx.fail("revealed card may only be put into a hand")
    out[-1] = RevealTop(out[-1].player, d.objects, "hand")


def _lower_chain(items: tuple[Item, ...], ctx: Ctx, out: list[Effect]) -> None:
    subject: NP | None = None
    pending_mod: tuple[Modify, bool] | None = None  # a one-shot Modify being merged
    start = len(out)
    for i, item in enumerate(items):
        if item.subject is not None:
            subject = item.subject
        vp = item.vp
        if vp.verb == "may":
            # "you may A, B, then C": the option covers the rest of the chain
            if subject is not None and subject.kind != "you":
                raise ctx.fail("another player may")
            assert vp.sub is not None
            rest = [Item(None, vp.sub)]
            for later in items[i + 1 :]:
                if later.subject is not None:
                    raise ctx.fail("'you may' followed by another player's action")
                rest.append(later)
            inner: list[Effect] = []
            _lower_chain(tuple(rest), ctx, inner)
            if ctx.search is not None:
                raise ctx.fail("optional library search without a destination")
            out.append(May(tuple(inner)))
            return
        if vp.verb in ("modify", "cant_attack", "cant_block", "cant_attack_or_block"):
            what = object_sel(subject, ctx) if subject is not None else ctx_fail(ctx, "subject of 'gets'")
            mod = _modify(what, vp)
            if pending_mod is not None and pending_mod[0].affected == what:
                mod = _merge(pending_mod[0], mod)
                pending_mod = (mod, pending_mod[1] or vp.until_eot)
                out[-1] = ApplyContinuous(mod, "end_of_turn" if pending_mod[1] else "permanent")
            else:
                pending_mod = (mod, vp.until_eot)
                out.append(ApplyContinuous(mod, "end_of_turn" if vp.until_eot else "permanent"))
            continue
        pending_mod = None
        out.extend(lower_item(subject, vp, ctx, out))
    del start


def _modify(what: Selector, vp: VP) -> Modify:
    return Modify(
        what,
        power=vp.power,
        toughness=vp.toughness,
        add_keywords=vp.keywords,
        cant_attack=vp.verb in ("cant_attack", "cant_attack_or_block"),
        cant_block=vp.verb in ("cant_block", "cant_attack_or_block"),
    )


def _merge(a: Modify, b: Modify) -> Modify:
    return Modify(
        a.affected,
        a.power + b.power,
        a.toughness + b.toughness,
        a.add_keywords + tuple(k for k in b.add_keywords if k not in a.add_keywords),
        a.cant_attack or b.cant_attack,
        a.cant_block or b.cant_block,
    )


def lower_item(subject: NP | None, vp: VP, ctx: Ctx, out: list[Effect]) -> list[Effect]:
    """One clause (subject + verb phrase) -> IR effects."""
    v = vp.verb
    if v == "damage":
        if subject is not None and not _is_self(subject, ctx):
            raise ctx.fail("damage dealt by something other than the source")
        assert vp.obj is not None
        if vp.obj.kind not in (
            "target",
            "any_target",
            "it",
            "that",
            "you",
            "defending_player",
            "its_controller",
        ):
            raise ctx.fail(f"the IR cannot deal damage to '{vp.obj.text}'")
        to = _damage_recipient(vp.obj, ctx)
        return [DealDamage(amount(vp.amount), to, divided="evenly" if vp.flag else None)]
    if v == "gain_life":
        return [GainLife(amount(vp.amount), player_ref(subject, ctx))]
    if v == "gain_life_power":
        assert vp.obj is not None
        of = _power_source(vp.obj, ctx)
        who = player_ref(subject, ctx)
        return [GainLife(Var("power", of), who)]
    if v == "lose_life":
        return [LoseLife(amount(vp.amount), player_ref(subject, ctx))]
    if v == "draw":
        return [Draw(amount(vp.amount), player_ref(subject, ctx))]
    if v == "discard":
        return [Discard(amount(vp.amount), player_ref(subject, ctx))]
    if v == "discard_np":
        return _discard_chosen(subject, vp, ctx)
    if v == "destroy":
        _imperative(subject, ctx)
        assert vp.obj is not None
        return [Destroy(object_sel(vp.obj, ctx))]
    if v == "cant_regenerate":
        if not out or not isinstance(out[-1], Destroy):
            raise ctx.fail("'can't be regenerated' without a destroy effect")
        out[-1] = replace(out[-1], no_regenerate=True)  # 701.19c
        return []
    if v == "exile":
        _imperative(subject, ctx)
        assert vp.obj is not None
        return [Exile(object_sel(vp.obj, ctx, default_zone=_zone_hint(vp.obj)))]
    if v == "return":
        _imperative(subject, ctx)
        assert vp.obj is not None and vp.dest is not None
        what = object_sel(vp.obj, ctx, default_zone=_zone_hint(vp.obj))
        _check_hand(vp.dest, ctx)
        return [ReturnToHand(what)]
    if v == "counter":
        _imperative(subject, ctx)
        assert vp.obj is not None
        ref = object_ref(vp.obj, ctx, default_zone="stack")
        if ref.kind == "target" and (ctx.targets[ref.index].objects or Filter()).zone != "stack":
            raise ctx.fail("counter target must be a spell")
        return [CounterSpell(ref)]
    if v == "gain_control":
        _imperative(subject, ctx)
        assert vp.obj is not None
        return [GainControl(object_ref(vp.obj, ctx), "end_of_turn" if vp.until_eot else "permanent")]
    if v in ("tap", "untap"):
        _imperative(subject, ctx)
        assert vp.obj is not None
        sel = object_sel(vp.obj, ctx)
        return [Tap(sel) if v == "tap" else Untap(sel)]
    if v == "skip_untap":
        if subject is None:
            raise ctx.fail("missing subject")
        return [SkipNextUntap(object_sel(subject, ctx))]
    if v == "create":
        _imperative(subject, ctx)
        assert vp.token is not None
        t = vp.token
        name = " ".join(s.capitalize() for s in t.subtypes)  # 111.4: a token's name is its subtypes
        if not name:
            raise ctx.fail("token without a subtype name")
        token = TokenDef(name, t.power, t.toughness, t.colors, t.types, t.subtypes, t.keywords)
        ctx.opaque = True
        return [CreateToken(token, amount(t.count))]
    if v == "add_mana":
        _imperative(subject, ctx)
        return [AddMana(vp.mana)]
    if v == "search":
        return _search(subject, vp, ctx)
    if v in ("put_battlefield", "put_into") and ctx.search is not None:
        return _search_put(vp, ctx)
    if v == "shuffle":
        if ctx.search is None:
            raise ctx.fail("shuffle without a search")
        s = ctx.search
        ctx.search = None
        if s.to is None:
            raise ctx.fail("search without a destination")
        return [SearchLibrary(s.filter, s.count, s.to, tapped=s.tapped)]
    if v == "scry":
        _imperative(subject, ctx)
        return [Scry(amount(vp.amount))]
    if v == "put_counters":
        _imperative(subject, ctx)
        assert vp.obj is not None
        kind = vp.mana.lower()
        if kind not in ("+1/+1", "-1/-1"):
            raise ctx.fail(f"{kind} counters")
        return [PutCounters(kind, amount(vp.amount), object_sel(vp.obj, ctx))]
    if v == "prevent":
        _imperative(subject, ctx)
        assert vp.obj is not None
        return [PreventDamage(amount(vp.amount), _damage_recipient(vp.obj, ctx))]
    if v == "reveal_top":
        who = player_ref(subject, ctx)
        assert vp.obj is not None
        if vp.obj.kind != "zone" or vp.obj.zone != "library":
            raise ctx.fail("reveal the top card of something other than a library")
        owner = player_ref(vp.obj.owner, ctx)
        if owner != who:
            raise ctx.fail("reveal the top card of another player's library")
        return [RevealTop(who)]
    if v == "reveal" and ctx.search is not None and vp.obj is not None and vp.obj.kind in ("it", "that"):
        return []  # 701.20a: revealing the found card changes nothing but what players know
    if v == "reveal":
        who = player_ref(subject, ctx)
        assert vp.obj is not None
        if vp.obj.kind != "zone" or vp.obj.zone != "hand" or player_ref(vp.obj.owner, ctx) != who:
            raise ctx.fail("unsupported reveal")
        ctx.revealed_hand = who
        return []
    if v == "choose":
        if subject is not None and subject.kind != "you":
            raise ctx.fail("another player chooses")
        assert vp.obj is not None
        if ctx.revealed_hand is None or vp.obj.kind != "a" or vp.obj.desc is None:
            raise ctx.fail("unsupported choice")
        d = describe(vp.obj.desc, ctx, "hand")
        if d.objects is None or d.objects.zone != "hand":
            raise ctx.fail("unsupported choice")
        ctx.chosen = d.objects
        return []
    if v == "attach":
        _imperative(subject, ctx)
        assert vp.obj is not None and vp.dest is not None
        if not _is_self(vp.obj, ctx):
            raise ctx.fail("attach something other than the source")
        return [Attach(object_ref(vp.dest, ctx))]
    raise ctx.fail(f"the IR has no effect for '{vp.text}'")


def _imperative(subject: NP | None, ctx: Ctx) -> None:
    if subject is not None and subject.kind != "you":
        raise ctx.fail(f"'{subject.text}' does this instead of the controller")


def _zone_hint(np: NP) -> Zone:
    if np.desc is not None:
        for q in np.desc.quals:
            if q.kind == "zone":
                return q.value  # type: ignore[return-value]
    return "battlefield"


def _check_hand(dest: NP, ctx: Ctx) -> None:
    if dest.kind != "zone" or dest.zone != "hand":
        raise ctx.fail("return to somewhere other than a hand")
    owner = dest.owner
    if owner is None or owner.kind not in ("its_owner", "you", "it"):
        raise ctx.fail("return to another player's hand")


def _damage_recipient(np: NP, ctx: Ctx) -> Ref:
    if np.kind == "any_target":
        return _target(np, ctx)
    if np.kind == "target":
        return _target(np, ctx)
    if np.kind in ("you", "defending_player", "its_controller"):
        return player_ref(np, ctx)
    sel = object_sel(np, ctx, group_ok=False)
    assert isinstance(sel, Ref)
    return sel


def _power_source(np: NP, ctx: Ctx) -> Ref:
    if np.kind == "it":
        return ctx.obj if ctx.obj is not None else Ref("self")
    return object_ref(np, ctx)


def _search(subject: NP | None, vp: VP, ctx: Ctx) -> list[Effect]:
    """'Search your library for ...' (701.23): completed by put + shuffle."""
    _imperative(subject, ctx)
    assert vp.dest is not None and vp.obj is not None
    if vp.dest.kind != "zone" or vp.dest.zone != "library" or (vp.dest.owner and vp.dest.owner.kind != "you"):
        raise ctx.fail("search something other than your library")
    what = vp.obj
    if what.kind not in ("a", "upto") or what.desc is None:
        raise ctx.fail("unsupported search")
    d = describe(what.desc, ctx, "library")
    if d.objects is None:
        raise ctx.fail("unsupported search")
    count = 1 if what.kind == "a" else (what.max or 1)
    ctx.search = _Search(d.objects, count)
    return []


def _search_put(vp: VP, ctx: Ctx) -> list[Effect]:
    assert ctx.search is not None and vp.obj is not None
    if vp.obj.kind not in ("that", "it", "those") and not (vp.obj.kind == "bare"):
        raise ctx.fail("unsupported put after search")
    if vp.verb == "put_battlefield":
        ctx.search.to = "battlefield"
        ctx.search.tapped = vp.flag
    else:
        assert vp.dest is not None
        if vp.dest.kind != "zone" or vp.dest.zone != "hand":
            raise ctx.fail("unsupported destination after search")
        ctx.search.to = "hand"
    return []


def _discard_chosen(subject: NP | None, vp: VP, ctx: Ctx) -> list[Effect]:
    """'Target opponent reveals their hand. You choose a ... card from it. That player discards that card.'"""
    if ctx.revealed_hand is None or ctx.chosen is None:
        raise ctx.fail("discard of a chosen card without a reveal and choice")
    who = player_ref(subject, ctx)
    if who != ctx.revealed_hand:
        raise ctx.fail("discarding player differs from the revealing player")
    chosen = ctx.chosen
    ctx.revealed_hand = None
    ctx.chosen = None
    return [Discard(1, who, chooser="you", filter=chosen, reveal=True)]


# --------------------------------------------------------------------------- abilities


def lower_static(effects: Effects, text: str) -> Static | CostIncrease:
    """A static ability (604): continuous modifications without a duration."""
    ctx = Ctx()
    if is_cost_increase(effects):
        return lower_cost_increase(effects, text)
    mods: list[Modify] = []
    for s in effects.sentences:
        ctx.clause = s.text
        if s.kind != "chain":
            raise ctx.fail("unsupported static ability")
        subject: NP | None = None
        for item in s.items:
            if item.subject is not None:
                subject = item.subject
            vp = item.vp
            if vp.verb not in ("modify", "cant_attack", "cant_block", "cant_attack_or_block") or vp.until_eot:
                raise ctx.fail("unsupported static ability")
            if subject is None:
                raise ctx.fail("static ability without a subject")
            what = _static_affected(subject, ctx)
            mod = _modify(what, vp)
            if mods and mods[-1].affected == what:
                mods[-1] = _merge(mods[-1], mod)
            else:
                mods.append(mod)
    if ctx.targets:
        raise ctx.fail("static ability with targets")
    return Static(tuple(mods), text=text)


def _static_affected(np: NP, ctx: Ctx) -> Selector:
    if np.kind in ("self", "enchanted", "equipped"):
        return object_sel(np, ctx)
    if np.kind in ("bare", "all", "each"):
        return object_sel(np, ctx)
    raise ctx.fail(f"static ability affecting '{np.text}'")


def is_cost_increase(effects: Effects) -> bool:
    ss = effects.sentences
    return (
        len(ss) == 1
        and ss[0].kind == "chain"
        and len(ss[0].items) == 1
        and ss[0].items[0].vp.verb == "cost_more_per_target"
    )


def lower_cost_increase(effects: Effects, text: str) -> CostIncrease:
    """'This spell costs {1} more to cast for each target beyond the first.' (601.2f)"""
    item = effects.sentences[0].items[0]
    if item.subject is None or item.subject.kind != "self":
        raise LowerError("cost increase of another spell", effects.text)
    mana = item.vp.mana
    generic = mana[1:-1]
    if not (mana.count("{") == 1 and generic.isdigit()):
        raise LowerError("non-generic cost increase", effects.text)
    return CostIncrease(generic_per_extra_target=int(generic), text=text)


def lower_spell(effects: Effects, text: str) -> SpellAbility:
    """An instant or sorcery's effect (113.3a)."""
    ctx = Ctx(spell=True)
    effs = lower_effects(effects, ctx)
    if ctx.sorcery_speed:
        raise ctx.fail("activation restriction on a spell")
    return SpellAbility(tuple(effs), tuple(ctx.targets), text=text)


def lower_modal(modal: ModalA, text: str, mode_texts: list[str]) -> SpellAbility:
    """A modal spell (700.2): each mode has its own targets."""
    modes: list[Mode] = []
    for eff, mtext in zip(modal.modes, mode_texts, strict=False):
        ctx = Ctx(spell=True)
        effs = lower_effects(eff, ctx)
        modes.append(Mode(tuple(effs), tuple(ctx.targets), text=mtext))
    if modal.choose > len(modes):
        raise LowerError("choose more modes than there are", text)
    return SpellAbility(modes=tuple(modes), choose=modal.choose, text=text)


def lower_activated(act: ActivatedA, text: str) -> Activated:
    """'[Cost]: [Effect]' (602.1); loyalty abilities (606) are sorcery-speed (606.3)."""
    ctx = Ctx()
    mana_parts: list[str] = []
    tap = False
    sac = False
    for c in act.costs:
        ctx.clause = c.text
        if c.kind == "mana":
            mana_parts.append(c.mana)
        elif c.kind == "tap":
            tap = True
        elif c.kind == "sacrifice" and c.obj is not None and c.obj.kind == "self":
            sac = True
        else:
            raise ctx.fail(f"the IR Cost cannot express '{c.text}'")
    effs = lower_effects(act.effects, ctx)
    cost = Cost(mana="".join(mana_parts) or None, tap=tap, sacrifice_self=sac, loyalty=act.loyalty)
    # 605.1a: no target, could add mana, not a loyalty ability
    is_mana = act.loyalty is None and not ctx.targets and any(_adds_mana(e) for e in effs)
    return Activated(
        cost,
        tuple(effs),
        tuple(ctx.targets),
        mana_ability=is_mana,
        sorcery_speed=ctx.sorcery_speed or act.loyalty is not None,
        text=text,
    )


def _adds_mana(e: Effect) -> bool:
    if isinstance(e, AddMana):
        return True
    if isinstance(e, May):
        return any(_adds_mana(x) for x in e.effects)
    return False


def _self_matches(f: Filter, card: CardTypes | None) -> bool:
    if card is None:
        return True
    types, subtypes = card
    if f.types and not set(f.types) & set(types):
        return False
    if f.subtypes and not set(f.subtypes) & set(subtypes):
        return False
    if set(f.not_types) & set(types) or f.colors or f.not_colors or f.supertypes:
        return False
    return f.controller in (None, "you")


CardTypes = tuple[tuple[str, ...], tuple[str, ...]]  # (types, subtypes) of the card being compiled


def lower_trigger(t: TriggerA, ctx: Ctx, card: CardTypes | None = None) -> Trigger:
    """The trigger condition (603.1) and what 'it' refers to in the effect."""
    ctx.clause = t.text
    subj = t.subject
    if t.event == "gain_life":
        return Trigger("gain_life", player="you")
    if t.event == "cast":
        assert subj is not None
        if subj.kind != "a" or subj.desc is None:
            raise ctx.fail("unsupported cast trigger")
        d = describe(subj.desc, ctx, "stack")
        if d.objects is None or d.objects.zone != "stack":
            raise ctx.fail("unsupported cast trigger")
        caster = t.caster
        if caster is not None and caster.kind == "you":
            return Trigger("cast", filter=d.objects, player="you")
        if caster is not None and caster.kind == "a" and caster.desc is not None:
            if describe(caster.desc, ctx).players == "any":
                return Trigger("cast", filter=d.objects)  # any player
        raise ctx.fail("the IR's cast trigger is for you or any player")
    assert subj is not None
    if subj.kind == "self":
        ctx.obj = Ref("self")
        return Trigger(t.event, self_only=True)
    if t.event in ("attacks", "put_into_graveyard"):
        raise ctx.fail(f"the IR's '{t.event}' trigger is only for the source itself")
    if subj.kind in ("another", "a", "self_or_another") and subj.desc is not None:
        d = describe(subj.desc, ctx, other=subj.kind == "another")
        if d.objects is None or d.controller_np is not None:
            raise ctx.fail("unsupported trigger subject")
        if subj.kind == "self_or_another" and not _self_matches(d.objects, card):
            # "this creature or another Ally": one filter only covers both if the source is an Ally
            raise ctx.fail("the source itself does not match the trigger's filter")
        ctx.obj = Ref("triggering")
        return Trigger(t.event, filter=d.objects)
    raise ctx.fail(f"unsupported trigger subject '{subj.text}'")


def lower_triggered(trig: TriggeredA, text: str, card: CardTypes | None = None) -> Triggered:
    """'When/Whenever [condition], [effect]' (603.1)."""
    ctx = Ctx()
    trigger = lower_trigger(trig.trigger, ctx, card)
    effs = lower_effects(trig.effects, ctx)
    if ctx.sorcery_speed:
        raise ctx.fail("activation restriction on a triggered ability")
    return Triggered(trigger, tuple(effs), tuple(ctx.targets), text=text)


def lower_keyword(kw: KeywordA, text: str) -> Keyword:
    """Keyword abilities (702): the marker node; equip/prowess also get their ability."""
    if kw.kind == "static":
        return Keyword(kw.name, text=text)
    if kw.kind == "enchant":
        assert kw.desc is not None
        ctx = Ctx(clause=text)
        d = describe(kw.desc, ctx)
        if d.objects is None or d.players is not None:
            raise ctx.fail("enchant player")
        return Keyword("enchant", d.objects, text=text)  # 702.5a
    if kw.kind == "equip":
        return Keyword("equip", text=text)  # 702.6a
    return Keyword("prowess", text=text)  # 702.108a
