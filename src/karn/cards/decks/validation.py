"""Deck-construction rules: constructed (100.2a, 100.4a), limited (100.2b) and
Commander (903, 702.124, in :mod:`.commander`), and the card legalities of named
formats (100.6).

:func:`check_deck` returns every violation at once, each citing its rule. A named
format (``modern``, ``pauper``...) adds its card legalities, read from the card
database's MTGJSON ``legalities``; the packaged database has none, and the result
then says so in its ``notes`` rather than passing the legality check silently.
"""

from __future__ import annotations

from collections import Counter

from karn.cards.database import CardDatabase
from karn.cards.decks.commander import check_commander
from karn.cards.decks.model import Deck
from karn.cards.decks.rules import (
    COMMANDER,
    CONSTRUCTED,
    DECK_RULES,
    LIMITED,
    DeckCheck,
    DeckRules,
    Violation,
    copy_limit,
    deck_rules,
)

_CONSTRUCTED_MINIMUM = 60  # 100.2a
_LIMITED_MINIMUM = 40  # 100.2b
_CONSTRUCTED_COPIES = 4  # 100.2a
_SIDEBOARD_MAXIMUM = 15  # 100.4a


def check_deck(deck: Deck, rules: str | DeckRules = CONSTRUCTED, db: CardDatabase | None = None) -> DeckCheck:
    """Check ``deck`` against the deck-construction rules of a format (see the module doc)."""
    database = db if db is not None else CardDatabase.default()
    chosen = deck_rules(rules) if isinstance(rules, str) else rules
    result = DeckCheck(chosen)
    if chosen.kind == COMMANDER:
        check_commander(deck, database, result)
        result.checked += ["903.3", "903.4", "903.5", "702.124"]
    else:
        if deck.commander:
            result.notes.append(f"the commander list is not part of a {chosen.kind} deck and was not checked")
        _check_size_and_copies(deck, database, result)
        result.checked += ["100.2b"] if chosen.kind == LIMITED else ["100.2a", "100.4a"]
    if chosen.legality is not None and _check_legality(deck, database, result, chosen.legality):
        result.checked.append("100.6")
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


def _check_legality(deck: Deck, db: CardDatabase, result: DeckCheck, key: str) -> bool:
    """Banned, restricted and not-legal cards of the named format, from the data's
    ``legalities`` (MTGJSON: "Legal", "Banned", "Restricted"; absent means not legal);
    whether the data had legalities to check."""
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
        return False
    if unknown:
        result.notes.append(f"card legality in {key} not checked for: {', '.join(sorted(unknown))}")
    return True


__all__ = [
    "COMMANDER",
    "CONSTRUCTED",
    "DECK_RULES",
    "LIMITED",
    "DeckCheck",
    "DeckRules",
    "Violation",
    "check_deck",
    "copy_limit",
    "deck_rules",
]
