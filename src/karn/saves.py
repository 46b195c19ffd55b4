"""Save files: a game's state and log as bytes, checked when they are read back.

A save is a msgpack map: the format version, the IR version and the hash of
each card's compilation (:mod:`karn.cards.pool`), the encoded state and log,
and a checksum over all of them. Loading refuses, with a
:class:`CorruptSaveError` and nothing half-loaded:

* anything that is not a karn save, or is truncated or has trailing bytes;
* another save format version;
* a damaged file (the checksum);
* a state that decodes but is inconsistent (a physical card in two places, an
  object owned by a player who doesn't exist, an id beyond ``next_id``, ...);
* a save whose cards were compiled differently than the pool it is loaded with.

The log is bounded: a save keeps the last :data:`LOG_KEPT` entries, so its size
does not grow without limit however long the game.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

import msgspec

from karn.cards.pool import CardPool, linked_key
from karn.engine.frames import ActivateFrame, CastFrame, ResolveFrame
from karn.engine.log import Event
from karn.engine.state import (
    BATTLEFIELD,
    COMMAND,
    PLAYER_ZONES,
    STACK,
    STEPS,
    GameState,
    decode_state,
    encode_state,
)

# 4: objects carry copy, face-down and devour state; chosen values keyed by ability (607.5a).
# 5: objects carry the part cast (715.3 adventure, 715.3d on_adventure) and the alternative cost
# paid (118.9); the state carries the Planechase variant (901).
SAVE_FORMAT = 5
#: The most log entries a save keeps (the most recent ones).
LOG_KEPT = 20_000


class CorruptSaveError(ValueError):
    """A save file that cannot be loaded."""


class SaveFile(msgspec.Struct, forbid_unknown_fields=True):
    format: int
    ir_version: str
    cards: dict[str, str]  # card name -> hash of its compilation (karn.cards.pool)
    state: bytes  # the encoded GameState
    log: bytes  # the encoded list of log Events (the last LOG_KEPT)
    checksum: str  # blake2b of everything above
    rollback_log: int = 0  # 733: the log length when the cast or activation in progress began
    log_dropped: int = 0  # log entries older than the ones kept


_ENC = msgspec.msgpack.Encoder()
_SAVE_DEC = msgspec.msgpack.Decoder(SaveFile)
_LOG_DEC = msgspec.msgpack.Decoder(list[Event])


def _checksum(
    format: int, ir_version: str, cards: dict[str, str], state: bytes, log: bytes, rollback: int, dropped: int
) -> str:
    h = hashlib.blake2b(digest_size=16)
    h.update(f"{format}\x00{ir_version}\x00{rollback}\x00{dropped}\x00".encode())
    for name, digest in sorted(cards.items()):
        h.update(f"{name}\x00{digest}\x00".encode())
    h.update(len(state).to_bytes(8, "little"))
    h.update(state)
    h.update(log)
    return h.hexdigest()


def card_names(s: GameState) -> set[str]:
    """The card names a state refers to (tokens are defined by their effects, not the pool; the
    planeswalking ability, 901.8, has no source card). An ability on the stack refers to the card
    its text is from (its id's card: a token's quoted ability, 113.2c, is its creating card's),
    not to its source's name; keyword and rules abilities refer to no card."""
    out: set[str] = set()
    for o in s.objects.values():
        if o.token is not None:
            continue
        if o.ability:
            key = linked_key(o.ability)
            if not key.startswith(("keyword:", "rules:")):
                out.add(key)
        else:
            out.add(o.name)
    return out


def dump(state: GameState, log: list[Event], pool: CardPool, rollback_log: int = 0) -> bytes:
    kept = log[-LOG_KEPT:]
    dropped = len(log) - len(kept)
    cards = pool.hashes(card_names(state))
    state_bytes = encode_state(state)
    log_bytes = _ENC.encode(kept)
    rollback = max(0, rollback_log - dropped)
    checksum = _checksum(SAVE_FORMAT, pool.ir_version, cards, state_bytes, log_bytes, rollback, dropped)
    return _ENC.encode(
        SaveFile(SAVE_FORMAT, pool.ir_version, cards, state_bytes, log_bytes, checksum, rollback, dropped)
    )


def load(data: bytes) -> tuple[SaveFile, GameState, list[Event]]:
    """Read and check a save (not yet against a card pool: see :func:`check_pool`)."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"a save is bytes, not {type(data).__name__}")
    try:
        sf = _SAVE_DEC.decode(data)
    except (msgspec.DecodeError, msgspec.ValidationError, TypeError, ValueError) as e:
        raise CorruptSaveError(f"not a karn save file or corrupted: {e}") from None
    if sf.format != SAVE_FORMAT:
        raise CorruptSaveError(f"unsupported save format {sf.format} (this karn reads {SAVE_FORMAT})")
    if sf.checksum != _checksum(
        sf.format, sf.ir_version, sf.cards, sf.state, sf.log, sf.rollback_log, sf.log_dropped
    ):
        raise CorruptSaveError("corrupt save: its checksum doesn't match its contents")
    try:
        state = decode_state(sf.state)
        log = _LOG_DEC.decode(sf.log)
    except (msgspec.DecodeError, msgspec.ValidationError, TypeError, ValueError) as e:
        raise CorruptSaveError(f"corrupt save: {e}") from None
    validate(state)
    if set(sf.cards) != card_names(state):
        raise CorruptSaveError("corrupt save: its card list does not match its objects")
    if not 0 <= sf.rollback_log <= len(log):
        raise CorruptSaveError("corrupt save: bad rollback point")
    return sf, state, log


def check_pool(sf: SaveFile, pool: CardPool, state: GameState) -> None:
    """The save's cards must be compiled as they were when it was saved."""
    if sf.ir_version != pool.ir_version:
        raise CorruptSaveError(
            f"the save was made with IR version {sf.ir_version}; this card pool has {pool.ir_version}"
        )
    for name, digest in sf.cards.items():
        if name not in pool:
            raise CorruptSaveError(f"the save uses {name!r}, which is not in the card pool")
        if pool.hash(name) != digest:
            raise CorruptSaveError(
                f"{name!r} was compiled differently when the game was saved (a different card "
                "database or compiler); load it with the pool it was played with"
            )
    for ability in _abilities_named(state):
        try:
            pool.ability(ability)
        except KeyError as e:
            raise CorruptSaveError(f"corrupt save: unknown ability {ability!r} ({e})") from None


def _abilities_named(state: GameState) -> Iterable[str]:
    """The ability ids the state refers to: on the stack, and waiting to be put there."""
    for o in state.objects.values():
        if o.ability:
            yield o.ability
    for t in state.triggers:
        yield t.ability
    for d in state.delayed:
        yield d.ability


def validate(s: GameState) -> None:
    """Reject a decodable but inconsistent state (a corrupt save) before it is played."""

    def bad(why: str) -> CorruptSaveError:
        return CorruptSaveError(f"corrupt save: {why}")

    n = len(s.players)
    if not 2 <= n <= 6:
        raise bad(f"{n} players")
    for i, p in enumerate(s.players):
        if p.index != i:
            raise bad(f"player {i} says it is player {p.index}")
    for value, what in ((s.active, "active player"), (s.priority, "player with priority")):
        if not 0 <= value < n:
            raise bad(f"the {what} is {value}, with {n} players")
    if s.step not in STEPS or s.stage not in (0, 1, 2):
        raise bad(f"step {s.step!r} stage {s.stage}")
    if s.decision is not None and not 0 <= s.decision.player < n:
        raise bad(f"a decision for player {s.decision.player}")
    if not 0 <= s.rng < 1 << 64 or s.turn < 0 or s.timestamp < 0:
        raise bad("bad counters")
    listed: dict[int, str] = {}
    zones: list[tuple[str, int, list[int]]] = [(BATTLEFIELD, -1, s.battlefield), (STACK, -1, s.stack)]
    for p in s.players:
        zones += [(z, p.index, getattr(p, z)) for z in PLAYER_ZONES]
    for zone, owner, ids in zones:
        for oid in ids:
            o = s.objects.get(oid)
            if o is None or o.zone != zone or oid in listed:
                raise bad(f"object {oid} in the {zone} is missing or listed twice")
            if owner >= 0 and o.owner != owner:
                raise bad(f"object {oid} is in player {owner}'s {zone} but owned by player {o.owner}")
            listed[oid] = zone
    if s.planechase is not None:
        # 901.4: the plane cards are in the command zone: the planar decks and the face-up planes
        pc = s.planechase
        if len(pc.decks) != n or not 0 <= pc.controller < n:
            raise bad("a Planechase game's planar decks or planar controller")
        for owner, ids in [*enumerate(pc.decks), (-1, pc.face_up)]:
            for oid in ids:
                o = s.objects.get(oid)
                if o is None or o.zone != COMMAND or oid in listed:
                    raise bad(f"plane {oid} is missing or listed twice")
                if owner >= 0 and o.owner != owner:
                    raise bad(f"plane {oid} is in player {owner}'s planar deck but owned by player {o.owner}")
                listed[oid] = COMMAND
    for oid in s.emblems:
        # 114.1: the emblems are in the command zone
        o = s.objects.get(oid)
        if o is None or o.zone != COMMAND or o.emblem is None or oid in listed:
            raise bad(f"emblem {oid} is missing or listed twice")
        listed[oid] = COMMAND
    if len(listed) != len(s.objects):
        raise bad("objects that are in no zone")
    cards: set[int] = set()
    for oid, o in s.objects.items():
        if o.id != oid or not 0 < oid < s.next_id:
            raise bad(f"object {oid} has id {o.id} (next id {s.next_id})")
        if not 0 <= o.owner < n or not 0 <= o.controller < n:
            raise bad(f"object {oid} is owned by player {o.owner}, controlled by {o.controller}")
        if o.card >= 0:
            if o.card in cards:
                raise bad(f"physical card {o.card} is in two places")
            cards.add(o.card)
        elif (
            o.token is None and o.emblem is None and not (o.zone == STACK and (o.ability or o.is_copy))
        ):  # 707.10: a copy; 114.1: an emblem
            raise bad(f"object {oid} is neither a card, a token nor an ability")
        if o.attached_to and (o.attached_to not in s.objects or s.objects[o.attached_to].zone != BATTLEFIELD):
            raise bad(f"object {oid} is attached to {o.attached_to}, which is not a permanent")
        if any(not isinstance(v, int) or v < 0 for v in o.counters.values()):
            raise bad(f"object {oid} has negative counters")
        if o.damage < 0:
            raise bad(f"object {oid} has negative damage")
    if s.combat is not None:
        for a, d in s.combat.attackers.items():
            if a not in s.objects or (d < 0 and not 0 <= -d - 1 < n):
                raise bad(f"attacker {a} attacking {d}")
        for b, atts in s.combat.blockers.items():
            # (an attacker it blocked may have left the battlefield since: 506.4)
            if b not in s.objects or any(x <= 0 or x >= s.next_id for x in atts):
                raise bad(f"blocker {b} blocking {atts}")
    for t in s.triggers:
        if not 0 <= t.controller < n:
            raise bad(f"a triggered ability controlled by player {t.controller}")
    for f in s.agenda:
        if isinstance(f, (CastFrame, ActivateFrame, ResolveFrame)) and f.obj not in s.objects:
            raise bad(f"a {type(f).__name__} of object {f.obj}, which doesn't exist")
        player = getattr(f, "player", 0)
        if not 0 <= player < n:
            raise bad(f"a {type(f).__name__} of player {player}")
