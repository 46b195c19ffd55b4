"""The deck list model: :class:`Deck`, its problems and :class:`DeckError`.

A deck list (100.1-100.4) is read into a :class:`Deck`: the main deck, the
sideboard (100.4), the commander or commanders (903.3, 702.124) and the
companion (702.139, a sideboard card named apart by some tools), each card by
the name of the card it is, with the format it was read from.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

#: (count, card name) entries in file order.
Entries = tuple[tuple[int, str], ...]

#: The most cards karn reads in one deck list, all sections together. It is a guard
#: against absurd counts (``1000000000 Mountain``), not a format rule: 100.5 sets no
#: maximum size for non-Commander decks, and no real deck comes near it.
MAX_CARDS = 10_000


@dataclass(frozen=True)
class DeckProblem:
    """One problem of a deck list: where (``line``, 1-based, ``None`` for the deck as a
    whole), what, and for an unknown card name the nearest names."""

    reason: str
    line: int | None = None
    suggestions: tuple[str, ...] = ()

    def describe(self, source: str = "") -> str:
        """``"source line N: reason"`` (parts that are unknown are left out)."""
        where = " ".join(p for p in (source, f"line {self.line}" if self.line is not None else "") if p)
        return f"{where}: {self.reason}" if where else self.reason


class DeckError(ValueError):
    """Every problem of a deck list, located by ``source`` and line.

    ``problems`` lists them all, in line order; ``reason``, ``line`` and
    ``suggestions`` are the first one's (``line`` is ``None`` for a problem
    with the deck as a whole). The message has one line per problem.
    """

    def __init__(
        self,
        reason: str,
        *,
        line: int | None = None,
        source: str = "",
        suggestions: Sequence[str] | None = None,
        problems: Sequence[DeckProblem] = (),
    ) -> None:
        first = DeckProblem(reason, line, tuple(suggestions or ()))
        self.problems: list[DeckProblem] = list(problems) or [first]
        self.reason = self.problems[0].reason
        self.line = self.problems[0].line
        self.suggestions: list[str] = list(self.problems[0].suggestions)
        self.source = source
        super().__init__("\n".join(p.describe(source) for p in self.problems))

    @classmethod
    def of(cls, problems: Iterable[DeckProblem], source: str = "") -> DeckError:
        """One error listing ``problems`` (at least one), sorted by line."""
        ordered = sorted(problems, key=lambda p: (p.line is None, p.line or 0))
        if not ordered:
            raise ValueError("DeckError.of needs at least one problem")
        return cls(ordered[0].reason, source=source, problems=ordered)

    def lines(self) -> list[str]:
        """One line per problem, each naming the source and the line."""
        return [p.describe(self.source) for p in self.problems]


@dataclass(frozen=True)
class Deck:
    """A deck list: (count, card name) entries in file order (100.1, 100.4).

    ``commander`` names the commander or commanders (903.3, 702.124), kept apart from
    ``main``; ``companion`` names the companion (702.139a), a card of the sideboard
    that some tools list in a section of its own. ``format`` is the deck-list format
    the deck was read from (see :mod:`karn.cards.decks.registry`).
    """

    name: str
    main: Entries
    sideboard: Entries = ()
    commander: tuple[str, ...] = ()
    companion: tuple[str, ...] = ()
    format: str = "text"

    def cards(self) -> list[str]:
        """The main deck as one card name per card, in file order."""
        return _expand(self.main)

    def sideboard_cards(self) -> list[str]:
        """The sideboard as one card name per card, in file order."""
        return _expand(self.sideboard)

    def main_counts(self) -> dict[str, int]:
        """Card name -> copies in the main deck, in order of first appearance."""
        return _counts(self.main)

    def sideboard_counts(self) -> dict[str, int]:
        """Card name -> copies in the sideboard, in order of first appearance."""
        return _counts(self.sideboard)

    def total(self) -> int:
        """Every card of the list: main deck, sideboard and commanders."""
        return len(self) + sum(n for n, _ in self.sideboard) + len(self.commander)

    def to_json(self) -> dict[str, object]:
        """``{"name", "format", "main": {name: n}, "sideboard": {...}, "commander": [...]}``,
        plus ``"companion"`` when the deck names one."""
        out: dict[str, object] = {
            "name": self.name,
            "format": self.format,
            "main": self.main_counts(),
            "sideboard": self.sideboard_counts(),
            "commander": list(self.commander),
        }
        if self.companion:
            out["companion"] = list(self.companion)
        return out

    def __len__(self) -> int:
        return sum(n for n, _ in self.main)


def _expand(entries: Entries) -> list[str]:
    return [name for count, name in entries for _ in range(count)]


def _counts(entries: Entries) -> dict[str, int]:
    counts: Counter[str] = Counter()
    for count, name in entries:
        counts[name] += count
    return dict(counts)
