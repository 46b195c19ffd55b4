"""The decks shipped with karn: 60 cards each, legal for constructed play, every card
one karn can play, each with a description and its colors."""

from __future__ import annotations

import pytest

from karn.cards import CardDatabase
from karn.cards.decks import bundled_deck_info, bundled_decks, load_deck
from karn.cards.decks.validation import check_deck
from karn.oracle.pool import build_pool

BUNDLED = bundled_decks()


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    return CardDatabase.default()


def test_there_are_at_least_six_decks_of_different_colors() -> None:
    infos = bundled_deck_info()
    assert len(infos) >= 6
    assert len({info.colors for info in infos}) >= 6
    for info in infos:
        assert info.description and "\n" not in info.description, info.name
        assert info.colors, info.name


@pytest.mark.cr("100.2a", "100.4a")
@pytest.mark.parametrize("name", BUNDLED)
def test_each_bundled_deck_is_a_legal_constructed_deck(db: CardDatabase, name: str) -> None:
    deck = load_deck(name, db)
    assert len(deck) == 60
    result = check_deck(deck, "constructed", db)
    assert result.valid, [str(v) for v in result.violations]


@pytest.mark.parametrize("name", BUNDLED)
def test_karn_plays_every_card_of_each_bundled_deck(db: CardDatabase, name: str) -> None:
    deck = load_deck(name, db)
    pool = build_pool(deck.main_counts(), db)
    unplayable = {
        card: pool.compiled(card).unsupported[0].reason
        for card in deck.main_counts()
        if not pool.compiled(card).playable
    }
    assert not unplayable


def test_deck_colors_come_from_their_cards(db: CardDatabase) -> None:
    colors = {info.name: info.colors for info in bundled_deck_info(db)}
    assert colors["red_burn"] == "R" and colors["green_stompy"] == "G"
    assert colors["golgari_midrange"] == "BG" and colors["azorius_fliers"] == "WU"
