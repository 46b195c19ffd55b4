"""Games of 2 to 6 players (800, 802, 806): setup, first draws (103.8), turn order, leaving."""

from __future__ import annotations

import random

import pytest

from karn import Game
from karn.cards.decks import DeckError


@pytest.mark.cr("103.8c")
def test_in_a_four_player_game_nobody_skips_the_first_draw() -> None:
    g = Game.new("red_burn", "green_stompy", "red_burn", "green_stompy", seed=3)
    while g.decision is not None and g.decision.kind in ("mulligan", "bottom"):
        g.apply(g.legal_actions()[0])  # keep
    assert [p.name for p in g.state.players] == ["A", "B", "C", "D"]
    assert not g.state.skip_first_draw
    assert any(e.rule == "103.8c" for e in g.log)
    assert not any(e.rule == "103.8a" and "skips the draw" in e.text for e in g.log)


@pytest.mark.cr("103.8a")
def test_in_a_two_player_game_the_starting_player_skips_the_first_draw() -> None:
    g = Game.new("red_burn", "green_stompy", seed=3)
    assert g.state.skip_first_draw


@pytest.mark.cr("800.4a", "104.2a")
@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_random_multiplayer_games_end_with_one_winner(n: int) -> None:
    decks = ["red_burn", "green_stompy"] * 3
    g = Game.new(*decks[:n], seed=n)
    rng = random.Random(n)
    turns_seen = []
    while not g.is_over():
        if g.state.step == "untap" and (not turns_seen or turns_seen[-1] != g.state.turn):
            turns_seen.append(g.state.turn)
        g.apply(rng.choice(g.legal_actions()))
    assert g.winner is not None or g.state.winner == -1
    losers = [p for p in g.state.players if p.lost]
    assert len(losers) >= n - 1
    assert sum(1 for e in g.log if e.rule == "800.4a" and "leaves the game" in e.text) >= n - 2


def test_bad_game_setups_are_clear_errors() -> None:
    with pytest.raises(ValueError, match="2 to 6"):
        Game.new("red_burn")
    with pytest.raises(ValueError, match="2 to 6"):
        Game.new(*["red_burn"] * 7)
    with pytest.raises(DeckError, match="no cards"):
        Game.new([], "red_burn")
    with pytest.raises(TypeError, match="list of card names"):
        Game.new([None] * 60, "red_burn")  # type: ignore[list-item]
    with pytest.raises(TypeError, match="seed must be an int"):
        Game.new("red_burn", "green_stompy", seed="1")  # type: ignore[arg-type]
    with pytest.raises(DeckError, match="copies"):
        Game.new({"Mountain": 1_000_000_000}, "red_burn")
    g = Game.new({"Mountain": 60}, "red_burn", seed=1)
    assert len(g.state.players[0].library) + len(g.state.players[0].hand) == 60


@pytest.mark.cr("712.8a")
def test_a_back_face_in_a_deck_list_names_its_card() -> None:
    # the deck holds the card, front face up in its library and hand (712.8a)
    g = Game.new(["Heir to the Night"] * 60, "red_burn")
    cards = g.state.players[0].library + g.state.players[0].hand
    assert len(cards) == 60
    assert {g.state.objects[o].name for o in cards} == {"Heir of Falkenrath // Heir to the Night"}
