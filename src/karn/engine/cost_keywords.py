"""Keyword abilities that let a player pay part of a spell's total cost with something other
than mana: convoke (702.51: tap an untapped creature for one generic mana or one mana of its
color), improvise (702.126: tap an untapped artifact for one generic mana) and delve (702.66:
exile a card from the graveyard for one generic mana).

None of them changes the total cost (702.51b, 702.66b, 702.126b): they apply while it is paid
(601.2h), after it is locked in (601.2f). The automatic payment uses mana first and these only
as far as the mana doesn't reach; a player paying by hand picks each unit
(:func:`unit_options`).
"""

from __future__ import annotations

from typing import Literal

from karn import ir
from karn.cards.mana import COLORS, ManaCost
from karn.engine import mana
from karn.engine.context import Context
from karn.engine.events import Tap, ZoneChange
from karn.engine.pipeline import perform
from karn.engine.state import EXILE, Option

Kind = Literal["convoke", "improvise", "delve"]

#: the keywords, in the order the automatic payment prefers them (a card in a graveyard
#: before an artifact, an artifact before a creature that could attack or block)
KINDS: tuple[Kind, ...] = ("delve", "improvise", "convoke")

#: a mana solver option index for a payment unit (never an ability index, which is >= 0)
_UNIT_INDEX: dict[Kind, int] = {"delve": -1, "improvise": -2, "convoke": -3}
_INDEX_KIND: dict[int, Kind] = {v: k for k, v in _UNIT_INDEX.items()}
#: the solver symbol for one generic mana only (it matches no colored or {C} symbol)
GENERIC = "*"

_RULES: dict[Kind, str] = {"convoke": "702.51a", "improvise": "702.126a", "delve": "702.66a"}


def cost_keywords(ctx: Context, name: str) -> tuple[Kind, ...]:
    """The payment keywords the card has (convoke, improvise, delve), in :data:`KINDS` order."""
    key = ("cost_keywords", name)
    memo = ctx.printed.memo
    found: tuple[Kind, ...] | None = memo.get(key)
    if found is None:
        names = {a.name for a in ctx.compiled(name).abilities if isinstance(a, ir.Keyword)}
        found = memo[key] = tuple(k for k in KINDS if k in names)
    return found


def _units(ctx: Context, p: int, kinds: tuple[Kind, ...]) -> list[tuple[Kind, int, tuple[str, ...]]]:
    """Each object `p` could use now, with the symbols it could pay (in preference order)."""
    out: list[tuple[Kind, int, tuple[str, ...]]] = []
    s = ctx.state
    if "delve" in kinds:
        out += [("delve", card, (GENERIC,)) for card in s.players[p].graveyard]
    fields = ctx.battlefield_chars()
    if "improvise" in kinds:
        out += [
            ("improvise", oid, (GENERIC,))
            for oid, c in fields.items()
            if c.controller == p and not s.objects[oid].tapped and c.is_("artifact")
        ]
    if "convoke" in kinds:
        # 702.51a: any untapped creature, summoning sick or not (it isn't a {T} cost, 302.6)
        out += [
            ("convoke", oid, tuple(col for col in COLORS if col in c.colors) + (GENERIC,))
            for oid, c in fields.items()
            if c.controller == p and not s.objects[oid].tapped and c.is_("creature")
        ]
    return out


def _with_units(srcs: list[mana.Source], units: list[tuple[Kind, int, tuple[str, ...]]]) -> list[mana.Source]:
    """The mana sources with the units added: a unit's object that is also a mana source gets
    one source with both kinds of options (it can be tapped once)."""
    by_oid: dict[int, list[tuple[int, tuple[str, ...]]]] = {s.oid: list(s.options) for s in srcs}
    order = [s.oid for s in srcs]
    for kind, oid, syms in units:
        if oid not in by_oid:
            by_oid[oid] = []
            order.append(oid)
        by_oid[oid] += [(_UNIT_INDEX[kind], (sym,)) for sym in syms]
    return [mana.Source.of(oid, tuple(by_oid[oid])) for oid in order]


def sources_with_units(ctx: Context, p: int, srcs: list[mana.Source], name: str) -> list[mana.Source]:
    """For deciding whether a spell can be paid for (601.2h): the mana sources plus what its
    payment keywords let `p` use."""
    kinds = cost_keywords(ctx, name)
    if not kinds:
        return srcs
    return _with_units(srcs, _units(ctx, p, kinds))


def can_pay(ctx: Context, p: int, name: str, cost: ManaCost, life: int | None = None) -> bool:
    """Could `p` pay this total cost of the spell ``name`` with mana and its payment keywords?
    ``life``: what they may pay for Phyrexian symbols (default: their life total, 119.4)."""
    srcs = sources_with_units(ctx, p, mana.sources(ctx, p), name)
    pl = ctx.state.players[p]
    return mana.solve(pl.pool, cost, srcs, pl.life if life is None else life) is not None


def _paid_symbol(cost: ManaCost, syms: tuple[str, ...]) -> str | None:
    """The symbol of ``cost`` a unit able to pay ``syms`` pays: a colored one it matches first,
    else one generic mana (``GENERIC``); None if it can pay nothing of it."""
    colored = dict(cost.colored)
    for sym in syms:
        if sym != GENERIC and colored.get(sym, 0) > 0:
            return sym
    return GENERIC if cost.generic > 0 and GENERIC in syms else None


def after_unit(cost: ManaCost, symbol: str) -> ManaCost:
    """The cost left to pay once one unit paid ``symbol``."""
    if symbol == GENERIC:
        return ManaCost(cost.generic - 1, cost.x, cost.colored, "", cost.hybrid, cost.reduction)
    colored = tuple((c, n - 1 if c == symbol else n) for c, n in cost.colored)
    return ManaCost(
        cost.generic, cost.x, tuple((c, n) for c, n in colored if n), "", cost.hybrid, cost.reduction
    )


#: an option's ``b`` for the symbol a convoked creature pays: 0 generic, 1 + index in WUBRG
def _symbol_code(symbol: str) -> int:
    return 0 if symbol == GENERIC else 1 + COLORS.index(symbol)


def _code_symbol(code: int) -> str:
    return GENERIC if code == 0 else COLORS[code - 1]


def unit_options(ctx: Context, p: int, name: str, cost: ManaCost) -> list[Option]:
    """601.2h: the payment options the spell's keywords give for what is left to pay ``cost``:
    ``convoke`` (creature, symbol code), ``improvise`` (artifact), ``delve`` (card)."""
    kinds = cost_keywords(ctx, name)
    if not kinds:
        return []
    opts: list[Option] = []
    for kind, oid, syms in _units(ctx, p, kinds):
        label = ctx.describe(oid)
        if kind == "convoke":
            for sym in syms:
                if _paid_symbol(cost, (sym,)) is None:
                    continue
                what = "one generic mana" if sym == GENERIC else f"{{{sym}}}"
                opts.append(Option(kind, oid, _symbol_code(sym), label=f"convoke: tap {label} for {what}"))
        elif cost.generic > 0:
            verb = "tap" if kind == "improvise" else "exile"
            opts.append(Option(kind, oid, 0, label=f"{kind}: {verb} {label} for one generic mana"))
    return opts


def pay_unit(ctx: Context, p: int, kind: str, oid: int, code: int, cost: ManaCost) -> ManaCost:
    """Tap (convoke, improvise) or exile (delve) one object to pay one symbol of ``cost``; the
    cost left to pay. Raises ``ValueError`` for an object that can't pay it."""
    if kind not in _RULES:
        raise ValueError(f"not a payment keyword: {kind}")
    k: Kind = kind
    unit = next((u for u in _units(ctx, p, (k,)) if u[1] == oid), None)
    symbol = _code_symbol(code) if k == "convoke" else GENERIC
    if unit is None or symbol not in unit[2] or _paid_symbol(cost, (symbol,)) is None:
        raise ValueError(f"{ctx.describe(oid)} can't pay {symbol} of {cost} with {kind}")
    _perform_unit(ctx, p, k, oid, symbol)
    return after_unit(cost, symbol)


def _perform_unit(ctx: Context, p: int, kind: Kind, oid: int, symbol: str) -> None:
    rule = _RULES[kind]
    what = "one generic mana" if symbol == GENERIC else f"{{{symbol}}}"
    who = ctx.player_name(p)
    if kind == "delve":
        name = ctx.describe(oid)
        perform(
            ctx,
            ZoneChange(
                obj=oid,
                to=EXILE,
                rule=rule,
                cause="exile",
                text=f"{who} exiles {name} from their graveyard to pay {what} (delve)",
            ),
        )
        return
    perform(
        ctx,
        Tap(obj=oid, tapped=True, rule=rule, text=f"{who} taps {ctx.describe(oid)} to pay {what} ({kind})"),
    )


def pay(ctx: Context, p: int, name: str, cost: ManaCost) -> bool:
    """Pay the spell's total cost automatically (601.2h): with mana when the mana is enough;
    else with as few of its payment keywords' units as make it payable (cards in the graveyard
    first, then artifacts, then creatures), then mana for the rest. False if impossible."""
    pool = ctx.state.players[p].pool
    srcs = mana.sources(ctx, p)
    kinds = cost_keywords(ctx, name)
    if not kinds or mana.solve(pool, cost, srcs) is not None:
        return mana.pay(ctx, p, cost)
    units = _units(ctx, p, kinds)
    plan = None
    for k in range(1, len(units) + 1):
        plan = mana.solve(pool, cost, _with_units(srcs, units[:k]))
        if plan is not None:
            break
    if plan is None:
        return False
    left = cost
    for src, idx, _ in plan[1]:
        if idx >= 0:
            continue
        kind = _INDEX_KIND[idx]
        syms = next(u[2] for u in units if u[0] == kind and u[1] == src.oid)
        symbol = _paid_symbol(left, syms)
        if symbol is None:
            continue
        _perform_unit(ctx, p, kind, src.oid, symbol)
        left = after_unit(left, symbol)
    return mana.pay(ctx, p, left)
