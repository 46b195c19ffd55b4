"""Quantities (107.1): the one number an ability reads, from its AST (:class:`QuantityA`) to
an IR :data:`~karn.ir.nodes.Quantity`; and "<instructions>, where X is <quantity>." (107.3:
an X the text defines rather than a value chosen), which puts that quantity wherever the
instructions read X."""

from __future__ import annotations

import dataclasses
from dataclasses import replace
from typing import Any

from karn.ir.nodes import (
    AddPT,
    ApplyContinuous,
    Compared,
    Count,
    CountersOn,
    CreateCopyToken,
    CreateToken,
    DamageEach,
    DealDamage,
    Destroy,
    Discard,
    Draw,
    Effect,
    ExileTop,
    Filter,
    GainLife,
    Half,
    LoseLife,
    Mill,
    PutCounters,
    Quantity,
    Ref,
    Scry,
    Sum,
    Times,
    Var,
)
from karn.oracle.lowering.chains import lower_chain
from karn.oracle.lowering.context import Ctx, LowerError
from karn.oracle.lowering.descriptions import describe
from karn.oracle.lowering.references import object_ref, player_ref
from karn.oracle.lowering.registry import (
    Clause,
    lower_quantity,
    lower_verb,
    lowers,
    lowers_quantity,
    lowers_sentence,
)
from karn.oracle.syntax import (
    CharacteristicQ,
    CountersQ,
    DefinedAmountVP,
    DiedThisWayQ,
    EachVP,
    GreatestPowerQ,
    HalfQ,
    LifeTotalQ,
    NumberOfQ,
    PlusQ,
    TotalManaValueQ,
    TwiceQ,
    WhereXSentence,
)

_X = Var("X")


@lowers_quantity(NumberOfQ)
def lower_number_of(q: NumberOfQ, ctx: Ctx, before: list[Effect]) -> Quantity:
    """ "the number of <desc>", "the number of card types among <desc>" (205.2a), counted as
    the effect reads it (608.2h)."""
    d = describe(q.number.desc, ctx)
    if d.objects is None or d.players is not None or d.controller_np is not None:
        raise ctx.fail(f"the number of '{q.number.desc.text}'")
    return Count(q.number.what, d.objects)


@lowers(DefinedAmountVP)
def lower_defined_amount(vp: DefinedAmountVP, clause: Clause) -> list[Effect]:
    """A counted amount in a sentence of a shape that can't say "where X is" for it."""
    raise clause.ctx.fail(f"a counted amount in {vp.text!r} in a sentence of this shape")


@lowers_quantity(LifeTotalQ)
def lower_life_total(q: LifeTotalQ, ctx: Ctx, before: list[Effect]) -> Quantity:
    """ "your life total" (119)."""
    return Var("life", Ref("you"))


@lowers_quantity(CharacteristicQ)
def lower_characteristic(q: CharacteristicQ, ctx: Ctx, before: list[Effect]) -> Quantity:
    """ "<object>'s power / toughness / mana value" (208.1, 202.3): as it is now, or as it last
    existed if it left the battlefield (608.2h)."""
    ref = object_ref(q.of, ctx)
    if q.what == "mana_value":
        return Count("mana_value", ref=ref)
    return Var(q.what, ref)


@lowers_quantity(CountersQ)
def lower_counters(q: CountersQ, ctx: Ctx, before: list[Effect]) -> Quantity:
    """ "the number of +1/+1 counters on <object>" (122.1)."""
    return CountersOn(q.kind, object_ref(q.on, ctx))


@lowers_quantity(GreatestPowerQ)
def lower_greatest_power(q: GreatestPowerQ, ctx: Ctx, before: list[Effect]) -> Quantity:
    """ "the greatest power among creatures <player> controls" (read on resolution, 608.2h)."""
    quals = q.desc.quals
    if quals and quals[-1].kind == "player_controls" and quals[-1].player is not None:
        who: Ref | None = player_ref(quals[-1].player, ctx)
        d = describe(replace(q.desc, quals=quals[:-1]), ctx)
        if d.objects is None or d.players is not None or d.objects.controller:
            raise ctx.fail(f"the greatest power among '{q.desc.text}'")
        return Count("greatest_power", d.objects, ref=who)
    d = describe(q.desc, ctx, player_controls=True)
    if (
        d.objects is None
        or d.players is not None
        or d.controller_np is not None
        or d.objects.controller != "you"
    ):
        raise ctx.fail(f"the greatest power among '{q.desc.text}'")
    return Count("greatest_power", d.objects)


@lowers_quantity(TotalManaValueQ)
def lower_total_mana_value(q: TotalManaValueQ, ctx: Ctx, before: list[Effect]) -> Quantity:
    """ "the total mana value of <desc>": the sum of their mana values (202.3, 608.2h)."""
    d = describe(q.desc, ctx, "battlefield")
    if d.objects is None or d.players is not None:
        raise ctx.fail(f"'{q.desc.text}' is not a kind of object")
    return Count("total_mana_value", d.objects)


@lowers_quantity(DiedThisWayQ)
def lower_died_this_way(q: DiedThisWayQ, ctx: Ctx, before: list[Effect]) -> Quantity:
    """ "the number of creatures that died this way" (700.4): destroyed by this resolution."""
    if not any(isinstance(e, Destroy) for e in before):
        raise ctx.fail("'died this way' without a destroy before it")
    return Count("died_this_way", Filter(types=(q.card_type,)))


@lowers_quantity(HalfQ)
def lower_half(q: HalfQ, ctx: Ctx, before: list[Effect]) -> Quantity:
    """107.1a: "half <quantity>, rounded up/down"."""
    return Half(lower_quantity(q.of, ctx, before), q.round_up)


@lowers_quantity(PlusQ)
def lower_plus(q: PlusQ, ctx: Ctx, before: list[Effect]) -> Quantity:
    """ "<quantity> plus <quantity>"."""
    return simplify(Sum(tuple(lower_quantity(t, ctx, before) for t in q.terms)))


@lowers_quantity(TwiceQ)
def lower_twice(q: TwiceQ, ctx: Ctx, before: list[Effect]) -> Quantity:
    """ "twice <quantity>"."""
    return Times(lower_quantity(q.of, ctx, before), 2)


def simplify(q: Quantity) -> Quantity:
    """A sum of one count and numbers is the count plus them (``Count.plus``); a sum of numbers
    is their total."""
    if not isinstance(q, Sum):
        return q
    numbers = sum(t for t in q.terms if isinstance(t, int))
    rest = [t for t in q.terms if not isinstance(t, int)]
    if not rest:
        return numbers
    if len(rest) == 1 and isinstance(rest[0], Count):
        return replace(rest[0], plus=rest[0].plus + numbers)
    if len(rest) == 1 and not numbers:
        return rest[0]
    return q


def _substitute(node: Any, x: Quantity) -> tuple[Any, int]:
    """``node`` with every ``Var("X")`` replaced by ``x``, and how many were replaced."""
    if node == _X:
        return x, 1
    if isinstance(node, tuple):
        done = [_substitute(v, x) for v in node]
        return tuple(v for v, _ in done), sum(n for _, n in done)
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        changes: dict[str, Any] = {}
        total = 0
        for f in dataclasses.fields(node):
            value, n = _substitute(getattr(node, f.name), x)
            if n:
                changes[f.name] = value
                total += n
        if not total:
            return node, 0
        new = replace(node, **changes)
        return (simplify(new) if isinstance(new, Sum) else new), total
    return node, 0


def _reads_x_otherwise(node: Any) -> bool:
    """Does an IR tree read X in a way no ``Var("X")`` says ("with mana value X or less")?"""
    if isinstance(node, Compared):
        return node.of_x
    if isinstance(node, tuple):
        return any(_reads_x_otherwise(v) for v in node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return any(_reads_x_otherwise(getattr(node, f.name)) for f in dataclasses.fields(node))
    return False


def _snapshot(ctx: Ctx) -> Ctx:
    """The lowering state as it is now, apart from ``ctx`` (its lists and maps copied)."""
    return replace(
        ctx,
        targets=list(ctx.targets),
        resolved=dict(ctx.resolved),
        named_objects=list(ctx.named_objects),
    )


def _where_quantity(sentence: WhereXSentence, ctx: Ctx, earlier: Ctx, out: list[Effect]) -> Quantity:
    """The quantity of "where X is ...", whose pronouns may name an object of the instructions
    it follows ("... it deals X damage, where X is its power") or of the text before them
    ("Whenever another creature enters, put X +1/+1 counters on this creature, where X is that
    creature's power"). Read in both states, the answers must agree, except that "that
    <noun>" never names the source itself (the source is "this <noun>", "~") and a created
    token is never the antecedent (X counts the tokens); otherwise the card is refused."""
    answers: list[Quantity | LowerError] = []
    for state in (earlier, _snapshot(ctx)):  # reading X's definition changes no antecedent
        n = len(state.targets)
        try:
            answers.append(lower_quantity(sentence.x, state, out))
        except LowerError as e:
            answers.append(e)
        if len(state.targets) != n:
            raise ctx.fail(f"'{sentence.text}': a target in the definition of X")
    before_chain, after_chain = answers
    if isinstance(after_chain, LowerError):
        if isinstance(before_chain, LowerError):
            raise after_chain
        return before_chain
    if isinstance(before_chain, LowerError) or before_chain == after_chain:
        return after_chain
    if (
        _names_that(sentence.x)
        and Ref("self") in _refs(after_chain)
        and Ref("self") not in _refs(before_chain)
    ):
        return before_chain
    raise ctx.fail(f"'{sentence.text}': the antecedent of X's pronoun is ambiguous")


def _names_that(q: object) -> bool:
    if isinstance(q, (CharacteristicQ, CountersQ)):
        np = q.of if isinstance(q, CharacteristicQ) else q.on
        return np.kind == "that"
    if isinstance(q, (HalfQ, TwiceQ)):
        return _names_that(q.of)
    if isinstance(q, PlusQ):
        return any(_names_that(t) for t in q.terms)
    return False


def _refs(node: object) -> list[Ref]:
    if isinstance(node, Ref):
        return [node]
    if isinstance(node, tuple):
        return [r for v in node for r in _refs(v)]
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return [r for f in dataclasses.fields(node) for r in _refs(getattr(node, f.name))]
    return []


# the instructions whose number "for each" multiplies, by the field that holds it
_MULTIPLIED: dict[type, str] = {
    DealDamage: "amount",
    DamageEach: "amount",
    GainLife: "amount",
    LoseLife: "amount",
    Draw: "amount",
    Discard: "amount",
    Mill: "amount",
    ExileTop: "amount",
    Scry: "amount",
    PutCounters: "amount",
    CreateToken: "count",
    CreateCopyToken: "count",
}


def times(n: Quantity, by: Quantity) -> Quantity:
    """``n`` times ``by``, with 1 and 0 left out."""
    if n == 1:
        return by
    if n == 0:
        return 0
    return Times(n, by)


def _multiplied(e: Effect, by: Quantity, ctx: Ctx) -> Effect:
    """The instruction ``e`` done ``by`` times over in one: its number times ``by`` (107.1)."""
    field = _MULTIPLIED.get(type(e))
    if field is not None:
        return replace(e, **{field: times(getattr(e, field), by)})  # type: ignore[arg-type]
    if isinstance(e, ApplyContinuous):
        # "gets +1/+0 until end of turn for each ...": the P/T change times the count (613.4c)
        m = e.mod
        pts = [c for c in m.changes if isinstance(c, AddPT)]
        if len(pts) > 1 or (pts and (m.power or m.toughness)):
            raise ctx.fail("'for each' with two power/toughness changes")
        power, toughness = (pts[0].power, pts[0].toughness) if pts else (m.power, m.toughness)
        if power == 0 and toughness == 0:
            raise ctx.fail("'for each' with no number to multiply")
        others = tuple(c for c in m.changes if not isinstance(c, AddPT))
        if others or m.add_keywords or m.cant_attack or m.cant_block:
            raise ctx.fail("'for each' multiplying an effect that does more than change power/toughness")
        pt = AddPT(times(power, by), times(toughness, by))
        return replace(e, mod=replace(m, power=0, toughness=0, changes=(pt,)))
    raise ctx.fail("'for each' after an instruction without a number")


@lowers(EachVP)
def lower_each(vp: EachVP, clause: Clause) -> list[Effect]:
    """ "You gain 1 life for each creature you control.", "Create a 1/1 token for each Plains you
    control.", "it gets +1/+0 until end of turn for each other attacking Goblin.": the number of
    the instruction times the count, read as the effect happens (608.2h). The count is described
    before the instruction is lowered, so its pronouns name what came before."""
    ctx = clause.ctx
    d = describe(vp.desc, ctx)
    if d.objects is None or d.players is not None or d.controller_np is not None:
        raise ctx.fail(f"'for each {vp.desc.text}' is not a count of objects")
    by = Count("objects", d.objects)
    done = lower_verb(vp.vp, clause)
    if not done:
        raise ctx.fail("'for each' on an instruction merged into an earlier one")
    return [*done[:-1], _multiplied(done[-1], by, ctx)]


@lowers_sentence(WhereXSentence)
def lower_where_x(sentence: WhereXSentence, ctx: Ctx, out: list[Effect]) -> None:
    """ "<instructions>, where X is <quantity>." (107.3): the instructions read that quantity
    wherever they say X. The quantity is lowered after them, so "that creature's power" has
    its antecedent; it is read as the effect happens (608.2h)."""
    before = list(out)
    targets = len(ctx.targets)
    earlier = _snapshot(ctx)
    lower_chain(sentence.items, ctx, out)
    x = _where_quantity(sentence, ctx, earlier, out)
    replaced = 0
    for i, e in enumerate(out):
        if i < len(before) and e is before[i]:
            continue  # an effect of an earlier sentence, untouched by this one
        out[i], n = _substitute(e, x)
        replaced += n
    if _reads_x_otherwise(tuple(out[len(before) :])) or _reads_x_otherwise(tuple(ctx.targets[targets:])):
        raise ctx.fail("'X' in a description, where the IR reads only the X chosen for the spell")
    if not replaced:
        raise ctx.fail("'where X is' with no X the IR reads")
