"""Noun phrases -> IR references: target slots, pronouns, players, groups.

* target slots are numbered in text order (115.1, 601.2c) and effects point at
  them with ``Ref("target", i)``; the TargetSpec text is the target phrase as
  written, first letter lower-cased ("target creature", "any target");
* pronouns ("it", "that creature", "its controller", "those creatures") refer to
  the most recent object or player named in the same ability; with none, "it"
  is the source itself (the ability's object, 113.7 / 201.5);
* a clause without a subject is an instruction to the ability's controller
  (imperative, 608.2c).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal, NoReturn

from karn.ir.nodes import Filter, Group, Ref, Selector, TargetSpec
from karn.oracle.lowering.context import ANY_TARGET_OBJECTS, Ctx, Zone, first_lower
from karn.oracle.lowering.descriptions import describe
from karn.oracle.syntax import NP, Desc


def target_ref(np: NP, ctx: Ctx, default_zone: Zone = "battlefield") -> Ref:
    """Give a target phrase its slot (115.1) and return the reference to it."""
    if id(np) in ctx.resolved:  # a subject shared by a chain ("draws two cards and loses 2 life")
        return ctx.resolved[id(np)]
    if np.kind == "any_target":
        spec = TargetSpec(
            players="any", objects=ANY_TARGET_OBJECTS, min=np.min, max=np.max, text=first_lower(np.text)
        )
    else:
        assert np.desc is not None
        # "another target creature" after an earlier target: other than the earlier targets
        # (115.3 would let one object be chosen once for each instance of "target"; "another"
        # forbids it); without an earlier target it is other than the source (109.1)
        distinct_from = tuple(range(len(ctx.targets))) if np.other and ctx.targets else ()
        d = describe(np.desc, ctx, default_zone, other=np.other and not distinct_from, player_controls=True)
        per_opponent = False
        if d.controller_np is not None:
            that = d.controller_np
            if not (
                ctx.each_opponent and that.kind == "that" and d.objects is not None and d.players is None
            ):
                raise ctx.fail("target restricted to a player's permanents")
            # 608.2f: "For each opponent, ... target permanent that player controls"
            d = replace(d, objects=replace(d.objects, controller="opponent"))
            per_opponent = True
        spec = TargetSpec(
            players=d.players,
            objects=d.objects,
            min=np.min,
            max=np.max,
            text=first_lower(np.text),
            per_opponent=per_opponent,
            distinct_from=distinct_from,
        )
    ctx.targets.append(spec)
    ctx.opaque = False
    ctx.chosen_targets = None
    ctx.exiled = None
    ref = Ref("target", len(ctx.targets) - 1)
    ctx.resolved[id(np)] = ref
    if spec.objects is not None:
        ctx.obj = ref
        ctx.named_objects.append(ref)
    if spec.players is not None and spec.objects is None:
        ctx.player = ref
    return ref


def is_player_desc(desc: Desc | None) -> bool:
    return bool(desc and desc.groups and all(w.kind == "player" for g in desc.groups for w in g))


def names_a_spell(desc: Desc | None) -> bool:
    """ "that spell": a description that is the word "spell" alone, or "that spell or ability"
    (a spell or ability that targeted, 601.2c, 603.3d)."""
    return bool(
        desc is not None
        and not desc.adjs
        and not desc.quals
        and [[w.kind for w in g] for g in desc.groups] in ([["spell"]], [["spell"], ["ability"]])
    )


def names_a_card(desc: Desc | None) -> bool:
    """ "that card": a description that is the word "card" alone."""
    return bool(
        desc is not None
        and not desc.adjs
        and not desc.quals
        and [[w.kind for w in g] for g in desc.groups] == [["card"]]
    )


def player_ref(np: NP | None, ctx: Ctx) -> Ref:
    """The player a noun phrase names (the subject of "draws", "gains life" ...)."""
    if np is None or np.kind == "you":
        return Ref("you")
    if np.kind in ("target", "any_target"):
        if not is_player_desc(np.desc) or np.max != 1:
            raise ctx.fail(f"'{np.text}' is not a player")
        return target_ref(np, ctx)
    if np.kind == "defending_player":
        ctx.player = Ref("defending_player")
        return ctx.player
    if np.kind == "those" and np.desc is None and ctx.player is not None:
        return ctx.player  # "they": the player named before ("Whenever an opponent draws a card, they ...")
    if np.kind in ("that", "it") and (np.kind == "it" or is_player_desc(np.desc)):
        if ctx.player is not None:
            return ctx.player
        raise ctx.fail(f"'{np.text}' has no antecedent player")
    if np.kind == "its_controller":
        return controller_of(ctx.obj, ctx, "target_controller")
    if np.kind == "its_owner":
        return controller_of(ctx.obj, ctx, "target_owner")
    if np.kind in ("poss_controller", "poss_owner") and np.owner is not None:
        # "that land's controller", "target creature's owner"
        if is_player_desc(np.owner.desc):
            raise ctx.fail(f"'{np.text}': a player has no controller")
        sel = object_sel(np.owner, ctx, group_ok=False)
        assert isinstance(sel, Ref)
        kind: Literal["target_controller", "target_owner"] = (
            "target_controller" if np.kind == "poss_controller" else "target_owner"
        )
        return controller_of(sel, ctx, kind)
    raise ctx.fail(f"the IR has no reference for the player(s) '{np.text}'")


def players_ref(np: NP | None, ctx: Ctx) -> Ref:
    """Like :func:`player_ref`, also allowing "each player" / "each opponent" (for the
    effects whose engine handlers act on every player a reference names)."""
    if np is not None and np.kind == "each" and is_player_desc(np.desc):
        assert np.desc is not None
        values = {w.value for g in np.desc.groups for w in g}
        other = [a for a in np.desc.adjs if a.kind == "other"]
        if np.desc.quals or len(other) != len(np.desc.adjs):
            raise ctx.fail(f"the IR has no reference for the players '{np.text}'")
        if values == {"opponent"} or (values == {"any"} and other):
            # "each other player" is every player but you: each opponent (102.2-102.3)
            ctx.player = Ref("each_opponent")
            return ctx.player
        if values == {"any"}:
            ctx.player = Ref("each_player")
            return ctx.player
    return player_ref(np, ctx)


def controller_of(obj: Ref | None, ctx: Ctx, kind: Literal["target_controller", "target_owner"]) -> Ref:
    """ "its controller" / "its owner" of the antecedent object."""
    if obj is None or obj.kind == "self":
        return Ref("you") if kind == "target_controller" else no_reference(ctx, "owner of the source")
    if obj.kind == "target":
        return Ref(kind, obj.index)
    if obj.kind == "triggering":
        # 603.10a / 608.2h: the triggering object's controller or owner, from last known
        # information if it left the battlefield
        return Ref("triggering_controller" if kind == "target_controller" else "triggering_owner")
    raise ctx.fail(f"the IR has no reference for the controller of {obj.kind}")


def no_reference(ctx: Ctx, what: str) -> NoReturn:
    raise ctx.fail(f"the IR has no reference for the {what}")


def object_sel(np: NP, ctx: Ctx, *, group_ok: bool = True, default_zone: Zone = "battlefield") -> Selector:
    """The object(s) a noun phrase names, as a Ref or a Group."""
    k = np.kind
    if ctx.opaque and k in ("it", "that", "those"):
        raise ctx.fail(f"the IR cannot refer back to '{np.text}' (e.g. a created token)")
    if k == "self":
        if ctx.spell:
            raise ctx.fail("a spell acting on itself")
        ctx.obj = Ref("self")  # the most recent object named: "tap this creature and it deals ..."
        return Ref("self")
    if k == "it":
        return ctx.obj if ctx.obj is not None else self_ref(ctx)
    if k == "that":
        if is_player_desc(np.desc):
            raise ctx.fail("expected an object")
        if ctx.exiled is not None and names_a_card(np.desc):
            return ctx.exiled  # "that card": the card just exiled from the library (406.1)
        if ctx.trigger_spell and names_a_spell(np.desc):
            # "sacrifice this enchantment and counter that spell": the spell cast (603.7c),
            # whatever object was named since
            ctx.obj = Ref("triggering")
            return ctx.obj
        return ctx.obj if ctx.obj is not None else self_ref(ctx)
    if k == "those":
        if ctx.group_affected:
            return Ref("affected")
        if those_objects(np, ctx):
            # "those creatures" after several target slots means all of them, which no one
            # selector says: only the effects that take each (:func:`those_objects`) read it
            raise ctx.fail(f"'{np.text}' names the objects of several target slots here")
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
        if is_player_desc(np.desc):
            raise ctx.fail(f"'{np.text}' is not an object")
        ref = target_ref(np, ctx, default_zone)
        if ctx.targets[ref.index].players is not None:
            raise ctx.fail(f"'{np.text}' may be a player, which this effect cannot act on")
        return ref
    if k in ("all", "each", "bare") and group_ok:
        assert np.desc is not None
        d = describe(np.desc, ctx, default_zone, player_controls=True)
        if d.objects is None or d.players is not None:
            raise ctx.fail(f"'{np.text}' is not a group of objects")
        player = player_ref(d.controller_np, ctx) if d.controller_np is not None else None
        group = Group(d.objects, player=player)
        ctx.group_affected = True
        ctx.affected_group = group
        return group
    if k == "zone" and group_ok:
        owner = player_ref(np.owner, ctx)
        group = Group(Filter(zone=np.zone), player=owner)  # type: ignore[arg-type]
        ctx.group_affected = True
        ctx.affected_group = group
        return group
    if k == "all_zones" and group_ok:
        # "all graveyards": the cards in every player's zone of that kind (no owner narrows it)
        group = Group(Filter(zone=np.zone))  # type: ignore[arg-type]
        ctx.group_affected = True
        ctx.affected_group = group
        return group
    raise ctx.fail(f"the IR cannot refer to '{np.text}' here")


def those_objects(np: NP, ctx: Ctx) -> list[Ref]:
    """The target slots "those creatures" means when it names the objects of several of them
    ("target creature gets +3/+3, up to one other target creature gets +2/+2 ... Those creatures
    gain vigilance"); empty when it names one slot, a group or another antecedent."""
    if np.kind != "those" or ctx.group_affected or ctx.opaque or ctx.obj not in ctx.named_objects:
        return []
    return list(ctx.named_objects) if len(ctx.named_objects) > 1 else []


def self_ref(ctx: Ctx) -> Ref:
    """The source itself (113.7); a resolving spell has no permanent to act on."""
    if ctx.spell:
        raise ctx.fail("a spell acting on itself")
    return Ref("self")


def object_ref(np: NP, ctx: Ctx, default_zone: Zone = "battlefield") -> Ref:
    sel = object_sel(np, ctx, group_ok=False, default_zone=default_zone)
    assert isinstance(sel, Ref)
    return sel


def is_self(np: NP | None, ctx: Ctx) -> bool:
    if np is None:
        return False
    if np.kind == "self":
        return True
    return np.kind == "it" and (ctx.obj is None or ctx.obj == Ref("self"))


def imperative(subject: NP | None, ctx: Ctx) -> None:
    """608.2c: a clause without a subject (or with "you") is done by the controller."""
    if subject is not None and subject.kind != "you":
        raise ctx.fail(f"'{subject.text}' does this instead of the controller")


def zone_hint(np: NP) -> Zone:
    """The zone a description says its objects are in ("from your graveyard")."""
    if np.desc is not None:
        for q in np.desc.quals:
            if q.kind == "zone":
                return q.value  # type: ignore[return-value]
    return "battlefield"
