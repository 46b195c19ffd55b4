"""The keyword table: every keyword ability karn knows (702), declared once.

Each :class:`KeywordSpec` says what a keyword is called, what parameter follows its name, its
class, its rule, and (for a keyword that stands for an ability written in words, 702.1) the
text it means. The rest of karn reads the table:

* the Oracle grammar's keyword alternatives are generated from it
  (:func:`karn.oracle.keywords.keyword_grammar`), and the parser builds one generic node per
  parameter shape;
* the compiler lowers a keyword with its class: a marker the engine reads (static and evasion
  keywords), or the marker and its meaning compiled from :attr:`KeywordSpec.meaning` with the
  ordinary grammar (triggered keywords, 702.108a prowess ...);
* the engine's rules for keywords live in :mod:`karn.engine.keywords` (blocking restrictions
  of evasion abilities, ...), keyed by the names here; keyword counters (122.1b) are the
  keywords marked ``counter``.

Keywords whose grammar is hand-written (``grammar=Grammar.HAND``: enchant, equip, kicker,
cycling, protection ...) are listed for the record; their rules stay in ``grammar.lark``.

"How to add a keyword" in ``docs/ARCHITECTURE.md`` is the recipe.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class KeywordClass(StrEnum):
    """What kind of ability a keyword is (702.1)."""

    STATIC = "static"  # 604: a rule the engine applies where the keyword matters
    EVASION = "evasion"  # 509.1b: a restriction on how the creature can be blocked
    TRIGGERED = "triggered"  # 603: it means a triggered ability
    ACTIVATED = "activated"  # 602: it means an activated ability (equip, cycling ...)
    COST = "cost"  # 601.2b, 601.2f: an additional cost or a change of the total cost
    ALTERNATIVE_COST = "alternative cost"  # 118.9
    LINKED = "linked"  # 607: two abilities linked to each other
    SPELL = "spell"  # 702.40 storm ...: abilities of a spell on the stack


class KeywordParameter(StrEnum):
    """What follows the keyword's name."""

    NONE = "none"  # "Flying"
    NUMBER = "number"  # "Bushido 2", "Toxic 1"
    MANA = "mana"  # "Ward {2}", "Equip {1}"
    OTHER = "other"  # hand-written: "Enchant creature", "Protection from red" ...


class Grammar(StrEnum):
    """Where the keyword's grammar rule comes from."""

    GENERATED = "generated"  # from this table (karn.oracle.keywords)
    HAND = "hand"  # written in grammar.lark


@dataclass(frozen=True, slots=True)
class KeywordSpec:
    """One keyword ability.

    * ``name``: lower case, as printed ("first strike");
    * ``rule``: its rule in 702 ("702.9");
    * ``meaning``: for a keyword that means an ability written in words, that text with ``~`` for
      the object and ``{n}`` for its number (compiled with the ordinary grammar, 702.1);
    * ``counter``: it can be a keyword counter (122.1b);
    * ``cda``: it is a characteristic-defining ability (604.3), applied by the layer system
      (``karn.engine.layers``) from the object's printed keywords; it can't be granted;
    * ``grantable``: effects may grant it ("gains flying", "token with haste"): a marker the
      engine reads wherever the object has it. Keywords that mean other abilities are not, until
      granting them grants those abilities.
    """

    name: str
    rule: str
    kind: KeywordClass
    parameter: KeywordParameter = KeywordParameter.NONE
    grammar: Grammar = Grammar.GENERATED
    meaning: str = ""
    counter: bool = False
    cda: bool = False

    @property
    def grantable(self) -> bool:
        return (
            self.grammar is Grammar.GENERATED
            and self.parameter is KeywordParameter.NONE
            and not self.meaning
            and not self.cda
            and self.kind in (KeywordClass.STATIC, KeywordClass.EVASION)
        )


#: 702.14a: the land types of "[type]walk" (the basic ones and Desert).
LANDWALK_TYPES: tuple[str, ...] = ("plains", "island", "swamp", "mountain", "forest", "desert")

_STATIC, _EVASION, _TRIGGERED = KeywordClass.STATIC, KeywordClass.EVASION, KeywordClass.TRIGGERED
_ACTIVATED, _COST, _ALTERNATIVE = KeywordClass.ACTIVATED, KeywordClass.COST, KeywordClass.ALTERNATIVE_COST
_NUMBER, _MANA, _OTHER = KeywordParameter.NUMBER, KeywordParameter.MANA, KeywordParameter.OTHER
_HAND = Grammar.HAND

KEYWORDS: tuple[KeywordSpec, ...] = (
    # ------------------------------------------------------------ static and evasion markers
    KeywordSpec("deathtouch", "702.2", _STATIC, counter=True),
    KeywordSpec("defender", "702.3", _STATIC),
    KeywordSpec("double strike", "702.4", _STATIC, counter=True),
    KeywordSpec("first strike", "702.7", _STATIC, counter=True),
    KeywordSpec("flash", "702.8", _STATIC),
    KeywordSpec("flying", "702.9", _EVASION, counter=True),
    KeywordSpec("haste", "702.10", _STATIC, counter=True),
    KeywordSpec("hexproof", "702.11", _STATIC, counter=True),
    KeywordSpec("indestructible", "702.12", _STATIC, counter=True),
    KeywordSpec("lifelink", "702.15", _STATIC, counter=True),
    KeywordSpec("reach", "702.17", _STATIC, counter=True),
    KeywordSpec("shroud", "702.18", _STATIC),
    KeywordSpec("trample", "702.19", _STATIC, counter=True),
    KeywordSpec("vigilance", "702.20", _STATIC, counter=True),
    KeywordSpec("menace", "702.111", _EVASION, counter=True),
    KeywordSpec("intimidate", "702.13", _EVASION),
    *(KeywordSpec(f"{land}walk", "702.14", _EVASION) for land in LANDWALK_TYPES),
    KeywordSpec("shadow", "702.28", _EVASION),
    KeywordSpec("horsemanship", "702.31", _EVASION),
    KeywordSpec("fear", "702.36", _EVASION),
    KeywordSpec("split second", "702.61", _STATIC),
    KeywordSpec("wither", "702.80", _STATIC),
    KeywordSpec("infect", "702.90", _STATIC),
    KeywordSpec("skulk", "702.118", _EVASION),
    KeywordSpec("toxic", "702.164", _STATIC, _NUMBER),
    # 702.145b, 702.145e: the day/night rules of a double-faced permanent (karn.engine.day_night)
    KeywordSpec("daybound", "702.145", _STATIC),
    KeywordSpec("nightbound", "702.145", _STATIC),
    # 702.155: read by the Saga's entering replacement (714.3b) and its chapter triggers
    KeywordSpec("read ahead", "702.155", _STATIC),
    # ------------------------------------------------------------ characteristic-defining (604.3)
    KeywordSpec("changeling", "702.73", _STATIC, cda=True),
    KeywordSpec("devoid", "702.114", _STATIC, cda=True),
    # ------------------------------------------------------------ hand-written grammar
    KeywordSpec("enchant", "702.5", _STATIC, _OTHER, _HAND),
    KeywordSpec("equip", "702.6", _ACTIVATED, _MANA, _HAND),
    KeywordSpec("protection", "702.16", _STATIC, _OTHER, _HAND),
    KeywordSpec("cycling", "702.29", _ACTIVATED, _MANA, _HAND),
    KeywordSpec("kicker", "702.33", _COST, _MANA, _HAND),
    KeywordSpec("multikicker", "702.33c", _COST, _MANA, _HAND),
    KeywordSpec("flashback", "702.34", _ALTERNATIVE, _MANA, _HAND),
    KeywordSpec("morph", "702.37", _ALTERNATIVE, _MANA, _HAND),
    KeywordSpec("megamorph", "702.37b", _ALTERNATIVE, _MANA, _HAND),
    KeywordSpec("storm", "702.40", KeywordClass.SPELL, grammar=_HAND),
    KeywordSpec("evoke", "702.74", _ALTERNATIVE, _MANA, _HAND),
    KeywordSpec("devour", "702.82", _STATIC, _OTHER, _HAND),
    KeywordSpec("overload", "702.96", _ALTERNATIVE, _MANA, _HAND),
    KeywordSpec("bestow", "702.103", _ALTERNATIVE, _MANA, _HAND),
    KeywordSpec("dash", "702.109", _ALTERNATIVE, _MANA, _HAND),
    KeywordSpec("embalm", "702.128", _ACTIVATED, _MANA, _HAND),
    KeywordSpec("eternalize", "702.129", _ACTIVATED, _MANA, _HAND),
    # ------------------------------------------------------------ paying for spells (601.2f-h)
    # markers read while the spell's total cost is paid (karn.engine.cost_keywords)
    KeywordSpec("convoke", "702.51", _COST),
    KeywordSpec("delve", "702.66", _COST),
    KeywordSpec("improvise", "702.126", _COST),
    KeywordSpec("affinity", "702.41", _COST, _OTHER, _HAND),  # "affinity for artifacts"
    KeywordSpec("buyback", "702.27", _COST, _MANA),
    KeywordSpec("echo", "702.30", _TRIGGERED, _MANA, _HAND),
    KeywordSpec("unearth", "702.84", _ACTIVATED, _MANA, _HAND),
    KeywordSpec("surge", "702.117", _ALTERNATIVE, _MANA, _HAND),
    KeywordSpec("spectacle", "702.137", _ALTERNATIVE, _MANA, _HAND),
    KeywordSpec("crew", "702.122", _ACTIVATED, _NUMBER, _HAND),
    KeywordSpec("ward", "702.21", _TRIGGERED, _OTHER, _HAND),  # "ward {2}", "ward—pay 2 life."
    KeywordSpec("suspend", "702.62", _STATIC, _OTHER, _HAND),  # "suspend 4—{u}": three abilities
    # 702.85a: a "when you cast this spell" ability (karn.oracle.lowering.keywords: ir.Cascade)
    KeywordSpec("cascade", "702.85", KeywordClass.SPELL),
    # 702.88a: read by the engine as the spell resolves (karn.engine.resolve.finish)
    KeywordSpec("rebound", "702.88", KeywordClass.SPELL),
    # 702.35a: a replacement in the hand and a trigger in exile, read by the engine
    KeywordSpec("madness", "702.35", _ALTERNATIVE, _MANA),
    # ------------------------------------------------------------ triggered keywords
    # abilities built as IR by karn.oracle.lowering.keywords.BUILT (122: counters)
    KeywordSpec("persist", "702.79", _TRIGGERED),
    KeywordSpec("undying", "702.93", _TRIGGERED),
    KeywordSpec("vanishing", "702.63", _TRIGGERED, _NUMBER),
    KeywordSpec("fading", "702.32", _TRIGGERED, _NUMBER),
    KeywordSpec("fabricate", "702.123", _TRIGGERED, _NUMBER),
    KeywordSpec("evolve", "702.100", _TRIGGERED),
    KeywordSpec("bloodthirst", "702.54", _STATIC, _NUMBER),
    KeywordSpec(
        "exalted",
        "702.83",
        _TRIGGERED,
        meaning="Whenever a creature you control attacks alone, that creature gets +1/+1 until end of turn.",
    ),
    KeywordSpec(
        "flanking",
        "702.25",
        _TRIGGERED,
        meaning="Whenever ~ becomes blocked by a creature without flanking, that creature gets -1/-1"
        " until end of turn.",
    ),
    KeywordSpec(
        "bushido",
        "702.45",
        _TRIGGERED,
        _NUMBER,
        meaning="Whenever ~ blocks or becomes blocked, ~ gets +{n}/+{n} until end of turn.",
    ),
    KeywordSpec(
        "soulshift",
        "702.46",
        _TRIGGERED,
        _NUMBER,
        meaning="When ~ is put into a graveyard from the battlefield, you may return target Spirit card with mana value {n} or less"
        " from your graveyard to your hand.",
    ),
    KeywordSpec(
        "afflict",
        "702.130",
        _TRIGGERED,
        _NUMBER,
        meaning="Whenever ~ becomes blocked, defending player loses {n} life.",
    ),
    KeywordSpec(
        "afterlife",
        "702.135",
        _TRIGGERED,
        _NUMBER,
        meaning="When ~ is put into a graveyard from the battlefield, create {n_word} 1/1 white and black Spirit creature tokens with flying.",
    ),
    KeywordSpec(
        "decayed",
        "702.147",
        _TRIGGERED,
        meaning="~ can't block.\nWhen ~ attacks, sacrifice it at end of combat.",
    ),
    KeywordSpec(
        "prowess",
        "702.108",
        _TRIGGERED,
        meaning="Whenever you cast a noncreature spell, ~ gets +1/+1 until end of turn.",
    ),
)

BY_NAME: dict[str, KeywordSpec] = {k.name: k for k in KEYWORDS}

#: 122.1b: the keywords a keyword counter can give.
KEYWORD_COUNTERS: frozenset[str] = frozenset(k.name for k in KEYWORDS if k.counter)

#: The keywords effects may grant: markers the engine reads (see :attr:`KeywordSpec.grantable`).
GRANTABLE: tuple[str, ...] = tuple(k.name for k in KEYWORDS if k.grantable)


def spec(name: str) -> KeywordSpec | None:
    """The table's entry for a keyword as it appears among an object's keywords: its name, or
    its name and parameter ("bushido 2", "ward {2}")."""
    found = BY_NAME.get(name)
    if found is not None:
        return found
    head, _, _ = name.rpartition(" ")
    return BY_NAME.get(head) if head else None


def keyword_number(keywords: set[str] | frozenset[str], name: str) -> int:
    """The total of a numbered keyword's instances among these keywords ("toxic 2" and
    "toxic 1": 3), 0 without it."""
    total = 0
    prefix = name + " "
    for k in keywords:
        if k.startswith(prefix):
            rest = k[len(prefix) :]
            if rest.isdigit():
                total += int(rest)
    return total
