"""The vocabulary of deck-construction checks: formats and their rules, violations,
results, and how many copies of a card a deck may hold (100.2a, 903.5b)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from karn.cards.database import CardFace

CONSTRUCTED = "constructed"
LIMITED = "limited"
COMMANDER = "commander"


@dataclass(frozen=True)
class DeckRules:
    """The deck-construction rules of a format: its kind (constructed, limited or
    commander) and the MTGJSON ``legalities`` key of its card pool, if any."""

    name: str
    kind: str
    legality: str | None = None


_NAMED_CONSTRUCTED = (
    "standard",
    "pioneer",
    "modern",
    "legacy",
    "vintage",
    "pauper",
    "historic",
    "explorer",
    "timeless",
    "alchemy",
    "premodern",
    "oldschool",
    "penny",
)
_NAMED_COMMANDER = ("duel", "paupercommander", "predh")

#: Every format :func:`check_deck` knows, by name.
DECK_RULES: dict[str, DeckRules] = {
    CONSTRUCTED: DeckRules(CONSTRUCTED, CONSTRUCTED),
    LIMITED: DeckRules(LIMITED, LIMITED),
    COMMANDER: DeckRules(COMMANDER, COMMANDER, "commander"),
    **{name: DeckRules(name, CONSTRUCTED, name) for name in _NAMED_CONSTRUCTED},
    **{name: DeckRules(name, COMMANDER, name) for name in _NAMED_COMMANDER},
}

_ANY_NUMBER = re.compile(r"a deck can have any number of cards named", re.IGNORECASE)
_UP_TO = re.compile(r"a deck can have (?:up to|only) (\w+) cards? named", re.IGNORECASE)
_NUMBER_WORDS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}


@dataclass(frozen=True)
class Violation:
    """One broken rule: the rule's number, what is wrong, and the cards concerned."""

    rule: str
    message: str
    cards: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}"


@dataclass
class DeckCheck:
    """The result of :func:`check_deck`: the violations, what could not be checked
    (``notes``) and the commanders the deck was checked with."""

    rules: DeckRules
    violations: list[Violation] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    commanders: tuple[str, ...] = ()
    #: the rules checked, by number (a format's card legality only when the data had it)
    checked: list[str] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        return not self.violations


def deck_rules(name: str) -> DeckRules:
    """The rules of the format named ``name``; raises ``ValueError`` naming the formats."""
    found = DECK_RULES.get(name.strip().lower())
    if found is None:
        raise ValueError(f"unknown format {name!r} (formats: {', '.join(DECK_RULES)})")
    return found


def copy_limit(face: CardFace, default: int) -> int | None:
    """How many cards with this name a deck may hold (``None``: any number).

    Basic lands are exempt (100.2a, 903.5b); a card's own text can set another limit
    ("A deck can have any number of cards named ...", "... up to seven ...").
    """
    if "basic" in face.supertypes or _ANY_NUMBER.search(face.text):
        return None
    m = _UP_TO.search(face.text)
    if m is not None:
        word = m.group(1).lower()
        return int(word) if word.isdecimal() else _NUMBER_WORDS.get(word, default)
    return default
