"""The prompt: the viewer's pending decision in words, with stable option ids.

Option ids name what an option does and never renumber: an engine option is
``kind[:a[:b]]`` (``"pass"``, ``"cast:41"``, ``"target:-2"``, ``"activate:17:0"``);
declaring attackers and blockers is a multi-select over creatures
(``"attacker:17"``, ``"blocker:23"`` with a second pick ``"block:23:17"``) plus
``"all"`` (attack with all), ``"none"`` (no attacks, no blocks) and ``"done"``.
Priority has two pass settings besides the engine's options: ``"pass_turn"`` (pass
until end of turn) and ``"pass_until_mine"`` (pass until your next turn).

Keys (what a terminal types) are numbers in a stable order: priority options by kind
(pass, lands, spells, abilities, mana abilities) and by name; creatures by id; and
letters for the options of every prompt of a kind (``d`` done, ``a`` all, ``n`` none,
``c`` cancel, ``e``/``u`` the pass settings).
"""

from __future__ import annotations

from collections.abc import Sequence

from karn.engine.actions import Action
from karn.engine.observation import DecisionView, Observation
from karn.engine.state import Option
from karn.table.model import Choice, Prompt, PromptOption
from karn.table.voice import Voice

#: Option kinds whose ``a`` is an object id (or an encoded player).
OBJECT_KINDS = frozenset(
    {"play", "cast", "activate", "mana", "target", "attack", "unattack", "block", "unblock"}
)
#: Option kinds that pick a card by its id (a card to discard, to put on the bottom).
CARD_KINDS = frozenset({"choose", "bottom"})
#: The order of priority options by kind.
_PRIORITY_ORDER = {"pass": 0, "play": 1, "cast": 2, "activate": 3, "mana": 4}
#: Letter keys of the options every prompt of a kind has.
LETTERS = {"done": "d", "all": "a", "none": "n", "cancel": "c", "pass_turn": "e", "pass_until_mine": "u"}

PASS_TURN = "pass_turn"
PASS_UNTIL_MINE = "pass_until_mine"


def option_id(o: Option | Action) -> str:
    """The stable id of an engine option: ``kind``, ``kind:a`` or ``kind:a:b``."""
    if o.b:
        return f"{o.kind}:{o.a}:{o.b}"
    if o.a:
        return f"{o.kind}:{o.a}"
    return o.kind


def parse_id(text: str) -> tuple[str, int, int] | None:
    """ "cast:41" -> ("cast", 41, 0); None when it is not of the form kind[:a[:b]]."""
    parts = text.split(":")
    if not 1 <= len(parts) <= 3 or not parts[0]:
        return None
    try:
        numbers = [int(p) for p in parts[1:]] + [0, 0]
    except ValueError:
        return None
    return parts[0], numbers[0], numbers[1]


def _name_of(label: str) -> str:
    return label.split(" ", 1)[1] if " " in label else label


def build_prompt(obs: Observation, voice: Voice, show_mana: bool = False) -> Prompt | None:
    """The viewer's prompt (None when someone else decides or the game is over)."""
    d = obs.decision
    if d is None:
        return None
    if d.kind == "attackers":
        return _attackers(d, obs, voice)
    if d.kind == "blockers":
        return _blockers(d, obs, voice)
    if d.kind == "priority":
        return _priority(d, obs, voice, show_mana)
    return _generic(d, obs, voice)


def _words(voice: Voice, text: str) -> str:
    """An engine prompt in the viewer's words: "You: declare blockers" -> "Declare blockers"."""
    t = voice.text(text)
    if t.startswith("You: "):
        t = t[5:]
    return t[:1].upper() + t[1:]


def _engine_option(o: Option, key: str, voice: Voice) -> PromptOption:
    obj = o.a if o.kind in OBJECT_KINDS and o.a > 0 else None
    label = voice.text(o.label or o.kind)
    if o.kind in CARD_KINDS and o.a > 0 and label not in ("top", "bottom"):
        obj = o.a
        if "#" not in label:
            label += f" (#{o.a})"  # two Mountains to discard: which is which
    return PromptOption(id=option_id(o), key=LETTERS.get(o.kind, key), label=label, kind=o.kind, object=obj)


def _priority(d: DecisionView, obs: Observation, voice: Voice, show_mana: bool) -> Prompt:
    opts = [o for o in d.options if show_mana or o.kind != "mana"]
    opts.sort(key=lambda o: (_PRIORITY_ORDER.get(o.kind, 5), _name_of(o.label), o.a, o.b))
    options = [_engine_option(o, str(i), voice) for i, o in enumerate(opts, 1)]
    options.append(PromptOption(PASS_TURN, LETTERS[PASS_TURN], "pass until end of turn", "setting"))
    options.append(
        PromptOption(PASS_UNTIL_MINE, LETTERS[PASS_UNTIL_MINE], "pass until your next turn", "setting")
    )
    step = obs.step.replace("_", " ")
    whose = voice.possessive(obs.active)
    if obs.stack:
        text = f"{whose} turn, {step}: {_stack_top(obs, voice)}. You have priority: respond or pass"
    else:
        text = f"{whose} turn, {step}: you have priority"
    hidden = sum(1 for o in d.options if o.kind == "mana") if not show_mana else 0
    hint = "Enter passes; e: pass until end of turn; u: pass until your next turn"
    if hidden:
        hint += f"; m: show mana abilities ({hidden} hidden)"
    return Prompt("priority", d.rule, text[:1].upper() + text[1:], options, default="pass", hint=hint)


def _stack_top(obs: Observation, voice: Voice) -> str:
    """ "Opponent cast Lightning Bolt targeting Grizzly Bears (#23)": the top of the stack."""
    top = obs.stack[0]
    names = {p.id: p.name for p in obs.battlefield}
    names.update({s.id: s.name for s in obs.stack})
    targets = [_defender(voice, t, names) for slot in top.targets for t in slot]
    aimed = f" targeting {', '.join(targets)}" if targets else ""
    who = voice.seat_name(top.controller)
    if top.kind == "spell":
        verb = "cast" if who == "You" else "casts"
        return f"{who} {verb} {top.name}{aimed}"
    return f"{top.name}'s ability ({who}){aimed} is on the stack"


def _attackers(d: DecisionView, obs: Observation, voice: Voice) -> Prompt:
    names = {p.id: p.name for p in obs.battlefield}
    attacking = dict(obs.combat.attackers) if obs.combat is not None else {}
    defenders: dict[int, list[int]] = {}
    for o in d.options:
        if o.kind == "attack":
            defenders.setdefault(o.a, []).append(o.b)
        elif o.kind == "unattack":
            defenders.setdefault(o.a, [])
    # Whom a creature already attacking could attack instead (508.1b): the defenders the
    # other creatures may attack, or the opponents and their planeswalkers.
    every: list[int] = []
    for o in d.options:
        if o.kind == "attack" and o.b not in every:
            every.append(o.b)
    if not every:
        me = obs.player
        every = [-(p.index + 1) for p in obs.players if p.index != me and not p.lost]
        every += [p.id for p in obs.battlefield if p.controller != me and "planeswalker" in p.types]
    options: list[PromptOption] = []
    for i, oid in enumerate(sorted(defenders), 1):
        perm = obs.permanent(oid)
        pt = f" {perm.power}/{perm.toughness}" if perm is not None and perm.power is not None else ""
        if oid in attacking:
            defenders[oid] = every if attacking[oid] in every else [attacking[oid], *every]
        choices = [
            Choice(
                f"attack:{oid}:{ref}",
                f"attack {_defender(voice, ref, names)}",
                str(j),
                ref if ref > 0 else None,
            )
            for j, ref in enumerate(defenders[oid], 1)
        ]
        selected = oid in attacking
        detail = f"attacking {_defender(voice, attacking[oid], names)}" if selected else ""
        options.append(
            PromptOption(
                f"attacker:{oid}",
                str(i),
                f"{names.get(oid, '?')} (#{oid}){pt}",
                "attacker",
                object=oid,
                selected=selected,
                choices=choices if len(choices) > 1 else [],
                detail=detail,
            )
        )
    picked = sum(1 for o in options if o.selected)
    done = (
        "done: attack with the creature picked"
        if picked == 1
        else (f"done: attack with the {picked} creatures picked" if picked else "done: no attacks")
    )
    options.append(PromptOption("done", "d", done, "done"))
    if any(not o.selected for o in options if o.kind == "attacker"):
        options.append(PromptOption("all", "a", "attack with all", "all"))
    options.append(PromptOption("none", "n", "no attacks", "none"))
    hint = "numbers pick or take back attackers (several at once: 1 3); a: all; n: none; Enter: done"
    if any(o.choices for o in options):
        hint += "; 1:2 attacks the second of creature 1's choices (a planeswalker, another player)"
    return Prompt(
        "attackers",
        d.rule,
        "Declare attackers: pick the creatures to attack with",
        options,
        default="done",
        multi=True,
        hint=hint,
    )


def _defender(voice: Voice, ref: int, names: dict[int, str]) -> str:
    from karn.engine.values import ref_player

    if ref < 0:
        p = ref_player(ref)
        return "you" if p == voice.viewer else voice.seat_name(p)
    return f"{names.get(ref, '?')} (#{ref})"


def _blockers(d: DecisionView, obs: Observation, voice: Voice) -> Prompt:
    names = {p.id: p.name for p in obs.battlefield}
    blocking = {b: list(atts) for b, atts in obs.combat.blockers.items()} if obs.combat is not None else {}
    can_block: dict[int, list[int]] = {}
    for o in d.options:
        if o.kind == "block":
            can_block.setdefault(o.a, []).append(o.b)
        elif o.kind == "unblock":
            can_block.setdefault(o.a, [])
    options: list[PromptOption] = []
    for i, oid in enumerate(sorted(can_block), 1):
        perm = obs.permanent(oid)
        pt = f" {perm.power}/{perm.toughness}" if perm is not None and perm.power is not None else ""
        choices = [
            Choice(f"block:{oid}:{a}", f"block {names.get(a, '?')} (#{a})", str(j), a)
            for j, a in enumerate(sorted(can_block[oid]), 1)
        ]
        mine = blocking.get(oid, [])
        if mine:
            choices.append(Choice(f"unblock:{oid}", "take back its block", "u"))
        detail = "blocking " + ", ".join(f"{names.get(a, '?')} (#{a})" for a in mine) if mine else ""
        options.append(
            PromptOption(
                f"blocker:{oid}",
                str(i),
                f"{names.get(oid, '?')} (#{oid}){pt}",
                "blocker",
                object=oid,
                selected=bool(mine),
                choices=choices,
                detail=detail,
            )
        )
    picked = sum(1 for o in options if o.selected)
    if any(o.kind == "done" for o in d.options):
        label = "done: no blocks" if not picked else "done: block as shown"
        options.append(PromptOption("done", "d", label, "done"))
    options.append(PromptOption("none", "n", "no blocks", "none"))
    attackers = sorted(obs.combat.attackers) if obs.combat is not None else []
    against = ", ".join(f"{names.get(a, '?')} (#{a})" for a in attackers)
    return Prompt(
        "blockers",
        d.rule,
        f"Declare blockers: pick a blocker, then the attacker it blocks (attacking: {against})",
        options,
        default="done" if any(o.id == "done" for o in options) else None,
        multi=True,
        hint="a number picks a blocker, then a second number its attacker (or both at once: 2 1); "
        "n: no blocks; Enter: done",
    )


def _generic(d: DecisionView, obs: Observation, voice: Voice) -> Prompt:
    options = [_engine_option(o, str(i), voice) for i, o in enumerate(d.options, 1)]
    # Number the options without a letter 1, 2, ... in order (letters don't take a number).
    numbered: list[PromptOption] = []
    n = 0
    for o in options:
        if o.key.isdigit():
            n += 1
            o = PromptOption(o.id, str(n), o.label, o.kind, o.object, o.selected, o.choices, o.detail)
        numbered.append(o)
    text = _words(voice, d.prompt)
    default = None
    for wanted in ("pay", "keep", "done"):
        if any(o.id == wanted for o in numbered):
            default = wanted
            break
    hint = "Enter: " + next(o.label for o in numbered if o.id == default) if default else ""
    if any(o.id == "cancel" for o in numbered):
        hint += ("; " if hint else "") + "c or undo: cancel this cast or activation"
    return Prompt(d.kind, d.rule, text, numbered, default=default, hint=hint)


def find_option(prompt: Prompt, text: str) -> PromptOption | None:
    """The option a key or an id names."""
    for o in prompt.options:
        if o.key == text or o.id == text:
            return o
    return None


def actions_for(prompt: Prompt, option: PromptOption, choice: str | None, obs: Observation) -> list[Action]:
    """The engine actions that answer `option` (with its second pick `choice`, an id or a
    key of ``option.choices``), applied in order. Empty: the option needs a second pick.
    A pass setting (``kind`` "setting") has no action of its own."""
    if option.kind == "setting":
        return []
    if prompt.kind == "attackers":
        return _attack_actions(prompt, option, choice, obs)
    if prompt.kind == "blockers":
        return _block_actions(prompt, option, choice, obs)
    parsed = parse_id(option.id)
    assert parsed is not None, option.id
    return [Action(parsed[0], parsed[1], parsed[2], option.label)]


def _choice(option: PromptOption, choice: str | None) -> Choice | None:
    if choice is None:
        return None
    for c in option.choices:
        if choice in (c.id, c.key):
            return c
    return None


def _attack_actions(
    prompt: Prompt, option: PromptOption, choice: str | None, obs: Observation
) -> list[Action]:
    attacking = obs.combat.attackers if obs.combat is not None else {}
    d = obs.decision
    options: Sequence[Option] = d.options if d is not None else ()
    first: dict[int, int] = {}
    for o in options:
        if o.kind == "attack":
            first.setdefault(o.a, o.b)
    if option.id == "done":
        return [Action("done")]
    if option.id == "all":
        return [Action("attack", oid, ref) for oid, ref in sorted(first.items())]
    if option.id == "none":
        return [Action("unattack", oid) for oid in sorted(attacking)] + [Action("done")]
    oid = option.object
    assert oid is not None
    c = _choice(option, choice)
    if c is not None:
        parsed = parse_id(c.id)
        assert parsed is not None
        undo = [Action("unattack", oid)] if oid in attacking else []
        return undo + [Action(parsed[0], parsed[1], parsed[2])]
    if oid in attacking:
        return [Action("unattack", oid)]
    return [Action("attack", oid, first[oid])] if oid in first else []


def _block_actions(
    prompt: Prompt, option: PromptOption, choice: str | None, obs: Observation
) -> list[Action]:
    blocking = obs.combat.blockers if obs.combat is not None else {}
    mine = [b for b in blocking if any(o.object == b for o in prompt.options)]
    if option.id == "done":
        return [Action("done")]
    if option.id == "none":
        return [Action("unblock", b) for b in sorted(mine)] + [Action("done")]
    oid = option.object
    assert oid is not None
    c = _choice(option, choice)
    if c is None:
        blocks = [x for x in option.choices if x.id.startswith("block:")]
        if choice is None and not option.selected and len(blocks) == 1:
            c = blocks[0]  # one attacker it may block: no second pick
        elif choice is None and option.selected and not blocks:
            return [Action("unblock", oid)]
        else:
            return []
    parsed = parse_id(c.id)
    assert parsed is not None
    return [Action(parsed[0], parsed[1], parsed[2])]
