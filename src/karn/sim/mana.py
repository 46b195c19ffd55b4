"""A deck's mana seen from outside a game: its mana curve, its color sources, and whether
a set of mana sources can pay a mana cost.

A *mana source* is what one permanent (or one land about to be played) can add when
its mana abilities are activated once (605.1a), given as its *options*: one string of
mana symbols per mana ability whose cost has no mana in it, e.g. ``("{R}",)`` for a
Mountain, ``("{B}", "{G}")`` for a land that taps for either, ``("{C}{C}",)`` for
Sol Ring. Paying a cost (601.2g-h) uses each source at most once, with one of its
options.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

import msgspec

from karn import ir
from karn.cards.mana import COLORS, ManaCost, ManaCostError
from karn.cards.pool import CardPool

#: The kinds of mana, in order: the five colors (105.1) and colorless (C).
MANA_KINDS: tuple[str, ...] = (*COLORS, "C")


def mana_options(abilities: Iterable[ir.Ability]) -> tuple[str, ...]:
    """The mana each of these abilities adds, for the mana abilities (605.1a) that need no
    mana to activate (no filter lands) and are not loyalty abilities."""
    options: list[str] = []
    for ability in abilities:
        if not isinstance(ability, ir.Activated) or not ability.mana_ability:
            continue
        if ability.cost.mana or ability.cost.loyalty is not None:
            continue
        added = "".join(_added(ability.effects))
        if added:
            options.append(added)
    return tuple(dict.fromkeys(options))


def _added(effects: Iterable[ir.Effect]) -> list[str]:
    out: list[str] = []
    for effect in effects:
        if isinstance(effect, ir.AddMana):
            out.append(effect.mana)
        elif isinstance(effect, ir.May):
            out.extend(_added(effect.effects))
    return out


def option_kinds(option: str) -> tuple[int, ...]:
    """How much of each kind of mana (:data:`MANA_KINDS` order) one option adds; a generic
    symbol adds colorless mana.

    >>> option_kinds("{C}{C}"), option_kinds("{R}")
    ((0, 0, 0, 0, 0, 2), (0, 0, 0, 1, 0, 0))
    """
    return _option_kinds(option)


@cache
def _option_kinds(option: str) -> tuple[int, ...]:
    try:
        parsed = ManaCost.parse(option)
    except ManaCostError:
        return (0,) * len(MANA_KINDS)
    counts = dict(parsed.colored)
    counts["C"] = counts.get("C", 0) + parsed.generic
    return tuple(counts.get(kind, 0) for kind in MANA_KINDS)


def produced_kinds(options: Iterable[str]) -> set[str]:
    """The kinds of mana (W, U, B, R, G, C) any of these options adds."""
    return {kind for option in options for kind, n in zip(MANA_KINDS, option_kinds(option), strict=True) if n}


def can_pay(cost: ManaCost, sources: Sequence[Sequence[str]]) -> bool:
    """Can these mana sources, each used once with one of its options, pay ``cost``
    (X = 0, 107.3)? Colored and colorless ({C}) symbols need mana of their kind; generic
    mana, any mana (107.4, 202.1).

    >>> can_pay(ManaCost.parse("{1}{R}"), [("{R}",), ("{G}",)]), can_pay(ManaCost.parse("{R}{R}"), [("{R}",), ("{G}",)])
    (True, False)
    >>> can_pay(ManaCost.parse("{R/G}{R/G}"), [("{R}",), ("{G}",)]), can_pay(ManaCost.parse("{R/G}"), [("{W}",)])
    (True, False)
    """
    if cost.hybrid:
        # 601.2b, 107.4e-f: payable when one of its nonhybrid equivalents is (Phyrexian symbols
        # may be paid with life: a starting life total is assumed)
        return any(can_pay(plain, sources) for _, plain, _ in cost.equivalents(life=20))
    needs = dict(cost.colored)
    need = tuple(needs.get(kind, 0) for kind in MANA_KINDS)
    options = [tuple(option_kinds(o) for o in source) for source in sources]
    options = [source for source in options if any(sum(o) for o in source)]
    if sum(max(sum(o) for o in source) for source in options) < sum(need) + cost.generic:
        return False

    @cache
    def pays(i: int, need: tuple[int, ...], generic: int) -> bool:
        if not any(need) and generic <= 0:
            return True
        if i == len(options):
            return False
        for option in options[i]:
            left = list(need)
            rest = generic
            for kind, amount in enumerate(option):
                # A symbol pays a need of its own kind first: that can only help, since
                # generic mana takes any kind and a colored need only its own.
                used = min(left[kind], amount)
                left[kind] -= used
                rest -= amount - used
            if pays(i + 1, tuple(left), max(0, rest)):
                return True
        return False

    return pays(0, need, cost.generic)


def enters_tapped(abilities: Iterable[ir.Ability]) -> bool:
    """Does this card enter the battlefield tapped by its own replacement effect (614.1c)?"""
    return any(isinstance(a, ir.EntersReplacement) and a.self_only and a.tapped for a in abilities)


def mana_curve(cards: Iterable[str], pool: CardPool) -> dict[int, int]:
    """How many of the deck's spells (its cards that are not lands) have each mana value
    (202.3: X counts as 0), by increasing mana value."""
    curve: dict[int, int] = {}
    for name in cards:
        face = pool.face(name)
        if "land" in face.types:
            continue
        curve[face.mana_value] = curve.get(face.mana_value, 0) + 1
    return dict(sorted(curve.items()))


class ColorSources(msgspec.Struct, frozen=True):
    """How many cards of a deck can add mana of one kind: lands, and other mana producers."""

    lands: int = 0
    others: int = 0


def color_sources(cards: Iterable[str], pool: CardPool) -> dict[str, ColorSources]:
    """For each kind of mana (W, U, B, R, G, C) some card of the deck adds: how many of the
    deck's lands and other cards (mana creatures, mana rocks) have a mana ability that adds it."""
    lands = dict.fromkeys(MANA_KINDS, 0)
    others = dict.fromkeys(MANA_KINDS, 0)
    for name in cards:
        kinds = produced_kinds(mana_options(pool.compiled(name).abilities))
        counts = lands if "land" in pool.face(name).types else others
        for kind in kinds:
            counts[kind] += 1
    return {
        kind: ColorSources(lands[kind], others[kind]) for kind in MANA_KINDS if lands[kind] or others[kind]
    }
