"""The every-card sandbox (issue 15, part 4d): each card cast or played in a small game, the
engine's invariants checked after every action (``karn.proof.sandbox``).

The CI test runs a seeded sample of ``KARN_SANDBOX_CARDS`` (default 500) playable cards; the test
marked ``slow`` runs every playable card (``pytest -m slow tests/proof``). A failure names the
card and the seed: ``run_card(card, seed, keep_log=True)`` replays it with the actions taken.
"""

from __future__ import annotations

import os

import pytest

from karn import Game
from karn.proof.cards import playable_cards, sample_playable
from karn.proof.sandbox import (
    CARD_PLAYER,
    SandboxFailure,
    SandboxResult,
    build_game,
    check_decision,
    check_roundtrip,
    check_zones,
    run_card,
    run_many,
)

SAMPLE = int(os.environ.get("KARN_SANDBOX_CARDS", "") or 500)
WORKERS = int(os.environ.get("KARN_SANDBOX_WORKERS", "") or 2)


def _report(results: list[SandboxResult]) -> str:
    failed = [r for r in results if r.status == "failed"]
    return f"{len(failed)} of {len(results)} cards failed:\n" + "\n".join(r.line() for r in failed[:20])


def test_a_burn_spell_is_cast_and_resolves() -> None:
    r = run_card("Lightning Bolt", keep_log=True)
    assert r.status == "passed", r.line()
    assert r.casts >= 1
    assert any("cast Lightning Bolt" in line and " p0:" in line for line in r.log)


def test_a_creatures_activated_ability_is_activated() -> None:
    r = run_card("Prodigal Pyromancer", keep_log=True)
    assert r.status == "passed", r.line()
    assert r.activations >= 1
    assert any("activate Prodigal Pyromancer" in line for line in r.log)


def test_a_land_is_played() -> None:
    r = run_card("Forest", keep_log=True)
    assert r.status == "passed", r.line()
    assert any("play Forest" in line and " p0:" in line for line in r.log)


def test_a_creature_attacks() -> None:
    r = run_card("Grizzly Bears", keep_log=True)
    assert r.status == "passed", r.line()
    assert any(" p0: attack" in line and "Grizzly Bears" in line for line in r.log)


def test_a_counterspell_finds_the_opponents_spell() -> None:
    r = run_card("Counterspell", keep_log=True)
    assert r.status == "passed", r.line()
    assert any(line.startswith("2/") and "cast Counterspell" in line for line in r.log)


def test_a_card_with_no_legal_target_here_is_not_cast() -> None:
    """Hisoka's Defiance counters a Spirit or Arcane spell: the opponent casts none (601.2c)."""
    r = run_card("Hisoka's Defiance")
    assert r.status == "not_cast" and not r.passed and r.casts == 0 and r.error == ""


def test_the_same_seed_plays_the_same_game() -> None:
    a = run_card("Fireball", seed=3, keep_log=True)
    b = run_card("Fireball", seed=3, keep_log=True)
    assert a.log == b.log and a.actions == b.actions


def test_the_setup_gives_the_cards_player_its_colors_and_copies() -> None:
    g, mine = build_game("Cryptic Command")  # {1}{U}{U}{U}
    s = g.state
    islands = [
        o for o in s.battlefield if s.objects[o].name == "Island" and s.objects[o].controller == CARD_PLAYER
    ]
    assert len(islands) == 2 + 3
    assert sorted(o.zone for o in s.objects.values() if o.card in mine) == [
        "graveyard",
        "hand",
        "hand",
    ]


def test_zone_check_finds_a_lost_card() -> None:
    g, _ = build_game("Grizzly Bears")
    n = sum(1 for o in g.state.objects.values() if o.card >= 0)
    check_zones(g, n)
    lost = g.state.players[0].hand.pop()
    with pytest.raises(SandboxFailure, match="listed in None"):
        check_zones(g, n)
    g.state.players[0].hand.append(lost)
    g.state.players[0].graveyard.append(lost)  # listed twice
    with pytest.raises(SandboxFailure):
        check_zones(g, n)


def test_decision_check_finds_a_priority_without_pass() -> None:
    g, _ = build_game("Grizzly Bears")
    check_decision(g)
    d = g.decision
    assert d is not None and d.kind == "priority"
    d.options = [o for o in d.options if o.kind != "pass"]
    with pytest.raises(SandboxFailure, match="117.3d"):
        check_decision(g)


def test_roundtrip_check_holds_and_loads_equal() -> None:
    g, _ = build_game("Serra Angel")
    check_roundtrip(g)
    assert Game.loads(g.dumps(), pool=g.pool).state_hash() == g.state_hash()


def test_sandbox_on_a_seeded_sample_of_playable_cards() -> None:
    """CI: ``SAMPLE`` playable cards drawn with seed 15; none fails, nearly all are cast."""
    cards = sample_playable(SAMPLE, seed=15)
    assert len(cards) == SAMPLE
    results = run_many(cards, seed=0, workers=WORKERS)
    assert not [r for r in results if r.status == "failed"], _report(results)
    cast = sum(r.passed for r in results)
    assert cast >= 0.9 * SAMPLE, f"only {cast} of {SAMPLE} cards were cast or played"


@pytest.mark.slow
def test_sandbox_on_every_playable_card() -> None:
    cards = playable_cards()
    results = run_many(cards, seed=0, workers=WORKERS)
    assert not [r for r in results if r.status == "failed"], _report(results)


@pytest.mark.cr("113.2c", "111.4")
def test_a_tokens_quoted_triggered_ability_on_the_stack_saves_and_loads() -> None:
    """Found by the sandbox (Ashiok, Wicked Manipulator, seed 0): a Nightmare token's quoted
    "At the beginning of combat ..." ability on the stack made ``dumps`` look up a card named
    "Nightmare" (the token's name) in the pool; the ability's card is the one that created it."""
    r = run_card("Ashiok, Wicked Manipulator", keep_log=True)
    assert r.status == "passed", r.line()
    assert any("Nightmare: At the beginning of combat" in line for line in r.log)
