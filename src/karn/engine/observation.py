"""What one player may know of a game (DESIGN.md property 6: no peeking), as typed data.

An :class:`Observation` is built by ``Game.observation(player)`` (see
:mod:`karn.engine.observe`). It holds:

* the turn, the step, the active player, who holds priority, whether the game is over;
* each player's public information (:class:`PlayerView`): life, poison counters, the
  *sizes* of their library and hand, their graveyard and exile, their mana pool, land
  plays and mulligans, whether they lost, conceded or left the game;
* the observing player's own hand (ids and names), and the cards in hidden zones
  they know (:class:`KnownCard`: revealed to them, looked at, or seen entering the
  zone, 400.2);
* every permanent with its characteristics after the layers (:class:`PermanentView`),
  the stack (:class:`StackItemView`, top first) and combat (:class:`CombatView`);
* who must decide and what kind of decision it is; the decision itself (the prompt,
  the rule, the options with their labels and action values, :class:`DecisionView`)
  only for the player who makes it;
* that player's log (``Event.for_player``: entries naming a card they can't see read
  as their public text), from ``log_from`` on, and ``log_size``, the length of the
  whole log: ask for ``log_from=log_size`` next time to receive only what is new.

Nothing hidden is in it: no card of another player's hand, no card of a library
(only sizes), no order of any library, no other player's decision options. The
views are shared between observations (they are cached): treat them as read-only.
:meth:`Observation.to_dict` gives plain JSON-ready data.

>>> from karn import Game
>>> g = Game.new("red_burn", "green_stompy", seed=42)
>>> decider = g.decision.player
>>> obs = g.observation(decider)
>>> len(obs.hand), obs.players[1 - decider].hand_size, obs.decision.kind
(7, 7, 'mulligan')
>>> other = g.observation(1 - decider)
>>> other.decision is None, other.decider == decider, other.decision_kind
(True, True, 'mulligan')
"""

from __future__ import annotations

from typing import Any

import msgspec

from karn.engine.log import Event
from karn.engine.state import Option


class CardView(msgspec.Struct, frozen=True, gc=False):
    """A card seen in a zone: its object id and name."""

    id: int
    name: str


class EmblemView(msgspec.Struct, frozen=True, gc=False):
    """An emblem in the command zone (114.1, public): its owner and controller (114.2), the card
    whose ability created it and its abilities' text."""

    id: int
    player: int
    name: str
    abilities: tuple[str, ...]


class KnownCard(msgspec.Struct, frozen=True, gc=False):
    """A card in a hidden zone that the observer knows (400.2): revealed to them (701.20a),
    looked at (701.22a, 701.23a), or seen entering the zone from a public one; or a face-down
    spell or permanent the observer controls (708.5: they may look at it)."""

    id: int
    name: str
    owner: int
    zone: str  # "hand" or "library"; "battlefield" or "stack" for a face-down object (708.5)
    position: int | None = None  # in a library: how many cards are above it (0: the top card)


class PlayerView(msgspec.Struct, frozen=True, gc=False):
    """A player's public information."""

    index: int
    name: str
    life: int
    poison: int
    library_size: int
    hand_size: int
    graveyard: tuple[CardView, ...]  # bottom first (404.1: its order matters)
    exile: tuple[CardView, ...]
    mana_pool: dict[str, int]  # 106.4
    lands_played: int  # this turn (305.2)
    mulligans: int  # taken before the game (103.5)
    lost: bool
    won: bool
    conceded: bool
    left: bool  # 800.4a: left a multiplayer game that goes on
    energy: int = 0  # 107.14, 122.1: energy counters


class PermanentView(msgspec.Struct, frozen=True, gc=False):
    """A permanent and its characteristics as the game sees them now (613: all layers)."""

    id: int
    name: str
    owner: int
    controller: int
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    supertypes: tuple[str, ...]
    colors: tuple[str, ...]
    mana_value: int
    power: int | None  # None: not a creature
    toughness: int | None
    keywords: tuple[str, ...]
    abilities: tuple[str, ...]  # ability ids: ``CardPool.ability(id)`` gives each one
    counters: dict[str, int]
    tapped: bool
    damage: int
    sick: bool  # 302.6: not under its controller's control since their turn began
    token: bool
    attached_to: int | None
    attacking: int | None  # the player (encoded, negative) or planeswalker it attacks
    blocking: tuple[int, ...]  # the attackers it blocks
    cant_attack: bool
    cant_block: bool
    face_down: bool = False  # 708: its characteristics are those of 708.2a (no name)
    transformed: bool = False  # 701.27g: a double-faced permanent with its back face up


class StackItemView(msgspec.Struct, frozen=True, gc=False):
    """A spell or an ability on the stack (405)."""

    id: int
    name: str  # the spell's name, or the name of the ability's source
    kind: str  # "spell" or "ability"
    controller: int
    owner: int
    source: int | None  # an ability's source object
    ability: str | None  # an ability's id in the card pool
    targets: tuple[tuple[int, ...], ...]  # per target slot: object ids, players encoded negative
    x: int
    modes: tuple[int, ...]
    types: tuple[str, ...]  # a spell's card types ((), for an ability)
    colors: tuple[str, ...]
    mana_value: int
    copy: bool = False  # 707.10: a copy of a spell or ability (not cast; not a card)
    face_down: bool = False  # 708.4: a face-down creature spell (no name: ``name`` is "")


class CombatView(msgspec.Struct, frozen=True, gc=False):
    """Combat so far (506): who attacks whom, who blocks what."""

    attackers: dict[int, int]  # attacker id -> the player (encoded) or planeswalker it attacks
    blockers: dict[int, tuple[int, ...]]  # blocker id -> the attackers it blocks
    blocked: tuple[int, ...]  # attackers that became blocked (509.1h)


class DecisionView(msgspec.Struct, frozen=True, gc=False):
    """The pending decision, as its decider sees it.

    ``options`` are the legal answers: ``Action(o.kind, o.a, o.b)`` takes one. For a
    decision about a spell or ability being put on the stack (modes, X, targets,
    payment: 601.2b-h, 602.2b, 603.3d), ``source`` is that stack object, ``modes`` and
    ``x`` what was announced so far, ``targets`` the targets chosen so far (per slot) and
    ``slot`` the target slot being filled.
    """

    player: int
    kind: str
    rule: str
    prompt: str
    options: tuple[Option, ...]
    source: int | None = None
    modes: tuple[int, ...] = ()
    x: int | None = None
    targets: tuple[tuple[int, ...], ...] = ()
    slot: int = 0


class Observation(msgspec.Struct, frozen=True, gc=False):
    """What ``player`` may know of the game now (``player`` None: a spectator's view)."""

    player: int | None
    turn: int
    step: str
    active: int
    priority: int
    over: bool
    winner: int | None
    players: tuple[PlayerView, ...]
    hand: tuple[CardView, ...]  # the observer's own hand
    known: tuple[KnownCard, ...]  # cards in hidden zones the observer knows
    battlefield: tuple[PermanentView, ...]
    stack: tuple[StackItemView, ...]  # top first
    combat: CombatView | None
    decider: int | None  # who must decide (None once the game is over)
    decision_kind: str
    decision: DecisionView | None  # only for the decider
    log: tuple[Event, ...]  # entries log_from .. log_size - 1, as this player may read them
    log_from: int
    log_size: int
    # 901: a Planechase game's face-up plane(s) (public, 901.7), the planar controller (901.6)
    # and each player's planar deck size (its cards and their order are hidden)
    planes: tuple[CardView, ...] = ()
    planar_controller: int | None = None
    planar_deck_sizes: tuple[int, ...] = ()
    # 731.1: the game's day/night designation ("" neither, "day", "night"): public
    day_night: str = ""
    # 114.1: the emblems in the command zone (public)
    emblems: tuple[EmblemView, ...] = ()
    # 725.1: the player who is the monarch (None: no monarch), public
    monarch: int | None = None

    def permanent(self, oid: int) -> PermanentView | None:
        """The permanent with this id (None if it is not on the battlefield)."""
        for p in self.battlefield:
            if p.id == oid:
                return p
        return None

    def to_dict(self) -> dict[str, Any]:
        """Plain data (dicts, lists, str, int, bool, None) for JSON: keys of int-keyed maps
        become strings, options and log entries become objects."""
        out: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(self))
        out["log"] = [{"rule": e.rule, "text": e.text, "turn": e.turn} for e in self.log]
        d = self.decision
        if d is not None:
            out["decision"]["options"] = [
                {"kind": o.kind, "a": o.a, "b": o.b, "label": o.label} for o in d.options
            ]
        return out


__all__ = [
    "CardView",
    "CombatView",
    "DecisionView",
    "KnownCard",
    "Observation",
    "PermanentView",
    "PlayerView",
    "StackItemView",
]
