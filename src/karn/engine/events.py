"""Game events (700.1): every change to the game, as typed data.

An event is proposed by a procedure and handed to the pipeline
(:func:`karn.engine.pipeline.perform`), which applies replacement and
prevention effects (614-616), makes the change, and records it in the
journal (for triggered abilities, 603.2) and in the log (with its rule and
who may see it). ``applied`` lists the replacement effects that already
modified the event: each applies at most once (614.5).

Fields filled in by the pipeline when the event is performed (``origin``,
``new_id``, ``last_known``, ...) say what actually happened.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from karn.engine.modifications import ContinuousEffect, ReplacementEffect, RulesEffect
from karn.engine.values import Chosen, ChosenObject, CopyValues, LastKnown, TokenDef


class ZoneChange(msgspec.Struct, tag="zone", kw_only=True):
    """An object moves to another zone (400.7): drawing, discarding, destroying,
    sacrificing, exiling, returning to hand, casting (to the stack), resolving,
    putting onto the battlefield, milling, ...

    ``cause`` names the action ("draw", "discard", "destroy", "sacrifice", "exile",
    "return", "cast", "resolve", "play", "put", "counter", "sba", "legend", "mulligan",
    "search", "reveal", "bottom", "leave_game"); ``controller``, ``tapped``,
    ``counters``, ``attach_to`` and ``chosen`` (values chosen "as it enters", 614.12a) say
    how a permanent enters the battlefield (614.1c-d can change them); ``position`` is the
    library position.
    """

    obj: int
    to: str
    rule: str
    cause: str = ""
    controller: int = -1
    tapped: bool = False
    counters: dict[str, int] = msgspec.field(default_factory=dict)
    attach_to: int = 0
    # 614.12a: chosen as it enters, by the ability that chose them (607.5a)
    chosen: Chosen = msgspec.field(default_factory=dict)
    copy_of: CopyValues | None = None  # 707.9, 614.1c: it enters as a copy
    # 614.12a: the objects chosen as it enters ("choose a creature"), by ability (607.5a)
    chosen_objects: dict[str, ChosenObject] | None = None
    # 611.2e: "That permanent is an enchantment in addition to its other types": an effect of
    # the resolving spell or ability that applies as it enters (a continuous effect that
    # begins with it), with its source and the source's controller
    add_types: tuple[str, ...] = ()
    add_subtypes: tuple[str, ...] = ()
    effect_source: int = 0
    effect_source_name: str = ""
    # 614.1c: the cards chosen so far to exile as it enters ("As ~ enters, exile any number of
    # ..."), then the physical cards exiled (card ids), linked to the new permanent (607.2a)
    exiling: list[int] = msgspec.field(default_factory=list)
    exiled_cards: list[int] = msgspec.field(default_factory=list)
    # 707.9e: the counters an exception of the copy effect adds (taken back if another copy
    # effect is applied after it)
    copy_counters: dict[str, int] | None = None
    # 708.3-708.4, 701.40a: it is turned face down before it moves ("morph", "manifest"); a
    # face-down spell resolving keeps its status (702.37c)
    face_down: str = ""
    # 715.3d: an Adventure resolving is exiled, and 1 + this player may play the card while it
    # stays exiled (0: not an Adventure)
    adventure: int = 0
    # 712.12: the face of a modal double-faced card that is up as it enters ("": its front, or
    # for a spell the face it was cast with, 712.13)
    face: str = ""
    # 702.82a, 614.13b: the permanents chosen so far to sacrifice as it enters, by the id of the
    # devour replacement that chose them (an object chosen by one can't be chosen by another)
    devouring: dict[str, list[int]] = msgspec.field(default_factory=dict)
    devoured: int = 0  # 702.82b: how many it devoured (sacrificed by its devour abilities)
    position: str = "top"
    # The log line (the pipeline writes a default one when empty) and who sees the
    # card's name: an empty `seen_by` means everyone; else `public` is what others read.
    text: str = ""
    seen_by: tuple[int, ...] = ()
    public: str = ""
    quiet: bool = False
    applied: list[str] = msgspec.field(default_factory=list)
    no_regenerate: bool = False  # 701.19c: "can't be regenerated": regeneration shields don't apply
    loyalty_added: bool = False  # the entering planeswalker's loyalty (306.5b) is in `counters` already
    cycled: bool = False  # 702.29c: a discard to pay the cost of a cycling ability (cycling it)
    madness: bool = False  # 702.35a: a card discarded with madness, exiled instead (it triggers)
    read_ahead: bool = False  # 714.3b, 702.155b: a Saga entering with the chosen number of lore counters
    # Filled in when performed:
    origin: str = ""
    new_id: int = 0
    card: int = -1
    owner: int = -1
    name: str = ""
    last_known: LastKnown | None = None
    horizon: int = 0  # the first object id created after the event (603.2 watchers)
    # 603.10a: the objects attached to it as it left the battlefield ("When enchanted
    # creature dies" looks back to the Aura that was attached to it)
    attached: list[int] = msgspec.field(default_factory=list)


class Damage(msgspec.Struct, tag="damage", kw_only=True):
    """A source deals damage to a player or object (120.3). ``lifelink``, ``deathtouch``,
    ``infect``, ``wither`` and ``toxic`` are the source's, as it deals the damage (702.15b,
    702.2b, 702.90, 702.80b, 702.164c)."""

    source: int
    target: int
    amount: int
    rule: str = "120.3"
    combat: bool = False
    source_name: str = ""
    source_controller: int = 0
    deathtouch: bool = False
    lifelink: bool = False
    # 702.90b-c infect, 702.80a wither: -1/-1 counters (and poison counters) instead
    infect: bool = False
    wither: bool = False
    toxic: int = 0  # 702.164c: the source's total toxic value
    applied: list[str] = msgspec.field(default_factory=list)
    dealt: int = 0  # filled in: the damage actually dealt


class LifeGain(msgspec.Struct, tag="gain_life", kw_only=True):
    """A player gains life (119.3); one event per gain (119.9)."""

    player: int
    amount: int
    rule: str = "119.3"
    applied: list[str] = msgspec.field(default_factory=list)


class EnergyChange(msgspec.Struct, tag="energy", kw_only=True):
    """A player gets (``amount`` > 0) or pays (< 0) energy counters (107.14, 122.1: counters on
    a player)."""

    player: int
    amount: int
    rule: str = "122.1"
    applied: list[str] = msgspec.field(default_factory=list)


class LifeLoss(msgspec.Struct, tag="lose_life", kw_only=True):
    """A player loses life (119.3) other than from damage; ``payment``: they pay it (119.4: a
    cost or an optional payment; replacement effects on paying life watch only these)."""

    player: int
    amount: int
    rule: str = "119.3"
    applied: list[str] = msgspec.field(default_factory=list)
    payment: bool = False


class Tap(msgspec.Struct, tag="tap", kw_only=True):
    """A permanent becomes tapped or untapped (701.26)."""

    obj: int
    tapped: bool
    rule: str
    text: str = ""
    quiet: bool = False
    applied: list[str] = msgspec.field(default_factory=list)
    changed: bool = False  # filled in: it was not already in that state


class CounterChange(msgspec.Struct, tag="counters", kw_only=True):
    """Counters are put on (``amount`` > 0) or removed from a permanent (122.1, 122.6).
    ``cost``: put as a cost (606.4), not by an effect (614.16)."""

    obj: int
    kind: str
    amount: int
    rule: str = "122.1"
    text: str = ""
    quiet: bool = False
    applied: list[str] = msgspec.field(default_factory=list)
    cost: bool = False


class CopyOnStack(msgspec.Struct, tag="copy_on_stack", kw_only=True):
    """A copy of the spell ``obj`` is put onto the stack under ``controller``'s control
    (707.10): it copies the spell's copiable values (with ``copy_of``'s exceptions, 707.9b)
    and the choices made for it (modes, targets, X, kicker, division); it isn't cast."""

    obj: int
    controller: int
    copy_of: CopyValues | None = None
    rule: str = "707.10"
    applied: list[str] = msgspec.field(default_factory=list)
    new_id: int = 0


class CreateToken(msgspec.Struct, tag="token", kw_only=True):
    """``count`` tokens are created under ``controller``'s control (111.2)."""

    controller: int
    token: TokenDef
    count: int = 1
    rule: str = "111.2"
    tapped: bool = False
    copy_of: CopyValues | None = None  # 707.2: tokens that are copies (their copiable values)
    applied: list[str] = msgspec.field(default_factory=list)
    new_ids: list[int] = msgspec.field(default_factory=list)
    horizon: int = 0
    counters: dict[str, int] = msgspec.field(default_factory=dict)  # each enters with these (614.1c-d)
    # 614.12a, 616.1g: values chosen for each token as it enters ("as ~ enters, choose a color"),
    # by the token's index among those created
    chosen: list[Chosen] = msgspec.field(default_factory=list)


class CreateEmblem(msgspec.Struct, tag="emblem", kw_only=True):
    """114.1: ``player`` gets an emblem with these abilities (ids of the card pool) in the
    command zone; ``name``: the card whose ability created it."""

    player: int
    abilities: tuple[str, ...]
    name: str
    rule: str = "114.1"
    new_id: int = 0
    applied: list[str] = msgspec.field(default_factory=list)


class Attach(msgspec.Struct, tag="attach", kw_only=True):
    """An Aura or Equipment becomes attached to an object (701.3), or unattached (to=0)."""

    obj: int
    to: int
    rule: str = "701.3a"
    quiet: bool = False
    applied: list[str] = msgspec.field(default_factory=list)


class DrawCard(msgspec.Struct, tag="draw", kw_only=True):
    """A player draws a card (121.1): the top card of their library moves to their hand.
    Drawing from an empty library is remembered for 704.5b (121.4)."""

    player: int
    rule: str = "121.1"
    applied: list[str] = msgspec.field(default_factory=list)
    drawn: int = 0  # filled in: the new object in the hand (0 if the library was empty)
    nth: int = 0  # filled in: this is the player's nth card drawn this turn


class AddMana(msgspec.Struct, tag="add_mana", kw_only=True):
    """Mana is added to a player's mana pool (106.4)."""

    player: int
    symbols: tuple[str, ...]
    rule: str = "106.4"
    applied: list[str] = msgspec.field(default_factory=list)


class SpendMana(msgspec.Struct, tag="spend_mana", kw_only=True):
    """Mana leaves a player's mana pool: spent on a cost (601.2h) or emptied (500.4)."""

    player: int
    symbols: dict[str, int]
    rule: str = "601.2h"
    applied: list[str] = msgspec.field(default_factory=list)


class Shuffle(msgspec.Struct, tag="shuffle", kw_only=True):
    """A player shuffles their library (701.24)."""

    player: int
    rule: str = "701.24a"
    quiet: bool = False
    applied: list[str] = msgspec.field(default_factory=list)


class ReorderLibrary(msgspec.Struct, tag="reorder", kw_only=True):
    """Cards of a library are put on the bottom in this order (scry 701.22, London
    mulligan 103.5); ``bottom`` lists them, the first one lowest."""

    player: int
    bottom: list[int]
    rule: str
    applied: list[str] = msgspec.field(default_factory=list)


class Reveal(msgspec.Struct, tag="reveal", kw_only=True):
    """Cards in hidden zones are shown: revealed to everyone (701.20a) or looked at by
    some players (``to``: scry 701.22a, a search 701.23a). The players who see them know
    those cards while they stay in their zone (``GameState.known``). ``text`` is the log
    line, read by the same players; the others read ``public``."""

    objects: list[int]
    to: tuple[int, ...] = ()  # empty: every player
    rule: str = "701.20a"
    text: str = ""
    public: str = ""
    applied: list[str] = msgspec.field(default_factory=list)


class StartEffect(msgspec.Struct, tag="start_effect", kw_only=True):
    """A resolving spell or ability creates a continuous effect (611.2)."""

    effect: ContinuousEffect
    rule: str = "611.2a"
    text: str = ""
    applied: list[str] = msgspec.field(default_factory=list)


class EndTurnEffects(msgspec.Struct, tag="end_turn_effects", kw_only=True):
    """514.2: damage wears off and "until end of turn" effects and "this turn"
    prevention shields end."""

    rule: str = "514.2"
    applied: list[str] = msgspec.field(default_factory=list)


class AddShield(msgspec.Struct, tag="shield", kw_only=True):
    """A prevention shield is created (615.7): the next ``amount`` damage to ``target``
    this turn is prevented."""

    target: int
    amount: int
    source: int
    source_name: str
    rule: str = "615.7"
    applied: list[str] = msgspec.field(default_factory=list)


class AddReplacement(msgspec.Struct, tag="add_replacement", kw_only=True):
    """A resolving spell or ability creates a replacement or prevention effect (614.1a,
    615.1a), or a regeneration shield (701.19a)."""

    effect: ReplacementEffect
    rule: str = "614.1a"
    text: str = ""
    applied: list[str] = msgspec.field(default_factory=list)


class AddRules(msgspec.Struct, tag="add_rules", kw_only=True):
    """A resolving spell or ability changes the rules (611.2a): "Damage can't be prevented this
    turn" (615.12), "Players can't gain life this turn" (119.7)."""

    effect: RulesEffect
    rule: str = "611.2a"
    text: str = ""
    applied: list[str] = msgspec.field(default_factory=list)


class Regenerated(msgspec.Struct, tag="regenerate", kw_only=True):
    """A permanent regenerates instead of being destroyed (701.19a): all damage marked on it is
    removed, it is tapped, and it is removed from combat."""

    obj: int
    rule: str = "701.19a"
    source_name: str = ""
    applied: list[str] = msgspec.field(default_factory=list)


class LoseGame(msgspec.Struct, tag="lose_game", kw_only=True):
    """An effect makes a player lose the game (104.3e)."""

    player: int
    rule: str = "104.3e"
    text: str = ""
    applied: list[str] = msgspec.field(default_factory=list)


class TurnFaceUp(msgspec.Struct, tag="face_up", kw_only=True):
    """A face-down permanent is turned face up (702.37e, 701.40b, 708.8): the same object, which
    doesn't enter the battlefield again; it gets a new timestamp (613.7f). ``counter``: a
    megamorph cost was paid, put a +1/+1 counter on it as it turns face up (702.37b)."""

    obj: int
    rule: str
    counter: bool = False
    text: str = ""
    applied: list[str] = msgspec.field(default_factory=list)
    changed: bool = False  # filled in: it was face down


class Transform(msgspec.Struct, tag="transform", kw_only=True):
    """A double-faced permanent transforms (701.27a): its other face is turned up. It stays the
    same object (712.18: counters, damage, attachments and effects stay; it doesn't enter the
    battlefield). ``day_night``: done by its daybound or nightbound ability (702.145b, 702.145e:
    the only way such a permanent transforms). ``into``: filled in, the face now up."""

    obj: int
    rule: str = "701.27a"
    day_night: bool = False
    text: str = ""
    applied: list[str] = msgspec.field(default_factory=list)
    changed: bool = False  # filled in: it transformed
    into: str = ""


class BecomeDayNight(msgspec.Struct, tag="day_night", kw_only=True):
    """731.1: it becomes day or night (the game's designation; once it has one it always has
    one of the two)."""

    to: Literal["day", "night"]
    rule: str
    text: str = ""
    applied: list[str] = msgspec.field(default_factory=list)
    was: str = ""  # filled in: the designation before ("" neither; 731.1a: "day becomes night")


class SpellCast(msgspec.Struct, tag="spell_cast", kw_only=True):
    """A spell became cast (601.2i): recorded for "whenever ... casts" abilities.
    ``before``: the spells cast this turn before it (filled in when performed; storm, 702.40a)."""

    obj: int
    player: int
    from_zone: str
    rule: str = "601.2i"
    applied: list[str] = msgspec.field(default_factory=list)
    before: int = 0


class BecomesTarget(msgspec.Struct, tag="becomes_target", kw_only=True):
    """Objects became targets of a spell or ability (601.2c, 602.2b, 603.3d): recorded for
    "whenever ~ becomes the target of a spell or ability" (603.2; ward, 702.21a). ``obj``: the
    spell or ability on the stack; ``player``: its controller; ``targets``: each object chosen
    as its target, once (players are encoded, negative)."""

    obj: int
    player: int
    targets: tuple[int, ...]
    rule: str = "601.2c"
    applied: list[str] = msgspec.field(default_factory=list)


class AttackerDeclared(msgspec.Struct, tag="attacks", kw_only=True):
    """A creature was declared as an attacker (508.1): for "whenever ... attacks" (508.3a)."""

    obj: int
    defender: int  # an encoded player or a planeswalker/battle id
    defending_player: int
    rule: str = "508.3a"
    applied: list[str] = msgspec.field(default_factory=list)


class BlockerDeclared(msgspec.Struct, tag="blocks", kw_only=True):
    """A creature was declared as a blocker of ``attackers`` (509.1): for "whenever ...
    blocks [a creature]" (509.3a-b)."""

    obj: int
    attackers: list[int]
    rule: str = "509.3a"
    applied: list[str] = msgspec.field(default_factory=list)


class AttackerBlocked(msgspec.Struct, tag="blocked", kw_only=True):
    """An attacking creature became blocked by ``blockers`` (509.1h): for "whenever ...
    becomes blocked [by a creature]" (509.3c-d)."""

    obj: int
    blockers: list[int]
    rule: str = "509.3c"
    applied: list[str] = msgspec.field(default_factory=list)


class StartTurn(msgspec.Struct, tag="start_turn", kw_only=True):
    """500.1 / 302.6: a turn begins; the active player's permanents have been under their
    control continuously since then; each player's land plays are counted anew (305.2)."""

    player: int
    rule: str = "500.1"
    previous: int = -1  # the previous turn's active player (-1: the game's first turn)
    applied: list[str] = msgspec.field(default_factory=list)


class StepBegins(msgspec.Struct, tag="step_begins", kw_only=True):
    """A step or phase begins (500.1-500.2): recorded for "at the beginning of ..." abilities
    (603.1, 503.1a, 513.1a); ``player`` is the active player."""

    step: str
    player: int
    rule: str = "500.1"
    applied: list[str] = msgspec.field(default_factory=list)


class BecomeCopy(msgspec.Struct, tag="become_copy", kw_only=True):
    """A permanent on the battlefield becomes a copy of another object (707.4): its copiable
    values become ``copy_of``; it doesn't enter or leave the battlefield."""

    obj: int
    copy_of: CopyValues
    text: str = ""
    rule: str = "707.4"
    applied: list[str] = msgspec.field(default_factory=list)


class ChaosEnsues(msgspec.Struct, tag="chaos", kw_only=True):
    """Chaos ensues (311.7, 901.9b): the face-up plane's "Whenever chaos ensues" abilities
    trigger. ``player``: the player who rolled the chaos symbol."""

    player: int
    rule: str = "901.9b"
    applied: list[str] = msgspec.field(default_factory=list)


class RollPlanarDie(msgspec.Struct, tag="planar_die", kw_only=True):
    """901.9: ``player`` rolls the planar die (901.3a: six faces, one Planeswalker symbol, one
    chaos symbol, four blank), from the game's seeded generator. ``special``: as the special
    action (116.2i: it counts toward the action's cost). Filled in: ``face``, "planeswalker",
    "chaos" or "blank"."""

    player: int
    special: bool = True
    rule: str = "901.9"
    face: str = ""
    applied: list[str] = msgspec.field(default_factory=list)


class BecomeMonarch(msgspec.Struct, tag="monarch", kw_only=True):
    """725.3: ``player`` becomes the monarch; the current monarch ceases to be it."""

    player: int
    rule: str = "725.3"
    applied: list[str] = msgspec.field(default_factory=list)


class Planeswalk(msgspec.Struct, tag="planeswalk", kw_only=True):
    """701.31b, 901.11: each face-up plane goes to the bottom of its owner's planar deck face
    down (a new object, 901.7a), then the top card of ``player``'s planar deck is turned face
    up; ``start``: the starting plane (901.5: no player planeswalks, nothing triggers).
    Filled in: ``away`` and ``to``, the planes' names (701.31d)."""

    player: int
    rule: str = "701.31b"
    start: bool = False
    away: list[str] = msgspec.field(default_factory=list)
    to: str = ""
    to_id: int = 0  # the plane turned face up (a new object, 901.7a)
    away_ids: list[int] = msgspec.field(default_factory=list)  # the face-up planes, as they were
    applied: list[str] = msgspec.field(default_factory=list)


GameEvent = (
    ZoneChange
    | Damage
    | LifeGain
    | LifeLoss
    | EnergyChange
    | Tap
    | CounterChange
    | CreateToken
    | CreateEmblem
    | CopyOnStack
    | Attach
    | DrawCard
    | AddMana
    | SpendMana
    | Shuffle
    | ReorderLibrary
    | Reveal
    | StartEffect
    | EndTurnEffects
    | AddShield
    | AddReplacement
    | AddRules
    | Regenerated
    | LoseGame
    | SpellCast
    | BecomeMonarch
    | BecomesTarget
    | AttackerDeclared
    | StartTurn
    | StepBegins
    | BlockerDeclared
    | AttackerBlocked
    | BecomeCopy
    | TurnFaceUp
    | Transform
    | BecomeDayNight
    | ChaosEnsues
    | Planeswalk
    | RollPlanarDie
)


#: The kinds of events triggered abilities can watch today (603.2): the pipeline records
#: these in the journal, and :func:`karn.engine.triggers.scan` reads each of them.
WATCHED: frozenset[type] = frozenset(
    {
        ZoneChange,
        CreateToken,
        SpellCast,
        CounterChange,
        BecomesTarget,
        AttackerDeclared,
        LifeGain,
        StepBegins,
        Damage,
        BlockerDeclared,
        AttackerBlocked,
        Tap,
        DrawCard,
        TurnFaceUp,
        Transform,
        BecomeDayNight,
        ChaosEnsues,
        RollPlanarDie,
        Planeswalk,
        CounterChange,  # 714.2b: lore counters put on a Saga trigger its chapter abilities
    }
)
