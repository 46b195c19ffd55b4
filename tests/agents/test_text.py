"""The text form of actions and observations (karn.agents.text): every legal action's text
parses back into it, bad text is a clear error that changes nothing, and the observation's
text holds nothing hidden from its reader."""

from __future__ import annotations

import random

import pytest

from karn import Action, ActionKind, Game
from karn.agents.text import (
    ActionTextError,
    action_text,
    observation_text,
    parse_action,
    parse_text,
)
from karn.engine.observation import Observation

DECKS = [("red_burn", "green_stompy"), ("green_stompy", "red_burn", "red_burn")]


def _games(seed: int, decks: tuple[str, ...], steps: int = 400):
    g = Game.new(*decks, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over():
            return
        yield g
        g.apply(rng.choice(g.legal_actions()))


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("decks", DECKS)
def test_every_legal_actions_text_parses_back_into_it(seed: int, decks: tuple[str, ...]) -> None:
    kinds: set[str] = set()
    for g in _games(seed, decks):
        d = g.decision
        assert d is not None
        obs = g.observation(d.player)
        legal = g.legal_actions()
        texts = [action_text(a, obs) for a in legal]
        assert len(set(texts)) == len(texts), texts  # one text, one action
        for a, text in zip(legal, texts, strict=True):
            assert parse_action(text, legal, obs) == a, text
            assert parse_text(text, obs) == a
            kinds.add(a.kind)
    assert {"pass", "keep", "play"} <= kinds


def test_the_forms_of_objects_players_and_numbers() -> None:
    for g in _games(4, ("red_burn", "green_stompy"), 2000):
        d = g.decision
        assert d is not None
        obs = g.observation(d.player)
        for a in g.legal_actions():
            text = action_text(a, obs)
            if a.kind == "attack":
                assert text.startswith("attack with ") and " (#" in text and " -> " in text
                assert text.endswith(" -> " + obs.players[-a.b - 1].name) or text.endswith(")")
                return
            if a.kind in ("cast", "play"):
                assert text == f"{a.kind} {g.obj(a.a).name} (#{a.a})" or "option" in text
    pytest.fail("no attack reached")


def test_players_by_name_or_seat_and_generic_kinds() -> None:
    g = Game.new("red_burn", "green_stompy", seed=7)
    obs = g.observation(0)
    assert parse_text("target B", obs) == Action("target", -2)
    assert parse_text("target seat 1", obs) == Action("target", -2)
    assert parse_text("attack with #12 -> seat 0") == Action("attack", 12, -1)
    assert parse_text("block with Wall (#30) -> Grizzly Bears (#12)") == Action("block", 30, 12)
    assert parse_text("activate Prodigal Sorcerer (#9) ability 0") == Action("activate", 9, 0)
    # a kind the engine may add later: written and read generically
    later = Action("brand_new_kind", 3, 2)
    assert action_text(later, obs) == "brand_new_kind 3 option 2"
    assert parse_text("brand_new_kind 3 option 2") == later
    assert parse_text("cast #41").kind == ActionKind.CAST


@pytest.mark.parametrize(
    "text",
    ["", "   ", "Cast Bolt", "cast Lightning Bolt", "target nobody", "attack with #1 -> #x", "x three", "!!"],
)
def test_malformed_text_is_a_clear_error(text: str) -> None:
    g = Game.new("red_burn", "green_stompy", seed=7)
    before = g.state_hash()
    obs = g.observation(g.decision.player)  # type: ignore[union-attr]
    with pytest.raises(ActionTextError):
        parse_action(text, g.legal_actions(), obs)
    assert g.state_hash() == before


def test_a_well_formed_but_illegal_action_names_the_legal_ones() -> None:
    g = Game.new("red_burn", "green_stompy", seed=7)
    obs = g.observation(g.decision.player)  # type: ignore[union-attr]
    with pytest.raises(ActionTextError, match="not a legal action now.*'keep', 'mulligan'"):
        parse_action("cast #3", g.legal_actions(), obs)
    with pytest.raises(ActionTextError):
        parse_action(None, g.legal_actions(), obs)  # type: ignore[arg-type]


def _hidden_from(g: Game, viewer: int) -> tuple[set[int], set[str]]:
    """Ids and names of the cards in the other players' hands and libraries, minus those the
    viewer may see: known cards, and names the viewer sees elsewhere or has in its own
    library (it may have seen those in its own hand, before a mulligan)."""
    s = g.state
    obs = g.observation(viewer)
    ids: set[int] = set()
    for p in s.players:
        if p.index != viewer:
            ids |= set(p.hand) | set(p.library)
    ids -= {k.id for k in obs.known}
    visible = {k.name for k in obs.known} | {c.name for c in obs.hand}
    visible |= {p.name for p in obs.battlefield} | {i.name for i in obs.stack}
    visible |= {s.objects[i].name for i in s.players[viewer].library}
    for pl in obs.players:
        visible |= {c.name for c in pl.graveyard + pl.exile}
    names = {s.objects[i].name for i in ids} - visible
    return ids, names


@pytest.mark.parametrize("seed", [5, 6])
def test_the_observation_text_holds_nothing_hidden(seed: int) -> None:
    checked = hidden_names = 0
    for g in _games(seed, ("red_burn", "green_stompy"), 600):
        for viewer in (0, 1):
            obs: Observation = g.observation(viewer)
            text = observation_text(obs)
            ids, names = _hidden_from(g, viewer)
            for oid in ids:
                assert f"#{oid})" not in text and f"#{oid} " not in text, (oid, text)
            for name in names:
                assert name not in text, (name, text)
            checked += 1
            hidden_names += len(names)
    assert checked > 200 and hidden_names > 0  # the check had hidden cards to look for


def test_the_observation_text_reads_as_plain_english() -> None:
    g = Game.new("red_burn", "green_stompy", seed=7)
    p = g.decision.player  # type: ignore[union-attr]
    text = observation_text(g.observation(p))
    assert f"You are {g.pname(p)} (seat {p}). Turn" in text
    assert "20 life, 7 cards in hand" in text
    assert "Legal actions:\n  keep\n  mulligan" in text
    assert "Your hand: " in text and "(#" in text
    other = observation_text(g.observation(1 - p))
    assert "Legal actions" not in other and "Waiting for" in other
