"""119.4, 614.13c: paying life is an event replacement effects can watch. "If you would pay life
while your library has at least that many cards in it, exile that many cards from the top of
your library instead." (Ashiok, Wicked Manipulator's static ability, compiled from its text;
Ashiok itself doesn't compile: its loyalty abilities aren't supported, so the ability sits on a
test enchantment here). Paying 2 life as Breeding Pool enters from the top of the library
(Courser of Kruphix) exiles the next two cards: the land entering isn't included (614.13c)."""

from __future__ import annotations

import pytest
from ir_cards import card

from karn import Game, ir
from karn.cards.database import CardDatabase
from karn.cards.pool import CardPool
from karn.oracle.compiler import compile_face
from karn.oracle.pool import build_pool


def _ashiok_static() -> ir.Ability:
    face = CardDatabase.default().get("Ashiok, Wicked Manipulator")
    assert face is not None
    static = compile_face(face).abilities[0]
    assert static == ir.Replacement(
        ir.Would("pay_life", player="you", library_enough=True),
        ir.Instead("exile_from_library"),
        text=static.text if isinstance(static, ir.Replacement) else "",
    )
    return static


def _game(library: list[str], hand: list[str]) -> tuple[Game, dict[str, list[int]]]:
    stone = card("Life Ledger", "Enchantment", _ashiok_static())
    pool = build_pool(["Wastes", "Breeding Pool", "Courser of Kruphix", "Island"]).merged(CardPool([stone]))
    g = Game.empty(names=["A", "B"], pool=pool)
    ids: dict[str, list[int]] = {}
    g.add_card(0, "Life Ledger", "battlefield")
    g.add_card(0, "Courser of Kruphix", "battlefield")
    for name in library:  # the last one added is the top card
        ids.setdefault(name, []).append(g.add_card(0, name, "library"))
    for name in hand:
        ids.setdefault(name, []).append(g.add_card(0, name, "hand"))
    for _ in range(3):
        g.add_card(1, "Wastes", "library")
    g.begin_at(0, "precombat_main")
    return g, ids


def _breeding_pool(g: Game) -> int:
    """The Breeding Pool permanent (a new object once it entered, 400.7)."""
    return next(t for t in g.state.battlefield if g.obj(t).name == "Breeding Pool")


def _play(g: Game, oid: int, answer: str) -> None:
    g.apply(next(a for a in g.legal_actions() if a.kind == "play" and a.a == oid))
    assert g.decision is not None and g.decision.kind == "pay_life"
    g.apply(next(a for a in g.legal_actions() if a.kind == answer))


@pytest.mark.cr("614.13c", "119.4", "614.1c")
def test_the_land_entering_from_the_library_isnt_exiled_the_next_two_cards_are() -> None:
    g, ids = _game(["Island", "Wastes", "Wastes", "Breeding Pool"], [])
    pool_id = ids["Breeding Pool"][0]
    _play(g, pool_id, "yes")
    a = g.state.players[0]
    assert a.life == 20  # the payment was replaced: no life paid (the Courser's trigger waits)
    assert sorted(g.obj(t).name for t in a.exile) == ["Wastes", "Wastes"]
    assert [g.obj(t).name for t in a.library] == ["Island"]
    assert not g.obj(_breeding_pool(g)).tapped
    assert any(e.rule == "614.13c" for e in g.log)


@pytest.mark.cr("119.4")
def test_with_fewer_cards_in_the_library_than_the_payment_the_life_is_paid() -> None:
    g, ids = _game(["Wastes"], ["Breeding Pool"])
    _play(g, ids["Breeding Pool"][0], "yes")
    a = g.state.players[0]
    assert a.life == 18 and not a.exile and len(a.library) == 1


@pytest.mark.cr("614.1c")
def test_declining_to_pay_is_no_payment_to_replace() -> None:
    g, ids = _game(["Wastes", "Wastes", "Wastes"], ["Breeding Pool"])
    _play(g, ids["Breeding Pool"][0], "no")
    a = g.state.players[0]
    assert a.life == 20 and not a.exile and len(a.library) == 3
    assert g.obj(_breeding_pool(g)).tapped


@pytest.mark.cr("119.4")
def test_the_heuristic_agent_pays_only_with_a_comfortable_life_total() -> None:
    from karn.agents.heuristic import HeuristicAgent

    for life, expected in ((20, "yes"), (8, "no")):
        g, ids = _game([], ["Breeding Pool"])
        g.state.players[0].life = life
        g.dirty()
        g.apply(next(a for a in g.legal_actions() if a.kind == "play" and a.a == ids["Breeding Pool"][0]))
        assert g.decision is not None and g.decision.kind == "pay_life"
        assert HeuristicAgent().choose(g.observation(0), g.legal_actions()).kind == expected
