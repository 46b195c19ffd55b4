"""The table model (karn.table): what a front end shows a player, and answering by ids.

Issue 8 part 1-2: stable option ids, multi-select combat, the compact log, auto-pass
stopping where a real choice exists.
"""

from __future__ import annotations

import msgspec
import pytest

from karn import Action, Game
from karn.engine.state import BATTLEFIELD, player_ref
from karn.table import AutoPass, NeedsChoice, PlayerSession, Table, auto_answer, build_table, find_cards
from karn.table.voice import Voice

ME, OPP = 0, 1


def setup(
    mine: dict[str, list[str]], theirs: dict[str, list[str]], active: int = ME, step: str = "precombat_main"
) -> Game:
    g = Game.empty()
    for _ in range(10):
        g.add_card(ME, "Wastes", "library")
        g.add_card(OPP, "Wastes", "library")
    for player, zones in ((ME, mine), (OPP, theirs)):
        for zone, names in zones.items():
            for name in names:
                g.add_card(player, name, zone)
    g.begin_at(active, step)
    return g


def ids(g: Game, player: int = ME) -> dict[str, str]:
    t = build_table(g, player)
    assert t.prompt is not None
    return {o.id: o.key for o in t.prompt.options}


def find(g: Game, kind: str) -> Action:
    return next(a for a in g.legal_actions() if a.kind == kind)


def name_of(g: Game, oid: int) -> str:
    return g.obj(oid).name


# --------------------------------------------------------------------------- stable ids and multi-select


@pytest.mark.cr("508.1")
def test_attackers_keep_their_ids_and_keys_while_the_player_picks() -> None:
    g = setup(
        {BATTLEFIELD: ["Grizzly Bears", "Hill Giant", "Centaur Courser"]}, {}, step="beginning_of_combat"
    )
    g.apply(Action("pass"))
    g.apply(Action("pass"))
    s = PlayerSession(g, ME)
    p = s.prompt()
    assert p is not None and p.kind == "attackers" and p.multi and p.default == "done"
    before = {o.id: o.key for o in p.options if o.kind == "attacker"}
    assert list(before.values()) == ["1", "2", "3"]
    s.answer("1")  # by key
    p = s.prompt()
    assert p is not None
    after = {o.id: o.key for o in p.options if o.kind == "attacker"}
    assert after == before  # nothing renumbered
    picked = [o for o in p.options if o.selected]
    assert [o.key for o in picked] == ["1"] and picked[0].detail == "attacking Opponent"
    s.answer(next(i for i, k in before.items() if k == "3"))  # by id
    s.answer("1")  # picking again takes it back
    p = s.prompt()
    assert p is not None
    assert [o.key for o in p.options if o.selected] == ["3"]
    assert {o.id: o.key for o in p.options if o.kind == "attacker"} == before
    s.answer("all")
    p = s.prompt()
    assert p is not None and all(o.selected for o in p.options if o.kind == "attacker")
    assert "3 creatures" in next(o.label for o in p.options if o.id == "done")
    s.answer("done")
    assert len(g.state.combat.attackers) == 3 if g.state.combat else False


@pytest.mark.cr("508.1")
def test_no_attacks_declares_none() -> None:
    g = setup({BATTLEFIELD: ["Grizzly Bears", "Hill Giant"]}, {}, step="beginning_of_combat")
    g.apply(Action("pass"))
    g.apply(Action("pass"))
    s = PlayerSession(g, ME)
    s.answer("1")
    s.answer("n")
    assert g.decision is not None and g.decision.kind != "attackers"
    assert any("declares no attackers" in e.text for e in g.log)


@pytest.mark.cr("509.1")
def test_blockers_pick_a_blocker_then_its_attacker() -> None:
    g = setup(
        {BATTLEFIELD: ["Hill Giant", "Grizzly Bears"]},
        {BATTLEFIELD: ["Centaur Courser", "Trained Armodon"]},
        active=OPP,
        step="beginning_of_combat",
    )
    g.apply(Action("pass"))
    g.apply(Action("pass"))
    for a in list(g.legal_actions()):
        if a.kind == "attack" and a.a not in (g.state.combat.attackers if g.state.combat else {}):
            g.apply(a, player=OPP)
    g.apply(Action("done"), player=OPP)
    while g.decision is not None and g.decision.kind == "priority":
        g.apply(Action("pass"))
    s = PlayerSession(g, ME, AutoPass())
    p = s.prompt()
    assert p is not None and p.kind == "blockers" and p.default == "done"
    blockers = [o for o in p.options if o.kind == "blocker"]
    assert [o.key for o in blockers] == ["1", "2"]
    assert all(len(o.choices) == 2 for o in blockers)  # two attackers: a second pick
    with pytest.raises(NeedsChoice):
        s.answer("1")
    first = blockers[0]
    target = first.choices[1]
    s.answer(target.id)  # "block:B:A" alone: the blocker and its attacker
    p = s.prompt()
    assert p is not None
    again = [o for o in p.options if o.kind == "blocker"]
    assert [(o.id, o.key) for o in again] == [(o.id, o.key) for o in blockers]
    assert again[0].selected and again[0].detail == f"blocking {target.label.removeprefix('block ')}"
    assert any(c.id == f"unblock:{first.object}" for c in again[0].choices)
    s.answer("n")  # no blocks: takes the block back and is done
    assert g.state.combat is not None and not g.state.combat.blockers
    assert g.decision is not None and g.decision.kind != "blockers"


@pytest.mark.cr("117.1")
def test_priority_options_keep_a_stable_order_and_hide_mana_abilities() -> None:
    g = setup({"hand": ["Shock", "Mountain", "Lightning Bolt"], BATTLEFIELD: ["Mountain", "Mountain"]}, {})
    p = build_table(g, ME).prompt
    assert p is not None and p.default == "pass"
    labels = [o.label for o in p.options]
    assert labels[:4] == ["pass priority", "play Mountain", "cast Lightning Bolt", "cast Shock"]
    assert [o.key for o in p.options[:4]] == ["1", "2", "3", "4"]
    assert not any(o.kind == "mana" for o in p.options)  # hidden by default
    assert "2 hidden" in p.hint
    shown = build_table(g, ME, AutoPass(show_mana_abilities=True)).prompt
    assert shown is not None and sum(o.kind == "mana" for o in shown.options) == 2
    assert {"pass_turn", "pass_until_mine"} <= {o.id for o in p.options}


# --------------------------------------------------------------------------- what the table shows


@pytest.mark.cr("405.1", "601.2c")
def test_the_stack_shows_controller_text_and_targets() -> None:
    g = setup({"hand": ["Lightning Bolt"], BATTLEFIELD: ["Mountain"]}, {BATTLEFIELD: ["Grizzly Bears"]})
    s = PlayerSession(g, ME)
    bears = next(o for o in g.state.battlefield if name_of(g, o) == "Grizzly Bears")
    s.answer(next(o.id for o in s.prompt().options if o.label == "cast Lightning Bolt"))  # type: ignore[union-attr]
    s.answer(f"target:{bears}")
    s.auto_pass()  # auto-pay
    for t in (build_table(g, ME), build_table(g, OPP)):
        (entry,) = t.stack
        assert entry.name == "Lightning Bolt" and entry.kind == "spell"
        assert "3 damage" in entry.text
        assert [x.id for x in entry.targets] == [bears] and entry.targets[
            0
        ].name == f"Grizzly Bears (#{bears})"
    assert build_table(g, ME).stack[0].controller_name == "You"
    assert build_table(g, OPP).stack[0].controller_name == "Opponent"


@pytest.mark.cr("303.4", "302.6")
def test_cards_show_text_attachments_and_summoning_sickness() -> None:
    g = setup({"hand": ["Holy Strength"], BATTLEFIELD: ["Plains", "Grizzly Bears"]}, {})
    bears = next(o for o in g.state.battlefield if name_of(g, o) == "Grizzly Bears")
    g.obj(bears).sick = True
    g.dirty()
    s = PlayerSession(g, ME)
    s.answer(next(o.id for o in s.prompt().options if o.label == "cast Holy Strength"))  # type: ignore[union-attr]
    s.answer(f"target:{bears}")
    s.auto_pass()
    g.apply(Action("pass"), player=OPP)
    t = build_table(g, ME)
    seat = t.seats[ME]
    bear = next(c for c in seat.creatures if c.id == bears)
    aura = next(c for c in seat.others if c.name == "Holy Strength")
    assert bear.sick and bear.power == 3 and bear.toughness == 4  # 613: the Aura's +1/+2
    assert aura.attached_to == bears and bear.attachments == (aura.id,)
    assert "Enchant creature" in aura.text and aura.type_line == "Enchantment — Aura"
    hand_text = [c.text for c in seat.hand]
    assert hand_text == []
    assert t.seats[OPP].hand == [] and t.seats[OPP].name == "Opponent" and seat.name == "You"


def test_the_table_is_json_as_is() -> None:
    g = Game.new("red_burn", "green_stompy", seed=3)
    t = build_table(g, g.decision.player if g.decision else 0)
    data = msgspec.json.encode(t)
    assert msgspec.json.decode(data, type=Table) == t
    spectator = build_table(g, None)
    assert spectator.prompt is None and all(seat.hand == [] for seat in spectator.seats)


# --------------------------------------------------------------------------- the log


@pytest.mark.cr("117.3d", "500.1")
def test_the_compact_log_folds_passes_and_empty_steps() -> None:
    g = Game.new("red_burn", "green_stompy", seed=5)
    sessions = [PlayerSession(g, p) for p in (0, 1)]
    while g.state.turn < 4 and not g.is_over():
        d = g.decision
        assert d is not None
        s = sessions[d.player]
        if s.auto_step()[0] is None:
            p = s.prompt()
            assert p is not None
            s.answer(p.default or p.options[0].id)
    full = build_table(g, 0, log_from=0, compact=False)
    compact = build_table(g, 0, log_from=0)
    assert len(full.log) == full.log_size == len(g.log)
    assert not any("passes priority" in line.text for line in compact.log)
    assert len(compact.log) < len(full.log) / 2
    # Every entry is shown or counted as folded into the next line shown.
    assert len(compact.log) + sum(line.folded for line in compact.log) <= len(full.log)
    steps = [line for line in compact.log if line.kind == "step"]
    nxt = {line.index for line in compact.log}
    for line in steps:
        # A step shown has something after it in the same step (or it is the current one).
        later = [x for x in compact.log if x.index > line.index]
        assert not later or later[0].kind == "event" or line is compact.log[-1] or line.index in nxt
    assert all(line.rule for line in compact.log)
    # Each line keeps its index in the whole log.
    for line in compact.log:
        assert g.log[line.index].rule == line.rule


def test_log_and_prompts_speak_to_you() -> None:
    v = Voice(["A", "B"], 0)
    assert v.text("A casts Shock targeting B") == "You cast Shock targeting Opponent"
    assert v.text("turn 3: A's turn begins") == "turn 3: Your turn begins"
    assert v.text("A shuffles their library") == "You shuffle your library"
    assert v.text("Grizzly Bears attacks A") == "Grizzly Bears attacks you"
    assert v.text("A has 0 life and loses the game") == "You have 0 life and lose the game"
    assert (
        v.text("A takes the first turn and skips its first draw")
        == "You take the first turn and skip your first draw"
    )
    assert v.text("A passes priority") == "You pass priority"
    assert v.text("choose a card A discards") == "choose a card you discard"
    assert v.text("deals 2 damage to A this turn") == "deals 2 damage to you this turn"
    assert v.text("B passes priority") == "Opponent passes priority"
    assert Voice(["A", "B", "C"], 0).text("B casts Shock") == "B casts Shock"
    tavern = Voice(["You", "AI"], 0, ["You Meet in a Tavern", "Shock"])
    assert tavern.text("AI casts You Meet in a Tavern") == "Opponent casts You Meet in a Tavern"
    assert tavern.text("You casts Shock") == "You cast Shock"


# --------------------------------------------------------------------------- stops and auto-pass


@pytest.mark.cr("117.3d", "601.2")
def test_auto_pass_stops_when_the_opponent_casts_a_spell() -> None:
    g = setup(
        {"hand": ["Shock"], BATTLEFIELD: ["Mountain", "Grizzly Bears"]},
        {"hand": ["Lightning Bolt"], BATTLEFIELD: ["Mountain"]},
        active=OPP,
    )
    me = PlayerSession(g, ME, AutoPass())
    me.settings.pass_until_end_of_turn(g.state.turn)  # even then
    bears = next(o for o in g.state.battlefield if name_of(g, o) == "Grizzly Bears")
    g.apply(find(g, "cast"), player=OPP)
    g.apply(Action("target", bears), player=OPP)
    g.apply(Action("pay"), player=OPP)
    g.apply(Action("pass"), player=OPP)
    assert g.decision is not None and g.decision.player == ME
    action, why = me.auto_step()
    assert action is None and "Lightning Bolt" in why
    p = me.prompt()
    assert p is not None and p.kind == "priority"
    assert f"Opponent casts Lightning Bolt targeting Grizzly Bears (#{bears})" in p.text
    assert any(o.label == "cast Shock" for o in p.options)
    t = build_table(g, ME)
    assert [c.zone for c in find_cards(t, "bolt", g)] == ["stack"]  # ? bolt finds the spell


@pytest.mark.cr("117.3d")
def test_auto_pass_lets_a_spell_resolve_when_there_is_no_answer() -> None:
    g = setup(
        {BATTLEFIELD: ["Grizzly Bears"]}, {"hand": ["Lightning Bolt"], BATTLEFIELD: ["Mountain"]}, active=OPP
    )
    me = PlayerSession(g, ME)
    g.apply(find(g, "cast"), player=OPP)
    g.apply(Action("target", player_ref(ME)), player=OPP)
    g.apply(Action("pay"), player=OPP)
    g.apply(Action("pass"), player=OPP)
    assert g.decision is not None and g.decision.player == ME
    action, why = me.auto_step()
    assert action is not None and action.kind == "pass" and why == "nothing to do but pass"


@pytest.mark.cr("603.3d")
def test_auto_pass_never_answers_a_trigger_that_needs_a_target() -> None:
    g = setup(
        {"hand": ["Man-o'-War"], BATTLEFIELD: ["Island", "Island", "Island"]}, {BATTLEFIELD: ["Hill Giant"]}
    )
    me = PlayerSession(g, ME, AutoPass())
    me.answer(next(o.id for o in me.prompt().options if o.label == "cast Man-o'-War"))  # type: ignore[union-attr]
    me.auto_pass()  # pays, passes with its own spell on the stack
    g.apply(Action("pass"), player=OPP)  # it resolves; the trigger needs a target
    assert me.auto_pass() == 0
    p = me.prompt()
    assert p is not None and p.kind == "target" and p.rule == "603.3d"
    assert len([o for o in p.options if o.kind == "target"]) == 2


@pytest.mark.cr("601.2h")
def test_auto_pay_by_default_and_manual_tapping_on_request() -> None:
    g = setup({"hand": ["Grizzly Bears"], BATTLEFIELD: ["Forest", "Forest"]}, {})
    manual = PlayerSession(g.copy(), ME, AutoPass(auto_pay=False))
    auto = PlayerSession(g, ME)
    for s in (auto, manual):
        s.answer(next(o.id for o in s.prompt().options if o.label == "cast Grizzly Bears"))  # type: ignore[union-attr]
    auto.auto_step()
    assert g.decision is not None and g.decision.kind == "priority" and g.state.stack
    action, _ = manual.auto_step()
    p = manual.prompt()
    assert action is None and p is not None and p.kind == "pay" and p.default == "pay"
    assert sum(o.kind == "mana" for o in p.options) == 2  # tap by hand
    manual.answer(next(o.id for o in p.options if o.kind == "mana"))
    p = manual.prompt()
    assert p is not None and p.kind == "pay" and p.text.endswith("(in your pool: {G}; still to pay: {1})")


@pytest.mark.cr("505.1", "508.1")
def test_default_stops_own_main_phases_and_combat_but_not_empty_steps() -> None:
    g = Game.new("red_burn", "green_stompy", seed=8)
    sessions = [PlayerSession(g, p) for p in (0, 1)]
    stops: list[tuple[int, int, str, str]] = []
    while g.state.turn < 8 and not g.is_over():
        d = g.decision
        assert d is not None
        s = sessions[d.player]
        action, why = s.auto_step()
        if action is not None:
            continue
        p = s.prompt()
        assert p is not None
        if d.kind == "priority":
            stops.append((d.player, g.state.turn, g.state.step, why))
        s.answer(p.default or p.options[0].id)
    assert stops
    for _player, _turn, step, why in stops:
        assert step in (
            "precombat_main",
            "postcombat_main",
            "end",
            "declare_attackers",
            "declare_blockers",
        ) or ("stack" in why), (step, why)
    assert all(step not in ("upkeep", "draw", "untap", "cleanup") for _p, _t, step, _w in stops)


def test_pass_until_my_turn_passes_through_the_opponents_turn() -> None:
    g = setup(
        {"hand": ["Shock"], BATTLEFIELD: ["Mountain"]},
        {"hand": ["Grizzly Bears"], BATTLEFIELD: ["Forest", "Forest"]},
        active=ME,
    )
    settings = AutoPass()
    me = PlayerSession(g, ME, settings)
    me.answer("pass_until_mine")
    assert settings.pass_until == "my_turn"
    opp = PlayerSession(g, OPP)
    seen_stop = []
    while not (g.state.active == ME and g.state.turn > 1) and not g.is_over():
        d = g.decision
        assert d is not None
        if d.player == OPP:
            if opp.auto_step()[0] is None:
                p = opp.prompt()
                assert p is not None
                cast = next((o for o in p.options if o.label == "cast Grizzly Bears"), None)
                opp.answer(cast.id if cast is not None else p.default or p.options[0].id)
            continue
        action, why = me.auto_step()
        if action is None:
            seen_stop.append((g.state.step, why))
            me.answer("pass")
    # Only the opponent's spell stopped the player (they held Shock), nothing else.
    assert [why for _s, why in seen_stop] == ["an opponent put Grizzly Bears on the stack"]


def test_auto_answer_leaves_other_players_decisions_alone() -> None:
    g = setup({}, {}, active=OPP)
    obs = g.observation(ME)
    assert auto_answer(obs, g.legal_actions(), AutoPass()) == (None, "not your decision")


@pytest.mark.cr("117.3d", "405.1")
def test_a_stop_for_an_opponents_spell_holds_until_answered_and_only_once() -> None:
    g = setup(
        {"hand": ["Shock", "Shock"], BATTLEFIELD: ["Mountain", "Mountain", "Grizzly Bears"]},
        {"hand": ["Lightning Bolt"], BATTLEFIELD: ["Mountain"]},
        active=OPP,
    )
    me = PlayerSession(g, ME)
    g.apply(find(g, "cast"), player=OPP)
    g.apply(Action("target", player_ref(ME)), player=OPP)
    g.apply(Action("pay"), player=OPP)
    g.apply(Action("pass"), player=OPP)
    assert me.auto_step()[0] is None
    assert me.auto_step()[0] is None  # asking again (a reconnect, a redraw) stops again
    p = me.prompt()
    assert p is not None
    me.answer(next(o.id for o in p.options if o.label == "cast Shock"))
    me.answer(f"target:{player_ref(OPP)}")
    me.auto_pass()  # auto-pay, then pass with the Shock on top
    assert g.decision is not None and g.decision.player == OPP
    g.apply(Action("pass"), player=OPP)  # the Shock resolves
    g.apply(Action("pass"), player=OPP)  # the opponent passes again, Bolt still on the stack
    assert g.decision is not None and g.decision.player == ME
    action, why = me.auto_step()
    assert action is not None and action.kind == "pass", why  # the Bolt was seen
    assert why.startswith("your own spell or ability, or one you saw")  # though a Shock is left


@pytest.mark.cr("605.3b")
def test_the_compact_log_says_a_run_of_taps_in_one_line() -> None:
    g = setup({"hand": ["Hill Giant"], BATTLEFIELD: ["Mountain", "Mountain", "Mountain", "Mountain"]}, {})
    s = PlayerSession(g, ME)
    s.answer(next(o.id for o in s.prompt().options if o.label == "cast Hill Giant"))  # type: ignore[union-attr]
    s.auto_pass()
    compact = [line.text for line in build_table(g, ME).log]
    full = [line.text for line in build_table(g, ME, compact=False).log]
    assert "You tap Mountain ×4 for {R}{R}{R}{R}" in compact
    assert sum(1 for t in full if t.startswith("You tap Mountain (#")) == 4
    assert "You cast Hill Giant" in compact


@pytest.mark.cr("508.1b")
def test_an_attacker_picks_whom_it_attacks_when_there_is_a_planeswalker() -> None:
    g = setup(
        {BATTLEFIELD: ["Grizzly Bears"]}, {BATTLEFIELD: ["Garruk Wildspeaker"]}, step="beginning_of_combat"
    )
    g.apply(Action("pass"))
    g.apply(Action("pass"))
    s = PlayerSession(g, ME)
    p = s.prompt()
    assert p is not None and p.kind == "attackers"
    (bears,) = [o for o in p.options if o.kind == "attacker"]
    assert [c.label for c in bears.choices] == ["attack Opponent", next(c.label for c in bears.choices[1:])]
    assert bears.choices[1].label.startswith("attack Garruk Wildspeaker (#")
    s.answer("1", "2")
    p = s.prompt()
    assert p is not None
    (bears,) = [o for o in p.options if o.kind == "attacker"]
    assert bears.selected and bears.detail.startswith("attacking Garruk Wildspeaker")
    s.answer("1", "1")  # changes its mind: attacks the player instead
    p = s.prompt()
    assert p is not None
    (bears,) = [o for o in p.options if o.kind == "attacker"]
    assert bears.detail == "attacking Opponent"


@pytest.mark.cr("500.1")
def test_the_recap_says_what_the_opponent_did_last_turn() -> None:
    g = Game.new("red_burn", "green_stompy", seed=12)
    sessions = [PlayerSession(g, p) for p in (0, 1)]
    while g.state.turn < 6 and not g.is_over():
        d = g.decision
        assert d is not None
        s = sessions[d.player]
        if s.auto_step()[0] is None:
            p = s.prompt()
            assert p is not None
            land = next((o for o in p.options if o.label.startswith(("play ", "cast "))), None)
            s.answer(land.id if land is not None else p.default or p.options[0].id)
    me = g.state.active
    recap = build_table(g, me).recap
    assert recap.startswith("Opponent's turn 5: ") and "played " in recap
    assert build_table(g, 1 - me).recap == ""  # the turn before was their own
    assert build_table(g, None).recap.startswith(f"{g.pname(1 - me)}'s turn 5: ")


@pytest.mark.cr("400.2", "400.7")
def test_the_table_shows_the_hidden_cards_the_viewer_knows_and_no_others() -> None:
    g = setup(
        {"hand": ["Unsummon"], BATTLEFIELD: ["Island"]},
        {"hand": ["Lightning Bolt"], BATTLEFIELD: ["Grizzly Bears"]},
    )
    s = PlayerSession(g, ME)
    bears = next(o for o in g.state.battlefield if name_of(g, o) == "Grizzly Bears")
    s.answer(next(o.id for o in s.prompt().options if o.label == "cast Unsummon"))  # type: ignore[union-attr]
    s.answer(f"target:{bears}")
    s.auto_pass()
    g.apply(Action("pass"), player=OPP)
    for viewer in (ME, None):
        t = build_table(g, viewer)
        assert [(c.name, c.zone, c.owner) for c in t.known] == [("Grizzly Bears", "hand", OPP)]
        text = msgspec.json.encode(t).decode()
        assert "Lightning Bolt" not in text  # the opponent's other card stays hidden


@pytest.mark.cr("117.3d")
def test_holding_an_instant_through_a_quiet_opponents_turn_asks_nothing() -> None:
    # Review finding 11: holding Shock with an untapped Mountain used to ask in every step.
    g = setup(
        {"hand": ["Shock"], BATTLEFIELD: ["Mountain"]},
        {"hand": ["Forest"], BATTLEFIELD: ["Forest"]},
        active=OPP,
        step="upkeep",
    )
    me, opp = PlayerSession(g, ME), PlayerSession(g, OPP)
    asked: list[str] = []
    while g.state.active == OPP and not g.is_over():
        d = g.decision
        assert d is not None
        s = me if d.player == ME else opp
        action, why = s.auto_step()
        if action is None:
            if s is me:
                asked.append(f"{g.state.step}: {why}")
            p = s.prompt()
            assert p is not None
            play = next((o for o in p.options if o.label == "play Forest"), None)
            s.answer(play.id if play is not None else "pass")
    assert asked == []
    # Then the player's own main phase stops them (a spell to cast), and nothing before it.
    while True:
        d = g.decision
        assert d is not None
        s = me if d.player == ME else opp
        action, why = s.auto_step()
        if action is None:
            break
    assert d.player == ME and g.state.step == "precombat_main" and why == "a stop: precombat main"


@pytest.mark.cr("601.2c", "601.2h")
def test_target_and_pay_prompts_say_which_target_and_what_is_left_to_pay() -> None:
    g = setup({"hand": ["Fireball", "Shock"], BATTLEFIELD: ["Mountain", "Mountain", "Mountain"]}, {})
    s = PlayerSession(g, ME, AutoPass(auto_pay=False))
    s.answer(next(o.id for o in s.prompt().options if o.label == "cast Shock"))  # type: ignore[union-attr]
    p = s.prompt()
    assert p is not None and p.kind == "target" and p.text == "Choose any target for Shock"
    s.answer("cancel")
    s.answer(next(o.id for o in s.prompt().options if o.label == "cast Fireball"))  # type: ignore[union-attr]
    p = s.prompt()
    while p is not None and p.kind != "target":
        s.answer(next(o.id for o in p.options if o.id.startswith("x:") and o.label == "1"))
        p = s.prompt()
    assert p is not None and p.text == "Choose any number of targets for Fireball (target 1)"
    s.answer(next(o.id for o in p.options if o.kind == "target"))
    p = s.prompt()
    assert p is not None and p.text == "Choose any number of targets for Fireball (target 2)"
    s.answer(next(o.id for o in p.options if o.id == "done"))
    p = s.prompt()
    assert p is not None and p.kind == "pay" and p.text == "Pay {1}{R} for Fireball"
    s.answer(next(o.id for o in p.options if o.kind == "mana"))
    p = s.prompt()
    assert p is not None and p.text == "Pay {1}{R} for Fireball (in your pool: {R}; still to pay: {1})"
    s.answer(next(o.id for o in p.options if o.kind == "mana"))
    p = s.prompt()
    assert p is not None and p.text == "Pay {1}{R} for Fireball (in your pool: {R}{R}; still to pay: nothing)"


@pytest.mark.cr("601.2c")
def test_a_target_prompt_counts_the_picks_of_its_slot() -> None:
    from karn import ir
    from karn.engine.casting import _target_count

    assert _target_count(ir.TargetSpec(players="any"), 0) == ""
    assert _target_count(ir.TargetSpec(min=2, max=2), 1) == " (target 2 of 2)"
    assert _target_count(ir.TargetSpec(min=1, max=3), 0) == " (target 1 of up to 3)"
    assert _target_count(ir.TargetSpec(min=0, max=None), 4) == " (target 5)"
    assert _target_count(ir.TargetSpec(per_opponent=True), 1) == " (target 2)"
