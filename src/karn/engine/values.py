"""Small value types shared by the state, the events and the frames (plain msgspec data).

Targets and other "a player or an object" values are ints: object ids are
>= 1, player p is encoded as -(p + 1) (:func:`player_ref`, :func:`ref_player`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import msgspec

from karn import ir
from karn.cards.pool import linked_key

QuantityLeaf = ir.Var | ir.Count | ir.CountersOn


def quantity(q: ir.Quantity, leaf: Callable[[QuantityLeaf], int]) -> int:
    """The value of a :data:`~karn.ir.Quantity` (107.1): its arithmetic here, each number it
    reads from the game (X, a power, a count) by ``leaf``. "Half ..., rounded up/down"
    (107.1a); "twice", "for each" and a sign are products; "X plus 1" a sum."""
    if isinstance(q, int):
        return q
    if isinstance(q, ir.Half):
        n = quantity(q.of, leaf)
        return -(-n // 2) if q.round_up else n // 2
    if isinstance(q, ir.Times):
        return quantity(q.of, leaf) * quantity(q.by, leaf)
    if isinstance(q, ir.Sum):
        return sum(quantity(t, leaf) for t in q.terms)
    return leaf(q)


#: 607.2a, 607.5a: values chosen for an object "as it enters" (614.12a), by the
#: :func:`~karn.cards.pool.linked_key` of the ability that chose them, then by kind
#: (``{"Voice of All": {"color": "U"}}``).
Chosen = dict[str, dict[str, str]]

_NOTHING_CHOSEN: Mapping[str, str] = {}


def chosen_for(chosen: Mapping[str, Mapping[str, str]] | None, ability: str) -> Mapping[str, str]:
    """607.2a, 607.5a: the values chosen for the abilities linked to ``ability`` (an ability
    id): "the chosen color" reads only what its own card's "as ~ enters, choose a color"
    chose, not a value chosen for another card's ability the object had or has."""
    if not chosen:
        return _NOTHING_CHOSEN
    return chosen.get(linked_key(ability), _NOTHING_CHOSEN)


# Zones (400.1).
LIBRARY = "library"
HAND = "hand"
BATTLEFIELD = "battlefield"
GRAVEYARD = "graveyard"
STACK = "stack"
EXILE = "exile"
COMMAND = "command"

#: The zones a player owns one of (400.2: libraries, hands and graveyards; karn
#: also keeps exile per owner, as a list of the cards each player owns there).
PLAYER_ZONES: tuple[str, ...] = (LIBRARY, HAND, GRAVEYARD, EXILE)

STEPS: tuple[str, ...] = (
    "untap",
    "upkeep",
    "draw",
    "precombat_main",
    "beginning_of_combat",
    "declare_attackers",
    "declare_blockers",
    "first_strike_damage",
    "combat_damage",
    "end_of_combat",
    "postcombat_main",
    "end",
    "cleanup",
)


def player_ref(p: int) -> int:
    return -(p + 1)


def ref_player(r: int) -> int:
    return -r - 1


class TokenDef(msgspec.Struct, frozen=True, array_like=True):
    """Characteristics of a token (111.4) as defined by the effect that created it.

    ``abilities`` are ability ids of the card pool (``karn.cards.pool``) beyond
    the keywords, e.g. the mana ability of a token with a basic land type (305.6).
    """

    name: str
    power: int
    toughness: int
    colors: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    keywords: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()  # 111.4, 113.2c: 'with "<ability>"', by ability id


class LastKnown(msgspec.Struct, frozen=True, array_like=True):
    """Last known information of an object that left its zone (608.2h, 603.10).

    ``abilities`` are the ids of the abilities it had, so its leaves-the-battlefield
    abilities can look back in time (603.10a).
    """

    name: str
    owner: int
    controller: int
    power: int
    toughness: int
    types: tuple[str, ...]
    colors: tuple[str, ...]
    new_id: int  # the object it became in its new zone (400.7), 0 if none
    keywords: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    token: bool = False
    abilities: tuple[str, ...] = ()
    zone: str = BATTLEFIELD  # the zone it left
    card: int = -1
    # 607.2a, 603.10a: the values chosen for it as it entered, by ability (its leaves-the-
    # battlefield abilities "of the chosen type" look back at them)
    chosen: Chosen | None = None
    mana_value: int = 0  # 202.3: as it last existed ("whenever a creature with mana value 3 or less dies")
    # 122.1, 608.2h: the counters on it as it last existed ("the number of +1/+1 counters on ~"
    # read by its dies trigger), by kind
    counters: dict[str, int] | None = None


class TriggerData(msgspec.Struct, array_like=True, omit_defaults=True):
    """What a triggered ability remembers of its trigger event (603.7c, 603.10).

    ``object``: the object the event happened to (the creature that entered or
    died, the spell cast); ``new_object``: what that object became in its new
    zone (400.7); ``defending``: the defending player of an attack trigger;
    ``player``: the player the event happened to (who gained life); ``amount``.
    """

    object: int = 0
    new_object: int = 0
    defending: int = -1
    player: int = -1
    amount: int = 0


class Answer(msgspec.Struct, frozen=True, array_like=True):
    """A player's answer to a decision, kept in a frame until the frame's step reads it."""

    kind: str
    a: int = 0
    b: int = 0


class CopyValues(msgspec.Struct, frozen=True, array_like=True, omit_defaults=True):
    """The copiable values an object has from a copy effect (707.2, layer 1a): those of the card
    ``name`` or of the token ``token``, with the exceptions of the copy effect(s) (707.9b: they
    become part of the copiable values): ``types`` and ``subtypes`` added. A copy of a copy
    has the same values (707.3)."""

    name: str = ""
    token: TokenDef | None = None
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    # 707.9b exceptions of a copy (embalm 702.128a, eternalize 702.129a; Fork's "except that
    # the copy is red", 707.10; 707.9c: "except it doesn't copy that creature's color": the
    # colors it keeps): its colors instead, no mana cost, its base power and toughness instead
    # ("except it's 7/7": the copied CDA defining them is not copied, 707.9d)
    colors: tuple[str, ...] | None = None
    no_mana_cost: bool = False
    power: int | None = None
    toughness: int | None = None
    # 707.9a: abilities the copy gains ("except it has this ability"), by ability id
    abilities: tuple[str, ...] = ()
    # 707.2, 708.2: the copied object was face down: the copy has the face-down values (a nameless
    # colorless 2/2 creature with no abilities), face up (707.2 example: Clone copying a face-down
    # Grinning Demon)
    face_down: bool = False
    # 707.9b: "except it isn't legendary": supertypes it doesn't have
    not_supertypes: tuple[str, ...] = ()


class ChosenObject(msgspec.Struct, frozen=True, array_like=True):
    """An object chosen as a permanent entered ("As this Aura enters, choose a creature.",
    614.12a; chosen, not targeted: hexproof and shroud don't stop it, 115.1) and its copiable
    values at that moment: a linked static copy effect grants exactly these, fixed when it first
    starts to apply, which is as the permanent enters (707.2c)."""

    obj: int
    values: CopyValues
