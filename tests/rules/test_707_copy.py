"""Copy effects (707): "You may have this creature enter as a copy of ..." (707.9, 614.1c)."""

from __future__ import annotations

import pytest
from ir_cards import card
from ir_cards import game as ir_game

from karn import Action, Game, ir
from karn.cards.pool import CardPool, PoolCard
from karn.engine.values import CopyValues
from karn.oracle.pool import build_pool


def _answer(g: Game, kind: str, a: int) -> None:
    g.apply(next(x for x in g.legal_actions() if x.kind == kind and x.a == a))


def _cast(g: Game, oid: int) -> None:
    """Cast a spell, pay automatically and pass until a decision other than priority."""
    g.apply(next(a for a in g.legal_actions() if a.kind == "cast" and a.a == oid))
    while g.decision is not None and g.decision.kind == "pay":
        g.apply(Action("pay"))
    while g.decision is not None and g.decision.kind == "priority" and g.state.stack:
        g.apply(Action("pass"))


def _clone_of(target: str) -> tuple[Game, int, int]:
    g = Game.empty(names=["A", "B"])
    for _ in range(5):
        g.add_card(0, "Island", "battlefield")
    clone = g.add_card(0, "Clone", "hand")
    g.add_card(0, "Unsummon", "hand")
    original = g.add_card(1, target, "battlefield")
    for p in (0, 1):
        for _ in range(3):
            g.add_card(p, "Wastes", "library")
    g.begin_at(0, "precombat_main")
    _cast(g, clone)
    assert g.decision is not None and g.decision.kind == "copy"
    _answer(g, "copy", original)
    copy = next(o for o in g.state.battlefield if g.obj(o).controller == 0 and g.obj(o).name == "Clone")
    return g, copy, original


@pytest.mark.cr("707.2", "707.9", "400.7")
def test_a_clone_is_a_copy_until_it_leaves_the_battlefield() -> None:
    g, copy, _ = _clone_of("Serra Angel")
    c = g.chars(copy)
    assert (c.name, c.power, c.toughness, c.keywords) == ("Serra Angel", 4, 4, {"flying", "vigilance"})
    assert "layer 1a copy effect (613.2a, 707.2): a copy of Serra Angel" in g.explain(copy)
    unsummon = next(o for o in g.state.players[0].hand if g.obj(o).name == "Unsummon")
    g.apply(next(a for a in g.legal_actions() if a.kind == "cast" and a.a == unsummon))
    while g.decision is not None and g.decision.kind != "priority":
        opts = g.legal_actions()
        pick = [a for a in opts if a.a == copy and a.kind != "pay"] or [a for a in opts if a.kind == "pay"]
        g.apply(pick[0])
    while g.state.stack:
        g.apply(Action("pass"))
    back = next(o for o in g.state.players[0].hand if g.obj(o).name == "Clone")
    assert g.chars(back).name == "Clone" and g.obj(back).copy_of is None  # a new object (400.7)


@pytest.mark.cr("707.2", "707.3")
def test_a_copy_survives_a_save_and_load() -> None:
    g, copy, _ = _clone_of("Serra Angel")
    g2 = Game.loads(g.dumps())
    assert g2.chars(copy).name == "Serra Angel"
    assert g2.obj(copy).copy_of == g.obj(copy).copy_of


@pytest.mark.cr("707.2")
def test_counters_and_effects_on_the_original_are_not_copied() -> None:
    g = Game.empty(names=["A", "B"])
    for _ in range(4):
        g.add_card(0, "Island", "battlefield")
    clone = g.add_card(0, "Clone", "hand")
    bears = g.add_card(1, "Grizzly Bears", "battlefield", counters={"+1/+1": 2})
    g.add_card(1, "Glorious Anthem", "battlefield")
    for p in (0, 1):
        g.add_card(p, "Wastes", "library")
    g.begin_at(0, "precombat_main")
    _cast(g, clone)
    _answer(g, "copy", bears)
    assert (g.chars(bears).power, g.chars(bears).toughness) == (5, 5)
    copy = next(o for o in g.state.battlefield if g.obj(o).name == "Clone")
    assert (g.chars(copy).power, g.chars(copy).toughness) == (2, 2)


def _counterpart() -> PoolCard:
    return card(
        "Test Counterpart",
        "Instant",
        ir.SpellAbility(
            (ir.CreateCopyToken(ir.Ref("target", 0)),),
            (
                ir.TargetSpec(
                    objects=ir.Filter(types=("creature",), controller="you"),
                    text="target creature you control",
                ),
            ),
            text="Create a token that's a copy of target creature you control.",
        ),
        mana_cost="{U}",
    )


@pytest.mark.cr("707.2", "707.3", "111.1")
def test_a_token_copy_of_a_clone_copies_what_the_clone_copied() -> None:
    pool = build_pool(["Clone", "Serra Angel", "Island", "Wastes"]).merged(CardPool([_counterpart()]))
    g = Game.empty(names=["A", "B"], pool=pool)
    for _ in range(5):
        g.add_card(0, "Island", "battlefield")
    clone = g.add_card(0, "Clone", "hand")
    counterpart = g.add_card(0, "Test Counterpart", "hand")
    angel = g.add_card(1, "Serra Angel", "battlefield")
    for p in (0, 1):
        g.add_card(p, "Wastes", "library")
    g.begin_at(0, "precombat_main")
    _cast(g, clone)
    _answer(g, "copy", angel)
    copy = next(o for o in g.state.battlefield if g.obj(o).name == "Clone")
    g.apply(next(a for a in g.legal_actions() if a.kind == "cast" and a.a == counterpart))
    while g.decision is not None and g.decision.kind != "priority":
        opts = g.legal_actions()
        pick = [a for a in opts if a.a == copy and a.kind != "pay"] or [a for a in opts if a.kind == "pay"]
        g.apply(pick[0])
    while g.state.stack:
        g.apply(Action("pass"))
    tokens = [o for o in g.state.battlefield if g.obj(o).token is not None]
    assert len(tokens) == 1
    c = g.chars(tokens[0])
    assert (c.name, c.power, c.toughness, c.keywords) == ("Serra Angel", 4, 4, {"flying", "vigilance"})
    assert g.obj(tokens[0]).copy_of == CopyValues(name="Serra Angel")


@pytest.mark.cr("707.2c", "614.12a", "613.2a")
def test_metamorphic_alteration_survives_a_copy_and_a_save() -> None:
    """The chosen creature and its copiable values as the Aura entered are state (607.2a, 707.2c):
    a copy of the game and a saved-and-loaded game keep the enchanted creature a copy of it."""
    g = Game.empty(names=["A", "B"])
    for _ in range(3):
        g.add_card(0, "Island", "battlefield")
    bears = g.add_card(0, "Grizzly Bears", "battlefield")
    aura = g.add_card(0, "Metamorphic Alteration", "hand")
    angel = g.add_card(1, "Serra Angel", "battlefield")
    for p in (0, 1):
        for _ in range(3):
            g.add_card(p, "Wastes", "library")
    g.begin_at(0, "precombat_main")
    g.apply(next(a for a in g.legal_actions() if a.kind == "cast" and a.a == aura))
    while g.decision is not None and g.decision.kind != "choose_creature":
        opts = g.legal_actions()
        g.apply(
            next((a for a in opts if a.a == bears), None)
            or next(a for a in opts if a.kind in ("pay", "pass"))
        )
    assert sorted(g.chars(a.a).name for a in g.legal_actions()) == ["Grizzly Bears", "Serra Angel"]
    _answer(g, "choose_creature", angel)
    for game in (g, g.copy(), Game.loads(g.dumps())):
        c = game.chars(bears)
        assert (c.name, c.power, c.toughness, c.keywords) == ("Serra Angel", 4, 4, {"flying", "vigilance"})
        entered = next(o for o in game.state.battlefield if game.obj(o).name == "Metamorphic Alteration")
        assert game.obj(entered).attached_to == bears
        chosen = list((game.obj(entered).chosen_objects or {}).values())
        assert [(x.obj, x.values) for x in chosen] == [(angel, CopyValues(name="Serra Angel"))]


@pytest.mark.cr("707.9a", "707.9b", "707.2")
def test_a_token_copy_with_exceptions_has_them_as_copiable_values() -> None:
    # "Create a token that's a copy of target creature you control, except it has haste and it
    # isn't legendary." (the IR of that text): the exceptions are the token's copiable values, so
    # a copy of the token has them too (707.9b, 707.3)
    legend = card("Legend of Test", "Legendary Creature — Human", mana_cost="{1}", power="3", toughness="3")
    twin = card(
        "Twinning",
        "Sorcery",
        ir.SpellAbility(
            (
                ir.CreateCopyToken(
                    ir.Ref("target", 0),
                    exceptions=ir.CopyExcept(keywords=("haste",), not_supertypes=("legendary",)),
                ),
            ),
            targets=(ir.TargetSpec(objects=ir.Filter(types=("creature",), controller="you")),),
        ),
        mana_cost="{1}",
    )
    g, (original, spell, *_) = ir_game(
        [legend, twin],
        (0, "Legend of Test", "battlefield"),
        (0, "Twinning", "hand"),
        (0, "Mountain", "battlefield"),
    )
    g.apply(next(a for a in g.legal_actions() if a.kind == "cast" and a.a == spell))
    while g.decision is not None and g.decision.kind != "priority":
        g.apply(next(a for a in g.legal_actions() if a.kind != "cancel"))
    while g.state.stack:
        g.apply(Action("pass"))
    (token,) = [o for o in g.state.battlefield if g.state.objects[o].token is not None]
    c = g.chars(token)
    assert (c.name, c.power, c.supertypes) == ("Legend of Test", 3, frozenset())
    assert "haste" in c.keywords and "haste" not in g.chars(original).keywords
    assert g.chars(original).supertypes == frozenset({"legendary"})
    values = g.state.objects[token].copy_of
    assert values is not None and values.not_supertypes == ("legendary",)
    assert "keyword:haste" in values.abilities
