"""The game state: plain data only (DESIGN.md firm property 1).

Everything needed to continue a game — including a resolution that is half
done and waiting on a choice — lives in these msgspec Structs. Copying is an
encode/decode round trip; saving is the same encoding. The structs are
encoded as arrays (no field names), which keeps copies and saves small.

Only the event pipeline (:mod:`karn.engine.pipeline`) changes zones, life,
damage, tapped, counters, controllers and attachments; ``version`` counts its
changes, and caches of derived data (characteristics, options) are keyed by it.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from karn.engine.events import GameEvent
from karn.engine.frames import Frame
from karn.engine.modifications import (
    ContinuousEffect,
    ExiledWith,
    LinkedExile,
    ReplacementEffect,
    RulesEffect,
    StepSkip,
)
from karn.engine.values import (
    BATTLEFIELD,
    COMMAND,
    EXILE,
    GRAVEYARD,
    HAND,
    LIBRARY,
    PLAYER_ZONES,
    STACK,
    STEPS,
    Chosen,
    ChosenObject,
    CopyValues,
    LastKnown,
    TokenDef,
    TriggerData,
    player_ref,
    ref_player,
)

__all__ = [
    "BATTLEFIELD",
    "COMMAND",
    "EXILE",
    "GRAVEYARD",
    "HAND",
    "LIBRARY",
    "PLAYER_ZONES",
    "STACK",
    "STEPS",
    "Combat",
    "ContinuousEffect",
    "Decision",
    "GameState",
    "LastKnown",
    "Obj",
    "Option",
    "PendingTrigger",
    "Planechase",
    "Player",
    "LinkedExile",
    "ReplacementEffect",
    "RulesEffect",
    "StepSkip",
    "Shield",
    "TokenDef",
    "TriggerData",
    "SHARED_ZONES",
    "copy_state",
    "decode_state",
    "encode_state",
    "player_ref",
    "ref_player",
]


class Obj(msgspec.Struct, array_like=True, omit_defaults=True):
    """A game object (109): a card in a zone, a token, a spell or an ability on the stack."""

    id: int
    card: int  # physical card id (-1 for tokens and abilities): conservation invariant
    name: str  # card name (its entry in the card pool); for abilities the source's card name
    owner: int
    controller: int  # on the battlefield: the controller it entered under (layer 2 may change it)
    zone: str
    timestamp: int = 0  # 613.7d
    tapped: bool = False
    sick: bool = False  # 302.6: not continuously controlled since its controller's turn began
    damage: int = 0
    deathtouch_damage: bool = False  # 702.2b / 704.5h
    counters: dict[str, int] = msgspec.field(default_factory=dict)
    attached_to: int = 0
    token: TokenDef | None = None
    skip_untap: int = -1  # doesn't untap during this player's next untap step (e.g. Sleep)
    loyalty_turn: int = 0  # 606.3: turn number a loyalty ability was last activated
    # 602.5b: "Activate only once each turn": the turn each such ability (by id) was last activated
    activated_turns: dict[str, int] = msgspec.field(default_factory=dict)
    # On the stack (spells and abilities):
    ability: str = ""  # the ability's id in the card pool ("" for a spell)
    source: int = 0  # for abilities: the source object id
    x: int = 0
    mode: list[int] = msgspec.field(default_factory=list)
    targets: list[list[int]] = msgspec.field(default_factory=list)
    trigger: TriggerData | None = None  # for triggered abilities: the trigger event (603.7c)
    cast_from: str = ""  # 601.2a: the zone a spell was cast from
    # Rarely set, so immutable or None by default: decoding a fresh empty list or dict for every
    # object of a save is what copies spend their time on (copy() decodes the state).
    kicked: tuple[int, ...] = ()  # 702.33d: the kicker costs paid (indices)
    # 607.2a, 614.12a: values chosen for it as it entered, by the ability that chose them
    # (607.5a, :func:`karn.engine.values.chosen_for`): {"Voice of All": {"color": "W"}}.
    chosen: Chosen | None = None
    # 613.7c: the timestamp of each kind of counter on it (all counters of a kind share the
    # latest one); a kind not listed has the object's own timestamp.
    counter_ts: dict[str, int] | None = None
    # 707.2, 613.2a: the copiable values of a copy effect it entered with (Clone), or None.
    copy_of: CopyValues | None = None
    # 601.2d: "divided as you choose": the amount announced for each target of the dividing
    # slot, in the order the targets were chosen
    division: tuple[int, ...] = ()
    # 702.103b: a bestowed Aura spell, or the bestowed Aura it became (until it ceases to be
    # bestowed, 702.103e-f)
    bestowed: bool = False
    flashback: bool = False  # 702.34a: a spell cast for its flashback cost (exiled as it leaves the stack)
    # 607.2a: the cards (exile-zone object ids) it exiled as it entered ("As ~ enters, exile any
    # number of creature cards from your graveyard"): "the exiled cards" of its other abilities
    exiled_with: tuple[int, ...] = ()
    # 707.10: a copy of a spell or ability on the stack (card -1: not a card; it was never cast,
    # and a spell copy that leaves the stack ceases to exist, 707.10a, 704.5e)
    is_copy: bool = False
    # 708.1: a face-down spell or permanent, and the rule that made it so ("morph" 702.37c, "manifest"
    # 701.40a); "" face up. Its characteristics are those of 708.2a (layer 1b, 613.2b).
    face_down: str = ""
    # 702.82b: the number of permanents it devoured as it entered ("each creature it devoured")
    devoured: int = 0
    # 614.12a, 607.5a: the objects chosen for it as it entered ("choose a creature"), by the
    # linked key of the ability that chose them, with their copiable values then (707.2c)
    chosen_objects: dict[str, ChosenObject] | None = None
    # 613.7, 707.4: the timestamp of the copy effect it became a copy by ("becomes a copy"), 0
    # for the copy effect it entered with (its own timestamp) or none
    copy_ts: int = 0
    # 715.3: a spell cast as an Adventure (or a copy of one, 715.3c); exiled as it resolves
    adventure: bool = False
    # 715.3d: a card exiled as its Adventure resolved: 1 + the player who may play it while it
    # stays exiled (0: none)
    on_adventure: int = 0
    # 118.9, 601.2b: the alternative cost keyword its spell was cast for ("evoke"), kept by the
    # permanent it becomes ("if its evoke cost was paid", 702.74a) and by copies (707.10)
    alt_cost: str = ""
    # 702.27a: a spell whose buyback cost was paid (put into its owner's hand as it resolves)
    buyback: bool = False
    # 702.30a: its controller's ``Player.upkeeps`` when it came under their control (302.6)
    control_upkeeps: int = 0
    # 702.84a, 614.1a: exiled instead whenever it would leave the battlefield (unearth)
    exile_if_leaves: bool = False
    # 701.27f: the state's timestamp clock when it last transformed (0: never). Which face is up
    # is ``name``: the card pool's front face or back face (712.8d-e)
    transformed_ts: int = 0
    # 702.155a: a Saga with read ahead: the turn it entered the battlefield (its chapter
    # abilities trigger that turn only for exactly its number of lore counters); 0 otherwise
    read_ahead_turn: int = 0
    # 114.1-114.2: an emblem in the command zone: the ids of its abilities (quoted abilities of
    # the ability that created it, 113.2c); ``name`` is the card whose ability created it
    emblem: tuple[str, ...] | None = None


class Player(msgspec.Struct, array_like=True):
    index: int
    name: str
    life: int = 20
    poison: int = 0
    library: list[int] = msgspec.field(default_factory=list)  # the last id is the top card
    hand: list[int] = msgspec.field(default_factory=list)
    graveyard: list[int] = msgspec.field(default_factory=list)
    exile: list[int] = msgspec.field(default_factory=list)
    pool: dict[str, int] = msgspec.field(default_factory=dict)  # 106.4 mana pool
    lost: bool = False
    won: bool = False
    conceded: bool = False
    left: bool = False  # 800.4a: has left the game (multiplayer: the game went on)
    drew_from_empty: bool = False  # 704.5b
    lands_played: int = 0  # 305.2
    attacked_with: list[int] = msgspec.field(default_factory=list)  # 508.1: this turn's attackers
    attacked_turn: int = 0  # the turn attacked_with is about
    mulligans: int = 0
    kept: bool = False
    drawn_this_turn: int = 0  # cards drawn this turn ("your second card each turn")
    upkeeps: int = 0  # how many of this player's upkeeps have begun (702.30a: "your last upkeep")
    life_lost_turn: int = 0  # life lost this turn (702.137a: spectacle)
    spells_cast_turn: int = 0  # spells this player cast this turn (702.117a: surge)
    life_gained_turn: int = 0  # life gained this turn (119.9: "if you gained life this turn")
    # lands that entered the battlefield under this player's control this turn ("if you had a
    # land enter the battlefield under your control this turn")
    lands_entered_turn: int = 0
    # spells this player cast during the previous turn ("if no spells were cast last turn",
    # "if a player cast two or more spells last turn"; 731.2 reads the previous active player's)
    spells_cast_last_turn: int = 0
    energy: int = 0  # 107.14, 122.1: energy counters on the player
    dealt_damage_turn: bool = False  # this player was dealt damage this turn (bloodthirst 702.54a)


class Shield(msgspec.Struct, array_like=True):
    """A prevention shield (615.7): prevent the next `amount` damage to `target` this turn."""

    id: int
    target: int
    amount: int
    source: int
    source_name: str


class PendingTrigger(msgspec.Struct, array_like=True):
    """A triggered ability waiting to be put on the stack (603.3)."""

    source: int
    name: str  # the source's name (as it last existed, for look-back triggers)
    ability: str  # its id in the card pool
    controller: int
    data: TriggerData = msgspec.field(default_factory=TriggerData)


class DelayedTrigger(msgspec.Struct, array_like=True):
    """A delayed triggered ability created by an effect (603.7), waiting for its step to
    begin (``player``: only that player's step, "your next upkeep"). It triggers once
    (603.7b) and acts on ``object``, fixed when it was created (603.7c)."""

    ability: str  # "nested:<n>:<parent ability id>"
    source: int
    name: str
    controller: int
    step: str
    player: int = -1
    object: int = 0
    watch: int = 0  # "when that creature leaves the battlefield": the watched permanent
    turn: int = -1  # "... this turn": the only turn it can trigger in (603.7b)
    untapped: bool = False  # "... or becomes untapped": the watched permanent untapping triggers it too


class Option(msgspec.Struct, frozen=True, array_like=True):
    kind: str
    a: int = 0
    b: int = 0
    label: str = ""


class Decision(msgspec.Struct, array_like=True):
    """What the engine waits for: who decides, what kind, the options, the rule that asks."""

    player: int
    kind: str
    rule: str
    prompt: str
    options: list[Option]


class Combat(msgspec.Struct, array_like=True):
    attackers: dict[int, int] = msgspec.field(default_factory=dict)  # attacker id -> defender ref
    # 506.2/802.2a: the defending player of each attacker, as it was declared (it stays the
    # defending player even if the planeswalker it attacks leaves, 506.4c).
    defending: dict[int, int] = msgspec.field(default_factory=dict)
    blockers: dict[int, list[int]] = msgspec.field(default_factory=dict)  # blocker id -> attackers
    blocked: list[int] = msgspec.field(default_factory=list)  # attackers that became blocked (509.1h)
    # 510.4: creatures with first or double strike as the first damage step began
    dealt_first: list[int] = msgspec.field(default_factory=list)


class Planechase(msgspec.Struct, array_like=True):
    """The Planechase variant (901): the planar decks and the face-up plane.

    The plane cards are objects in the command zone (901.4, 311.2), listed here rather than in
    a zone list: ``decks[p]`` is player p's planar deck, the top card first (hidden: no player
    sees its order or contents, only its size); ``face_up`` the face-up plane(s) (901.7);
    ``controller`` the planar controller (901.6: normally the active player); ``rolls`` the
    times the active player took the planar die special action this turn (901.9: its cost).
    """

    decks: list[list[int]]
    face_up: list[int] = msgspec.field(default_factory=list)
    controller: int = 0
    rolls: int = 0


class GameState(msgspec.Struct, array_like=True):
    players: list[Player]
    objects: dict[int, Obj] = msgspec.field(default_factory=dict)
    battlefield: list[int] = msgspec.field(default_factory=list)
    stack: list[int] = msgspec.field(default_factory=list)  # bottom first
    rng: int = 0
    next_id: int = 1
    timestamp: int = 0
    version: int = 0  # counts the pipeline's changes (caches of derived data are keyed by it)
    layers_version: int = 0  # counts the changes that can change characteristics (613)
    turn: int = 0
    active: int = 0
    step: str = "untap"
    priority: int = 0
    passes: int = 0
    stage: int = 0  # 0: turn-based actions due, 1: players get priority, 2: the step ends
    cleanup_again: bool = False  # 514.3a
    started: bool = False
    over: bool = False
    winner: int = -1  # -1: none / draw when over
    effects: list[ContinuousEffect] = msgspec.field(default_factory=list)
    shields: list[Shield] = msgspec.field(default_factory=list)
    triggers: list[PendingTrigger] = msgspec.field(default_factory=list)
    lki: dict[int, LastKnown] = msgspec.field(default_factory=dict)
    combat: Combat | None = None
    agenda: list[Frame] = msgspec.field(default_factory=list)
    decision: Decision | None = None
    rollback: bytes = b""  # 733: the state before a cast/activation began, restored on cancel
    journal: list[GameEvent] = msgspec.field(default_factory=list)  # events not yet scanned (603.2)
    skip_first_draw: bool = True  # 103.8a
    settings: dict[str, int] = msgspec.field(default_factory=dict)
    # Objects in hidden zones (hands, libraries) some players know: object id -> those
    # players (sorted). A card revealed (701.20a), looked at (701.22a, 701.23a) or seen
    # entering the zone from a public one (400.2) is known until it leaves the zone, or
    # until its library is shuffled (701.24a). Only the pipeline writes it
    # (:mod:`karn.engine.pipeline.knowledge`). A hand's owner always sees it (400.2).
    known: dict[int, list[int]] = msgspec.field(default_factory=dict)
    delayed: list[DelayedTrigger] = msgspec.field(default_factory=list)  # 603.7
    # Replacement and prevention effects of resolved spells and abilities (614, 615, 701.19a),
    # their changes to the rules (615.12, 119.7) and skipped steps to come (614.10).
    replacements: list[ReplacementEffect] = msgspec.field(default_factory=list)
    rules: list[RulesEffect] = msgspec.field(default_factory=list)
    skips: list[StepSkip] = msgspec.field(default_factory=list)
    # 610.3: cards exiled "until ~ leaves the battlefield" (returned by the pipeline).
    linked_exiles: list[LinkedExile] = msgspec.field(default_factory=list)
    # 607.2a: cards exiled by an ability that other abilities of its object are linked to.
    exiled_with: list[ExiledWith] = msgspec.field(default_factory=list)
    # 702.40a: the spells cast this turn so far (storm counts those cast before it)
    spells_cast: int = 0
    # 603.4: the cards put into exile this turn so far, from anywhere ("if a card was put into
    # exile this turn"); tokens are not cards (108.2)
    exiled_this_turn: int = 0
    # 700.4: the creatures that died this turn so far (morbid: "if a creature died this turn")
    creatures_died_this_turn: int = 0
    # 901: a Planechase game's planar decks and face-up plane (None: not a Planechase game)
    planechase: Planechase | None = None
    # 731.1: the game's day/night designation: "" (neither, as the game starts), "day", "night"
    day_night: Literal["", "day", "night"] = ""
    # the previous turn's active player (-1: none yet), whose spells 731.2 counts
    last_active: int = -1
    # 114.1: the emblems in the command zone (object ids, in the order they were created)
    emblems: list[int] = msgspec.field(default_factory=list)
    # 725.1: the player who is the monarch (-1: there is no monarch yet)
    monarch: int = -1


_ENC = msgspec.msgpack.Encoder()
_DEC = msgspec.msgpack.Decoder(GameState)


def encode_state(s: GameState) -> bytes:
    return _ENC.encode(s)


def decode_state(b: bytes) -> GameState:
    return _DEC.decode(b)


#: The zones whose objects a copy shares with the state it copies (see :func:`copy_state`).
SHARED_ZONES = frozenset({LIBRARY, HAND})


def copy_state(s: GameState) -> GameState:
    """An independent copy of ``s``, equal to ``decode_state(encode_state(s))``, that shares
    the objects in libraries and hands instead of copying them (most of a state's objects).

    Those objects are never changed in place: a card that moves becomes a new object (400.7),
    and nothing changes a card in a library or a hand where it is. Code that would (hidden
    information resampled, :mod:`karn.engine.determinize`) replaces the object instead
    (``msgspec.structs.replace``). ``tests/fuzz/test_copy_sharing.py`` plays copies on and
    compares the original with a full encode taken at the copy."""
    objects = s.objects
    shared = {oid: o for oid, o in objects.items() if o.zone in SHARED_ZONES}
    if not shared:
        return decode_state(encode_state(s))
    live = {oid: o for oid, o in objects.items() if oid not in shared}
    c = decode_state(encode_state(msgspec.structs.replace(s, objects=live)))
    copied = c.objects
    # the objects in the original's order: a copy encodes exactly as the original
    return msgspec.structs.replace(
        c, objects={oid: shared[oid] if oid in shared else copied[oid] for oid in objects}
    )
