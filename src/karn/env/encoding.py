"""The fixed-size numeric encoding of an observation and the fixed action space.

**Observation** (:func:`encode`): one ``float32`` vector of :data:`OBSERVATION_SIZE` numbers,
made from the player's :class:`~karn.engine.observation.Observation` only (nothing hidden),
in five sections (:data:`LAYOUT` gives each one's offset and shape, for reshaping):

* ``global`` (:data:`GLOBAL_FEATURES`): turn / 20, the step (one-hot over
  :data:`~karn.engine.values.STEPS`), is the observer active, does it hold priority, does it
  decide, the decision kind (one-hot over :data:`DECISION_KINDS`, the last entry for a kind
  added later), stack size / 10, game over.
* ``players`` (:data:`MAX_PLAYERS` rows of :data:`PLAYER_FEATURES`), the observer first then
  in seat order: present, life / 20, poison / 10, hand / 10, library / 60, graveyard / 20,
  exile / 20, lands played, mulligans, lost, active, decides, mana pool W U B R G C (/ 10).
* ``objects`` (:data:`MAX_OBJECTS` rows of :data:`OBJECT_FEATURES`): the observer's hand, the
  battlefield (by id), the stack (top first), then the graveyards, as far as they fit. Per
  object: present, zone (hand, battlefield, stack, graveyard), controller relative to the
  observer (one-hot), card types, colors, mana value, power, toughness, damage (/ 10),
  tapped, summoning sick, attacking, blocking, token, face down, counters (+1/+1, -1/-1,
  loyalty, others; / 10), keywords (:data:`KEYWORDS`), a hash of the name in [0, 1) and
  whether some legal action names it. Characteristics are the current ones (613).
* ``events`` (:data:`EVENT_BUCKETS`): a bag of the log entries of the current turn as the
  observer may read them: each entry's rule section (``"601.2a"`` -> 601) hashed into a bucket;
  counts / 10.
* ``options`` (:data:`MAX_LISTED` rows of :data:`OPTION_FEATURES`): the legal actions in slot
  order: present, the slot / ACTION_SIZE, the kind's block / number of blocks, the object row of
  ``a`` and of ``b`` ((row + 1) / MAX_OBJECTS; 0: not an object row), ``a`` and ``b`` as numbers
  (/ 10), ``b`` names a player.

**Actions** (:func:`action_slots`): ``Discrete(ACTION_SIZE)``. The slots come in blocks of
:data:`BLOCK` per action kind, in the order of :data:`ACTION_KINDS` (the members of
:class:`~karn.engine.kinds.ActionKind`, then ``"other"`` for any kind the engine adds later):
slot ``BLOCK * i + k`` is the k-th legal action of kind ``ACTION_KINDS[i]`` in the order the
engine offers them (``pass`` is slot ``0``: the first slot of the first block). The pointer
scheme for long lists: when a kind has more than ``BLOCK - 1`` legal actions, its block shows
one page of ``BLOCK - 1`` of them and its last slot, ``BLOCK * i + BLOCK - 1``, means "the
next page of this kind" (an environment step that changes nothing in the game; pages wrap
around). The ``options`` section says which object each slot's action names.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from karn.engine.actions import Action
from karn.engine.kinds import ActionKind, DecisionKind
from karn.engine.observation import Observation, PermanentView, StackItemView
from karn.engine.state import Option
from karn.engine.values import STEPS

#: Action kinds in block order; "other" takes any kind the engine adds later.
ACTION_KINDS: tuple[str, ...] = tuple(k.value for k in ActionKind) + ("other",)
#: Decision kinds in one-hot order; the last entry is any kind added later.
DECISION_KINDS: tuple[str, ...] = tuple(k.value for k in DecisionKind) + ("other",)
#: Slots per action kind (the last one pages through a longer list).
BLOCK = 32
ACTION_SIZE = BLOCK * len(ACTION_KINDS)
#: The slot of passing priority.
PASS_SLOT = 0

MAX_PLAYERS = 6
MAX_OBJECTS = 96
MAX_LISTED = 64
EVENT_BUCKETS = 32
KEYWORDS = (
    "flying",
    "first strike",
    "double strike",
    "deathtouch",
    "lifelink",
    "trample",
    "vigilance",
    "reach",
    "haste",
    "menace",
    "hexproof",
    "indestructible",
    "defender",
)
TYPES = (
    "artifact",
    "creature",
    "enchantment",
    "instant",
    "land",
    "planeswalker",
    "sorcery",
    "battle",
    "kindred",
)
COLORS = ("W", "U", "B", "R", "G")
MANA = ("W", "U", "B", "R", "G", "C")
ZONES = ("hand", "battlefield", "stack", "graveyard")

GLOBAL_FEATURES = 1 + len(STEPS) + 3 + len(DECISION_KINDS) + 2
PLAYER_FEATURES = 12 + len(MANA)
OBJECT_FEATURES = 1 + len(ZONES) + MAX_PLAYERS + len(TYPES) + len(COLORS) + 4 + 6 + 4 + len(KEYWORDS) + 2
OPTION_FEATURES = 8

#: name -> (offset, shape) of each section of the observation vector.
LAYOUT: dict[str, tuple[int, tuple[int, ...]]] = {}
_SIZES: dict[str, int] = {}
_offset = 0
for _name, _shape in (
    ("global", (GLOBAL_FEATURES,)),
    ("players", (MAX_PLAYERS, PLAYER_FEATURES)),
    ("objects", (MAX_OBJECTS, OBJECT_FEATURES)),
    ("events", (EVENT_BUCKETS,)),
    ("options", (MAX_LISTED, OPTION_FEATURES)),
):
    LAYOUT[_name] = (_offset, _shape)
    _SIZES[_name] = int(np.prod(_shape))
    _offset += _SIZES[_name]
OBSERVATION_SIZE = _offset

_KIND_BLOCK = {k: i for i, k in enumerate(ACTION_KINDS)}
_OTHER_BLOCK = len(ACTION_KINDS) - 1
_DECISION_INDEX = {k: i for i, k in enumerate(DECISION_KINDS)}
_STEP_INDEX = {s: i for i, s in enumerate(STEPS)}
_TYPE_INDEX = {t: i for i, t in enumerate(TYPES)}
_COLOR_INDEX = {c: i for i, c in enumerate(COLORS)}
_KEYWORD_INDEX = {k: i for i, k in enumerate(KEYWORDS)}
_NAME_HASH: dict[str, float] = {}
_RULE_BUCKET: dict[str, int] = {}


def block_of(kind: str) -> int:
    """The block of an action kind (``"other"``'s for a kind added later)."""
    return _KIND_BLOCK.get(kind, _OTHER_BLOCK)


def section(vector: npt.NDArray[np.float32], name: str) -> npt.NDArray[np.float32]:
    """A section of an observation vector, in its shape (a view)."""
    offset, shape = LAYOUT[name]
    return vector[offset : offset + _SIZES[name]].reshape(shape)


class Slots:
    """The action slots of one decision: the mask, and the action (or page turn) of each slot."""

    __slots__ = ("mask", "actions", "pages")

    def __init__(self) -> None:
        self.mask = np.zeros(ACTION_SIZE, dtype=np.int8)
        self.actions: dict[int, Action] = {}  # slot -> the game action
        self.pages: dict[int, int] = {}  # slot -> the block whose page it turns


def action_slots(options: Sequence[Option], pages: dict[int, int] | None = None) -> Slots:
    """The slots of a decision's ``options``; ``pages``: per block, the page shown (0 first)."""
    by_block: dict[int, list[Option]] = {}
    for o in options:
        by_block.setdefault(block_of(o.kind), []).append(o)
    out = Slots()
    for block, opts in by_block.items():
        base = block * BLOCK
        if len(opts) <= BLOCK - 1:
            shown = opts
        else:
            per = BLOCK - 1
            count = (len(opts) + per - 1) // per
            page = (pages or {}).get(block, 0) % count
            shown = opts[page * per : (page + 1) * per]
            out.pages[base + BLOCK - 1] = block
            out.mask[base + BLOCK - 1] = 1
        for k, o in enumerate(shown):
            out.actions[base + k] = Action(o.kind, o.a, o.b, o.label)
            out.mask[base + k] = 1
    return out


def _name_hash(name: str) -> float:
    h = _NAME_HASH.get(name)
    if h is None:
        h = _NAME_HASH[name] = (zlib.crc32(name.encode()) % 100_003) / 100_003
    return h


def _rule_bucket(rule: str) -> int:
    b = _RULE_BUCKET.get(rule)
    if b is None:
        head = rule.split(".")[0]
        b = _RULE_BUCKET[rule] = zlib.crc32(head.encode()) % EVENT_BUCKETS
    return b


_O_ZONE = 1
_O_CTRL = _O_ZONE + len(ZONES)
_O_TYPE = _O_CTRL + MAX_PLAYERS
_O_COLOR = _O_TYPE + len(TYPES)
_O_NUM = _O_COLOR + len(COLORS)
_O_FLAG = _O_NUM + 4
_O_COUNT = _O_FLAG + 6
_O_KW = _O_COUNT + 4
_O_NAME = _O_KW + len(KEYWORDS)
#: Rows already built, by (zone, relative controller, name) for cards, by the view (its id,
#: the view kept alive with it) for permanents and stack items: observations share their
#: unchanged views, so most rows are built once.
Row = npt.NDArray[np.float32]
_CARD_ROWS: dict[tuple[int, int, str], Row] = {}
_VIEW_ROWS: dict[tuple[int, int], tuple[object, Row]] = {}
_CACHE_LIMIT = 50_000


def _add(rows: dict[int, int], built: list[Row], oid: int, row: Row) -> None:
    if len(built) < MAX_OBJECTS and oid not in rows:
        rows[oid] = len(built)
        built.append(row)


def _blank(zone: int, rel: int, name: str) -> list[float]:
    row = [0.0] * OBJECT_FEATURES
    row[0] = 1.0
    row[_O_ZONE + zone] = 1.0
    row[_O_CTRL + rel] = 1.0
    row[_O_NAME] = _name_hash(name) if name else 0.0
    return row


def _card_row(zone: int, rel: int, name: str) -> Row:
    key = (zone, rel, name)
    row = _CARD_ROWS.get(key)
    if row is None:
        if len(_CARD_ROWS) > _CACHE_LIMIT:
            _CARD_ROWS.clear()
        row = _CARD_ROWS[key] = np.array(_blank(zone, rel, name), dtype=np.float32)
    return row


def _characteristics(row: list[float], types: Sequence[str], colors: Sequence[str], mana_value: int) -> None:
    for t in types:
        ti = _TYPE_INDEX.get(t)
        if ti is not None:
            row[_O_TYPE + ti] = 1.0
    for c in colors:
        ci = _COLOR_INDEX.get(c)
        if ci is not None:
            row[_O_COLOR + ci] = 1.0
    row[_O_NUM] = mana_value / 10


def _cached(view: object, rel: int) -> Row | None:
    hit = _VIEW_ROWS.get((id(view), rel))
    return hit[1] if hit is not None and hit[0] is view else None


def _keep(view: object, rel: int, row: list[float]) -> Row:
    if len(_VIEW_ROWS) > _CACHE_LIMIT:
        _VIEW_ROWS.clear()
    done = np.array(row, dtype=np.float32)
    _VIEW_ROWS[(id(view), rel)] = (view, done)
    return done


def _permanent_row(p: PermanentView, rel: int) -> Row:
    hit = _cached(p, rel)
    if hit is not None:
        return hit
    row = _blank(1, rel, p.name)
    _characteristics(row, p.types, p.colors, p.mana_value)
    row[_O_NUM + 1] = (p.power or 0) / 10
    row[_O_NUM + 2] = (p.toughness or 0) / 10
    row[_O_NUM + 3] = p.damage / 10
    row[_O_FLAG : _O_FLAG + 6] = (
        float(p.tapped),
        float(p.sick),
        float(p.attacking is not None),
        float(bool(p.blocking)),
        float(p.token),
        float(p.face_down),
    )
    other = 0
    for k, v in p.counters.items():
        if k == "+1/+1":
            row[_O_COUNT] = v / 10
        elif k == "-1/-1":
            row[_O_COUNT + 1] = v / 10
        elif k == "loyalty":
            row[_O_COUNT + 2] = v / 10
        else:
            other += v
    row[_O_COUNT + 3] = other / 10
    for kw in p.keywords:
        ki = _KEYWORD_INDEX.get(kw)
        if ki is not None:
            row[_O_KW + ki] = 1.0
    return _keep(p, rel, row)


def _stack_row(item: StackItemView, rel: int) -> Row:
    hit = _cached(item, rel)
    if hit is not None:
        return hit
    row = _blank(2, rel, item.name)
    _characteristics(row, item.types, item.colors, item.mana_value)
    return _keep(item, rel, row)


def encode(obs: Observation, slots: Slots | None = None) -> npt.NDArray[np.float32]:
    """The observation vector of ``obs`` (see the module doc); ``slots``: the decision's
    action slots (the ``options`` section; none when the observer does not decide)."""
    out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    me = obs.player if obs.player is not None else obs.active
    n = len(obs.players)
    rel = [(p - me) % n for p in range(n)]  # seat -> row (the observer first)

    g = section(out, "global")
    g[0] = obs.turn / 20
    g[1 + _STEP_INDEX.get(obs.step, 0)] = 1
    base = 1 + len(STEPS)
    g[base] = obs.active == me
    g[base + 1] = obs.priority == me
    g[base + 2] = obs.decider == me
    if obs.decider is not None:
        g[base + 3 + _DECISION_INDEX.get(obs.decision_kind, len(DECISION_KINDS) - 1)] = 1
    g[base + 3 + len(DECISION_KINDS)] = len(obs.stack) / 10
    g[base + 4 + len(DECISION_KINDS)] = obs.over

    players = section(out, "players")
    for pl in obs.players[:MAX_PLAYERS]:
        row = players[rel[pl.index]]
        row[:12] = (
            1,
            pl.life / 20,
            pl.poison / 10,
            pl.hand_size / 10,
            pl.library_size / 60,
            len(pl.graveyard) / 20,
            len(pl.exile) / 20,
            pl.lands_played,
            pl.mulligans,
            pl.lost,
            obs.active == pl.index,
            obs.decider == pl.index,
        )
        for i, c in enumerate(MANA):
            row[12 + i] = pl.mana_pool.get(c, 0) / 10

    objects = section(out, "objects")
    rows: dict[int, int] = {}
    built: list[Row] = []
    for card in obs.hand:
        _add(rows, built, card.id, _card_row(0, 0, card.name))
    for p in obs.battlefield:
        _add(rows, built, p.id, _permanent_row(p, rel[p.controller] if p.controller < n else 0))
    for item in obs.stack:
        _add(rows, built, item.id, _stack_row(item, rel[item.controller] if item.controller < n else 0))
    for pl in obs.players:
        r = rel[pl.index]
        for card in reversed(pl.graveyard):  # the top first
            _add(rows, built, card.id, _card_row(3, r, card.name))
    for i, row in enumerate(built):
        objects[i] = row
    if slots is not None:
        for a in slots.actions.values():
            for value in (a.a, a.b):
                row = rows.get(value) if value > 0 else None
                if row is not None:
                    objects[row, _O_NAME + 1] = 1

    if obs.log:
        counts = [0.0] * EVENT_BUCKETS
        for e in obs.log:
            counts[_rule_bucket(e.rule)] += 0.1
        section(out, "events")[:] = counts

    if slots is not None:
        listed = section(out, "options")
        for i, (slot, action) in enumerate(sorted(slots.actions.items())[:MAX_LISTED]):
            row = listed[i]
            a_row = rows.get(action.a, -1) if action.a > 0 else -1
            b_row = rows.get(action.b, -1) if action.b > 0 else -1
            row[:] = (
                1,
                slot / ACTION_SIZE,
                (slot // BLOCK) / len(ACTION_KINDS),
                (a_row + 1) / MAX_OBJECTS,
                (b_row + 1) / MAX_OBJECTS,
                max(-10, min(action.a, 10)) / 10 if a_row < 0 else 0,
                max(-10, min(action.b, 10)) / 10 if b_row < 0 else 0,
                action.b < 0,
            )
    return out


def slot_meaning(slot: int) -> str:
    """What a slot means, in words: ``"the 3rd cast action"``, ``"next page of target"``."""
    if not 0 <= slot < ACTION_SIZE:
        raise ValueError(f"no slot {slot}: the slots are 0 to {ACTION_SIZE - 1}")
    kind, k = ACTION_KINDS[slot // BLOCK], slot % BLOCK
    if k == BLOCK - 1:
        return f"the next page of {kind} actions (when there are more than {BLOCK - 1})"
    return f"{kind} action number {k} (from 0) of this decision's page"


__all__ = [
    "ACTION_KINDS",
    "ACTION_SIZE",
    "BLOCK",
    "DECISION_KINDS",
    "LAYOUT",
    "MAX_OBJECTS",
    "MAX_PLAYERS",
    "OBSERVATION_SIZE",
    "PASS_SLOT",
    "Slots",
    "action_slots",
    "block_of",
    "encode",
    "section",
    "slot_meaning",
]
