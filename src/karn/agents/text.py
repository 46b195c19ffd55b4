"""A stable text form for actions and observations, for agents that read and write text
(language models, the JSON-lines protocol, the MCP server).

**Actions.** Every :class:`~karn.engine.actions.Action` has one text form, read back by
:func:`parse_action` into the same action::

    KIND [with] [A] [-> B | ability N | option N]

``A`` and ``B`` are an object ``Name (#N)`` (or ``#N``), a player by name (or ``seat N``,
``N`` from 0), or a number. Examples: ``pass``, ``play Mountain (#3)``, ``cast Lightning
Bolt (#41)``, ``target Grizzly Bears (#23)``, ``target B``, ``activate Prodigal Sorcerer
(#9) ability 0``, ``attack with Grizzly Bears (#12) -> B``, ``block with Wall of Wood (#30) ->
Grizzly Bears (#12)``, ``x 3``, ``mode 1``. Casting is a sequence of decisions (601.2): the
cast, then each target, then the payment, each an action of its own. A kind the engine adds
later has a text form too (``KIND [A] [option N]``, numbers), so parsing never depends on
knowing the kind. The name in ``Name (#N)`` is for people: the id decides.

**Observations.** :func:`observation_text` writes an observation as short plain English:
the turn, each player's life and zone sizes, the battlefield, the stack, combat, the
observer's hand, graveyards, the recent log with its rule numbers and the decision with its
actions. It is made from the observation only, so nothing hidden from the player is in it.

>>> from karn import Game
>>> g = Game.new("red_burn", "green_stompy", seed=7)
>>> p = g.decision.player
>>> obs = g.observation(p)
>>> [action_text(a, obs) for a in g.legal_actions()]
['keep', 'mulligan']
>>> parse_action("keep", g.legal_actions(), obs)
Action('keep', 0, 0, 'keep')
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from karn.engine.actions import Action
from karn.engine.kinds import ActionKind
from karn.engine.observation import Observation
from karn.engine.values import player_ref, ref_player


class ActionTextError(ValueError):
    """A text action that is malformed or names no legal action (nothing was changed)."""


#: Kinds whose ``a`` is an object id (or a player, negative) whenever it is not 0.
_OBJECT_A = frozenset(
    {
        ActionKind.PLAY,
        ActionKind.CAST,
        ActionKind.ACTIVATE,
        ActionKind.MANA,
        ActionKind.FACE_UP,
        ActionKind.BOTTOM,
        ActionKind.TOP,
        ActionKind.OPENING,
        ActionKind.ATTACK,
        ActionKind.UNATTACK,
        ActionKind.BLOCK,
        ActionKind.UNBLOCK,
        ActionKind.TARGET,
        ActionKind.CHOOSE_CREATURE,
        ActionKind.COPY,
        ActionKind.EXILE,
        ActionKind.SACRIFICE,
    }
)
#: Kinds whose ``a`` is a number shown even when 0 ("x 0", "mode 0").
_NUMBER_A = frozenset(
    {
        ActionKind.X,
        ActionKind.NUMBER,
        ActionKind.DIVIDE,
        ActionKind.KICKER,
        ActionKind.ALT,
        ActionKind.MODE,
        ActionKind.ORDER,
        ActionKind.REPLACE,
        ActionKind.WORD,
        ActionKind.OPTION,
        ActionKind.COLOR,
        ActionKind.CREATURE_TYPE,
    }
)
#: Kinds whose ``b`` is an object or a player, written after "->".
_REF_B = frozenset({ActionKind.ATTACK, ActionKind.BLOCK, ActionKind.NUMBER})
#: Kinds whose ``b`` is an ability's index, written "ability N" (always).
_ABILITY_B = frozenset({ActionKind.ACTIVATE, ActionKind.MANA})
#: Kinds written "KIND with A -> B".
_WITH = frozenset({ActionKind.ATTACK, ActionKind.BLOCK})

_KIND = re.compile(r"[a-z][a-z0-9_]*")
_OBJECT = re.compile(r"(?:.*?\s)?\(#(\d+)\)|#(\d+)")
_NUMBER = re.compile(r"-?\d+")
_SEAT = re.compile(r"seat (\d+)", re.IGNORECASE)
_TAIL = re.compile(r"^(.*?)\s*\b(ability|option)\s+(-?\d+)$")


def visible_names(obs: Observation) -> dict[int, str]:
    """The names of the objects ``obs``'s player can see, by id (a face-down permanent or
    spell: no name)."""
    names: dict[int, str] = {}
    for pl in obs.players:
        for card in pl.graveyard + pl.exile:
            names[card.id] = card.name
    for known in obs.known:
        names[known.id] = known.name
    for card in obs.hand:
        names[card.id] = card.name
    for perm in obs.battlefield:
        names[perm.id] = perm.name
    for item in obs.stack:
        names.setdefault(item.id, item.name)
    for plane in obs.planes:
        names[plane.id] = plane.name
    return names


def _player_name(obs: Observation, ref: int) -> str | None:
    p = ref_player(ref)
    return obs.players[p].name if 0 <= p < len(obs.players) else None


def _object(value: int, names: dict[int, str]) -> str:
    name = names.get(value)
    return f"{name} (#{value})" if name else f"#{value}"


def _value(obs: Observation, names: dict[int, str], kind: str, value: int, label: str, objects: bool) -> str:
    if value < 0:
        return _player_name(obs, value) or str(value)
    if objects and value > 0:
        return _object(value, names)
    name = names.get(value)
    if value > 0 and kind not in _NUMBER_A and name and name in label:
        return _object(value, names)  # "choose Grizzly Bears (#12)": a kind of objects or indexes
    return str(value)


def action_text(action: Action, obs: Observation, names: dict[int, str] | None = None) -> str:
    """The text form of ``action`` as ``obs``'s player reads it (see the module doc)."""
    if names is None:
        names = visible_names(obs)
    kind = action.kind
    parts = [str(kind)]
    if kind in _WITH:
        parts.append("with")
    if action.a != 0 or kind in _NUMBER_A:
        parts.append(_value(obs, names, kind, action.a, action.label, kind in _OBJECT_A))
    if kind in _ABILITY_B:
        parts.append(f"ability {action.b}")
    elif kind in _REF_B:
        parts.append("-> " + _value(obs, names, kind, action.b, action.label, True))
    elif action.b != 0:
        parts.append(f"option {action.b}")
    return " ".join(parts)


def _parse_value(text: str, obs: Observation | None, what: str, whole: str) -> int:
    text = text.strip()
    if text.lower() == "with" or text.lower().startswith("with "):
        text = text[4:].strip()
    if not text:
        return 0
    m = _OBJECT.fullmatch(text)
    if m:
        return int(m.group(1) or m.group(2))
    if _NUMBER.fullmatch(text):
        return int(text)
    m = _SEAT.fullmatch(text)
    if m:
        return player_ref(int(m.group(1)))
    if obs is not None:
        for pl in obs.players:
            if pl.name.lower() == text.lower():
                return player_ref(pl.index)
    raise ActionTextError(
        f"can't read {what} {text!r} in {whole!r}: write an object as 'Name (#N)' or '#N', a "
        f"player by name or as 'seat N', or a number"
    )


def parse_text(text: str, obs: Observation | None = None) -> Action:
    """The action a text form names (not checked for legality): see the module doc.
    Players are read by the names of ``obs``'s players (and always as ``seat N``)."""
    if not isinstance(text, str):
        raise ActionTextError(f"a text action is a string, not {type(text).__name__}")
    whole = " ".join(text.split())
    if not whole:
        raise ActionTextError("an empty action: write e.g. 'pass' or 'cast Lightning Bolt (#41)'")
    kind, _, rest = whole.partition(" ")
    if not _KIND.fullmatch(kind):
        raise ActionTextError(f"{whole!r} does not begin with an action kind (pass, play, cast, ...)")
    b = 0
    if " -> " in f" {rest} " or rest.startswith("-> "):
        rest, _, b_text = rest.rpartition("->")
        b = _parse_value(b_text, obs, "the second value", whole)
    else:
        m = _TAIL.match(rest)
        if m:
            rest, b = m.group(1), int(m.group(3))
    a = _parse_value(rest, obs, "the value", whole)
    return Action(str(ActionKind.of(kind)), a, b)


def parse_action(text: str, legal_actions: Sequence[Action], obs: Observation | None = None) -> Action:
    """The legal action that ``text`` names: its text form (:func:`action_text`) or its
    label, exactly. A malformed text or an action that is not legal now raises
    :class:`ActionTextError` naming the legal actions' text forms."""
    legal = list(legal_actions)
    if not legal:
        raise ActionTextError("no decision is pending: the game is over")
    if isinstance(text, str):
        squeezed = " ".join(text.split())
        by_label = [a for a in legal if a.label and a.label == squeezed]
        if len(by_label) == 1:
            return by_label[0]
    wanted = parse_text(text, obs)
    for a in legal:
        if a == wanted:
            return a
    shown = [action_text(a, obs) for a in legal] if obs is not None else [str(a) for a in legal]
    listed = ", ".join(repr(s) for s in shown[:12]) + (", ..." if len(shown) > 12 else "")
    raise ActionTextError(f"{text!r} is not a legal action now; the legal actions: {listed}")


# ---------------------------------------------------------------------------- observations

_STEP_NAMES = {
    "untap": "untap step",
    "upkeep": "upkeep",
    "draw": "draw step",
    "precombat_main": "precombat main phase",
    "beginning_of_combat": "beginning of combat",
    "declare_attackers": "declare attackers step",
    "declare_blockers": "declare blockers step",
    "combat_damage": "combat damage step",
    "first_strike_damage": "first-strike damage step",
    "end_of_combat": "end of combat",
    "postcombat_main": "postcombat main phase",
    "end": "end step",
    "cleanup": "cleanup step",
}


def _cards(cards: Sequence[tuple[int, str]]) -> str:
    return ", ".join(f"{name} (#{oid})" if name else f"#{oid}" for oid, name in cards) or "nothing"


def observation_text(obs: Observation, log_lines: int = 12) -> str:
    """``obs`` as short plain English (see the module doc); ``log_lines``: the last log
    entries shown (0: none)."""
    names = visible_names(obs)
    pname = [p.name for p in obs.players]
    lines: list[str] = []
    step = _STEP_NAMES.get(obs.step, obs.step.replace("_", " "))
    who = "a spectator" if obs.player is None else f"{pname[obs.player]} (seat {obs.player})"
    lines.append(f"You are {who}. Turn {obs.turn}, {pname[obs.active]}'s {step}.")
    if obs.over:
        winner = "a draw" if obs.winner is None else f"{pname[obs.winner]} won"
        lines.append(f"The game is over: {winner}.")
    for pl in obs.players:
        state = " (has lost)" if pl.lost else " (conceded)" if pl.conceded else ""
        pool = "".join(f"{{{c}}}" * n for c, n in pl.mana_pool.items() if n)
        extra = f", {pl.poison} poison" if pl.poison else ""
        extra += f", {pl.energy} energy" if pl.energy else ""
        extra += f", mana pool {pool}" if pool else ""
        lines.append(
            f"{pl.name} (seat {pl.index}){state}: {pl.life} life{extra}, {pl.hand_size} cards in hand, "
            f"{pl.library_size} in library."
        )
    for pl in obs.players:
        perms = [p for p in obs.battlefield if p.controller == pl.index]
        if not perms:
            lines.append(f"{pl.name}'s battlefield: nothing.")
            continue
        shown = []
        for p in perms:
            text = f"{p.name or 'a face-down permanent'} (#{p.id})"
            if p.power is not None:
                text += f" {p.power}/{p.toughness}"
            notes = [
                n for n, on in (("tapped", p.tapped), ("summoning sick", p.sick), ("token", p.token)) if on
            ]
            if p.damage:
                notes.append(f"{p.damage} damage")
            notes += [f"{n} {k} counter{'s' if n > 1 else ''}" for k, n in p.counters.items() if n]
            if p.keywords:
                notes.append(", ".join(p.keywords))
            if p.attached_to is not None:
                notes.append(f"attached to {_object(p.attached_to, names)}")
            shown.append(text + (f" [{'; '.join(notes)}]" if notes else ""))
        lines.append(f"{pl.name}'s battlefield: " + ", ".join(shown) + ".")
    if obs.stack:
        items = []
        for item in obs.stack:
            what = item.name or "a face-down spell"
            text = f"{what} (#{item.id}), {'an ability' if item.kind == 'ability' else 'a spell'} of {pname[item.controller]}"
            targets = [_value(obs, names, "target", t, "", True) for slot in item.targets for t in slot]
            if targets:
                text += " targeting " + ", ".join(targets)
            items.append(text)
        lines.append("Stack, top first: " + "; ".join(items) + ".")
    if obs.combat is not None and obs.combat.attackers:
        attacks = []
        for attacker, target in obs.combat.attackers.items():
            text = f"{_object(attacker, names)} attacks {_value(obs, names, 'attack', target, '', True)}"
            blockers = [b for b, blocked in obs.combat.blockers.items() if attacker in blocked]
            if blockers:
                text += ", blocked by " + ", ".join(_object(b, names) for b in blockers)
            attacks.append(text)
        lines.append("Combat: " + "; ".join(attacks) + ".")
    if obs.player is not None:
        lines.append("Your hand: " + _cards([(c.id, c.name) for c in obs.hand]) + ".")
    for pl in obs.players:
        if pl.graveyard:
            lines.append(f"{pl.name}'s graveyard: " + _cards([(c.id, c.name) for c in pl.graveyard]) + ".")
        if pl.exile:
            lines.append(f"{pl.name}'s exile: " + _cards([(c.id, c.name) for c in pl.exile]) + ".")
    if obs.planes:
        lines.append("Plane: " + _cards([(c.id, c.name) for c in obs.planes]) + ".")
    if log_lines and obs.log:
        lines.append("Recent events:")
        lines += [f"  {e.rule}: {e.text}" for e in obs.log[-log_lines:]]
    d = obs.decision
    if d is not None:
        prompt = d.prompt if d.prompt.endswith((".", "?", "!")) else d.prompt + "."
        lines.append(f"You decide ({d.kind}, rule {d.rule}): {prompt}")
        lines.append("Legal actions:")
        lines += [f"  {action_text(Action.of(o), obs, names)}" for o in d.options]
    elif obs.decider is not None:
        lines.append(f"Waiting for {pname[obs.decider]} ({obs.decision_kind}).")
    return "\n".join(lines)


__all__ = [
    "ActionTextError",
    "action_text",
    "observation_text",
    "parse_action",
    "parse_text",
    "visible_names",
]
