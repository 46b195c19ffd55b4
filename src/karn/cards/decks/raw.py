"""What a format reader produces: card entries as written, before names are checked.

A reader turns a file's text into a :class:`RawDeck`: each entry's section, count,
name as written and line, and the problems found in the file's syntax. The names
are checked against the card database afterwards, in one place
(:mod:`karn.cards.decks.building`), so that every format reports unknown names,
absurd counts and empty decks the same way, all problems at once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum

from karn.cards.decks.model import MAX_CARDS, DeckProblem


class Section(Enum):
    """Where an entry goes: the main deck, the sideboard (100.4), the commanders (903.3)
    or the companion (702.139a, also a sideboard card)."""

    MAIN = "main"
    SIDEBOARD = "sideboard"
    COMMANDER = "commander"
    COMPANION = "companion"


@dataclass(frozen=True)
class RawEntry:
    """One card entry as written.

    ``count_problem`` says why the count is not usable (zero, negative, too large);
    ``whole_line`` is the entry's whole text when it may also be a card name that
    starts with a number ("1996 World Champion"), tried when ``name`` is unknown.
    """

    section: Section
    count: int
    name: str
    line: int
    count_problem: str | None = None
    whole_line: str | None = None


@dataclass
class RawDeck:
    """A reader's result: entries, syntax problems and the deck's own title, if any."""

    entries: list[RawEntry] = field(default_factory=list)
    problems: list[DeckProblem] = field(default_factory=list)
    title: str | None = None

    def add(
        self,
        section: Section,
        count_text: str,
        name: str,
        line: int,
        *,
        whole_line: str | None = None,
    ) -> None:
        """Add an entry whose count is the text ``count_text`` (checked here)."""
        count, problem = parse_count(count_text)
        self.entries.append(RawEntry(section, count, name, line, problem, whole_line))

    def problem(self, reason: str, line: int | None = None) -> None:
        """Record a problem of the file's syntax."""
        self.problems.append(DeckProblem(reason, line))


#: A count with more digits than this is refused without being converted to an int.
_MAX_COUNT_DIGITS = len(str(MAX_CARDS))


def parse_count(text: str) -> tuple[int, str | None]:
    """A card count: ``(count, None)``, or ``(0, why it is refused)``.

    A count is a whole number from 1 to :data:`~karn.cards.decks.model.MAX_CARDS`,
    written with an optional sign; a very long number is refused by its length
    (converting a 5,000-digit string would raise Python's own error).
    """
    body = text.strip()
    sign = body[:1] if body[:1] in "+-" else ""
    digits = body[len(sign) :]
    if not digits.isdecimal():
        return 0, f"card count {text!r} is not a number"
    significant = digits.lstrip("0") or "0"
    if len(significant) > _MAX_COUNT_DIGITS:
        shown = significant if len(significant) <= 20 else f"of {len(significant)} digits"
        return 0, f"card count {shown} is too large (a deck list holds at most {MAX_CARDS} cards)"
    value = int(sign + significant)
    if value <= 0:
        return 0, f"card count must be positive, got {value}"
    if value > MAX_CARDS:
        return 0, f"card count {value} is too large (a deck list holds at most {MAX_CARDS} cards)"
    return value, None


def split_lines(text: str) -> list[str]:
    """The lines of ``text``, split at ``\\r\\n``, ``\\r`` or ``\\n`` only, so that line
    numbers are those an editor shows."""
    return re.split(r"\r\n|\r|\n", text)
