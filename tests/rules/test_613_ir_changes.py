"""The IR's layered changes executed by the engine (613): each :class:`~karn.ir.Change` of a
static ability (read each time characteristics are computed) and of a resolved effect
(locked in as it begins, 608.2h), with test cards written in the IR (tests/rules/ir_cards.py)."""

from __future__ import annotations

import pytest
from ir_cards import card, game

from karn import Action, Game, ir

ALL_CREATURES = ir.Group(ir.Filter(types=("creature",)))
SELF = ir.Ref("self")

HUMBLE_ALL = card(
    "Test Humility",
    "Enchantment",
    ir.Static(
        (
            ir.Modify(
                ALL_CREATURES,
                changes=(ir.LoseAbilities(everything=True), ir.SetBasePT(1, 1)),
            ),
        ),
        text="All creatures lose all abilities and have base power and toughness 1/1.",
    ),
)

GOYF = card(
    "Test Goyf",
    "Creature — Lhurgoyf",
    ir.Static(
        (
            ir.Modify(
                SELF,
                changes=(
                    ir.SetBasePT(
                        ir.Count("card_types", ir.Filter(zone="graveyard")),
                        ir.Count("card_types", ir.Filter(zone="graveyard"), plus=1),
                    ),
                ),
            ),
        ),
        text="Its power is the number of card types among cards in all graveyards.",
        cda=True,
    ),
    power="*",
    toughness="1+*",
)

MOON = card(
    "Test Moon",
    "Enchantment",
    ir.Static(
        (
            ir.Modify(
                ir.Group(ir.Filter(types=("land",), not_supertypes=("basic",))),
                changes=(ir.SetLandTypes(("mountain",)),),
            ),
        ),
        text="Nonbasic lands are Mountains.",
    ),
)

SWAMPIFY = card(
    "Test Swamp Maker",
    "Legendary Land",
    ir.Static(
        (ir.Modify(ir.Group(ir.Filter(types=("land",))), changes=(ir.AddTypes(subtypes=("swamp",)),)),),
        text="Each land is a Swamp in addition to its other land types.",
    ),
    mana_cost=None,
)

PAINTER = card(
    "Test Painter",
    "Artifact Creature — Scarecrow",
    ir.EntersReplacement(choose="color", text="As this creature enters, choose a color."),
    ir.Static(
        (ir.Modify(ir.Group(ir.Filter(zone="any")), changes=(ir.AddColors(chosen=True),)),),
        text="All cards, spells, and permanents are the chosen color in addition to their other colors.",
    ),
    power="1",
    toughness="3",
)

QUOTED_MANA = ir.Activated(ir.Cost(tap=True), (ir.AddMana("{G}"),), mana_ability=True, text="{T}: Add {G}.")
GIFT = card(
    "Test Gift",
    "Enchantment",
    ir.Static(
        (
            ir.Modify(
                ir.Group(ir.Filter(types=("creature",), controller="you")),
                changes=(ir.GainAbility(QUOTED_MANA),),
            ),
        ),
        text='Creatures you control have "{T}: Add {G}."',
    ),
)


def _pt(g: Game, oid: int) -> tuple[int, int]:
    c = g.chars(oid)
    return c.power, c.toughness


@pytest.mark.cr("613.1f", "613.4b", "613.6")
def test_lose_all_abilities_and_base_power_and_toughness() -> None:
    g, (_, angel, bear, land) = game(
        [HUMBLE_ALL],
        (0, "Test Humility", "battlefield"),
        (0, "Serra Angel", "battlefield"),
        (1, "Grizzly Bears", "battlefield"),
        (0, "Forest", "battlefield"),
    )
    assert _pt(g, angel) == (1, 1) and g.chars(angel).keywords == set() and g.chars(angel).abilities == ()
    assert _pt(g, bear) == (1, 1)
    assert g.chars(land).ability_ids == ("Forest#0",)  # not a creature: unchanged


@pytest.mark.cr("604.3", "613.3", "613.4a", "208.2a")
def test_a_characteristic_defining_ability_works_in_every_zone() -> None:
    g, (goyf, in_hand, _) = game(
        [GOYF],
        (0, "Test Goyf", "battlefield"),
        (0, "Test Goyf", "hand"),
        (1, "Lightning Bolt", "graveyard"),
    )
    assert _pt(g, goyf) == (1, 2) and _pt(g, in_hand) == (1, 2)


def _play(g: Game, oid: int, answers: dict[str, str] | None = None, targets: tuple[int, ...] = ()) -> None:
    """Cast a card and pass until the stack is empty, answering choices by label."""
    answers = answers or {}
    g.apply(next(a for a in g.legal_actions() if a.kind == "cast" and a.a == oid))
    while g.decision is not None and (g.state.stack or g.decision.kind != "priority"):
        d = g.decision
        opts = g.legal_actions()
        if d.kind == "priority":
            g.apply(Action("pass"))
        elif d.kind in answers:
            g.apply(next(a for a in opts if a.label == answers[d.kind]))
        else:
            g.apply(next((a for a in opts if a.a in targets), opts[0]))


@pytest.mark.cr("604.3", "704.5g")
def test_a_count_of_cards_in_graveyards_changes_with_every_zone_change() -> None:
    """Tarmogoyf-like: a Bolt kills a creature: an instant and a creature card go to
    graveyards; the count changes as it happens."""
    g, (goyf, _mountain, bolt, bears) = game(
        [GOYF],
        (0, "Test Goyf", "battlefield"),
        (0, "Mountain", "battlefield"),
        (0, "Lightning Bolt", "hand"),
        (1, "Grizzly Bears", "battlefield"),
    )
    assert _pt(g, goyf) == (0, 1)
    _play(g, bolt, targets=(bears,))
    assert [g.obj(o).name for o in g.state.players[1].graveyard] == ["Grizzly Bears"]
    assert _pt(g, goyf) == (2, 3)


@pytest.mark.cr("305.7", "613.8a")
def test_land_types_set_remove_rules_text_and_old_types_abilities() -> None:
    g, (_, taiga, forest) = game(
        [MOON],
        (0, "Test Moon", "battlefield"),
        (0, "Taiga", "battlefield"),
        (0, "Forest", "battlefield"),
    )
    c = g.chars(taiga)
    assert c.subtypes == {"mountain"} and c.ability_ids == ("rules:mountain",)
    assert g.chars(forest).ability_ids == ("Forest#0",)  # basic: untouched


@pytest.mark.cr("305.7", "613.8a", "613.8b")
def test_a_land_type_adding_effect_depends_on_the_one_that_removes_its_ability() -> None:
    """Blood Moon and Urborg: Urborg's ability would make every land a Swamp, but Blood Moon
    turns Urborg into a Mountain first (Urborg's effect depends on Blood Moon's, 613.8a:
    applying Blood Moon's changes its existence) whatever their timestamps."""
    for order in ((0, 1), (1, 0)):
        names = ["Test Swamp Maker", "Test Moon"]
        setup = [(0, names[i], "battlefield") for i in order] + [(0, "Forest", "battlefield")]
        g, ids = game([MOON, SWAMPIFY], *setup)
        by_name = {g.obj(i).name: i for i in ids}
        assert g.chars(by_name["Test Swamp Maker"]).subtypes == {"mountain"}
        assert g.chars(by_name["Forest"]).subtypes == {"forest"}


@pytest.mark.cr("607.2a", "614.12a", "611.3", "604.3")
def test_a_color_chosen_as_it_enters_reaches_every_zone() -> None:
    g, (painter, bolt_hand, bolt_gy, bear, *_) = game(
        [PAINTER],
        (0, "Test Painter", "hand"),
        (0, "Lightning Bolt", "hand"),
        (1, "Lightning Bolt", "graveyard"),
        (1, "Grizzly Bears", "battlefield"),
        (0, "Wastes", "battlefield"),
        (0, "Wastes", "battlefield"),
    )
    _play(g, painter, {"choose_color": "blue"})
    new_painter = next(o for o in g.state.battlefield if g.obj(o).name == "Test Painter")
    assert g.obj(new_painter).chosen == {"Test Painter": {"color": "U"}}  # 607.5a: by the ability that chose
    assert g.chars(bear).colors == {"G", "U"}
    assert g.chars(bolt_hand).colors == {"R", "U"}
    assert g.chars(bolt_gy).colors == {"R", "U"}
    assert g.chars(new_painter).colors == {"U"}


@pytest.mark.cr("113.2c", "613.1f")
def test_a_quoted_ability_is_granted_by_its_nested_id() -> None:
    g, (_, bear) = game([GIFT], (0, "Test Gift", "battlefield"), (0, "Grizzly Bears", "battlefield"))
    c = g.chars(bear)
    assert "Test Gift#0/0" in c.ability_ids
    assert g.pool.ability("Test Gift#0/0") == QUOTED_MANA
    g.apply(Action("mana", bear, c.ability_ids.index("Test Gift#0/0")))
    assert g.state.players[0].pool == {"G": 1}


@pytest.mark.cr("604.3", "613.4a")
def test_a_count_changes_when_only_other_zones_change() -> None:
    """A Bolt to a player's face: only the hand, the stack and a graveyard change, and the
    characteristic-defining ability's count follows (the cached characteristics are redone)."""
    g, (goyf, _mountain, bolt) = game(
        [GOYF],
        (0, "Test Goyf", "battlefield"),
        (0, "Mountain", "battlefield"),
        (0, "Lightning Bolt", "hand"),
    )
    assert _pt(g, goyf) == (0, 1)
    _play(g, bolt, targets=(-2,))
    assert g.state.players[1].life == 17
    assert _pt(g, goyf) == (1, 2)


TARGET_CREATURE = ir.TargetSpec(objects=ir.Filter(types=("creature",)), text="target creature")
PAINT = card(
    "Test Paint",
    "Instant",
    ir.SpellAbility(
        (
            ir.ApplyContinuous(
                ir.Modify(ir.Ref("target", 0), power=1, toughness=1, changes=(ir.SetColors(choose=True),))
            ),
        ),
        (TARGET_CREATURE,),
        text="Target creature gets +1/+1 and becomes the color of your choice until end of turn.",
    ),
    mana_cost="{0}",
)
SIZE_UP = card(
    "Test Size Up",
    "Instant",
    ir.SpellAbility(
        (
            ir.ApplyContinuous(
                ir.Modify(
                    ir.Ref("target", 0),
                    changes=(
                        ir.SetBasePT(
                            ir.Count("objects", ir.Filter(types=("creature",))),
                            ir.Count("objects", ir.Filter(types=("creature",))),
                        ),
                    ),
                )
            ),
        ),
        (TARGET_CREATURE,),
        text="Target creature has base power and toughness N/N, N the number of creatures.",
    ),
    mana_cost="{0}",
)


@pytest.mark.cr("608.2d", "613.6", "613.1e", "613.4c")
def test_the_color_of_your_choice_is_chosen_as_the_effect_begins() -> None:
    """613.6's first example: "gets +1/+1 and becomes the color of your choice until end of
    turn": layer 5 and layer 7c parts of one effect."""
    g, (paint, bear) = game([PAINT], (0, "Test Paint", "hand"), (0, "Grizzly Bears", "battlefield"))
    _play(g, paint, {"choose_color": "white"}, targets=(bear,))
    c = g.chars(bear)
    assert c.colors == {"W"} and (c.power, c.toughness) == (3, 3)


@pytest.mark.cr("608.2h", "611.2c", "613.4b")
def test_a_resolved_effect_locks_its_numbers_in() -> None:
    g, (grow, bear, _elves) = game(
        [SIZE_UP],
        (0, "Test Size Up", "hand"),
        (0, "Grizzly Bears", "battlefield"),
        (1, "Llanowar Elves", "battlefield"),
    )
    _play(g, grow, targets=(bear,))
    assert _pt(g, bear) == (2, 2)  # two creatures as it resolved
    g.state.players[1].life = 20  # nothing counted changes it back
    g.dirty()
    assert _pt(g, bear) == (2, 2)


HUMBLE_LATER = card(
    "Test Humility Later",
    "Enchantment",
    ir.Static(
        (ir.Modify(ALL_CREATURES, changes=(ir.LoseAbilities(everything=True),)),),
        text="All creatures lose all abilities.",
    ),
)


@pytest.mark.cr("613.1f", "613.7c", "122.1b")
def test_keyword_counters_apply_in_timestamp_order_with_ability_removal() -> None:
    """A flying counter put on a creature after "lose all abilities" began keeps flying; one
    put on before doesn't (613.7c: a counter's timestamp is when it's put on)."""
    from karn.engine.events import CounterChange
    from karn.engine.pipeline import perform

    g, (bear, _) = game(
        [HUMBLE_LATER], (0, "Grizzly Bears", "battlefield"), (0, "Test Humility Later", "battlefield")
    )
    perform(g.ctx, CounterChange(obj=bear, kind="flying", amount=1))
    g.dirty()
    assert "flying" in g.chars(bear).keywords
    g2, (bear2, _) = game(
        [HUMBLE_LATER], (0, "Grizzly Bears", "battlefield"), (0, "Test Humility Later", "battlefield")
    )
    g2.state.objects[bear2].counters["flying"] = 1  # there as it entered: the bear's timestamp
    g2.dirty()
    assert "flying" not in g2.chars(bear2).keywords


HAMMER = card(
    "Test Hammer",
    "Artifact — Equipment",
    ir.Static(
        (
            ir.Modify(
                ir.Ref("equipped"), power=10, toughness=10, changes=(ir.LoseAbilities(keywords=("flying",)),)
            ),
        ),
        text="Equipped creature gets +10/+10 and loses flying.",
    ),
)
RUNE = card(
    "Test Rune",
    "Enchantment — Aura",
    ir.Static(
        (
            ir.Modify(
                ir.Ref("enchanted"),
                changes=(
                    ir.GainAbility(
                        ir.Static(
                            (ir.Modify(ir.Ref("equipped"), add_keywords=("flying",)),),
                            text="Equipped creature has flying.",
                        )
                    ),
                ),
            ),
        ),
        text='Enchanted Equipment has "Equipped creature has flying."',
    ),
)


@pytest.mark.cr("613.7a", "613.7e", "613.1f")
def test_a_granted_static_ability_takes_the_later_timestamp() -> None:
    """613.7a's example (Rune of Flight on Colossus Hammer): the granted "equipped creature has
    flying" has the Rune's later timestamp, and keeps its place after the Hammer's own ability
    when the Hammer gets a new one as it becomes attached (613.7e)."""
    from karn.engine.events import Attach
    from karn.engine.pipeline import perform

    g, (bear, hammer, _rune) = game(
        [HAMMER, RUNE],
        (0, "Grizzly Bears", "battlefield"),
        (0, "Test Hammer", "battlefield"),
        (0, "Test Rune", "battlefield", {"attached_to": -2}),
    )
    assert "Test Rune#0/0" in g.chars(hammer).ability_ids
    perform(g.ctx, Attach(obj=hammer, to=bear))
    g.dirty()
    c = g.chars(bear)
    assert (c.power, c.toughness) == (12, 12)
    assert "flying" in c.keywords


CONSPIRE = card(
    "Test Conspiracy",
    "Enchantment",
    ir.EntersReplacement(choose="creature_type", text="As this enchantment enters, choose a creature type."),
    ir.Static(
        (
            ir.Modify(
                ir.Group(ir.Filter(types=("creature",), controller="you")),
                changes=(ir.SetCreatureTypes(chosen=True),),
            ),
            ir.Modify(
                ir.Group(ir.Filter(types=("creature",), owner="you", zone="not_battlefield")),
                changes=(ir.SetCreatureTypes(chosen=True),),
            ),
        ),
        text="Creatures you control are the chosen type. The same is true for creature cards you own "
        "that aren't on the battlefield.",
    ),
    mana_cost="{0}",
)
ANIMATE = card(
    "Test Animate",
    "Instant",
    ir.SpellAbility(
        (
            ir.ApplyContinuous(
                ir.Modify(ir.Ref("target", 0), changes=(ir.SetTypes(("creature",)), ir.SetBasePT(3, 3)))
            ),
        ),
        (ir.TargetSpec(objects=ir.Filter(types=("land",)), text="target land"),),
        text="Until end of turn, target land becomes a 3/3 creature.",
    ),
    mana_cost="{0}",
)


@pytest.mark.cr("205.1a", "613.1d")
def test_setting_card_types_removes_the_subtypes_that_went_with_them() -> None:
    g, (animate, forest) = game([ANIMATE], (0, "Test Animate", "hand"), (0, "Forest", "battlefield"))
    _play(g, animate, targets=(forest,))
    c = g.chars(forest)
    assert c.types == {"creature"} and c.subtypes == set() and (c.power, c.toughness) == (3, 3)
    assert c.ability_ids == ("Forest#0",)  # its rules text stays (only 305.7 takes it)


@pytest.mark.cr("205.1b", "607.2a", "614.12a", "611.3")
def test_a_creature_type_chosen_as_it_enters_replaces_creature_types_in_every_zone() -> None:
    g, (conspiracy, bear, elves_in_hand, their_bear) = game(
        [CONSPIRE],
        (0, "Test Conspiracy", "hand"),
        (0, "Grizzly Bears", "battlefield"),
        (0, "Llanowar Elves", "hand"),
        (1, "Grizzly Bears", "battlefield"),
    )
    _play(g, conspiracy, {"choose_creature_type": "Zombie"})
    assert g.chars(bear).subtypes == {"zombie"}
    assert g.chars(elves_in_hand).subtypes == {"zombie"}
    assert g.chars(their_bear).subtypes == {"bear"}


ELVES = card(
    "Test Elvish Rite",
    "Enchantment",
    ir.Static(
        (ir.Modify(ALL_CREATURES, changes=(ir.AddTypes(subtypes=("elf",)),)),),
        text="All creatures are Elves in addition to their other types.",
    ),
)
WARRIORS = card(
    "Test Elvish Guard",
    "Enchantment",
    ir.Static(
        (ir.Modify(ir.Group(ir.Filter(subtypes=("elf",))), changes=(ir.AddTypes(subtypes=("warrior",)),)),),
        text="All Elves are Warriors in addition to their other types.",
    ),
)
ARTIFACTS = card(
    "Test Warrior Forge",
    "Enchantment",
    ir.Static(
        (ir.Modify(ir.Group(ir.Filter(subtypes=("warrior",))), changes=(ir.AddTypes(types=("artifact",)),)),),
        text="All Warriors are artifacts in addition to their other types.",
    ),
)


@pytest.mark.cr("613.8c", "613.8a", "613.7")
def test_the_order_of_remaining_effects_is_reevaluated_after_each_effect_is_applied() -> None:
    """613.8c: in layer 4, Elves (timestamp 1) makes the Bears an Elf; only then does Forge
    (timestamp 2, "Warriors are artifacts") depend on Guard (timestamp 3, "Elves are Warriors"):
    Guard's change would now change what Forge applies to (613.8a). Reevaluated after Elves
    applies, Guard goes before Forge and the Bears end an artifact; the order found before any
    effect applied (Elves, Forge, Guard: nothing depended on Guard yet) would leave it none."""
    g, (_, _, _, bears) = game(
        [ELVES, WARRIORS, ARTIFACTS],
        (0, "Test Elvish Rite", "battlefield"),
        (0, "Test Warrior Forge", "battlefield"),
        (0, "Test Elvish Guard", "battlefield"),
        (0, "Grizzly Bears", "battlefield"),
    )
    chars = g.chars(bears)
    assert chars.subtypes == {"bear", "elf", "warrior"}
    assert "artifact" in chars.types
    derivation = g.explain(bears)
    rite, forge, guard = (
        derivation.index(f"from {n}") for n in ("Test Elvish Rite", "Test Warrior Forge", "Test Elvish Guard")
    )
    assert rite < guard < forge, derivation
    assert "613.8a-b dependency: before Test Warrior Forge" in derivation
