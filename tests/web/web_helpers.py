"""Helpers of the web tests: scripted players and the hidden-information scan."""

from __future__ import annotations

import random
import re
from typing import Any

from karn.game import Game
from karn.table.prompt import parse_id

#: Keys whose values are object ids in the table the server sends.
OBJECT_KEYS = frozenset({"id", "source", "attached_to", "object"})
#: Keys whose values are lists of object ids.
OBJECT_LIST_KEYS = frozenset({"blocking", "blocked_by", "attachments"})
#: Keys whose values are option ids (which may name objects: "cast:41").
OPTION_ID_KEYS = frozenset({"id", "default", "option", "choice"})


def pick_with_choice(table: dict[str, Any], rng: random.Random) -> tuple[str, str | None]:
    """A scripted player's answer (option id, second pick): a real play when there is one
    (not cancelling, not a pass setting), else the default."""
    prompt = table["prompt"]
    options = [o for o in prompt["options"] if o["kind"] not in ("cancel", "concede", "setting")]
    plays = [o for o in options if o["kind"] not in ("pass", "done", "mana", "mulligan", "none")]
    if plays and rng.random() < (0.5 if prompt.get("multi") else 0.7):
        o = rng.choice(plays)
        choices = o.get("choices") or []
        blocks = [c for c in choices if not c["id"].startswith("unblock")]
        if len(choices) > 1 and not o.get("selected") and blocks:
            return str(o["id"]), str(rng.choice(blocks)["id"])
        return str(o["id"]), None
    if prompt.get("default") is not None:
        return str(prompt["default"]), None
    return str(rng.choice(options or prompt["options"])["id"]), None


def pick(table: dict[str, Any], rng: random.Random) -> str:
    """:func:`pick_with_choice` for options that need no second pick (else the default)."""
    option, choice = pick_with_choice(table, rng)
    if choice is None:
        return option
    return str(table["prompt"].get("default") or option)


def hidden_of(game: Game, player: int) -> tuple[set[int], set[str]]:
    """The object ids and card names in ``player``'s hand and library now."""
    s = game.state
    p = s.players[player]
    ids = set(p.hand) | set(p.library)
    return ids, {s.objects[i].name for i in ids}


def public_names(game: Game, viewer: int | None) -> set[str]:
    """Names ``viewer`` may legitimately see now: every card in a public zone, their own
    cards (None: a spectator, who has none)."""
    s = game.state
    names = {s.objects[i].name for i in s.battlefield} | {s.objects[i].name for i in s.stack}
    for p in s.players:
        names.update(s.objects[i].name for i in p.graveyard)
        names.update(s.objects[i].name for i in p.exile)
    if viewer is not None:
        names.update(s.objects[i].name for i in s.players[viewer].hand)
        names.update(s.objects[i].name for i in s.players[viewer].library)
    return names


def object_refs(message: Any) -> set[int]:
    """Every object id a message refers to: id-valued keys, option ids, "#N" in texts."""
    out: set[int] = set()

    def walk(value: Any, key: str | None) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, key if key in OBJECT_LIST_KEYS else None)
        elif isinstance(value, bool):
            return
        elif isinstance(value, int):
            if key in OBJECT_KEYS or key in OBJECT_LIST_KEYS:
                out.add(value)
        elif isinstance(value, str):
            if key in OPTION_ID_KEYS:
                parts = parse_id(value)
                if parts is not None:
                    kind, a, b = parts
                    # a names an object; b too in an attack (a planeswalker) or a block (the
                    # attacker); an activation's b is the ability's index
                    out.update(x for x in ((a, b) if kind in ("attack", "block") else (a,)) if x > 0)
            out.update(int(m) for m in re.findall(r"#(\d+)", value))

    walk(message, None)
    return out


def _texts(message: Any) -> list[str]:
    """The strings of a message that could name a card: all but the type lines and the
    rules text of the cards shown (a type line says "Island", a card's text may name a
    card: public information, 200-209)."""
    out: list[str] = []

    def walk(value: Any, key: str | None, parent: dict[str, Any] | None) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, k, value)
        elif isinstance(value, list):
            if key not in ("types", "subtypes", "keywords"):
                for v in value:
                    walk(v, key, parent)
        elif isinstance(value, str):
            if key == "type_line" or (key == "text" and parent is not None and "type_line" in parent):
                return
            if key == "text" and parent is not None and "targets" in parent:
                return  # a stack entry's rules text
            out.append(value)

    walk(message, None, None)
    return out


def leaks(message: Any, text: str, game: Game, viewer: int | None, seen: set[str]) -> list[str]:
    """What of another player's hand or library order this message shows ``viewer``.

    ``seen``: the names ``viewer`` could see so far (in public zones at some point, or
    their own), which this call grows: a card bounced back to a hand was seen. ``viewer``
    None: a spectator, who may see no hand nor library."""
    found: list[str] = []
    refs = object_refs(message)
    seen |= public_names(game, viewer)
    # cards of a hidden zone the viewer knows (400.2: seen entering it from a public zone,
    # revealed to them, looked at): the engine's record, shown as the table's "known"
    obs = game.observation(viewer) if viewer is not None else game.public_observation()
    known_ids = {k.id for k in obs.known}
    seen |= {k.name for k in obs.known}
    refs -= known_ids
    allowed = seen
    for other in range(len(game.state.players)):
        if other == viewer:
            continue
        ids, names = hidden_of(game, other)
        for oid in sorted(refs & ids):
            where = [
                m.start() for m in re.finditer(rf"(#|\"(?:id|object|source|attached_to)\": |:){oid}\b", text)
            ]
            context = text[max(0, where[0] - 150) : where[0] + 50] if where else ""
            found.append(
                f"object {oid} ({game.state.objects[oid].name}) of player {other}'s hand or library: {context}"
            )
        strings = _texts(message)
        for name in sorted(names - allowed):
            pattern = re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])")
            for string in strings:
                if pattern.search(string):
                    found.append(f"{name!r}, a card of player {other}'s hand or library, in {string[:160]!r}")
                    break
            else:
                if name in text and not strings:
                    found.append(f"{name!r}, a card of player {other}'s hand or library")
    return found
