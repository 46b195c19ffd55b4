"""Agents: the random baseline, the heuristic player, and the match helpers."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

from karn import Action, Game
from karn.agents import (
    Agent,
    AgentError,
    HeuristicAgent,
    RandomAgent,
    play_game,
    play_match,
    run_game,
)
from karn.engine.observation import Observation
from karn.engine.state import BATTLEFIELD, GRAVEYARD, player_ref

DECKS = ("red_burn", "green_stompy")


# ---------------------------------------------------------------------------- helpers


class Recorder:
    """Wraps an agent and checks every answer is one of the legal actions offered."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.chosen: list[tuple[str, Action, list[Action]]] = []

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        d = observation.decision
        assert d is not None and d.player == observation.player
        legal = list(legal_actions)
        a = self.agent.choose(observation, legal)
        assert a in legal, f"{a!r} is not among {legal}"
        self.chosen.append((d.kind, a, legal))
        return a


class Scripted:
    """An opponent for set-up positions: takes the first action matching a rule, else passes."""

    def __init__(self, rule: Callable[[Observation, Action], bool]) -> None:
        self.rule = rule

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        acts = list(legal_actions)
        for a in acts:
            if self.rule(observation, a):
                return a
        for kind in ("pass", "done", "pay", "no"):
            for a in acts:
                if a.kind == kind:
                    return a
        return acts[0]


def step_until(g: Game, agents: list[Agent], stop: Callable[[Game], bool], limit: int = 500) -> None:
    for _ in range(limit):
        if g.is_over() or stop(g):
            return
        d = g.decision
        assert d is not None
        g.apply(ask(agents[d.player], g, d.player))
    raise AssertionError("position not reached")


def ask(agent: Agent, g: Game, player: int) -> Action:
    """The agent's answer, from ``player``'s observation and the legal actions (never the game)."""
    return agent.choose(g.observation(player), g.legal_actions())


def names_in(g: Game, player: int, zone: str) -> list[str]:
    if zone == BATTLEFIELD:
        return [g.obj(o).name for o in g.state.battlefield if g.controller(o) == player]
    return [g.obj(o).name for o in getattr(g.state.players[player], zone)]


# ---------------------------------------------------------------------------- the random agent


def test_agents_satisfy_the_protocol() -> None:
    assert isinstance(RandomAgent(0), Agent)
    assert isinstance(HeuristicAgent(), Agent)


@pytest.mark.parametrize("seed", range(6))
def test_random_agent_always_answers_legally_and_games_end(seed: int) -> None:
    rec = [Recorder(RandomAgent(seed)), Recorder(RandomAgent(seed + 100))]
    a, b = DECKS if seed % 2 == 0 else DECKS[::-1]
    g = play_game(a, b, rec, seed=seed)
    assert g.is_over()
    assert g.decision is None and g.legal_actions() == []
    assert sum(len(r.chosen) for r in rec) > 20
    kinds = {k for r in rec for k, _, _ in r.chosen}
    assert {"priority", "mulligan"} <= kinds


def test_random_agent_is_reproducible_and_uniform() -> None:
    g1 = play_game(*DECKS, [RandomAgent(7), RandomAgent(8)], seed=3)
    g2 = play_game(*DECKS, [RandomAgent(7), RandomAgent(8)], seed=3)
    assert g1.state_hash() == g2.state_hash()
    assert [str(e) for e in g1.log] == [str(e) for e in g2.log]
    # Uniform: over many draws from the same decision every option comes up about equally.
    g = Game.new(*DECKS, seed=1)
    legal = g.legal_actions()
    agent = RandomAgent(0)
    counts = {a: 0 for a in legal}
    for _ in range(2000):
        counts[ask(agent, g, g.decision.player)] += 1  # type: ignore[union-attr]
    expected = 2000 / len(legal)
    assert all(abs(n - expected) < 0.2 * expected for n in counts.values()), counts


def test_random_agent_refuses_a_finished_game() -> None:
    g = play_game(*DECKS, [RandomAgent(1), RandomAgent(2)], seed=0)
    with pytest.raises(ValueError):
        ask(RandomAgent(0), g, 0)
    with pytest.raises(ValueError):
        ask(HeuristicAgent(), g, 0)


# ---------------------------------------------------------------------------- the heuristic agent


def test_heuristic_beats_random_in_more_than_90_percent_of_200_games() -> None:
    res = play_match(200, *DECKS, [HeuristicAgent(), RandomAgent(12345)], seed=1000)
    assert res.games == 200
    assert res.wins[0] + res.wins[1] + res.draws == 200
    assert res.win_rate(0) > 0.90, str(res)


@pytest.mark.parametrize("seed", range(4))
def test_heuristic_never_crashes_cancels_or_answers_illegally(seed: int) -> None:
    h1, h2 = Recorder(HeuristicAgent()), Recorder(HeuristicAgent())
    r = Recorder(RandomAgent(seed))
    for deck_a, deck_b in (DECKS, DECKS[::-1]):
        for agents in ([h1, h2], [h1, r], [r, h2]):
            g = play_game(deck_a, deck_b, agents, seed=seed)
            assert g.is_over()
    for rec in (h1, h2):
        assert rec.chosen
        for kind, a, legal in rec.chosen:
            if a.kind == "cancel":
                assert all(x.kind == "cancel" for x in legal), (kind, legal)


def test_heuristic_is_deterministic() -> None:
    g1 = play_game(*DECKS, [HeuristicAgent(), HeuristicAgent()], seed=11)
    g2 = play_game(*DECKS, [HeuristicAgent(), HeuristicAgent()], seed=11)
    assert g1.state_hash() == g2.state_hash()
    assert g1.winner == g2.winner


def test_heuristic_pays_with_the_solver_and_plays_lands() -> None:
    rec = Recorder(HeuristicAgent())
    play_game(*DECKS, [rec, RandomAgent(3)], seed=5)
    pays = [a for kind, a, _ in rec.chosen if kind == "pay"]
    assert pays and all(a.kind == "pay" for a in pays)
    assert any(a.kind == "play" for _, a, _ in rec.chosen)
    # Whenever a land could be played, it was.
    for kind, a, legal in rec.chosen:
        if kind == "priority" and any(x.kind == "play" for x in legal):
            assert a.kind == "play", (a, legal)


def _hidden_shuffled(g: Game, player: int, rng: random.Random) -> Game:
    """A copy where everything ``player`` may not see is different: the opponent's hand
    holds other cards, and every library is in another order."""
    h = g.copy()
    opp = 1 - player
    op = h.state.players[opp]
    hand = [h.state.objects[o] for o in op.hand]
    lib = [h.state.objects[o] for o in op.library]
    if hand and lib:
        for o in hand:
            other = rng.choice(lib)
            o.name, other.name = other.name, o.name
    for p in h.state.players:
        rng.shuffle(p.library)
    h.dirty()
    return h


@pytest.mark.parametrize("seed", range(3))
def test_heuristic_does_not_peek_at_hidden_information(seed: int) -> None:
    rng = random.Random(seed)
    agent = HeuristicAgent()
    opponent = RandomAgent(seed)
    g = Game.new(*DECKS, seed=seed)
    checked = 0
    while not g.is_over():
        d = g.decision
        assert d is not None
        if d.player == 0:
            a = ask(agent, g, 0)
            for _ in range(2):
                assert ask(agent, _hidden_shuffled(g, 0, rng), 0) == a
            checked += 1
        else:
            a = ask(opponent, g, 1)
        g.apply(a)
    assert checked > 30


# ---------------------------------------------------------------------------- set-up positions


def _position(me: list[tuple[str, str]], opp: list[tuple[str, str]], active: int, step: str) -> Game:
    g = Game.empty(seed=1)
    for player, cards in ((0, me), (1, opp)):
        for name, zone in cards:
            g.add_card(player, name, zone)
        for _ in range(5):
            g.add_card(player, "Forest", "library")
    g.begin_at(active, step)
    return g


def _me_then(opp: Agent) -> list[Agent]:
    return [HeuristicAgent(), opp]


def test_plays_its_land_first() -> None:
    g = _position([("Mountain", "hand"), ("Raging Goblin", "hand")], [], 0, "precombat_main")
    a = ask(HeuristicAgent(), g, 0)
    assert a.kind == "play"
    g.apply(a)
    assert ask(HeuristicAgent(), g, 0).kind == "cast"


def test_burn_kills_the_creature_it_can_kill() -> None:
    g = _position(
        [("Mountain", BATTLEFIELD), ("Lightning Bolt", "hand")],
        [("Craw Wurm", BATTLEFIELD), ("Grizzly Bears", BATTLEFIELD)],
        0,
        "precombat_main",
    )
    step_until(g, _me_then(Scripted(lambda obs, a: False)), lambda g: bool(g.state.players[0].graveyard))
    assert names_in(g, 1, BATTLEFIELD) == ["Craw Wurm"]
    assert names_in(g, 1, GRAVEYARD) == ["Grizzly Bears"]
    assert g.state.players[1].life == 20


def test_burn_goes_to_the_face_when_lethal() -> None:
    g = _position(
        [("Mountain", BATTLEFIELD), ("Lightning Bolt", "hand")],
        [("Grizzly Bears", BATTLEFIELD)],
        0,
        "precombat_main",
    )
    g.state.players[1].life = 3
    step_until(g, _me_then(Scripted(lambda obs, a: False)), lambda g: False)
    assert g.is_over() and g.winner == 0


def _attack_with(name: str) -> Callable[[Observation, Action], bool]:
    def rule(obs: Observation, a: Action) -> bool:
        p = obs.permanent(a.a)
        return a.kind == "attack" and p is not None and p.name == name

    return rule


def test_chump_blocks_only_when_the_damage_would_be_lethal() -> None:
    for life, blocks in ((6, True), (7, False)):
        g = _position(
            [("Llanowar Elves", BATTLEFIELD)],
            [("Craw Wurm", BATTLEFIELD)],
            1,
            "beginning_of_combat",
        )
        g.state.players[0].life = life
        after_blocks = lambda g: g.state.step == "declare_blockers" and _deciding("priority")(g)  # noqa: E731
        step_until(g, _me_then(Scripted(_attack_with("Craw Wurm"))), after_blocks)
        cb = g.state.combat
        assert cb is not None
        assert bool(cb.blockers) is blocks, (life, cb)


def test_blocks_to_kill_an_attacker_it_survives() -> None:
    g = _position(
        [("Centaur Courser", BATTLEFIELD)],
        [("Grizzly Bears", BATTLEFIELD)],
        1,
        "beginning_of_combat",
    )
    step_until(
        g, _me_then(Scripted(_attack_with("Grizzly Bears"))), lambda g: g.state.step == "end_of_combat"
    )
    assert names_in(g, 1, GRAVEYARD) == ["Grizzly Bears"]
    assert names_in(g, 0, BATTLEFIELD) == ["Centaur Courser"]


def _deciding(kind: str) -> Callable[[Game], bool]:
    return lambda g: g.decision is not None and g.decision.kind == kind


def test_attacks_only_when_the_blockers_allow_it() -> None:
    # A 2/2 into an untapped 3/3: no. A 3/3 into a 2/2: yes.
    cases = (("Grizzly Bears", "Centaur Courser", False), ("Centaur Courser", "Grizzly Bears", True))
    for mine, theirs, attacks in cases:
        g = _position([(mine, BATTLEFIELD)], [(theirs, BATTLEFIELD)], 0, "beginning_of_combat")
        step_until(g, _me_then(Scripted(lambda obs, a: False)), _deciding("attackers"))
        a = ask(HeuristicAgent(), g, 0)
        assert a.kind == ("attack" if attacks else "done"), (mine, theirs, a)


def test_attacks_with_everything_when_it_is_lethal() -> None:
    g = _position(
        [("Grizzly Bears", BATTLEFIELD), ("Grizzly Bears", BATTLEFIELD), ("Raging Goblin", BATTLEFIELD)],
        [("Centaur Courser", BATTLEFIELD)],
        0,
        "beginning_of_combat",
    )
    g.state.players[1].life = 3
    step_until(g, _me_then(Scripted(lambda obs, a: False)), lambda g: False)
    assert g.is_over() and g.winner == 0


def test_giant_growth_saves_a_creature_from_shock() -> None:
    g = _position(
        [("Forest", BATTLEFIELD), ("Grizzly Bears", BATTLEFIELD), ("Giant Growth", "hand")],
        [("Mountain", BATTLEFIELD), ("Shock", "hand")],
        1,
        "precombat_main",
    )
    bears = next(o for o in g.state.battlefield if g.obj(o).name == "Grizzly Bears")
    shock = Scripted(lambda obs, a: a.kind == "cast" or (a.kind == "target" and a.a == bears))
    step_until(g, _me_then(shock), lambda g: len(g.state.players[1].graveyard) == 1 and not g.state.stack)
    assert names_in(g, 0, GRAVEYARD) == ["Giant Growth"]
    assert "Grizzly Bears" in names_in(g, 0, BATTLEFIELD)


def test_giant_growth_is_not_wasted_outside_combat() -> None:
    g = _position(
        [("Forest", BATTLEFIELD), ("Grizzly Bears", BATTLEFIELD), ("Giant Growth", "hand")],
        [],
        0,
        "postcombat_main",
    )
    assert ask(HeuristicAgent(), g, 0).kind == "pass"


def test_aura_goes_on_its_own_best_creature() -> None:
    g = _position(
        [
            ("Forest", BATTLEFIELD),
            ("Llanowar Elves", BATTLEFIELD),
            ("Centaur Courser", BATTLEFIELD),
            ("Rancor", "hand"),
        ],
        [("Grizzly Bears", BATTLEFIELD)],
        0,
        "precombat_main",
    )
    step_until(g, _me_then(Scripted(lambda obs, a: False)), lambda g: "Rancor" in names_in(g, 0, BATTLEFIELD))
    rancor = next(o for o in g.state.battlefield if g.obj(o).name == "Rancor")
    assert g.obj(g.obj(rancor).attached_to).name == "Centaur Courser"


@pytest.mark.cr("614.12a", "707.2c")
def test_metamorphic_alteration_chooses_the_best_creature_to_copy() -> None:
    """The "choose a creature" decision as the Aura enters (614.12a) is answered legally by both
    agents; the heuristic picks the most valuable creature, whose copy the Bears becomes."""
    g = _position(
        [("Island", BATTLEFIELD), ("Island", BATTLEFIELD), ("Grizzly Bears", BATTLEFIELD)]
        + [("Metamorphic Alteration", "hand")],
        [("Serra Angel", BATTLEFIELD), ("Llanowar Elves", BATTLEFIELD)],
        0,
        "precombat_main",
    )
    bears = next(o for o in g.state.battlefield if g.obj(o).name == "Grizzly Bears")
    caster = Scripted(lambda obs, a: a.kind == "cast" or (a.kind == "target" and a.a == bears))
    agents: list[Agent] = [caster, Scripted(lambda obs, a: False)]
    step_until(g, agents, lambda g: g.decision is not None and g.decision.kind == "choose_creature")
    legal = g.legal_actions()
    assert sorted(g.obj(a.a).name for a in legal) == ["Grizzly Bears", "Llanowar Elves", "Serra Angel"]
    assert ask(RandomAgent(seed=3), g, 0) in legal
    choice = ask(HeuristicAgent(), g, 0)
    assert g.obj(choice.a).name == "Serra Angel"
    g.apply(choice)
    assert g.chars(bears).name == "Serra Angel" and g.chars(bears).power == 4


@pytest.mark.parametrize("seed", range(12))
def test_keeps_hands_with_two_to_five_lands(seed: int) -> None:
    g = Game.new(*DECKS[:: 1 if seed % 2 else -1], seed=seed)
    d = g.decision
    assert d is not None and d.kind == "mulligan"
    p = d.player
    lands = sum(1 for c in g.state.players[p].hand if "land" in g.face(g.obj(c).name).types)
    a = ask(HeuristicAgent(), g, p)
    assert a.kind == ("keep" if 2 <= lands <= 5 else "mulligan"), lands


# ---------------------------------------------------------------------------- match helpers


def test_play_match_alternates_seats_and_decks() -> None:
    agents: list[Agent] = [HeuristicAgent(), HeuristicAgent()]
    res = play_match(8, *DECKS, agents, seed=40)
    assert res.games == 8 and len(res.winners) == 8
    assert sum(res.wins) + res.draws == 8
    assert res.decisions > 0 and res.turns > 0 and res.seconds > 0
    for k, w in enumerate(res.winners):
        seat0 = k % 2  # agent 0's seat
        deck0 = DECKS[(k // 2) % 2]  # agent 0's deck
        other = DECKS[1 - (k // 2) % 2]
        seat_decks = (deck0, other) if seat0 == 0 else (other, deck0)
        g = play_game(*seat_decks, [HeuristicAgent(), HeuristicAgent()], seed=40 + k)
        expected = None if g.winner is None else (g.winner if seat0 == 0 else 1 - g.winner)
        assert w == expected, k


def test_an_illegal_answer_is_reported() -> None:
    class Cheater:
        def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
            return Action("cast", 99999)

    with pytest.raises(AgentError, match="illegal"):
        play_game(*DECKS, [Cheater(), Cheater()], seed=0)
    with pytest.raises(ValueError):
        play_game(*DECKS, [RandomAgent(0)], seed=0)


def test_run_game_counts_decisions_and_respects_its_limit() -> None:
    g = Game.new(*DECKS, seed=2)
    with pytest.raises(AgentError, match="did not end"):
        run_game(g, [RandomAgent(0), RandomAgent(1)], max_decisions=10)
    g = Game.new(*DECKS, seed=2)
    n = run_game(g, [RandomAgent(0), RandomAgent(1)])
    assert g.is_over() and n > 10


def test_player_refs_are_what_the_heuristic_attacks() -> None:
    g = _position([("Raging Goblin", BATTLEFIELD)], [], 0, "beginning_of_combat")
    step_until(g, _me_then(Scripted(lambda obs, a: False)), _deciding("attackers"))
    a = ask(HeuristicAgent(), g, 0)
    assert a.kind == "attack" and a.b == player_ref(1)


# ---------------------------------------------------------------------------- what agents are given


def test_run_game_gives_each_agent_its_own_view_and_the_log_as_deltas() -> None:
    class Watcher:
        def __init__(self, seed: int) -> None:
            self.random = RandomAgent(seed)
            self.log: list[str] = []
            self.players: set[int | None] = set()
            self.size = 0

        def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
            assert observation.decision is not None and observation.decision.player == observation.player
            assert [(o.kind, o.a, o.b) for o in observation.decision.options] == [
                (a.kind, a.a, a.b) for a in legal_actions
            ]
            self.players.add(observation.player)
            self.log += [str(e) for e in observation.log]
            self.size = observation.log_size
            return self.random.choose(observation, legal_actions)

    watchers = [Watcher(1), Watcher(2)]
    g = Game.new(*DECKS, seed=21)
    with pytest.raises(AgentError, match="did not end"):
        run_game(g, watchers, max_decisions=400)
    assert watchers[0].players == {0} and watchers[1].players == {1}
    for p, w in enumerate(watchers):
        # Everything it was given, once, as it may read it (a withdrawn cast aside, 733).
        readable = [str(x) for e in g.log[: w.size] if (x := e.for_player(p)) is not None]
        assert set(readable) <= set(w.log)
        assert not any(e.seen_by and p not in e.seen_by and e.text in w.log for e in g.log)


def test_run_game_builds_no_observation_for_an_agent_that_reads_none() -> None:
    given: list[Observation | None] = []

    class Blind(RandomAgent):
        def choose(self, observation: Observation | None, legal_actions: Sequence[Action]) -> Action:
            given.append(observation)
            return super().choose(observation, legal_actions)

    class Seeing(Blind):
        reads_observation = True

    g = Game.new(*DECKS, seed=22)
    run_game(g, [Blind(1), Seeing(2)])
    assert None in given and any(isinstance(o, Observation) for o in given)
    assert all(o is None or o.player == 1 for o in given)


@pytest.mark.cr("701.21a", "111.4")
def test_heuristic_sacrifices_among_tokens_without_looking_them_up_as_cards() -> None:
    """A1: a token has no card of its name (111.4, a Beast token); the heuristic must read its
    mana value from the object itself when it chooses what to sacrifice (701.21a)."""
    g = _position(
        [("Garruk Wildspeaker", BATTLEFIELD), ("Grizzly Bears", BATTLEFIELD)],
        [("Swamp", BATTLEFIELD), ("Swamp", BATTLEFIELD), ("Diabolic Edict", "hand")],
        0,
        "precombat_main",
    )
    garruk = next(o for o in g.state.battlefield if g.obj(o).name == "Garruk Wildspeaker")
    g.obj(garruk).counters["loyalty"] = 3
    g.dirty()
    step_until(
        g,
        [Scripted(lambda o, a: a.kind == "activate" and a.a == garruk and a.b == 1)] * 2,
        lambda g: "Beast" in names_in(g, 0, BATTLEFIELD),
    )
    step_until(
        g,
        [Scripted(lambda o, a: False), Scripted(lambda o, a: a.kind in ("cast", "target", "mana", "pay"))],
        lambda g: g.decision is not None and g.decision.player == 0 and g.decision.kind != "priority",
    )
    d = g.decision
    assert d is not None and any(g.obj(o.a).token for o in d.options if o.kind == "choose")
    a = ask(HeuristicAgent(), g, 0)
    assert a in g.legal_actions()
    g.apply(a)
    assert len(names_in(g, 0, BATTLEFIELD)) == 2  # one creature sacrificed, by the agent's choice
