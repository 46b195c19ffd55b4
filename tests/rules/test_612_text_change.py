"""Text-changing effects (612, layer 3 = 613.1c): Sleight of Mind, Magical Hack, Artificial
Evolution compiled from their Oracle text and played through the Game API. Scenarios with the
same cards: tests/scenarios/layers/612_*.yaml."""

from __future__ import annotations

import pytest

from karn import Action, Game, ir
from karn.cards.database import CardDatabase
from karn.engine.actions import IllegalActionError
from karn.engine.state import BATTLEFIELD
from karn.ir.text import change_text_words, change_words
from karn.oracle import compile_text
from karn.oracle.compiler import compile_face
from karn.oracle.pool import build_pool

T0 = ir.Ref("target", 0)
SPELL_OR_PERMANENT = ir.TargetSpec(
    objects=ir.Filter(zone="stack_or_battlefield"), text="target spell or permanent"
)

# A made-up Aura that grants an ability with a color word in it (612.3).
BANNER = (
    'Enchant permanent\nAs long as enchanted permanent is a creature, it has "Black creatures get +1/+1."'
)


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    return CardDatabase.default()


# ---------------------------------------------------------------------------- compiling


@pytest.mark.cr("612.1", "612.2")
@pytest.mark.parametrize(
    ("name", "kinds", "forbidden", "duration"),
    [
        ("Sleight of Mind", ("color",), (), "permanent"),
        ("Magical Hack", ("land_type",), (), "permanent"),
        ("Artificial Evolution", ("creature_type",), ("wall",), "permanent"),
        ("Mind Bend", ("color", "land_type"), (), "permanent"),
        ("Crystal Spray", ("color", "land_type"), (), "end_of_turn"),
    ],
)
def test_the_text_changing_wordings_compile(
    db: CardDatabase, name: str, kinds: tuple[str, ...], forbidden: tuple[str, ...], duration: str
) -> None:
    cc = compile_face(db.get(name))
    assert cc.playable, cc.abilities
    spell = cc.abilities[0]
    assert isinstance(spell, ir.SpellAbility)
    assert spell.effects[0] == ir.ChangeText(T0, kinds, forbidden, duration)  # type: ignore[arg-type]
    if name != "Mind Bend":  # "target permanent"
        assert spell.targets[0].objects == SPELL_OR_PERMANENT.objects


@pytest.mark.cr("612.2", "115.1")
def test_spell_or_permanent_is_only_for_an_effect_that_handles_both() -> None:
    refused = compile_text("Destroy target spell or permanent.", type_line="Instant").abilities[0]
    assert isinstance(refused, ir.Unsupported) and "different zones" in refused.reason
    cc = compile_text(
        "Change the text of target blue spell or permanent by replacing all instances of one color word "
        "with another.",
        type_line="Instant",
    )
    assert not cc.playable  # a qualified "spell or permanent" is not what the IR says


@pytest.mark.cr("612.2")
def test_other_words_and_a_stray_new_word_limit_are_refused() -> None:
    for text in (
        "Change the text of target permanent by replacing all instances of one artifact type with another.",
        "Change the text of target permanent by replacing all instances of two color word with another.",
        "Draw a card. The new creature type can't be Wall.",
        "Change the text of target permanent by replacing all instances of one color word with another. "
        "The new creature type can't be Wall.",
    ):
        assert not compile_text(text, type_line="Instant").playable, text


# ---------------------------------------------------------------------------- the words in the IR


@pytest.mark.cr("612.2", "612.2a")
def test_change_words_replaces_the_uses_of_a_word_only() -> None:
    doom_blade = ir.TargetSpec(
        objects=ir.Filter(types=("creature",), not_colors=("B",)), text="nonblack creature"
    )
    changed = change_words(doom_blade, "color", "B", "G")
    assert changed.objects is not None and changed.objects.not_colors == ("G",)
    assert changed.text == "nongreen creature"
    assert change_words(doom_blade, "color", "W", "G") is doom_blade  # unchanged: the same node
    token = ir.CreateToken(ir.TokenDef("Goblin", 1, 1, ("R",), ("creature",), ("goblin",)))
    elf = change_words(token, "creature_type", "goblin", "elf")
    assert elf.token.subtypes == ("elf",) and elf.token.name == "Elf"  # 612.2a
    walk = change_words(ir.Keyword("forestwalk"), "land_type", "forest", "island")
    assert walk.name == "islandwalk"
    # 612.2: a card name is never changed, even when it holds the word
    assert change_text_words(
        "Black Knight deals 1 damage to target black creature.", "color", "B", "W", "Black Knight"
    ) == ("Black Knight deals 1 damage to target white creature.")


# ---------------------------------------------------------------------------- playing


def _banner_game() -> tuple[Game, dict[str, int]]:
    default = CardDatabase.default()
    names = ["Island", "Grizzly Bears", "Scathe Zombies", "Savannah Lions", "Wastes", "Sleight of Mind"]
    records = [default.raw(n) for n in names]
    aura = default.raw("Holy Strength")
    aura.update(name="Black Banner", text=BANNER, manaCost="{B}")
    records.append(aura)
    pool = build_pool([*names, "Black Banner"], CardDatabase.from_records(records))
    g = Game.empty(pool=pool)
    for p in (0, 1):
        for _ in range(5):
            g.add_card(p, "Wastes", "library")
    ids: dict[str, int] = {}
    ids["bears"] = g.add_card(0, "Grizzly Bears", BATTLEFIELD)
    ids["banner"] = g.add_card(0, "Black Banner", BATTLEFIELD, attached_to=ids["bears"])
    g.add_card(0, "Island", BATTLEFIELD)
    ids["sleight"] = g.add_card(0, "Sleight of Mind", "hand")
    ids["zombies"] = g.add_card(1, "Scathe Zombies", BATTLEFIELD)
    ids["lions"] = g.add_card(1, "Savannah Lions", BATTLEFIELD)
    g.begin_at(0, "precombat_main")
    return g, ids


def _cast_to_the_word_choice(g: Game, spell: int, target: int) -> None:
    g.apply(Action("cast", spell))
    g.apply(Action("target", target))
    g.apply(Action("pay"))
    g.apply(Action("pass"))
    g.apply(Action("pass"))
    assert g.decision is not None and g.decision.kind == "choose_word"


def _choose(g: Game, label: str) -> None:
    d = g.decision
    assert d is not None and d.kind == "choose_word"
    g.apply(next(Action("word", o.a) for o in d.options if o.label == label))


@pytest.mark.cr("612.3", "613.1c")
def test_a_granted_ability_is_not_the_text_of_the_object_it_is_granted_to() -> None:
    g, ids = _banner_game()
    assert g.chars(ids["zombies"]).power == 3  # the Bears have "Black creatures get +1/+1."
    _cast_to_the_word_choice(g, ids["sleight"], ids["bears"])
    _choose(g, "black")
    _choose(g, "white")
    # 612.3: the Bears' granted ability isn't their text: black creatures still get +1/+1
    assert g.chars(ids["zombies"]).power == 3
    assert g.chars(ids["lions"]).power == 2


@pytest.mark.cr("612.1", "613.1c", "113.2c")
def test_the_quoted_ability_an_aura_grants_is_the_auras_text() -> None:
    g, ids = _banner_game()
    _cast_to_the_word_choice(g, ids["sleight"], ids["banner"])
    _choose(g, "black")
    _choose(g, "white")
    # the Aura's text now says "White creatures get +1/+1." and grants that
    assert g.chars(ids["zombies"]).power == 2
    assert g.chars(ids["lions"]).power == 3
    granted = [a for a in g.chars(ids["bears"]).ability_ids if a.startswith("text:")]
    assert granted == ["text:color/B/W;Black Banner#1/0"]
    assert "layer 3 text (613.1c)" in g.explain(ids["banner"])
    assert "'black' in its text replaced by 'white'" in g.explain(ids["banner"])


@pytest.mark.cr("608.2d", "612.2")
def test_the_words_are_chosen_as_it_resolves_and_the_new_one_is_another() -> None:
    g, ids = _banner_game()
    _cast_to_the_word_choice(g, ids["sleight"], ids["banner"])
    d = g.decision
    assert d is not None and d.player == 0 and d.rule == "608.2d"
    assert [o.label for o in d.options] == ["white", "blue", "black", "red", "green"]
    _choose(g, "black")
    d = g.decision
    assert d is not None and [o.label for o in d.options] == ["white", "blue", "red", "green"]
    before = g.state_hash()
    with pytest.raises(IllegalActionError, match="608.2d"):
        g.apply(Action("word", 7))
    assert g.state_hash() == before  # an illegal answer changes nothing


@pytest.mark.cr("612.1", "608.2d")
def test_a_game_waiting_for_the_word_copies_and_saves() -> None:
    g, ids = _banner_game()
    _cast_to_the_word_choice(g, ids["sleight"], ids["banner"])
    _choose(g, "black")
    saved = Game.loads(g.dumps(), pool=g.pool)
    copied = g.copy()
    for game in (g, saved, copied):
        _choose(game, "white")
        assert game.chars(ids["lions"]).power == 3
        assert game.chars(ids["zombies"]).power == 2


@pytest.mark.cr("612.2")
def test_artificial_evolution_never_offers_wall_as_the_new_type() -> None:
    default = CardDatabase.default()
    names = ["Island", "Wall of Stone", "Wastes", "Artificial Evolution"]
    g = Game.empty(pool=build_pool(names, default))
    for p in (0, 1):
        for _ in range(5):
            g.add_card(p, "Wastes", "library")
    wall = g.add_card(0, "Wall of Stone", BATTLEFIELD)
    g.add_card(0, "Island", BATTLEFIELD)
    evolution = g.add_card(0, "Artificial Evolution", "hand")
    g.begin_at(0, "precombat_main")
    _cast_to_the_word_choice(g, evolution, wall)
    d = g.decision
    assert d is not None and "Wall" in [o.label for o in d.options]  # the old word may be Wall
    _choose(g, "Wall")
    d = g.decision
    assert d is not None and "Wall" not in [o.label for o in d.options]
    _choose(g, "Spirit")
    assert g.chars(wall).subtypes == frozenset({"spirit"})
    assert g.chars(wall).name == "Wall of Stone"  # 612.2: its name doesn't change
