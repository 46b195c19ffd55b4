"""Mana costs and mana symbols (107.4, 202)."""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Mapping
from dataclasses import dataclass

COLORS: tuple[str, ...] = ("W", "U", "B", "R", "G")
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
_SYMBOL = re.compile(r"\{([^}]+)\}")

#: 107.4e-f: the hybrid symbols, written without braces: two colors ("W/U"), monocolored
#: hybrid ("2/W", "C/W"), Phyrexian ("W/P") and hybrid Phyrexian ("G/U/P")
_HYBRID = re.compile(r"(?:[WUBRG]/[WUBRG]|[2C]/[WUBRG]|[WUBRG]/P|[WUBRG]/[WUBRG]/P)")

#: one way to pay a hybrid symbol (601.2b: its "nonhybrid equivalent"): the mana symbols it
#: becomes (a color letter, "C", or "2" for two generic) and the life it costs instead
LIFE = "life"


def hybrid_alternatives(symbol: str) -> tuple[str, ...]:
    """107.4e-f: the ways one hybrid symbol may be paid, in the order the automatic payment
    prefers them (mana before life): ``"W/U"`` -> ("W", "U"); ``"2/W"`` -> ("W", "2") (one
    white mana or two mana of any type); ``"W/P"`` -> ("W", "life") (one white mana or 2 life,
    119.4); ``"G/U/P"`` -> ("G", "U", "life")."""
    parts = symbol.split("/")
    mana = [part for part in parts if part != "P"]
    mana.sort(key=lambda part: part in ("2", "C"))  # the colored half first
    return tuple(mana) + ((LIFE,) if "P" in parts else ())


def hybrid_value(symbol: str) -> int:
    """202.3f-g: a hybrid symbol's mana value is its largest component; Phyrexian counts 1."""
    return 2 if symbol.startswith("2/") else 1


def hybrid_colors(symbol: str) -> tuple[str, ...]:
    """107.4e-f: a hybrid symbol is all of its component colors."""
    return tuple(part for part in symbol.split("/") if part in COLORS)


class ManaCostError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class ManaCost:
    """A mana cost (202.1): generic amount, X count and colored/colorless symbols.

    ``colored`` maps a mana letter (W, U, B, R, G, or C for a colorless
    symbol {C}) to how many such symbols the cost has. ``hybrid``: its hybrid,
    monocolored hybrid, Phyrexian and hybrid Phyrexian symbols (107.4e-f), written
    without braces ("W/U", "2/W", "W/P", "G/U/P"), sorted; each is paid in one of
    its ways, announced as the cost is determined (601.2b, :meth:`settle`).
    """

    generic: int = 0
    x: int = 0
    colored: tuple[tuple[str, int], ...] = ()
    text: str = ""
    hybrid: tuple[str, ...] = ()
    #: 601.2f: generic mana a reduction takes off beyond the generic part, from the {2/W}
    #: symbols paid with two generic mana once the hybrid symbols are settled
    reduction: int = 0

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
        hybrid: list[str] = []
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
            elif _HYBRID.fullmatch(sym):
                hybrid.append(sym)  # 107.4e-f
            else:
                raise ManaCostError(f"unsupported mana symbol {{{sym}}} in {text!r}")
        if pos != len(text):
            raise ManaCostError(f"malformed mana cost {text!r}")
        order = {c: i for i, c in enumerate(COLORS + ("C",))}
        colored = tuple(sorted(counts.items(), key=lambda kv: order[kv[0]]))
        return ManaCost(generic, x, colored, text, tuple(sorted(hybrid)))

    @property
    def mana_value(self) -> int:
        """202.3: total of generic and colored symbols; X counts as 0 off the stack; a hybrid
        symbol its largest component (202.3f), a Phyrexian one 1 (202.3g)."""
        return (
            self.generic
            + sum(n for _, n in self.colored)
            + (sum(hybrid_value(h) for h in self.hybrid) if self.hybrid else 0)
        )

    @property
    def colors(self) -> tuple[str, ...]:
        """105.2: an object's colors are the colors of the mana symbols in its cost (a hybrid
        symbol is all of its colors, 107.4e-f)."""
        found = {c for c, _ in self.colored if c != "C"}
        found.update(c for h in self.hybrid for c in hybrid_colors(h))
        return tuple(c for c in COLORS if c in found)

    def with_x(self, x_value: int, extra_generic: int = 0) -> ManaCost:
        """The cost to pay once X is chosen (107.3a) plus any cost increase (601.2f)."""
        return ManaCost(
            self.generic + self.x * x_value + extra_generic,
            0,
            self.colored,
            self.text,
            self.hybrid,
            self.reduction,
        )

    def reduced_by(self, generic: int) -> ManaCost:
        """601.2f: the cost with ``generic`` generic mana taken off (a negative amount is an
        increase), never below zero; what a reduction can't take off the generic part now it
        takes off the {2/W} symbols that will be paid with generic mana (:meth:`settle`)."""
        if not generic:
            return self
        rest = self.reduction
        if self.hybrid and generic > self.generic:
            rest += generic - self.generic
        return ManaCost(max(0, self.generic - generic), self.x, self.colored, self.text, self.hybrid, rest)

    def settle(self, ways: tuple[str, ...]) -> tuple[ManaCost, int]:
        """601.2b: the nonhybrid equivalent of this cost once the way each of its hybrid symbols
        is paid is announced (``ways[i]`` one of :func:`hybrid_alternatives` of ``hybrid[i]``),
        and the life paid for Phyrexian symbols (2 each, 107.4f). With fewer ways than symbols,
        the first ones are settled and the others stay hybrid."""
        if len(ways) > len(self.hybrid):
            raise ManaCostError(f"{len(ways)} ways announced for {len(self.hybrid)} hybrid symbols")
        generic = self.generic
        counts = dict(self.colored)
        life = 0
        for symbol, way in zip(self.hybrid, ways, strict=False):
            if way not in hybrid_alternatives(symbol):
                raise ManaCostError(f"{{{symbol}}} can't be paid with {way}")
            if way == LIFE:
                life += 2
            elif way == "2":
                generic += 2
            else:
                counts[way] = counts.get(way, 0) + 1
        order = {c: i for i, c in enumerate(COLORS + ("C",))}
        colored = tuple(sorted(counts.items(), key=lambda kv: order[kv[0]]))
        rest = self.hybrid[len(ways) :]
        if rest:
            return ManaCost(generic, self.x, colored, "", rest, self.reduction), life
        return ManaCost(max(0, generic - self.reduction), self.x, colored, ""), life

    def equivalents(self, life: int, limit: int = 256) -> list[tuple[tuple[str, ...], ManaCost, int]]:
        """601.2b: each way of paying this cost's hybrid symbols (the ways, the nonhybrid
        equivalent, the life paid), those paying life beyond ``life`` left out (119.4), in the
        order the automatic payment tries them: less life first, then less mana (202.3f: {W}
        before {2} for {2/W}). At most ``limit`` of them."""
        found: list[tuple[tuple[str, ...], ManaCost, int]] = []
        for ways in itertools.islice(itertools.product(*map(hybrid_alternatives, self.hybrid)), limit * 4):
            if sum(2 for w in ways if w == LIFE) > life:
                continue
            plain, paid = self.settle(ways)
            found.append((ways, plain, paid))
        found.sort(key=lambda e: (e[2], e[1].mana_value))
        return found[:limit]

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
        return ManaCost(generic, self.x, tuple(colored), "", self.hybrid, self.reduction)

    @property
    def is_free(self) -> bool:
        """No mana to pay (the empty cost, or {0})."""
        return not (self.generic or self.x or self.colored or self.hybrid)

    def __str__(self) -> str:
        parts = ["{X}"] * self.x
        if self.generic or not self.colored and not self.x and not self.hybrid:
            parts.append(f"{{{self.generic}}}")
        for c, n in self.colored:
            parts.extend([f"{{{c}}}"] * n)
        parts.extend(f"{{{h}}}" for h in self.hybrid)
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
