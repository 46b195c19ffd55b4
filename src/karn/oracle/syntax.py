"""The Oracle AST: what the parser builds and :mod:`karn.oracle.lowering` turns into IR.

The AST stays close to the English: noun phrases (:class:`NP`) still hold
pronouns and unresolved targets; each verb phrase shape has its own node
(:class:`DamageVP`, :class:`DrawVP`, ... subclasses of :class:`VerbA`).
Resolving "it", numbering target slots (115.1) and fusing multi-sentence
patterns is the lowering's job.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from karn.ir.nodes import ObjectRuleKind

# An amount: a number, or "X" (107.3).


@dataclass(frozen=True, slots=True)
class SignedX:
    """ "+X" or "-X" in a power/toughness change ("gets +X/+X", "-X/-0"): ``sign`` 1 or -1."""

    sign: int


@dataclass(frozen=True, slots=True)
class XPlus:
    """ "X plus 3" as an amount."""

    plus: int


AmountA = int | Literal["X", "that_much", "kicked"] | XPlus  # "kicked": for each time it was kicked (702.33d)


@dataclass(frozen=True, slots=True)
class Word:
    """One descriptor word of a noun phrase: kind is e.g. "type", "subtype", "card", "color"."""

    kind: str
    value: str
    plural: bool = False  # written in the plural ("creatures")


@dataclass(frozen=True, slots=True)
class Qual:
    """A qualifier after the nouns: "you control", "from your graveyard", "target player controls"."""

    kind: Literal[
        "controller",
        "owner",
        "zone",
        "player_controls",
        "from_it",
        "attacked_with",
        "from_among",
        "chosen",
        "their_choice",
        "mana_value",
        "enchant",
        "exiled_with_self",
        "combat_with_self",
        "compare",
        "colors",
        "died_this_way",  # "creatures that died this way" (700.4): only a quantity counts them
        "keyword",
        "not_keyword",
    ]
    value: str = ""  # "you" / "opponent" for controller/owner; the zone for "zone"; "B,R,G" for colors
    player: NP | None = None  # for player_controls
    # "compare" ("with power 4 or greater", 202.3): value is the number compared ("power",
    # "toughness", "mana_value", "power_or_toughness"), op "ge" / "le" / "eq", amount the constant
    # (None: X, "with mana value X or less")
    op: Literal["ge", "le", "eq", ""] = ""
    amount: int | None = None


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
    "your_opponents",
    "any_player",
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
    "poss_controller",
    "poss_owner",
    "target",
    "any_target",
    "all",
    "each",
    "another",
    "a",
    "bare",
    "upto",
    "zone",
    "all_zones",
    "loyalty_abilities",
    "same",  # nothing named: "deals 4 damage instead" (the recipient of what it replaces)
]


@dataclass(frozen=True, slots=True)
class NP:
    """A noun phrase naming objects, players or a zone.

    * ``target``: ``min``/``max`` give the count ("two target lands"), ``other`` for
      "another target", ``any_number`` for "any number of".
    * ``zone``: ``zone`` is "graveyard"/"hand"/"library", ``owner`` the possessor
      (None for "your", the NP for "target player's", "their" -> kind "it"-like pronoun).
    * ``all_zones``: every player's zone of that kind ("all graveyards", 404.1).
    * ``poss_controller`` / ``poss_owner``: "<owner>'s controller" ("that land's
      controller", "target creature's owner"); ``owner`` is the object's NP.
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
    # 111.4, 113.2c: 'with "<triggered ability>"': each quoted ability and its own text
    quoted: tuple[tuple[TriggeredA, str], ...] = ()
    tapped: bool = False  # "create a tapped 1/1 ... token" (111.2: it enters tapped)
    # "a Treasure token", "two Food tokens" (111.10): a predefined token, named by its subtype
    predefined: bool = False


# --------------------------------------------------------------------------- verb phrases
#
# One node per verb shape of the grammar. Each has its own lowering, registered
# in :mod:`karn.oracle.lowering` (a completeness test checks every class here
# has one). ``text`` is the verb phrase as written (for error messages).


class VerbA:
    """Base class of the verb phrase nodes (never built itself)."""

    __slots__ = ()
    text: str  # every subclass has this field


@dataclass(frozen=True, slots=True)
class DamageVP(VerbA):
    """ "deal N damage to R" (120); ``divided``: "divided evenly, rounded down, among R";
    with ``chosen``: "divided as you choose among R" (601.2d)."""

    amount: AmountA
    recipient: NP
    divided: bool = False
    text: str = ""
    power_of: NP | None = None  # "deals damage equal to <its / that creature's> power"
    chosen: bool = False
    mana_value_of: NP | None = None  # "deals damage equal to <its / that card's> mana value" (202.3)


@dataclass(frozen=True, slots=True)
class PreventSharingColorVP(VerbA):
    """ "prevent the next N damage that would be dealt to R and each other <type> that shares a
    color with it this turn" (615.11)."""

    amount: AmountA
    recipient: NP
    others: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class PreventDamageVP(VerbA):
    """ "prevent the next N damage that would be dealt to R this turn" (615.7)."""

    amount: AmountA
    recipient: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class GainLifeVP(VerbA):
    amount: AmountA
    text: str = ""


@dataclass(frozen=True, slots=True)
class EnergyVP(VerbA):
    """ "get {E}{E}", "get six {E}", "get {E} for each <desc>" (``pay``: "pay {E}{E}", 107.14):
    the symbols, the number word before them, the description counted."""

    symbols: str
    times: int = 1
    each: Desc | None = None
    pay: bool = False
    any_amount: bool = False  # "may pay any amount of {E}" (107.1c)
    # "an amount of {E} equal to <quantity>" ("X", with the quantity around it), "that many {E}"
    amount: str = ""
    text: str = ""


@dataclass(frozen=True, slots=True)
class GainLifePowerVP(VerbA):
    """ "gain life equal to its power" / "... to <np>'s power"."""

    of: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class LoseLifeVP(VerbA):
    amount: AmountA
    text: str = ""


@dataclass(frozen=True, slots=True)
class LoseLifeManaValueVP(VerbA):
    """ "lose life equal to <of>'s mana value" (202.3)."""

    of: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class WinGameVP(VerbA):
    """ "win the game" (104.2b)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class LoseGameVP(VerbA):
    """ "lose the game" (104.3d)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class DrawVP(VerbA):
    amount: AmountA
    text: str = ""


@dataclass(frozen=True, slots=True)
class DiscardVP(VerbA):
    """ "discard N cards" (the discarding player chooses, 701.9a)."""

    amount: AmountA
    text: str = ""


@dataclass(frozen=True, slots=True)
class MillVP(VerbA):
    """ "mill N cards" (701.17a)."""

    amount: AmountA
    text: str = ""


@dataclass(frozen=True, slots=True)
class ManifestTopVP(VerbA):
    """ "manifest the top card of your library" (701.40a)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class DiscardChosenVP(VerbA):
    """ "discard that card" (the card chosen from a revealed hand)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class ScryVP(VerbA):
    amount: AmountA
    text: str = ""
    surveil: bool = False  # "surveil N" (701.25a): the others go to the graveyard


@dataclass(frozen=True, slots=True)
class DestroyVP(VerbA):
    obj: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class CantBeCounteredVP(VerbA):
    """ "This spell can't be countered." (113.6g)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class CantBeRegeneratedVP(VerbA):
    """ "It can't be regenerated." after a destroy (701.19c)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class ExileVP(VerbA):
    obj: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class ExileUntilVP(VerbA):
    """ "exile <obj> until ~ leaves the battlefield" (610.3)."""

    obj: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class ReturnVP(VerbA):
    """ "return <obj> to <dest>"."""

    obj: NP
    dest: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class CounterVP(VerbA):
    obj: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class CopyVP(VerbA):
    """ "copy <spell>" (707.10), with "except that the copy is <color>" (707.9b)."""

    obj: NP
    color: str = ""
    text: str = ""


@dataclass(frozen=True, slots=True)
class CopyAbilityVP(VerbA):
    """ "copy target [activated or] triggered ability you control" (707.10)."""

    kinds: tuple[str, ...]
    text: str = ""


@dataclass(frozen=True, slots=True)
class NewTargetsVP(VerbA):
    """ "may choose new targets for the copy" (707.10c), after a "copy" clause."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class ModifyVP(VerbA):
    """ "get +N/+N", "gain <keywords>", "have <keywords>", "can't attack", "can't block",
    "can't attack or block" (611, 613; 508.1c, 509.1b)."""

    power: int | SignedX = 0
    toughness: int | SignedX = 0
    keywords: tuple[str, ...] = ()
    cant_attack: bool = False
    cant_block: bool = False
    until_eot: bool = False
    text: str = ""
    set_colors: tuple[str, ...] = ()  # "become black": the colors it becomes (105.3, layer 5)
    # 'has "{T}: Add {G}."' (113.2c, 613.1f): the quoted abilities granted, by their index in the line
    quoted: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class QuotedA:
    """A quoted ability (113.2c) in a list of what an object has or gains: the ``index``-th
    quoted ability of the line, compiled on its own by the compiler."""

    index: int


@dataclass(frozen=True, slots=True)
class AttackUnlessVP(VerbA):
    """ "can't attack unless defending player controls an Island" (508.1c)."""

    subtype: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class ObjectRuleVP(VerbA):
    """ "can't be blocked" (509.1b), "attacks each combat if able" (508.1d), "can block only
    creatures with flying" (509.1b): a rule of combat for the subject."""

    kind: ObjectRuleKind
    until_eot: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class GainKeywordAbilityVP(VerbA):
    """ "gain devour 5": a keyword ability that is not a plain keyword, granted as the ability
    it stands for (613.1f; 702.82a)."""

    keyword: KeywordA
    until_eot: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class BlockLimitVP(VerbA):
    """ "can block an additional creature each combat" (``extra`` 1), "can block any number
    of creatures" (``extra`` -1): 509.1a. ``of`` is the card type named."""

    extra: int
    of: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class GainControlVP(VerbA):
    """ "gain control of <obj>" (613.1b); ``as_long``: "for as long as you control ~" (611.2b)."""

    obj: NP
    until_eot: bool = False
    text: str = ""
    as_long: bool = False


@dataclass(frozen=True, slots=True)
class ControlVP(VerbA):
    """ "You control enchanted creature." (a static ability's control-changing effect, 613.1b)."""

    obj: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class CopyOfChosenVP(VerbA):
    """ "Enchanted creature is a copy of the chosen creature." (707.2c, 613.2a): a static
    ability's copy effect; ``kind`` is the card type of the object chosen as its source
    entered (614.12a)."""

    kind: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class ExchangeControlVP(VerbA):
    """ "exchange control of two target creatures" (701.12b)."""

    obj: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class ChangeTextVP(VerbA):
    """ "change the text of <obj> by replacing all instances of one color word with another
    [or one basic land type with another] [until end of turn]" (612.1-612.2)."""

    obj: NP
    kinds: tuple[Literal["color", "land_type", "creature_type"], ...]
    until_eot: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class RegenerateVP(VerbA):
    """ "regenerate <obj>" (701.19a)."""

    obj: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class GainControlIfRegeneratesVP(VerbA):
    """ "gain control of that creature if it regenerates this way" (after "Regenerate target
    creature."): the regeneration shield also gives control (701.19a, 613.1b)."""

    obj: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class PreventAllVP(VerbA):
    """ "prevent all [combat] damage that would be dealt [to R] [by S] [this turn]" (615.1a,
    611.2a); without a duration, a static ability's prevention effect."""

    combat: bool = False
    text: str = ""
    to: NP | None = None
    by: NP | None = None
    this_turn: bool = False
    to_and_by: bool = False  # "dealt to and dealt by <np>": both (``to`` and ``by`` are that np)


@dataclass(frozen=True, slots=True)
class CantGainLifeVP(VerbA):
    """ "can't gain life [this turn]" (119.7)."""

    until_eot: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class SkipStepVP(VerbA):
    """ "skip your [next] draw step" (614.1b, 614.10)."""

    step: str
    next: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class TapVP(VerbA):
    obj: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class UntapVP(VerbA):
    obj: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class TransformVP(VerbA):
    """ "transform <object>" (701.27a)."""

    obj: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class SkipUntapVP(VerbA):
    """ "don't untap during <whose>'s next untap step"."""

    whose: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class AttachVP(VerbA):
    """ "attach <obj> to <dest>" (701.3)."""

    obj: NP
    dest: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class CreateTokenVP(VerbA):
    token: TokenA
    text: str = ""


@dataclass(frozen=True, slots=True)
class GetEmblemVP(VerbA):
    """ "[player] gets an emblem with '<ability>'" (114.1): the indices of the line's quoted
    abilities (113.2c) the emblem has."""

    quoted: tuple[int, ...]
    text: str = ""


@dataclass(frozen=True, slots=True)
class CreateCopyTokenVP(VerbA):
    """ "create a token that's a copy of <np>[, except ...]" (707.2, 707.9)."""

    what: NP
    text: str = ""
    exceptions: CopyExceptions = field(default_factory=lambda: CopyExceptions())


@dataclass(frozen=True, slots=True)
class AddManaVP(VerbA):
    mana: str
    text: str = ""
    each: Desc | None = None  # "Add {G} for each creature you control."
    chosen_color: int = 0  # "Add one mana of the chosen color." (607.2a): how many


@dataclass(frozen=True, slots=True)
class AddOneOfVP(VerbA):
    """ "add {R} or {G}", "add {W}, {U}, or {B}" (106.1): one of these, chosen as it resolves."""

    options: tuple[str, ...]
    text: str = ""


@dataclass(frozen=True, slots=True)
class AddAnyColorVP(VerbA):
    """ "add one mana of any color", "add two mana of any one color", "add three mana in any
    combination of colors", "... of any color in your commander's color identity" (106.1a, 903.4)."""

    count: int
    combination: bool = False  # "in any combination of colors"
    commander: bool = False  # "in your commander's color identity"
    text: str = ""


@dataclass(frozen=True, slots=True)
class AddCouldProduceVP(VerbA):
    """ "add one mana of any type/color that a land you control could produce" (106.7)."""

    count: int
    permanents: NP
    colors_only: bool = False  # "any color" rather than "any type"
    text: str = ""


@dataclass(frozen=True, slots=True)
class AddManaProducedVP(VerbA):
    """ "adds one mana of any type that land produced" (106.12a, 605.1b)."""

    count: int
    permanent_type: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class LookTopVP(VerbA):
    """ "look at the top seven cards of your library" (701.x: the cards stay hidden to others)."""

    amount: AmountA
    library: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class PutRestBottomVP(VerbA):
    """ "Put the rest on the bottom of your library in a random order." """

    library: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class LoyaltyCostMoreVP(VerbA):
    """ "cost an additional [+1] to activate" (606.5)."""

    loyalty: int
    text: str = ""


@dataclass(frozen=True, slots=True)
class FightVP(VerbA):
    """ "[creature] fights [creature]" (701.14)."""

    other: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class PutCountersVP(VerbA):
    """ "put N <kind> counters on <obj>" (122)."""

    amount: AmountA
    kind: str
    obj: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class SearchVP(VerbA):
    """ "search <library> for <what>" (701.23)."""

    library: NP
    what: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class PutOntoBattlefieldVP(VerbA):
    """ "put <obj> onto the battlefield [tapped] [under your control] [with N KIND counters on
    it]" (110.2a, 122.6); ``under``: "you" or "owner" when the text says whose control."""

    obj: NP
    tapped: bool = False
    text: str = ""
    under: str | None = None
    counters: tuple[tuple[str, AmountA], ...] = ()


@dataclass(frozen=True, slots=True)
class ReturnToBattlefieldVP(VerbA):
    """ "return <obj> to the battlefield [tapped] [under its owner's control] [with N KIND
    counters on it]" (from a graveyard or exile, 400.7)."""

    obj: NP
    tapped: bool = False
    text: str = ""
    under: str | None = None
    counters: tuple[tuple[str, AmountA], ...] = ()
    transformed: bool = False  # 712.14a: "... to the battlefield transformed"


@dataclass(frozen=True, slots=True)
class DoesntUntapVP(VerbA):
    """ "<subject> doesn't untap during your untap step" (502.3)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class MustBlockVP(VerbA):
    """ "<subject> blocks <attacker> this turn if able" (509.1c)."""

    attacker: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class GainActivatedOfVP(VerbA):
    """ "<subject> gains all activated abilities of <obj> [until end of turn]" (613.1f)."""

    obj: NP
    until_eot: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class PutIntoVP(VerbA):
    """ "put <obj> into <dest>" (a hand, a graveyard ...)."""

    obj: NP
    dest: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class ShuffleVP(VerbA):
    text: str = ""


@dataclass(frozen=True, slots=True)
class BecomeMonarchVP(VerbA):
    """ "you become the monarch" (725.1)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class ProliferateVP(VerbA):
    """ "proliferate" (701.34a)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class RevealTopVP(VerbA):
    """ "reveal the top card of <library>" (701.20)."""

    library: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class LookHandVP(VerbA):
    """ "look at <player>'s hand" (701.20e)."""

    player: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class RevealVP(VerbA):
    """ "reveal <obj>": a hand, or the card just found by a search."""

    obj: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class ChooseVP(VerbA):
    """ "choose <obj>": a card from a revealed hand, or targets ("Choose any number of target
    creatures and/or players.", 115.1, 601.2c)."""

    obj: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class SacrificeVP(VerbA):
    obj: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class CostIncreaseVP(VerbA):
    """ "cost {N} more to cast for each target beyond the first" (601.2f)."""

    mana: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class CostReductionVP(VerbA):
    """ "cost {N} less to cast" (601.2f), said of the spells a player casts or of this spell;
    ``each``: "... for each creature card in your graveyard"."""

    mana: str
    text: str = ""
    each: Desc | None = None
    more: bool = False  # "cost {N} more to cast": an increase (601.2f)


@dataclass(frozen=True, slots=True)
class EntersVP(VerbA):
    """ "enters tapped", "enters with N +1/+1 counters on it" (614.1c-d): how the
    subject enters the battlefield, a static ability's replacement effect."""

    tapped: bool = False
    counters: tuple[tuple[str, AmountA], ...] = ()
    text: str = ""
    # "Creatures you control enter as a copy of this creature." (707.9, 614.1c)
    copy_of_source: bool = False
    # "This land enters tapped unless you control two or fewer other lands." (614.1c)
    unless: ConditionA | None = None


@dataclass(frozen=True, slots=True)
class CopyExceptions:
    """The exceptions of a copy effect (707.9): "except it's a TYPE in addition to its other
    types" (``types``, ``subtypes``), "except it's 7/7" (``power``, ``toughness``, 707.9b),
    "except it has this ability" (707.9a), "except it doesn't copy that creature's color"
    (707.9c)."""

    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    this_ability: bool = False
    not_color: bool = False
    counters: tuple[tuple[str, AmountA], ...] = ()  # 707.9e: "it enters with X additional ..."
    # "except ... it has \"At the beginning of your upkeep, ...\"" (707.9a): quoted abilities
    gains: tuple[tuple[TriggeredA, str], ...] = ()
    keywords: tuple[str, ...] = ()  # "except it has haste" (707.9a)
    not_supertypes: tuple[str, ...] = ()  # "except it isn't legendary" (707.9b)


@dataclass(frozen=True, slots=True)
class BecomeCopyVP(VerbA):
    """ "[this creature] becomes a copy of that creature[, except it has this ability]" (707.4:
    a permanent already on the battlefield becomes a copy)."""

    what: NP
    exceptions: CopyExceptions = CopyExceptions()
    text: str = ""
    have_self: bool = False  # "[you may] have ~ become a copy of ...": the source becomes it


@dataclass(frozen=True, slots=True)
class EnterAsCopyVP(VerbA):
    """ "[you may] have ~ enter as a copy of any creature on the battlefield[, except it's a
    TYPE in addition to its other types]" (707.9, 614.1c)."""

    what: Desc
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    text: str = ""
    exceptions: CopyExceptions = CopyExceptions()


@dataclass(frozen=True, slots=True)
class LayerVP(VerbA):
    """A layered change of a static ability's objects (613.1d-f, 613.4b):
    "lose all abilities", "have base power and toughness 1/1", "have base power and base
    toughness each equal to its mana value", "is a creature in addition to its other types",
    "are Mountains" (305.7), "are the chosen type", "are the chosen color in addition to their
    other colors"."""

    kind: Literal[
        "lose_all_abilities",
        "base_pt",
        "base_pt_mana_value",
        "add_types",
        "is_types",
        "chosen_type",
        "add_chosen_color",
        "lose_keywords",
        "switch",
        "choose_color",
        "become",
        "become_mana_value",
        "become_with",
        "is_pt_still",
    ]
    power: int = 0
    toughness: int = 0
    types: tuple[str, ...] = ()  # card types named (205.2a)
    subtypes: tuple[str, ...] = ()  # subtypes named (205.3)
    keywords: tuple[str, ...] = ()  # "loses flying"
    colors: tuple[str, ...] = ()  # "becomes a 3/3 black creature"
    still: bool = False  # "... that's still a land" (205.1b: it keeps its other types)
    subject: NP | None = None  # "switch target creature's power and toughness"
    granted: SentenceA | None = None  # "becomes a ... creature with "<quoted ability>"" (113.2c)
    until_eot: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class SacrificeCountVP(VerbA):
    """ "sacrifice two lands of their choice" (701.21a): ``amount`` permanents of ``group``
    that the sacrificing player chooses."""

    amount: AmountA
    group: tuple[Word, ...]
    text: str = ""


@dataclass(frozen=True, slots=True)
class HaveSelfDealDamageVP(VerbA):
    """ "have ~ deal 5 damage to them / that player" (a player chooses to be dealt damage by
    the source, 120.3)."""

    amount: AmountA
    recipient: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class EitherVP(VerbA):
    """ "<verb> or <verb>": the acting player does one of them, their choice."""

    options: tuple[VerbA, ...]
    text: str = ""


@dataclass(frozen=True, slots=True)
class MayVP(VerbA):
    """ "may <verb>": the option covers the rest of the chain."""

    sub: VerbA
    text: str = ""


@dataclass(frozen=True, slots=True)
class Item:
    """One clause of a chain: an optional subject and a verb phrase."""

    subject: NP | None
    vp: VerbA
    sep: str = ""  # the connective before this item: "", ",", "and", "then"


# --------------------------------------------------------------------------- sentences


class SentenceA:
    """Base class of the sentence nodes (never built itself)."""

    __slots__ = ()
    text: str  # every subclass has this field


@dataclass(frozen=True, slots=True)
class NewWordCantBeSentence(SentenceA):
    """ "The new creature type can't be Wall." (a limit on the word a text-changing effect
    of the sentence before chooses, 612.2)."""

    kind: Literal["creature_type"]
    word: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class ChainSentence(SentenceA):
    """Clauses joined by ",", "and", "then" (608.2c: followed in order)."""

    items: tuple[Item, ...]
    text: str = ""


@dataclass(frozen=True, slots=True)
class UntilNextTurnSentence(SentenceA):
    """ "Until your next turn, <chain>." / "<chain> until your next turn.": the continuous
    effects of the chain last until its controller's next turn begins (611.2a)."""

    chain: ChainSentence
    text: str = ""


@dataclass(frozen=True, slots=True)
class IfItsSentence(SentenceA):
    """ "If it's a land card, <chain>." (after a reveal, 701.20)."""

    cond: NP
    items: tuple[Item, ...]
    text: str = ""


@dataclass(frozen=True, slots=True)
class DelayedSentence(SentenceA):
    """ "Sacrifice it at the beginning of the next end step." / "At end of combat, return
    that creature to its owner's hand." (603.7): ``step`` is the engine's step name,
    ``whose`` "you" for "your next upkeep" (else any player's)."""

    items: tuple[Item, ...]
    step: str
    whose: str = ""
    text: str = ""


@dataclass(frozen=True, slots=True)
class AdditionalCostSentence(SentenceA):
    """ "As an additional cost to cast this spell, sacrifice a creature." (601.2b, 601.2h)."""

    costs: tuple[CostA, ...]
    text: str = ""


@dataclass(frozen=True, slots=True)
class ReflexiveSentence(SentenceA):
    """ "When you do, <chain>." after an optional action: a reflexive triggered ability
    (603.12)."""

    items: tuple[Item, ...]
    text: str = ""


@dataclass(frozen=True, slots=True)
class ForEachOpponentSentence(SentenceA):
    """ "For each opponent, <chain>." (608.2f)."""

    items: tuple[Item, ...]
    text: str = ""


@dataclass(frozen=True, slots=True)
class ForEachOfThemSentence(SentenceA):
    """ "For each of them, <chain>." after a choice of targets (608.2f): the chain is done for
    one target at a time."""

    items: tuple[Item, ...]
    text: str = ""


@dataclass(frozen=True, slots=True)
class UnlessSentence(SentenceA):
    """ "<chain> unless <player> pays <mana>." (118.12): the player may pay; if they do,
    the chain doesn't happen."""

    items: tuple[Item, ...]
    payer: NP
    mana: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class IfAPlayerDoesSentence(SentenceA):
    """ "If a player does [either], <chain>." after "any player may ..." (101.4, 608.2d); with
    ``none``: "If no one does, <chain>."."""

    items: tuple[Item, ...]
    none: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class IfYouDontSentence(SentenceA):
    """ "If you don't, <chain>." after a "you may" (608.2d)."""

    items: tuple[Item, ...]
    text: str = ""


@dataclass(frozen=True, slots=True)
class IfYouDoSentence(SentenceA):
    """ "If you do, <chain>." after a "you may" (608.2c: only if the player did it)."""

    items: tuple[Item, ...]
    text: str = ""


@dataclass(frozen=True, slots=True)
class OnlyDuringSentence(SentenceA):
    """ "Activate only during combat / your turn / your upkeep ..." (602.5d): ``window``
    names when (see :attr:`karn.ir.Activated.only_during`)."""

    window: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class DelayedLeavesSentence(SentenceA):
    """ "When that creature leaves the battlefield [this turn], <chain>." (603.7a): a
    delayed ability watching the object ``watched`` names."""

    watched: NP
    items: tuple[Item, ...]
    this_turn: bool = False
    text: str = ""
    or_untapped: bool = False  # "When ~ leaves the battlefield or becomes untapped, ..."


@dataclass(frozen=True, slots=True)
class WouldA:
    """ "<subject> would <event>" of a replacement or prevention effect (614.1a, 615.1a).

    ``event``: "die", "any_graveyard" (into a graveyard from anywhere), "graveyard" (into
    ``whose`` graveyard from anywhere), "destroyed", "draw", "gain_life", "create_tokens",
    "put_counters" (on ``on``), "deal_damage" (to ``on``, if said), "dealt_damage"
    (``subject`` is dealt damage), "tokens_created", "counters_put" (passive forms, no
    subject). ``counter``: the kind of counter named. ``this_turn``: a duration was said.
    """

    event: str
    subject: NP | None = None
    whose: str = ""
    counter: str = ""
    on: NP | None = None
    combat: bool = False
    this_turn: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class IfKickedSentence(SentenceA):
    """ "If this spell was kicked, <chain>." (702.33d)."""

    items: tuple[Item, ...]
    text: str = ""


@dataclass(frozen=True, slots=True)
class IfConditionSentence(SentenceA):
    """ "If <condition>, <chain>." (608.2c: checked as the instruction is reached; right after a
    trigger condition, an intervening "if" clause, 603.4). ``instead``: "If <condition>, <chain>
    instead." / "<chain> instead if <condition>." (the chain replaces the sentence before it
    when the condition holds). ``kicked``: the condition is "if this spell was kicked" (702.33d)."""

    condition: ConditionA | None
    items: tuple[Item, ...]
    instead: bool = False
    kicked: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class AsLongAsConditionSentence(SentenceA):
    """ "As long as <condition>, <chain>." / "<chain> as long as <condition>." (611.3a): a
    static ability's effect that applies only while the condition is true."""

    condition: ConditionA
    items: tuple[Item, ...]
    text: str = ""


@dataclass(frozen=True, slots=True)
class InsteadA:
    """What happens instead, or what is prevented (614.1a, 615.1a).

    ``kind``: "exile" (``obj``), "shuffle" (``obj`` into ``dest``; ``reveal``: "reveal ~ and"),
    "twice_tokens", "twice_counters" (``counter``, on ``dest``), "more_counters" (``amount``
    more), "prevent" (``amount``), "prevent_all", "double_damage" / "triple_damage" (``subject``
    deals it, to ``dest``), "life_plus" (``amount``), "life_twice", "draw_that_many",
    "draw" (``amount``), "return" (``obj`` to ``dest``), "regenerate" (``obj``),
    "exile_that_many" (cards from the graveyard ``dest``).
    """

    kind: str
    obj: NP | None = None
    dest: NP | None = None
    subject: NP | None = None
    amount: AmountA | None = None
    counter: str = ""
    reveal: NP | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class ReplacementSentence(SentenceA):
    """ "If <would>, <instead>." (614.1a, 615.1a): a static ability's replacement effect, or
    one a resolving spell creates with a duration ("If that creature would die this turn,
    exile it instead.")."""

    would: WouldA
    instead: InsteadA
    text: str = ""


@dataclass(frozen=True, slots=True)
class DayAsEntersSentence(SentenceA):
    """ "If it's neither day nor night, it becomes day as ~ enters." (731.1)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class UnpreventableSentence(SentenceA):
    """ "Damage can't be prevented [this turn]." (615.12)."""

    this_turn: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class OrLoseSentence(SentenceA):
    """ "If you can't, you lose the game." after a replacement effect (104.3e)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class HandSizeSentence(SentenceA):
    """ "Your maximum hand size is reduced by four." / "Each opponent's maximum hand size is
    reduced by one." / "Your maximum hand size is two." / "You have no maximum hand size."
    (402.2, 613.11). ``players``: "you", "opponent" or "any"; ``change``: "none" (no maximum),
    "set", "increase" or "reduce" by ``amount``."""

    players: str
    change: str
    amount: AmountA = 0
    text: str = ""


@dataclass(frozen=True, slots=True)
class CommanderSentence(SentenceA):
    """ "~ can be your commander." (903.3d)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class OpeningHandSentence(SentenceA):
    """ "If ~ is in your opening hand, you may begin the game with it on the battlefield." (103.6a)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class SpendAsAnyColorVP(VerbA):
    """ "[You] may spend blue mana as though it were mana of any color to pay the activation
    costs of ~'s abilities." (609.4b)."""

    color: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class ChooseColorSentence(SentenceA):
    """ "Choose a color." as a spell or ability resolves (608.2d), read by a later "protection
    from the chosen color" (702.16a)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class SorceryOnlySentence(SentenceA):
    """ "Activate only as a sorcery." (602.5d)."""

    text: str = ""
    once: bool = False  # "... and only once each turn." (602.5b)


@dataclass(frozen=True, slots=True)
class OnceEachTurnSentence(SentenceA):
    """ "Activate only once each turn." (602.5b)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class AsEntersChooseSentence(SentenceA):
    """ "As ~ enters, choose a color." / "... choose a creature type." / "... choose a
    creature." (614.1c, 614.12a, 607.2a)."""

    choice: Literal["color", "creature_type", "creature"]
    text: str = ""


@dataclass(frozen=True, slots=True)
class AsEntersPayLifeSentence(SentenceA):
    """ "As ~ enters, you may pay 2 life. If you don't, it enters tapped." (614.1c, 119.4)."""

    amount: AmountA
    text: str = ""


@dataclass(frozen=True, slots=True)
class AsEntersExileSentence(SentenceA):
    """ "As this creature enters, exile any number of creature cards from your graveyard."
    (614.1c, 614.13a): cards chosen and exiled as the permanent enters."""

    desc: Desc
    text: str = ""


@dataclass(frozen=True, slots=True)
class CdaExiledTotalSentence(SentenceA):
    """ "~'s power is equal to the total power of the exiled cards and its toughness is equal
    to their total toughness." (604.3, linked to the ability that exiled them, 607.2a)."""

    subject: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class SameIsTrueSentence(SentenceA):
    """ "The same is true for creature spells you control and creature cards you own that
    aren't on the battlefield.": the previous sentence's changes reach these objects too."""

    descs: tuple[Desc, ...]
    text: str = ""


@dataclass(frozen=True, slots=True)
class AsLongAsSentence(SentenceA):
    """ "As long as enchanted permanent is a creature, it has flying." (611.3a): ``items``
    apply while ``subject`` has one of ``types``/``subtypes``; ``granted``: "it has "<quoted
    ability>"" (113.2c)."""

    subject: NP
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    items: tuple[Item, ...] = ()
    granted: SentenceA | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class NumberOfA:
    """ "the number of <desc>" (``objects``), "the number of card types among <desc>"."""

    what: Literal["objects", "card_types"]
    desc: Desc


class QuantityA:
    """Base class of the quantity nodes (107.1: one number an ability reads; never built itself).
    A literal number is an ``int`` (:data:`QuantityNode`)."""

    __slots__ = ()


QuantityNode = QuantityA | int


@dataclass(frozen=True, slots=True)
class NumberOfQ(QuantityA):
    """ "the number of <desc>", "the number of card types among <desc>"."""

    number: NumberOfA


@dataclass(frozen=True, slots=True)
class LifeTotalQ(QuantityA):
    """ "your life total" (119)."""


@dataclass(frozen=True, slots=True)
class CharacteristicQ(QuantityA):
    """ "<object>'s power", "its toughness", "that creature's mana value" (208, 202.3)."""

    of: NP
    what: Literal["power", "toughness", "mana_value"]


@dataclass(frozen=True, slots=True)
class CountersQ(QuantityA):
    """ "the number of +1/+1 counters on <object>" (``kind`` "" : "counters", 122.1)."""

    kind: str
    on: NP


@dataclass(frozen=True, slots=True)
class GreatestPowerQ(QuantityA):
    """ "the greatest power among <desc>"."""

    desc: Desc


@dataclass(frozen=True, slots=True)
class HalfQ(QuantityA):
    """107.1a: "half <quantity>, rounded up/down"."""

    of: QuantityNode
    round_up: bool


@dataclass(frozen=True, slots=True)
class PlusQ(QuantityA):
    """ "<quantity> plus <quantity>" ("X plus 1", "one plus the number of ...")."""

    terms: tuple[QuantityNode, ...]


@dataclass(frozen=True, slots=True)
class TotalManaValueQ(QuantityA):
    """ "the total mana value of <desc>" (202.3)."""

    desc: Desc


@dataclass(frozen=True, slots=True)
class DiedThisWayQ(QuantityA):
    """ "the number of creatures that died this way" (700.4)."""

    card_type: str


@dataclass(frozen=True, slots=True)
class TwiceQ(QuantityA):
    """ "twice <quantity>"."""

    of: QuantityNode


@dataclass(frozen=True, slots=True)
class EachVP(VerbA):
    """ "<vp> for each <desc>" (107.1): the instruction's number times the count of what the
    description names, counted as the effect happens (608.2h)."""

    vp: VerbA
    desc: Desc
    text: str = ""


@dataclass(frozen=True, slots=True)
class DefinedAmountVP(VerbA):
    """A verb phrase whose amount is a number the text counts ("gain life equal to the number of
    creatures you control", "draw a card for each tapped creature ..."): ``vp`` reads X and
    ``x`` is that number; the sentence around it is read as "<vp>, where X is <x>" (107.3)."""

    vp: VerbA
    x: QuantityNode
    text: str = ""


@dataclass(frozen=True, slots=True)
class WhereXSentence(SentenceA):
    """ "<chain>, where X is <quantity>.": X in the chain is that number (107.3: X defined by
    the text, not chosen)."""

    items: tuple[Item, ...]
    x: QuantityNode
    text: str = ""


@dataclass(frozen=True, slots=True)
class CdaSentence(SentenceA):
    """A characteristic-defining ability (604.3): "~'s power and toughness are each equal to
    N" (``plus`` None), "~'s power is equal to N and its toughness is equal to that number plus
    K" (``plus`` K)."""

    subject: NP
    number: NumberOfA
    plus: int | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class Effects:
    sentences: tuple[SentenceA, ...]
    text: str = ""


# --------------------------------------------------------------------------- costs (118, 602.1)


class CostA:
    """Base class of the cost part nodes (never built itself)."""

    __slots__ = ()
    text: str  # every subclass has this field


@dataclass(frozen=True, slots=True)
class ManaCostA(CostA):
    mana: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class TapCostA(CostA):
    """{T} (107.5)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class UntapCostA(CostA):
    """{Q} (107.6)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class SacrificeCostA(CostA):
    """ "Sacrifice ~", "Sacrifice a creature", "Sacrifice two artifacts" (``count``)."""

    obj: NP
    text: str = ""
    count: AmountA = 1


@dataclass(frozen=True, slots=True)
class PayLifeCostA(CostA):
    amount: AmountA
    text: str = ""


@dataclass(frozen=True, slots=True)
class PayEnergyCostA(CostA):
    """ "Pay {E}{E}", "Pay eight {E}" (107.14): the symbols and the number word before them."""

    symbols: str
    times: int = 1
    text: str = ""


@dataclass(frozen=True, slots=True)
class DiscardCostA(CostA):
    """ "Discard a card", "Discard two cards" (``count``), "... at random" (``random``)."""

    obj: NP
    text: str = ""
    count: AmountA = 1
    random: bool = False


@dataclass(frozen=True, slots=True)
class RemoveCountersCostA(CostA):
    """ "Remove a +1/+1 counter from ~" (``kind`` "" for "a counter" of any kind)."""

    amount: AmountA
    kind: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class PutCountersCostA(CostA):
    """ "Put a -1/-1 counter on ~" as a cost."""

    amount: AmountA
    kind: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class ExileFromCostA(CostA):
    """ "Exile a creature card from your graveyard", "Exile two cards from your hand" (the
    zone is the description's); "Exile ~ from your graveyard" (``graveyard``)."""

    obj: NP
    text: str = ""
    count: AmountA = 1
    graveyard: bool = False


@dataclass(frozen=True, slots=True)
class ExileSelfCostA(CostA):
    """ "Exile ~" as a cost."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class ReturnCostA(CostA):
    """ "Return ~ to its owner's hand", "Return a land you control to its owner's hand"."""

    obj: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class TapOtherCostA(CostA):
    """ "Tap an untapped creature you control", "Tap two untapped artifacts you control"."""

    obj: NP
    text: str = ""
    count: AmountA = 1


@dataclass(frozen=True, slots=True)
class MillCostA(CostA):
    """ "Mill a card" as a cost (701.17a)."""

    amount: AmountA
    text: str = ""


@dataclass(frozen=True, slots=True)
class ExileTopCostA(CostA):
    """ "Exile the top ten cards of your library" as a cost part (602.1, 118.3)."""

    amount: AmountA
    text: str = ""


# --------------------------------------------------------------------------- keywords (702)


class KeywordA:
    """Base class of the keyword ability nodes (never built itself)."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class BestowA(KeywordA):
    """ "Bestow {4}{U}" (702.103a)."""

    cost: str


@dataclass(frozen=True, slots=True)
class FlashbackA(KeywordA):
    """ "Flashback {2}{R}" (702.34a)."""

    cost: str


@dataclass(frozen=True, slots=True)
class AltCostA(KeywordA):
    """An alternative cost keyword (118.9): "Evoke {1}{U}" (702.74a)."""

    keyword: str
    cost: str


@dataclass(frozen=True, slots=True)
class MorphA(KeywordA):
    """ "Morph {2}{B}{B}", "Megamorph {1}{G}" (702.37a-b)."""

    cost: str
    mega: bool = False


@dataclass(frozen=True, slots=True)
class KickerA(KeywordA):
    """ "Kicker {2}{G}", "Kicker {W} and/or {2}{B}" (702.33a-b)."""

    costs: tuple[str, ...]
    multi: bool = False  # "Multikicker {1}{G}" (702.33c)


@dataclass(frozen=True, slots=True)
class DevourA(KeywordA):
    """ "Devour 3", "Devour artifact 1", "Devour Food 3" (702.82a, 702.82c): ``quality`` is the
    card type (``kind`` "type") or subtype (``kind`` "subtype") of the permanents it may
    sacrifice; none: creatures."""

    n: int
    quality: str = ""
    kind: str = ""


@dataclass(frozen=True, slots=True)
class StaticKeywordA(KeywordA):
    """A keyword of the table (:mod:`karn.ir.keywords`) without a parameter ("flying",
    "prowess" ...): lowered by its class."""

    name: str


@dataclass(frozen=True, slots=True)
class ProtectionA(KeywordA):
    """ "Protection from <quality>" (702.16a), one name per quality ("from A and from B",
    702.16g): "protection from red", "protection from the chosen color"."""

    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class EnchantA(KeywordA):
    """ "Enchant <desc>" (702.5)."""

    desc: Desc


@dataclass(frozen=True, slots=True)
class EmbalmA(KeywordA):
    """ "Embalm {5}{R}" (702.128a) or "Eternalize {4}{B}{B}" (702.129a)."""

    mana_cost: str
    eternalize: bool = False

    @property
    def name(self) -> str:
        return "eternalize" if self.eternalize else "embalm"


@dataclass(frozen=True, slots=True)
class CyclingA(KeywordA):
    """ "Cycling {2}" (702.29a) or "[Type]cycling {2}" (702.29e): ``types`` are the words of the
    type ("basic", "land"; empty for plain cycling)."""

    mana_cost: str
    types: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class EquipA(KeywordA):
    """ "Equip <cost>" (702.6)."""

    mana: str


@dataclass(frozen=True, slots=True)
class NumberKeywordA(KeywordA):
    """A keyword of the table (:mod:`karn.ir.keywords`) with a number: "Bushido 2" (702.45a)."""

    name: str
    n: int


@dataclass(frozen=True, slots=True)
class ManaKeywordA(KeywordA):
    """A keyword of the table (:mod:`karn.ir.keywords`) with a mana cost: "Ward {2}" (702.21a)."""

    name: str
    mana: str


@dataclass(frozen=True, slots=True)
class AffinityA(KeywordA):
    """ "Affinity for artifacts" (702.41a): the type or subtype named (singular)."""

    what: str


@dataclass(frozen=True, slots=True)
class EchoA(KeywordA):
    """ "Echo {2}{R}" (702.30a)."""

    mana: str


@dataclass(frozen=True, slots=True)
class SuspendA(KeywordA):
    """ "Suspend 4—{U}" (702.62a): the number of time counters and the cost."""

    n: int
    mana: str


@dataclass(frozen=True, slots=True)
class WardA(KeywordA):
    """ "Ward {2}", "Ward—Pay 2 life.", "Ward—{2}, Pay 2 life." (702.21a): the cost."""

    costs: tuple[CostA, ...]


@dataclass(frozen=True, slots=True)
class UnearthA(KeywordA):
    """ "Unearth {2}{B}" (702.84a)."""

    mana: str


@dataclass(frozen=True, slots=True)
class CrewA(KeywordA):
    """ "Crew 3" (702.122a)."""

    n: int


@dataclass(frozen=True, slots=True)
class StormA(KeywordA):
    """ "Storm" (702.40)."""


# --------------------------------------------------------------------------- trigger conditions (603.1)


class TriggerA:
    """Base class of the trigger condition nodes (never built itself)."""

    __slots__ = ()
    text: str  # every subclass has this field


@dataclass(frozen=True, slots=True)
class EntersTriggerA(TriggerA):
    """ "<subject> enters" (603.6a)."""

    subject: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class DiesTriggerA(TriggerA):
    """ "<subject> dies" (700.4)."""

    subject: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class LeavesTriggerA(TriggerA):
    """ "<subject> leaves the battlefield" (603.6c, 603.10a)."""

    subject: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class AttacksTriggerA(TriggerA):
    """ "<subject> attacks" (508.3a), "<subject> attacks alone" (506.5); ``with_at_least``: "you
    attack with N or more <type>" (508.1)."""

    subject: NP
    text: str = ""
    alone: bool = False
    with_at_least: int = 0
    with_type: str = ""


@dataclass(frozen=True, slots=True)
class PutIntoGraveyardTriggerA(TriggerA):
    """ "<subject> is put into a graveyard from the battlefield"."""

    subject: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class CastTriggerA(TriggerA):
    """ "<caster> cast(s) <spell>" (601.2i)."""

    caster: NP
    spell: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class EitherTriggerA(TriggerA):
    """ "<subject> enters or <subject> dies": two trigger events for one ability. Each event
    triggers it on its own (603.2c), so it is compiled as one triggered ability per event."""

    first: TriggerA
    second: TriggerA
    text: str = ""


@dataclass(frozen=True, slots=True)
class TapsForManaTriggerA(TriggerA):
    """ "a player taps a land for mana" (605.1b, 106.12a)."""

    player: NP
    permanent: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class TargetedTriggerA(TriggerA):
    """ "<subject> becomes the target of a spell or ability [an opponent controls]" (601.2c,
    603.3d). ``spell_only``: "of a spell"; ``whose``: "you" / "opponent" control it, or None."""

    subject: NP
    spell_only: bool = False
    whose: str | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class DayNightTriggerA(TriggerA):
    """ "day becomes night or night becomes day", "night becomes day", "day becomes night"
    (731.1a). ``kind``: "day_night", "becomes_day", "becomes_night"."""

    kind: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class ChaosTriggerA(TriggerA):
    """ "chaos ensues" (311.7): a plane's chaos ability."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class PlaneswalkToTriggerA(TriggerA):
    """ "you planeswalk to ~" / "you planeswalk here" (701.31d, 901.11): this plane is turned
    face up by planeswalking."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class PlaneswalkFromTriggerA(TriggerA):
    """ "you planeswalk away from ~" (701.31d, 901.11b): this plane is turned face down (or
    leaves the game) as a player planeswalks."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class EncounterTriggerA(TriggerA):
    """ "you encounter ~" (312.5): this phenomenon moved off a planar deck and turned face up."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class GainLifeTriggerA(TriggerA):
    """ "you gain life"."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class DrawTriggerA(TriggerA):
    """ "<player> draws a card" / "<player> draws their second card each turn"; with
    ``reveal``: "Reveal the first card you draw each turn. Whenever you reveal <card>
    this way" (603.11: a static ability linked to a triggered ability)."""

    player: NP
    nth: int = 0
    reveal: NP | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class DiscardTriggerA(TriggerA):
    """ "<player> cycle(s) <card>" (702.29c-d), "<player> cycle(s) or discard(s) <card>"
    (702.29d) or "<player> discard(s) <card>" (701.9). ``cycle``: cycling only; else any
    discard (cycling is discarding)."""

    player: NP
    card: NP
    cycle: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class StateTriggerA(TriggerA):
    """ "When you control no Islands" (603.8: a state trigger)."""

    condition: ConditionA
    text: str = ""


@dataclass(frozen=True, slots=True)
class CombatTriggerA(TriggerA):
    """ "<subject> blocks [a creature]", "<subject> becomes blocked [by a creature]",
    "<subject> attacks or blocks", "<subject> blocks or becomes blocked [by a creature]"
    (508.3a, 509.3a-d), and "<subject> becomes tapped / untapped" (603.2e-f). ``kind``:
    "blocks", "becomes_blocked", "attacks_or_blocks", "blocks_or_blocked",
    "becomes_tapped", "becomes_untapped"; ``other``: the creature blocked or blocking."""

    subject: NP
    kind: str
    other: NP | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class DamageTriggerA(TriggerA):
    """ "<source> deals [combat] damage [to <recipient>]" and "<subject> is dealt damage"
    (603.2h, 120). ``dealt``: the subject is the recipient ("is dealt damage")."""

    subject: NP
    combat: bool
    recipient: NP | None = None
    dealt: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class StepTriggerA(TriggerA):
    """ "At the beginning of <whose> <step>" (603.1, 503-513). ``step`` is the engine's
    step name; ``whose``: "you", "each", "opponent", "enchanted_player",
    "enchanted_controller" (the controller of the permanent the source enchants)."""

    step: str
    whose: str
    text: str = ""


# --------------------------------------------------------------------------- abilities


@dataclass(frozen=True, slots=True)
class ActivatedA:
    costs: tuple[CostA, ...]
    effects: Effects
    loyalty: int | None = None
    loyalty_x: bool = False  # "[−X]" (107.7)


@dataclass(frozen=True, slots=True)
class ConditionA:
    """An intervening "if" clause (603.4). kind: "life" ("<subject> has N or more life"),
    "no_cards_in_hand", "control" ("<subject> controls N or more <desc>"), "tapped",
    "untapped" ("<subject> is tapped"). ``op``/``value``: ">=" or "<=" and the number."""

    kind: str
    subject: NP
    op: str = ">="
    value: int = 0
    desc: Desc | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class TriggeredA:
    trigger: TriggerA
    effects: Effects
    condition: ConditionA | None = None
    modal: ModalA | None = None  # "When ~ enters, choose one — • ... • ..." (700.2)
    kicked: str | None = None  # "if it was kicked[ with its {W} kicker]": "" or the cost (603.4)


@dataclass(frozen=True, slots=True)
class ModalA:
    choose: int
    modes: tuple[Effects, ...] = field(default=())
    any_if_kicked: bool = False  # "If this spell was kicked, choose any number instead." (601.4)
    # "Choose one or both —" (choose 2), "Choose one or more —" (choose every mode): at least one
    # of them and at most ``choose`` (700.2)
    up_to: bool = False


AbilityA = KeywordA | ActivatedA | TriggeredA | ModalA | Effects


@dataclass(frozen=True, slots=True)
class CantCastVP(VerbA):
    """ "[players] can't cast [spells]" (a static ability's restriction on casting, 601.3a)."""

    spells: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class CantBlockWithVP(VerbA):
    """ "[players] can't block with [creatures]" (a restriction on blocking, 509.1b)."""

    blockers: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class CastAsThoughFlashVP(VerbA):
    """ "may cast [spells] as though they had flash" (a permission on timing, 601.3b, 702.8)."""

    spells: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class CantPlayVP(VerbA):
    """ "can't play lands" (305.2) / "can't play lands or cast spells from their graveyards
    [this turn]" (601.3: a rule or effect prohibits playing or casting)."""

    from_graveyard: bool = False
    until_eot: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class CantEnterVP(VerbA):
    """ "can't enter the battlefield" (614.17d)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class PlayFromVP(VerbA):
    """A permission to play cards from a zone other than the hand (601.3, 305.2): "may play
    lands from the top of your library", "may cast creature spells from the top of your
    library" (601.3e), "may play lands and cast spells from other players' graveyards this
    turn as though those cards were in your graveyard" (609.4a). ``spells``: the spells that
    may be cast (None: no spells); ``lands``: lands may be played."""

    zone: Literal["library_top", "other_graveyards"]
    lands: bool = False
    spells: Desc | None = None
    until_eot: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class LookAnyTimeVP(VerbA):
    """ "may look at the top card of your library any time" (401.5)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class RevealUntilSentence(SentenceA):
    """ "Reveal cards from the top of your library until you reveal a <desc>. Put that card into
    your hand and the rest on the bottom of your library in a random order." (701.20a)."""

    desc: Desc
    text: str = ""


@dataclass(frozen=True, slots=True)
class RevealTopSentence(SentenceA):
    """ "Play with the top card of your library revealed." (401.5)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class ExileTopVP(VerbA):
    """ "exile the top [N] card(s) of [your] library" (406.1); "... the top X cards of their
    library" (X defined by a "where X is" sentence, :class:`WhereXSentence`)."""

    amount: AmountA
    whose: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class SplitLookedVP(VerbA):
    """ "Put one of them into your hand and the other into your graveyard.", "Exile one of them
    and put the other into your hand." after "Look at the top two cards of your library":
    ``one`` and ``other`` are where each goes ("hand", "graveyard", "bottom", "exile")."""

    one: str
    other: str
    text: str = ""


@dataclass(frozen=True, slots=True)
class PlayThoseVP(VerbA):
    """ "may play it / them / those cards / the exiled cards [this turn | until the end of your
    next turn]": a permission to play the cards an earlier instruction exiled (601.3).
    ``until``: "this turn" / "until end of turn" ("eot"), "until the end of your next turn"
    ("next_turn"), or none said ("")."""

    until: Literal["", "eot", "next_turn"] = ""
    text: str = ""
