"""The engine's rules for keyword abilities (702), keyed by the names of the keyword table
(:mod:`karn.ir.keywords`).

A keyword that changes how the game runs registers its rule here, with a decorator naming the
keyword, and the procedure where that rule acts asks this module:

* :func:`evasion` (509.1b): "can this creature block that attacker?" for a keyword of the
  attacker (flying 702.9b ...); :func:`blocking` the same for a keyword of the blocker;
* :func:`declaration` (509.1b): a restriction on the whole declaration of blockers (menace
  702.111b).

Keywords the engine reads in one place only (haste in ``combat.can_attack``, deathtouch in the
damage executor ...) are read there by name.
"""

from __future__ import annotations

from collections.abc import Callable

from karn.engine.context import Context
from karn.engine.layers import Chars
from karn.ir.keywords import LANDWALK_TYPES

#: (ctx, attacker's characteristics, blocker's characteristics) -> the block is allowed
BlockRule = Callable[[Context, Chars, Chars], bool]
#: (ctx, attacker, the number of creatures of the defending player blocking it) -> why the
#: declaration is illegal ("" if it isn't)
DeclarationRule = Callable[[Context, int, int], str]

_ATTACKER_RULES: dict[str, BlockRule] = {}
_BLOCKER_RULES: dict[str, BlockRule] = {}
_DECLARATION_RULES: dict[str, DeclarationRule] = {}


def evasion(name: str) -> Callable[[BlockRule], BlockRule]:
    """Register the blocking restriction an attacker's keyword makes (509.1b)."""

    def register(fn: BlockRule) -> BlockRule:
        _ATTACKER_RULES[name] = fn
        return fn

    return register


def blocking(name: str) -> Callable[[BlockRule], BlockRule]:
    """Register the restriction a blocker's keyword puts on what it can block (509.1b)."""

    def register(fn: BlockRule) -> BlockRule:
        _BLOCKER_RULES[name] = fn
        return fn

    return register


def declaration(name: str) -> Callable[[DeclarationRule], DeclarationRule]:
    """Register a restriction an attacker's keyword puts on the declaration of blockers."""

    def register(fn: DeclarationRule) -> DeclarationRule:
        _DECLARATION_RULES[name] = fn
        return fn

    return register


def block_allowed(ctx: Context, attacker: Chars, blocker: Chars) -> bool:
    """509.1b: no keyword of the attacker or of the blocker forbids this block."""
    for k in attacker.keywords:
        rule = _ATTACKER_RULES.get(k)
        if rule is not None and not rule(ctx, attacker, blocker):
            return False
    for k in blocker.keywords:
        rule = _BLOCKER_RULES.get(k)
        if rule is not None and not rule(ctx, attacker, blocker):
            return False
    return True


def declaration_broken(ctx: Context, attacker: int, blockers: int) -> str:
    """509.1b: why blocking this attacker with ``blockers`` creatures breaks a restriction of
    one of its keywords ("" if none does)."""
    for k in ctx.chars(attacker).keywords:
        rule = _DECLARATION_RULES.get(k)
        if rule is not None:
            why = rule(ctx, attacker, blockers)
            if why:
                return why
    return ""


# ---------------------------------------------------------------------------- evasion (702)


@evasion("flying")
def _flying(ctx: Context, attacker: Chars, blocker: Chars) -> bool:
    """702.9b: a creature with flying can't be blocked except by creatures with flying and/or
    reach (702.17b)."""
    return "flying" in blocker.keywords or "reach" in blocker.keywords


@declaration("menace")
def _menace(ctx: Context, attacker: int, blockers: int) -> str:
    """702.111b: a creature with menace can't be blocked except by two or more creatures."""
    if blockers == 1:
        return f"702.111b: {ctx.describe(attacker)} has menace and can't be blocked except by two or more creatures"
    return ""


@evasion("intimidate")
def _intimidate(ctx: Context, attacker: Chars, blocker: Chars) -> bool:
    """702.13b: only artifact creatures and/or creatures that share a color with it."""
    return blocker.is_("artifact") or bool(attacker.colors & blocker.colors)


def _landwalk(land_type: str) -> BlockRule:
    def rule(ctx: Context, attacker: Chars, blocker: Chars) -> bool:
        """702.14c: unblockable while the defending player (the blocker's controller) controls a
        land of the type."""
        return not any(
            c.controller == blocker.controller and c.is_("land") and land_type in c.subtypes
            for c in ctx.battlefield_chars().values()
        )

    return rule


for _land in LANDWALK_TYPES:
    evasion(f"{_land}walk")(_landwalk(_land))


@evasion("shadow")
def _shadow(ctx: Context, attacker: Chars, blocker: Chars) -> bool:
    """702.28b: a creature with shadow can't be blocked by creatures without shadow ..."""
    return "shadow" in blocker.keywords


@blocking("shadow")
def _shadow_blocker(ctx: Context, attacker: Chars, blocker: Chars) -> bool:
    """702.28b: ... and a creature without shadow can't be blocked by creatures with shadow."""
    return "shadow" in attacker.keywords


@evasion("horsemanship")
def _horsemanship(ctx: Context, attacker: Chars, blocker: Chars) -> bool:
    """702.31b: only creatures with horsemanship."""
    return "horsemanship" in blocker.keywords


@evasion("fear")
def _fear(ctx: Context, attacker: Chars, blocker: Chars) -> bool:
    """702.36b: only artifact creatures and/or black creatures."""
    return blocker.is_("artifact") or "B" in blocker.colors


@evasion("skulk")
def _skulk(ctx: Context, attacker: Chars, blocker: Chars) -> bool:
    """702.118b: not by creatures with greater power."""
    return blocker.power <= attacker.power


# ---------------------------------------------------------------------------- spells (702.61)


def split_second(ctx: Context) -> str:
    """702.61a: the name of a spell with split second on the stack ("" if none): while it is
    there, players can't cast other spells or activate abilities that aren't mana abilities
    (702.61b: mana abilities and special actions still can be)."""
    s = ctx.state
    for oid in s.stack:
        o = s.objects.get(oid)
        if o is not None and not o.ability and "split second" in ctx.chars(oid).keywords:
            return ctx.chars(oid).name or ctx.describe(oid)
    return ""
