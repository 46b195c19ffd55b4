"""The subtypes of each kind (205.3g-205.3m) and the colors (105.1), as the rules list them.

The layer system needs to know which kind a subtype is: an effect that sets an object's
card types removes the subtypes that don't go with a remaining card type, and one that sets
its creature types or land types replaces only those (205.1a, 205.1b, 305.7). "Choose a
creature type" offers the creature types (205.3m).
"""

from __future__ import annotations

#: 205.3g: artifact types.
ARTIFACT_TYPES: frozenset[str] = frozenset(
    """attraction blood bobblehead book clue contraption equipment food fortification gold incubator
    infinity junk lander map mutagen powerstone spacecraft stone treasure vehicle""".split()
)

#: 205.3h: enchantment types.
ENCHANTMENT_TYPES: frozenset[str] = frozenset(
    "aura background cartouche case class curse role room rune saga shard shrine".split()
)

#: 205.3i: land types (the first five are the basic land types, 305.6).
BASIC_LAND_TYPES: tuple[str, ...] = ("plains", "island", "swamp", "mountain", "forest")
LAND_TYPES: frozenset[str] = frozenset(
    BASIC_LAND_TYPES
    + tuple("cave desert gate lair locus mine planet power-plant sphere tower town urza's".split())
)

#: 205.3j: planeswalker types.
PLANESWALKER_TYPES: frozenset[str] = frozenset(
    """ajani aminatou angrath arlinn ashiok bahamut basri bolas calix chandra comet dack dakkon
    daretti davriel dellian dihada domri dovin ellywick elminster elspeth estrid freyalise garruk
    gideon grist guff huatli jace jared jaya jeska kaito karn kasmina kaya kiora koth liliana lolth
    lukka minsc mordenkainen nahiri narset niko nissa nixilis oko quintorius ral rowan saheeli
    samut sarkhan serra sivitri sorin szat tamiyo tasha teferi teyo tezzeret tibalt tyvar ugin urza
    venser vivien vraska vronos will windgrace wrenn xenagos yanggu yanling zariel""".split()
)

#: 205.3k: spell types.
SPELL_TYPES: frozenset[str] = frozenset("adventure arcane lesson omen trap".split())

#: 205.3m: creature types (creatures and kindreds share them).
CREATURE_TYPES: tuple[str, ...] = tuple(
    sorted(
        """advisor aetherborn alien ally angel antelope ape archer archon armadillo army artificer
        assassin assembly-worker astartes atog aurochs avatar azra badger balloon barbarian bard
        basilisk bat bear beast beaver beeble beholder berserker bird bison blinkmoth boar bringer
        brushwagg camarid camel capybara caribou carrier cat centaur child chimera citizen cleric
        clown cockatrice construct coward coyote crab crocodile c'tan custodes cyberman cyclops
        dalek dauthi demigod demon deserter detective devil dinosaur djinn doctor dog dragon drake
        dreadnought drix drone druid dryad dwarf echidna efreet egg elder eldrazi elemental
        elephant elf elk employee eye faerie ferret fish flagbearer fox fractal frog fungus gamer
        gargoyle germ giant giraffe gith glimmer gnoll gnome goat goblin god golem gorgon graveborn
        gremlin griffin guest hag halfling hamster harpy hedgehog hellion hero hippo hippogriff
        homarid homunculus horror horse human hydra hyena illusion imp incarnation inkling
        inquisitor insect jackal jellyfish juggernaut kangaroo kavu kirin kithkin knight kobold kor
        kraken llama lamia lammasu leech lemur leviathan lhurgoyf licid lizard lobster manticore
        masticore mercenary merfolk metathran minion minotaur mite mole monger mongoose monk monkey
        moogle moonfolk mount mouse mutant myr mystic nautilus necron nephilim nightmare
        nightstalker ninja noble noggle nomad nymph octopus ogre ooze orb orc orgg otter ouphe ox
        oyster pangolin peasant pegasus pentavite performer pest phelddagrif phoenix phyrexian
        pilot pincher pirate plant platypus porcupine possum praetor primarch prism processor qu
        rabbit raccoon ranger rat rebel reflection rhino rigger robot rogue sable salamander
        samurai sand saproling satyr scarecrow scientist scion scorpion scout sculpture seal serf
        serpent servo shade shaman shapeshifter shark sheep siren skeleton skunk slith sliver
        sloth slug snail snake soldier soltari sorcerer spawn specter spellshaper sphinx spider
        spike spirit splinter sponge squid squirrel starfish surrakar survivor symbiote synth
        tentacle tetravite thalakos thopter thrull tiefling toy treefolk trilobite triskelavite
        troll turtle tyranid unicorn utrom vampire varmint vedalken villain volver wall walrus
        warlock warrior weasel weird werewolf whale wizard wolf wolverine wombat worm wraith wurm
        yeti zombie zubera""".split()
        + ["time lord"]
    )
)

#: 105.1: the colors, by their mana letter, in WUBRG order, and their names.
COLORS: tuple[str, ...] = ("W", "U", "B", "R", "G")
COLOR_NAMES: dict[str, str] = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def kind_of(subtype: str) -> str:
    """The card type a subtype goes with (205.3): ``"land"``, ``"artifact"``, ``"enchantment"``,
    ``"planeswalker"``, ``"spell"`` (instants and sorceries) or ``"creature"`` (creatures and
    kindreds; a subtype of no other list is taken as a creature type)."""
    if subtype in LAND_TYPES:
        return "land"
    if subtype in ARTIFACT_TYPES:
        return "artifact"
    if subtype in ENCHANTMENT_TYPES:
        return "enchantment"
    if subtype in SPELL_TYPES:
        return "spell"
    if subtype in PLANESWALKER_TYPES:
        return "planeswalker"
    return "creature"


def goes_with(subtype: str, types: frozenset[str] | set[str]) -> bool:
    """Does this subtype go with one of these card types (205.1a)?"""
    kind = kind_of(subtype)
    if kind == "creature":
        return "creature" in types or "kindred" in types or "tribal" in types
    if kind == "spell":
        return "instant" in types or "sorcery" in types
    return kind in types
