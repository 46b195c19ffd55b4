"""Deck-construction rules: constructed (100.2a, 100.4a), limited (100.2b) and
Commander (903, 702.124), and the card legalities of named formats (100.6).

:func:`check_deck` returns every violation at once, each citing its rule. A named
format (``modern``, ``pauper``...) adds its card legalities, read from the card
database's MTGJSON ``legalities``; the packaged database has none, and the result
then says so in its ``notes`` rather than passing the legality check silently.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from karn.cards.database import CardDatabase, CardFace, wubrg
from karn.cards.decks.model import Deck

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

_CONSTRUCTED_MINIMUM = 60  # 100.2a
_LIMITED_MINIMUM = 40  # 100.2b
_CONSTRUCTED_COPIES = 4  # 100.2a
_SIDEBOARD_MAXIMUM = 15  # 100.4a
_COMMANDER_DECK = 100  # 903.5a

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
_BASIC_LAND_COLORS = {"plains": "W", "island": "U", "swamp": "B", "mountain": "R", "forest": "G"}


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


def check_deck(deck: Deck, rules: str | DeckRules = CONSTRUCTED, db: CardDatabase | None = None) -> DeckCheck:
    """Check ``deck`` against the deck-construction rules of a format (see the module doc)."""
    database = db if db is not None else CardDatabase.default()
    chosen = deck_rules(rules) if isinstance(rules, str) else rules
    result = DeckCheck(chosen)
    if chosen.kind == COMMANDER:
        _check_commander(deck, database, result)
    else:
        if deck.commander:
            result.notes.append(f"the commander list is not part of a {chosen.kind} deck and was not checked")
        _check_size_and_copies(deck, database, result)
    if chosen.legality is not None:
        _check_legality(deck, database, result, chosen.legality)
    return result


def _check_size_and_copies(deck: Deck, db: CardDatabase, result: DeckCheck) -> None:
    size = len(deck)
    if result.rules.kind == LIMITED:
        if size < _LIMITED_MINIMUM:
            result.violations.append(
                Violation(
                    "100.2b", f"the deck has {size} cards; a limited deck has at least {_LIMITED_MINIMUM}"
                )
            )
        return
    if size < _CONSTRUCTED_MINIMUM:
        result.violations.append(
            Violation(
                "100.2a", f"the deck has {size} cards; a constructed deck has at least {_CONSTRUCTED_MINIMUM}"
            )
        )
    main = Counter(deck.main_counts())
    sideboard = Counter(deck.sideboard_counts())
    for card, count in (main + sideboard).items():
        limit = copy_limit(db.get(card), _CONSTRUCTED_COPIES)
        if limit is None or count <= limit:
            continue
        where = f" (deck {main[card]}, sideboard {sideboard[card]})" if sideboard[card] else ""
        rule = "100.2a" if main[card] > limit else "100.4a"
        result.violations.append(
            Violation(rule, f"{count} copies of {card}{where}; at most {limit} of a card", (card,))
        )
    side_size = sum(sideboard.values())
    if side_size > _SIDEBOARD_MAXIMUM:
        result.violations.append(
            Violation(
                "100.4a",
                f"the sideboard has {side_size} cards; a constructed sideboard has at most {_SIDEBOARD_MAXIMUM}",
            )
        )


# ---------------------------------------------------------------------------- Commander (903)


def _commanders(deck: Deck, db: CardDatabase, result: DeckCheck) -> tuple[tuple[str, ...], Counter[str]]:
    """The commanders, and the sideboard cards that are not commanders. A deck without a
    commander section whose sideboard holds one or two legendary cards (MTGO and XMage
    keep the commander there) is checked with those as its commanders."""
    sideboard = Counter(deck.sideboard_counts())
    if deck.commander:
        return deck.commander, sideboard
    candidates = [card for card in sideboard if card not in deck.companion]
    if 1 <= len(candidates) <= 2 and all("legendary" in db.get(card).supertypes for card in candidates):
        result.notes.append(f"commander taken from the sideboard: {', '.join(candidates)}")
        for card in candidates:
            sideboard[card] -= 1
        return tuple(candidates), +sideboard
    return (), sideboard


def _check_commander(deck: Deck, db: CardDatabase, result: DeckCheck) -> None:
    commanders, sideboard = _commanders(deck, db, result)
    result.commanders = commanders
    violations = result.violations
    if not commanders:
        violations.append(Violation("903.3", "no commander: name one in a Commander section"))
    elif len(commanders) > 2:
        violations.append(Violation("702.124g", f"{len(commanders)} commanders; at most two", commanders))
    faces = [db.get(card) for card in commanders]
    if len(faces) == 2 and faces[0].name != faces[1].name:
        problem = _partner_problem(faces[0], faces[1])
        if problem:
            violations.append(Violation("702.124a", problem, commanders))
    for face in faces:
        if not _can_be_commander(face, faces):
            violations.append(
                Violation(
                    "903.3",
                    f"{face.name} can't be a commander: it is not a legendary creature (or Vehicle, "
                    "or Spacecraft with power and toughness) and doesn't say it can be your commander",
                    (face.name,),
                )
            )
    size = len(deck) + len(commanders)
    if size != _COMMANDER_DECK:
        violations.append(
            Violation(
                "903.5a",
                f"the deck has {size} cards with its commander; a Commander deck has exactly {_COMMANDER_DECK}",
            )
        )
    copies = Counter(deck.main_counts()) + Counter(commanders)
    for card, count in copies.items():
        limit = copy_limit(db.get(card), 1)
        if limit is not None and count > limit:
            allowed = "one" if limit == 1 else str(limit)
            violations.append(
                Violation(
                    "903.5b", f"{count} copies of {card}; a Commander deck has {allowed} of a card", (card,)
                )
            )
    if commanders:
        _check_color_identity(deck, db, faces, result)
    extra = sum(n for card, n in sideboard.items() if card not in deck.companion)
    if extra:
        violations.append(
            Violation("903.5e", f"the sideboard has {extra} cards; Commander games do not use sideboards")
        )


def _check_color_identity(
    deck: Deck, db: CardDatabase, commanders: list[CardFace], result: DeckCheck
) -> None:
    """903.4, 903.5c-d: every card within the commanders' color identity."""
    identity = set(wubrg(c for face in commanders for c in face.color_identity))
    shown = "".join(wubrg(identity)) or "colorless"
    for card in deck.main_counts():
        face = db.get(card)
        outside = set(face.color_identity) - identity
        if outside:
            result.violations.append(
                Violation(
                    "903.5c",
                    f"{card} has color identity {''.join(wubrg(face.color_identity))}, outside the "
                    f"commander's ({shown})",
                    (card,),
                )
            )
            continue
        produced = {_BASIC_LAND_COLORS[t] for t in face.subtypes if t in _BASIC_LAND_COLORS}
        if produced - identity:
            result.violations.append(
                Violation(
                    "903.5d",
                    f"{card} has a basic land type that makes {''.join(wubrg(produced))} mana, outside the "
                    f"commander's color identity ({shown})",
                    (card,),
                )
            )


def _can_be_commander(face: CardFace, pair: list[CardFace]) -> bool:
    """903.3, 903.3a, 702.124k: a legendary creature, Vehicle or Spacecraft with power and
    toughness, a card that says it can be your commander, or a legendary Background
    beside a commander that chooses a Background."""
    if "can be your commander" in face.text:
        return True
    if "legendary" not in face.supertypes:
        return False
    if "creature" in face.types or "vehicle" in face.subtypes:
        return True
    if "spacecraft" in face.subtypes and face.power is not None:
        return True
    if "background" in face.subtypes:
        return any(_partner_abilities(other) & {("background",)} for other in pair if other is not face)
    return False


def _partner_abilities(face: CardFace) -> set[tuple[str, ...]]:
    """The partner abilities of a face (702.124a), one tuple each."""
    found: set[tuple[str, ...]] = set()
    for line in face.text.splitlines():
        text = re.sub(r"\s*\(.*?\)\s*$", "", line).strip()
        lowered = text.lower()
        if lowered == "partner":
            found.add(("partner",))
        elif lowered.startswith("partner with "):
            found.add(("with", text[len("partner with ") :].strip()))
        elif lowered.startswith("partner\u2014") or lowered.startswith("partner-"):
            found.add(("text", lowered[len("partner") + 1 :].strip()))
        elif lowered == "friends forever":
            found.add(("text", "friends forever"))
        elif lowered == "choose a background":
            found.add(("background",))
        elif lowered == "doctor's companion":
            found.add(("companion",))
    return found


def _partner_problem(first: CardFace, second: CardFace) -> str | None:
    """Why these two cards can't be commanders together (702.124), or ``None``."""
    mine, theirs = _partner_abilities(first), _partner_abilities(second)
    if ("partner",) in mine and ("partner",) in theirs:
        return None
    if any(a[0] == "text" and a in theirs for a in mine):
        return None
    if ("with", second.name) in mine and ("with", first.name) in theirs:
        return None
    for chooser, other in ((first, second), (second, first)):
        chooses = ("background",) in _partner_abilities(chooser)
        if chooses and "background" in other.subtypes and "legendary" in other.supertypes:
            return None
        if ("companion",) in _partner_abilities(chooser) and _is_doctor(other):
            return None
    return (
        f"{first.name} and {second.name} can't both be commanders: they don't share a partner ability "
        "(partner, partner with each other, the same partner\u2014[text], choose a Background with a "
        "Background, Doctor's companion with a Doctor)"
    )


def _is_doctor(face: CardFace) -> bool:
    """702.124m: a legendary Time Lord Doctor creature card with no other creature types."""
    return (
        "legendary" in face.supertypes
        and "creature" in face.types
        and set(face.subtypes) == {"time lord", "doctor"}
    )


# ---------------------------------------------------------------------------- legalities (100.6)


def _check_legality(deck: Deck, db: CardDatabase, result: DeckCheck, key: str) -> None:
    """Banned, restricted and not-legal cards of the named format, from the data's
    ``legalities`` (MTGJSON: "Legal", "Banned", "Restricted"; absent means not legal)."""
    copies = Counter(deck.main_counts()) + Counter(deck.sideboard_counts()) + Counter(deck.commander)
    unknown = []
    for card, count in copies.items():
        legalities = db.raw(card).get("legalities")
        if not isinstance(legalities, dict):
            unknown.append(card)
            continue
        status = str(legalities.get(key) or "Not Legal")
        if status == "Banned":
            result.violations.append(Violation("100.6", f"{card} is banned in {key}", (card,)))
        elif status == "Restricted" and count > 1:
            result.violations.append(
                Violation("100.6", f"{card} is restricted in {key}: {count} copies, at most one", (card,))
            )
        elif status not in ("Legal", "Restricted"):
            result.violations.append(Violation("100.6", f"{card} is not legal in {key}", (card,)))
    if unknown and len(unknown) == len(copies):
        result.notes.append(
            f"card legality in {key} NOT checked: the card database has no legalities (the packaged "
            "database carries none; check with an MTGJSON AtomicCards file, e.g. --cards AtomicCards.json)"
        )
    elif unknown:
        result.notes.append(f"card legality in {key} not checked for: {', '.join(sorted(unknown))}")
