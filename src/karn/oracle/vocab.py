"""Word lists the Oracle lexer and normalizer use to classify words.

Everything is lower-case. Nothing here is specific to one card: these are the
vocabularies of the Comprehensive Rules (205.2a card types, 205.3 subtypes,
205.4a supertypes, 105.1 colors, 702 keyword abilities).
"""

from __future__ import annotations

from karn.ir.keywords import GRANTABLE

# 205.2a: card types (plus "kindred"/"tribal", 205.2a / 308).
CARD_TYPES: frozenset[str] = frozenset(
    {
        "artifact",
        "battle",
        "creature",
        "enchantment",
        "instant",
        "kindred",
        "land",
        "planeswalker",
        "sorcery",
        "tribal",
    }
)

# 205.4a: supertypes.
SUPERTYPES: frozenset[str] = frozenset({"basic", "legendary", "snow", "world", "ongoing"})

# 105.1: the five colors, by their mana letter.
COLORS: dict[str, str] = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}

NUMBER_WORDS: dict[str, int] = {
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
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fifteen": 15,
    "twenty": 20,
}

# 205.3: subtypes (creature, artifact, enchantment, land, planeswalker and spell types),
# collected from the card corpus. Single words only; plural forms are derived by the lexer.
SUBTYPES: frozenset[str] = frozenset(
    """
abian advisor aetherborn ajani alicorn alien ally aminatou angel angrath antelope ape arcane archer
archon arlinn armadillo armored artificer artist ashiok assassin assembly-worker astartes athlete
atog attraction aura aurochs autobot avatar azra background badger bahamut barbarian bard barnyard
basilisk basri bat bear beast beaver beeble beholder berserker bird bison boar bobblehead bolas book
boxer brainiac bringer brushwagg bureaucrat c'tan calix camel capybara carrier cartouche case cat
cave centaur cephalid chameleon champion chandra chef chicken child chimera chorus citizen clamfolk
class cleric clown clue cockatrice comet construct contraption cow coward coyote crab crocodile
curse custodes cyberman cyborg cyclops dack dakkon dalek daretti dauthi davriel deer dellian demigod
demon desert designer detective devil dihada dinosaur djinn doctor dog domri donkey dovin dragon
drake dreadnought drix drone druid dryad duck dungeon dwarf echidna efreet egg elder eldrazi
elemental elephant elf elk ellywick elminster elspeth employee equipment ersta estrid eternal
etiquette eye faerie ferret fish flagbearer food forest fortification fox fractal freyalise frog
fungus gamer gamma gargoyle garruk gate giant gideon giraffe gith glimmer gnoll gnome goat goblin
god golem gorgon grandchild gremlin griffin grist guff gus hag halfling hamster harpy hatificer hawk
hedgehog hellion hero hippo hippogriff homarid homunculus horror horse huatli human hydra hyena
illusion imp incarnation infinity inhuman inkling inquisitor insect inzerva island jace jackal jared
jaya jellyfish jeska judge juggernaut kaito kangaroo karn kasmina kavu kaya killbot kiora kirin
kithkin knight koala kobold kor koth kraken kree lair lamia lammasu lander leech lemur lesson
leviathan lhurgoyf licid liliana lizard lobster locus lolth lukka luxior mammoth manticore masticore
mercenary merfolk metathran mime minion minotaur minsc mite mole monger mongoose monk monkey moogle
moonfolk mordenkainen mountain mouse mummy mutant myr mystic nahiri narset nautilus necron nephilim
nightmare nightstalker niko ninja nissa nixilis noble noggle nomad nymph octopus officer ogre oko
omenpath ooze orc orgg otter ouphe ox oyster pangolin paratrooper peasant pegasus performer pest
phelddagrif phoenix phyrexian pilot pirate plains planet plant platypus pony porcupine possum power-
plant powerstone praetor primarch processor quest quintorius rabbit raccoon ral ranger rat realm
rebel reflection rhino rigger robot rogue room rowan rune sable saga saheeli salamander samurai
samut saproling sarkhan satyr scarecrow scientist scorpion scout seal serpent serra shade shaman
shapeshifter shark sheep shi'ar ship shrine siege siren sivitri skeleton skrull skunk slith sliver
sloth slug snail snake soldier soltari sorcerer sorin spacecraft spawn specter spellshaper sphere
sphinx spider spike spirit splinter sponge spuzzem spy squid squirrel starfish surrakar survivor
svega swamp symbiote synth szat tamiyo tasha teferi teyo tezzeret thalakos thopter thrull tibalt
tiefling tower town townsfolk toy trap treasure tree treefolk trilobite troll turtle tyranid tyvar
ugin unicorn urza utrom vampire vampyre varmint vedalken vehicle venser villain vivien volver vraska
vronos waiter wall walrus wanderer warlock warrior weasel weird werewolf whale windgrace wizard wolf
wolverine wombat worm wraith wrenn wrestler wurm xenagos yanggu yanling yeti zariel zombie zonian
zubera
blood gold junk lander map mutagen powerstone shard
""".split()
)

# Irregular plurals of subtypes ("Elves", "Wolves" ...); regular ones just add -s/-es.
IRREGULAR_PLURALS: dict[str, str] = {
    "elves": "elf",
    "dwarves": "dwarf",
    "wolves": "wolf",
    "mice": "mouse",
    "oxen": "ox",
    "djinn": "djinn",
    "fungi": "fungus",
    "homunculi": "homunculus",
    "octopi": "octopus",
    "werewolves": "werewolf",
    "wolverines": "wolverine",
    "halflings": "halfling",
}

# 702: the keyword abilities whose lowering karn supports as a plain Keyword node
# (static keywords with no parameter). Multi-word names are written with a space.
# 702: the keywords effects may grant (flying, haste ...), from the keyword table
STATIC_KEYWORDS: tuple[str, ...] = GRANTABLE

# 702: names of keyword abilities (supported or not). A line whose comma-separated
# items all start with one of these (and that has no final period) is a keyword line.
KEYWORD_NAMES: frozenset[str] = frozenset(
    """
    absorb affinity afflict afterlife aftermath amplify annihilator ascend assist aura augment awaken
    backup banding battle bargain bestow blitz bloodthirst boast bushido buyback cascade casualty
    champion changeling cipher cleave companion compleated conspire convoke craft crew cumulative
    cycling dash daybound decayed defender delve deathtouch demonstrate dethrone devoid devour
    disguise disturb double dredge echo embalm emerge enchant encore enlist entwine epic equip
    escape eternalize evoke evolve exalted exploit extort fabricate fading fear first flanking flash
    flashback flying for forecast foretell fortify frenzy fuse graft gravestorm haste haunt
    hexproof hidden horsemanship impending improvise indestructible infect ingest intimidate
    jump-start kicker landwalk level lifelink living madness megamorph melee menace mentor miracle modular
    more morph multikicker mutate myriad nightbound ninjutsu offering outlast overload partner
    persist phasing plainscycling islandcycling swampcycling mountaincycling forestcycling
    landcycling basic plainswalk islandwalk swampwalk mountainwalk forestwalk desertwalk poisonous prototype
    protection provoke prowess prowl rampage ravenous reach read rebound reconfigure recover
    reinforce renown replicate retrace riot ripple scavenge shadow shroud skulk soulbond
    soulshift space specialize spectacle splice split squad storm sunburst surge suspend
    toxic training trample transfigure transmute tribute undaunted undying unearth unleash
    vanishing vigilance ward wither
    """.split()
)

# 207.2c: ability words. They have no rules meaning; "Landfall — Whenever ..." is
# just "Whenever ...". (Channel, bloodrush and eminence are left out: their
# abilities work from other zones, which the text alone doesn't say.)
ABILITY_WORDS: frozenset[str] = frozenset(
    {
        "adamant",
        "addendum",
        "alliance",
        "battalion",
        "celebration",
        "chroma",
        "cohort",
        "constellation",
        "converge",
        "corrupted",
        "council's dilemma",
        "coven",
        "delirium",
        "descend 4",
        "descend 8",
        "domain",
        "enrage",
        "fateful hour",
        "fathomless descent",
        "ferocious",
        "flurry",
        "formidable",
        "grandeur",
        "hellbent",
        "heroic",
        "imprint",
        "inspired",
        "join forces",
        "kinship",
        "landfall",
        "lieutenant",
        "magecraft",
        "metalcraft",
        "morbid",
        "pack tactics",
        "paradox",
        "parley",
        "radiance",
        "raid",
        "rally",
        "revolt",
        "secret council",
        "spell mastery",
        "strive",
        "sweep",
        "tempting offer",
        "threshold",
        "undergrowth",
        "valiant",
        "void",
        "will of the council",
    }
)
