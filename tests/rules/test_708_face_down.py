"""Face-down spells and permanents (708), morph (702.37) and manifest (701.40): the Oracle
wordings, the characteristics of layer 1b (613.2b), copies (707.2-707.3), new timestamps
(613.7f) and what each player may see of them (708.5, 708.9)."""

from __future__ import annotations

import msgspec
import pytest

from karn import Action, Game
from karn.engine import casting
from karn.engine.state import BATTLEFIELD
from karn.engine.values import CopyValues
from karn.ir.nodes import Manifest, Morph, Ref, SpellAbility, Triggered
from karn.oracle import compile_text
from karn.table.build import build_table
from karn.table.cards import FACE_DOWN_NAME

# --------------------------------------------------------------------------- the compiler


@pytest.mark.cr("702.37a", "702.37b")
def test_morph_and_megamorph_compile_with_their_costs() -> None:
    cc = compile_text("Morph {2}{B}{B}", name="Test Demon", type_line="Creature — Demon")
    assert cc.abilities == (Morph("{2}{B}{B}", text="Morph {2}{B}{B}"),)
    cc = compile_text("Megamorph {1}{G}", name="Test Dog", type_line="Creature — Dog")
    assert cc.abilities == (Morph("{1}{G}", mega=True, text="Megamorph {1}{G}"),)
    assert cc.playable


@pytest.mark.cr("702.37a")
def test_a_morph_cost_that_is_not_mana_is_refused() -> None:
    cc = compile_text("Morph—Pay 5 life.", name="Test Zombie", type_line="Creature — Zombie")
    assert not cc.playable


@pytest.mark.cr("701.40a", "708.8")
def test_manifest_and_the_turned_face_up_trigger_compile() -> None:
    cc = compile_text("Manifest the top card of your library.", name="Test Summons", type_line="Sorcery")
    (spell,) = cc.abilities
    assert isinstance(spell, SpellAbility) and spell.effects == (Manifest(Ref("you")),)
    cc = compile_text(
        "When this creature is turned face up, you gain 2 life.",
        name="Test Bird",
        type_line="Creature — Bird",
    )
    (trig,) = cc.abilities
    assert isinstance(trig, Triggered) and trig.trigger.event == "turned_face_up" and trig.trigger.self_only


# --------------------------------------------------------------------------- games


def _game(mine: list[tuple[str, str]], theirs: tuple[tuple[str, str], ...] = (), **face_down: str) -> Game:
    g = Game.empty()
    for player, cards in ((0, mine), (1, theirs)):
        for _ in range(6):
            g.add_card(player, "Wastes", "library")
        for name, zone in cards:
            fields = (
                {"face_down": face_down[name.replace(" ", "_")]}
                if name.replace(" ", "_") in face_down
                else {}
            )
            g.add_card(player, name, zone, **fields)
    g.begin_at(0, "precombat_main")
    return g


def _take(g: Game, kind: str, name: str = "", b: int | None = None) -> None:
    for a in g.legal_actions():
        if a.kind == kind and (not name or name in a.label) and (b is None or a.b == b):
            g.apply(a)
            return
    raise AssertionError(f"no {kind} {name!r} among {[str(a) for a in g.legal_actions()]}")


def _resolve(g: Game) -> None:
    while g.state.stack and g.decision is not None and g.decision.kind == "priority":
        g.apply(Action("pass"))


def _cast_demon_face_down(g: Game) -> None:
    _take(g, "cast", "Grinning Demon", b=1)
    _take(g, "pay")


SWAMPS = [("Swamp", BATTLEFIELD)] * 7


@pytest.mark.cr("708.4", "708.5", "702.37c")
def test_a_face_down_spell_is_hidden_from_the_opponent_and_known_to_its_controller() -> None:
    g = _game([*SWAMPS, ("Grinning Demon", "hand")])
    _cast_demon_face_down(g)
    mine, theirs = g.observation(0, log_from=0), g.observation(1, log_from=0)
    (spell,) = theirs.stack
    assert spell.face_down and spell.name == "" and spell.types == ("creature",) and spell.mana_value == 0
    assert not any("Grinning Demon" in e.text for e in theirs.log)
    assert not any(k.name == "Grinning Demon" for k in theirs.known)
    assert any(k.id == spell.id and k.name == "Grinning Demon" and k.zone == "stack" for k in mine.known)
    assert any("casts Grinning Demon face down" in e.text for e in mine.log)
    spectator = g.public_observation(log_from=0)
    assert not any("Grinning Demon" in e.text for e in spectator.log)


@pytest.mark.cr("708.2a", "708.5", "613.2b")
def test_a_face_down_permanent_is_a_nameless_2_2_to_the_opponent_and_on_their_table() -> None:
    g = _game([*SWAMPS, ("Grinning Demon", "hand")])
    _cast_demon_face_down(g)
    _resolve(g)
    theirs = g.observation(1, log_from=0)
    (demon,) = [p for p in theirs.battlefield if p.power is not None]
    assert demon.face_down and demon.name == "" and (demon.power, demon.toughness) == (2, 2)
    assert demon.colors == () and demon.subtypes == () and demon.abilities == () and demon.mana_value == 0
    assert "Grinning Demon" not in msgspec.json.encode(theirs).decode()
    table = build_table(g, 1)
    (card,) = [c for seat in table.seats for c in seat.creatures]
    assert card.name == FACE_DOWN_NAME and card.face_down and card.face == "" and card.text == ""
    assert "Grinning Demon" not in msgspec.json.encode(table).decode()
    (own,) = [c for seat in build_table(g, 0).seats for c in seat.creatures]
    assert own.face == "Grinning Demon" and own.name == FACE_DOWN_NAME


@pytest.mark.cr("708.5")
def test_determinization_resamples_an_opponents_face_down_permanent() -> None:
    """708.5: another of its owner's hidden cards may be the face-down one, but only one with
    morph: it was seen cast face down with morph (702.37c); a manifested one may be any card."""
    g = _game([*SWAMPS, ("Grinning Demon", "hand"), ("Skirk Marauder", "library")])
    _cast_demon_face_down(g)
    _resolve(g)
    (demon,) = [o for o in g.state.battlefield if g.obj(o).face_down]
    names = {g.determinize(1, seed).obj(demon).name for seed in range(24)}
    assert names == {"Grinning Demon", "Skirk Marauder"}, names
    assert {g.determinize(0, seed).obj(demon).name for seed in range(6)} == {"Grinning Demon"}
    manifested = _game([("Grinning Demon", BATTLEFIELD)], Grinning_Demon="manifest")
    (card,) = manifested.state.battlefield
    assert "Wastes" in {manifested.determinize(1, seed).obj(card).name for seed in range(24)}


@pytest.mark.cr("708.9")
def test_a_face_down_permanent_leaving_the_battlefield_is_revealed() -> None:
    g = _game(
        [("Grinning Demon", BATTLEFIELD)],
        (("Mountain", BATTLEFIELD), ("Shock", "hand")),
        Grinning_Demon="morph",
    )
    g.apply(Action("pass"))
    _take(g, "cast", "Shock")
    _take(g, "target", "face-down")
    if g.decision is not None and g.decision.kind == "pay":
        _take(g, "pay")
    _resolve(g)
    theirs = g.observation(1, log_from=0)
    assert any(e.rule == "708.9" and "Grinning Demon" in e.text for e in theirs.log)
    assert [g.obj(o).name for o in g.state.players[0].graveyard] == ["Grinning Demon"]


@pytest.mark.cr("613.7f", "702.37e")
def test_a_permanent_turned_face_up_gets_a_new_timestamp() -> None:
    g = _game([("Grinning Demon", BATTLEFIELD), *SWAMPS], Grinning_Demon="morph")
    (demon,) = [o for o in g.state.battlefield if g.obj(o).face_down]
    before = g.obj(demon).timestamp
    _take(g, "face_up")
    _take(g, "pay")
    assert not g.obj(demon).face_down and g.obj(demon).timestamp > before
    assert g.obj(demon).id == demon  # 708.8: the same object
    assert (g.chars(demon).power, g.chars(demon).toughness) == (6, 6)


@pytest.mark.cr("707.3", "708.10", "613.2a", "613.2b")
def test_a_face_down_creature_that_becomes_a_copy_stays_a_face_down_2_2() -> None:
    # 707.3 examples: a face-down Grinning Demon becomes a copy of Branchsnap Lorian (morph {G}):
    # still a nameless 2/2; it can be turned face up for {G}, and then it is a Branchsnap Lorian.
    g = _game(
        [("Grinning Demon", BATTLEFIELD), ("Forest", BATTLEFIELD), ("Branchsnap Lorian", "hand")],
        Grinning_Demon="morph",
    )
    (demon,) = [o for o in g.state.battlefield if g.obj(o).face_down]
    g.obj(demon).copy_of = CopyValues(name="Branchsnap Lorian")  # the copy effect (layer 1a)
    g.dirty()
    c = g.chars(demon)
    assert (c.name, c.power, c.toughness, c.colors, c.abilities) == ("", 2, 2, frozenset(), ())
    assert casting.face_up_cost(g.ctx, demon) == ("{G}", False)
    _take(g, "face_up")
    _take(g, "pay")
    c = g.chars(demon)
    assert (c.name, c.power, c.toughness, "trample" in c.keywords) == ("Branchsnap Lorian", 4, 1, True)


@pytest.mark.cr("707.3", "708.10", "702.37e")
def test_a_face_down_copy_of_a_creature_without_morph_cant_be_turned_face_up() -> None:
    # 707.3 example: a face-down Grinning Demon that becomes a copy of Wandering Ones (no morph)
    # can't be turned face up as a special action.
    g = _game([("Grinning Demon", BATTLEFIELD), *SWAMPS, ("Wandering Ones", "hand")], Grinning_Demon="morph")
    (demon,) = [o for o in g.state.battlefield if g.obj(o).face_down]
    g.obj(demon).copy_of = CopyValues(name="Wandering Ones")
    g.dirty()
    assert (g.chars(demon).power, g.chars(demon).toughness, g.chars(demon).name) == (2, 2, "")
    assert casting.face_up_cost(g.ctx, demon) is None
    assert not any(a.kind == "face_up" for a in g.legal_actions())


@pytest.mark.cr("613.2b", "613.2c")
def test_explain_shows_layer_1b_after_the_copy_effect() -> None:
    g = _game([("Grinning Demon", BATTLEFIELD), ("Wandering Ones", "hand")], Grinning_Demon="morph")
    (demon,) = [o for o in g.state.battlefield if g.obj(o).face_down]
    g.obj(demon).copy_of = CopyValues(name="Wandering Ones")
    g.dirty()
    lines = g.explain(demon).splitlines()
    copy = next(i for i, line in enumerate(lines) if "layer 1a copy effect" in line)
    face_down = next(i for i, line in enumerate(lines) if "layer 1b face-down (613.2b" in line)
    values = next(i for i, line in enumerate(lines) if "layer 1 copiable values" in line)
    assert copy < face_down < values
    assert "creature (colorless), 2/2" in lines[values]


@pytest.mark.cr("708.5", "708.2")
def test_an_illegal_action_on_a_face_down_object_never_names_it() -> None:
    """The refusal of an opponent's action on a face-down spell or permanent says "a face-down
    spell/permanent", and what's remembered of the spell once it resolved has no name either."""
    from karn import IllegalActionError

    g = _game([*SWAMPS, ("Grinning Demon", "hand")])
    _cast_demon_face_down(g)
    (spell,) = g.state.stack
    g.apply(Action("pass"))  # B has priority with the face-down spell on the stack
    assert g.decision is not None and g.decision.player == 1
    with pytest.raises(IllegalActionError) as refused:
        g.apply(Action("cast", spell))
    assert "Grinning Demon" not in str(refused.value) and "face-down spell" in str(refused.value)
    g.apply(Action("pass"))  # it resolves
    (demon,) = [o for o in g.state.battlefield if g.obj(o).face_down]
    assert "Grinning Demon" not in g.ctx.describe(spell)
    _take(g, "pass")
    while g.decision is not None and g.decision.player != 1:
        g.apply(g.legal_actions()[0])
    with pytest.raises(IllegalActionError) as refused:
        g.apply(Action("activate", demon, 0))
    assert "Grinning Demon" not in str(refused.value) and "face-down permanent" in str(refused.value)


@pytest.mark.cr("707.2", "707.10", "707.10f", "708.2")
def test_a_copy_of_a_face_down_spell_is_a_nameless_2_2_that_names_no_card() -> None:
    # No card karn plays copies a creature spell yet: the copy event is performed directly, as a
    # "copy target creature spell" effect would (707.10).
    from karn.engine.events import CopyOnStack
    from karn.engine.pipeline import perform

    g = _game([*SWAMPS, ("Grinning Demon", "hand")])
    _cast_demon_face_down(g)
    spell = g.state.stack[-1]
    perform(g.ctx, CopyOnStack(obj=spell, controller=1))
    copy = g.state.stack[-1]
    c = g.chars(copy)
    assert (c.name, c.power, c.toughness, c.colors, c.abilities) == ("", 2, 2, frozenset(), ())
    assert not g.state.objects[copy].face_down  # 707.2 example: the copy is face up
    theirs = g.observation(1, log_from=0)
    assert "Grinning Demon" not in msgspec.json.encode(theirs).decode()
    assert any("puts a copy of a face-down spell onto the stack" in e.text for e in theirs.log)
    assert "Grinning Demon" not in msgspec.json.encode(build_table(g, 1)).decode()
    g.dirty()
    _resolve(g)
    tokens = [o for o in g.state.battlefield if g.state.objects[o].token is not None]
    (token,) = tokens  # 707.10f: the copy of a permanent spell resolves into a token
    t = g.chars(token)
    assert (t.name, t.power, t.toughness, t.types) == ("", 2, 2, frozenset({"creature"}))
