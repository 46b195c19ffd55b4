"""614.13b: the same object can't be chosen to change zones more than once when applying the
replacement effects that modify how a permanent enters. A made-up creature with two devour
abilities ("Devour 3" and "Devour 5", as Thunder-Thrash Elder has under Jund in the CR's
example): a creature one of them devours is not offered to the other (702.82a)."""

from __future__ import annotations

import pytest

from karn import Action, Game
from karn.cards.database import CardDatabase
from karn.engine.state import BATTLEFIELD
from karn.oracle.pool import build_pool

NAME = "Twice-Hungry Elder"


def _game() -> Game:
    default = CardDatabase.default()
    basics = ("Mountain", "Runeclaw Bear", "Grizzly Bears", "Zulaport Cutthroat", "Wastes")
    records = [default.raw(n) for n in basics]
    elder = default.raw("Thunder-Thrash Elder")
    elder.update(name=NAME, text="Devour 3\nDevour 5")
    records.append(elder)
    pool = build_pool([*basics, NAME], CardDatabase.from_records(records))
    g = Game.empty(pool=pool)
    for p in (0, 1):
        for _ in range(5):
            g.add_card(p, "Wastes", "library")
    g.add_card(0, NAME, "hand")
    for _ in range(3):
        g.add_card(0, "Mountain", BATTLEFIELD)
    g.add_card(0, "Runeclaw Bear", BATTLEFIELD)
    g.add_card(0, "Grizzly Bears", BATTLEFIELD)
    g.add_card(0, "Zulaport Cutthroat", BATTLEFIELD)
    g.begin_at(0, "precombat_main")
    return g


def _cast_and_resolve(g: Game) -> None:
    g.apply(next(a for a in g.legal_actions() if a.kind == "cast"))
    if g.decision is not None and g.decision.kind == "pay":
        g.apply(Action("pay"))
    g.apply(Action("pass"))
    g.apply(Action("pass"))


def _named(g: Game, name: str) -> int:
    return next(o for o in g.state.battlefield if g.state.objects[o].name == name)


def _sacrifice_options(g: Game) -> set[str]:
    return {g.state.objects[a.a].name for a in g.legal_actions() if a.kind == "sacrifice"}


def _pick_devour(g: Game, n: int) -> None:
    """Answer 616.1's choice between the two devour replacements with the devour N one."""
    assert g.decision is not None
    choice = next(a for a in g.legal_actions() if f"Devour {n}" in str(a))
    g.apply(choice)


@pytest.mark.cr("614.13b", "702.82a", "616.1e")
def test_a_creature_devoured_by_one_devour_is_not_offered_to_the_other() -> None:
    g = _game()
    _cast_and_resolve(g)
    _pick_devour(g, 5)
    assert g.decision is not None and g.decision.kind == "devour"
    assert _sacrifice_options(g) == {"Runeclaw Bear", "Grizzly Bears", "Zulaport Cutthroat"}
    g.apply(Action("sacrifice", _named(g, "Runeclaw Bear")))
    # mid-replacement, the game is data: a saved copy asks the same question
    g = Game.loads(g.dumps(), pool=g.pool)
    assert _sacrifice_options(g) == {"Grizzly Bears", "Zulaport Cutthroat"}
    g.apply(Action("done"))
    # the devour 3 replacement applies next: the Bear, chosen by devour 5, isn't offered (614.13b)
    assert g.decision is not None and g.decision.kind == "devour"
    assert _sacrifice_options(g) == {"Grizzly Bears", "Zulaport Cutthroat"}
    g.apply(Action("sacrifice", _named(g, "Grizzly Bears")))
    g.apply(Action("done"))
    elder = _named(g, NAME)
    assert g.state.objects[elder].counters == {"+1/+1": 8}  # 5 for the Bear, 3 for the Bears
    names = sorted(g.state.objects[o].name for o in g.state.players[0].graveyard)
    assert names == ["Grizzly Bears", "Runeclaw Bear"]
    assert g.state.objects[elder].devoured == 2  # 702.82b


@pytest.mark.cr("614.13b", "702.82a")
def test_each_devour_counts_only_what_it_devoured() -> None:
    g = _game()
    _cast_and_resolve(g)
    _pick_devour(g, 3)
    g.apply(Action("sacrifice", _named(g, "Runeclaw Bear")))
    g.apply(Action("sacrifice", _named(g, "Grizzly Bears")))
    g.apply(Action("done"))
    assert _sacrifice_options(g) == {"Zulaport Cutthroat"}
    g.apply(Action("done"))
    assert g.state.objects[_named(g, NAME)].counters == {"+1/+1": 6}  # devour 5 devoured nothing
    assert len(g.state.stack) == 2  # the Cutthroat saw both die (sacrificed as it entered)
    while g.state.stack:
        g.apply(Action("pass"))
        g.apply(Action("pass"))
    assert g.state.players[1].life == 18
