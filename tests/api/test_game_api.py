"""The public API of the engine: ``karn.Game`` and its actions, observations, saves and log.

Games here are started from the bundled decks (``red_burn``, ``green_stompy``) or from
lists of card names, and driven through ``g.decision`` / ``g.legal_actions()`` /
``g.apply()`` only.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import karn
from karn import Action, CorruptSaveError, Event, Game, IllegalActionError, Observation
from karn.cards import Deck, DeckError, UnknownCardError, bundled_decks, load_deck, parse_deck

RULE = re.compile(r"^\d{3}(\.\d+[a-z]?)?$")


# ---------------------------------------------------------------------------- helpers


def first(g: Game, kind: str) -> Action:
    """The first legal action of ``kind`` (fails if there is none)."""
    for a in g.legal_actions():
        if a.kind == kind:
            return a
    raise AssertionError(f"no {kind!r} action among {[str(a) for a in g.legal_actions()]}")


def passive(g: Game) -> Action:
    """A do-nothing policy: keep, pass, declare nothing; otherwise the first option."""
    acts = g.legal_actions()
    for kind in ("keep", "pass", "done", "none", "no"):
        for a in acts:
            if a.kind == kind:
                return a
    return acts[0]


def advance_until(g: Game, stop: Callable[[Game], bool], policy: Callable[[Game], Action] = passive,
                  limit: int = 5000) -> None:  # fmt: skip
    for _ in range(limit):
        if stop(g):
            return
        assert not g.is_over(), "the game ended first"
        g.apply(policy(g))
    raise AssertionError("the condition was never reached")


def keep_both(g: Game) -> None:
    """Both players keep their opening hands."""
    for _ in range(2):
        d = g.decision
        assert d is not None and d.kind == "mulligan"
        g.apply(first(g, "keep"))


def random_game(seed: int, deck_a: str = "red_burn", deck_b: str = "green_stompy") -> Game:
    g = Game.new(deck_a, deck_b, seed=seed)
    r = random.Random(seed)
    while not g.is_over():
        g.apply(r.choice(g.legal_actions()))
    return g


# ---------------------------------------------------------------------------- starting a game (103)


def test_bundled_decks_are_listed_and_have_60_cards() -> None:
    names = bundled_decks()
    assert "red_burn" in names and "green_stompy" in names
    for name in ("red_burn", "green_stompy"):
        assert len(load_deck(name)) == 60
        assert len(load_deck(name).cards()) == 60


@pytest.mark.cr("103.5", "103.3")
def test_new_game_deals_seven_cards_each_from_sixty() -> None:
    g = Game.new("red_burn", "green_stompy", seed=11)
    for p in g.state.players:
        assert len(p.hand) == 7
        assert len(p.library) == 53
        assert p.life == 20
        assert p.graveyard == [] and p.exile == []
    assert g.state.battlefield == [] and g.state.stack == []
    assert len(g.state.objects) == 120
    # Player 0 got red_burn, player 1 green_stompy.
    assert {g.obj(o).name for o in g.state.players[0].library + g.state.players[0].hand} <= set(
        load_deck("red_burn").cards()
    )
    assert "Forest" in {g.obj(o).name for o in g.state.players[1].library + g.state.players[1].hand}
    assert not g.is_over() and g.winner is None


@pytest.mark.cr("103.5")
def test_first_decision_is_the_starting_players_mulligan() -> None:
    g = Game.new("red_burn", "green_stompy", seed=5)
    d = g.decision
    assert d is not None
    assert d.kind == "mulligan"
    assert d.rule == "103.5"
    assert d.player == g.state.active
    assert {a.kind for a in g.legal_actions()} == {"keep", "mulligan"}
    assert g.state.turn == 0 and not g.state.started


@pytest.mark.cr("103.1")
def test_starting_player_is_chosen_by_the_seed() -> None:
    starters = {Game.new("red_burn", "green_stompy", seed=s).state.active for s in range(30)}
    assert starters == {0, 1}
    assert (
        Game.new("red_burn", "green_stompy", seed=9).state.active
        == Game.new("red_burn", "green_stompy", seed=9).state.active
    )


@pytest.mark.cr("103.5")
def test_london_mulligan_draws_seven_then_bottoms_one() -> None:
    g = Game.new("red_burn", "green_stompy", seed=21)
    me = g.state.active
    other = 1 - me
    g.apply(first(g, "mulligan"))
    d = g.decision
    assert d is not None and d.kind == "mulligan" and d.player == other  # the other player decides too
    g.apply(first(g, "keep"))
    # A new hand of seven, then keep or mulligan again.
    d = g.decision
    assert d is not None and d.kind == "mulligan" and d.player == me
    assert len(g.state.players[me].hand) == 7
    assert g.state.players[me].mulligans == 1
    assert "(1 so far)" in d.prompt
    g.apply(first(g, "keep"))
    # 103.5: keep after one mulligan -> put one card on the bottom.
    d = g.decision
    assert d is not None and d.kind == "bottom" and d.rule == "103.5" and d.player == me
    hand = list(g.state.players[me].hand)
    assert sorted(a.a for a in g.legal_actions()) == sorted(hand)
    choice = g.legal_actions()[3]
    card = g.obj(choice.a).card
    g.apply(choice)
    pl = g.state.players[me]
    assert len(pl.hand) == 6
    assert len(pl.library) == 54
    assert g.obj(pl.library[0]).card == card  # the very bottom of the library (its start)
    assert len(g.state.players[other].hand) == 7
    assert g.state.started and g.state.turn == 1


@pytest.mark.cr("103.5")
def test_two_mulligans_put_two_cards_on_the_bottom() -> None:
    g = Game.new("red_burn", "green_stompy", seed=22)
    me = g.state.active
    g.apply(first(g, "mulligan"))
    g.apply(first(g, "keep"))  # the other player
    g.apply(first(g, "mulligan"))
    g.apply(first(g, "keep"))
    bottomed = []
    for _ in range(2):
        d = g.decision
        assert d is not None and d.kind == "bottom" and d.player == me
        a = g.legal_actions()[0]
        bottomed.append(g.obj(a.a).card)
        g.apply(a)
    pl = g.state.players[me]
    assert len(pl.hand) == 5 and len(pl.library) == 55
    assert sorted(g.obj(o).card for o in pl.library[:2]) == sorted(bottomed)
    assert g.decision is not None and g.decision.kind != "bottom"


@pytest.mark.cr("103.8a", "504.1")
def test_starting_player_skips_the_first_draw() -> None:
    g = Game.new("red_burn", "green_stompy", seed=8)
    keep_both(g)
    first_player = g.state.active
    second = 1 - first_player
    advance_until(g, lambda g: g.state.step == "precombat_main")
    assert g.state.turn == 1
    assert len(g.state.players[first_player].hand) == 7  # no card drawn on turn 1
    assert len(g.state.players[first_player].library) == 53
    assert any(e.rule == "103.8a" and "skips" in e.text for e in g.log)
    advance_until(g, lambda g: g.state.turn == 2 and g.state.step == "precombat_main")
    assert g.state.active == second
    assert len(g.state.players[second].hand) == 8  # the second player draws on its first turn
    assert len(g.state.players[second].library) == 52
    assert any(e.rule == "504.1" and e.turn == 2 for e in g.log)


# ---------------------------------------------------------------------------- decks


def test_decks_as_lists_of_names_and_deck_objects() -> None:
    names = ["lightning bolt"] * 20 + ["MOUNTAIN"] * 40  # lenient spelling, stored canonically
    deck = parse_deck("20 Grizzly Bears\n40 Forest\n", name="bears")
    g = Game.new(names, deck, seed=3)
    assert {g.obj(o).name for o in g.state.players[0].library + g.state.players[0].hand} == {
        "Lightning Bolt",
        "Mountain",
    }
    assert {g.obj(o).name for o in g.state.players[1].library + g.state.players[1].hand} == {
        "Grizzly Bears",
        "Forest",
    }
    assert len(g.state.objects) == 120


def test_decks_of_other_sizes() -> None:
    g = Game.new(["Mountain"] * 40, ["Forest"] * 41, seed=1)
    assert len(g.state.players[0].library) + len(g.state.players[0].hand) == 40
    assert len(g.state.players[1].library) + len(g.state.players[1].hand) == 41


def test_unknown_card_name_suggests_the_nearest_names() -> None:
    with pytest.raises(UnknownCardError) as ei:
        Game.new(["Lightning Bold"] * 4 + ["Mountain"] * 56, "red_burn")
    assert ei.value.suggestions and ei.value.suggestions[0] == "Lightning Bolt"
    assert "did you mean" in str(ei.value) and "Lightning Bolt" in str(ei.value)
    with pytest.raises(DeckError) as di:
        parse_deck("20 Mountain\n4 Lightning Bold\n")
    assert di.value.line == 2
    assert "Lightning Bolt" in di.value.suggestions
    assert "line 2" in str(di.value) and "Lightning Bolt" in str(di.value)


def test_malformed_deck_line_names_its_line_number() -> None:
    text = "# burn\n20 Mountain\n\n4x\n4 Shock\n"
    with pytest.raises(DeckError) as ei:
        parse_deck(text, name="mine")
    assert ei.value.line == 4
    assert "line 4" in str(ei.value)
    assert "mine" in str(ei.value)
    with pytest.raises(DeckError) as ei:
        parse_deck("20 Mountain\n0 Shock\n")
    assert ei.value.line == 2 and "positive" in str(ei.value)


def test_unknown_bundled_deck_lists_the_bundled_decks() -> None:
    with pytest.raises(DeckError) as ei:
        Game.new("no_such_deck", "red_burn")
    assert "red_burn" in str(ei.value) and "green_stompy" in str(ei.value)


def test_unplayable_card_is_refused_with_its_clause() -> None:
    with pytest.raises(ValueError, match=r"Shahrazad is not playable: .*does not compile"):
        Game.new(["Shahrazad"] * 4 + ["Plains"] * 56, "red_burn")


# ---------------------------------------------------------------------------- actions


def test_actions_are_hashable_values_with_readable_text() -> None:
    a = Action("cast", 5, 0, "cast Lightning Bolt")
    b = Action("cast", 5)
    assert a == b and hash(a) == hash(b)  # the label is for people only
    assert len({a, b, Action("cast", 6)}) == 2
    assert str(a) == "cast Lightning Bolt"
    assert str(b) == "cast 5"
    assert str(Action("attack", 7, -2)) == "attack 7 -2"
    assert str(Action("pass")) == "pass"
    assert "cast" in repr(a) and "5" in repr(a)
    with pytest.raises(AttributeError):
        a.kind = "play"  # type: ignore[misc]
    g = Game.new("red_burn", "green_stompy", seed=2)
    acts = g.legal_actions()
    assert len(set(acts)) == len(acts)
    assert all(str(x) for x in acts)
    assert {str(x) for x in acts} == {"keep", "mulligan"}


def test_legal_actions_match_the_decision_options() -> None:
    g = Game.new("red_burn", "green_stompy", seed=4)
    r = random.Random(4)
    for _ in range(300):
        d = g.decision
        assert d is not None
        acts = g.legal_actions()
        assert [(a.kind, a.a, a.b, a.label) for a in acts] == [(o.kind, o.a, o.b, o.label) for o in d.options]
        assert all(a.label for a in acts), "every legal action has a readable label"
        g.apply(r.choice(acts))


@pytest.mark.cr("117.1")
def test_illegal_actions_raise_and_change_nothing() -> None:
    g = Game.new("red_burn", "green_stompy", seed=6)
    keep_both(g)
    advance_until(g, lambda g: g.decision is not None and g.decision.kind == "priority")
    h = g.state_hash()
    n = len(g.log)
    bad = [
        Action("cast", 999999),
        Action("play", 999999),
        Action("activate", 999999, 0),
        Action("keep"),
        Action("frobnicate", 1, 2),
    ]
    opp = 1 - g.decision.player  # type: ignore[union-attr]
    bad += [Action("cast", c) for c in g.state.players[opp].hand[:2]]  # the opponent's cards
    bad += [Action("play", c) for c in g.state.players[opp].hand[:2]]
    for a in bad:
        with pytest.raises(IllegalActionError) as ei:
            g.apply(a)
        assert str(ei.value)
        assert g.state_hash() == h and len(g.log) == n
    with pytest.raises(IllegalActionError) as ei:
        g.apply(Action("cast", g.state.players[opp].hand[0]))
    assert "hand" in str(ei.value)
    assert ei.value.rule == "117.1"
    assert isinstance(ei.value, ValueError)


@pytest.mark.cr("508.1a")
def test_attack_with_an_opponents_creature_is_illegal() -> None:
    g = Game.new(
        ["Raging Goblin"] * 30 + ["Mountain"] * 30, ["Raging Goblin"] * 30 + ["Mountain"] * 30, seed=1
    )
    keep_both(g)

    def play(g: Game) -> Action:
        for kind in ("play", "cast", "mana", "pay"):
            for a in g.legal_actions():
                if a.kind == kind:
                    return a
        return passive(g)

    # Both players get a Raging Goblin (haste) onto the battlefield; then someone declares attackers.
    def ready(g: Game) -> bool:
        d = g.decision
        bf = g.state.battlefield
        owners = {g.controller(o) for o in bf if g.chars(o).is_("creature")}
        return d is not None and d.kind == "attackers" and owners == {0, 1}

    advance_until(g, ready, play)
    d = g.decision
    assert d is not None
    theirs = next(
        o for o in g.state.battlefield if g.controller(o) != d.player and g.chars(o).is_("creature")
    )
    h = g.state_hash()
    with pytest.raises(IllegalActionError):
        g.apply(Action("attack", theirs, -(d.player + 1)))
    assert g.state_hash() == h
    mine = [a for a in g.legal_actions() if a.kind == "attack"]
    assert mine and all(g.controller(a.a) == d.player for a in mine)


def test_push_is_apply() -> None:
    g = Game.new("red_burn", "green_stompy", seed=3)
    c = g.copy()
    g.push(first(g, "keep"))
    c.apply(first(c, "keep"))
    assert g.state_hash() == c.state_hash()


# ---------------------------------------------------------------------------- the end of the game (104)


@pytest.mark.cr("104.3a", "104.2a")
@pytest.mark.parametrize("loser", [0, 1])
def test_concede_ends_the_game_and_the_other_player_wins(loser: int) -> None:
    g = Game.new("red_burn", "green_stompy", seed=12)
    keep_both(g)
    g.concede(loser)
    assert g.is_over()
    assert g.winner == 1 - loser
    assert g.decision is None
    assert g.legal_actions() == []
    assert g.state.players[loser].lost and g.state.players[loser].conceded
    assert any(e.rule == "104.3a" for e in g.log)
    assert g.log[-1].rule == "104.2a"
    with pytest.raises(IllegalActionError):
        g.apply(Action("pass"))
    with pytest.raises(IllegalActionError):
        g.concede(1 - loser)
    obs = g.observation(loser)
    assert obs.over is True and obs.winner == 1 - loser and obs.decision is None and obs.decider is None
    assert obs.players[loser].conceded and obs.players[loser].lost and obs.players[1 - loser].won


@pytest.mark.cr("104.3a")
def test_concede_during_the_mulligan_and_mid_resolution() -> None:
    g = Game.new("red_burn", "green_stompy", seed=13)
    g.concede(g.state.active)
    assert g.is_over() and g.winner == 1 - g.state.active
    # Conceding while a decision other than priority is pending also ends the game.
    g = Game.new("red_burn", "green_stompy", seed=14)
    keep_both(g)
    r = random.Random(1)
    advance_until(g, lambda g: g.decision is not None and g.decision.kind not in ("priority", "mulligan"),
                  lambda g: r.choice(g.legal_actions()))  # fmt: skip
    g.concede(0)
    assert g.is_over() and g.winner == 1 and g.state.agenda == []


@pytest.mark.cr("104.2a")
def test_random_games_end_with_a_winner_or_a_draw() -> None:
    for seed in range(3):
        g = random_game(seed)
        assert g.is_over()
        assert g.decision is None and g.legal_actions() == []
        w = g.winner
        assert w in (0, 1, None)
        if w is not None:
            assert g.state.players[1 - w].lost and not g.state.players[w].lost
            assert g.log[-1].rule == "104.2a"
        else:
            assert all(p.lost for p in g.state.players)


# ---------------------------------------------------------------------------- the log


def test_every_log_event_cites_a_rule() -> None:
    for seed in (1, 2):
        g = random_game(seed)
        assert len(g.log) > 50
        turns = [e.turn for e in g.log]
        assert turns == sorted(turns), "events are logged in turn order"
        for e in g.log:
            assert isinstance(e, Event)
            assert e.rule and RULE.match(e.rule), f"event {e!r} cites no CR rule"
            assert e.text
            assert str(e) == f"{e.rule}: {e.text}"


def _cr_rules() -> set[str]:
    """Rule numbers of the Comprehensive Rules text in shared/cr (beside the repository)."""
    root = Path(__file__).resolve().parents[3]
    files = sorted((root / "shared" / "cr").glob("MagicCompRules-*.txt"))
    assert files, "the Comprehensive Rules text (shared/cr) must be beside the repository"
    rules = set()
    for line in files[-1].read_text(encoding="utf-8-sig").splitlines():
        m = re.match(r"^(\d{3}(?:\.\d+[a-z]?)?)\.? ", line)
        if m:
            rules.add(m.group(1))
    return rules


def test_log_events_and_decisions_cite_existing_rules() -> None:
    """The rules cited by log events and decisions exist in the current CR text."""
    known = _cr_rules()
    cited: dict[str, str] = {}
    for seed, decks in ((3, ("red_burn", "green_stompy")), (4, ("green_stompy", "red_burn"))):
        g = Game.new(*decks, seed=seed)
        r = random.Random(seed)
        while not g.is_over():
            d = g.decision
            assert d is not None
            cited.setdefault(d.rule, f"decision {d.kind}: {d.prompt}")
            g.apply(r.choice(g.legal_actions()))
        for e in g.log:
            cited.setdefault(e.rule, f"event: {e.text}")
    unknown = {rule: why for rule, why in cited.items() if rule not in known}
    assert not unknown, f"rules not in the CR: {unknown}"


def test_log_opens_with_the_start_of_the_game() -> None:
    g = Game.new("red_burn", "green_stompy", seed=3)
    rules = [e.rule for e in g.log]
    assert sorted(rules[:3]) == ["103.1", "103.3", "103.3"]  # the starting player; both shuffle
    assert rules[3:] == ["103.5", "103.5"]  # each player draws seven


# ---------------------------------------------------------------------------- observations


def test_observation_shape_and_no_peeking() -> None:
    g = Game.new("red_burn", "green_stompy", seed=15)
    r = random.Random(15)
    while not g.is_over() and g.state.turn < 6:
        g.apply(r.choice(g.legal_actions()))
    d = g.decision
    assert d is not None
    for me in (0, 1):
        obs = g.observation(me)
        assert isinstance(obs, Observation)
        assert obs.player == me
        assert obs.turn == g.state.turn and obs.active == g.state.active and obs.step == g.state.step
        assert obs.decider == d.player and obs.decision_kind == d.kind
        for pv in obs.players:
            p = g.state.players[pv.index]
            assert pv.library_size == len(p.library)
            assert pv.hand_size == len(p.hand)
            assert [c.name for c in pv.graveyard] == [g.obj(o).name for o in p.graveyard]
            assert not hasattr(pv, "library") and not hasattr(pv, "hand")
        # Only the observer's own hand (ids and names); the opponent's is a size.
        assert [c.id for c in obs.hand] == g.state.players[me].hand
        assert [c.name for c in obs.hand] == [g.obj(o).name for o in g.state.players[me].hand]
        assert [v.id for v in obs.battlefield] == g.state.battlefield
        for v in obs.battlefield:
            c = g.chars(v.id)
            assert (v.name, v.controller, set(v.types), set(v.keywords)) == (
                c.name,
                c.controller,
                c.types,
                c.keywords,
            )
            assert v.tapped == g.obj(v.id).tapped and v.damage == g.obj(v.id).damage
            assert v.power == (c.power if c.is_("creature") else None)
        if me == d.player:
            assert obs.decision is not None
            assert (obs.decision.kind, obs.decision.rule, obs.decision.prompt) == (d.kind, d.rule, d.prompt)
            assert [(o.kind, o.a, o.b, o.label) for o in obs.decision.options] == [
                (o.kind, o.a, o.b, o.label) for o in d.options
            ]
        else:
            assert obs.decision is None  # who decides and what kind, not the options


def test_the_opponents_hand_and_the_libraries_are_sizes_only() -> None:
    g = Game.new("red_burn", "green_stompy", seed=21)
    hidden = {g.obj(o).name for p in g.state.players for o in p.library}
    hidden |= {g.obj(o).name for o in g.state.players[1].hand}
    shown = {g.obj(o).name for o in g.state.players[0].hand}
    text = msgspec.json.encode(g.observation(0).to_dict()).decode()
    assert all(name not in text for name in hidden - shown)
    assert all(name in text for name in shown)


def test_observation_is_plain_data() -> None:
    g = Game.new("red_burn", "green_stompy", seed=16)
    obs = g.observation(0)
    d = obs.to_dict()
    assert msgspec.json.decode(msgspec.json.encode(d)) == d
    assert (
        d["player"] == 0
        and len(d["hand"]) == 7
        and d["decision"]["options"][0]["kind"] in ("keep", "mulligan")
    )
    assert {"rule", "text", "turn"} == set(d["log"][0])


def test_observation_log_from_gives_what_is_new() -> None:
    g = Game.new("red_burn", "green_stompy", seed=17)
    first_view = g.observation(0, 0)
    assert first_view.log_from == 0 and first_view.log_size == len(g.log) == len(first_view.log)
    g.apply(g.legal_actions()[0])
    later = g.observation(0, first_view.log_size)
    assert later.log_from == first_view.log_size and later.log_size == len(g.log)
    assert list(later.log) == [e.for_player(0) for e in g.log[first_view.log_size :]]
    # By default, the log of the current turn.
    assert g.observation(0).log_from == next(i for i, e in enumerate(g.log) if e.turn == g.state.turn)
    # Entries naming cards the player can't see read as their public text (or not at all).
    assert list(g.observation(1, 0).log) == [x for e in g.log if (x := e.for_player(1)) is not None]
    drawn = [e for e in g.log if e.seen_by == (0,)]
    assert drawn and all(e.text not in [x.text for x in g.observation(1, 0).log] for e in drawn)


# ---------------------------------------------------------------------------- copies and saves


def test_copy_is_independent() -> None:
    g = Game.new("red_burn", "green_stompy", seed=17)
    c = g.copy()
    h = g.state_hash()
    assert c.state_hash() == h and c.log == g.log and c.log is not g.log
    c.apply(first(c, "mulligan"))
    assert g.state_hash() == h
    assert c.state_hash() != h
    hc = c.state_hash()
    g.apply(first(g, "keep"))
    assert c.state_hash() == hc
    assert g.state.players[g.state.active].kept and not c.state.players[c.state.active].kept


def test_copy_module_copies_are_independent_games() -> None:
    """``copy.copy`` / ``copy.deepcopy`` of a game (or of an object holding one, as an
    OpenSpiel state does) give an independent game, on the compiled build too."""
    import copy

    g = Game.new("red_burn", "green_stompy", seed=19)
    holder = {"game": g}
    deep = copy.deepcopy(holder)["game"]
    shallow = copy.copy(g)
    h = g.state_hash()
    assert deep is not g and shallow is not g
    assert deep.state_hash() == shallow.state_hash() == h
    deep.apply(first(deep, "mulligan"))
    shallow.apply(first(shallow, "keep"))
    assert g.state_hash() == h and deep.state_hash() != h and shallow.state_hash() != h


def test_save_and_load_round_trip() -> None:
    g = Game.new("red_burn", "green_stompy", seed=18)
    r = random.Random(18)
    for _ in range(200):
        g.apply(r.choice(g.legal_actions()))
    data = g.dumps()
    assert isinstance(data, bytes)
    h = Game.loads(data)
    assert h.state_hash() == g.state_hash()
    assert h.log == g.log
    assert h.decision == g.decision
    assert h.dumps() == data
    acts = [r.choice(g.legal_actions())]
    g.apply(acts[0])
    h.apply(acts[0])
    assert h.state_hash() == g.state_hash()


def test_loading_garbage_raises_corrupt_save_error() -> None:
    with pytest.raises(CorruptSaveError) as ei:
        Game.loads(b"garbage")
    assert "not a karn save file or corrupted" in str(ei.value)
    assert isinstance(ei.value, ValueError)
    for bad in (b"", b"\x00", b"\xc1", b"\x93\x01\x02\x03"):
        with pytest.raises(CorruptSaveError):
            Game.loads(bad)
    data = Game.new("red_burn", "green_stompy", seed=1).dumps()
    with pytest.raises(CorruptSaveError, match="truncated"):
        Game.loads(data[: len(data) // 2])
    with pytest.raises(CorruptSaveError):
        Game.loads(data + b"\x00")


def test_loading_a_save_of_another_format_version() -> None:
    g = Game.new("red_burn", "green_stompy", seed=1)
    raw = msgspec.msgpack.decode(g.dumps())
    raw["format"] = 999
    with pytest.raises(CorruptSaveError, match="unsupported save format 999"):
        Game.loads(msgspec.msgpack.encode(raw))


@settings(max_examples=150, deadline=None, database=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])  # fmt: skip
@given(data=st.data())
def test_damaged_saves_raise_corrupt_save_error_or_load(data: st.DataObject) -> None:
    """Flipped, cut or inserted bytes: loads() raises CorruptSaveError, never anything else."""
    save = _SAVE
    damaged = bytearray(save)
    for _ in range(data.draw(st.integers(1, 4))):
        how = data.draw(st.sampled_from(["flip", "cut", "insert"]))
        i = data.draw(st.integers(0, len(damaged) - 1))
        if how == "flip":
            damaged[i] = data.draw(st.integers(0, 255))
        elif how == "cut":
            del damaged[i : i + data.draw(st.integers(1, 64))]
        else:
            damaged[i:i] = data.draw(st.binary(min_size=1, max_size=8))
    try:
        g = Game.loads(bytes(damaged))
    except CorruptSaveError as e:
        assert str(e)
        return
    assert isinstance(g, Game)
    g.state_hash()  # a save that decodes is a game (loads does not check its consistency)


_SAVE = Game.new("red_burn", "green_stompy", seed=19).dumps()


# ---------------------------------------------------------------------------- determinism


def test_same_seed_same_game() -> None:
    a = Game.new("red_burn", "green_stompy", seed=77)
    b = Game.new("red_burn", "green_stompy", seed=77)
    assert a.state_hash() == b.state_hash() and a.log == b.log
    others = {Game.new("red_burn", "green_stompy", seed=s).state_hash() for s in range(78, 84)}
    assert a.state_hash() not in others and len(others) == 6
    assert random_game(5).log == random_game(5).log


def test_package_exports() -> None:
    assert set(karn.__all__) >= {"Action", "CorruptSaveError", "Event", "Game", "IllegalActionError"}
    assert isinstance(load_deck("red_burn"), Deck)
