"""Properties of the event pipeline's replacement and prevention effects (614-616): random sets
of replacement effects applied to random events apply each effect at most once to an event
(614.5) and always terminate (616.1f: the effects left shrink with every application); the
616.2 example's two effects combine."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from karn import Game, ir
from karn.engine.events import (
    AddReplacement,
    CounterChange,
    Damage,
    DrawCard,
    GameEvent,
    LifeGain,
    ZoneChange,
)
from karn.engine.modifications import ReplacementEffect
from karn.engine.pipeline import core, perform
from karn.engine.state import GRAVEYARD, player_ref

# Permanents with replacement or prevention effects of many kinds (614.1a, 615.1a, 614.1d).
REPLACERS = (
    "Furnace of Rath",  # double damage from any source
    "Gratuitous Violence",  # double damage from your creatures
    "Daunting Defender",  # prevent 1 to your Clerics
    "Doubling Season",  # twice the counters
    "Leyline of the Void",  # opponents' cards to exile
    "Forbidden Crypt",  # draw -> return from graveyard; your cards to exile
    "Orb of Dreams",  # permanents enter tapped
)
# Resolved effects (611.2a): what they watch and what they do instead.
RESOLVED = (
    (ir.Would("damage"), ir.Instead("prevent", amount=1)),
    (ir.Would("damage", combat=False), ir.Instead("scale", factor=2)),
    (ir.Would("gain_life", player="you"), ir.Instead("draw")),
    (ir.Would("gain_life", player="any"), ir.Instead("scale", factor=1, plus=1)),
    (ir.Would("to_graveyard", cards_only=True), ir.Instead("exile")),
    (ir.Would("draw", player="any"), ir.Instead("draw", amount=2)),
)
DOUBLERS = {"Furnace of Rath", "Gratuitous Violence"}


def _setup(perms: list[tuple[int, str]], resolved: list[tuple[int, int]]) -> tuple[Game, dict[str, Any]]:
    g = Game.empty(names=["A", "B"])
    ids: dict[str, Any] = {"perms": []}
    for p, name in perms:
        ids["perms"].append(g.add_card(p, name, "battlefield"))
    ids["bears"] = g.add_card(0, "Grizzly Bears", "battlefield")
    ids["cleric"] = g.add_card(1, "Daunting Defender", "battlefield")
    for p in (0, 1):
        for _ in range(8):
            g.add_card(p, "Wastes", "library")
        g.add_card(p, "Hill Giant", "graveyard")
    ids["hand"] = [g.add_card(p, "Grizzly Bears", "hand") for p in (0, 1)]
    g.begin_at(0, "precombat_main")
    for p, k in resolved:
        would, instead = RESOLVED[k]
        effect = ReplacementEffect(
            id=0, source=0, source_name=f"effect {k}", controller=p, would=would, instead=instead
        )
        perform(g.ctx, AddReplacement(effect=effect))
    g.dirty()
    return g, ids


def _event(g: Game, kind: int, p: int, n: int, ids: dict[str, Any]) -> GameEvent:
    if kind == 0:
        source = ids["bears"]
        return Damage(source=source, target=player_ref(1 - p), amount=n, source_name="Grizzly Bears")
    if kind == 1:
        return Damage(source=ids["bears"], target=ids["cleric"], amount=n, source_name="Grizzly Bears")
    if kind == 2:
        return LifeGain(player=p, amount=n)
    if kind == 3:
        return DrawCard(player=p)
    if kind == 4:
        card = ids["hand"][p]
        if card in g.state.objects and g.state.objects[card].zone == "hand":
            return ZoneChange(obj=card, to=GRAVEYARD, rule="701.9a", cause="discard")
        return DrawCard(player=p)
    return CounterChange(obj=ids["bears"], kind="+1/+1", amount=n)


@pytest.mark.cr("614.5", "616.1", "616.1f", "616.2")
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    perms=st.lists(st.tuples(st.integers(0, 1), st.sampled_from(REPLACERS)), max_size=5),
    resolved=st.lists(st.tuples(st.integers(0, 1), st.integers(0, len(RESOLVED) - 1)), max_size=4),
    events=st.lists(
        st.tuples(st.integers(0, 5), st.integers(0, 1), st.integers(1, 3)), min_size=1, max_size=4
    ),
    picks=st.lists(st.integers(0, 10), min_size=40, max_size=40),
)
def test_random_replacements_apply_once_and_terminate(
    perms: list[tuple[int, str]],
    resolved: list[tuple[int, int]],
    events: list[tuple[int, int, int]],
    picks: list[int],
) -> None:
    g, ids = _setup(perms, resolved)
    executed: list[GameEvent] = []
    # Every event as the pipeline executes it: its executors registry is looked up at every
    # event, so this records on the compiled build too (a compiled module's calls to
    # `core.execute` would bypass a patch of it).
    real = dict(core.EXECUTORS)

    def recording(execute: Any) -> Any:
        def record(ctx: Any, event: GameEvent) -> Any:
            executed.append(event)
            return execute(ctx, event)

        return record

    core.EXECUTORS.update({kind: recording(execute) for kind, execute in real.items()})
    try:
        answered = 0
        for kind, p, n in events:
            ev = _event(g, kind, p, n, ids)
            base = n
            executed.clear()
            if perform(g.ctx, ev) is None:
                # 616.1: the affected player chooses; each choice uses up one effect (616.1f).
                while g.decision is not None and g.decision.kind in ("replacement", "choose"):
                    legal = g.legal_actions()
                    g.apply(legal[picks[answered % len(picks)] % len(legal)])
                    answered += 1
                    assert answered < 200, "the replacement choices never end"
            g.dirty()
            for done in executed:
                applied = list(getattr(done, "applied", []))
                assert len(applied) == len(set(applied)), f"an effect applied twice: {applied}"  # 614.5
                if isinstance(done, Damage) and kind in (0, 1):
                    doublers = sum(1 for _, name in perms if name in DOUBLERS) + sum(
                        1 for _, k in resolved if k == 1
                    )
                    assert done.amount <= base * 2**doublers  # each doubling at most once
    finally:
        core.EXECUTORS.update(real)


@pytest.mark.cr("616.2", "614.1a")
def test_gain_life_becomes_a_draw_which_becomes_a_return_from_the_graveyard() -> None:
    """616.2 Example: "If you would gain life, draw that many cards instead" and Forbidden
    Crypt's "If you would draw a card, return a card from your graveyard to your hand instead":
    gaining 1 life puts a card from the graveyard into the hand."""
    g = Game.empty(names=["A", "B"])
    g.add_card(0, "Forbidden Crypt", "battlefield")
    giant = g.add_card(0, "Hill Giant", "graveyard")
    for p in (0, 1):
        for _ in range(5):
            g.add_card(p, "Wastes", "library")
    g.begin_at(0, "precombat_main")
    lich = ReplacementEffect(
        id=0,
        source=0,
        source_name="draw instead",
        controller=0,
        would=ir.Would("gain_life", player="you"),
        instead=ir.Instead("draw"),
    )
    perform(g.ctx, AddReplacement(effect=lich))
    g.dirty()
    library = len(g.state.players[0].library)
    perform(g.ctx, LifeGain(player=0, amount=1))
    g.dirty()
    a = g.state.players[0]
    assert a.life == 20
    assert len(a.library) == library  # no card was drawn
    assert [g.state.objects[c].name for c in a.hand] == ["Hill Giant"]
    assert giant not in a.graveyard


@pytest.mark.cr("616.2", "104.3e")
def test_forbidden_crypt_with_an_empty_graveyard_loses_the_game() -> None:
    g = Game.empty(names=["A", "B"])
    g.add_card(0, "Forbidden Crypt", "battlefield")
    for p in (0, 1):
        for _ in range(5):
            g.add_card(p, "Wastes", "library")
    g.begin_at(0, "precombat_main")
    perform(g.ctx, DrawCard(player=0))
    g.dirty()
    assert g.state.players[0].lost
