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
