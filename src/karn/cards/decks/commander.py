"""Commander deck construction (903.3-903.5, 702.124): the commander or the two partner
commanders, exactly 100 cards, one of each card, every card within the commander's
color identity, no sideboard but a companion."""

from __future__ import annotations

import re
from collections import Counter

from karn.cards.database import CardDatabase, CardFace, wubrg
from karn.cards.decks.model import Deck
from karn.cards.decks.rules import DeckCheck, Violation, copy_limit

_COMMANDER_DECK = 100  # 903.5a
_BASIC_LAND_COLORS = {"plains": "W", "island": "U", "swamp": "B", "mountain": "R", "forest": "G"}


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


def check_commander(deck: Deck, db: CardDatabase, result: DeckCheck) -> None:
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
