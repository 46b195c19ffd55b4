"""The Planechase variant (901): setting up (901.3-901.5), the planar die (901.9), hidden planar
decks, copies and saves of a Planechase game, and random games with planar decks.

The packaged corpus has only a few planes karn plays, fewer than the ten different ones a planar
deck needs (901.3), so these tests make up planes from the texts of those that compile."""

from __future__ import annotations

import random
from collections import Counter

import msgspec
import pytest

from karn import Action, Game
from karn.cards.database import CardDatabase
from karn.cards.decks import DeckError
from karn.cards.pool import CardPool
from karn.engine.state import BATTLEFIELD, COMMAND, STACK
from karn.oracle.pool import build_pool
from karn.table import build_table

PLANE_TEXTS = (
    "Jund",
    "Lethe Lake",
    "The Fourth Sphere",
    "Panopticon",
    "The Pyramid of Mars",
    "Krosa",
    "Gavony",
)
PHENOMENON_TEXTS = ("Mutual Epiphany", "Planewide Disaster")
PHENOMENA = [f"Test Phenomenon {i + 1}" for i in range(4)]
DECK = ["Mountain"] * 12 + ["Forest"] * 12 + ["Grizzly Bears"] * 8 + ["Thunder-Thrash Elder"] * 8


def _planes_pool(n: int = 20) -> tuple[CardPool, list[str]]:
    """A pool with ``n`` made-up planes (each the text of a plane karn plays) and the deck's cards."""
    default = CardDatabase.default()
    records = [default.raw(name) for name in ("Mountain", "Forest", "Grizzly Bears", "Thunder-Thrash Elder")]
    names = []
    for i in range(n):
        original = PLANE_TEXTS[i % len(PLANE_TEXTS)]
        record = default.raw(original)
        record.update(
            name=f"Test Plane {i + 1}", text=record["text"].replace(original, f"Test Plane {i + 1}")
        )
        records.append(record)
        names.append(record["name"])
    for i, name in enumerate(PHENOMENA):
        original = PHENOMENON_TEXTS[i % len(PHENOMENON_TEXTS)]
        record = default.raw(original)
        record.update(name=name, text=record["text"].replace(original, name))
        records.append(record)
    db = CardDatabase.from_records(records)
    pool = build_pool([*names, *PHENOMENA, "Mountain", "Forest", "Grizzly Bears", "Thunder-Thrash Elder"], db)
    return pool, names


@pytest.fixture(scope="module")
def planes() -> tuple[CardPool, list[str]]:
    return _planes_pool()


def _game(planes: tuple[CardPool, list[str]], seed: int = 1) -> Game:
    pool, names = planes
    return Game.new(DECK, DECK, seed=seed, pool=pool, planar_decks=[names[:10], names[10:]])


def _command_zone(g: Game) -> list[int]:
    pc = g.state.planechase
    assert pc is not None
    return [oid for deck in pc.decks for oid in deck] + pc.face_up


def _conserved(g: Game, total: int) -> None:
    """Every physical card in exactly one place, the planes included (311.2: in the command zone)."""
    s = g.state
    seen: Counter[int] = Counter()
    for p in s.players:
        for zone in (p.library, p.hand, p.graveyard, p.exile):
            for oid in zone:
                seen[s.objects[oid].card] += 1
    for oid in s.battlefield + s.stack:
        assert s.objects[oid].zone in (BATTLEFIELD, STACK)
        if s.objects[oid].card >= 0:
            seen[s.objects[oid].card] += 1
    for oid in _command_zone(g):
        assert s.objects[oid].zone == COMMAND
        seen[s.objects[oid].card] += 1
    assert all(n == 1 for n in seen.values())
    assert len(seen) == total


@pytest.mark.cr("901.3")
def test_a_planar_deck_has_at_least_ten_different_planes(planes: tuple[CardPool, list[str]]) -> None:
    pool, names = planes
    with pytest.raises(DeckError, match="at least 10"):
        Game.new(DECK, DECK, pool=pool, planar_decks=[names[:9], names[10:]])
    with pytest.raises(DeckError, match="different name"):
        Game.new(DECK, DECK, pool=pool, planar_decks=[[names[0]] * 10, names[10:]])
    with pytest.raises(DeckError, match="no more than 2 phenomenon"):
        Game.new(DECK, DECK, pool=pool, planar_decks=[[*names[:7], *PHENOMENA[:3]], names[10:]])
    with pytest.raises(DeckError, match="neither a plane nor a phenomenon"):
        Game.new(DECK, DECK, pool=pool, planar_decks=[[*names[:9], "Mountain"], names[10:]])
    with pytest.raises(DeckError, match="planar deck"):  # 311.2: not in a deck
        Game.new([*DECK, "Jund"], DECK)


@pytest.mark.cr("901.5", "901.6", "103.7")
def test_the_starting_player_turns_the_starting_plane_face_up(planes: tuple[CardPool, list[str]]) -> None:
    g = _game(planes)
    s = g.state
    while s.turn == 0 or not s.started:
        g.apply(g.legal_actions()[0])  # keep
    pc = s.planechase
    assert pc is not None and len(pc.face_up) == 1
    plane = s.objects[pc.face_up[0]]
    assert plane.owner == s.active and pc.controller == s.active  # 901.5, 901.6
    assert sorted(len(d) for d in pc.decks) == [9, 10]
    assert any(e.rule == "901.5" for e in g.log)


def _to_main_phase(g: Game) -> None:
    while not (g.state.step == "precombat_main" and g.decision is not None and g.decision.kind == "priority"):
        acts = g.legal_actions()
        g.apply(next((a for a in acts if a.kind in ("keep", "pass")), acts[0]))


@pytest.mark.cr("901.9", "116.2i")
def test_the_planar_die_costs_one_more_each_time(planes: tuple[CardPool, list[str]]) -> None:
    g = _game(planes)
    _to_main_phase(g)
    active = g.state.active
    assert g.decision is not None and g.decision.player == active
    rolls = [a for a in g.legal_actions() if a.kind == "planar_die"]
    assert [a.b for a in rolls] == [0]  # {0}: the first roll of the turn
    g.apply(rolls[0])
    assert any(e.rule == "901.9" for e in g.log)
    pc = g.state.planechase
    assert pc is not None and pc.rolls == 1
    while g.state.stack:  # a chaos or planeswalking ability
        g.apply(Action("pass"))
        while g.decision is not None and g.decision.kind != "priority":
            g.apply(g.legal_actions()[0])
    rolls = [a for a in g.legal_actions() if a.kind == "planar_die"]
    # the second roll costs {1}: offered only with a land untapped (none played yet this game)
    untapped = [o for o in g.state.battlefield if g.controller(o) == active and not g.state.objects[o].tapped]
    assert [a.b for a in rolls] == ([1] if untapped else [])


@pytest.mark.cr("901.4", "901.7", "400.2")
def test_planar_decks_are_hidden_and_copies_and_saves_keep_them(planes: tuple[CardPool, list[str]]) -> None:
    g = _game(planes, seed=5)
    _to_main_phase(g)
    pc = g.state.planechase
    assert pc is not None
    face_up = g.state.objects[pc.face_up[0]].name
    hidden = {g.state.objects[oid].name for deck in pc.decks for oid in deck} - {face_up}
    for player in (0, 1):
        obs = g.observation(player)
        assert [c.name for c in obs.planes] == [face_up]  # 901.7: public
        assert obs.planar_controller == g.state.active
        assert sorted(obs.planar_deck_sizes) == [9, 10]
        text = repr(obs.to_dict())
        assert not [n for n in hidden if f"'{n}'" in text]  # no name of a card of a planar deck
        table = build_table(g, player)  # the front ends' model shows the same
        assert [c.name for c in table.planes] == [face_up] and table.planes[0].zone == COMMAND
        assert sorted(table.planar_deck_sizes) == [9, 10]
        assert not [n for n in hidden if f'"{n}"' in msgspec.json.encode(table).decode()]
    copy = g.copy()
    loaded = Game.loads(g.dumps(), pool=g.pool)
    for other in (copy, loaded):
        assert other.state_hash() == g.state_hash()
        assert other.state.planechase == g.state.planechase
    # 901.9: the roll goes the same way in each (the generator is in the state)
    for game in (g, copy, loaded):
        game.apply(next(a for a in game.legal_actions() if a.kind == "planar_die"))
    assert g.state_hash() == copy.state_hash() == loaded.state_hash()
    # determinizing for a player reorders the planar decks (no one knows their order)
    orders = set()
    for seed in range(6):
        d = g.determinize(0, seed=seed)
        dpc = d.state.planechase
        assert dpc is not None
        orders.add(tuple(d.state.objects[oid].name for oid in dpc.decks[1]))
    assert len(orders) > 1


@pytest.mark.cr("901.8", "701.31b", "901.9c", "704.6f")
def test_random_games_with_planar_decks(planes: tuple[CardPool, list[str]]) -> None:
    """No crash, cards conserved (the planes stay in the command zone, 311.2), a legal action
    until the game ends, copies exact, no plane never seen face up in any observation; the die
    is rolled half the times it is offered."""
    walked = encountered = 0
    pool, names = planes
    for seed in range(6):
        # 901.3: two phenomena in each planar deck (312.5, 704.6f)
        decks = [[*names[:8], *PHENOMENA[:2]], [*names[10:18], *PHENOMENA[2:]]]
        g = Game.new(DECK, DECK, seed=seed, pool=pool, planar_decks=decks)
        r = random.Random(seed)
        total = 2 * len(DECK) + 20
        steps = 0
        seen: set[str] = set()  # the planes that were face up (public) so far
        while not g.is_over() and steps < 1500:
            acts = g.legal_actions()
            assert acts
            roll = [a for a in acts if a.kind == "planar_die"]
            a = roll[0] if roll and r.random() < 0.5 else r.choice(acts)
            g.apply(a)
            steps += 1
            _conserved(g, total)
            pc = g.state.planechase
            assert pc is not None
            seen.update(g.state.objects[oid].name for oid in pc.face_up)
            if steps % 50 == 0:
                never = {g.state.objects[oid].name for deck in pc.decks for oid in deck} - seen
                for player in (0, 1):
                    text = repr(g.observation(player).to_dict())
                    assert not [n for n in never if f"'{n}'" in text]
            if steps % 250 == 0:
                assert Game.loads(g.dumps(), pool=g.pool).state_hash() == g.state_hash()
        walked += sum(1 for e in g.log if e.rule == "701.31b")
        encountered += sum(1 for e in g.log if e.rule == "704.6f")
    assert walked > 0 and encountered > 0  # some games planeswalked, some encountered a phenomenon


@pytest.mark.cr("901.7a", "701.31b")
def test_a_plane_turned_face_up_or_down_is_a_new_object(planes: tuple[CardPool, list[str]]) -> None:
    pool, names = planes
    g = Game.empty(pool=pool)
    for _ in range(3):
        g.add_card(0, "Mountain", BATTLEFIELD)
    g.set_planar_decks([names[:3], names[10:12]])
    g.begin_at(0, "precombat_main")
    pc = g.state.planechase
    assert pc is not None
    before = set(_command_zone(g))
    starting = pc.face_up[0]
    walked = False
    for _ in range(12):  # roll until the Planeswalker symbol (deterministic from the seed)
        roll = next((a for a in g.legal_actions() if a.kind == "planar_die"), None)
        if roll is None:
            break
        g.apply(roll)
        if g.state.stack and g.state.objects[g.state.stack[-1]].ability == "rules:planeswalking":
            # 901.8: the sourceless ability on the stack saves and loads like any other
            assert Game.loads(g.dumps(), pool=g.pool).state_hash() == g.state_hash()
        while g.state.stack or (g.decision is not None and g.decision.kind != "priority"):
            g.apply(g.legal_actions()[0] if g.decision and g.decision.kind != "priority" else Action("pass"))
        pc = g.state.planechase
        assert pc is not None
        if pc.face_up and pc.face_up[0] != starting:
            walked = True
            break
    assert walked
    # the plane turned face up and the one turned face down are new objects (901.7a)
    assert pc.face_up[0] not in before
    assert starting not in g.state.objects
    assert pc.decks[0][-1] not in before  # the starting plane, at the bottom of its owner's deck
    assert g.state.objects[pc.decks[0][-1]].name == names[0]


@pytest.mark.cr("701.31d", "901.11b", "603.10")
def test_planeswalking_away_from_a_plane_triggers_its_ability() -> None:
    """A made-up plane with "When you planeswalk away from ~, draw a card.": it looks back at the
    plane turned face down (a new object, 901.7a); the planar controller draws."""
    default = CardDatabase.default()
    name = "Farewell Plane"
    record = default.raw("Jund")
    record.update(
        name=name,
        text=f"When you planeswalk away from {name}, draw a card.\n"
        "Whenever chaos ensues, create two 1/1 red Goblin creature tokens.",
    )
    records = [record, default.raw("Jund"), default.raw("Mountain"), default.raw("Wastes")]
    pool = build_pool([name, "Jund", "Mountain", "Wastes"], CardDatabase.from_records(records))
    assert pool.compiled(name).playable
    g = Game.empty(pool=pool)
    for _ in range(3):
        g.add_card(0, "Mountain", BATTLEFIELD)
    for p in (0, 1):
        for _ in range(5):
            g.add_card(p, "Wastes", "library")
    g.set_planar_decks([[name, "Jund"], []])
    g.begin_at(0, "precombat_main")
    for _ in range(3):  # the seeded generator rolls chaos, then the Planeswalker symbol
        roll = next((a for a in g.legal_actions() if a.kind == "planar_die"), None)
        assert roll is not None
        g.apply(roll)
        while g.state.stack or (g.decision is not None and g.decision.kind != "priority"):
            g.apply(g.legal_actions()[0] if g.decision and g.decision.kind != "priority" else Action("pass"))
        pc = g.state.planechase
        assert pc is not None
        if g.state.objects[pc.face_up[0]].name == "Jund":
            break
    pc = g.state.planechase
    assert pc is not None and g.state.objects[pc.face_up[0]].name == "Jund"
    assert len(g.state.players[0].hand) == 1  # 901.11b: A planeswalked away from it and drew


#: Ten different planar cards of the corpus karn plays (901.3: two of them phenomena).
REAL_PLANAR_DECK = [
    "Gavony",
    "Jund",
    "Krosa",
    "Lethe Lake",
    "Panopticon",
    "The Fourth Sphere",
    "The Pyramid of Mars",
    "UNIT Headquarters",
    "Mutual Epiphany",
    "Planewide Disaster",
]


@pytest.mark.cr("901.3", "901.5", "901.9")
def test_a_planechase_game_with_corpus_planes_plays_to_its_end() -> None:
    g = Game.new("red_burn", "green_stompy", seed=3, planar_decks=[REAL_PLANAR_DECK, REAL_PLANAR_DECK])
    r = random.Random(3)
    steps = 0
    while not g.is_over() and steps < 3000:
        acts = g.legal_actions()
        roll = [a for a in acts if a.kind == "planar_die"]
        g.apply(roll[0] if roll and r.random() < 0.5 else r.choice(acts))
        steps += 1
    rules = {e.rule for e in g.log}
    assert {"901.5", "901.9"} <= rules
    assert Game.loads(g.dumps(), pool=g.pool).state_hash() == g.state_hash()
