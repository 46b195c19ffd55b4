"""Reproductions of bugs found by the performance profile and the reliability review
(2026-11-28), kept as fuzz tests: the games that found them are replayed to the end.

* 608.2b/400.7: a spell's later instruction names a target that an earlier instruction moved
  (Silumgar's Command: "return target permanent" then "target creature gets -3/-3" on the same
  creature). The moved card is a new object; the effect does nothing to it, and nothing crashes.
* 601.2g-h: Shard Volley ("As an additional cost to cast this spell, sacrifice a land") with a
  single Mountain. The player may activate the Mountain's mana ability before paying costs;
  sacrificing the Mountain is offered once its mana is in the pool, so choosing a legal option
  never silently undoes the cast.
"""

from __future__ import annotations

import pytest

from karn import Game
from karn.agents import RandomAgent, run_game
from karn.agents.heuristic import HeuristicAgent

# The 15th pair of random corpus decks drawn with random.Random(5) the way
# tests/fuzz/test_corpus_decks.py draws them (performance review, last section).
CORPUS_A = [
    "Gerrard's Irregulars",
    "Bellowing Aegisaur",
    "Deadly Insect",
    "Argivian Restoration",
    "Braidwood Sextant",
    "Thopter Arrest",
    "Squelching Leeches",
    "Wring Flesh",
    "Mortiphobia",
    "Jwari Scuttler",
    "Burrog Befuddler",
    "Madcap Skills",
    "Kindled Fury",
    "Big Play",
    "Elas il-Kor, Sadistic Pilgrim",
    "Knight of the New Coalition",
    "Angel of Mercy",
    "Phyrexian Denouncer",
    "Omen of the Forge",
    "Fresh Start",
    "Sanguine Guard",
    "Call of the Conclave",
    "Shatterstorm",
    "Myr Matrix",
    "Gold-Forged Sentinel",
    "Hollowhenge Beast",
    "Bladewing the Risen",
    "Makindi Shieldmate",
    "Imposing Sovereign",
    "Burglar Rat",
    "Damnable Pact",
    "Switcheroo",
    "Excavation Elephant",
    "Carrion Crow",
    "Regrowth",
    "Octopus Form",
    "Plains",
    "Plains",
    "Forest",
    "Mountain",
    "Mountain",
    "Plains",
    "Swamp",
    "Swamp",
    "Forest",
    "Mountain",
    "Mountain",
    "Plains",
    "Island",
    "Forest",
    "Island",
    "Mountain",
    "Island",
    "Island",
    "Swamp",
    "Forest",
    "Plains",
    "Island",
    "Swamp",
    "Plains",
]
CORPUS_B = [
    "Vodalian Wave-Knight",
    "Rukh Egg",
    "Makindi Patrol",
    "Giant-Sized Flying Ant",
    "Lich's Caress",
    "Paladin en-Vec",
    "Thunderscape Battlemage",
    "Portable Hole",
    "Romantic Rendezvous",
    "Molten Primordial",
    "Fanatical Fever",
    "Font of Return",
    "Cunning Lethemancer",
    "Steelshaper's Gift",
    "Ripscale Predator",
    "Fang of Shigeki",
    "Loxodon Mystic",
    "Mantle of Webs",
    "Jousting Dummy",
    "Succumb to Temptation",
    "Slith Bloodletter",
    "Ravaging Horde",
    "Brightblade Stoat",
    "Civic Gardener",
    "Raging Cougar",
    "Djeru, With Eyes Open",
    "Loxodon Warhammer",
    "Silumgar's Command",
    "Spike Jester",
    "Sword of Body and Mind",
    "Burden of Guilt",
    "Lightning Bolt",
    "Emerald Medallion",
    "Citanul Druid",
    "Exultant Skymarcher",
    "Cursed Minotaur",
    "Plains",
    "Mountain",
    "Swamp",
    "Forest",
    "Mountain",
    "Island",
    "Mountain",
    "Plains",
    "Swamp",
    "Forest",
    "Swamp",
    "Swamp",
    "Plains",
    "Forest",
    "Forest",
    "Plains",
    "Island",
    "Plains",
    "Swamp",
    "Forest",
    "Forest",
    "Mountain",
    "Mountain",
    "Forest",
]


def _pick(g: Game, kind: str, a: int | None = None) -> None:
    for x in g.legal_actions():
        if x.kind == kind and (a is None or x.a == a):
            g.apply(x)
            return
    raise AssertionError(f"no {kind} {a} among {g.legal_actions()}")


def _kinds(g: Game) -> list[tuple[str, int]]:
    return [(x.kind, x.a) for x in g.legal_actions()]


@pytest.mark.cr("608.2b", "400.7")
def test_command_bouncing_the_creature_it_then_shrinks_does_not_crash() -> None:
    g = Game.empty()
    for _ in range(3):
        g.add_card(0, "Island", "battlefield")
        g.add_card(0, "Swamp", "battlefield")
    bears = g.add_card(1, "Grizzly Bears", "battlefield")
    command = g.add_card(0, "Silumgar's Command", "hand")
    g.begin_at(0, "precombat_main")
    _pick(g, "cast", command)
    _pick(g, "mode", 1)  # return target permanent to its owner's hand
    _pick(g, "mode", 2)  # target creature gets -3/-3 until end of turn
    _pick(g, "target", bears)
    _pick(g, "target", bears)
    _pick(g, "pay")
    _pick(g, "pass")
    _pick(g, "pass")
    s = g.state
    assert not s.stack
    assert bears not in s.battlefield
    (card,) = s.players[1].hand
    assert s.objects[card].name == "Grizzly Bears"
    assert f"400.6: Grizzly Bears (#{bears}) returns to its owner's hand" in [str(e) for e in g.log]
    # 611.2c: the new object in the hand is not affected; no effect began.
    assert not s.effects


@pytest.mark.cr("608.2b", "400.7")
def test_corpus_game_with_silumgars_command_plays_to_the_end() -> None:
    g = Game.new(CORPUS_A, CORPUS_B, seed=19)
    run_game(g, [RandomAgent(19), RandomAgent(19 + 1_000_003)])
    assert g.is_over()


def _shard_volley_with_one_mountain() -> tuple[Game, int, int]:
    g = Game.empty()
    mountain = g.add_card(0, "Mountain", "battlefield")
    volley = g.add_card(0, "Shard Volley", "hand")
    g.begin_at(0, "precombat_main")
    return g, mountain, volley


@pytest.mark.cr("601.2g", "601.2h")
def test_shard_volley_taps_its_only_mountain_before_sacrificing_it() -> None:
    g, mountain, volley = _shard_volley_with_one_mountain()
    _pick(g, "cast", volley)
    _pick(g, "target", -2)
    d = g.decision
    assert d is not None and d.kind == "sacrifice"
    # Sacrificing the only Mountain now would leave {R} unpayable: first its mana (601.2g).
    assert _kinds(g) == [("mana", mountain), ("cancel", 0)]
    _pick(g, "mana", mountain)
    assert _kinds(g) == [("sacrifice", mountain), ("cancel", 0)]
    _pick(g, "sacrifice", mountain)
    _pick(g, "pay")
    s = g.state
    assert [s.objects[o].name for o in s.stack] == ["Shard Volley"]
    assert mountain not in s.battlefield
    assert str(g.log[-1]) == "601.2i: A casts Shard Volley targeting B"
    _pick(g, "pass")
    _pick(g, "pass")
    assert g.state.players[1].life == 17


@pytest.mark.cr("601.2g", "601.2h", "733.1")
def test_no_chosen_option_of_a_cast_vanishes_without_a_trace() -> None:
    """Every answer but cancel, at every decision reachable while casting Shard Volley with one
    Mountain, changes the game (state or log): the state of the reliability review's endless
    game never comes back."""
    start, _, _ = _shard_volley_with_one_mountain()
    frontier = [start]
    seen = 0
    while frontier:
        g = frontier.pop()
        for a in g.legal_actions():
            if a.kind in ("cancel", "pass"):
                continue
            h, n = g.state_hash(), len(g.log)
            c = g.copy()
            c.apply(a)
            seen += 1
            assert c.state_hash() != h or len(c.log) != n, a
            assert c.state_hash() != start.state_hash(), a
            d = c.decision
            if d is not None and d.kind != "priority":
                frontier.append(c)
    assert seen >= 5


@pytest.mark.cr("601.2g", "601.2h")
def test_deterministic_agents_finish_a_shard_volley_game() -> None:
    """The reliability review's endless game was two deterministic agents (the heuristic one
    answers a sacrifice with its first option) casting Shard Volley over and over."""
    deck = ["Shard Volley"] * 20 + ["Mountain"] * 20
    for seed in range(3):
        g = Game.new(deck, deck, seed=seed)
        run_game(g, [HeuristicAgent(), HeuristicAgent()], max_decisions=20_000)
        assert g.is_over()
        g = Game.new(deck, deck, seed=seed)
        run_game(g, [RandomAgent(seed), RandomAgent(seed + 1)], max_decisions=20_000)
        assert g.is_over()
