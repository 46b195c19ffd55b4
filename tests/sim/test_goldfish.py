"""karn.sim.goldfish: kill turns worked out by hand, the on-curve definition on set-up
positions, the mana curve, color sources and the payment check."""

from __future__ import annotations

import json

import pytest

from karn.cards.mana import ManaCost
from karn.game import Game
from karn.oracle.pool import build_pool
from karn.sim import SimError
from karn.sim.goldfish import GoldfishResult, goldfish, on_curve_cards, own_turn
from karn.sim.mana import ColorSources, can_pay, color_sources, mana_curve, mana_options


@pytest.fixture(scope="module")
def memnites() -> GoldfishResult:
    return goldfish(["Memnite"] * 60, games=8, seed=3)


@pytest.mark.cr("103.5", "103.8a", "302.6", "506.4", "510.2", "704.5a")
def test_sixty_memnites_kill_on_turn_five_on_the_play_and_four_on_the_draw(memnites: GoldfishResult) -> None:
    """Worked out by hand. Memnite is a 1/1 artifact creature for {0}. With no land the
    heuristic agent mulligans twice (it keeps 2-5 lands, then 1-5, then anything) and keeps
    7, putting 2 on the bottom (103.5): 5 Memnites, all cast at once. A creature attacks
    from the turn after it came (302.6) and the goldfish never blocks:

    * on the play (no draw on turn 1, 103.8a): 5 cast on turn 1; turns 2, 3, 4 attack with
      5, 6, 7 (18 damage; each turn's draw is cast too); turn 5's 8 attackers kill: 20 - 26 = -6.
    * on the draw: 6 cast on turn 1; turns 2, 3, 4 attack with 6, 7, 8: 21 damage, 20 - 21 = -1.
    """
    assert memnites.games == 8 and memnites.kills == 8 and memnites.no_kill == 0
    for record in memnites.records:
        assert record.mulligans == 2
        assert record.kill_turn == (5 if record.on_play else 4)
        assert record.opponent_life == (-6 if record.on_play else -1)
        assert record.turns == (9 if record.on_play else 8)  # game turns: both players' turns
    on_play = memnites.games_on_play
    assert 0 < on_play < 8  # 103.1 chooses at random who plays first
    assert memnites.histogram[5] == on_play and memnites.histogram[4] == 8 - on_play
    assert memnites.kill_turn_mean == (5 * on_play + 4 * (8 - on_play)) / 8
    assert (memnites.kill_turn_mean_on_play, memnites.kill_turn_mean_on_draw) == (5.0, 4.0)
    assert memnites.mulligans == 16
    assert memnites.mana_curve == {0: 60} and memnites.color_sources == {}
    [on_curve] = memnites.on_curve
    assert (on_curve.card, on_curve.mana_value, on_curve.games_held, on_curve.rate) == ("Memnite", 0, 8, 1.0)


def test_percentiles_and_median_by_nearest_rank(memnites: GoldfishResult) -> None:
    kills = sorted(r.kill_turn or 99 for r in memnites.records)
    assert memnites.kill_turn_median == kills[3]  # the 4th of 8 (nearest rank of 50%)
    assert memnites.percentiles[10] == 4 and memnites.percentiles[90] == 5


def test_no_kill_within_the_turns_played() -> None:
    result = goldfish(["Mountain"] * 60, games=3, seed=1, turns=3)
    assert result.kills == 0 and result.no_kill == 3
    assert result.kill_turn_mean is None and result.kill_turn_median is None
    assert set(result.percentiles.values()) == {None}
    assert result.histogram == {1: 0, 2: 0, 3: 0}
    assert result.mana_curve == {} and result.on_curve == []
    assert result.color_sources == {"R": ColorSources(lands=60, others=0)}
    for record in result.records:
        assert record.kill_turn is None and record.opponent_life == 20
        assert own_turn(record.turns, record.on_play) == 4  # stopped when the deck's 4th turn began


def test_goldfish_json_and_same_result_with_two_processes() -> None:
    one = goldfish("red_burn", games=6, seed=2, turns=8)
    two = goldfish("red_burn", games=6, seed=2, turns=8, jobs=2)
    assert one.to_json() == two.to_json()
    data = json.loads(one.to_json())
    assert data["deck"] == "red_burn" and len(data["records"]) == 6
    assert set(data["records"][0]) == {
        "index",
        "seed",
        "on_play",
        "mulligans",
        "kill_turn",
        "opponent_life",
        "turns",
    }
    assert data["mana_curve"] == {"1": 20, "2": 14, "3": 2, "4": 2}
    assert GoldfishResult.from_json(one.to_json()) == one


def test_goldfish_mistakes() -> None:
    with pytest.raises(SimError):
        goldfish("red_burn", games=0)
    with pytest.raises(SimError):
        goldfish("red_burn", games=1, turns=0)


# ---------------------------------------------------------------------------- on curve, set up by hand


def _position(turn: int, hand: list[str], battlefield: list[tuple[str, dict[str, bool]]]) -> Game:
    """Seat 0 in its precombat main phase, with these cards."""
    g = Game.empty()
    for _ in range(10):
        g.add_card(0, "Wastes", "library")
        g.add_card(1, "Wastes", "library")
    for name in hand:
        g.add_card(0, name, "hand")
    for name, fields in battlefield:
        g.add_card(0, name, "battlefield", **fields)
    g.begin_at(0, "precombat_main", turn=turn)
    return g


def test_a_one_drop_is_castable_on_turn_one_with_a_land_of_its_color_in_hand() -> None:
    assert on_curve_cards(_position(1, ["Lightning Bolt", "Mountain"], []), 1) == (
        {"Lightning Bolt"},
        {"Lightning Bolt"},
    )
    assert on_curve_cards(_position(1, ["Lightning Bolt", "Forest"], []), 1) == ({"Lightning Bolt"}, set())
    # Not its curve turn: not counted at all.
    assert on_curve_cards(_position(2, ["Lightning Bolt", "Mountain"], []), 2) == (set(), set())


@pytest.mark.cr("302.6", "305.2")
def test_mana_on_curve_counts_untapped_sources_a_land_drop_and_no_summoning_sick_creature() -> None:
    bears = ["Grizzly Bears"]  # {1}{G}
    elves_sick = ("Llanowar Elves", {"sick": True})
    elves = ("Llanowar Elves", {"sick": False})
    forest = ("Forest", {})
    assert on_curve_cards(_position(2, [*bears, "Forest"], [elves]), 2)[1] == {"Grizzly Bears"}
    assert on_curve_cards(_position(2, [*bears, "Forest"], [elves_sick]), 2)[1] == set()
    assert on_curve_cards(_position(2, bears, [forest, forest]), 2)[1] == {"Grizzly Bears"}
    assert on_curve_cards(_position(2, bears, [forest, ("Forest", {"tapped": True})]), 2)[1] == set()
    # A land that enters tapped is no mana this turn (614.1c).
    assert on_curve_cards(_position(2, [*bears, "Haunted Mire"], [forest]), 2)[1] == set()
    assert on_curve_cards(_position(2, [*bears, "Mountain"], [forest]), 2)[1] == {"Grizzly Bears"}


def test_a_land_drop_already_made_is_not_counted_again() -> None:
    g = _position(1, ["Lightning Bolt", "Mountain"], [])
    g.state.players[0].lands_played = 1
    assert on_curve_cards(g, 1) == ({"Lightning Bolt"}, set())


# ---------------------------------------------------------------------------- mana


def test_can_pay_colors_generic_and_colorless() -> None:
    cost = ManaCost.parse
    assert can_pay(cost("{0}"), [])
    assert can_pay(cost("{1}{R}"), [("{R}",), ("{G}",)])
    assert not can_pay(cost("{R}{R}"), [("{R}",), ("{G}",)])
    assert can_pay(cost("{R}{G}"), [("{R}", "{G}"), ("{R}",)])  # the dual land must make G
    assert not can_pay(cost("{R}{G}"), [("{R}", "{G}")])  # one source, one option
    assert can_pay(cost("{3}"), [("{C}{C}",), ("{W}",)])
    assert not can_pay(cost("{C}"), [("{W}",), ("{W}",)])  # {C} needs colorless mana (107.4c)
    assert can_pay(cost("{2}{U}{U}"), [("{U}",), ("{U}",), ("{G}",), ("{B}", "{G}")])
    assert not can_pay(cost("{2}{U}{U}"), [("{U}",), ("{G}",), ("{G}",), ("{B}", "{G}")])


def test_mana_curve_and_color_sources_of_a_list() -> None:
    cards = (
        ["Forest"] * 16
        + ["Llanowar Elves"] * 4
        + ["Haunted Mire"] * 2
        + ["Grizzly Bears"] * 3
        + ["Craw Wurm"]
    )
    pool = build_pool(set(cards))
    assert mana_curve(cards, pool) == {1: 4, 2: 3, 6: 1}
    assert color_sources(cards, pool) == {"B": ColorSources(lands=2), "G": ColorSources(lands=18, others=4)}
    assert mana_options(pool.compiled("Haunted Mire").abilities) == ("{B}", "{G}")
