"""Triggered abilities created by effects: delayed ones (603.7: "sacrifice it at the
beginning of the next end step", "at end of combat, return that creature to its owner's
hand") and reflexive ones (603.12: "you may sacrifice another creature. When you do, ...")."""

from __future__ import annotations

import dataclasses
from typing import Any

from karn.ir.nodes import CreateDelayed, CreateToken, Effect, May, Ref, Reflexive, Transform, Trigger
from karn.oracle.lowering.chains import lower_chain
from karn.oracle.lowering.context import Ctx
from karn.oracle.lowering.references import object_ref
from karn.oracle.lowering.registry import lowers_sentence
from karn.oracle.syntax import DelayedLeavesSentence, DelayedSentence, ReflexiveSentence

# The references a delayed ability can use as they are: its source and its controller.
_FIXED = ("self", "you")


def _no_quoted_tokens(effects: list[Effect], ctx: Ctx) -> None:
    """113.2c: a token's quoted abilities are named through the id of the ability creating it; a
    created ability's id ("nested:<n>:<parent>") can't name them, so such a token is refused."""
    for e in effects:
        if isinstance(e, CreateToken) and e.token.abilities:
            raise ctx.fail("a token with a quoted ability created by a delayed or reflexive ability")
        if isinstance(e, May):
            _no_quoted_tokens(list(e.effects), ctx)


def _no_transform(effects: list[Effect], ctx: Ctx) -> None:
    """701.27f: a delayed ability transforms its permanent only if it hasn't transformed since
    the ability was created, which the engine doesn't record: refused."""
    for e in effects:
        if isinstance(e, Transform) or (
            isinstance(e, May) and any(isinstance(x, Transform) for x in e.effects)
        ):
            raise ctx.fail("a delayed ability that transforms a permanent (701.27f)")


@lowers_sentence(DelayedSentence)
def lower_delayed(sentence: DelayedSentence, ctx: Ctx, out: list[Effect]) -> None:
    """603.7a: the sentence's clauses become the effects of a delayed ability; the one
    object they act on is bound as the ability is created (603.7c)."""
    inner: list[Effect] = []
    moved, ctx.self_moved = ctx.self_moved, ""  # 400.7e is about the triggered ability itself
    lower_chain(sentence.items, ctx, inner)
    ctx.self_moved = moved
    _no_quoted_tokens(inner, ctx)
    _no_transform(inner, ctx)
    refs: set[Ref] = set()
    _collect(inner, refs)
    bound = [r for r in refs if r.kind not in _FIXED]
    if len(bound) > 1:
        raise ctx.fail("a delayed ability acting on several objects")
    bind = bound[0] if bound else None
    if bind is not None and bind.kind in ("each_player", "each_opponent", "triggering_player"):
        raise ctx.fail("a delayed ability acting on players")
    if bind is not None and bind.kind == "affected":
        raise ctx.fail("a delayed ability acting on a group")
    effects = tuple(_rebind(e, bind) for e in inner) if bind is not None else tuple(inner)
    when = Trigger("step", step=sentence.step, player="you" if sentence.whose == "you" else None)
    out.append(CreateDelayed(when, effects, bind, text=sentence.text))


@lowers_sentence(DelayedLeavesSentence)
def lower_delayed_leaves(sentence: DelayedLeavesSentence, ctx: Ctx, out: list[Effect]) -> None:
    """603.7a: "When that creature leaves the battlefield [this turn], ...": a delayed
    ability watching one object; created only if that object is still on the battlefield."""
    before = ctx.obj
    watch = object_ref(sentence.watched, ctx)
    if watch.kind in ("affected", "triggering_player", "each_player", "each_opponent"):
        raise ctx.fail("a delayed ability watching a group")
    saved = ctx.obj
    if watch != Ref("self") or before is None:
        ctx.obj = watch  # "it" in the clauses: the creature that left
    else:
        ctx.obj = before
    # else "When ~ leaves the battlefield or becomes untapped, destroy that creature": "that
    # creature" is still the object before (the target), not the source being watched
    inner: list[Effect] = []
    moved, ctx.self_moved = ctx.self_moved, ""
    lower_chain(sentence.items, ctx, inner)
    ctx.self_moved = moved
    _no_quoted_tokens(inner, ctx)
    _no_transform(inner, ctx)
    ctx.obj = saved
    refs: set[Ref] = set()
    _collect(inner, refs)
    bound = [r for r in refs if r.kind not in _FIXED]
    if len(bound) > 1:
        raise ctx.fail("a delayed ability acting on several objects")
    bind = bound[0] if bound else None
    if bind is not None and bind.kind in ("affected", "each_player", "each_opponent", "triggering_player"):
        raise ctx.fail("a delayed ability acting on players or a group")
    effects = tuple(_rebind(e, bind) for e in inner) if bind is not None else tuple(inner)
    out.append(
        CreateDelayed(
            Trigger("leaves"),
            effects,
            bind,
            text=sentence.text,
            watch=watch,
            this_turn=sentence.this_turn,
            or_untapped=sentence.or_untapped,
        )
    )


@lowers_sentence(ReflexiveSentence)
def lower_reflexive(sentence: ReflexiveSentence, ctx: Ctx, out: list[Effect]) -> None:
    """603.12: "When you do, ..." after an optional action ("you may sacrifice another
    creature"): a reflexive ability with its own targets; "that creature" is the object
    the action acted on, bound as the ability triggers."""
    if not out:
        raise ctx.fail("'when you do' with no action before it")
    if ctx.player is not None and ctx.player.kind not in ("you", "triggering_player"):
        raise ctx.fail("a reflexive ability referring to a player chosen before it")
    sub = Ctx(player=ctx.player, clause=ctx.clause)
    bind: Ref | None = None
    if ctx.obj is not None and ctx.obj.kind not in _FIXED:
        bind = ctx.obj
        sub.obj = Ref("triggering")
    else:
        sub.obj = ctx.obj
    inner: list[Effect] = []
    lower_chain(sentence.items, sub, inner)
    _no_quoted_tokens(inner, ctx)
    if sub.sorcery_speed or sub.only_during or sub.search is not None or sub.hand is not None:
        raise ctx.fail("unsupported reflexive ability")
    refs: set[Ref] = set()
    _collect(inner, refs)
    if bind is not None and Ref("triggering") not in refs:
        bind = None
    node = Reflexive(tuple(inner), tuple(sub.targets), bind, text=sentence.text)
    last = out[-1]
    if isinstance(last, May):
        out[-1] = May(last.effects + (node,))  # only if the player chose to do it
    else:
        out.append(node)


def _collect(node: Any, refs: set[Ref]) -> None:
    if isinstance(node, Ref):
        refs.add(node)
    elif isinstance(node, (tuple, list)):
        for x in node:
            _collect(x, refs)
    elif dataclasses.is_dataclass(node) and not isinstance(node, type):
        for f in dataclasses.fields(node):
            _collect(getattr(node, f.name), refs)


def _rebind(node: Any, bind: Ref) -> Any:
    """The IR with ``bind`` replaced by the delayed ability's triggering object."""
    if isinstance(node, Ref):
        return Ref("triggering") if node == bind else node
    if isinstance(node, tuple):
        return tuple(_rebind(x, bind) for x in node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        changes = {f.name: _rebind(getattr(node, f.name), bind) for f in dataclasses.fields(node)}
        return dataclasses.replace(node, **changes)
    return node
