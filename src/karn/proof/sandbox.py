"""The every-card sandbox: one card played in a small game, the engine checked after every action.

For a card, :func:`run_card` builds a two-player game (``Game.empty`` and a setup, as a
scenario file does) in which the card can be cast or played:

* player 0 ("A", the card's player) has lands enough for the card's mana cost (two of each
  basic land type plus one for each colored symbol, and Wastes for the generic part), two
  copies of the card in hand, one in the graveyard and, for a permanent card, one on the
  battlefield already (so its activated abilities and attacks are tried on the first turn);
* both players have a few permanents of each type (creatures with and without flying, an
  artifact creature, an artifact, an enchantment, a planeswalker, lands), cards in hand, a
  library and a graveyard with cards of each type, so targets and choices exist;
* the game starts in the opponent's (player 1's) precombat main phase of turn 2; the opponent
  casts a sorcery and a creature spell (so a counterspell has something to counter) and
  otherwise passes; player 0 casts or plays the card as soon as an option offers it, then
  activates the abilities of the card's objects (on the battlefield, in the graveyard, in hand
  once a copy was cast) in its own turns' main phases and combat, at most :data:`ACTIVATIONS_PER_TURN` a turn; mana
  is paid automatically nine times in ten (by hand otherwise); every other decision
  (targets, modes, X, costs, attackers, blockers, "may", orders) is taken by a policy seeded
  by the card's name and the seed, never "cancel" unless it is the only option;
* the game runs until turn :data:`LAST_TURN` begins (player 0's turn 3 casts the card at
  sorcery speed; its creatures attack on turn 5) or ends.

After **every action** the sandbox checks the invariants the fuzz tests check
(``tests/fuzz/test_random_games.py``): every physical card is in exactly one zone, every
object listed in one zone (card conservation, 400.1); a game not over has a decision with
options, no duplicates, for a player in the game, naming its rule, and priority can always
be passed (117.3d). Every :data:`ROUNDTRIP_EVERY` actions, and after each action on the card,
the state survives ``copy()`` and ``dumps()``/``loads()`` with an equal state hash; after the
card is first cast, a saved copy replays the next actions to the same state hash (the engine
is deterministic). Any exception is a failure, with its traceback's last engine line.

A card *passes* when no check failed and it was cast or played at least once. It is
``not_cast`` when the game never offered to cast or play it (no legal target, a cost that
can't be paid here, no mana cost): the sandbox proved nothing about it.
"""

from __future__ import annotations

import hashlib
import random
import re
import time
import traceback
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from karn.cards.database import CardDatabase, CardFace
from karn.cards.pool import CardPool
from karn.engine.actions import Action
from karn.engine.state import BATTLEFIELD, COMMAND, STACK
from karn.game import Game
from karn.oracle.pool import build_pool

Status = Literal["passed", "failed", "not_cast"]

#: The game ends (for the sandbox) as this turn begins: 2 (opponent), 3 (card's player), 4, 5.
LAST_TURN = 6
#: A game taking more actions than this stalled (a failure: a loop the engine didn't end).
MAX_ACTIONS = 1500
#: Activations of the card's abilities a turn (its "{0}:" abilities can't loop forever).
ACTIVATIONS_PER_TURN = 4
#: Times the card's player tries to cast it (a cast cancelled because it couldn't be paid).
CAST_ATTEMPTS = 4
#: The state is copied, saved and loaded every this many actions (and after actions on the card).
ROUNDTRIP_EVERY = 10
#: Actions replayed on a saved copy after the card's first cast (determinism).
REPLAY_ACTIONS = 40

#: Steps of its own turns in which the card's player activates its abilities (after the chance
#: to cast it in the precombat main phase: its mana isn't spent in the upkeep).
_ACTIVATION_STEPS = frozenset({"precombat_main", "declare_attackers", "declare_blockers", "postcombat_main"})
CARD_PLAYER = 0
OPPONENT = 1
_BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}

#: Permanents each player has on the battlefield, besides lands (a few of each type, 110.4).
BOARD = (
    "Grizzly Bears",
    "Serra Angel",
    "Ornithopter",
    "Mind Stone",
    "Glorious Anthem",
    "Garruk Wildspeaker",
    "Darkwater Catacombs",
)
OPPONENT_LANDS = ("Plains", "Island", "Swamp", "Mountain", "Forest", "Island", "Forest", "Wastes", "Wastes")
HAND = ("Grizzly Bears", "Lightning Bolt", "Island")
#: The opponent casts these in its main phase, in this order (a target for counterspells).
OPPONENT_HAND = ("Divination", "Grizzly Bears", "Lightning Bolt", "Forest")
LIBRARY = (
    "Forest",
    "Island",
    "Swamp",
    "Mountain",
    "Plains",
    "Grizzly Bears",
    "Lightning Bolt",
    "Mind Stone",
    "Divination",
    "Serra Angel",
) * 2
GRAVEYARD = (
    "Grizzly Bears",
    "Lightning Bolt",
    "Divination",
    "Mind Stone",
    "Plains",
    "Glorious Anthem",
    "Garruk Wildspeaker",
)
FIXTURE_CARDS = frozenset(BOARD + OPPONENT_LANDS + HAND + OPPONENT_HAND + LIBRARY + GRAVEYARD + ("Wastes",))

_PERMANENT_TYPES = frozenset({"artifact", "creature", "enchantment", "land", "planeswalker", "battle"})
_SYMBOL = re.compile(r"\{([^}]*)\}")


class SandboxFailure(AssertionError):
    """An invariant the sandbox checks was broken."""


@dataclass(slots=True)
class SandboxResult:
    """What one card's sandbox game showed."""

    card: str
    seed: int
    status: Status
    actions: int = 0
    casts: int = 0  # spells cast or lands played from the card's copies
    activations: int = 0  # abilities of the card's objects activated
    turn: int = 0
    error: str = ""  # the failure: the exception and its traceback's last karn line
    seconds: float = 0.0
    log: list[str] = field(default_factory=list)  # the actions taken, for a replay

    @property
    def passed(self) -> bool:
        return self.status == "passed"

    def line(self) -> str:
        """A one-line summary: card, seed, status, figures, the error's first line."""
        head = f"{self.card} (seed {self.seed}): {self.status}, {self.actions} actions, turn {self.turn}"
        head += f", cast {self.casts}, activated {self.activations}"
        return head + (f": {self.error}" if self.error else "")


# ---------------------------------------------------------------------------- setup


def _mana_needs(face: CardFace) -> tuple[dict[str, int], int]:
    """Colored symbols per color and the generic amount of a mana cost (X counts as 2)."""
    colors = dict.fromkeys(_BASICS, 0)
    generic = 0
    for sym in _SYMBOL.findall(face.mana_cost or ""):
        if sym.isdigit():
            generic += int(sym)
        elif sym == "X":
            generic += 2
        else:
            for c in sym.split("/"):
                if c in colors:
                    colors[c] += 1
            if sym in ("C", "S"):
                generic += 1
    return colors, generic


def _card_lands(faces: Iterable[CardFace]) -> list[str]:
    """Player 0's lands: two of each basic type plus the card's colored symbols, and Wastes for
    the generic part and more (activated abilities cost mana too)."""
    colors = dict.fromkeys(_BASICS, 2)
    generic = 0
    for face in faces:
        need, gen = _mana_needs(face)
        for c, n in need.items():
            colors[c] = max(colors[c], 2 + n)
        generic = max(generic, gen)
    lands = [_BASICS[c] for c, n in colors.items() for _ in range(n)]
    return lands + ["Wastes"] * (generic + 2)


def _is_permanent(face: CardFace) -> bool:
    return bool(_PERMANENT_TYPES & set(face.types))


def _seed_for(card: str, seed: int) -> int:
    return int.from_bytes(hashlib.blake2b(f"{card}\0{seed}".encode(), digest_size=8).digest(), "big")


def fixture_pool(card: str, db: CardDatabase | None = None) -> CardPool:
    """The card and the sandbox's fixture cards, compiled (the fixtures from the packaged cards
    when ``db`` lacks them)."""
    if db is None or all(name in db for name in FIXTURE_CARDS):
        return build_pool([card, *sorted(FIXTURE_CARDS)], db)
    return build_pool(sorted(FIXTURE_CARDS)).merged(build_pool([card], db))


def build_game(card: str, seed: int = 0, db: CardDatabase | None = None) -> tuple[Game, list[int]]:
    """The sandbox game for ``card`` (its canonical name) and the card numbers of its copies
    (``Obj.card``: kept as they change zones, 400.7)."""
    database = db if db is not None else CardDatabase.default()
    pool = fixture_pool(card, database)
    face = pool.face(card)
    parts = [pool.face(p) for p in face.parts if p in pool]
    g = Game.empty(names=("A", "B"), seed=_seed_for(card, seed) & 0xFFFF_FFFF, pool=pool)
    mine: list[int] = []
    for p in (CARD_PLAYER, OPPONENT):
        for name in reversed(LIBRARY):
            g.add_card(p, name, "library")
        for name in GRAVEYARD:
            g.add_card(p, name, "graveyard")
        for name in BOARD:
            g.add_card(p, name, BATTLEFIELD, sick=False)
        lands = _card_lands([face, *parts]) if p == CARD_PLAYER else list(OPPONENT_LANDS)
        for name in lands:
            g.add_card(p, name, BATTLEFIELD, sick=False)
        for name in HAND if p == CARD_PLAYER else OPPONENT_HAND:
            g.add_card(p, name, "hand")
    mine.append(g.add_card(CARD_PLAYER, card, "hand"))
    mine.append(g.add_card(CARD_PLAYER, card, "hand"))
    mine.append(g.add_card(CARD_PLAYER, card, "graveyard"))
    if _is_permanent(face) and not face.is_back_face:
        mine.append(g.add_card(CARD_PLAYER, card, BATTLEFIELD, sick=False))
    # the fixture's cards of the same name are the card too (options are offered once per name)
    mine += [oid for oid, o in g.state.objects.items() if o.name == card and o.owner == CARD_PLAYER]
    cards = sorted({g.state.objects[oid].card for oid in mine})
    g.dirty()
    g.begin_at(OPPONENT, "precombat_main", 2)
    return g, cards


# ---------------------------------------------------------------------------- invariants

_PLAYER_ZONES = ("library", "hand", "graveyard", "exile")


def check_zones(g: Game, n_cards: int) -> None:
    """Card conservation and zone consistency (400.1): every id a zone lists is an object of
    that zone, every object is listed exactly once, the physical cards are exactly
    ``1..n_cards``; only tokens (on the battlefield) abilities and spell copies (on the stack) aren't cards."""
    s = g.state
    said: dict[int, str] = {}
    listed = 0
    for p in s.players:
        for z in _PLAYER_ZONES:
            ids = getattr(p, z)
            listed += len(ids)
            for oid in ids:
                said[oid] = z
                o = s.objects.get(oid)
                if o is None or o.owner != p.index:
                    raise SandboxFailure(f"#{oid} in player {p.index}'s {z} is not an object they own")
    for zone, ids in ((BATTLEFIELD, s.battlefield), (STACK, s.stack), (COMMAND, s.emblems)):
        listed += len(ids)
        for oid in ids:
            said[oid] = zone
    if listed != len(said):
        raise SandboxFailure("an object is listed in two zones (or twice in one)")
    cards: list[int] = []
    for oid, o in s.objects.items():
        if said.get(oid) != o.zone:
            raise SandboxFailure(f"#{oid} ({o.name}) says it is in the {o.zone}, listed in {said.get(oid)}")
        if o.card >= 0:
            cards.append(o.card)
        elif not (
            o.zone == BATTLEFIELD
            and o.token is not None
            or o.zone == STACK
            and (o.ability or o.is_copy)
            or o.zone == COMMAND
            and o.emblem is not None
        ):
            # 111.1, 113.1a, 707.10, 114.5: tokens, abilities, copies of spells and emblems aren't cards
            raise SandboxFailure(
                f"#{oid} ({o.name}) in the {o.zone} is not a card, a token, an ability or a copy"
            )
    if len(said) != len(s.objects):
        raise SandboxFailure("a zone lists an id that is no object")
    if sorted(cards) != list(range(1, n_cards + 1)):
        raise SandboxFailure(f"{len(cards)} physical cards in the zones, expected {n_cards}")
    for oid in s.battlefield:
        at = s.objects[oid].attached_to
        if at and (at not in s.objects or s.objects[at].zone != BATTLEFIELD):
            raise SandboxFailure(f"#{oid} is attached to #{at}, which is not on the battlefield")


def check_decision(g: Game) -> None:
    """A legal action exists exactly until the game is over; priority can always pass (117.3d)."""
    s = g.state
    if g.is_over():
        if g.decision is not None or g.legal_actions():
            raise SandboxFailure("the game is over but a decision is pending")
        return
    d = g.decision
    if d is None:
        raise SandboxFailure("the game is not over but no decision is pending")
    if not d.options:
        raise SandboxFailure(f"decision {d.kind} ({d.prompt}) has no options")
    keys = {(o.kind, o.a, o.b) for o in d.options}
    if len(keys) != len(d.options):
        raise SandboxFailure(f"duplicate options in {d.kind}")
    if not 0 <= d.player < len(s.players) or s.players[d.player].lost or not d.rule:
        raise SandboxFailure(f"decision {d.kind}: bad player {d.player} or no rule")
    if d.kind == "priority" and (d.player != s.priority or ("pass", 0, 0) not in keys):
        raise SandboxFailure("a player with priority can always pass (117.3d)")


def check_roundtrip(g: Game) -> None:
    """The state survives ``copy()`` and ``dumps()``/``loads()`` (equal state hashes)."""
    h = g.state_hash()
    if g.copy(log=False).state_hash() != h:
        raise SandboxFailure("copy() changed the state")
    if Game.loads(g.dumps(), pool=g.pool).state_hash() != h:
        raise SandboxFailure("dumps()/loads() changed the state")


# ---------------------------------------------------------------------------- the policy


class Policy:
    """The seeded choices of both players (see the module's docstring)."""

    def __init__(self, g: Game, card: str, mine: Sequence[int], rng: random.Random) -> None:
        self.card = card
        self.cards = set(mine)  # physical card numbers: kept across zones
        self.rng = rng
        self.casts = 0
        self.cast_attempts = 0
        self.activations = 0
        self.per_turn: dict[int, int] = {}
        self.opponent_cast: set[int] = set()

    def _is_mine(self, g: Game, oid: int) -> bool:
        o = g.state.objects.get(oid)
        return o is not None and o.card in self.cards

    def cast_done(self, g: Game, action: Action) -> bool:
        """Whether the card was just played (305.1) or is a spell on the stack, cast (601.2i)."""
        if action.kind == "play":
            return True
        d = g.decision
        if d is None or d.kind != "priority":
            return False
        return any(g.state.objects[oid].card in self.cards for oid in g.state.stack)

    def choose(self, g: Game) -> tuple[Action, str]:
        """The next action and what it does for the card ("cast", "activate" or "")."""
        d = g.decision
        assert d is not None
        actions = g.legal_actions()
        if d.kind == "priority":
            return self._priority(g, d.player, actions)
        choices = [a for a in actions if a.kind != "cancel" and not a.label.startswith("undo")] or actions
        auto = [a for a in choices if a.kind == "pay" and a.a == 0 and a.b == 0]
        if auto and self.rng.random() < 0.9:
            return auto[0], ""  # mana paid automatically (601.2g-h), tapping by hand now and then
        if d.kind in ("attackers", "blockers"):
            # the card's creatures attack whenever they can; declarations end soon
            for a in choices:
                if a.kind == "attack" and self._is_mine(g, a.a):
                    return a, ""
            done = [a for a in choices if a.kind == "done"]
            if done and self.rng.random() < 0.4:
                return done[0], ""
        return self.rng.choice(choices), ""

    def _priority(self, g: Game, player: int, actions: list[Action]) -> tuple[Action, str]:
        pass_ = next(a for a in actions if a.kind == "pass")
        if player == OPPONENT:
            if g.state.active == OPPONENT and not g.state.stack and g.state.step == "precombat_main":
                for a in actions:
                    o = g.state.objects.get(a.a)
                    if a.kind == "cast" and o is not None and o.card not in self.opponent_cast:
                        self.opponent_cast.add(o.card)
                        return a, ""
            return pass_, ""
        if self.cast_attempts < CAST_ATTEMPTS:
            for a in actions:
                if (
                    a.kind in ("cast", "play")
                    and self._is_mine(g, a.a)
                    and g.state.objects[a.a].zone == "hand"
                ):
                    self.cast_attempts += 1
                    return a, "cast"
        turn = g.state.turn
        if (
            g.state.active == CARD_PLAYER
            and g.state.step in _ACTIVATION_STEPS
            and self.per_turn.get(turn, 0) < ACTIVATIONS_PER_TURN
        ):
            options = [
                a
                for a in actions
                if a.kind in ("activate", "cast", "play")
                and self._is_mine(g, a.a)
                and (g.state.objects[a.a].zone != "hand" or self.casts > 0)
            ]
            if options:
                self.per_turn[turn] = self.per_turn.get(turn, 0) + 1
                a = self.rng.choice(options)
                return a, "cast" if a.kind in ("cast", "play") else "activate"
        return pass_, ""


# ---------------------------------------------------------------------------- running


def _where(exc: BaseException) -> str:
    """The exception and the last line of karn's code in its traceback."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "/karn/" in f.filename]
    at = ""
    if frames:
        f = frames[-1]
        at = f" at {f.filename.split('/karn/', 1)[1]}:{f.lineno} ({f.name})"
    return f"{type(exc).__name__}: {str(exc)[:300]}{at}"


def run_card(
    card: str, seed: int = 0, db: CardDatabase | None = None, keep_log: bool = False
) -> SandboxResult:
    """Play ``card``'s sandbox game with ``seed``; see the module's docstring."""
    start = time.perf_counter()
    result = SandboxResult(card=card, seed=seed, status="not_cast")
    try:
        g, mine = build_game(card, seed, db)
    except Exception as e:  # noqa: BLE001 - a setup crash is the card's failure, reported
        result.status, result.error = "failed", "setup: " + _where(e)
        result.seconds = time.perf_counter() - start
        return result
    n_cards = sum(1 for o in g.state.objects.values() if o.card >= 0)
    policy = Policy(g, card, mine, random.Random(_seed_for(card, seed)))
    saved: bytes | None = None  # the game as the card was first cast
    replayed: list[Action] = []  # the actions after it
    replay_hash = ""  # the state hash after them
    pending_cast = False  # the card's cast began and isn't finished yet
    try:
        check_zones(g, n_cards)
        check_decision(g)
        check_roundtrip(g)
        while not g.is_over() and g.state.turn < LAST_TURN:
            if result.actions >= MAX_ACTIONS:
                raise SandboxFailure(f"stalled: {MAX_ACTIONS} actions before turn {LAST_TURN}")
            action, what = policy.choose(g)
            if keep_log:
                result.log.append(
                    f"{g.state.turn}/{g.state.step} p{g.decision.player if g.decision else '-'}: {action}"
                )
            g.apply(action)
            result.actions += 1
            if saved is not None and len(replayed) < REPLAY_ACTIONS:
                replayed.append(action)
                if len(replayed) == REPLAY_ACTIONS:
                    replay_hash = g.state_hash()
            if what == "activate":
                policy.activations += 1
                pending_cast = False
            elif what == "cast":
                pending_cast = True
            if pending_cast and policy.cast_done(g, action):
                pending_cast = False
                policy.casts += 1
                if saved is None:
                    saved = g.dumps()
            check_zones(g, n_cards)
            check_decision(g)
            if what or result.actions % ROUNDTRIP_EVERY == 0:
                check_roundtrip(g)
        if saved is not None:
            again = Game.loads(saved, pool=g.pool)
            for a in replayed:
                again.apply(a)
            if again.state_hash() != (replay_hash or g.state_hash()):
                raise SandboxFailure("a loaded save replaying the same actions reached another state")
        result.status = "passed" if policy.casts else "not_cast"
    except Exception as e:  # noqa: BLE001 - any exception is the card's failure, reported
        result.status, result.error = "failed", _where(e)
        if keep_log:
            result.log.append(traceback.format_exc())
    result.casts, result.activations, result.turn = policy.casts, policy.activations, g.state.turn
    result.seconds = time.perf_counter() - start
    return result


_DATABASE: list[CardDatabase | None] = [None]  # the card database of run_many's workers (forked)


def _run_one(job: tuple[str, int]) -> SandboxResult:
    return run_card(job[0], job[1], _DATABASE[0])


def run_many(
    cards: Sequence[str], seed: int = 0, workers: int = 1, db: CardDatabase | None = None
) -> list[SandboxResult]:
    """Every card's sandbox game with ``seed``, in ``workers`` forked processes (1: in this one)."""
    _DATABASE[0] = db
    jobs = [(c, seed) for c in cards]
    if workers <= 1 or len(jobs) < 2:
        return [_run_one(j) for j in jobs]
    import multiprocessing

    with multiprocessing.get_context("fork").Pool(workers) as pool:
        return list(pool.imap(_run_one, jobs, chunksize=8))
