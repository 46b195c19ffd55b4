"""The Oracle AST: what the parser builds and :mod:`karn.oracle.lower` turns into IR.

The AST stays close to the English: noun phrases (:class:`NP`) still hold
pronouns and unresolved targets, verb phrases (:class:`VP`) name their verb.
Resolving "it", numbering target slots (115.1) and fusing multi-sentence
patterns is the lowering's job.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

# An amount: a number, or "X" (107.3).
AmountA = int | Literal["X"]


@dataclass(frozen=True, slots=True)
class Word:
    """One descriptor word of a noun phrase: kind is e.g. "type", "subtype", "card", "color"."""

    kind: str
    value: str
    plural: bool = False  # written in the plural ("creatures")


@dataclass(frozen=True, slots=True)
class Qual:
    """A qualifier after the nouns: "you control", "from your graveyard", "target player controls"."""

    kind: Literal["controller", "owner", "zone", "player_controls", "from_it"]
    value: str = ""  # "you" / "opponent" for controller/owner; the zone for "zone"
    player: NP | None = None  # for player_controls


@dataclass(frozen=True, slots=True)
class Desc:
    """A description of objects or players (109, 115): adjectives, nouns, qualifiers.

    ``groups`` are the alternatives joined by "or" / "," ("artifact or enchantment");
    each group is the words of one alternative ("basic land card").
    """

    adjs: tuple[Word, ...] = ()
    groups: tuple[tuple[Word, ...], ...] = ()
    quals: tuple[Qual, ...] = ()
    text: str = ""


NPKind = Literal[
    "self",
    "self_or_another",
    "it",
    "you",
    "that",
    "those",
    "enchanted",
    "equipped",
    "defending_player",
    "its_controller",
    "its_owner",
    "target",
    "any_target",
    "all",
    "each",
    "another",
    "a",
    "bare",
    "upto",
    "zone",
]


@dataclass(frozen=True, slots=True)
class NP:
    """A noun phrase naming objects, players or a zone.

    * ``target``: ``min``/``max`` give the count ("two target lands"), ``other`` for
      "another target", ``any_number`` for "any number of".
    * ``zone``: ``zone`` is "graveyard"/"hand"/"library", ``owner`` the possessor
      (None for "your", the NP for "target player's", "their" -> kind "it"-like pronoun).
    """

    kind: NPKind
    desc: Desc | None = None
    min: int = 1
    max: int | None = 1
    other: bool = False
    zone: str = ""
    owner: NP | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class TokenA:
    """ "a 3/3 green Beast creature token with flying" (111)."""

    count: AmountA
    power: int
    toughness: int
    colors: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class VP:
    """A verb phrase. ``verb`` names the rule (e.g. "damage", "draw", "get");
    the other fields are the verb's arguments when it has them."""

    verb: str
    obj: NP | None = None
    dest: NP | None = None
    amount: AmountA | None = None
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    until_eot: bool = False
    mana: str = ""
    token: TokenA | None = None
    sub: VP | None = None
    flag: bool = False  # "tapped" for put onto the battlefield; "divided" for damage
    text: str = ""


@dataclass(frozen=True, slots=True)
class Item:
    """One clause of a chain: an optional subject and a verb phrase."""

    subject: NP | None
    vp: VP
    sep: str = ""  # the connective before this item: "", ",", "and", "then"


@dataclass(frozen=True, slots=True)
class Sentence:
    kind: Literal["chain", "if_its", "sorcery_only"]
    items: tuple[Item, ...] = ()
    cond: NP | None = None  # for "If it's a land card, ..."
    text: str = ""


@dataclass(frozen=True, slots=True)
class Effects:
    sentences: tuple[Sentence, ...]
    text: str = ""


@dataclass(frozen=True, slots=True)
class CostA:
    kind: Literal["mana", "tap", "untap", "sacrifice", "pay_life", "discard"]
    mana: str = ""
    obj: NP | None = None
    amount: AmountA | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class KeywordA:
    kind: Literal["static", "enchant", "equip", "prowess"]
    name: str = ""
    desc: Desc | None = None
    mana: str = ""


@dataclass(frozen=True, slots=True)
class ActivatedA:
    costs: tuple[CostA, ...]
    effects: Effects
    loyalty: int | None = None


@dataclass(frozen=True, slots=True)
class TriggerA:
    event: Literal["enters", "dies", "attacks", "put_into_graveyard", "cast", "gain_life"]
    subject: NP | None = None
    text: str = ""
    caster: NP | None = None  # for "cast": who casts ("you", "a player")


@dataclass(frozen=True, slots=True)
class TriggeredA:
    trigger: TriggerA
    effects: Effects


@dataclass(frozen=True, slots=True)
class ModalA:
    choose: int
    modes: tuple[Effects, ...] = field(default=())


AbilityA = KeywordA | ActivatedA | TriggeredA | ModalA | Effects
