"""The ability IR: the contract between the Oracle compiler and the rules engine.

Every node is a frozen, hashable dataclass made of plain values. The compiler
(`karn.oracle`) lowers Oracle text to these nodes; the engine interprets them.
Nothing here refers to a particular card.

Conventions
-----------
* Object types, subtypes, supertypes, keywords and colors are lower-case
  strings: ``"creature"``, ``"aura"``, ``"basic"``, ``"flying"``, ``"W"`` (colors
  use their mana letter, upper-case).
* An effect names what it acts on with a :class:`Ref` (one object or player)
  or a :class:`Group` (every object matching a filter at the time the effect is
  applied, 608.2h / 611.2c).
* Targets are declared once per ability (or per mode) as :class:`TargetSpec`
  slots; effects point at slot ``i`` with ``Ref("target", i)``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Literal

#: The version of this IR. Saves record it with a hash of each compiled card
#: (:mod:`karn.cards.pool`); bump it whenever a node changes meaning or shape.
IR_VERSION = "41"

# --------------------------------------------------------------------------- selectors


@dataclass(frozen=True, slots=True)
class Compared:
    """One of an object's numbers compared with a constant: "with power 4 or greater",
    "with mana value 3 or less", "with mana value 2" (202.3, 208.1).

    ``what`` ``"power_or_toughness"`` matches when either number does ("with power or
    toughness 2 or less"). ``op`` ``"ge"``: N or greater; ``"le"``: N or less; ``"eq"``: N.
    ``of_x``: the number is X, the value announced for the spell or activated ability the
    filter belongs to (107.3, 601.2b, 602.2b: "with mana value X or less"); ``value`` unused.
    """

    what: Literal["power", "toughness", "mana_value", "power_or_toughness"]
    op: Literal["ge", "le", "eq"]
    value: int
    of_x: bool = False


@dataclass(frozen=True, slots=True)
class Filter:
    """Describes a set of objects (109) by their characteristics and where they are.

    Every non-empty field must match. ``types`` / ``subtypes`` / ``colors`` match
    when the object has ANY of the listed values; ``not_types`` / ``not_colors`` /
    ``not_subtypes`` / ``not_supertypes`` exclude objects having ANY of them.
    ``zone`` ``"any"`` is every zone ("all cards that aren't on the battlefield, spells,
    and permanents"), ``"not_battlefield"`` every zone but the battlefield ("cards you own
    that aren't on the battlefield"): static abilities that reach objects outside the
    battlefield (611.3, 604.3).
    """

    types: tuple[str, ...] = ()  # card types, any-of: ("artifact", "enchantment")
    subtypes: tuple[str, ...] = ()  # any-of: ("aura",)
    supertypes: tuple[str, ...] = ()  # all-of: ("basic",)
    not_types: tuple[str, ...] = ()  # "nonartifact", "noncreature", "nonland"
    colors: tuple[str, ...] = ()
    not_colors: tuple[str, ...] = ()  # "nonblack" -> ("B",)
    controller: Literal["you", "opponent", None] = None  # relative to the ability's controller
    owner: Literal["you", "opponent", None] = None  # for cards in graveyards, hands, libraries
    other: bool = False  # "another creature": not the source object itself
    zone: Literal[
        "battlefield",
        "stack",
        "graveyard",
        "hand",
        "library",
        "exile",
        "any",
        "not_battlefield",
        "stack_or_battlefield",  # "target spell or permanent"
    ] = "battlefield"
    not_subtypes: tuple[str, ...] = ()  # "non-Aura" -> ("aura",)
    not_supertypes: tuple[str, ...] = ()  # "nonbasic" -> ("basic",)
    # "of the chosen color / type": the value the source chose as it entered (614.12a)
    chosen: Literal["color", "creature_type", None] = None
    mana_value: Literal["even", "odd", None] = None  # "with even mana values" (202.3; zero is even)
    enchant: str | None = None  # "Aura spells with enchant creature": the type its enchant names
    # "creature blocking or blocked by ~" (509.1g, 506.4): in combat with the source object
    combat_with_source: bool = False
    # "target triggered ability you control" (113.1b-c, 707.10): abilities on the stack of
    # these kinds ("activated", "triggered"); empty: no ability matches (a spell is no ability)
    abilities: tuple[str, ...] = ()
    # "with power 4 or greater", "with mana value 3 or less": every comparison must hold (202.3)
    compared: tuple[Compared, ...] = ()
    # "with flying", "without flanking" (702): keywords the object has / doesn't have
    keywords: tuple[str, ...] = ()
    not_keywords: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Ref:
    """One object or player an effect refers to.

    kind:
      * ``"target"``: the object or player chosen for target slot ``index``.
      * ``"target_controller"``: the controller of the object in slot ``index``
        (last known information if it left, 608.2h).
      * ``"target_owner"``: the owner of the object in slot ``index``.
      * ``"self"``: the source object of the ability ("this creature", the card's name, "it"
        when it names the source).
      * ``"you"``: the controller of the ability or spell.
      * ``"defending_player"``: the player the source is attacking (506.2, for attack triggers).
      * ``"enchanted"`` / ``"equipped"``: the permanent the source is attached to (303.4, 301.5).
      * ``"triggering"``: the object that caused the trigger (e.g. the creature that entered).
      * ``"triggering_controller"`` / ``"triggering_owner"``: the controller or owner of
        the triggering object (last known information if it left its zone, 608.2h).
      * ``"each_player"`` / ``"each_opponent"``: every player in the game / every opponent of
        the controller, in APNAP order (101.4).
      * ``"triggering_player"``: the player of the trigger event ("that player": whose
        upkeep began, who was dealt damage).
      * ``"affected"``: the objects an earlier effect of the same resolution acted on
        ("Those creatures ...").
      * ``"each_target"``: inside a :class:`ForEachTarget`, the target whose instructions are
        being done ("that permanent or player", 608.2f).
    """

    kind: Literal[
        "target",
        "target_controller",
        "target_owner",
        "self",
        "you",
        "defending_player",
        "enchanted",
        "equipped",
        "triggering",
        "triggering_player",
        "each_player",
        "each_opponent",
        "triggering_controller",
        "triggering_owner",
        "affected",
        "each_target",
    ]
    index: int = 0


@dataclass(frozen=True, slots=True)
class Group:
    """All objects matching ``filter`` when the effect is applied.

    ``player`` narrows the group to objects controlled by (battlefield) or owned by
    (other zones) that player: "all creatures target player controls",
    "target player's graveyard".
    """

    filter: Filter
    player: Ref | None = None


Selector = Ref | Group


@dataclass(frozen=True, slots=True)
class Var:
    """A number read from the game when the effect is applied (608.2h).

    name: ``"X"`` (the value chosen for X, 107.3), ``"power"`` / ``"toughness"`` (of ``ref``,
    using last known information if it left its zone), ``"trigger_amount"`` (the
    amount of the trigger event: "that much" damage dealt or life gained, 603.7c),
    ``"life"`` (the life total of the player ``ref`` names, 119), ``"kicked"`` (the number of
    times the spell becoming this permanent was kicked, 702.33d: "for each time it was kicked"),
    and what the player ``ref`` names (default "you") did this turn: ``"life_gained_this_turn"``
    (119.9: "if you gained life this turn"), ``"cards_drawn_this_turn"`` (121: "if you've drawn
    two or more cards this turn"), ``"spells_cast_this_turn"`` (601: "if you've cast two or more
    spells this turn"), ``"energy_paid"`` (the energy paid for "pay any amount of {E}" earlier in
    the same resolution: "that much", 107.1c).
    """

    name: Literal[
        "X",
        "power",
        "toughness",
        "trigger_amount",
        "life",
        "kicked",
        "life_gained_this_turn",
        "cards_drawn_this_turn",
        "spells_cast_this_turn",
        "energy_paid",
    ]
    ref: Ref | None = None


@dataclass(frozen=True, slots=True)
class Count:
    """A number counted in the game when it is needed (608.2h; for a characteristic-defining
    ability, whenever the characteristic is determined, 604.3).

    what:
      * ``"objects"``: the objects ``filter`` describes ("the number of creature cards in
        your graveyard", "the number of Forests you control");
      * ``"card_types"``: the card types among them (Tarmogoyf: "card types among cards
        in all graveyards", 205.2a);
      * ``"mana_value"``: the mana value of ``ref`` (Opalescence: "equal to its mana
        value", 202.3);
      * ``"died_this_way"``: the objects ``filter`` describes that died by the earlier effects of
        the same resolution ("the number of creatures that died this way", 700.4);
      * ``"greatest_power"``: the greatest power among the objects ``filter`` describes that the
        player ``ref`` controls (0 if none);
      * ``"attacked_with"``: the creatures "you" attacked with this turn, whatever they are now
        (608.2i: a characteristic they had when declared as attackers, 508.1);
      * ``"linked_power"`` / ``"linked_toughness"``: the total power / toughness of the cards the
        source exiled as it entered that are still in exile ("the exiled cards", 607.2a);
      * ``"total_mana_value"``: the sum of the mana values of the objects ``filter`` describes
        ("the total mana value of cards you own in exile", 202.3);
      * ``"exiled_this_turn"``: the number of cards put into exile this turn, from anywhere
        ("if a card was put into exile this turn", 603.4);
      * ``"creatures_died_this_turn"``: the creatures that died this turn (700.4; morbid: "if a
        creature died this turn");
      * ``"lands_entered_this_turn"``: the lands that entered the battlefield under "your"
        control this turn ("if you had a land enter the battlefield under your control this
        turn").
      * ``"spells_last_turn"``: the number of spells all players cast during the previous turn
        ("if no spells were cast last turn");
      * ``"most_spells_last_turn"``: the most spells one player cast during the previous turn
        ("if a player cast two or more spells last turn").
    ``plus`` is added ("that number plus 1").
    """

    what: Literal[
        "objects",
        "card_types",
        "mana_value",
        "attacked_with",
        "greatest_power",
        "died_this_way",
        "linked_power",
        "linked_toughness",
        "total_mana_value",
        "exiled_this_turn",
        "creatures_died_this_turn",
        "lands_entered_this_turn",
        "spells_last_turn",
        "most_spells_last_turn",
    ]
    filter: Filter | None = None
    ref: Ref | None = None
    plus: int = 0


@dataclass(frozen=True, slots=True)
class CountersOn:
    """ "the number of +1/+1 counters on ~" (122.1): how many counters of ``kind`` the object
    ``ref`` refers to has ("" counts counters of every kind: "the number of counters on it"),
    as it last existed if it left the battlefield (608.2h)."""

    kind: str
    ref: Ref


@dataclass(frozen=True, slots=True)
class Half:
    """107.1a: "half <quantity>, rounded up" / "rounded down"."""

    of: Quantity
    round_up: bool


@dataclass(frozen=True, slots=True)
class Times:
    """A quantity multiplied by another: "twice X" (``by`` 2), "-X/-X" (``by`` -1), "+1/+1 for
    each creature you control" (``by`` the Count)."""

    of: Quantity
    by: Quantity


@dataclass(frozen=True, slots=True)
class Sum:
    """ "X plus 1", "one plus the number of cards named ~ in all graveyards": the terms added."""

    terms: tuple[Quantity, ...]


# One number an ability reads (107.1): a literal, the X chosen (107.3), something read or
# counted in the game when the effect is applied (608.2h), or arithmetic over those. The
# compiler lowers every amount it reads to one of these; the engine evaluates them in one
# place (:func:`karn.engine.values.quantity`).
Quantity = int | Var | Count | CountersOn | Half | Times | Sum
Amount = Quantity


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """One target slot (115): what may be chosen, and how many.

    * ``players``: which players are legal targets (None: no player may be chosen).
    * ``objects``: which objects are legal targets (None: no object may be chosen).
      "any target" (115.4) is players="any" with creature/planeswalker/battle objects.
    * ``min`` / ``max``: how many distinct targets this slot takes ("two target lands":
      2/2; "any number of targets": 0/None, None meaning unbounded, 601.2c).
    """

    players: Literal["any", "opponent", "you", None] = None
    objects: Filter | None = None
    min: int = 1
    max: int | None = 1
    text: str = ""
    # "For each opponent, ... target permanent that player controls" (608.2f): one target for
    # each opponent, among the objects that opponent controls (``objects.controller`` is
    # "opponent"); ``min``/``max`` count per opponent.
    per_opponent: bool = False
    # "Target creature gets +2/+2 ... Another target creature gets -2/-2" (115.3): the earlier
    # slots (their indices) whose chosen targets this slot can't choose again; without the word
    # "another" one object may be chosen once for each instance of "target".
    distinct_from: tuple[int, ...] = ()


# --------------------------------------------------------------------------- costs


# The parts of a cost beyond mana, {T} and loyalty (118, 602.1, 601.2h): each is one typed
# variant; the engine knows for each whether it can be paid now (118.3, 602.2b) and pays them
# all in one routine (``karn.engine.costs``).


@dataclass(frozen=True, slots=True)
class SacrificeCost:
    """ "Sacrifice a creature", "Sacrifice another creature", "Sacrifice two artifacts"
    (701.21a): ``count`` permanents the player controls that ``what`` describes (``what.other``:
    not the source), chosen as the cost is paid (601.2h)."""

    what: Filter
    count: int = 1


@dataclass(frozen=True, slots=True)
class SacrificeSelfCost:
    """ "Sacrifice ~" (701.21a): the source itself (a Treasure's "Sacrifice this token")."""


@dataclass(frozen=True, slots=True)
class PayLifeCost:
    """ "Pay 2 life" (119.4): a player can pay life only if their life total is at least that
    much (119.4, 118.3)."""

    life: int


@dataclass(frozen=True, slots=True)
class PayEnergyCost:
    """ "Pay {E}{E}" (107.14): remove that many energy counters from yourself; payable only with
    at least that many (118.3)."""

    energy: int


@dataclass(frozen=True, slots=True)
class DiscardCost:
    """ "Discard a card", "Discard two cards", "Discard a creature card" (701.9a): ``count``
    cards from the hand that ``what`` describes (None: any card), chosen as the cost is paid."""

    count: int = 1
    what: Filter | None = None


@dataclass(frozen=True, slots=True)
class DiscardRandomCost:
    """ "Discard a card at random" (701.9b): the card is chosen at random from the hand."""

    count: int = 1


@dataclass(frozen=True, slots=True)
class DiscardHandCost:
    """ "Discard your hand" (701.9a): every card in the hand; can always be paid (118.3, an
    empty hand discards nothing)."""


@dataclass(frozen=True, slots=True)
class RemoveCountersCost:
    """ "Remove a +1/+1 counter from ~", "Remove three charge counters from ~" (122.8): from
    the source; it must have that many (118.3). ``kind`` "" is "a counter" of any kind."""

    kind: str
    count: int = 1


@dataclass(frozen=True, slots=True)
class PutCountersCost:
    """ "Put a -1/-1 counter on ~" (122.1, 602.1): counters put on the source as a cost."""

    kind: str
    count: int = 1


@dataclass(frozen=True, slots=True)
class ExileCardsCost:
    """ "Exile a creature card from your graveyard", "Exile two cards from your graveyard",
    "Exile a card from your hand" (406.2): ``count`` cards the player owns in ``what.zone``."""

    what: Filter
    count: int = 1


@dataclass(frozen=True, slots=True)
class ExileSelfCost:
    """ "Exile ~" as a cost of a permanent's ability (406.2): the source leaves the battlefield."""


@dataclass(frozen=True, slots=True)
class ReturnCost:
    """ "Return a land you control to its owner's hand" (602.1): ``count`` permanents the player
    controls that ``what`` describes, chosen as the cost is paid."""

    what: Filter
    count: int = 1


@dataclass(frozen=True, slots=True)
class ReturnSelfCost:
    """ "Return ~ to its owner's hand" as a cost."""


@dataclass(frozen=True, slots=True)
class TapCost:
    """ "Tap an untapped creature you control", "Tap two untapped artifacts you control"
    (602.1): ``count`` untapped permanents the player controls; unlike {T} (302.6), summoning
    sickness doesn't matter. The source with {T} in the same cost can't be one of them."""

    what: Filter
    count: int = 1


@dataclass(frozen=True, slots=True)
class UntapSymbolCost:
    """{Q} (107.6): untap the source; it must be tapped, and a creature must have been under
    its controller's control since their most recent turn began (302.6)."""


@dataclass(frozen=True, slots=True)
class MillCost:
    """ "Mill a card" (701.17a): the library must hold that many cards (118.3)."""

    count: int = 1


@dataclass(frozen=True, slots=True)
class ExileTopCost:
    """ "Exile the top ten cards of your library" (118.3: the library must hold that many; top
    first, as one event)."""

    count: int


@dataclass(frozen=True, slots=True)
class CrewCost:
    """ "Tap any number of other untapped creatures you control with total power N or greater"
    (crew N, 702.122a): the creatures are chosen one at a time as the cost is paid (601.2h),
    summoning sick ones too (302.6 is about {T})."""

    power: int


CostPart = (
    SacrificeCost
    | SacrificeSelfCost
    | PayLifeCost
    | PayEnergyCost
    | DiscardCost
    | DiscardRandomCost
    | DiscardHandCost
    | RemoveCountersCost
    | PutCountersCost
    | ExileCardsCost
    | ExileSelfCost
    | ReturnCost
    | ReturnSelfCost
    | TapCost
    | UntapSymbolCost
    | MillCost
    | ExileTopCost
    | CrewCost
)

#: The cost parts a spell's additional cost may have (601.2b): those that don't act on the
#: source itself (the spell is on the stack as it is cast).
SPELL_COST_PARTS = (
    SacrificeCost,
    PayLifeCost,
    PayEnergyCost,
    DiscardCost,
    DiscardRandomCost,
    DiscardHandCost,
    ExileCardsCost,
    ReturnCost,
    TapCost,
    MillCost,
    ExileTopCost,
)

#: The cost parts that ask the player nothing as they are paid: a mana ability (605.3b: it
#: resolves at once) may have only these.
MANA_ABILITY_PARTS = (
    SacrificeSelfCost,
    PayLifeCost,
    PayEnergyCost,
    RemoveCountersCost,
    PutCountersCost,
    ExileSelfCost,
    ReturnSelfCost,
    UntapSymbolCost,
    MillCost,
    ExileTopCost,
    DiscardHandCost,
)


@dataclass(frozen=True, slots=True)
class Cost:
    """The cost of an activated ability (118, 602.1): a tuple of typed parts.

    ``mana`` is a mana cost string like ``"{1}{R}"`` (None for no mana); ``tap`` is {T};
    ``loyalty`` is the loyalty change of a
    planeswalker ability (606), e.g. +1 or -4; ``parts`` are the other parts in printed order
    (:data:`CostPart`), paid together with the rest (601.2h).
    """

    mana: str | None = None
    tap: bool = False
    loyalty: int | None = None
    # "[−X]" (107.7): remove X loyalty counters, X announced as it is activated (602.2b, 107.3);
    # ``loyalty`` is then 0 (the part 606.5 cost changes add to)
    loyalty_x: bool = False
    # "Exile this card from your graveyard" (embalm 702.128a, eternalize 702.129a)
    exile_self: bool = False
    # "Discard this card" (cycling 702.29a, typecycling 702.29e): the source, from its hand (701.9)
    discard_self: bool = False
    parts: tuple[CostPart, ...] = ()

    @property
    def sacrifice_self(self) -> bool:
        """ "Sacrifice ~" is one of its parts (701.21a)."""
        return any(isinstance(p, SacrificeSelfCost) for p in self.parts)


# --------------------------------------------------------------------------- continuous modifications


@dataclass(frozen=True, slots=True)
class Modify:
    """A continuous modification of the objects ``affected`` selects (611, 613).

    Applied by the layer system: control in layer 2, keywords in layer 6,
    power/toughness changes in layer 7c. ``cant_attack`` / ``cant_block`` are
    rules restrictions checked when attackers/blockers are declared (508.1c, 509.1b).
    """

    affected: Selector
    power: int = 0
    toughness: int = 0
    add_keywords: tuple[str, ...] = ()
    cant_attack: bool = False
    cant_block: bool = False
    extra_blocks: int = 0  # 509.1a: more attackers it can block (-1: any number)
    changes: tuple[Change, ...] = ()  # the other layered changes (types, colors, abilities, P/T)
    # "As long as enchanted permanent is a creature, it has flying" (611.3a): only the affected
    # objects that match now (read as the effect's set is determined, 613.6).
    only_if: Filter | None = None
    control: bool = False  # layer 2 (613.1b): "You control enchanted creature": the source's controller
    # "As long as this permanent's dash cost was paid, it has haste" (702.109a): only the affected
    # objects whose spell was cast for this alternative cost keyword (``Obj.alt_cost``)
    alt_paid: str = ""
    # "This creature gets +2/+2 as long as you control three or more artifacts" (611.3a): the
    # modification applies only while the condition is true ("you" is the source's controller)
    condition: Condition | None = None


# The layered changes of a Modify beyond its short fields (613.1): each names what it does;
# the engine applies it in its layer. "chosen" values are the ones chosen as the source
# entered (607.2a, "as ~ enters, choose a color"), read from the source object.


@dataclass(frozen=True, slots=True)
class SetBasePT:
    """Layer 7b (or 7a for a characteristic-defining ability, 604.3, 613.4a): "has base power
    and toughness 1/1", "becomes a 0/1 creature", "power and toughness are each equal to ..."."""

    power: Amount | None = None
    toughness: Amount | None = None


@dataclass(frozen=True, slots=True)
class AddPT:
    """Layer 7c (613.4c): "gets +X/+X" with a quantity ("where X is the number of ...", the X
    chosen for the spell). A resolving effect locks its numbers in as it begins (608.2h); a
    static ability reads them each time the layer applies (604.3 for its counts)."""

    power: Quantity
    toughness: Quantity


@dataclass(frozen=True, slots=True)
class SwitchPT:
    """Layer 7d: "switch its power and toughness" (613.4d)."""


@dataclass(frozen=True, slots=True)
class AddTypes:
    """Layer 4: "is a creature in addition to its other types", "is the chosen type in addition
    to its other types" (``chosen_subtype``: the creature type chosen as the source entered),
    "becomes an artifact creature" and "... that's still a land" (205.1b: the object keeps its
    other types)."""

    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    chosen_subtype: bool = False


@dataclass(frozen=True, slots=True)
class SetTypes:
    """Layer 4: "becomes a creature", "is a Coward creature" (205.1a: the new card types replace
    the old ones, and subtypes that don't go with a remaining card type go); ``subtypes`` when
    named replace the subtypes of their kind ("becomes a 3/3 Elemental creature")."""

    types: tuple[str, ...]
    subtypes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SetCreatureTypes:
    """Layer 4: the creature types become these (205.1a, 205.1b: other card types, supertypes and
    other subtypes stay): "are the chosen type" (``chosen``, Conspiracy), "becomes a Bird
    artifact creature"."""

    subtypes: tuple[str, ...] = ()
    chosen: bool = False


@dataclass(frozen=True, slots=True)
class SetLandTypes:
    """Layer 4, 305.7: "are Mountains": the land's land subtypes become these; it loses the
    abilities of its rules text and of its old land types and has the new types' (Blood Moon)."""

    subtypes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SetColors:
    """Layer 5: "is white", "is the chosen color" (``chosen``: the color chosen as the source
    entered, 607.2a), "becomes the color of your choice" (``choose``: the controller chooses
    as the effect begins, 608.2d), "is colorless" (no colors)."""

    colors: tuple[str, ...] = ()
    chosen: bool = False
    choose: bool = False


@dataclass(frozen=True, slots=True)
class AddColors:
    """Layer 5: "is the chosen color in addition to its other colors" (Painter's Servant)."""

    colors: tuple[str, ...] = ()
    chosen: bool = False


@dataclass(frozen=True, slots=True)
class LoseAbilities:
    """Layer 6: "loses all abilities" (``everything``), or "loses flying" (``keywords``)."""

    everything: bool = False
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class GainAbility:
    """Layer 6: "has '{T}: Add {G}.'": a quoted ability granted (113.2c)."""

    ability: Ability


class ObjectRuleKind(StrEnum):
    """A change to the rules a static ability or an effect makes for the affected objects."""

    CANT_BE_BLOCKED = "can't be blocked"  # 509.1b: a restriction
    ATTACKS_EACH_COMBAT = "attacks each combat if able"  # 508.1d: a requirement
    BLOCKS_ONLY_FLYING = "can block only creatures with flying"  # 509.1b: a restriction
    DOESNT_UNTAP = "doesn't untap during its controller's untap step"  # 502.3


@dataclass(frozen=True, slots=True)
class ObjectRule:
    """The rules layer (613.11): "~ can't be blocked", "~ attacks each combat if able",
    "~ can block only creatures with flying" (508.1c-d, 509.1b), "Enchanted creature doesn't
    untap during its controller's untap step" (502.3)."""

    kind: ObjectRuleKind


@dataclass(frozen=True, slots=True)
class AttackUnlessDefenderControls:
    """The rules layer (613.11, 508.1c): "~ can't attack unless defending player controls an
    Island": the creature can attack a player (or a planeswalker) only if that defending player
    controls a land of this subtype."""

    subtype: str


Change = (
    ObjectRule
    | AttackUnlessDefenderControls
    | SetBasePT
    | AddPT
    | SwitchPT
    | AddTypes
    | SetTypes
    | SetLandTypes
    | SetCreatureTypes
    | SetColors
    | AddColors
    | LoseAbilities
    | GainAbility
)


# --------------------------------------------------------------------------- one-shot effects


@dataclass(frozen=True, slots=True)
class DealDamage:
    """The source deals damage (120). ``divided="evenly"``: the amount is divided
    evenly, rounded down, among all targets of slot ``to.index``; ``divided="chosen"``:
    "divided as you choose", the division announced as the spell is cast (601.2d), each
    target getting at least 1, kept in the spell's ``division``."""

    amount: Amount
    to: Ref
    divided: Literal["evenly", "chosen", None] = None


@dataclass(frozen=True, slots=True)
class DamageEach:
    """ "~ deals N damage to each creature [you don't control]" (120.3): the source deals the
    damage to every object of the group at once (one simultaneous event, 120.2)."""

    amount: Amount
    what: Group


@dataclass(frozen=True, slots=True)
class GainLife:
    amount: Amount
    player: Ref = Ref("you")


@dataclass(frozen=True, slots=True)
class LoseLife:
    amount: Amount
    player: Ref = Ref("you")


@dataclass(frozen=True, slots=True)
class GetEnergy:
    """ "You get {E}{E}" (107.14, 122.1): energy counters put on the player; "you get {E} for
    each creature you control" counts them as it resolves (608.2h)."""

    amount: Amount
    player: Ref = Ref("you")


@dataclass(frozen=True, slots=True)
class PayEnergy:
    """ "You may pay {E}{E}. If you do, ..." (107.14): the player removes that many energy
    counters from themselves; with fewer, they can't pay (none are removed, 119.4's analog for
    a cost paid as an effect, 608.2d). ``any_amount``: "you may pay any amount of {E}" (107.1c:
    the player chooses a number from 0 to their energy; "that much" is it, Var("energy_paid"))."""

    amount: Amount
    player: Ref = Ref("you")
    any_amount: bool = False


@dataclass(frozen=True, slots=True)
class CreateDelayed:
    """Create a delayed triggered ability (603.7a): "sacrifice it at the beginning of the
    next end step", "at end of combat, return that creature to its owner's hand".

    ``when`` is its trigger (a ``"step"`` trigger: the next time that step begins after
    the ability is created; it triggers once, 603.7b). ``bind`` is the object the
    effects act on, fixed as the delayed ability is created (603.7c); inside ``effects``
    it is ``Ref("triggering")``. If that object has left its zone by then, the effects
    find nothing (400.7)."""

    when: Trigger
    effects: tuple[Effect, ...]
    bind: Ref | None = None
    text: str = ""
    watch: Ref | None = None  # event "leaves": the object whose leaving triggers it (603.7a)
    this_turn: bool = False  # "... this turn": it can trigger only during this turn (603.7b)
    # "When ~ leaves the battlefield or becomes untapped": the watched object becoming untapped
    # triggers it too (the first of the two, once: 603.7b)
    or_untapped: bool = False


@dataclass(frozen=True, slots=True)
class Reflexive:
    """ "When you do, ..." (603.12): a reflexive triggered ability, created by the effect
    before it, triggers at once if that action was taken (with ``bind="affected"``: if it
    acted on something) and goes on the stack the next time a player would receive
    priority, its targets (``targets``) chosen then (603.3d). ``bind`` is the object the
    effects act on ("that creature": the one sacrificed), ``Ref("triggering")`` inside."""

    effects: tuple[Effect, ...]
    targets: tuple[TargetSpec, ...] = ()
    bind: Ref | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class WinGame:
    """ "You win the game" (104.2b; in multiplayer every other player loses, 104.3h)."""

    player: Ref = Ref("you")


@dataclass(frozen=True, slots=True)
class Planeswalk:
    """ "Planeswalk" (701.31b): the planar controller planeswalks; the effect of the Planechase
    "planeswalking ability" (901.8)."""


@dataclass(frozen=True, slots=True)
class BecomeMonarch:
    """ "You become the monarch." (725.1, 725.3): ``player`` becomes the monarch."""

    player: Ref = Ref("you")


@dataclass(frozen=True, slots=True)
class LoseGame:
    """ "You lose the game" (104.3d)."""

    player: Ref = Ref("you")


@dataclass(frozen=True, slots=True)
class Condition:
    """A condition the engine checks: a triggered ability's intervening "if" clause
    (603.4), checked when the event happens and again on resolution.

    kind:
      * ``"compare"``: ``amount`` compared with ``value`` by ``op`` ("if you have 40 or
        more life": ``Var("life")`` >= 40; "if you control no creatures": a ``Count``
        <= 0; "if you control two or more Gates": a ``Count`` >= 2);
      * ``"tapped"`` / ``"untapped"``: the status of the object ``ref`` names ("if this
        artifact is untapped");
      * ``"controlled_since_last_upkeep"``: the source came under its controller's control since
        the beginning of their last upkeep (echo, 702.30a);
      * ``"your_turn"`` / ``"not_your_turn"``: whether "you" are the active player (102.1);
      * ``"suspended"``: the source is suspended: in exile with a time counter (702.62b);
      * ``"greater_power_or_toughness"``: the triggering object's power is greater than the
        source's and/or its toughness is greater than the source's (evolve 702.100a), each as it
        is now or as it last existed on the battlefield (702.100b).

    The same condition is an intervening "if" (603.4), the "if" of an instruction checked as it
    is reached (608.2c: "If you control an artifact, draw a card"), the condition of an
    alternative instruction ("deals 4 damage instead if ...") and the condition of a static
    ability's effect ("as long as ...", 611.3a: it applies while the condition is true).
    """

    kind: Literal[
        "compare",
        "tapped",
        "untapped",
        "controlled_since_last_upkeep",
        "your_turn",
        "not_your_turn",
        "suspended",
        "greater_power_or_toughness",
    ]
    amount: Amount = 0
    op: Literal[">=", "<="] = ">="
    value: int = 0
    ref: Ref | None = None


@dataclass(frozen=True, slots=True)
class Draw:
    amount: Amount
    player: Ref = Ref("you")


@dataclass(frozen=True, slots=True)
class Discard:
    """``player`` discards ``amount`` cards (701.9). ``chooser="you"``: the ability's
    controller chooses among the cards matching ``filter`` (after ``reveal``)."""

    amount: Amount
    player: Ref
    chooser: Literal["player", "you"] = "player"
    filter: Filter | None = None
    reveal: bool = False


@dataclass(frozen=True, slots=True)
class Sacrifice:
    """701.21a: a player sacrifices permanents they control. With ``what``: the object(s)
    it names ("sacrifice this creature", "sacrifice it"; only if that player controls
    it). Otherwise each of the players ``player`` names chooses ``amount`` permanents they
    control matching ``filter`` (in APNAP order, 101.4) and all are sacrificed at once."""

    player: Ref = Ref("you")
    amount: Amount = 1
    filter: Filter | None = None
    what: Ref | None = None


@dataclass(frozen=True, slots=True)
class Destroy:
    what: Selector
    no_regenerate: bool = False


@dataclass(frozen=True, slots=True)
class ExileIfLeaves:
    """ "If it would leave the battlefield, exile it instead of putting it anywhere else."
    (unearth 702.84a; a replacement effect, 614.1a): the permanents ``what`` selects are exiled
    whenever they would leave the battlefield, for as long as each stays this object (400.7)."""

    what: Selector


@dataclass(frozen=True, slots=True)
class Exile:
    """Exile (406.2). ``linked``: the card has an ability that refers to the cards "exiled with ~"
    (607.2a): what this effect exiles is recorded with its source object and ability."""

    what: Selector
    linked: bool = False


@dataclass(frozen=True, slots=True)
class PutLinkedExile:
    """ "Put a creature card exiled with ~ onto the battlefield under your control" (607.2a): the
    ability's controller chooses one card ``filter`` matches among the cards the source object
    exiled with a linked ability (one printed on the same card as this one, 607.2a, 607.5) and
    puts it onto the battlefield under their control (no target: chosen as it resolves)."""

    filter: Filter


@dataclass(frozen=True, slots=True)
class MustBlock:
    """ "Target creature blocks ~ this turn if able" (509.1c): a requirement on ``blocker`` to
    block ``attacker`` this turn, fixed as the effect begins (611.2c)."""

    blocker: Ref
    attacker: Ref = Ref("self")


@dataclass(frozen=True, slots=True)
class GainActivatedAbilities:
    """ "~ gains all activated abilities of target creature until end of turn" (layer 6, 613.1f):
    ``what`` gains the activated abilities ``source`` has as the effect begins (611.2c), each
    referring to ``what`` where it named its own object; abilities linked on ``source`` are
    linked again only to each other on ``what`` (607.5)."""

    what: Ref
    source: Ref


@dataclass(frozen=True, slots=True)
class ExileUntilSourceLeaves:
    """ "Exile <what> until ~ leaves the battlefield" (610.3): when the source leaves the
    battlefield, the exiled cards return to the battlefield under their owners' control
    (610.3c), all at once for sources leaving at once (610.3d). If the source has already left
    when the effect would begin, nothing is exiled (610.3c)."""

    what: Selector


@dataclass(frozen=True, slots=True)
class ReturnToHand:
    """Put the object into its owner's hand (from the battlefield or a graveyard)."""

    what: Selector


@dataclass(frozen=True, slots=True)
class ReturnChosen:
    """ "Return a land you control to its owner's hand." (a bounce land's enters ability): the
    ability's controller chooses, as it resolves, ``amount`` permanents they control that
    ``filter`` describes (not a target: 608.2c, 608.2d) and returns them to their owners' hands."""

    filter: Filter
    amount: int = 1


@dataclass(frozen=True, slots=True)
class Entering:
    """How a permanent an effect puts onto the battlefield enters: tapped, with counters of any
    kind on it (122.6, 614.1c), under its owner's control instead of the control of the player
    who put it there (110.2a), and being ``types``/``subtypes`` in addition to its other types
    from the moment it enters ("That permanent is an enchantment in addition to its other
    types": 611.2e, the effect applies as it enters, not after)."""

    tapped: bool = False
    counters: tuple[tuple[str, Amount], ...] = ()
    owner_control: bool = False
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    # 712.14a: "... onto the battlefield transformed": a transforming double-faced card enters
    # with its back face up (any other card stays in its zone)
    transformed: bool = False


@dataclass(frozen=True, slots=True)
class PutOntoBattlefield:
    """Put cards from a graveyard, a hand or exile onto the battlefield (400.7: each becomes a
    new object; all of them at once, so they enter at the same time, 614.13a): "Return target
    creature card from your graveyard to the battlefield", "Put target creature card from a
    graveyard onto the battlefield under your control", "Return all creature cards from your
    graveyard to the battlefield", "You may put a creature card from your hand onto the
    battlefield" (``choose``: the controller picks that many among ``what``, as the effect
    happens; fewer if there are fewer, 609.3). The permanents are what "it", "that creature"
    and "that card" name afterwards (the effect's affected objects)."""

    what: Selector
    enter: Entering = Entering()
    choose: int = 0


@dataclass(frozen=True, slots=True)
class CounterSpell:
    what: Ref


@dataclass(frozen=True, slots=True)
class CastWithoutPaying:
    """ "[You may] cast it without paying its mana cost" (608.2g, 118.9): the controller casts the
    card ``what`` names during the resolution (601.2a-i; no player receives priority after it's
    cast), from the zone it is in, its mana cost not paid (107.3b: X is 0); additional costs may
    be paid. ``haste``: a creature spell cast this way gains haste (suspend, 702.62a)."""

    what: Ref
    haste: bool = False


@dataclass(frozen=True, slots=True)
class CastForMadness:
    """Madness's triggered ability (702.35a): the owner may cast the card ``what`` names (exiled
    by its madness ability) by paying its madness cost rather than its mana cost (702.35b,
    608.2g: during the resolution); if they don't, they put it into their graveyard."""

    what: Ref


@dataclass(frozen=True, slots=True)
class Cascade:
    """Cascade's effect (702.85a): exile cards from the top of your library until you exile a
    nonland card whose mana value is less than this spell's (the source's); you may cast it
    without paying its mana cost (608.2g); then put the exiled cards not cast on the bottom of
    your library in a random order."""


@dataclass(frozen=True, slots=True)
class CopySpell:
    """ "Copy target instant or sorcery spell" (707.10): put ``count`` copies of the spell
    ``what`` refers to onto the stack under the controller's control. A copy copies the
    spell's characteristics and the choices made for it (modes, targets, X, kicker, additional
    costs, 707.10) but isn't cast. ``colors``: "except that the copy is red" (707.9b, 707.10
    example). ``new_targets``: "You may choose new targets for the copy" (707.10c)."""

    what: Ref
    count: Amount = 1
    new_targets: bool = False
    colors: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ApplyContinuous:
    """Create a continuous effect from a resolving spell or ability (611.2).

    With a :class:`Group`, the set of affected objects is locked in when the
    effect begins (611.2c). ``duration="end_of_turn"`` ends it in cleanup (514.2);
    ``"until_your_next_turn"`` as its controller's next turn begins (611.2a).
    """

    mod: Modify
    duration: Literal["end_of_turn", "permanent", "until_your_next_turn"] = "end_of_turn"


@dataclass(frozen=True, slots=True)
class GainControl:
    """``player`` gains control of ``what`` (613.1b, layer 2): "gain control of target
    creature" (the ability's controller), "Target player gains control of target permanent
    you control" (Donate). ``duration``: "end_of_turn", "permanent", or
    "while_you_control_source" ("for as long as you control ~", 611.2b)."""

    what: Ref
    duration: Literal["end_of_turn", "permanent", "while_you_control_source", "until_your_next_turn"] = (
        "permanent"
    )
    player: Ref = Ref("you")


@dataclass(frozen=True, slots=True)
class ExchangeControl:
    """ "Exchange control of two target creatures" (701.12b): the two objects of target slot
    ``what.index``; if the whole exchange can't be done, nothing happens (701.12a)."""

    what: Ref


@dataclass(frozen=True, slots=True)
class Tap:
    what: Selector


@dataclass(frozen=True, slots=True)
class Untap:
    what: Selector


@dataclass(frozen=True, slots=True)
class Transform:
    """701.27a: turn a double-faced permanent over so that its other face is up ("transform
    this creature"). Nothing happens to a permanent that isn't represented by a double-faced card
    (701.27c, 712.9) or whose other face is an instant or sorcery face (701.27d); an activated or
    triggered ability of the permanent transforms it only if it hasn't transformed since the
    ability was put on the stack (701.27f)."""

    what: Selector


@dataclass(frozen=True, slots=True)
class SkipNextUntap:
    """The objects don't untap during their controller's next untap step (e.g. Sleep)."""

    what: Selector


@dataclass(frozen=True, slots=True)
class RemoveCounters:
    """Remove ``amount`` counters of ``kind`` from each object ``what`` selects (122.1; as many as
    it has, up to ``amount``). When none could be removed, "If you can't, ..." (fading 702.32a)
    follows: the effect counts as not done (``IfCondition(Declined())``, 608.2c)."""

    kind: str
    amount: Amount
    what: Selector


@dataclass(frozen=True, slots=True)
class Proliferate:
    """701.34a: "Proliferate": the ability's controller chooses any number of permanents and/or
    players that have a counter, then gives each one additional counter of each kind it
    already has."""


@dataclass(frozen=True, slots=True)
class TokenDef:
    name: str
    power: int
    toughness: int
    colors: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    keywords: tuple[str, ...] = ()
    # 111.4, 113.2c: 'tokens with "<ability>"': the quoted abilities the tokens have (their ids
    # are the creating ability's id and each one's index, :func:`karn.cards.pool.nested_id`)
    abilities: tuple[GainAbility, ...] = ()


@dataclass(frozen=True, slots=True)
class CreateEmblem:
    """114.1: "You get an emblem with '<ability>'": ``player`` puts an emblem into the command
    zone with these quoted abilities (113.2c; their ids are the creating ability's id and each
    one's index, :func:`karn.cards.pool.nested_id`). An emblem has no characteristics but its
    abilities (114.2), its owner and controller is that player (114.2, 114.5), and its abilities
    work from the command zone (114.4, 113.6)."""

    abilities: tuple[GainAbility, ...]
    player: Ref = Ref("you")


@dataclass(frozen=True, slots=True)
class CreateToken:
    token: TokenDef
    count: Amount = 1
    controller: Ref = Ref("you")
    tapped: bool = False  # "create a tapped ... token": it enters tapped (111.2)


@dataclass(frozen=True, slots=True)
class CopyExcept:
    """The exceptions of a copy effect that become part of the copy's copiable values (707.9):
    "except it's a TYPE in addition to its other types" (``types``, ``subtypes``, 707.9b),
    "except it's 7/7" (``power``, ``toughness``, 707.9b; the copied CDA defining them is not
    copied, 707.9d), "except it has this ability" (``this_ability``: the ability whose effect
    this is, 707.9a), "except it doesn't copy that creature's color" (``keep_color``: it keeps
    its own, 707.9c-d)."""

    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    this_ability: bool = False
    keep_color: bool = False
    # 707.9e: "except it enters with X additional +1/+1 counters on it": an additional effect
    # that doesn't happen if another copy effect is applied after this one
    counters: tuple[tuple[str, Amount], ...] = ()
    # 707.9a: "except it has \"At the beginning of your upkeep, ...\"": quoted abilities it gains
    gains: tuple[GainAbility, ...] = ()
    # 707.9a: "except it has haste": keyword abilities it gains
    keywords: tuple[str, ...] = ()
    # 707.9b: "except it isn't legendary": supertypes it doesn't have
    not_supertypes: tuple[str, ...] = ()
    # 707.9b: embalm's "except it's white ... and it has no mana cost" (702.128a): its colors
    # instead, no mana cost
    colors: tuple[str, ...] | None = None
    no_mana_cost: bool = False


@dataclass(frozen=True, slots=True)
class BecomeCopy:
    """ "This creature becomes a copy of that creature[, except ...]" (707.4): a permanent on the
    battlefield takes the copiable values of ``of`` (as it is, or as it last existed, 608.2h)
    with the exceptions; no zone change, so nothing enters or leaves, and the noncopy effects
    on it keep applying."""

    what: Ref
    of: Ref
    exceptions: CopyExcept = CopyExcept()


@dataclass(frozen=True, slots=True)
class CreateCopyToken:
    """ "Create a token that's a copy of target creature you control[, except ...]" (707.2,
    111.1): a token whose copiable values are those of ``what`` as the effect is applied
    (608.2h, 707.3), with the copy effect's exceptions, which become part of them (707.9: "except
    it has haste", "except it isn't legendary"; embalm's white Zombie with no mana cost,
    702.128a; eternalize's 4/4 black Zombie, 702.129a). A copy of a card that has left its zone
    is a copy of it as it last existed there (the card's printed values, 707.2)."""

    what: Ref
    count: Amount = 1
    exceptions: CopyExcept = CopyExcept()


@dataclass(frozen=True, slots=True)
class AddMana:
    """Add mana (106.3): ``mana`` is a string of symbols like ``"{B}{B}{B}"`` or ``"{C}"``;
    ``times``: that mana once for each object counted ("Add {G} for each creature you control");
    ``chosen_color``: one mana of the color its source chose as it entered ("Add one mana of
    the chosen color.", 607.2a; none when it chose none)."""

    mana: str
    times: Count | None = None
    chosen_color: bool = False


@dataclass(frozen=True, slots=True)
class AddOneOf:
    """Add one of several mana combinations, the player choosing as the ability resolves
    (106.1, 605.3b, 608.2d): "Add {R} or {G}.", "Add {W}, {U}, or {B}.", "Add {W}{W}, {W}{U},
    or {U}{U}." ``options``: each a string of mana symbols, in Oracle order."""

    options: tuple[str, ...]


class ColorSpread(enum.Enum):
    """How the mana of "N mana of any color" may be colored (106.1a)."""

    ONE_COLOR = "one_color"  # "one mana of any color", "two mana of any one color": all alike
    COMBINATION = "combination"  # "two mana in any combination of colors": each its own


class ColorRange(enum.Enum):
    """Which colors "any color" may be."""

    ANY = "any"  # the five colors (105.1)
    COMMANDER_IDENTITY = "commander_identity"  # 903.4: "in your commander's color identity"


@dataclass(frozen=True, slots=True)
class AddAnyColor:
    """ "Add one mana of any color." (106.1a), "Add two mana of any one color.", "Add three mana
    in any combination of colors.", "Add one mana of any color in your commander's color
    identity." (903.4; without a commander that color is undefined and no mana is added,
    903.4f, 106.5). The color is chosen as the ability resolves (605.3b, 608.2d)."""

    count: int = 1
    spread: ColorSpread = ColorSpread.ONE_COLOR
    colors: ColorRange = ColorRange.ANY


class ManaKinds(enum.Enum):
    """ "any type" (106.1b: the five colors and colorless) or "any color" (106.1a)."""

    TYPE = "type"
    COLOR = "color"


@dataclass(frozen=True, slots=True)
class AddCouldProduce:
    """ "Add one mana of any type that a land you control could produce." (106.7): one mana of a
    type (``kinds``) that a permanent ``permanents`` describes could produce if its mana
    abilities resolved now, costs ignored; abilities of this kind on those permanents are not
    followed (no type is defined that way, 106.7's Exotic Orchard example). None: no mana."""

    permanents: Filter
    kinds: ManaKinds = ManaKinds.TYPE


@dataclass(frozen=True, slots=True)
class AddManaProduced:
    """ "that player adds one mana of any type that land produced" (106.12a): the player who
    tapped the permanent adds ``count`` mana of a type the triggering mana ability produced."""

    count: int = 1


@dataclass(frozen=True, slots=True)
class SearchLibrary:
    """Search your library (701.23) for up to ``count`` cards matching ``filter``,
    put them into ``to`` (tapped if asked), then shuffle."""

    filter: Filter
    count: int = 1
    to: Literal["battlefield", "hand"] = "battlefield"
    tapped: bool = False
    shuffle: bool = True
    reveal: bool = False  # "reveal it" (701.20): the card found is shown to everyone


@dataclass(frozen=True, slots=True)
class Scry:
    """701.22a scry; with ``surveil`` (701.25a) the cards not kept go to the graveyard."""

    amount: Amount
    surveil: bool = False


@dataclass(frozen=True, slots=True)
class PutCounters:
    kind: str  # "+1/+1", "-1/-1", "loyalty"
    amount: Amount
    what: Selector


@dataclass(frozen=True, slots=True)
class PreventDamage:
    """Prevent the next ``amount`` damage that would be dealt to ``to`` this turn (615.7)."""

    amount: Amount
    to: Ref


@dataclass(frozen=True, slots=True)
class PreventDamageSharingColor:
    """Prevent the next ``amount`` damage that would be dealt this turn to ``to`` and to each
    other ``others`` permanent that shares a color with it (615.11): the shields are given
    when the effect resolves, to the objects that match then (611.2c)."""

    amount: Amount
    to: Ref
    others: str = "creature"


@dataclass(frozen=True, slots=True)
class Mill:
    """``player`` mills ``amount`` cards (701.17a): the top cards of their library go to their
    graveyard, as many as there are (609.3, 701.17b)."""

    amount: Amount
    player: Ref


@dataclass(frozen=True, slots=True)
class ExileTop:
    """``player`` exiles the top ``amount`` cards of their library ("Exile the top card of your
    library.", 406.1), as many as there are (609.3); they are what the next instructions'
    "it" / "them" / "those cards" mean (``Ref("affected")``)."""

    amount: Amount
    player: Ref = Ref("you")


@dataclass(frozen=True, slots=True)
class Manifest:
    """``player`` manifests the top card of their library (701.40a): it is turned face down and
    put onto the battlefield as a 2/2 face-down creature (708.2a); it may be turned face up for
    its mana cost if it's a creature card (701.40b)."""

    player: Ref


@dataclass(frozen=True, slots=True)
class RevealTop:
    """``player`` reveals the top card of their library (701.20); if it matches
    ``filter`` that player puts it into ``put_into``."""

    player: Ref
    filter: Filter | None = None
    put_into: Literal["hand", "battlefield", None] = None
    # "you may put it onto the battlefield with a manifestation counter on it" (the revealing
    # player chooses, 608.2c; how it enters, 611.2e)
    may: bool = False
    enter: Entering | None = None


@dataclass(frozen=True, slots=True)
class LookAtHand:
    """ "Look at target player's hand." (701.20e: the cards are shown to the ability's controller
    only, who knows them while they stay in that hand)."""

    player: Ref


@dataclass(frozen=True, slots=True)
class LookAndTake:
    """ "Look at the top ``count`` cards of your library. You may reveal a ``filter`` card from
    among them and put it into your hand. Put the rest on the bottom of your library in a
    random order." (701.20a: the card taken is revealed)."""

    count: int
    filter: Filter


@dataclass(frozen=True, slots=True)
class RevealUntil:
    """ "Reveal cards from the top of your library until you reveal a ``filter`` card. Put that
    card into your hand and the rest on the bottom of your library in a random order."
    (701.20a; with no such card, every card is revealed and they all go to the bottom)."""

    filter: Filter


@dataclass(frozen=True, slots=True)
class LookAndSplit:
    """ "Look at the top two cards of your library. Put one of them into your hand and the other
    into your graveyard." / "Exile one of them and put the other into your hand.": the
    controller looks at the top ``count`` cards (701.16a: no one else sees them) and chooses the
    one that goes to ``one``; the other goes to ``other`` ("hand", "graveyard", "exile" or
    "bottom" of the library)."""

    count: int
    one: Literal["hand", "graveyard", "exile", "bottom"]
    other: Literal["hand", "graveyard", "exile", "bottom"]


@dataclass(frozen=True, slots=True)
class Fight:
    """ "``a`` fights ``b``" (701.14a): each deals damage equal to its power to the other; if
    either is no longer a creature on the battlefield (or an illegal target), neither deals
    damage (701.14b)."""

    a: Ref
    b: Ref


@dataclass(frozen=True, slots=True)
class Attach:
    """Attach the source (an Equipment, 301.5c) to ``to`` (equip, 702.6a)."""

    to: Ref


@dataclass(frozen=True, slots=True)
class Unless:
    """ "<effects> unless <payer> pays <mana>" (118.12): as it would happen, the payer
    chooses whether to pay ``mana``; if they pay, ``effects`` don't happen. ``parts``: the
    cost's other parts, paid with the mana ("unless that player pays 2 life", "discards a card":
    ward 702.21a's costs of every form); ``mana`` is "" when the cost has no mana."""

    effects: tuple[Effect, ...]
    payer: Ref
    mana: str
    parts: tuple[CostPart, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayerOption:
    """One thing a player may choose to do under "any player may ..." (101.4): ``"sacrifice"``
    ``amount`` permanents matching ``filter`` they control, their choice (701.21a), all or none;
    ``"damage"``: "have ~ deal N damage to that player" (the source deals ``amount`` damage
    to them, 120.3)."""

    kind: Literal["sacrifice", "damage"]
    amount: int
    filter: Filter | None = None


@dataclass(frozen=True, slots=True)
class AnyPlayerMay:
    """ "Any player may <option> [or <option>]. If a player does [either], <effects>." (101.4):
    on resolution each player in turn order, starting with the active player, may do one of
    ``options`` (one they can do); once a player does, no one else is asked and ``effects``
    happen. With ``if_none`` ("If no one does, ..."): ``effects`` happen only if no player
    did."""

    options: tuple[PlayerOption, ...]
    effects: tuple[Effect, ...] = ()
    if_none: bool = False


@dataclass(frozen=True, slots=True)
class Kicked:
    """The condition "if it was kicked" / "if this spell was kicked" (702.33d), or with
    ``cost`` "if it was kicked with its [A] kicker" (702.33f: that kicker cost, e.g. ``"{W}"``).
    Linked to the object's kicker ability (607.2i)."""

    cost: str | None = None


@dataclass(frozen=True, slots=True)
class Declined:
    """The condition "If you don't" after a "you may" of the same resolution (608.2d): the
    player chose not to (or couldn't)."""


@dataclass(frozen=True, slots=True)
class Did:
    """The condition "If you do" after a "you may" of the same resolution (608.2c): the player
    chose to and could ("you may discard a card" with an empty hand is not done, 608.2d)."""


ResolutionCondition = Kicked | Declined | Did | Condition


@dataclass(frozen=True, slots=True)
class IfCondition:
    """ "If this spell was kicked, <effects>." (608.2c): ``effects`` happen only when
    ``condition`` holds as the spell or ability resolves (checked as the instruction is
    reached). ``otherwise``: what happens when it doesn't: "~ deals 2 damage to any target.
    ~ deals 4 damage instead if you control three or more artifacts." is the 4 damage if the
    condition holds, otherwise the 2 (608.2c: the later text modifies the earlier)."""

    condition: ResolutionCondition
    effects: tuple[Effect, ...]
    otherwise: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class ForEachTarget:
    """ "Choose any number of target ... . For each of them, <effects>." (608.2f): ``effects``
    are done completely for one target of slot ``slot`` (``Ref("each_target")``), then for the
    next, in the order the controller chooses; illegal targets are skipped (608.2b). After it,
    "the exiled cards" (``Ref("affected")``) are the objects every pass acted on."""

    slot: int
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class May:
    """ "You may ..." (the controller chooses on resolution whether to do ``effects``)."""

    effects: tuple[Effect, ...]


# --------------------------------------------------------------------------- replacement and prevention effects (614-616)


@dataclass(frozen=True, slots=True)
class Would:
    """The event a replacement or prevention effect watches: "If [something] would [event]"
    (614.1a, 615.1a).

    event:
      * ``"die"``: a creature would be put into a graveyard from the battlefield (700.4);
      * ``"to_graveyard"``: a card (or token) would be put into a graveyard from anywhere;
      * ``"destroyed"``: a permanent would be destroyed (701.8; regeneration, 701.19);
      * ``"draw"``: a player would draw a card (121.1, 614.11);
      * ``"gain_life"``: a player would gain life (119.3);
      * ``"create_tokens"``: an effect would create one or more tokens (111.2, 614.16);
      * ``"put_counters"``: an effect would put one or more counters on a permanent (122.1, 614.16);
      * ``"damage"``: a source would deal damage (120.1, 609.7);
      * ``"pay_life"``: a player would pay life (119.4; paying life is losing it, but only a
        payment is watched).

    Which objects and players it concerns:
      * ``self_only``: the ability's own source ("If ~ would die");
      * ``ref``: the object a resolving spell or ability named ("If that creature would die
        this turn"), fixed when the effect begins (611.2c);
      * ``filter``: the objects (the card moving, the permanent getting counters, the
        permanent dealt damage); ``player``: the players ("you would draw", "into an
        opponent's graveyard", "under your control", the player dealt damage), relative to
        the effect's controller. For damage, with neither set any recipient counts; with
        either set only the ones named do ("to you", "to a Cleric creature you control");
      * ``cards_only``: "a card": tokens don't count (to_graveyard);
      * ``source`` / ``source_self``: which sources of damage ("a source you control",
        "a creature you control", "~ would deal damage"); ``combat``: combat damage only;
      * ``counter``: one kind of counter ("+1/+1"), else any.
    """

    event: Literal[
        "die",
        "to_graveyard",
        "destroyed",
        "draw",
        "gain_life",
        "create_tokens",
        "put_counters",
        "damage",
        "pay_life",
    ]
    self_only: bool = False
    ref: Ref | None = None
    filter: Filter | None = None
    player: Literal["you", "opponent", "any", None] = None
    cards_only: bool = False
    source: Filter | None = None
    source_self: bool = False
    combat: bool = False
    counter: str = ""
    source_ref: Ref | None = None  # the source a resolving effect named ("by target creature")
    empty_library: bool = False  # draw: "while your library has no cards in it"
    # pay_life: "while your library has at least that many cards in it" (the payment's amount)
    library_enough: bool = False


@dataclass(frozen=True, slots=True)
class Instead:
    """What happens instead (614.1a), or the damage prevented (615.1a).

    kind:
      * ``"exile"``: the card is exiled instead;
      * ``"shuffle"``: it is put into its owner's library instead, which is then shuffled;
      * ``"scale"``: the event's number (tokens, counters, damage, life) becomes
        ``factor`` times it plus ``plus`` ("twice that many", "that much life plus 1",
        "double that damage");
      * ``"prevent"``: ``amount`` of the damage is prevented (None: all of it, 615.1a);
      * ``"draw"``: the player draws cards instead: ``amount`` of them, or "that many" (None);
      * ``"return_from_graveyard"``: the player returns a card from their graveyard to their
        hand instead (``or_lose``: "If you can't, you lose the game.");
      * ``"exile_from_graveyard"``: the player the damage would be dealt to exiles that many
        cards from their graveyard instead (``or_lose``: "If you can't, you lose the game.");
      * ``"regenerate"``: 701.19 (``gain_control``: "You gain control of that creature if it
        regenerates this way");
      * ``"skip"``: the event doesn't happen ("skip that draw", 614.1b);
      * ``"redirect"``: the damage is dealt to ``to`` instead (614.9);
      * ``"win"``: the player wins the game instead (104.2b);
      * ``"exile_from_library"``: the player exiles that many cards from the top of their
        library instead (cards entering the battlefield from it excluded, 614.13c).
    """

    kind: Literal[
        "exile",
        "shuffle",
        "scale",
        "prevent",
        "draw",
        "return_from_graveyard",
        "exile_from_graveyard",
        "regenerate",
        "skip",
        "redirect",
        "win",
        "exile_from_library",
    ]
    factor: int = 1
    plus: int = 0
    amount: int | None = None
    gain_control: bool = False
    or_lose: bool = False  # "If you can't, you lose the game." (104.3e)
    to: Ref | None = None  # "redirect": the permanent the damage is dealt to instead (614.9)


@dataclass(frozen=True, slots=True)
class CreateReplacement:
    """A resolving spell or ability creates a replacement or prevention effect (614.1a, 615.1a)
    lasting ``duration`` (611.2a): "Prevent all combat damage that would be dealt this turn",
    "If that creature would die this turn, exile it instead"."""

    would: Would
    instead: Instead
    duration: Literal["end_of_turn", "until_your_next_turn"] = "end_of_turn"


@dataclass(frozen=True, slots=True)
class Regenerate:
    """ "Regenerate target creature" (701.19a): a regeneration shield on each object: the next
    time it would be destroyed this turn, instead remove all damage marked on it, tap it and
    remove it from combat (614.8). ``gain_control``: "You gain control of that creature if it
    regenerates this way"."""

    what: Selector
    gain_control: bool = False


@dataclass(frozen=True, slots=True)
class RuleChange:
    """A change to the game's rules about events (613.11, 614.17, 615.12):
    ``"unpreventable"``: damage can't be prevented; ``"no_life_gain"``: ``players`` can't gain
    life (119.7); an effect on players (613.10): ``"hexproof"`` / ``"shroud"`` ("You have
    hexproof.", 702.11d, 702.18); their maximum hand size (402.2, 613.11): none, set to
    ``amount``, or changed by ``amount``.

    Playing and casting (601.3, 305.2): ``"no_land_play"``: ``players`` can't play lands;
    ``"no_graveyard_play"``: they can't play lands or cast spells from their own graveyards;
    ``"lands_cant_enter"``: lands can't enter the battlefield (614.17d);
    ``"play_from_graveyards"``: they may play lands and cast spells from other players'
    graveyards as though those cards were in their own graveyard (609.4a);
    ``"play_from_library_top"``: they may play the top card of their library (lands when
    ``lands``, the spells ``spells`` describes, 601.3e); ``"reveal_library_top"``: they play
    with the top card of their library revealed; ``"look_library_top"``: they may look at the
    top card of their library any time (401.5); ``"play_exiled"``: they may play the cards an
    effect exiled ("You may play it this turn.": ``ApplyRules.objects``).

    ``"protection"``: ``players`` have the protection ``keyword`` (702.16b, e: "you gain
    protection from the color of your choice until end of turn")."""

    rule: Literal[
        "unpreventable",
        "no_life_gain",
        "hexproof",
        "shroud",
        "no_maximum_hand_size",
        "maximum_hand_size",
        "maximum_hand_size_plus",
        "no_land_play",
        "no_graveyard_play",
        "lands_cant_enter",
        "play_from_graveyards",
        "play_from_library_top",
        "reveal_library_top",
        "look_library_top",
        "play_exiled",
        "protection",
    ]
    players: Literal["you", "opponent", "any"] = "any"
    # "maximum_hand_size": "is N"; "maximum_hand_size_plus": "increased by N" (negative:
    # "reduced by"), 402.2, 613.11.
    amount: int = 0
    lands: bool = False  # a permission to play lands
    spells: Filter | None = None  # a permission to cast these spells (zone "stack")
    keyword: str = ""  # "protection": the protection keyword ("protection from red")


@dataclass(frozen=True, slots=True)
class ApplyRules:
    """A resolving spell or ability changes the rules for ``duration`` (611.2): "Damage can't be
    prevented this turn", "Players can't gain life this turn"."""

    change: RuleChange
    duration: Literal["end_of_turn", "permanent", "end_of_your_next_turn", "until_your_next_turn"] = (
        "end_of_turn"
    )
    objects: Ref | None = None  # the cards it is about ("You may play them this turn.")


@dataclass(frozen=True, slots=True)
class SkipNextStep:
    """ "You skip your next untap step" (614.1b, 614.10): ``player`` skips the next ``step``
    of their own turns that hasn't started."""

    step: Literal["untap", "upkeep", "draw"]
    player: Ref = Ref("you")


#: The kinds of words a text-changing effect replaces (612.2): color words used as colors,
#: basic land types used as land types, creature types used as creature types.
TextWordKind = Literal["color", "land_type", "creature_type"]


@dataclass(frozen=True, slots=True)
class ChangeText:
    """612.1-612.2, 613.1c: "Change the text of target spell or permanent by replacing all
    instances of one color word with another." The two words are chosen as it resolves
    (608.2d), among the words of ``kinds`` (one kind, or "one color word with another or one
    basic land type with another"); the new word can't be one of ``forbidden`` ("The new
    creature type can't be Wall."). A layer-3 effect for ``duration``."""

    what: Ref
    kinds: tuple[TextWordKind, ...]
    forbidden: tuple[str, ...] = ()
    duration: Literal["end_of_turn", "permanent"] = "permanent"


Effect = (
    DealDamage
    | DamageEach
    | GainLife
    | GetEnergy
    | PayEnergy
    | LoseLife
    | WinGame
    | LoseGame
    | Sacrifice
    | CreateDelayed
    | Reflexive
    | Unless
    | CastWithoutPaying
    | CastForMadness
    | BecomeMonarch
    | Cascade
    | Mill
    | ExileTop
    | Manifest
    | Draw
    | Discard
    | Destroy
    | Exile
    | ReturnToHand
    | PutOntoBattlefield
    | CounterSpell
    | CopySpell
    | ApplyContinuous
    | GainControl
    | Tap
    | Untap
    | Transform
    | SkipNextUntap
    | Proliferate
    | RemoveCounters
    | CreateToken
    | CreateEmblem
    | CreateCopyToken
    | BecomeCopy
    | AddMana
    | AddOneOf
    | ReturnChosen
    | AddAnyColor
    | AddCouldProduce
    | SearchLibrary
    | Scry
    | PutCounters
    | PreventDamage
    | RevealTop
    | LookAtHand
    | PreventDamageSharingColor
    | ExileUntilSourceLeaves
    | Attach
    | May
    | ForEachTarget
    | IfCondition
    | AddManaProduced
    | Fight
    | LookAndTake
    | RevealUntil
    | LookAndSplit
    | ExchangeControl
    | CreateReplacement
    | Regenerate
    | ApplyRules
    | SkipNextStep
    | PutLinkedExile
    | MustBlock
    | GainActivatedAbilities
    | ChangeText
    | AnyPlayerMay
    | Planeswalk
    | ExileIfLeaves
)

# The effects whose engine handler records the objects it acted on, for "those creatures",
# "them", "that creature" afterwards in the same resolution (``Ref("affected")``, 608.2c).
# The lowering refuses a ``Ref("affected")`` that no earlier effect of these kinds produces;
# ``tests/architecture/test_affected_recorders.py`` keeps this set and the handlers in step.
RECORDS_AFFECTED: frozenset[type] = frozenset(
    {
        ApplyContinuous,
        Cascade,
        CastForMadness,
        CastWithoutPaying,
        CopySpell,
        Exile,
        ExileTop,
        ForEachTarget,
        PutCounters,
        PutOntoBattlefield,
        RevealTop,
        ReturnChosen,
        Sacrifice,
        Tap,
        Transform,
        Untap,
    }
)

# --------------------------------------------------------------------------- abilities


@dataclass(frozen=True, slots=True)
class Mode:
    """One mode of a modal spell (700.2): its own targets and effects."""

    effects: tuple[Effect, ...]
    targets: tuple[TargetSpec, ...] = ()
    text: str = ""


@dataclass(frozen=True, slots=True)
class SpellAbility:
    """What an instant or sorcery does when it resolves (113.3a). With ``modes``,
    the caster chooses ``choose`` of them while casting (601.2b)."""

    effects: tuple[Effect, ...] = ()
    targets: tuple[TargetSpec, ...] = ()
    modes: tuple[Mode, ...] = ()
    choose: int = 1
    text: str = ""
    # "Choose one. If this spell was kicked, choose any number instead." (601.4, 700.2):
    # kicked, the caster chooses one or more modes.
    any_if_kicked: bool = False
    # "Choose one or both —", "Choose one or more —" (700.2): at least one mode, at most ``choose``
    up_to: bool = False


@dataclass(frozen=True, slots=True)
class Keyword:
    """A keyword ability (702). ``arg`` holds its parameter: the enchant filter for
    "Enchant creature" (702.5), unused otherwise. Equip is lowered to an
    :class:`Activated` with ``equip=True`` as well as this marker."""

    name: str
    arg: Filter | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class Activated:
    """An activated ability "[Cost]: [Effect]" (602). ``mana_ability`` follows 605.1a;
    ``sorcery_speed`` for equip (702.6a) and loyalty abilities (606.3)."""

    cost: Cost
    effects: tuple[Effect, ...]
    targets: tuple[TargetSpec, ...] = ()
    mana_ability: bool = False
    sorcery_speed: bool = False
    equip: bool = False
    text: str = ""
    # 602.5d "Activate only during ...": "combat", "your_turn", "your_upkeep",
    # "your_turn_before_attackers", "declare_blockers", "upkeep" ("" : any time)
    only_during: str = ""
    # 113.6: the zone it functions from ("graveyard": embalm 702.128a, eternalize 702.129a;
    # "hand": cycling 702.29a and typecycling 702.29e)
    zone: Literal["battlefield", "graveyard", "hand"] = "battlefield"
    # 702.29a, 702.29f: a cycling ability (typecycling included): discarding the card to pay its
    # cost is cycling it (702.29c)
    cycling: bool = False
    # 602.5b "Activate only once each turn.": once per turn for each object with the ability
    once_each_turn: bool = False
    # 702.62a, 116.2f: suspend's special action (with this many time counters): pay the cost and
    # exile the card from the hand with that many time counters on it; it doesn't use the stack
    suspend: int = 0


#: The trigger events (see :class:`Trigger`); the engine indexes triggered abilities by them.
TriggerEvent = Literal[
    "tapped_for_mana",
    "enters",
    "dies",
    "put_into_graveyard",
    "attacks",
    "attacks_alone",
    "cast",
    "gain_life",
    "step",
    "deals_damage",
    "dealt_damage",
    "blocks",
    "becomes_blocked",
    "attacks_or_blocks",
    "blocks_or_blocked",
    "reflexive",
    "becomes_tapped",
    "becomes_untapped",
    "turned_face_up",
    "leaves",
    "state",
    "draws",
    "cast_self",
    "chaos",
    "planeswalk_to",
    "planeswalk_from",
    "discards",
    "cycles",
    "transforms_into",
    "day_night",
    "becomes_day",
    "becomes_night",
    "attack_with",
    "chapter",
    "becomes_target",
    "last_counter_removed",
]


@dataclass(frozen=True, slots=True)
class Trigger:
    """A trigger condition (603.1).

    event:
      * ``"enters"``: a permanent enters the battlefield (603.6a).
      * ``"dies"``: a creature is put into a graveyard from the battlefield (700.4).
      * ``"put_into_graveyard"``: this permanent is put into a graveyard from the battlefield.
      * ``"attacks"``: this creature is declared as an attacker (508.3a).
      * ``"attacks_alone"``: it is the only creature declared as an attacker (506.5, 508.3a).
      * ``"cast"``: a player casts a spell (601.2i).
      * ``"cast_self"``: "When you cast this spell" (a spell's own ability, 601.2i; storm
        702.40a): checked for the spell being cast, on the stack.
      * ``"gain_life"``: a player gains life.
      * ``"deals_damage"``: a source deals damage (120; 603.2h: not if all of it is
        prevented); ``combat`` for combat damage only; ``to`` says to whom.
      * ``"dealt_damage"``: damage is dealt to the object ("is dealt damage").
      * ``"blocks"`` / ``"becomes_blocked"`` / ``"attacks_or_blocks"`` /
        ``"blocks_or_blocked"``: blockers are declared (509.3a-d). ``per_creature``:
        once for each creature blocked or blocking ("blocks a creature", "becomes
        blocked by a creature"), which must match ``partner`` and is the triggering
        object; else once per combat.
      * ``"becomes_tapped"`` / ``"becomes_untapped"``: a permanent's status changes
        (603.2e-f: not when it enters the battlefield tapped or untapped).
      * ``"turned_face_up"``: a face-down permanent is turned face up (708.8; it doesn't enter
        the battlefield again, 702.37e).
      * ``"transforms_into"``: "When this creature transforms into ~" (701.27e): the source
        transforms (701.27a) and is the face with this ability immediately after it does.
      * ``"day_night"``: "Whenever day becomes night or night becomes day" (731.1a: not when it
        first becomes day or night); ``"becomes_day"``: "Whenever night becomes day";
        ``"becomes_night"``: "Whenever day becomes night".
      * ``"attack_with"``: "When you attack with ``nth`` or more creatures" (508.1: once for the
        declaration of attackers of the ability's controller, counting the creatures declared).
      * ``"draws"``: a player (``player``) draws a card (``nth``: their nth this turn).
        With ``reveal``, the linked static ability "Reveal the first card you draw each
        turn" reveals it, and the ability triggers only if it matches ``filter`` (603.11).
      * ``"state"``: a state trigger (603.8): it triggers when ``state`` is true, and not
        again while the ability is waiting or on the stack.
      * ``"leaves"``: a delayed ability's watched object leaves the battlefield (603.7a).
      * ``"reflexive"``: the trigger of a reflexive ability (603.12; never watched: the
        effect that creates it makes it trigger).
      * ``"step"``: a step or phase begins ("at the beginning of your upkeep", 603.1,
        503-513); ``step`` names it as the engine does ("upkeep", "draw",
        "precombat_main", "beginning_of_combat", "postcombat_main", "end").
      * ``"chaos"``: chaos ensues (311.7, 901.9b): a face-up plane's chaos ability.
      * ``"planeswalk_to"``: a player planeswalks to this plane (701.31d, 901.11), or encounters
        this phenomenon (312.5).
      * ``"planeswalk_from"``: a player planeswalks away from this plane (701.31d, 901.11b): it
        looks back (the plane turned face down is a new object, 901.7a).
      * ``"discards"``: a player (``player``) discards a card (701.9; cycling is discarding,
        702.29d: "cycles or discards" triggers once); ``filter`` for "another card".
      * ``"cycles"``: a player (``player``) cycles a card (702.29c-d, 702.29f); with
        ``self_only`` "When you cycle this card": it triggers from the zone the card went to.
      * ``"tapped_for_mana"``: a player taps a permanent ``filter`` describes for mana (a mana
        ability: it resolves at once, 605.1b, 605.4a, without the stack).
      * ``"chapter"``: a Saga's chapter ability (714.2): lore counters are put on its source
        (122.6: as it enters, too); it triggers once for each number N of ``chapters`` that
        the number of lore counters was less than and became at least (714.2b-c; read ahead,
        702.155a: the turn it entered, only the chapter equal to that number).
      * ``"last_counter_removed"``: the last counter of kind ``counter`` is removed from the
        source ("When the last time counter is removed from ~", vanishing 702.63a); for an
        ability that functions in exile (``Triggered.zone``), from the exiled card (suspend,
        702.62a).
      * ``"becomes_target"``: a permanent (the source, ``self_only``; the one it's attached to,
        ``host``; or one ``filter`` describes) becomes the target of a spell or ability (601.2c,
        603.3d; ward 702.21a); ``player``: that spell's or ability's controller ("an opponent
        controls"); ``partner``: which spells ("a spell", "an Aura spell"), None for any spell or
        ability. The triggering object is that spell or ability ("counter that spell or ability
        unless its controller pays {2}").
    ``self_only``: only the source itself counts. ``filter``: which other objects
    count (``Filter.other`` for "another"). ``player="you"``: the event's player must
    be the ability's controller ("whenever you cast", "whenever you gain life");
    ``"opponent"``: an opponent of the controller; ``"enchanted_player"``: the player
    the source enchants; ``"enchanted_controller"``: the controller of the permanent
    the source is attached to ("the upkeep of enchanted creature's controller").
    ``host``: the event's object is the permanent the source is attached to ("Whenever
    equipped creature deals combat damage", 301.5, 303.4).
    ``from_zone``: the zone the object came from ("whenever you cast a spell from
    your graveyard": the zone the spell was cast from, 601.2a).
    """

    event: TriggerEvent
    self_only: bool = False
    filter: Filter | None = None
    player: Literal["you", "opponent", "enchanted_player", "enchanted_controller", None] = None
    from_zone: Literal["hand", "graveyard", "library", "exile", "battlefield", None] = None
    step: str | None = None
    combat: bool = False
    to: Literal["player", "opponent", "you", "creature", "player_or_planeswalker", None] = None
    host: bool = False
    partner: Filter | None = None
    per_creature: bool = False
    state: Condition | None = None  # event "state": the game state that triggers it (603.8)
    nth: int = 0  # event "draws": only the player's nth card drawn each turn (0: any card)
    reveal: bool = False  # "Reveal the first card you draw each turn" (603.11): see event "draws"
    chapters: tuple[int, ...] = ()  # event "chapter": its chapter numbers ("I, II —": (1, 2), 714.2c)
    counter: str = ""  # event "last_counter_removed": the kind of counter ("time")


@dataclass(frozen=True, slots=True)
class Triggered:
    """A triggered ability "When/Whenever [trigger], [effect]" (603)."""

    trigger: Trigger
    effects: tuple[Effect, ...]
    targets: tuple[TargetSpec, ...] = ()
    text: str = ""
    condition: Condition | None = None  # 603.4: the intervening "if" clause
    # A modal triggered ability (700.2, 603.3c): its controller chooses ``choose`` of the
    # ``modes`` as it is put on the stack (then ``effects``/``targets`` are empty).
    modes: tuple[Mode, ...] = ()
    choose: int = 1
    kicked: Kicked | None = None  # the intervening "if it was kicked [with its [A] kicker]" (603.4)
    # the intervening "if its [evoke] cost was paid" (603.4, 702.74a): the alternative cost's
    # keyword (an :class:`AlternativeCost` of the same card) paid to cast the source's spell
    alt_paid: str = ""
    # 113.6: the zone it functions from: "exile" for suspend's abilities (702.62a), which trigger
    # for the card in its owner's exile
    zone: Literal["battlefield", "exile"] = "battlefield"


@dataclass(frozen=True, slots=True)
class Static:
    """A static ability (604) generating continuous modifications. ``cda``: a
    characteristic-defining ability (604.3): it works in every zone and applies first in
    its layer (613.3, 613.4a)."""

    mods: tuple[Modify, ...]
    text: str = ""
    cda: bool = False
    # "Enchanted creature is a copy of the chosen creature." (613.2a, 707.2c): a layer-1 copy
    # effect on the objects this selects, of the object chosen as its source entered (614.12a,
    # 607.2a), with that object's copiable values as they were then.
    copy_of_chosen: Selector | None = None


@dataclass(frozen=True, slots=True)
class EntersReplacement:
    """A replacement effect on how a permanent enters the battlefield (614.1c-d, 614.12):
    "~ enters tapped", "~ enters with N +1/+1 counters on it", "As ~ enters, choose a color".

    ``self_only``: it modifies how its own object enters (a static ability of the
    card that works as it would exist on the battlefield, 614.12); otherwise it
    applies to the permanents ``filter`` describes ("Creatures your opponents
    control enter tapped", 614.1d). ``counters`` are (kind, amount) pairs.
    """

    self_only: bool = True
    filter: Filter | None = None
    tapped: bool = False
    counters: tuple[tuple[str, Amount], ...] = ()
    text: str = ""
    # "As ~ enters, choose a color" (614.1c, 614.12a): the controller chooses before it enters;
    # the value is the object's (607.2a), read by its "the chosen color" abilities. "creature":
    # "choose a creature", a creature on the battlefield (not targeted), read by a linked
    # static copy effect (``Static.copy_of_chosen``, 707.2c).
    choose: Literal["color", "creature_type", "creature", None] = None
    # "You may have ~ enter as a copy of any creature on the battlefield" (707.9, 614.1c): its
    # controller may choose an object ``copy_of`` describes; it enters as a copy of it (707.2),
    # "except it's a TYPE in addition to its other types" adding ``copy_types``/``copy_subtypes``
    # to the copiable values (707.9b).
    copy_of: Filter | None = None
    copy_types: tuple[str, ...] = ()
    copy_subtypes: tuple[str, ...] = ()
    # "As ~ enters, exile any number of creature cards from your graveyard" (614.1c): its
    # controller chooses any number of the cards ``exile`` describes, none of them entering the
    # battlefield at the same time (614.13a), and they are exiled as it enters; they are "the
    # exiled cards" of its other abilities (607.2a).
    exile: Filter | None = None
    # "Creatures you control enter as a copy of this creature." (707.9, 614.1c): the permanents
    # ``filter`` describes enter as a copy of this ability's source (no choice).
    copy_of_source: bool = False
    # The copy's further exceptions (707.9b-d): "except it's 7/7", "it doesn't copy that
    # creature's color".
    copy_except: CopyExcept | None = None
    # "Devour N" (702.82a), "Devour [quality] N" (702.82c): as it enters its controller may
    # sacrifice any number of the permanents ``devour_of`` describes (creatures when None) that
    # they control; it enters with ``devour`` +1/+1 counters for each one (0: no devour).
    devour: int = 0
    devour_of: Filter | None = None
    # "This land enters tapped unless you control two or fewer other lands." (614.1c): it enters
    # tapped only when this condition is false as it would enter (614.12), checked for the
    # player who will control it.
    tapped_unless: Condition | None = None
    # "As ~ enters, you may pay N life. If you don't, it enters tapped." (614.1c, 119.4): as it
    # enters its controller may pay ``pay_life`` life (only with at least that much life); if
    # they don't, it enters tapped (0: no such choice).
    pay_life: int = 0
    # "If an opponent was dealt damage this turn, ~ enters with N +1/+1 counters on it."
    # (bloodthirst 702.54a): the counters only when an opponent of the player who will control it
    # was dealt damage this turn
    counters_if_opponent_damaged: bool = False


@dataclass(frozen=True, slots=True)
class Replacement:
    """A static ability generating a replacement or prevention effect (614.1a, 615.1a, 604):
    "If [would] would happen, [instead] instead", "If a source would deal damage to you,
    prevent 1 of that damage" (615.10). It works while its source is on the battlefield, or
    from every zone for "~ would be put into a graveyard from anywhere" (113.6b)."""

    would: Would
    instead: Instead
    text: str = ""


@dataclass(frozen=True, slots=True)
class GameRules:
    """A static ability changing the game's rules (613.11, 614.17, 615.12): "Damage can't be
    prevented.", "Players can't gain life." """

    changes: tuple[RuleChange, ...]
    text: str = ""


@dataclass(frozen=True, slots=True)
class SkipStep:
    """A static ability: "Skip your draw step." (614.1b, 614.10): its controller skips that
    step of each of their turns."""

    step: Literal["untap", "upkeep", "draw"]
    text: str = ""


@dataclass(frozen=True, slots=True)
class CommanderPermission:
    """ "~ can be your commander." (903.3d): a rule of Commander deck construction; it changes
    nothing in a game once it has begun."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class OpeningHand:
    """ "If this card is in your opening hand, you may begin the game with it on the
    battlefield." (103.6a)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class CostIncrease:
    """A static ability of a spell increasing its cost (601.2f):
    ``generic_per_extra_target`` more for each target beyond the first."""

    generic_per_extra_target: int = 0
    text: str = ""


@dataclass(frozen=True, slots=True)
class AdditionalCost:
    """ "As an additional cost to cast this spell, sacrifice a creature." (601.2b): a cost
    every cast of the spell pays (601.2h) besides its mana cost: sacrificing one permanent
    ``sacrifice`` describes (controlled by the caster), or, for the other costs ("discard a
    card", "exile a creature card from your graveyard", "pay 3 life"), ``parts``: paid by the
    same routine as an activated ability's (``karn.engine.costs``)."""

    sacrifice: Filter | None
    text: str = ""
    parts: tuple[CostPart, ...] = ()


@dataclass(frozen=True, slots=True)
class CostReduction:
    """A static ability of a permanent: "Black spells and green spells you cast cost {1} less
    to cast." (601.2f): the generic part of the total cost of each spell its controller casts
    that ``spells`` matches is reduced by ``generic`` (never below zero, 601.2f). A negative
    ``generic`` is an increase ("Spells cost {1} more to cast."). ``spells.controller``:
    "you" (the spells its controller casts), "opponent", or None (every player's spells)."""

    spells: Filter | None  # None: this spell itself ("This spell costs {1} less to cast ...")
    generic: int
    text: str = ""
    per: Count | None = None  # "... for each <objects>": ``generic`` times that number


@dataclass(frozen=True, slots=True)
class LoyaltyCostIncrease:
    """A static ability: "Planeswalkers' loyalty abilities you activate cost an additional [+1]
    to activate." (606.5): the loyalty cost of each loyalty ability its controller activates
    changes by ``loyalty`` more ([+1] becomes [+2], [-4] becomes [-3])."""

    loyalty: int
    text: str = ""


@dataclass(frozen=True, slots=True)
class CastRestriction:
    """A static ability: "[players] can't cast [spells]" ("Your opponents can't cast spells with
    even mana values."). ``players`` is relative to the ability's controller; a spell ``spells``
    describes can't be cast by them (601.2e: checked once its mana value is known, X included;
    601.3a: it may be begun if some choice could make it legal)."""

    players: Literal["you", "opponent", "any"]
    spells: Filter
    text: str = ""


@dataclass(frozen=True, slots=True)
class FlashPermission:
    """A static ability: "You may cast [spells] as though they had flash." (702.8a; 601.3b:
    checked as the spell is proposed, with the choices that make it one of those spells)."""

    spells: Filter
    text: str = ""
    players: Literal["you", "any"] = "you"  # "Any player may cast ..."


@dataclass(frozen=True, slots=True)
class Bestow:
    """ "Bestow [cost]" (702.103a): an alternative cost (118.9, 601.2b); cast bestowed, the spell
    is an Aura enchantment with enchant creature (702.103b) until it ceases to be bestowed
    (702.103e-f)."""

    cost: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class Flashback:
    """ "Flashback [cost]" (702.34a): the card may be cast from its owner's graveyard (if the
    spell is an instant or sorcery) by paying [cost] rather than its mana cost (118.9); cast so,
    it is exiled instead of going anywhere else whenever it would leave the stack."""

    cost: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class Morph:
    """ "Morph [cost]" (702.37a): the card may be cast face down as a 2/2 creature spell for {3}
    rather than its mana cost (an alternative cost, 118.9, 702.37c); its controller may turn the
    face-down permanent face up any time they have priority by paying [cost], a special action
    (702.37e, 116.2b). ``mega``: "Megamorph [cost]" also puts a +1/+1 counter on it as it's
    turned face up for that cost (702.37b)."""

    cost: str
    mega: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class AlternativeCost:
    """A keyword that lets its card be cast by paying [cost] rather than its mana cost (118.9,
    601.2b): ``keyword`` "evoke" (702.74a), "dash" (702.109a), "overload" (702.96a), "spectacle"
    (702.137a: only if an opponent of the caster lost life this turn) or "surge" (702.117a: only
    if the caster has cast another spell this turn). What paying it means besides is
    compiled with it (the evoke sacrifice trigger, dash's haste) and read from the spell's
    ``Obj.alt_cost``. ``effects``: what the keyword's static ability that functions on the stack
    does as the spell becomes a permanent, if its cost was paid (dash: create the delayed
    triggered ability that returns it to its owner's hand, 603.7; ``Ref("self")`` is the
    permanent). ``spell``: overload's text-changing effect (702.96a, 702.96c): the card's spell
    ability with every word "target" replaced by "each", so it has no targets (702.96b)."""

    keyword: Literal["evoke", "dash", "overload", "spectacle", "surge"]
    cost: str
    text: str = ""
    effects: tuple[Effect, ...] = ()
    spell: SpellAbility | None = None


@dataclass(frozen=True, slots=True)
class Kicker:
    """ "Kicker [cost]" / "Kicker [cost 1] and/or [cost 2]" (702.33a-b): optional additional
    costs the caster may pay as the spell is cast (601.2b, 601.2f); ``costs`` are mana costs
    in the order printed. ``multi``: "Multikicker [cost]": the one kicker cost may be paid any
    number of times (702.33c)."""

    costs: tuple[str, ...]
    text: str = ""
    multi: bool = False


@dataclass(frozen=True, slots=True)
class Unsupported:
    """Text the compiler could not express. A card with one is not playable."""

    clause: str
    reason: str = ""


@dataclass(frozen=True, slots=True)
class DoesntUntap:
    """ "~ doesn't untap during your untap step." (502.3): its controller's untap step skips it."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class CantBeCountered:
    """ "This spell can't be countered." (113.6g: it functions on the stack): effects that
    counter it do nothing to it (701.6a)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class SpendAsAnyColor:
    """ "You may spend blue mana as though it were mana of any color to pay the activation costs
    of ~'s abilities." (609.4b): ``color`` mana may pay any colored symbol of the activation cost
    of an ability of this object (printed or gained)."""

    color: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class BecomesDayAsEnters:
    """ "If it's neither day nor night, it becomes day as ~ enters." (731.1: the game gets the
    day designation as the permanent enters, when it has neither)."""

    text: str = ""


Ability = (
    Keyword
    | Activated
    | Triggered
    | Static
    | SpellAbility
    | CostIncrease
    | EntersReplacement
    | Kicker
    | AlternativeCost
    | AdditionalCost
    | CostReduction
    | LoyaltyCostIncrease
    | Replacement
    | GameRules
    | SkipStep
    | OpeningHand
    | CommanderPermission
    | CastRestriction
    | FlashPermission
    | Bestow
    | Flashback
    | SpendAsAnyColor
    | DoesntUntap
    | CantBeCountered
    | BecomesDayAsEnters
    | Morph
    | Unsupported
)


@dataclass(frozen=True, slots=True)
class CompiledCard:
    """The abilities of one card face, in Oracle order."""

    name: str
    abilities: tuple[Ability, ...] = field(default=())

    @property
    def playable(self) -> bool:
        return not any(isinstance(a, Unsupported) for a in self.abilities)

    @property
    def unsupported(self) -> tuple[Unsupported, ...]:
        return tuple(a for a in self.abilities if isinstance(a, Unsupported))
