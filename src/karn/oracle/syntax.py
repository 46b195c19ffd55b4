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

    kind: Literal["controller", "owner", "zone", "player_controls", "from_it", "chosen"]
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
    """ "deal N damage to R" (120); ``divided``: "divided evenly, rounded down, among R"."""

    amount: AmountA
    recipient: NP
    divided: bool = False
    text: str = ""


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
class GainLifePowerVP(VerbA):
    """ "gain life equal to its power" / "... to <np>'s power"."""

    of: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class LoseLifeVP(VerbA):
    amount: AmountA
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
class DiscardChosenVP(VerbA):
    """ "discard that card" (the card chosen from a revealed hand)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class ScryVP(VerbA):
    amount: AmountA
    text: str = ""


@dataclass(frozen=True, slots=True)
class DestroyVP(VerbA):
    obj: NP
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
class ModifyVP(VerbA):
    """ "get +N/+N", "gain <keywords>", "have <keywords>", "can't attack", "can't block",
    "can't attack or block" (611, 613; 508.1c, 509.1b)."""

    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    cant_attack: bool = False
    cant_block: bool = False
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
class ExchangeControlVP(VerbA):
    """ "exchange control of two target creatures" (701.12b)."""

    obj: NP
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
class AddManaVP(VerbA):
    mana: str
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
    obj: NP
    tapped: bool = False
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
class RevealTopVP(VerbA):
    """ "reveal the top card of <library>" (701.20)."""

    library: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class RevealVP(VerbA):
    """ "reveal <obj>": a hand, or the card just found by a search."""

    obj: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class ChooseVP(VerbA):
    """ "choose <obj>" (a card from a revealed hand)."""

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
class EntersVP(VerbA):
    """ "enters tapped", "enters with N +1/+1 counters on it" (614.1c-d): how the
    subject enters the battlefield, a static ability's replacement effect."""

    tapped: bool = False
    counters: tuple[tuple[str, AmountA], ...] = ()
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
class ChainSentence(SentenceA):
    """Clauses joined by ",", "and", "then" (608.2c: followed in order)."""

    items: tuple[Item, ...]
    text: str = ""


@dataclass(frozen=True, slots=True)
class IfItsSentence(SentenceA):
    """ "If it's a land card, <chain>." (after a reveal, 701.20)."""

    cond: NP
    items: tuple[Item, ...]
    text: str = ""


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
class InsteadA:
    """What happens instead, or what is prevented (614.1a, 615.1a).

    ``kind``: "exile" (``obj``), "shuffle" (``obj`` into ``dest``; ``reveal``: "reveal ~ and"),
    "twice_tokens", "twice_counters" (``counter``, on ``dest``), "more_counters" (``amount``
    more), "prevent" (``amount``), "prevent_all", "double_damage" / "triple_damage" (``subject``
    deals it, to ``dest``), "life_plus" (``amount``), "life_twice", "draw_that_many",
    "draw" (``amount``), "return" (``obj`` to ``dest``), "regenerate" (``obj``).
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
class UnpreventableSentence(SentenceA):
    """ "Damage can't be prevented [this turn]." (615.12)."""

    this_turn: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class EntersChooseSentence(SentenceA):
    """ "As ~ enters, choose a color / a creature type." (614.1c, 614.12a)."""

    kind: str  # "color" / "creature_type"
    text: str = ""


@dataclass(frozen=True, slots=True)
class OrLoseSentence(SentenceA):
    """ "If you can't, you lose the game." after a replacement effect (104.3e)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class OpeningHandSentence(SentenceA):
    """ "If ~ is in your opening hand, you may begin the game with it on the battlefield." (103.6a)."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class SorceryOnlySentence(SentenceA):
    """ "Activate only as a sorcery." (602.5d)."""

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
    obj: NP
    text: str = ""


@dataclass(frozen=True, slots=True)
class PayLifeCostA(CostA):
    amount: AmountA
    text: str = ""


@dataclass(frozen=True, slots=True)
class DiscardCostA(CostA):
    obj: NP
    text: str = ""


# --------------------------------------------------------------------------- keywords (702)


class KeywordA:
    """Base class of the keyword ability nodes (never built itself)."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class StaticKeywordA(KeywordA):
    """A keyword that is only a marker for the engine ("flying", "haste" ...)."""

    name: str


@dataclass(frozen=True, slots=True)
class EnchantA(KeywordA):
    """ "Enchant <desc>" (702.5)."""

    desc: Desc


@dataclass(frozen=True, slots=True)
class EquipA(KeywordA):
    """ "Equip <cost>" (702.6)."""

    mana: str


@dataclass(frozen=True, slots=True)
class ProwessA(KeywordA):
    """ "Prowess" (702.108)."""


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
class AttacksTriggerA(TriggerA):
    """ "<subject> attacks" (508.3a)."""

    subject: NP
    text: str = ""


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
class GainLifeTriggerA(TriggerA):
    """ "you gain life"."""

    text: str = ""


# --------------------------------------------------------------------------- abilities


@dataclass(frozen=True, slots=True)
class ActivatedA:
    costs: tuple[CostA, ...]
    effects: Effects
    loyalty: int | None = None


@dataclass(frozen=True, slots=True)
class TriggeredA:
    trigger: TriggerA
    effects: Effects


@dataclass(frozen=True, slots=True)
class ModalA:
    choose: int
    modes: tuple[Effects, ...] = field(default=())


AbilityA = KeywordA | ActivatedA | TriggeredA | ModalA | Effects
