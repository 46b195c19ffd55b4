"""Saves (karn.saves): checksums, full consistency checks, card-pool hashes, a bounded log."""

from __future__ import annotations

import random

import msgspec
import pytest

from karn import CorruptSaveError, Game
from karn.agents import RandomAgent
from karn.cards.database import CardDatabase
from karn.cards.pool import CardPool, PoolCard
from karn.engine.state import decode_state, encode_state
from karn.ir import Activated, AddMana, CompiledCard, Cost
from karn.saves import LOG_KEPT, SaveFile, _checksum


def _played(seed: int = 2, actions: int = 300) -> Game:
    g = Game.new("green_stompy", "red_burn", seed=seed)
    agent = RandomAgent(seed)
    for _ in range(actions):
        if g.is_over():
            break
        g.apply(agent.rng.choice(g.legal_actions()))
    return g


def _resave(data: bytes, edit: object) -> bytes:
    """Decode a save's state, change it with `edit`, and re-encode it with a valid checksum
    (a deliberate edit, not random damage: only the consistency check can catch it)."""
    sf = msgspec.msgpack.Decoder(SaveFile).decode(data)
    state = decode_state(sf.state)
    edit(state)  # type: ignore[operator]
    raw = encode_state(state)
    checksum = _checksum(sf.format, sf.ir_version, sf.cards, raw, sf.log, sf.rollback_log, sf.log_dropped)
    return msgspec.msgpack.encode(msgspec.structs.replace(sf, state=raw, checksum=checksum))


def test_a_flipped_bit_is_caught_by_the_checksum() -> None:
    data = Game.new("green_stompy", "red_burn", seed=2).dumps()
    rng = random.Random(0)
    caught = 0
    for _ in range(200):
        i = rng.randrange(len(data))
        damaged = data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1 :]
        try:
            Game.loads(damaged)
        except CorruptSaveError:
            caught += 1
    assert caught == 200


def test_a_doubled_physical_card_is_refused() -> None:
    data = Game.new("green_stompy", "red_burn", seed=2).dumps()

    def double(state: object) -> None:
        s = state  # a physical card id given to a second object
        objs = list(s.objects.values())  # type: ignore[attr-defined]
        objs[1].card = objs[0].card

    with pytest.raises(CorruptSaveError, match="physical card .* in two places"):
        Game.loads(_resave(data, double))


def test_an_object_owned_by_a_missing_player_is_refused() -> None:
    data = _played().dumps()

    def owner16(state: object) -> None:
        s = state
        lib = s.players[0].library  # type: ignore[attr-defined]
        s.objects[lib[0]].owner = 16  # type: ignore[attr-defined]

    with pytest.raises(CorruptSaveError, match="owned by player 16|player 16"):
        Game.loads(_resave(data, owner16))


def test_a_next_id_below_the_objects_is_refused() -> None:
    data = _played().dumps()

    def low(state: object) -> None:
        state.next_id = 7  # type: ignore[attr-defined]

    with pytest.raises(CorruptSaveError, match="next id"):
        Game.loads(_resave(data, low))


def test_a_save_compiled_differently_is_refused() -> None:
    g = Game.new("green_stompy", "red_burn", seed=2)
    data = g.dumps()
    db = CardDatabase.default()
    forest = db.get("Forest")
    other = CompiledCard(
        "Forest", (Activated(Cost(tap=True), (AddMana("{W}"),), mana_ability=True, text="x"),)
    )
    pool = g.pool.merged(CardPool([PoolCard.of(forest, other)]))
    with pytest.raises(CorruptSaveError, match="'Forest' was compiled differently"):
        Game.loads(data, pool=pool)
    assert Game.loads(data, pool=g.pool).state_hash() == g.state_hash()


def test_the_log_in_a_save_is_bounded() -> None:
    g = _played(actions=50)
    extra = LOG_KEPT + 500 - len(g.log)
    g.log.extend(g.log[-1:] * extra)
    data = g.dumps()
    h = Game.loads(data)
    assert len(h.log) == LOG_KEPT and h.log == g.log[-LOG_KEPT:]
    assert len(data) < 40 * LOG_KEPT + 200_000


def test_copy_without_the_log() -> None:
    g = _played(actions=200)
    c = g.copy(log=False)
    assert c.log == [] and c.state_hash() == g.state_hash()
    agent = RandomAgent(5)
    for _ in range(100):
        if g.is_over():
            break
        a = agent.rng.choice(g.legal_actions())
        g.apply(a)
        c.apply(a)
        assert c.state_hash() == g.state_hash()


def test_loads_rejects_wrong_types() -> None:
    with pytest.raises(TypeError):
        Game.loads("not bytes")  # type: ignore[arg-type]
