"""The game state: plain data only (DESIGN.md firm property 1).

Everything needed to continue a game — including a resolution that is half
done and waiting on a choice — lives in these msgspec Structs. Copying is an
encode/decode round trip; saving is the same encoding.
"""

from __future__ import annotations

from typing import Any

import msgspec

# Zones (400.1).
LIBRARY = "library"
HAND = "hand"
BATTLEFIELD = "battlefield"
GRAVEYARD = "graveyard"
STACK = "stack"
EXILE = "exile"

STEPS: tuple[str, ...] = (
    "untap",
    "upkeep",
    "draw",
    "precombat_main",
    "beginning_of_combat",
    "declare_attackers",
    "declare_blockers",
    "first_strike_damage",
    "combat_damage",
    "end_of_combat",
    "postcombat_main",
    "end",
    "cleanup",
)

# Targets and other "a player or an object" values are ints: object ids are
# >= 1, player p is encoded as -(p + 1).


def player_ref(p: int) -> int:
    return -(p + 1)


def ref_player(r: int) -> int:
    return -r - 1


class TokenDef(msgspec.Struct, frozen=True):
    """Characteristics of a token (111.4) as created by an effect."""

    name: str
    power: int
    toughness: int
    colors: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    keywords: tuple[str, ...] = ()


class Obj(msgspec.Struct):
    """A game object (109): a card in a zone, a token, a spell or an ability on the stack."""

    id: int
    card: int  # physical card id (-1 for tokens and abilities): conservation invariant
    name: str  # card name (the compiled card to use); for abilities the source's card name
    owner: int
    controller: int
    zone: str
    timestamp: int = 0
    tapped: bool = False
    sick: bool = False  # 302.6: not continuously controlled since its controller's turn began
    damage: int = 0
    deathtouch_damage: bool = False  # 702.2b / 704.5h
    counters: dict[str, int] = msgspec.field(default_factory=dict)
    attached_to: int = 0
    token: TokenDef | None = None
    skip_untap: int = -1  # doesn't untap during this player's next untap step (e.g. Sleep)
    loyalty_turn: int = 0  # 606.3: turn number a loyalty ability was last activated
    # On the stack (spells and abilities):
    ability: int = -1  # index into the compiled abilities of `name` (-1: a spell)
    source: int = 0  # for abilities: the source object id
    x: int = 0
    mode: list[int] = msgspec.field(default_factory=list)
    targets: list[list[int]] = msgspec.field(default_factory=list)
    trigger: dict[str, int] = msgspec.field(default_factory=dict)  # triggering object, defending player


class LastKnown(msgspec.Struct, frozen=True):
    """Last known information of an object that left its zone (608.2h, 603.10)."""

    name: str
    owner: int
    controller: int
    power: int
    toughness: int
    types: tuple[str, ...]
    colors: tuple[str, ...]
    new_id: int  # the object it became in its new zone (400.7), 0 if none
    keywords: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    token: bool = False


class Player(msgspec.Struct):
    index: int
    name: str
    life: int = 20
    poison: int = 0
    library: list[int] = msgspec.field(default_factory=list)
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
    mulligans: int = 0
    kept: bool = False


class ContinuousEffect(msgspec.Struct):
    """A continuous effect from a resolved spell or ability (611.2)."""

    id: int
    timestamp: int
    source: int
    controller: int
    affected: list[int]  # locked in when created (611.2c)
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    cant_attack: bool = False
    cant_block: bool = False
    new_controller: int = -1  # layer 2 control change
    until_end_of_turn: bool = True


class Shield(msgspec.Struct):
    """A prevention shield: prevent the next `amount` damage to `target` this turn (615.7)."""

    target: int
    amount: int
    source_name: str


class PendingTrigger(msgspec.Struct):
    """A triggered ability waiting to be put on the stack (603.3)."""

    source: int
    name: str
    ability: int
    controller: int
    data: dict[str, int] = msgspec.field(default_factory=dict)


class Option(msgspec.Struct, frozen=True):
    kind: str
    a: int = 0
    b: int = 0
    label: str = ""


class Decision(msgspec.Struct):
    """What the engine waits for: who decides, what kind, the options, the rule that asks."""

    player: int
    kind: str
    rule: str
    prompt: str
    options: list[Option]


class Frame(msgspec.Struct):
    """One pending procedure on the agenda (casting, resolving, declaring, ...).

    ``kind`` names the procedure; ``vars`` holds its progress as plain data.
    """

    kind: str
    vars: dict[str, Any] = msgspec.field(default_factory=dict)


class Combat(msgspec.Struct):
    attackers: dict[int, int] = msgspec.field(default_factory=dict)  # attacker id -> defender ref
    blockers: dict[int, list[int]] = msgspec.field(default_factory=dict)  # blocker id -> attackers
    blocked: list[int] = msgspec.field(default_factory=list)  # attackers that became blocked (509.1h)
    dealt_first: list[int] = msgspec.field(
        default_factory=list
    )  # 510.4: creatures with first or double strike as the first damage step began


class GameState(msgspec.Struct):
    players: list[Player]
    objects: dict[int, Obj] = msgspec.field(default_factory=dict)
    battlefield: list[int] = msgspec.field(default_factory=list)
    stack: list[int] = msgspec.field(default_factory=list)  # bottom first
    rng: int = 0
    next_id: int = 1
    timestamp: int = 0
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
    skip_first_draw: bool = True  # 103.8a
    settings: dict[str, int] = msgspec.field(default_factory=dict)


_ENC = msgspec.msgpack.Encoder()
_DEC = msgspec.msgpack.Decoder(GameState)


def encode_state(s: GameState) -> bytes:
    return _ENC.encode(s)


def decode_state(b: bytes) -> GameState:
    return _DEC.decode(b)
