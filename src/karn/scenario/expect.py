"""Checking a scenario's expectations (SCENARIOS.md ``expect``) against the game.

Each failed expectation is one message with its line, what was expected and
what the game has, with cards and players by name.
"""

from __future__ import annotations

from karn.engine.state import BATTLEFIELD
from karn.game import Game
from karn.scenario.loader import Expectation, Ref
from karn.scenario.setup import Board, RefError, names_match, same_names


def check(g: Game, board: Board, expectations: list[Expectation]) -> list[str]:
    """The failed expectations, in file order."""
    fails: list[str] = []
    by_subject: dict[str, list[Expectation]] = {}
    for e in expectations:
        by_subject.setdefault(e.subject, []).append(e)
    for subject, group in by_subject.items():
        if subject == "":
            fails += [f for e in group for f in _game(g, board, e)]
        elif group[0].ref is None:
            fails += [f for e in group for f in _player(g, board, e)]
        else:
            fails += _object(g, board, group[0].ref, group)
    return fails


def _fail(e: Expectation, expected: object, got: object) -> str:
    name = f"{e.subject}.{e.key}" if e.subject else e.key
    return f"line {e.line}: {name}: expected {_shown(expected)}, got {_shown(got)}"


def _shown(value: object) -> str:
    """A value as a scenario file writes it (true, not True)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    return str(value)


def _names(expected: object) -> list[str]:
    assert isinstance(expected, list)
    return [str(x) for x in expected]


def _game(g: Game, board: Board, e: Expectation) -> list[str]:
    s = g.state
    if e.key == "stack":
        got = [board.name(o) for o in reversed(s.stack)]
        want = _names(e.want)
        ok = len(want) == len(got) and all(names_match(w, n) for w, n in zip(want, got, strict=True))
        return [] if ok else [_fail(e, want, got)]
    if e.key == "winner":
        winner = None if not s.over else "draw" if s.winner < 0 else board.letters[s.winner]
        return [] if e.want == winner else [_fail(e, e.want, winner or "none (the game goes on)")]
    if e.key == "over":
        return [] if e.want == s.over else [_fail(e, e.want, s.over)]
    if e.key == "turn":
        return [] if e.want == s.turn else [_fail(e, e.want, s.turn)]
    if e.key == "step":
        return [] if e.want == s.step else [_fail(e, e.want, s.step)]
    if e.key == "plane":
        faces = [s.objects[o].name for o in s.planechase.face_up] if s.planechase else []
        plane = faces[0] if len(faces) == 1 else None
        ok = plane == e.want if e.want is None or plane is None else names_match(str(e.want), plane)
        return [] if ok else [_fail(e, e.want, ", ".join(faces) or "no face-up plane")]
    if e.key == "day_night":
        designation = s.day_night or "neither"  # 731.1
        return [] if e.want == designation else [_fail(e, e.want, designation)]
    active = board.letters[s.active]
    return [] if e.want == active else [_fail(e, e.want, active)]


def _player(g: Game, board: Board, e: Expectation) -> list[str]:
    s = g.state
    p = board.player(e.subject)
    pl = s.players[p]
    got: object
    if e.key in ("hand", "graveyard", "exile", "battlefield", "emblems"):
        if e.key == "battlefield":
            ids = [o for o in s.battlefield if g.controller(o) == p]
        elif e.key == "emblems":
            # 114.1: the player's emblems, each named by the card whose ability created it
            ids = [o for o in s.emblems if s.objects[o].controller == p]
        else:
            ids = list(getattr(pl, e.key))
        names = [board.name(o) for o in ids]
        want = _names(e.want)
        return [] if same_names(want, names) else [_fail(e, sorted(want), sorted(names))]
    got = {
        "life": pl.life,
        "poison": pl.poison,
        "energy": pl.energy,
        "library_count": len(pl.library),
        "hand_count": len(pl.hand),
        "lost": pl.lost,
        "planar_deck_count": len(s.planechase.decks[p]) if s.planechase else 0,
    }[e.key]
    return [] if got == e.want else [_fail(e, e.want, got)]


def _object(g: Game, board: Board, ref: Ref, group: list[Expectation]) -> list[str]:
    s = g.state
    try:
        oid = board.ref(ref)
    except RefError:
        oid = 0
    fails: list[str] = []
    exists = next((e for e in group if e.key == "exists"), None)
    if exists is not None:
        on_battlefield = oid > 0 and s.objects[oid].zone == BATTLEFIELD
        if exists.want != on_battlefield:
            return [_fail(exists, exists.want, on_battlefield)]
    if oid == 0:
        if exists is not None and exists.want is False and len(group) == 1:
            return []
        return [f"line {group[0].line}: {ref}: no such object"]
    if oid < 0:
        return [f"line {group[0].line}: {ref}: is a player"]
    for e in group:
        if e.key != "exists":
            fails += _object_key(g, board, oid, e)
    return fails


def _object_key(g: Game, board: Board, oid: int, e: Expectation) -> list[str]:
    o = g.state.objects[oid]
    c = g.chars(oid)
    combat = g.state.combat
    key, want = e.key, e.want
    if key in ("keywords", "not_keywords"):
        have = {k.lower() for k in c.keywords}
        listed = [str(k) for k in _names(want)]
        if key == "keywords":
            wrong = [k for k in listed if k.lower() not in have]
            return (
                [f"line {e.line}: {e.subject}.keywords: missing {wrong} (has {sorted(have)})"]
                if wrong
                else []
            )
        wrong = [k for k in listed if k.lower() in have]
        return [f"line {e.line}: {e.subject}.not_keywords: has {wrong}"] if wrong else []
    if key in ("types", "subtypes", "supertypes", "colors"):
        got_set = {str(x) for x in getattr(c, key)}
        fold = str.upper if key == "colors" else str.lower
        want_set = {fold(x) for x in _names(want)}
        got_norm = {fold(x) for x in got_set}
        return [] if want_set == got_norm else [_fail(e, sorted(want_set), sorted(got_norm))]
    if key == "transformed":
        # 701.27g: a double-faced permanent with its back face up
        transformed = (
            o.zone == BATTLEFIELD
            and g.face(o.name).front is not None
            and g.face(o.name).layout == "transform"
        )
        return [] if transformed == want else [_fail(e, want, transformed)]
    if key == "mana_value":
        return [] if c.mana_value == want else [_fail(e, want, c.mana_value)]  # 202.3, 712.8e
    if key == "face":
        # 712.8d-e: the face up (its name as the card data names it)
        return [] if names_match(str(want), o.name) else [_fail(e, want, o.name)]
    if key == "face_down":
        # 708.1: a face-down spell or permanent (cast with morph 702.37c, manifested 701.40a)
        face_down = bool(o.face_down)
        return [] if face_down == want else [_fail(e, want, face_down)]
    if key == "attacking":
        attacked = combat.attackers.get(oid) if combat is not None else None
        shown = board.ref_text(attacked) if attacked is not None else False
        if isinstance(want, bool):
            ok = want == (attacked is not None)
            return [] if ok else [_fail(e, want, shown)]
        assert isinstance(want, Ref)
        target = _ref_or_none(board, want)
        return [] if target is not None and target == attacked else [_fail(e, want, shown)]
    if key == "blocking":
        blocked = list(combat.blockers.get(oid, [])) if combat is not None else []
        shown_list: object = [board.ref_text(a) for a in blocked] if blocked else False
        if isinstance(want, bool):
            return [] if want == bool(blocked) else [_fail(e, want, shown_list)]
        assert isinstance(want, list)
        targets = [_ref_or_none(board, r) for r in want]
        ok = None not in targets and sorted(t or 0 for t in targets) == sorted(blocked)
        return [] if ok else [_fail(e, [str(r) for r in want], shown_list)]
    if key == "attached_to":
        if want is None:
            return [] if o.attached_to == 0 else [_fail(e, None, board.ref_text(o.attached_to))]
        assert isinstance(want, Ref)
        target = _ref_or_none(board, want)
        attached = board.ref_text(o.attached_to) if o.attached_to else None
        return [] if target is not None and target == o.attached_to else [_fail(e, want, attached)]
    got: object
    if key == "counters":
        got = {k: v for k, v in o.counters.items() if v}
        assert isinstance(want, dict)
        want = {k: v for k, v in want.items() if v}
    elif key in ("controller", "owner"):
        got = board.letters[g.controller(oid) if key == "controller" else o.owner]
    else:
        got = {
            "tapped": o.tapped,
            "power": c.power,
            "toughness": c.toughness,
            "damage": o.damage,
            "zone": o.zone,
        }[key]
    return [] if got == want else [_fail(e, want, got)]


def _ref_or_none(board: Board, ref: Ref) -> int | None:
    try:
        return board.ref(ref)
    except RefError:
        return None


__all__ = ["check"]
