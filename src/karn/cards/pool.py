"""The card pool: every card a game may use, compiled before the game starts.

A :class:`CardPool` holds, for each card name, its Oracle face (the printed
characteristics, 108.1) and its compiled abilities (the IR). The rules engine
reads cards only from the pool it is given: it never calls the Oracle
compiler and keeps no process-wide cache keyed by card name, so two games
with different card data (a custom set, a newer compiler) can run side by
side. :func:`karn.oracle.pool.build_pool` builds a pool from a card database.

Each card carries a hash of its face and compiled IR; a save records the IR
version and these hashes, so loading a save against a different compilation
is refused instead of silently playing other abilities.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from karn.cards.database import CardFace
from karn.ir.nodes import (
    IR_VERSION,
    Ability,
    Activated,
    AddMana,
    AlternativeCost,
    BecomeMonarch,
    CastForMadness,
    CastWithoutPaying,
    CompiledCard,
    Cost,
    Draw,
    Effect,
    GainAbility,
    Keyword,
    May,
    Planeswalk,
    Ref,
    SpellAbility,
    TextWordKind,
    Trigger,
    Triggered,
)
from karn.ir.text import change_words, parse_text_changed_id, text_changed_id
from karn.ir.walk import as_triggered, nested_abilities

# 305.6: the basic land types and the mana their intrinsic ability adds.
BASIC_LAND_MANA: dict[str, str] = {
    "plains": "{W}",
    "island": "{U}",
    "swamp": "{B}",
    "mountain": "{R}",
    "forest": "{G}",
}


def intrinsic_ability(land_type: str) -> Activated:
    """305.6: the mana ability an object with a basic land type has ("{T}: Add {G}.")."""
    mana = BASIC_LAND_MANA[land_type]
    return Activated(Cost(tap=True), (AddMana(mana),), mana_ability=True, text=f"{{T}}: Add {mana}.")


def ability_id(card: str, index: int) -> str:
    """The stable id of the `index`-th ability of a card (saves record card hashes)."""
    return f"{card}#{index}"


def linked_key(ability: str) -> str:
    """607.2a, 607.5a: what an ability's linked abilities share on one object: the card whose
    text it comes from. "As ~ enters, choose a color" and "... of the chosen color" printed on
    one card (or acquired together by one copy effect, 707.2) have the same key; the same
    words acquired from another card's text have another one, so they aren't linked to it. A
    quoted ability (``"Card#2/0"``), a created one (``"nested:<n>:Card#2"``) and one whose text
    was changed (``"text:...;Card#0"``, 612) keep their card's key; keyword and rules
    abilities (``"keyword:flying"``, ``"rules:forest"``) are their own."""
    while True:
        if ability.startswith("text:"):
            ability = parse_text_changed_id(ability[len("text:") :])[3]
        elif ability.startswith("nested:"):
            ability = ability.split(":", 2)[-1]
        elif ability.startswith("spell:"):
            return ability[len("spell:") :]
        else:
            break
    if ability.startswith(("keyword:", "rules:")):
        return ability
    return ability.rpartition("#")[0] or ability


#: 901.8: the Planechase "planeswalking ability", a triggered ability with no source.
PLANESWALKING_ABILITY = "rules:planeswalking"

#: 725.2: the monarch's two inherent triggered abilities (no source, controlled by the monarch)
#: 702.88a: the delayed triggered ability rebound creates, acting on the exiled card
REBOUND_ABILITY = "rules:rebound"
_REBOUND = Triggered(
    trigger=Trigger("step", player="you", step="upkeep"),
    effects=(May((CastWithoutPaying(Ref("triggering")),)),),
    text="At the beginning of your next upkeep, you may cast this card from exile without paying its mana cost.",
)
#: 702.35a: madness's triggered ability, from the exiled card
MADNESS_ABILITY = "rules:madness"
_MADNESS = Triggered(
    trigger=Trigger("reflexive"),
    effects=(CastForMadness(Ref("triggering")),),
    text="When this card is exiled this way, its owner may cast it by paying its madness cost rather than"
    " paying its mana cost. If that player doesn't, they put this card into their graveyard.",
)
MONARCH_DRAW_ABILITY = "rules:monarch_draw"
MONARCH_STEAL_ABILITY = "rules:monarch_steal"
_MONARCH_DRAW = Triggered(
    trigger=Trigger("reflexive"),
    effects=(Draw(1, Ref("you")),),
    text="At the beginning of the monarch's end step, that player draws a card.",
)
_MONARCH_STEAL = Triggered(
    trigger=Trigger("reflexive"),
    effects=(BecomeMonarch(Ref("triggering_player")),),
    text="Whenever a creature deals combat damage to the monarch, its controller becomes the monarch.",
)
_PLANESWALKING = Triggered(
    trigger=Trigger("reflexive"),
    effects=(Planeswalk(),),
    text="Whenever you roll the Planeswalker symbol on the planar die, planeswalk.",
)


def nested_id(parent: str, index: int) -> str:
    """The stable id of the `index`-th quoted ability (113.2c) an ability grants: ``"Card#2/0"``
    is the first ability in quotes in the card's third ability ("... has '{T}: Add {G}.'"),
    ``"Card#2/0/1"`` the second one quoted inside that one."""
    return f"{parent}/{index}"


def quoted_abilities(node: object) -> list[Ability]:
    """The abilities an ability grants in quotes (:class:`~karn.ir.GainAbility`), in the order
    they are written: a depth-first walk of its IR, not going into the quoted abilities."""
    out: list[Ability] = []

    def walk(x: object) -> None:
        if isinstance(x, GainAbility):
            out.append(x.ability)
        elif isinstance(x, tuple):
            for y in x:
                walk(y)
        elif dataclasses.is_dataclass(x) and not isinstance(x, type):
            for f in dataclasses.fields(x):
                walk(getattr(x, f.name))

    if isinstance(node, GainAbility):
        node = node.ability
    walk(node)
    return out


@dataclass(frozen=True, slots=True)
class Unplayable:
    """A card karn can't play yet: its first clause that does not compile, and why."""

    card: str
    clause: str
    reason: str

    def why(self) -> str:
        """``'clause' does not compile (reason)``."""
        return f"{self.clause!r} does not compile ({self.reason})"

    def to_json(self) -> dict[str, str]:
        return {"card": self.card, "clause": self.clause, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class PoolCard:
    """One card of the pool: its face and its compiled abilities."""

    face: CardFace
    compiled: CompiledCard
    hash: str

    @staticmethod
    def of(face: CardFace, compiled: CompiledCard) -> PoolCard:
        digest = hashlib.blake2b(f"{face!r}\n{compiled!r}".encode(), digest_size=8).hexdigest()
        return PoolCard(face, compiled, digest)


class CardNotInPoolError(KeyError):
    """A card name the game's pool does not hold."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name

    def __str__(self) -> str:
        return f"{self.name!r} is not in this game's card pool"


class CardPool:
    """Compiled cards by exact name (immutable; :meth:`merged` makes a larger one)."""

    __slots__ = ("_cards", "ir_version", "_nested", "_parts", "_text_ids", "_card_names")

    def __init__(self, cards: Mapping[str, PoolCard] | Iterable[PoolCard], ir_version: str = IR_VERSION):
        if isinstance(cards, Mapping):
            self._cards: dict[str, PoolCard] = dict(cards)
        else:
            self._cards = {c.face.name: c for c in cards}
        self.ir_version = ir_version
        self._nested: dict[str, Ability] = {}  # quoted abilities found by their path
        self._parts: dict[str, tuple[str, ...]] = {}  # cast_parts, by card name
        self._text_ids: dict[tuple[str, str, str, str], str] = {}  # text_changed, memoized
        self._card_names: dict[str, str] = {}  # card_name of the faces that aren't cards, memoized

    # -- lookup ---------------------------------------------------------

    def card(self, name: str) -> PoolCard:
        found = self._cards.get(name)
        if found is None:
            raise CardNotInPoolError(name)
        return found

    def face(self, name: str) -> CardFace:
        found = self._cards.get(name)
        if found is None:
            raise CardNotInPoolError(name)
        return found.face

    def compiled(self, name: str) -> CompiledCard:
        return self.card(name).compiled

    def unplayable(self, names: Iterable[str]) -> list[Unplayable]:
        """The cards among ``names`` (each once, in their order) that karn can't play yet,
        each with the first clause that does not compile."""
        out: list[Unplayable] = []
        for name in dict.fromkeys(names):
            compiled = self.compiled(name)
            if not compiled.playable:
                first = compiled.unsupported[0]
                out.append(Unplayable(name, first.clause, first.reason))
        return out

    def card_name(self, name: str) -> str:
        """The name a card has in a zone other than the stack and the battlefield, given the
        name of one of its faces or parts: its front face's (712.8a), its normal
        characteristics' (715.4), its halves combined (709.4)."""
        found = self._cards.get(name)
        if found is None:
            return name
        main = found.face.front or found.face.part_of
        if main is None:
            return name
        if main in self._cards:
            return main
        known = self._card_names.get(name)
        if known is None:
            # a front face named by its face name ("Bala Ged Recovery"), its card by the full name
            known = next((k for k in self._cards if k.split(" // ")[0] == main and " // " in k), name)
            self._card_names[name] = known
        return known

    def is_adventure(self, name: str) -> bool:
        """715.2: the alternative characteristics of an adventurer card (its Adventure)."""
        found = self._cards.get(name)
        return found is not None and found.face.layout == "adventure" and found.face.part_of is not None

    def cast_parts(self, name: str) -> tuple[str, ...]:
        """The faces a card may be cast as by choice, beyond itself (the card's own name first
        for a split card, which is never cast whole): a split card's halves (709.3), an
        adventurer's Adventure (715.3), a modal double-faced card's back face (712.11b); only
        those the pool holds."""
        found = self._parts.get(name)
        if found is not None:
            return found
        face = self.face(name)
        parts: tuple[str, ...] = ()
        if face.layout == "modal_dfc" and face.back is not None and face.front is None:
            parts = (face.back,)
        elif face.layout in ("split", "adventure") and face.part_of is None:
            parts = face.parts
        found = self._parts[name] = tuple(p for p in parts if p in self._cards)
        return found

    def hash(self, name: str) -> str:
        return self.card(name).hash

    def ability(self, ability_id: str) -> Ability:
        """The ability with this id: ``"Card Name#3"`` (a card's 4th ability),
        ``"Card Name#3/0"`` (the first ability quoted in it, :func:`nested_id`),
        ``"keyword:flying"`` (a keyword granted or printed on a token), ``"rules:forest"``
        (an intrinsic ability of a basic land type, 305.6)."""
        kind, _, rest = ability_id.partition(":")
        if kind == "keyword" and rest:
            return Keyword(rest)
        if kind == "nested" and rest:
            return self._created(rest)
        if kind == "rules" and rest in BASIC_LAND_MANA:
            return intrinsic_ability(rest)
        if ability_id == PLANESWALKING_ABILITY:
            return _PLANESWALKING
        if ability_id == MADNESS_ABILITY:
            return _MADNESS
        if ability_id == REBOUND_ABILITY:
            return _REBOUND
        if ability_id == MONARCH_DRAW_ABILITY:
            return _MONARCH_DRAW
        if ability_id == MONARCH_STEAL_ABILITY:
            return _MONARCH_STEAL
        if kind == "text" and rest:
            return self._text_changed(ability_id, rest)
        name, sep, index = ability_id.rpartition("#")
        path = index.split("/")
        if not sep or not all(p.isdigit() for p in path):
            raise KeyError(f"malformed ability id {ability_id!r}")
        abilities = self.compiled(name).abilities
        i = int(path[0])
        if i >= len(abilities):
            raise KeyError(f"{name!r} has no ability {i}")
        if len(path) == 1:
            return abilities[i]
        found = self._nested.get(ability_id)
        if found is None:
            ab: Ability = abilities[i]
            for step in path[1:]:
                quoted = quoted_abilities(ab)
                if int(step) >= len(quoted):
                    raise KeyError(f"{ability_id!r}: no quoted ability {step}")
                ab = quoted[int(step)]
            found = self._nested[ability_id] = ab
        return found

    def text_changed(self, ability_id: str, kind: TextWordKind, old: str, new: str) -> str:
        """612.1-612.2: the id of ability ``ability_id`` with the word ``old`` (of ``kind``)
        replaced by ``new`` in its text, or ``ability_id`` itself when its text doesn't use the
        word (the walk of its IR is done once per pool)."""
        key = (ability_id, kind, old, new)
        found = self._text_ids.get(key)
        if found is None:
            ability = self.ability(ability_id)
            changed = change_words(ability, kind, old, new) is not ability
            found = text_changed_id(kind, old, new, ability_id) if changed else ability_id
            self._text_ids[key] = found
        return found

    def _text_changed(self, ability_id: str, rest: str) -> Ability:
        """ "text:<kind>/<old>/<new>;<id>": ability ``<id>`` with a word of its text replaced
        by a text-changing effect (612.1-612.2, :func:`karn.ir.text.change_words`)."""
        found = self._nested.get(ability_id)
        if found is None:
            kind, old, new, original = parse_text_changed_id(rest)
            generated = original.startswith(("keyword:", "rules:", "nested:", "text:"))
            name = "" if generated else original.rpartition("#")[0]
            found = self._nested[ability_id] = change_words(self.ability(original), kind, old, new, name)
        return found

    def _created(self, rest: str) -> Ability:
        """ "nested:<n>:<parent>": the n-th delayed (603.7a) or reflexive (603.12)
        triggered ability the effects of ability ``<parent>`` create; ``<parent>`` is an
        ability id or ``spell:<card>`` (a spell's effects, its modes in order)."""
        index, _, parent = rest.partition(":")
        if not index.isdigit() or not parent:
            raise KeyError(f"malformed nested ability id {rest!r}")
        if parent.startswith("spell:"):
            effects: tuple[Effect, ...] = ()
            for ab in self.compiled(parent.removeprefix("spell:")).abilities:
                if isinstance(ab, SpellAbility):
                    effects = ab.effects + tuple(e for m in ab.modes for e in m.effects)
        else:
            ab = self.ability(parent)
            # AlternativeCost: dash's delayed triggered ability (702.109a)
            effects = ab.effects if isinstance(ab, (Activated, Triggered, AlternativeCost)) else ()
        found = list(nested_abilities(effects))
        if int(index) >= len(found):
            raise KeyError(f"{parent!r} creates no ability {index}")
        return as_triggered(found[int(index)])

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in self._cards

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[str]:
        return iter(self._cards)

    def names(self) -> list[str]:
        return sorted(self._cards)

    def hashes(self, names: Iterable[str] | None = None) -> dict[str, str]:
        """Card name -> hash of its compilation (all cards, or the ones named)."""
        wanted = self._cards if names is None else {n: self.card(n) for n in names}
        return {n: c.hash for n, c in sorted(wanted.items())}

    def merged(self, other: CardPool) -> CardPool:
        """A pool with the cards of both (the other's version of a card wins)."""
        if other.ir_version != self.ir_version:
            raise ValueError(f"IR versions differ: {self.ir_version} and {other.ir_version}")
        return CardPool({**self._cards, **other._cards}, self.ir_version)

    def __repr__(self) -> str:
        return f"<CardPool {len(self._cards)} cards, IR {self.ir_version}>"
