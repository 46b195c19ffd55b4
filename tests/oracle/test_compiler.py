"""Oracle compiler tests by class of text: keywords, shapes, generality, failures."""

from __future__ import annotations

import pytest

from karn.ir.nodes import (
    Activated,
    AddMana,
    ApplyContinuous,
    Attach,
    CompiledCard,
    Cost,
    CreateToken,
    DealDamage,
    Destroy,
    Draw,
    Exile,
    Filter,
    GainLife,
    Group,
    Keyword,
    LoseLife,
    May,
    Modify,
    PutCounters,
    Ref,
    ReturnToHand,
    SearchLibrary,
    SkipNextUntap,
    SpellAbility,
    Static,
    Tap,
    TargetSpec,
    TokenDef,
    Trigger,
    Triggered,
    Unsupported,
)
from karn.oracle import compile_card, compile_text
from karn.oracle.compiler import SimpleFace, clear_cache
from karn.oracle.normalize import normalize, short_names, split_keyword_line, strip_reminder, substitute_self
from karn.oracle.parser import get_parser

T0 = Ref("target", 0)
T1 = Ref("target", 1)


def creature(text: str, name: str = "Test Creature") -> CompiledCard:
    return compile_text(text, name=name, type_line="Creature — Elf")


def instant(text: str, name: str = "Test Spell") -> CompiledCard:
    return compile_text(text, name=name, type_line="Instant")


# --------------------------------------------------------------------------- normalization


def test_strip_reminder_text() -> None:
    assert strip_reminder("Flying (This creature can't be blocked except by ...)") == "Flying"
    assert strip_reminder("({T}: Add {W}.)") == ""


def test_self_substitution() -> None:
    assert (
        substitute_self("Shock deals 2 damage to any target.", "Shock") == "~ deals 2 damage to any target."
    )
    assert substitute_self("When this creature enters, draw a card.", "X") == "When ~ enters, draw a card."
    assert substitute_self("Sacrifice this Aura.", "X") == "Sacrifice ~."
    assert (
        substitute_self("Prowl attacks.", "Prowl, Stoic Strategist // Prowl, Pursuit Vehicle") == "~ attacks."
    )
    # "this turn" is not the card
    assert substitute_self("It gains haste this turn.", "X") == "It gains haste this turn."


@pytest.mark.cr("201.5c")
def test_shortened_names_are_the_card_itself() -> None:
    # a legendary card's first name, used capitalized in the middle of a sentence
    text = "When Runo enters, draw a card. At the beginning of your upkeep, transform Runo."
    assert short_names("Runo Stromkirk // Krothuss, Lord of the Deep", text, legendary=True) == ["Runo"]
    assert substitute_self(text, "Runo Stromkirk", ["Runo"]).count("~") == 2
    assert short_names("Runo Stromkirk", text, legendary=False) == []  # only legendary cards
    # a creature type is capitalized too, and is not a name
    sliver = "{2}: Create a 1/1 colorless Sliver creature token."
    assert short_names("Sliver Queen", sliver, legendary=True) == []
    # a word that only starts sentences is not a name
    assert short_names("The Ur-Dragon", "The next spell costs {1} less.", legendary=True) == []
    # a planeswalker's type is its character's name, at the start of a sentence too (205.3j)
    ajani = "[-3]: Ajani deals 3 damage to any target."
    assert short_names("Ajani Vengeant", ajani, legendary=True, own_subtypes=("ajani",)) == ["Ajani"]
    # a digital rebalanced card names itself without its A- prefix
    assert substitute_self("Whenever Blood Artist dies, you gain 1 life.", "A-Blood Artist").startswith(
        "Whenever ~ dies"
    )
    face = SimpleFace(
        "Tivadar of Thorn", "When Tivadar enters, destroy target Goblin.", "Legendary Creature — Human Knight",
        ("creature",), supertypes=("legendary",),
    )  # fmt: skip
    assert [ln.norm for ln in normalize(face)] == ["When ~ enters, destroy target Goblin."]


@pytest.mark.cr("702.1")
def test_keyword_line_split() -> None:
    assert split_keyword_line("Flying, haste") == ["Flying", "haste"]
    assert split_keyword_line("Lifelink, haste") == ["Lifelink", "haste"]
    assert split_keyword_line("Draw a card.") is None
    face = SimpleFace("X", "Flying, first strike\n[−2]: Draw a card.", "Creature", ("creature",))
    lines = normalize(face)
    assert [(ln.text, ln.kind) for ln in lines] == [
        ("Flying", "keyword"),
        ("first strike", "keyword"),
        ("[−2]: Draw a card.", "ability"),
    ]
    assert lines[2].norm == "[-2]: Draw a card."


# --------------------------------------------------------------------------- keywords (702)

STATIC_KEYWORDS = [
    ("702.9", "Flying", "flying"),
    ("702.7", "First strike", "first strike"),
    ("702.4", "Double strike", "double strike"),
    ("702.2", "Deathtouch", "deathtouch"),
    ("702.3", "Defender", "defender"),
    ("702.10", "Haste", "haste"),
    ("702.11", "Hexproof", "hexproof"),
    ("702.12", "Indestructible", "indestructible"),
    ("702.15", "Lifelink", "lifelink"),
    ("702.111", "Menace", "menace"),
    ("702.17", "Reach", "reach"),
    ("702.19", "Trample", "trample"),
    ("702.20", "Vigilance", "vigilance"),
]


@pytest.mark.parametrize(
    ("text", "name"),
    [pytest.param(text, name, marks=pytest.mark.cr(rule)) for rule, text, name in STATIC_KEYWORDS],
)
def test_static_keyword(text: str, name: str) -> None:
    assert creature(text).abilities == (Keyword(name, text=text),)


@pytest.mark.cr("702.9")
@pytest.mark.cr("702.10")
def test_keyword_line_in_oracle_order() -> None:
    assert creature("Vigilance, trample, haste").abilities == (
        Keyword("vigilance", text="Vigilance"),
        Keyword("trample", text="trample"),
        Keyword("haste", text="haste"),
    )


@pytest.mark.cr("702.5a")
def test_enchant_variants() -> None:
    aura = compile_text("Enchant land\nEnchanted land gets +1/+1.", type_line="Enchantment — Aura")
    assert aura.abilities[0] == Keyword("enchant", Filter(types=("land",)), text="Enchant land")
    yours = compile_text("Enchant creature you control", type_line="Enchantment — Aura")
    assert yours.abilities == (
        Keyword(
            "enchant", Filter(types=("creature",), controller="you"), text="Enchant creature you control"
        ),
    )


@pytest.mark.cr("702.6a")
def test_equip_any_cost() -> None:
    cc = compile_text("Equip {2}{W}", type_line="Artifact — Equipment")
    assert cc.abilities == (
        Keyword("equip", text="Equip {2}{W}"),
        Activated(
            Cost(mana="{2}{W}"),
            (Attach(T0),),
            targets=(
                TargetSpec(
                    objects=Filter(types=("creature",), controller="you"), text="target creature you control"
                ),
            ),
            sorcery_speed=True,
            equip=True,
            text="Equip {2}{W}",
        ),
    )


@pytest.mark.cr("702.108a")
def test_prowess_is_a_trigger() -> None:
    cc = creature("Prowess")
    assert cc.abilities[1] == Triggered(
        Trigger("cast", filter=Filter(not_types=("creature",), zone="stack"), player="you"),
        (ApplyContinuous(Modify(Ref("self"), 1, 1)),),
        text="Prowess",
    )


@pytest.mark.cr("702.21")
def test_unsupported_keyword_names_the_keyword() -> None:
    cc = creature("Flying\nBanding")
    assert cc.abilities[0] == Keyword("flying", text="Flying")
    assert cc.abilities[1] == Unsupported(clause="Banding", reason="keyword not supported")
    assert not cc.playable


# --------------------------------------------------------------------------- shapes


@pytest.mark.cr("305.6")
def test_basic_land_types_from_type_line() -> None:
    dual = compile_text("({T}: Add {W} or {U}.)", type_line="Land — Plains Island")
    assert dual.abilities == (
        Activated(Cost(tap=True), (AddMana("{W}"),), mana_ability=True, text="{T}: Add {W}."),
        Activated(Cost(tap=True), (AddMana("{U}"),), mana_ability=True, text="{T}: Add {U}."),
    )


@pytest.mark.cr("605.1a")
def test_mana_ability_detection() -> None:
    cc = creature("{1}, {T}: Add {C}{C}.")
    assert cc.abilities == (
        Activated(
            Cost(mana="{1}", tap=True), (AddMana("{C}{C}"),), mana_ability=True, text="{1}, {T}: Add {C}{C}."
        ),
    )
    # a targeted ability is not a mana ability
    dmg = creature("{T}: This creature deals 1 damage to target creature.")
    assert isinstance(dmg.abilities[0], Activated) and not dmg.abilities[0].mana_ability


@pytest.mark.cr("606.3")
def test_loyalty_abilities_are_sorcery_speed() -> None:
    cc = compile_text("[+2]: You gain 2 life.\n[0]: Draw a card.", type_line="Planeswalker — Ajani")
    assert cc.abilities == (
        Activated(Cost(loyalty=2), (GainLife(2),), sorcery_speed=True, text="[+2]: You gain 2 life."),
        Activated(Cost(loyalty=0), (Draw(1),), sorcery_speed=True, text="[0]: Draw a card."),
    )


@pytest.mark.cr("602.5d")
def test_activate_only_as_a_sorcery() -> None:
    cc = creature("{2}: Draw a card. Activate only as a sorcery.")
    assert cc.abilities == (
        Activated(
            Cost(mana="{2}"),
            (Draw(1),),
            sorcery_speed=True,
            text="{2}: Draw a card. Activate only as a sorcery.",
        ),
    )


@pytest.mark.cr("603.6a")
def test_dies_trigger_of_self() -> None:
    cc = creature("When this creature dies, you gain 3 life.")
    assert cc.abilities == (
        Triggered(
            Trigger("dies", self_only=True), (GainLife(3),), text="When this creature dies, you gain 3 life."
        ),
    )


@pytest.mark.cr("603.6a")
def test_trigger_on_your_creatures_entering() -> None:
    cc = creature("Whenever another creature you control enters, put a +1/+1 counter on target creature.")
    assert cc.abilities == (
        Triggered(
            Trigger("enters", filter=Filter(types=("creature",), controller="you", other=True)),
            (PutCounters("+1/+1", 1, T0),),
            targets=(TargetSpec(objects=Filter(types=("creature",)), text="target creature"),),
            text="Whenever another creature you control enters, put a +1/+1 counter on target creature.",
        ),
    )


# --------------------------------------------------------------------------- generality


def test_other_numbers_and_types() -> None:
    assert instant("Draw four cards.").abilities == (SpellAbility((Draw(4),), text="Draw four cards."),)
    cc = instant("Target creature gets +1/+0 and gains first strike until end of turn.")
    assert cc.abilities[0] == SpellAbility(
        (ApplyContinuous(Modify(T0, 1, 0, add_keywords=("first strike",))),),
        (TargetSpec(objects=Filter(types=("creature",)), text="target creature"),),
        text="Target creature gets +1/+0 and gains first strike until end of turn.",
    )


def test_opponents_creatures_get_minus() -> None:
    cc = compile_text("Creatures your opponents control get -1/-1.", type_line="Enchantment")
    assert cc.abilities == (
        Static(
            (Modify(Group(Filter(types=("creature",), controller="opponent")), -1, -1),),
            text="Creatures your opponents control get -1/-1.",
        ),
    )


def test_nonwhite_and_lists() -> None:
    cc = instant("Destroy target nonwhite creature.")
    assert isinstance(cc.abilities[0], SpellAbility)
    assert cc.abilities[0].targets[0].objects == Filter(types=("creature",), not_colors=("W",))
    cc = instant("Destroy target artifact, enchantment, or land.")
    assert isinstance(cc.abilities[0], SpellAbility)
    assert cc.abilities[0].targets[0].objects == Filter(types=("artifact", "enchantment", "land"))


def test_subtype_descriptions() -> None:
    cc = compile_text("Other Goblins you control get +1/+1 and have haste.", type_line="Creature — Goblin")
    assert cc.abilities == (
        Static(
            (Modify(Group(Filter(subtypes=("goblin",), controller="you", other=True)), 1, 1, ("haste",)),),
            text="Other Goblins you control get +1/+1 and have haste.",
        ),
    )


def test_gain_and_lose_life() -> None:
    cc = instant("Target player loses 3 life and you gain 3 life.")
    assert cc.abilities[0] == SpellAbility(
        (LoseLife(3, T0), GainLife(3)),
        (TargetSpec(players="any", text="target player"),),
        text="Target player loses 3 life and you gain 3 life.",
    )


def test_two_targets_are_numbered_in_text_order() -> None:
    cc = instant("Return target creature to its owner's hand. Destroy target artifact.")
    assert cc.abilities[0] == SpellAbility(
        (ReturnToHand(T0), Destroy(T1)),
        (
            TargetSpec(objects=Filter(types=("creature",)), text="target creature"),
            TargetSpec(objects=Filter(types=("artifact",)), text="target artifact"),
        ),
        text="Return target creature to its owner's hand. Destroy target artifact.",
    )


def test_tokens() -> None:
    cc = instant("Create two 1/1 white Soldier creature tokens.")
    assert cc.abilities[0] == SpellAbility(
        (CreateToken(TokenDef("Soldier", 1, 1, ("W",), ("creature",), ("soldier",)), 2),),
        text="Create two 1/1 white Soldier creature tokens.",
    )
    cc = instant("Create a 1/1 colorless Thopter artifact creature token with flying.")
    assert cc.abilities[0] == SpellAbility(
        (CreateToken(TokenDef("Thopter", 1, 1, (), ("artifact", "creature"), ("thopter",), ("flying",))),),
        text="Create a 1/1 colorless Thopter artifact creature token with flying.",
    )


def test_search_to_hand() -> None:
    cc = instant("Search your library for a basic land card, reveal it, put it into your hand, then shuffle.")
    assert isinstance(cc.abilities[0], SpellAbility)
    assert cc.abilities[0].effects == (
        SearchLibrary(Filter(types=("land",), supertypes=("basic",), zone="library"), 1, "hand", reveal=True),
    )


def test_search_without_reveal_keeps_the_card_hidden() -> None:
    """701.20a: only "reveal it" shows the card found; a tutor that doesn't reveal keeps it hidden."""
    cc = instant("Search your library for a card, put that card into your hand, then shuffle.")
    assert isinstance(cc.abilities[0], SpellAbility)
    assert cc.abilities[0].effects == (SearchLibrary(Filter(zone="library"), 1, "hand", reveal=False),)


def test_tap_and_skip_untap() -> None:
    cc = instant("Tap target creature. It doesn't untap during its controller's next untap step.")
    assert isinstance(cc.abilities[0], SpellAbility)
    assert cc.abilities[0].effects == (Tap(T0), SkipNextUntap(T0))


def test_it_refers_to_source_without_antecedent() -> None:
    cc = creature("{1}{R}: It deals 2 damage to target player or planeswalker.")
    assert isinstance(cc.abilities[0], Activated)
    assert cc.abilities[0].effects == (DealDamage(2, T0),)


def test_exile_from_any_graveyard() -> None:
    cc = instant("Exile target card from a graveyard.")
    assert isinstance(cc.abilities[0], SpellAbility)
    assert cc.abilities[0].effects == (Exile(T0),)
    assert cc.abilities[0].targets[0].objects == Filter(zone="graveyard")


# --------------------------------------------------------------------------- failures


def test_nonsense_yields_unsupported_with_the_clause() -> None:
    cc = instant("Frobnicate the widget.")
    assert cc.abilities == (
        Unsupported(clause="Frobnicate the widget.", reason="no grammar rule: unexpected 'frobnicate'"),
    )
    assert not cc.playable


def test_nonsense_sentence_among_good_ones_names_that_sentence() -> None:
    cc = instant("Draw a card. Blorp the zorp. You gain 2 life.")
    assert len(cc.abilities) == 1
    u = cc.abilities[0]
    assert isinstance(u, Unsupported)
    assert u.clause == "Blorp the zorp."


def test_unsupported_line_does_not_hide_the_others() -> None:
    cc = creature("Flying\nWhenever this creature wibbles, draw a card.\n{T}: Add {G}.")
    assert cc.abilities[0] == Keyword("flying", text="Flying")
    assert isinstance(cc.abilities[1], Unsupported)
    assert cc.abilities[1].clause == "Whenever this creature wibbles, draw a card."
    assert cc.abilities[2] == Activated(
        Cost(tap=True), (AddMana("{G}"),), mana_ability=True, text="{T}: Add {G}."
    )


def test_ir_gap_gives_reason() -> None:
    cc = instant("Destroy target artifact creature.")
    u = cc.abilities[0]
    assert isinstance(u, Unsupported)
    assert u.clause == "Destroy target artifact creature."
    assert "several card types" in u.reason


@pytest.mark.parametrize(
    "text",
    [
        "",
        ".",
        ":",
        "—",
        "• •",
        "{T}:",
        "[+1]:",
        "When",
        "Choose one —",
        "Target",
        "(((",
        "~~~",
        "\n\n",
        "+1/+1",
    ],
)
def test_garbage_never_raises(text: str) -> None:
    cc = compile_text(text, type_line="Sorcery")
    for a in cc.abilities:
        assert isinstance(a, Unsupported) and a.clause
    cc = compile_text(text, type_line="Creature")
    for a in cc.abilities:
        assert isinstance(a, Unsupported) and a.clause


# --------------------------------------------------------------------------- API


def test_compile_card_is_cached_by_face() -> None:
    clear_cache()
    face = SimpleFace("Cache Test", "Flying", "Creature", ("creature",))
    first = compile_card(face)
    assert compile_card(face) is first
    assert first == CompiledCard("Cache Test", (Keyword("flying", text="Flying"),))
    # the same name with another text (a custom card file) compiles on its own and does
    # not replace what the first face compiles to
    other = SimpleFace("Cache Test", "Reach", "Creature", ("creature",))
    assert compile_card(other) == CompiledCard("Cache Test", (Keyword("reach", text="Reach"),))
    assert compile_card(face) is first


def test_grammar_is_lalr_without_conflicts() -> None:
    # lark's strict mode raises on any shift/reduce or reduce/reduce conflict
    parser = get_parser()
    assert parser.options.parser == "lalr"
    assert parser.options.strict


@pytest.mark.cr("603.2")
def test_self_or_another_needs_the_source_to_match() -> None:
    ok = compile_text(
        "Whenever this creature or another Ally you control enters, you gain 1 life.",
        name="Ally Guy",
        type_line="Creature — Human Ally",
    )
    assert ok.abilities[0] == Triggered(
        Trigger("enters", filter=Filter(subtypes=("ally",), controller="you")),
        (GainLife(1),),
        text="Whenever this creature or another Ally you control enters, you gain 1 life.",
    )
    bad = compile_text(
        "Whenever this creature or another Ally you control enters, you gain 1 life.",
        name="Not Ally",
        type_line="Creature — Human",
    )
    assert isinstance(bad.abilities[0], Unsupported)


def test_may_covers_the_rest_of_the_chain() -> None:
    cc = creature(
        "When this creature enters, you may search your library for a Forest card, reveal it, "
        "put it into your hand, then shuffle."
    )
    t = cc.abilities[0]
    assert isinstance(t, Triggered)
    assert t.effects == (
        May((SearchLibrary(Filter(subtypes=("forest",), zone="library"), 1, "hand", reveal=True),)),
    )


def test_no_reference_back_to_a_created_token() -> None:
    cc = compile_text(
        "When this Equipment enters, create a 1/1 white Soldier creature token, then attach this Equipment to it.",
        type_line="Artifact — Equipment",
    )
    assert isinstance(cc.abilities[0], Unsupported)


def test_spell_cannot_act_on_itself() -> None:
    cc = instant("Draw a card. Exile Test Spell.")
    assert isinstance(cc.abilities[0], Unsupported)
    assert cc.abilities[0].clause == "Exile Test Spell."


def test_split_card_is_unsupported() -> None:
    face = SimpleFace(
        "Fire // Ice", "Fire deals 2 damage divided as you choose.", "Instant", ("instant",), layout="split"
    )
    cc = compile_card(face)
    assert not cc.playable
    assert cc.abilities[-1].clause == "Fire // Ice"  # type: ignore[union-attr]


def test_ability_words_are_ignored() -> None:
    cc = creature(
        "Landfall — Whenever a land you control enters, this creature gets +2/+2 until end of turn."
    )
    assert cc.abilities == (
        Triggered(
            Trigger("enters", filter=Filter(types=("land",), controller="you")),
            (ApplyContinuous(Modify(Ref("self"), 2, 2)),),
            text="Landfall — Whenever a land you control enters, this creature gets +2/+2 until end of turn.",
        ),
    )
