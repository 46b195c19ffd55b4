"""608.2f: "Choose any number of target creatures, planeswalkers, and/or players. For each of
them, ..." (Soulfire Eruption): targets of several kinds in one slot (115.1), the instructions
done completely for one target before the next in the order the controller chooses (a
decision on the agenda that copies and saves), illegal targets skipped (608.2b), "that card"
the card just exiled for that target (202.3)."""

from __future__ import annotations

import pytest

from karn import Action, Game
from karn.agents.heuristic import HeuristicAgent
from karn.agents.random_agent import RandomAgent
from karn.cards.database import CardDatabase
from karn.ir.nodes import (
    ApplyRules,
    Count,
    DealDamage,
    ExileTop,
    Filter,
    ForEachTarget,
    Ref,
    ReturnToHand,
    RuleChange,
    SpellAbility,
    TargetSpec,
    Triggered,
    Unsupported,
)
from karn.oracle import compile_text
from karn.oracle.compiler import compile_face

CREATURE_OR_PLANESWALKER = Filter(types=("creature", "planeswalker"))


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    return CardDatabase.default()


def _spell(text: str) -> SpellAbility:
    (spell,) = compile_text(text, type_line="Sorcery", name="Test Spell").abilities
    assert isinstance(spell, SpellAbility), spell
    return spell


# ---------------------------------------------------------------------------- compiling


@pytest.mark.cr("608.2f", "115.1", "202.3")
def test_soulfire_eruption_compiles_to_a_for_each_over_its_target_slot(db: CardDatabase) -> None:
    (spell,) = compile_face(db.get("Soulfire Eruption")).abilities
    assert isinstance(spell, SpellAbility)
    assert spell.targets == (
        TargetSpec(
            players="any",
            objects=CREATURE_OR_PLANESWALKER,
            min=0,
            max=None,
            text="any number of target creatures, planeswalkers, and/or players",
        ),
    )
    assert spell.effects == (
        ForEachTarget(
            0,
            (
                ExileTop(1, Ref("you")),
                DealDamage(Count("mana_value", ref=Ref("affected")), Ref("each_target")),
            ),
        ),
        ApplyRules(RuleChange("play_exiled", "you"), "end_of_your_next_turn", objects=Ref("affected")),
    )


@pytest.mark.cr("115.1", "601.2c")
@pytest.mark.parametrize(
    ("text", "players", "objects", "least", "most"),
    [
        (
            "Choose any number of target creatures, planeswalkers, and/or players.",
            "any",
            CREATURE_OR_PLANESWALKER,
            0,
            None,
        ),
        ("Destroy one or two target creatures and/or planeswalkers.", None, CREATURE_OR_PLANESWALKER, 1, 2),
        (
            "Test Spell deals 2 damage to any number of target creatures and/or players.",
            "any",
            Filter(types=("creature",)),
            0,
            None,
        ),
        (
            "Tap two target artifacts, creatures, and/or lands.",
            None,
            Filter(types=("artifact", "creature", "land")),
            2,
            2,
        ),
        (
            "Destroy any number of target artifacts, creatures, or enchantments.",
            None,
            Filter(types=("artifact", "creature", "enchantment")),
            0,
            None,
        ),
    ],
)
def test_targets_of_several_kinds_joined_by_commas_and_or(
    text: str, players: str | None, objects: Filter, least: int, most: int | None
) -> None:
    (spec,) = _spell(text).targets
    assert (spec.players, spec.objects, spec.min, spec.max) == (players, objects, least, most)


@pytest.mark.cr("115.1", "109.1")
def test_up_to_two_other_target_artifacts_and_or_creatures_excludes_the_source(db: CardDatabase) -> None:
    abilities = compile_face(db.get("Repulsor Bots")).abilities
    trigger = next(a for a in abilities if isinstance(a, Triggered))
    assert trigger.effects == (ReturnToHand(Ref("target", 0)),)
    (spec,) = trigger.targets
    assert (spec.objects, spec.min, spec.max) == (Filter(types=("artifact", "creature"), other=True), 0, 2)


@pytest.mark.cr("115.3")
def test_up_to_one_other_target_after_another_target_is_other_than_that_target(db: CardDatabase) -> None:
    # "other" than the first target: 115.3 would let one creature be chosen twice; the second
    # slot names the first as one it can't choose again (not the source: a spell has none)
    abilities = compile_face(db.get("Mabel's Mettle")).abilities
    assert not [a for a in abilities if isinstance(a, Unsupported)]
    first, second = abilities[0].targets  # type: ignore[attr-defined]
    assert first.distinct_from == ()
    assert (second.objects, second.min, second.max, second.distinct_from) == (
        Filter(types=("creature",)),
        0,
        1,
        (0,),
    )


@pytest.mark.cr("700.2", "608.2f")
def test_choose_target_is_an_instruction_not_a_choice_of_modes(db: CardDatabase) -> None:
    # "Choose target creature you control." in a triggered ability, and a spell starting with it
    assert not any(
        isinstance(a, Unsupported) for a in compile_face(db.get("Eidolon of Astral Winds")).abilities
    )
    spell = _spell("Choose target creature. Test Spell deals 2 damage to that creature.")
    assert spell.modes == () and spell.effects == (DealDamage(2, Ref("target", 0)),)


@pytest.mark.cr("202.3", "400.7")
@pytest.mark.parametrize("name", ["Pyretic Rebirth", "Kaervek the Merciless", "Riddle of Lightning"])
def test_mana_value_of_anything_but_the_card_just_exiled_is_refused(db: CardDatabase, name: str) -> None:
    # a card returned to a hand is a new object, a spell that triggered isn't "that card" of
    # this ability, a revealed card isn't remembered: none may read the wrong object's value
    abilities = compile_face(db.get(name)).abilities
    assert any(
        isinstance(a, Unsupported) and "mana value only of the card just exiled" in a.reason
        for a in abilities
    )


@pytest.mark.cr("608.2f")
def test_for_each_of_them_without_a_choice_of_targets_is_refused() -> None:
    (ability,) = compile_text(
        "Draw a card. For each of them, exile the top card of your library.", type_line="Sorcery"
    ).abilities
    assert isinstance(ability, Unsupported)
    assert "without a choice of targets" in ability.reason


# ---------------------------------------------------------------------------- playing


LIBRARY = ["Serra Angel", "Grizzly Bears", "Llanowar Elves", "Forest"]  # mana values 5, 2, 1, 0


def _soulfire(bounce_bears: bool = False) -> tuple[Game, dict[str, int]]:
    """A casts Soulfire Eruption at B, Hill Giant and Grizzly Bears (B's) and it starts to
    resolve; A's library is :data:`LIBRARY`, top card first. With ``bounce_bears``, B returns
    the Grizzly Bears to their hand with Unsummon in response."""
    g = Game.empty(names=["A", "B"])
    for _ in range(9):
        g.add_card(0, "Mountain", "battlefield")
    soulfire = g.add_card(0, "Soulfire Eruption", "hand")
    for name in reversed(LIBRARY):  # the last card added is the top card
        g.add_card(0, name, "library")
    ids = {
        "giant": g.add_card(1, "Hill Giant", "battlefield"),
        "bears": g.add_card(1, "Grizzly Bears", "battlefield"),
    }
    g.add_card(1, "Island", "battlefield")
    unsummon = g.add_card(1, "Unsummon", "hand")
    for _ in range(3):
        g.add_card(1, "Wastes", "library")
    g.begin_at(0, "precombat_main")
    _cast(g, soulfire, [-2, ids["giant"], ids["bears"]])  # B (player 1) is encoded -2
    if bounce_bears:
        g.apply(Action("pass"))  # A passes; B responds
        _cast(g, unsummon, [ids["bears"]])
    while g.decision is not None and g.decision.kind == "priority":
        g.apply(Action("pass"))
    return g, ids


def _cast(g: Game, oid: int, targets: list[int]) -> None:
    g.apply(next(a for a in g.legal_actions() if a.kind == "cast" and a.a == oid))
    for target in targets:
        g.apply(next(a for a in g.legal_actions() if a.kind == "target" and a.a == target))
    while g.decision is not None and g.decision.kind != "priority":
        g.apply(Action("done") if any(a.kind == "done" for a in g.legal_actions()) else Action("pay"))


def _next_target(g: Game, target: int) -> None:
    g.apply(next(a for a in g.legal_actions() if a.kind == "choose" and a.a == target))


@pytest.mark.cr("608.2f")
def test_the_controller_chooses_each_next_target_among_those_left() -> None:
    g, ids = _soulfire()
    d = g.decision
    assert d is not None and (d.kind, d.rule, d.player) == ("next_target", "608.2f", 0)
    assert sorted(a.a for a in g.legal_actions()) == sorted([-2, ids["giant"], ids["bears"]])
    _next_target(g, ids["bears"])  # Serra Angel (5) is exiled and kills the bears
    assert g.state.players[0].exile and g.obj(g.state.players[0].exile[0]).name == "Serra Angel"
    assert sorted(a.a for a in g.legal_actions()) == sorted([-2, ids["giant"]])
    _next_target(g, -2)  # Grizzly Bears (2) to B; Hill Giant, the last, gets Llanowar Elves (1)
    assert g.state.players[1].life == 18
    assert g.obj(ids["giant"]).damage == 1
    assert "Grizzly Bears" in [g.obj(o).name for o in g.state.players[1].graveyard]
    assert [g.obj(o).name for o in g.state.players[0].exile] == [
        "Serra Angel",
        "Grizzly Bears",
        "Llanowar Elves",
    ]
    assert sum(1 for e in g.log if e.rule == "608.2f") == 3  # each target considered, in the log


@pytest.mark.cr("608.2f")
def test_a_game_waiting_for_the_next_target_copies_saves_and_loads() -> None:
    g, ids = _soulfire()
    _next_target(g, ids["giant"])  # mid-resolution: one target done, two left
    saved = g.dumps()
    loaded = Game.loads(saved)
    copied = g.copy()
    assert loaded.state_hash() == g.state_hash() == copied.state_hash()
    assert loaded.decision is not None and loaded.decision.kind == "next_target"
    for game in (g, loaded, copied):
        _next_target(game, -2)
    assert loaded.state_hash() == g.state_hash() == copied.state_hash()
    assert loaded.state.players[1].life == 18 and not loaded.state.stack


@pytest.mark.cr("608.2f")
@pytest.mark.parametrize("agent", [RandomAgent(3), HeuristicAgent()], ids=["random", "heuristic"])
def test_agents_answer_the_next_target_decision(agent: RandomAgent | HeuristicAgent) -> None:
    g, _ = _soulfire()
    while g.decision is not None and g.decision.kind == "next_target":
        g.apply(agent.choose(g.observation(0), g.legal_actions()))
    assert not g.state.stack and len(g.state.players[0].exile) == 3


@pytest.mark.cr("608.2b", "608.2f")
def test_an_illegal_target_is_skipped_and_no_card_is_exiled_for_it() -> None:
    g, ids = _soulfire(bounce_bears=True)
    assert g.decision is not None and g.decision.kind == "next_target"
    assert sorted(a.a for a in g.legal_actions()) == sorted([-2, ids["giant"]])  # not the bears
    _next_target(g, -2)
    assert g.state.players[1].life == 15 and g.obj(ids["giant"]).damage == 2
    assert len(g.state.players[0].exile) == 2 and len(g.state.players[0].library) == 2


@pytest.mark.cr("115.6", "608.2f")
def test_with_no_target_chosen_nothing_is_exiled() -> None:
    # "any number" includes zero (601.2c): the spell isn't targeted (115.6), so it resolves and
    # its instructions are done for no target at all
    g = Game.empty(names=["A", "B"])
    for _ in range(9):
        g.add_card(0, "Mountain", "battlefield")
    soulfire = g.add_card(0, "Soulfire Eruption", "hand")
    for name in reversed(LIBRARY):
        g.add_card(0, name, "library")
    g.begin_at(0, "precombat_main")
    _cast(g, soulfire, [])
    while g.decision is not None and g.decision.kind == "priority" and g.state.stack:
        g.apply(Action("pass"))
    assert not g.state.stack and not g.state.players[0].exile
    assert len(g.state.players[0].library) == len(LIBRARY)
    assert [g.obj(o).name for o in g.state.players[0].graveyard] == ["Soulfire Eruption"]
