"""The agenda's frames: pending procedures as typed, plain data (DESIGN.md property 1).

Each frame is one procedure in progress — casting a spell, resolving it,
declaring attackers, applying replacement effects to an event — with its
progress in typed fields. The loop (:mod:`karn.engine.flow`) runs the top
frame's step; a step either finishes (pops its frame), pushes another frame,
or asks a :class:`~karn.engine.state.Decision` and waits. The answer is kept
in the frame (``answer``) until its step reads it, so a game can be copied or
saved at any decision, mid-resolution included.
"""

from __future__ import annotations

import msgspec

from karn.engine.events import GameEvent
from karn.engine.values import Answer


class TargetPicks(msgspec.Struct, array_like=True):
    """Targets chosen so far (601.2c, 603.3d): one list per target slot, filled one
    pick at a time; ``slot`` is the slot being filled."""

    chosen: list[list[int]] = msgspec.field(default_factory=list)
    slot: int = 0
    slot_done: bool = False


class MulliganFrame(msgspec.Struct, tag="mulligan", array_like=True):
    """103.5: keep or mulligan, round by round, then cards to the bottom."""

    taking: list[int] = msgspec.field(default_factory=list)  # players taking a mulligan this round
    bottomed: dict[int, int] = msgspec.field(default_factory=dict)  # player -> cards put on the bottom
    answer: Answer | None = None
    opened: list[int] = msgspec.field(default_factory=list)  # players done with 103.6a actions


class CastFrame(msgspec.Struct, tag="cast", array_like=True):
    """601.2: casting a spell, step by step (modes, X, targets, costs)."""

    obj: int
    player: int
    name: str
    picks: TargetPicks = msgspec.field(default_factory=TargetPicks)
    modes: list[int] | None = None
    x: int | None = None
    cost: str = ""
    answer: Answer | None = None
    kicker: list[bool] | None = None  # 601.2b: for each kicker cost, whether it is paid
    sacrificed: int = 0  # 601.2h: the permanent sacrificed as an additional cost
    modes_done: bool = False  # 601.4 / 700.2: "choose any number": no more modes
    division: list[int] | None = None  # 601.2d: the amount each target gets, in the order chosen
    alt: str | None = None  # 601.2b: the alternative cost chosen ("bestow"; "" none; None not asked)
    sorcery_timing: bool = False  # 307.1: whether a sorcery could be cast as this cast was proposed
    permitted: bool = False  # 601.3: a permission lets it be cast from where it was (not only flashback)
    # 702.34a: the flashback cost the card had in the graveyard it was cast from ("": none, or
    # an effect removed it there, 613.1f: Yixlid Jailer)
    flashback: str = ""
    buyback: bool | None = None  # 702.27a: whether the buyback cost is paid (None: not asked yet)
    # 601.2b, 601.2h: the objects chosen for each part of an additional cost ("discard a card",
    # "exile a creature card from your graveyard"), by index, and whether the parts paid before
    # the mana are paid (``karn.engine.costs``)
    cost_picks: list[list[int]] = msgspec.field(default_factory=list)
    early_paid: bool = False
    # 601.2b, 107.4e-f: the way each hybrid or Phyrexian symbol of the cost is paid, in the
    # cost's order (an index among ``karn.cards.mana.hybrid_alternatives``; None: none asked),
    # and the life that pays its Phyrexian symbols (paid with the mana, 601.2h)
    hybrid: list[int] | None = None
    phyrexian_life: int = 0


class FreeCastFrame(msgspec.Struct, tag="free_cast", array_like=True):
    """608.2g: an effect lets ``player`` cast the card ``card`` during the resolution without
    paying its mana cost (118.9): the cast begins (601.2a) when this frame's step runs, if it
    can be cast; the resolution goes on after it."""

    card: int
    player: int
    rule: str = "608.2g"
    alt: str = ""  # "madness": cast for its madness cost (702.35b) rather than for free


class ActivateFrame(msgspec.Struct, tag="activate", array_like=True):
    """602.2: activating an ability (``ability`` is its id in the card pool)."""

    obj: int
    player: int
    source: int
    ability: str
    picks: TargetPicks = msgspec.field(default_factory=TargetPicks)
    x: int | None = None
    cost: str = ""
    answer: Answer | None = None
    # 601.2h, 602.2b: the objects chosen for each part of the cost (``ir.Cost.parts``, by index)
    cost_picks: list[list[int]] = msgspec.field(default_factory=list)
    early_paid: bool = False  # the parts paid before the mana are paid (``costs.pay(early=True)``)
    # 702.122a: the creatures for a crew cost are chosen (its part's picks in ``cost_picks``)
    crew_done: bool = False
    # 602.2b, 601.2b: the way each hybrid or Phyrexian symbol is paid and the life it pays
    hybrid: list[int] | None = None
    phyrexian_life: int = 0


class TurnFaceUpFrame(msgspec.Struct, tag="face_up", array_like=True):
    """116.2b, 702.37e, 701.40b: turning a face-down permanent face up (a special action): its
    cost shown, then paid (``mega``: a megamorph cost, 702.37b)."""

    obj: int
    player: int
    cost: str
    mega: bool = False
    answer: Answer | None = None


class PlanarDieFrame(msgspec.Struct, tag="planar_die", array_like=True):
    """901.9: rolling the planar die (a special action, 116.2i): its cost, {N} generic mana for
    the N times the player took this action before this turn, paid, then the die rolled."""

    player: int
    cost: int
    answer: Answer | None = None


class ManaFrame(msgspec.Struct, tag="mana", array_like=True):
    """106.1, 605.3b: a mana ability activated by hand that adds mana chosen as it resolves
    ("{R} or {G}", "one mana of any color"): the choices made so far, one per question, then
    the ability resolves. ``keep``: the cost being paid meanwhile (601.2g), or ""."""

    player: int
    source: int
    ability: int
    keep: str = ""
    picks: list[int] = msgspec.field(default_factory=list)
    answer: Answer | None = None


class DiscardProgress(msgspec.Struct, tag="discard", array_like=True):
    """701.9: cards discarded so far; whether the hand was revealed (701.20a)."""

    revealed: bool = False
    done: int = 0
    turn: int = 0  # "each player discards": the index of the player choosing (APNAP, 101.4)
    chosen: list[int] = msgspec.field(default_factory=list)  # discarded together at the end


class SearchProgress(msgspec.Struct, tag="search", array_like=True):
    """701.23: cards found so far."""

    found: int = 0


class ScryProgress(msgspec.Struct, tag="scry", array_like=True):
    """701.22a: the cards looked at and where each was put."""

    cards: list[int] = msgspec.field(default_factory=list)
    top: list[int] = msgspec.field(default_factory=list)
    bottom: list[int] = msgspec.field(default_factory=list)
    started: bool = False


class MayProgress(msgspec.Struct, tag="may", array_like=True):
    """608.2c: "you may" asked, not yet answered."""

    asked: bool = False


class UnlessProgress(msgspec.Struct, tag="unless", array_like=True):
    """118.12: "unless [a player] pays [cost]" asked; once the payer said yes (``paying``), the
    objects chosen so far for each part of the cost (601.2h: what to discard or sacrifice)."""

    paying: bool = False
    picks: list[list[int]] = msgspec.field(default_factory=list)


class CastProgress(msgspec.Struct, tag="cast_during", array_like=True):
    """608.2g: the card being cast during the resolution, and the spell it became once its
    casting began (0: not cast, or the cast was abandoned, 733.1); the cast is over when the
    resolution's step runs again."""

    card: int = 0
    spell: int = 0


class CascadeProgress(msgspec.Struct, tag="cascade", array_like=True):
    """702.85a: the cards exiled so far (in exile), the nonland card found (0: none), whether
    its controller was asked to cast it, and the spell it became once cast (608.2g)."""

    exiled: list[int] = msgspec.field(default_factory=list)
    hit: int = 0
    asked: bool = False
    casting: bool = False
    spell: int = 0


class SacrificeProgress(msgspec.Struct, tag="sacrifice", array_like=True):
    """701.21a / 101.4: the permanents chosen so far, by the players in APNAP order; they
    are sacrificed together once every player has chosen."""

    chosen: list[int] = msgspec.field(default_factory=list)
    turn: int = 0  # index of the player choosing, in APNAP order
    picked: int = 0  # how many that player chose so far


class ChoiceProgress(msgspec.Struct, tag="choice", array_like=True):
    """608.2d: a choice an effect asks for as it's applied ("becomes the color of your
    choice"), asked, not yet answered."""

    asked: bool = False


class CopyProgress(msgspec.Struct, tag="copy", array_like=True):
    """707.10c: the copies made and the next of their targets (counted across the copies,
    slot by slot) its controller may change; ``asked``: that target's question is pending."""

    copies: list[int] = msgspec.field(default_factory=list)
    at: int = 0
    asked: bool = False


class WordProgress(msgspec.Struct, tag="word", array_like=True):
    """608.2d, 612.2: the words a text-changing effect replaces, chosen as it resolves: the
    word to replace (``old``, once answered), then the word that replaces it."""

    old: str = ""


class AnyPlayerProgress(msgspec.Struct, tag="any_player", array_like=True):
    """101.4: "any player may ...": the index (APNAP) of the player being asked, the option
    they took (-1: none yet) and the permanents they picked to sacrifice so far."""

    turn: int = 0
    option: int = -1
    chosen: list[int] = msgspec.field(default_factory=list)


class ProliferateProgress(msgspec.Struct, tag="proliferate", array_like=True):
    """701.34a: the permanents and players (player references) chosen so far to proliferate."""

    chosen: list[int] = msgspec.field(default_factory=list)


class ManaChoiceProgress(msgspec.Struct, tag="mana_choice", array_like=True):
    """106.1, 608.2d: the mana chosen so far for an effect adding mana of a color chosen as it
    resolves ("Add two mana in any combination of colors."), one pick per question."""

    picks: list[int] = msgspec.field(default_factory=list)


Progress = (
    DiscardProgress
    | SearchProgress
    | ScryProgress
    | MayProgress
    | UnlessProgress
    | CastProgress
    | CascadeProgress
    | SacrificeProgress
    | ChoiceProgress
    | CopyProgress
    | WordProgress
    | AnyPlayerProgress
    | ManaChoiceProgress
    | ProliferateProgress
)


class ForEachProgress(msgspec.Struct, array_like=True):
    """608.2f: "For each of them, ...": the targets whose instructions are done (in the order
    the controller chose), the target being considered now (0: none), whether the controller
    was asked which target is next, and the objects each pass acted on ("the exiled cards")."""

    done: list[int] = msgspec.field(default_factory=list)
    current: int = 0
    asked: bool = False
    gathered: list[int] = msgspec.field(default_factory=list)


class ResolveFrame(msgspec.Struct, tag="resolve", array_like=True):
    """608.2: a spell or ability resolving; ``cursor`` is the next effect to apply and
    ``progress`` the state of the effect that waits for a choice."""

    obj: int
    legal: list[list[int]] | None = None  # targets still legal (608.2b)
    # The next effect to apply: an index into the effects, with one more index for each
    # effect entered (the effects of a "you may" the player said yes to).
    cursor: list[int] = msgspec.field(default_factory=lambda: [0])
    progress: Progress | None = None
    affected: list[int] = msgspec.field(default_factory=list)  # "those creatures": the last effect's objects
    answer: Answer | None = None
    declined: bool = False  # 608.2d: the last "you may" was declined ("If you don't, ...")
    died: list[int] = msgspec.field(default_factory=list)  # creatures that died by this resolution
    each: ForEachProgress | None = None  # 608.2f: a "for each of them" in progress
    energy_paid: int = 0  # 107.1c: the energy paid for "pay any amount of {E}" ("that much")


class TriggersFrame(msgspec.Struct, tag="triggers", array_like=True):
    """603.3: putting triggered abilities on the stack (APNAP), their targets (603.3d)."""

    current: int = 0
    picks: TargetPicks = msgspec.field(default_factory=TargetPicks)
    answer: Answer | None = None


class AttackFrame(msgspec.Struct, tag="attack", array_like=True):
    """508.1: declaring attackers, one at a time, then done."""

    done: bool = False
    answer: Answer | None = None


class BlockFrame(msgspec.Struct, tag="block", array_like=True):
    """509.1: each defending player declares blockers (in turn order, 802/806)."""

    defenders: list[int] = msgspec.field(default_factory=list)  # defending players still to declare
    done: bool = False
    answer: Answer | None = None


class DamageFrame(msgspec.Struct, tag="damage", array_like=True):
    """510.1-510.2: assigning combat damage, then dealing it simultaneously."""

    first: bool
    plan: list[list[int]] | None = None  # [source, target, amount]
    queue: list[list[int]] = msgspec.field(default_factory=list)  # [attacker, left, blockers...]
    trample: dict[int, int] = msgspec.field(default_factory=dict)  # attacker -> what it tramples over to
    dealt: bool = False
    answer: Answer | None = None


class LegendFrame(msgspec.Struct, tag="legend", array_like=True):
    """704.5j: the legend rule: the controller chooses the one to keep."""

    player: int
    ids: list[int]
    keep: int = 0
    answer: Answer | None = None


class CleanupFrame(msgspec.Struct, tag="cleanup", array_like=True):
    """514.1-514.3: discard to hand size, then damage wears off and effects end."""

    answer: Answer | None = None


class ReplaceFrame(msgspec.Struct, tag="replace", array_like=True):
    """614-616: events on their way through the pipeline, waiting for the affected
    player to choose which replacement or prevention effect applies first (616.1).

    ``pending`` are events still to check, ``ready`` events no (more) replacement
    effect applies to; ``choices`` are the replacement ids offered for ``pending[0]``;
    ``applying`` is the replacement being applied to it that waits for its player's choice
    ("As this creature enters, choose a color", 614.12a).
    """

    pending: list[GameEvent]
    ready: list[GameEvent] = msgspec.field(default_factory=list)
    choices: list[str] = msgspec.field(default_factory=list)
    answer: Answer | None = None
    picking: str = ""  # the replacement applying that waits for its player's pick (614.1a)


Frame = (
    MulliganFrame
    | CastFrame
    | FreeCastFrame
    | ActivateFrame
    | ResolveFrame
    | TriggersFrame
    | AttackFrame
    | BlockFrame
    | DamageFrame
    | LegendFrame
    | CleanupFrame
    | ReplaceFrame
    | TurnFaceUpFrame
    | PlanarDieFrame
    | ManaFrame
)
