"""The lowering state of one ability (or one mode) and the error it raises."""

from __future__ import annotations

import dataclasses
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Literal

from karn.ir.nodes import Ability, AddPT, Amount, Effect, Filter, Group, Ref, Sum, TargetSpec, Var
from karn.oracle.syntax import AmountA, XPlus

# 115.4: "any target" means a creature, player, planeswalker or battle.
ANY_TARGET_OBJECTS = Filter(types=("creature", "planeswalker", "battle"))

Zone = Literal["battlefield", "stack", "graveyard", "hand", "library", "exile", "any", "not_battlefield"]

CardTypes = tuple[tuple[str, ...], tuple[str, ...]]  # (types, subtypes) of the card being compiled


class LowerError(Exception):
    """The IR cannot express this text. ``clause`` is the offending phrase (normalized)."""

    def __init__(self, reason: str, clause: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.clause = clause


#: 113.2c: the abilities quoted in the line being lowered ('has "{T}: Add {G}."'), each compiled
#: on its own by the compiler before the line (:func:`karn.oracle.compiler.compile_line`), by
#: their index in the line.
QUOTED_ABILITIES: ContextVar[tuple[Ability, ...]] = ContextVar("quoted_abilities", default=())


def quoted_ability(index: int) -> Ability:
    """The ``index``-th quoted ability of the line being lowered."""
    found = QUOTED_ABILITIES.get()
    if index >= len(found):
        raise LowerError("a quoted ability outside a line the compiler split")
    return found[index]


@dataclass
class PendingSearch:
    """A library search (701.23) waiting for its "put ..." and "shuffle" clauses."""

    filter: Filter
    count: int
    to: Literal["battlefield", "hand"] | None = None
    tapped: bool = False
    reveal: bool = False  # "reveal it": everyone sees the card found (701.20a)


@dataclass
class PendingLook:
    """ "Look at the top N cards of your library" waiting for what is taken from among them and
    "Put the rest on the bottom of your library in a random order"."""

    count: int
    take: Filter | None = None
    to_hand: bool = False


@dataclass
class HandReveal:
    """A revealed hand (701.20) waiting for "choose a card from it" and "discard that card"."""

    player: Ref
    chosen: Filter | None = None


@dataclass
class Ctx:
    """Lowering state for one ability (or one mode)."""

    targets: list[TargetSpec] = field(default_factory=list)
    obj: Ref | None = None  # antecedent object for "it", "that creature"
    player: Ref | None = None  # antecedent player for "that player", "their"
    group_affected: bool = False  # an earlier effect acted on a group ("those creatures")
    affected_group: Group | None = None  # that group, when it was described by a Filter
    sorcery_speed: bool = False
    only_during: str = ""  # 602.5d "Activate only during ..."
    once_each_turn: bool = False  # 602.5b "Activate only once each turn."
    search: PendingSearch | None = None
    hand: HandReveal | None = None
    look: PendingLook | None = None
    clause: str = ""
    opaque: bool = False  # the latest object named has no IR reference (a created token)
    spell: bool = False  # lowering an instant or sorcery (the source is a spell on the stack)
    chosen_ok: bool = False  # "of the chosen color/type" can be read here (a static ability's group)
    spell_or_permanent_ok: bool = False  # "target spell or permanent": only where the effect handles both
    resolved: dict[int, Ref] = field(default_factory=dict)  # target NPs already given a slot
    trigger_amount: bool = False  # the trigger event has an amount ("that much")
    energy_paid: bool = False  # "pay any amount of {E}" came before: "that much" is what was paid
    trigger_spell: bool = False  # a cast trigger: "that spell" is the spell cast (603.7c)
    # 400.7e: the public zone the source moved to by its own trigger event ("When this creature
    # dies, return it to the battlefield"): "it" finds the card there; "" none
    self_moved: str = ""
    # the source is known not to be an Aura (303.4f: an Aura put onto the battlefield would need
    # its player's choice of what it enchants)
    self_not_aura: bool = False
    each_opponent: bool = False  # inside "For each opponent, ..." (608.2f): "that player" is each
    # "Choose a color." earlier in this resolving ability (608.2d): "" none, "open" not yet read,
    # "read" (one effect reads it: a second one would need the same choice)
    color_chosen: str = ""
    # "Choose any number of target ...": the slot "them" means in "For each of them, ..." (608.2f)
    chosen_targets: Ref | None = None
    each_target: bool = False  # inside "For each of them, ...": "that permanent or player" is each
    # "Exile the top card of your library": "that card" is the card exiled (406.1)
    exiled: Ref | None = None
    # an X is announced for this spell or activated ability (601.2b, 602.2b): "with mana value X
    # or less" can be read
    x_announced: bool = False
    # the target slots for objects named so far, in order: "those creatures" after "target
    # creature gets +3/+3, up to one other target creature gets +2/+2" means all of them
    named_objects: list[Ref] = field(default_factory=list)
    # where the sentence being lowered began in the effects lowered so far, and where the one
    # before it began: "... instead" replaces that earlier sentence's effects (608.2c)
    sentence_start: int = 0
    previous_start: int = 0
    # the effects an "... instead" sentence replaces while it is lowered: "deals 4 damage
    # instead" deals it to the same recipient
    instead_of: tuple[Effect, ...] = ()

    def fail(self, reason: str) -> LowerError:
        return LowerError(reason, self.clause)


def first_lower(text: str) -> str:
    return text[:1].lower() + text[1:] if text else text


def amount(a: AmountA | None) -> Amount:
    """An AST amount as an IR amount: "X" is the value chosen for X (107.3)."""
    if a is None:
        return 1
    if a == "X":
        return Var("X")
    if isinstance(a, XPlus):
        return Sum((Var("X"), a.plus))  # "X plus 3"
    if a == "kicked":
        return Var("kicked")  # 702.33d: the number of times it was kicked
    if a == "that_much":
        # "that much": the amount of the trigger event; lower_triggered checks that the
        # trigger has one (an ability without such a trigger fails to compile)
        return Var("trigger_amount")
    return a


def changes_pt_by_x(node: object) -> bool:
    """Does an IR tree change power/toughness by the X chosen for a spell or ability (an
    :class:`AddPT` reading ``Var("X")``)? Only a spell or an ability with {X} in its cost has one."""
    if isinstance(node, AddPT):
        return _reads_x(node)
    if isinstance(node, (tuple, list)):
        return any(changes_pt_by_x(x) for x in node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return any(changes_pt_by_x(getattr(node, f.name)) for f in dataclasses.fields(node))
    return False


def _reads_x(node: object) -> bool:
    if node == Var("X"):
        return True
    if isinstance(node, tuple):
        return any(_reads_x(x) for x in node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return any(_reads_x(getattr(node, f.name)) for f in dataclasses.fields(node))
    return False
