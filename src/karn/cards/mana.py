"""Mana costs and mana symbols (107.4, 202)."""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass

COLORS: tuple[str, ...] = ("W", "U", "B", "R", "G")
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
_SYMBOL = re.compile(r"\{([^}]+)\}")


class ManaCostError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class ManaCost:
    """A mana cost (202.1): generic amount, X count and colored/colorless symbols.

    ``colored`` maps a mana letter (W, U, B, R, G, or C for a colorless
    symbol {C}) to how many such symbols the cost has.
    """

    generic: int = 0
    x: int = 0
    colored: tuple[tuple[str, int], ...] = ()
    text: str = ""

    @staticmethod
    def parse(text: str | None) -> ManaCost:
        """Parse ``"{X}{1}{R}"`` style text (107.4). ``None`` / "" is no cost."""
        return _parse_cached(text or "")

    @staticmethod
    def _parse(text: str) -> ManaCost:
        if not text:
            return ManaCost()
        generic = 0
        x = 0
        counts: dict[str, int] = {}
        pos = 0
        for m in _SYMBOL.finditer(text):
            if m.start() != pos:
                raise ManaCostError(f"malformed mana cost {text!r}")
            pos = m.end()
            sym = m.group(1).upper()
            if sym.isdigit():
                generic += int(sym)
            elif sym == "X":
                x += 1
            elif sym in COLORS or sym == "C":
                counts[sym] = counts.get(sym, 0) + 1
            else:
                raise ManaCostError(f"unsupported mana symbol {{{sym}}} in {text!r}")
        if pos != len(text):
            raise ManaCostError(f"malformed mana cost {text!r}")
        order = {c: i for i, c in enumerate(COLORS + ("C",))}
        colored = tuple(sorted(counts.items(), key=lambda kv: order[kv[0]]))
        return ManaCost(generic, x, colored, text)

    @property
    def mana_value(self) -> int:
        """202.3: total of generic and colored symbols; X counts as 0 off the stack."""
        return self.generic + sum(n for _, n in self.colored)

    @property
    def colors(self) -> tuple[str, ...]:
        """105.2: an object's colors are the colors of the mana symbols in its cost."""
        return tuple(c for c, _ in self.colored if c != "C")

    def with_x(self, x_value: int, extra_generic: int = 0) -> ManaCost:
        """The cost to pay once X is chosen (107.3a) plus any cost increase (601.2f)."""
        return ManaCost(self.generic + self.x * x_value + extra_generic, 0, self.colored, self.text)

    def after_pool(self, pool: Mapping[str, int]) -> ManaCost:
        """What is left to pay once the mana in ``pool`` (a letter -> amount) is spent on this
        cost as far as it goes: each colored or {C} symbol by mana of its type, then the
        generic part by whatever remains (106.4, 601.2h). For telling a player what they
        still owe; the payment itself is the mana solver's."""
        left = dict(pool)
        colored: list[tuple[str, int]] = []
        for letter, count in self.colored:
            used = min(count, left.get(letter, 0))
            left[letter] = left.get(letter, 0) - used
            if count - used:
                colored.append((letter, count - used))
        generic = max(0, self.generic - sum(left.values()))
        return ManaCost(generic, self.x, tuple(colored))

    @property
    def is_free(self) -> bool:
        """No mana to pay (the empty cost, or {0})."""
        return not (self.generic or self.x or self.colored)

    def __str__(self) -> str:
        parts = ["{X}"] * self.x
        if self.generic or not self.colored and not self.x:
            parts.append(f"{{{self.generic}}}")
        for c, n in self.colored:
            parts.extend([f"{{{c}}}"] * n)
        return "".join(parts)


@functools.lru_cache(maxsize=4096)
def _parse_cached(text: str) -> ManaCost:
    return ManaCost._parse(text)


@functools.lru_cache(maxsize=1024)
def parse_mana_symbols(text: str) -> tuple[str, ...]:
    """Symbols of mana to add, e.g. ``"{B}{B}{B}"`` -> ("B", "B", "B") (106.1)."""
    syms = tuple(s.upper() for s in _SYMBOL.findall(text))
    for s in syms:
        if s not in COLORS and s != "C":
            raise ManaCostError(f"unsupported mana symbol {{{s}}} in {text!r}")
    return syms
