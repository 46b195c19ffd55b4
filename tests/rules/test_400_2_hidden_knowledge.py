"""Hidden zones (400.2) and what players know of them: the state's ``known`` record.

A card revealed (701.20a) is known to everyone while it stays in its zone; a card
looked at (scry 701.22a) to the player who looked; a card that enters a hand from a
public zone was seen by everyone; a shuffle (701.24a) makes a library's order unknown.
"""

from __future__ import annotations

import pytest

from karn import Action, Game
from karn.engine.state import BATTLEFIELD


def _game(mine: list[tuple[str, str]], theirs: list[tuple[str, str]], library: str = "Wastes") -> Game:
    g = Game.empty()
    for player, cards in ((0, mine), (1, theirs)):
        for _ in range(6):
            g.add_card(player, library, "library")
        for name, zone in cards:
            g.add_card(player, name, zone)
    g.begin_at(0, "precombat_main")
    return g


def _take(g: Game, kind: str, name: str = "") -> None:
    for a in g.legal_actions():
        if a.kind == kind and (not name or name in a.label):
            g.apply(a)
            return
    raise AssertionError(f"no {kind} {name!r} among {[str(a) for a in g.legal_actions()]}")


def _resolve(g: Game) -> None:
    while g.state.stack and g.decision is not None and g.decision.kind == "priority":
        g.apply(Action("pass"))


@pytest.mark.cr("400.2", "701.20a")
def test_a_hand_revealed_by_duress_is_known_to_both_players_until_it_leaves() -> None:
    g = _game(
        [("Swamp", BATTLEFIELD), ("Duress", "hand")], [("Lightning Bolt", "hand"), ("Grizzly Bears", "hand")]
    )
    _take(g, "cast", "Duress")
    _take(g, "target")
    if g.decision is not None and g.decision.kind == "pay":
        _take(g, "pay")
    _resolve(g)  # the only noncreature, nonland card is chosen by itself (auto_single)
    assert any("reveals their hand: Grizzly Bears, Lightning Bolt" in e.text for e in g.log)
    assert [g.obj(o).name for o in g.state.players[1].graveyard] == ["Lightning Bolt"]
    bears = g.state.players[1].hand
    assert [g.obj(o).name for o in bears] == ["Grizzly Bears"]
    assert g.state.known[bears[0]] == [0, 1]
    assert not set(g.state.known) - set(bears), "the discarded card's record is gone with it"


@pytest.mark.cr("400.2", "400.7")
def test_a_creature_returned_to_its_owners_hand_is_known_to_everyone() -> None:
    g = _game([("Island", BATTLEFIELD), ("Island", BATTLEFIELD), ("Unsummon", "hand")],
              [("Grizzly Bears", BATTLEFIELD)])  # fmt: skip
    _take(g, "cast", "Unsummon")
    _take(g, "target", "Grizzly Bears")
    if g.decision is not None and g.decision.kind == "pay":
        _take(g, "pay")
    _resolve(g)
    (bears,) = g.state.players[1].hand
    assert g.obj(bears).name == "Grizzly Bears" and g.state.known[bears] == [0, 1]


@pytest.mark.cr("701.22a", "701.24a")
def test_scried_cards_are_known_to_the_scrier_until_the_library_is_shuffled() -> None:
    g = _game([("Island", BATTLEFIELD), ("Opt", "hand")], [])
    top = g.state.players[0].library[-1]
    _take(g, "cast", "Opt")
    if g.decision is not None and g.decision.kind == "pay":
        _take(g, "pay")
    g.apply(Action("pass"))
    g.apply(Action("pass"))
    d = g.decision
    assert d is not None and d.kind == "scry"
    assert g.state.known[top] == [0]
    _take(g, "bottom")
    assert g.state.players[0].library[0] == top and g.state.known[top] == [0]
    # A shuffle forgets every position.
    from karn.engine.events import Shuffle
    from karn.engine.pipeline import perform

    perform(g.ctx, Shuffle(player=0))
    assert top not in g.state.known
