"""Continuous effects as data: one :data:`Modification` union for static abilities and
resolved spells and abilities alike (611, 613).

A :class:`ContinuousEffect` is a set of modifications with a timestamp (613.7),
a source, an affected set and a duration. Each modification knows its layer
(613.1-613.4): the layer system (:mod:`karn.engine.layers`) applies them layer
by layer from the objects' copiable values. Static abilities generate their
effects afresh each time characteristics are computed (604, 611.3); effects of
resolved spells and abilities live in the state (611.2) with their affected
set locked in when they begin (611.2c).
"""

from __future__ import annotations

import msgspec

from karn import ir
from karn.ir.text import word_of

# Layers and sublayers (613.1-613.4), in application order. "rules" are effects on
# players and on the rules (613.10-613.11), applied after all characteristics.
LAYER_ORDER: tuple[str, ...] = ("1a", "1b", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d", "rules")


class SetController(msgspec.Struct, tag="control", frozen=True, array_like=True):
    """Layer 2 (613.1b): the affected permanents are controlled by ``player``."""

    player: int

    layer = "2"


class ControlledBySource(msgspec.Struct, tag="control_by_source", frozen=True, array_like=True):
    """Layer 2 (613.1b): "You control enchanted creature": the affected permanents are
    controlled by the controller of the effect's source, as layer 2 has it so far."""

    layer = "2"


class TextChange(msgspec.Struct, tag="text_change", frozen=True, array_like=True):
    """Layer 3 (613.1c, 612.1-612.2): every use of ``old`` as a word of ``kind`` ("color": a
    mana letter, "land_type", "creature_type": a subtype) in the affected objects' text —
    their rules text and type line — is ``new``. Abilities granted by other effects are not
    text (612.3); a token's text can change too (612.4)."""

    kind: ir.TextWordKind
    old: str
    new: str

    layer = "3"


class AddTypes(msgspec.Struct, tag="add_types", frozen=True, array_like=True):
    """Layer 4 (613.1d): the affected objects also have these types (205.1b)."""

    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()

    layer = "4"


class SetTypes(msgspec.Struct, tag="set_types", frozen=True, array_like=True):
    """Layer 4 (613.1d): the affected objects' card types become these (205.1a: an instant or
    sorcery stays one; the subtypes that don't go with a remaining card type go); the subtypes
    given replace the subtypes of their kind. "In addition to its other types" is
    :class:`AddTypes`; this one replaces."""

    types: tuple[str, ...]
    subtypes: tuple[str, ...] = ()
    keep_supertypes: bool = True

    layer = "4"


class SetLandTypes(msgspec.Struct, tag="set_land_types", frozen=True, array_like=True):
    """Layer 4, 305.7: the affected lands' land types become these ("Nonbasic lands are
    Mountains"): each loses its old land types and the abilities of its rules text and old
    land types, and has the new types' mana abilities (305.6); its card types, supertypes and
    other subtypes stay."""

    subtypes: tuple[str, ...]

    layer = "4"


class SetCreatureTypes(msgspec.Struct, tag="set_creature_types", frozen=True, array_like=True):
    """Layer 4 (205.1a-b): the affected objects' creature types become these ("Creatures you
    control are the chosen type"); other types stay."""

    subtypes: tuple[str, ...]

    layer = "4"


class RemoveTypes(msgspec.Struct, tag="remove_types", frozen=True, array_like=True):
    """Layer 4: the affected objects lose these types/subtypes/supertypes."""

    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()

    layer = "4"


class SetColors(msgspec.Struct, tag="set_colors", frozen=True, array_like=True):
    """Layer 5 (613.1e): the affected objects' colors become these (105.3)."""

    colors: tuple[str, ...]

    layer = "5"


class AddColors(msgspec.Struct, tag="add_colors", frozen=True, array_like=True):
    """Layer 5: the affected objects are also these colors."""

    colors: tuple[str, ...]

    layer = "5"


class AddAbilities(msgspec.Struct, tag="add_abilities", frozen=True, array_like=True):
    """Layer 6 (613.1f): the affected objects gain keywords and abilities
    (``abilities`` are ability ids of the card pool)."""

    keywords: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()

    layer = "6"


class RemoveAbilities(msgspec.Struct, tag="remove_abilities", frozen=True, array_like=True):
    """Layer 6 (613.1f): the affected objects lose these keywords, or all their
    abilities ("loses all abilities") when ``everything``."""

    keywords: tuple[str, ...] = ()
    everything: bool = False

    layer = "6"


class SetPowerToughness(msgspec.Struct, tag="set_pt", frozen=True, array_like=True):
    """Layer 7b (613.4b), or 7a when the effect comes from a characteristic-defining
    ability (613.4a): power and/or toughness become these values."""

    power: int | None = None
    toughness: int | None = None

    layer = "7b"


class ModifyPowerToughness(msgspec.Struct, tag="modify_pt", frozen=True, array_like=True):
    """Layer 7c (613.4c): power and toughness change by these amounts."""

    power: int = 0
    toughness: int = 0

    layer = "7c"


class SwitchPowerToughness(msgspec.Struct, tag="switch_pt", frozen=True, array_like=True):
    """Layer 7d (613.4d): power and toughness are switched."""

    layer = "7d"


class Restriction(msgspec.Struct, tag="restrict", frozen=True, array_like=True):
    """An effect on the rules (613.11): the affected creatures can't attack or can't
    block (508.1c, 509.1b)."""

    cant_attack: bool = False
    cant_block: bool = False

    layer = "rules"


class ObjectRules(msgspec.Struct, tag="object_rules", frozen=True, array_like=True):
    """An effect on the rules (613.11): the affected creatures can't be blocked (509.1b), attack
    each combat if able (508.1d), can block only creatures with flying (509.1b); ``kinds``
    are :class:`karn.ir.ObjectRuleKind` values."""

    kinds: tuple[str, ...]

    layer = "rules"


class AttackUnless(msgspec.Struct, tag="attack_unless", frozen=True, array_like=True):
    """An effect on the rules (613.11, 508.1c): the affected creatures can attack only a
    defending player who controls a land of ``subtype`` (or that player's planeswalkers)."""

    subtype: str

    layer = "rules"


class BlockRequirement(msgspec.Struct, tag="block_requirement", frozen=True, array_like=True):
    """A requirement (509.1c): the affected creature blocks ``attacker`` if able ("Target creature
    blocks ~ this turn if able")."""

    attacker: int

    layer = "rules"


class BlockLimit(msgspec.Struct, tag="block_limit", frozen=True, array_like=True):
    """An effect on the rules (613.11, 509.1a): the affected creatures can block ``extra``
    more attackers each combat, any number with ``extra`` -1."""

    extra: int

    layer = "rules"


Modification = (
    SetController
    | ControlledBySource
    | TextChange
    | AddTypes
    | SetTypes
    | SetLandTypes
    | SetCreatureTypes
    | RemoveTypes
    | SetColors
    | AddColors
    | AddAbilities
    | RemoveAbilities
    | SetPowerToughness
    | ModifyPowerToughness
    | SwitchPowerToughness
    | Restriction
    | ObjectRules
    | AttackUnless
    | BlockLimit
    | BlockRequirement
)


def layer_of(mod: Modification, cda: bool = False) -> str:
    """The layer or sublayer a modification applies in (613.1-613.4)."""
    if cda and isinstance(mod, SetPowerToughness):
        return "7a"
    return mod.layer


class ContinuousEffect(msgspec.Struct, array_like=True):
    """A continuous effect created by a resolving spell or ability (611.2).

    ``affected`` is locked in when the effect begins (611.2c); ``duration`` is
    ``"end_of_turn"`` (ends in the cleanup step, 514.2) or ``"permanent"``.
    ``timestamp`` orders it within its layers (613.7b).
    """

    id: int
    timestamp: int
    source: int
    controller: int
    affected: list[int]
    mods: list[Modification]
    duration: str = "end_of_turn"
    source_name: str = ""


_COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def _colors_text(colors: tuple[str, ...]) -> str:
    return " and ".join(_COLOR_WORDS.get(c, c) for c in colors) or "colorless"


def mod_text(mod: Modification) -> str:
    """A modification in words, for the log and ``karn explain`` ("has base power and
    toughness 1/1", "loses all abilities")."""
    if isinstance(mod, SetController):
        return f"is controlled by player {mod.player}"
    if isinstance(mod, ControlledBySource):
        return "is controlled by its source's controller"
    if isinstance(mod, TextChange):
        old, new = word_of(mod.kind, mod.old), word_of(mod.kind, mod.new)
        return f"has each {old!r} in its text replaced by {new!r} (612.2)"
    if isinstance(mod, AddTypes):
        return "is also " + " ".join(mod.supertypes + mod.subtypes + mod.types)
    if isinstance(mod, SetTypes):
        return "is a " + " ".join(mod.subtypes + mod.types)
    if isinstance(mod, SetLandTypes):
        return "has the land types " + " ".join(mod.subtypes) + " (305.7)"
    if isinstance(mod, SetCreatureTypes):
        return "has the creature types " + (" ".join(mod.subtypes) or "(none)")
    if isinstance(mod, RemoveTypes):
        return "is no longer " + " ".join(mod.supertypes + mod.subtypes + mod.types)
    if isinstance(mod, SetColors):
        return f"is {_colors_text(mod.colors)}"
    if isinstance(mod, AddColors):
        return f"is also {_colors_text(mod.colors)}"
    if isinstance(mod, AddAbilities):
        return "gains " + ", ".join(mod.keywords + mod.abilities)
    if isinstance(mod, RemoveAbilities):
        return "loses all abilities" if mod.everything else "loses " + ", ".join(mod.keywords)
    if isinstance(mod, SetPowerToughness):
        p = "" if mod.power is None else str(mod.power)
        t = "" if mod.toughness is None else str(mod.toughness)
        return f"has base power and toughness {p or '*'}/{t or '*'}"
    if isinstance(mod, ModifyPowerToughness):
        return f"gets {mod.power:+d}/{mod.toughness:+d}"
    if isinstance(mod, SwitchPowerToughness):
        return "has its power and toughness switched"
    if isinstance(mod, Restriction):
        return (
            "can't attack or block"
            if mod.cant_attack and mod.cant_block
            else ("can't attack" if mod.cant_attack else "can't block")
        )
    if isinstance(mod, BlockRequirement):
        return f"blocks #{mod.attacker} if able"
    if isinstance(mod, ObjectRules):
        return "; ".join(mod.kinds)
    if isinstance(mod, AttackUnless):
        return f"can't attack unless defending player controls a {mod.subtype}"
    return f"can block {'any number of' if mod.extra < 0 else mod.extra} more creature(s)"


# ---------------------------------------------------------------------------- replacement effects (614, 615)


class ReplacementEffect(msgspec.Struct, array_like=True):
    """A replacement or prevention effect created by a resolving spell or ability (614.1a,
    615.1a, 701.19a): it watches ``would`` and does ``instead``, for its duration (611.2a).

    ``objects``: the objects it is about, fixed when it begins ("that creature", a
    regeneration shield's permanent, 611.2c); empty when it is about events of any object
    ("Prevent all combat damage that would be dealt this turn" modifies the rules, 611.2c).
    ``duration``: ``"end_of_turn"`` (514.2), or ``"next"``: used up the first time it applies,
    and ends at end of turn if it wasn't (a regeneration shield, 701.19a).
    """

    id: int
    source: int
    source_name: str
    controller: int
    would: ir.Would
    instead: ir.Instead
    objects: list[int] = msgspec.field(default_factory=list)
    duration: str = "end_of_turn"


class RulesEffect(msgspec.Struct, array_like=True):
    """A resolved spell's change to the rules for a duration (611.2a, 613.11): "Damage can't be
    prevented this turn" (615.12), "Players can't gain life this turn" (119.7)."""

    id: int
    source: int
    source_name: str
    controller: int
    change: ir.RuleChange
    duration: str = "end_of_turn"
    objects: list[int] = msgspec.field(default_factory=list)  # the cards a "play_exiled" names
    turn: int = 0  # the turn it began ("until the end of your next turn")


class LinkedExile(msgspec.Struct, array_like=True):
    """610.3: ``obj`` (in exile) was exiled by ``source`` "until ~ leaves the battlefield"."""

    source: int
    obj: int
    source_name: str = ""


class ExiledWith(msgspec.Struct, array_like=True, frozen=True):
    """607.2a: ``obj`` (in exile) was exiled by ``source`` with its ability ``ability`` (an
    ability id): the abilities linked to that one on the same object find it as a card "exiled
    with ~". Another object (400.7), or the same ability gained by another object (607.5), doesn't."""

    source: int
    ability: str
    obj: int


class StepSkip(msgspec.Struct, array_like=True):
    """ "You skip your next untap step" (614.10, 614.10a): ``player`` skips their next ``step``
    that hasn't begun; each one skips one occurrence."""

    player: int
    step: str
