"""The renderer's Oracle wording: a compiled card's IR rendered back to Oracle-style English.

:mod:`karn.oracle.describe` renders every IR node as a short description of what the engine
will do; this module composes those renderers into the sentences a card's Oracle text uses,
with Oracle wording for the most common shapes (keywords, "[cost]: [effect]", "When ..., ...",
"~ deals N damage to any target", "Draw two cards", "Creatures you control get +1/+1", a
target named once and then "it"). It reads **only the IR's fields**: never a ``text`` field
kept from the source (the render-back comparison, :mod:`karn.proof.render_back`, would prove
nothing otherwise). What it can't word like Oracle text falls back to the description.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from karn.ir.nodes import (
    Ability,
    Activated,
    AdditionalCost,
    Amount,
    ApplyContinuous,
    BecomesDayAsEnters,
    CantBeCountered,
    CommanderPermission,
    CompiledCard,
    CounterSpell,
    CreateEmblem,
    CreateToken,
    DealDamage,
    Destroy,
    Discard,
    DoesntUntap,
    Draw,
    Effect,
    EntersReplacement,
    Exile,
    Filter,
    Flashback,
    GainLife,
    GetEnergy,
    Keyword,
    Kicker,
    LoseLife,
    May,
    Mill,
    Modify,
    Morph,
    PutCounters,
    Ref,
    ReturnToHand,
    Selector,
    SpellAbility,
    Static,
    TargetSpec,
    Triggered,
)
from karn.oracle.describe import (
    amount_text,
    chapter_symbols,
    condition_text,
    cost_text,
    describe_ability,
    effect_text,
    filter_text,
    trigger_text,
)

_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_ANY_TARGET_TYPES = frozenset({"creature", "planeswalker", "battle"})
_TARGET_REF = re.compile(r"\b(controller of |owner of )?target #(\d+)")
_CONTROL = re.compile(
    r" (you control|an opponent controls|your opponents control|you own|an opponent owns|in .*|with .*)$"
)


def card_lines(cc: CompiledCard) -> list[str]:
    """The card's abilities in Oracle wording, one line per ability (keywords one per line)."""
    # 702.6a, 702.29a: equip and cycling are keywords standing for an activated ability; the
    # compiler keeps a marker keyword besides the ability, rendered once (as the ability)
    marked = {
        word
        for a in cc.abilities
        if isinstance(a, Activated)
        for word, flag in (("equip", a.equip), ("cycling", a.cycling))
        if flag
    }
    lines: list[str] = []
    for a in cc.abilities:
        if isinstance(a, Keyword) and any(a.name.lower().endswith(w) for w in marked):
            continue
        lines.append(ability_line(a))
    return lines


def ability_line(a: Ability) -> str:
    """One ability in Oracle wording (the description when no Oracle form is known)."""
    if isinstance(a, Keyword):
        text = a.name + (f" {filter_text(a.arg)}" if a.arg is not None else "")
        return text[:1].upper() + text[1:]
    if isinstance(a, Activated):
        body = sentences(a.effects, a.targets)
        if a.equip and a.cost.mana:
            return f"Equip {a.cost.mana}"
        if a.cycling and a.cost.mana:
            return _upper(f"{_cycling_kind(a)}cycling {a.cost.mana}")
        return f"{_upper(cost_text(a.cost))}: {body}"
    if isinstance(a, Triggered) and a.trigger.event == "chapter":
        # 714.2: "I, II — [effect]"
        if a.modes:
            head = f"Choose {number_word(a.choose)} \u2014"
            body = "\n".join([head] + [f"\u2022 {sentences(m.effects, m.targets)}" for m in a.modes])
        else:
            body = sentences(a.effects, a.targets)
        return f"{chapter_symbols(a.trigger)} \u2014 {body}"
    if isinstance(a, Triggered):
        cond = f", if {condition_text(a.condition)}" if a.condition is not None else ""
        return f"{_upper(trigger_text(a.trigger))}{cond}, {sentences(a.effects, a.targets)}"
    if isinstance(a, SpellAbility) and not a.modes:
        return sentences(a.effects, a.targets)
    if isinstance(a, SpellAbility) and not a.any_if_kicked:
        # 700.2: a modal spell, one line per mode after "Choose one —"
        head = f"Choose {number_word(a.choose)} \u2014"
        return "\n".join([head] + [f"\u2022 {sentences(m.effects, m.targets)}" for m in a.modes])
    if isinstance(a, Static) and a.copy_of_chosen is None and a.mods:
        return " ".join(_upper(modify_sentence(m)) + "." for m in a.mods)
    if isinstance(a, EntersReplacement) and a.self_only and _plain_enters(a):
        counters = " and ".join(f"with {_counted(n, kind + ' counter')} on it" for kind, n in a.counters)
        how = " ".join(x for x in ("tapped" if a.tapped else "", counters) if x)
        return f"~ enters {how}."
    if isinstance(a, EntersReplacement) and a.self_only and a.choose and not a.tapped and not a.counters:
        return f"As ~ enters, choose a {a.choose.replace('_', ' ')}."
    if isinstance(a, AdditionalCost) and a.sacrifice is not None:
        return f"As an additional cost to cast ~, sacrifice {_article(filter_text(a.sacrifice))}."
    if isinstance(a, CantBeCountered):
        return "~ can't be countered."
    if isinstance(a, BecomesDayAsEnters):
        return "If it's neither day nor night, it becomes day as ~ enters."
    if isinstance(a, CommanderPermission):
        return "~ can be your commander."
    if isinstance(a, DoesntUntap):
        return "~ doesn't untap during your untap step."
    if isinstance(a, Flashback):
        return f"Flashback {a.cost}"
    if isinstance(a, Morph):
        return f"{'Megamorph' if a.mega else 'Morph'} {a.cost}"
    if isinstance(a, Kicker):
        return ("Multikicker " if a.multi else "Kicker ") + " and/or ".join(a.costs)
    return describe_ability(a)


def _plain_enters(a: EntersReplacement) -> bool:
    """ "~ enters tapped" / "with N counters": nothing else of :class:`EntersReplacement` set."""
    bare = EntersReplacement(self_only=True, tapped=a.tapped, counters=a.counters)
    return replace(a, text="") == bare and (a.tapped or bool(a.counters))


def _counted(n: Amount, noun: str) -> str:
    """ "a +1/+1 counter", "two +1/+1 counters"."""
    if n == 1:
        return _article(noun)
    return f"{amount_words(n)} {noun}s"


def _cycling_kind(a: Activated) -> str:
    """ "basic land" for basic landcycling (702.29e): read from the search's filter."""
    from karn.ir.nodes import SearchLibrary

    for e in a.effects:
        if isinstance(e, SearchLibrary):
            f = e.filter
            words = list(f.supertypes) + list(f.subtypes) + [t for t in f.types if t != "card"]
            return " ".join(words) + (" " if words else "")
    return ""


# ---------------------------------------------------------------------------- sentences


def sentences(effects: tuple[Effect, ...], targets: tuple[TargetSpec, ...]) -> str:
    """Effects as sentences; each target named in full where first used, then "it" (608.2c)."""
    named: set[int] = set()

    def target(m: re.Match[str]) -> str:
        index = int(m.group(2))
        if index >= len(targets):
            return m.group(0)
        whose = m.group(1)
        if whose:
            return "its controller" if whose.startswith("controller") else "its owner"
        if index in named:
            return "it" if targets[index].players is None else "that player"
        named.add(index)
        return target_phrase(targets[index])

    out = []
    for e in effects:
        text = _TARGET_REF.sub(target, oracle_effect(e))
        out.append(_upper(text) + ("" if text.endswith(".") else "."))
    return " ".join(out)


def target_phrase(t: TargetSpec) -> str:
    """ "any target" (115.4), "target creature", "target player", "up to two target creatures"."""
    objects = t.objects
    if objects is not None and objects.other and t.players is None and (t.min, t.max) == (1, 1):
        return "another " + target_phrase(replace(t, objects=replace(objects, other=False)))
    if t.players == "any" and objects is not None and set(objects.types) == _ANY_TARGET_TYPES:
        bare = Filter(types=objects.types)
        if objects == bare or objects == Filter(types=objects.types, zone=objects.zone):
            return "any target"
    kinds: list[str] = []
    if t.players is not None:
        kinds.append({"any": "player", "opponent": "opponent", "you": "you"}[t.players])
    if objects is not None:
        kinds.append(filter_text(objects))
    what = " or ".join(kinds)
    if (t.min, t.max) == (1, 1):
        return f"target {what}"
    count = number_word(t.max) if t.max is not None else "any number of"
    prefix = "up to " if t.min == 0 and t.max is not None else ""
    return f"{prefix}{count} target {plural(what)}"


def number_word(n: int) -> str:
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


def amount_words(a: Amount) -> str:
    return number_word(a) if isinstance(a, int) else amount_text(a)


def plural(noun_phrase: str) -> str:
    """The head noun of a description in the plural ("creature you control" -> "creatures ...")."""
    noun_phrase = noun_phrase.replace(" an opponent controls", " your opponents control")
    m = _CONTROL.search(noun_phrase)
    head, tail = (noun_phrase[: m.start()], noun_phrase[m.start() :]) if m else (noun_phrase, "")
    if head.endswith("y") and not head.endswith("ey"):
        head = head[:-1] + "ies"
    elif not head.endswith("s"):
        head += "s"
    return head + tail


def selector_words(s: Selector) -> str:
    """ "~" for the source, "creatures you control" for a group (611.2c: each of them)."""
    if isinstance(s, Ref):
        return _ref_words(s)
    text = plural(filter_text(s.filter))
    return f"{text} of {_ref_words(s.player)}" if s.player is not None else text


def _ref_words(r: Ref) -> str:
    if r.kind == "self":
        return "~"
    if r.kind == "target":
        return f"target #{r.index}"
    if r.kind in ("target_controller", "target_owner"):
        return f"{r.kind.removeprefix('target_')} of target #{r.index}"
    if r.kind == "you":
        return "you"
    if r.kind == "enchanted":
        return "enchanted creature"
    from karn.oracle.describe import ref_text

    return ref_text(r)


def modify_sentence(m: Modify, gains: bool = False) -> str:
    """ "creatures you control get +1/+1", "enchanted creature can't attack or block"; ``gains``:
    an effect that starts ("gains flying") rather than a static ability ("has flying")."""
    group = not isinstance(m.affected, Ref)
    who = selector_words(m.affected)
    parts: list[str] = []
    if m.power or m.toughness:
        parts.append(("get" if group else "gets") + f" {m.power:+d}/{m.toughness:+d}")
    if m.add_keywords:
        verb = ("gain" if group else "gains") if gains else ("have" if group else "has")
        parts.append(verb + " " + " and ".join(m.add_keywords))
    if m.cant_attack and m.cant_block:
        parts.append("can't attack or block")
    elif m.cant_attack:
        parts.append("can't attack")
    elif m.cant_block:
        parts.append("can't block")
    if not parts or m.changes or m.control or m.extra_blocks or m.only_if is not None or m.alt_paid:
        from karn.oracle.describe import modify_text

        return modify_text(m)
    return f"{who} " + " and ".join(parts)


# ---------------------------------------------------------------------------- effects

_ORACLE: dict[type, Callable[[Any], str]] = {}


def _words(effect_type: type) -> Callable[[Callable[[Any], str]], Callable[[Any], str]]:
    def register(fn: Callable[[Any], str]) -> Callable[[Any], str]:
        _ORACLE[effect_type] = fn
        return fn

    return register


def oracle_effect(e: Effect) -> str:
    """An effect in Oracle wording, or its description."""
    fn = _ORACLE.get(type(e))
    return fn(e) if fn is not None else effect_text(e)


def _subject(r: Ref, verb: str) -> str:
    """ "draw" for you (109.5: an instruction without a subject is its controller's), "each
    opponent draws" otherwise."""
    if r.kind == "you":
        return verb
    return f"{_ref_words(r)} {verb}s"


@_words(DealDamage)
def _deal_damage(e: DealDamage) -> str:
    div = {"evenly": " divided evenly", "chosen": " divided as you choose", None: ""}[e.divided]
    return f"~ deals {amount_text(e.amount)} damage{div} to {_ref_words(e.to)}"


@_words(Draw)
def _draw(e: Draw) -> str:
    n = e.amount
    cards = "a card" if n == 1 else f"{amount_words(n)} cards"
    return f"{_subject(e.player, 'draw')} {cards}"


@_words(Discard)
def _discard(e: Discard) -> str:
    if e.chooser != "player" or e.filter is not None or e.reveal or not isinstance(e.amount, int):
        return effect_text(e)
    cards = "a card" if e.amount == 1 else f"{number_word(e.amount)} cards"
    return f"{_subject(e.player, 'discard')} {cards}"


@_words(GainLife)
def _gain_life(e: GainLife) -> str:
    return f"{_ref_words(e.player)} gain{'' if e.player.kind == 'you' else 's'} {amount_text(e.amount)} life"


@_words(GetEnergy)
def _get_energy(e: GetEnergy) -> str:
    if not isinstance(e.amount, int):
        return effect_text(e)
    return f"{_ref_words(e.player)} get{'' if e.player.kind == 'you' else 's'} " + "{E}" * e.amount


@_words(LoseLife)
def _lose_life(e: LoseLife) -> str:
    return f"{_ref_words(e.player)} lose{'' if e.player.kind == 'you' else 's'} {amount_text(e.amount)} life"


@_words(Destroy)
def _destroy(e: Destroy) -> str:
    tail = ". It can't be regenerated" if e.no_regenerate else ""
    return f"destroy {_object_words(e.what)}{tail}"


@_words(Exile)
def _exile(e: Exile) -> str:
    return f"exile {_object_words(e.what)}"


@_words(ReturnToHand)
def _return_to_hand(e: ReturnToHand) -> str:
    return f"return {_object_words(e.what)} to its owner's hand"


@_words(ApplyContinuous)
def _apply_continuous(e: ApplyContinuous) -> str:
    until = {"end_of_turn": " until end of turn", "until_your_next_turn": " until your next turn"}
    return modify_sentence(e.mod, gains=True) + until.get(e.duration, "")


@_words(PutCounters)
def _put_counters(e: PutCounters) -> str:
    on = (
        _object_words(e.what).replace("all ", "each ", 1)
        if not isinstance(e.what, Ref)
        else _ref_words(e.what)
    )
    return f"put {_counted(e.amount, e.kind + ' counter')} on {on}"


@_words(Mill)
def _mill(e: Mill) -> str:
    cards = "a card" if e.amount == 1 else f"{amount_words(e.amount)} cards"
    return f"{_subject(e.player, 'mill')} {cards}"


@_words(May)
def _may(e: May) -> str:
    if len(e.effects) != 1:
        return effect_text(e)
    inner = oracle_effect(e.effects[0]).removeprefix("you ")
    return "you may " + inner if not inner.startswith(("~", "target", "each")) else effect_text(e)


@_words(CreateToken)
def _create_token(e: CreateToken) -> str:
    t = e.token
    if t.abilities:
        return effect_text(e)
    colors = " and ".join(_COLOR_NAMES[c] for c in t.colors) or "colorless"
    what = " ".join([f"{t.power}/{t.toughness}", colors, *t.subtypes, *t.types])
    tapped = "tapped " if e.tapped else ""
    noun = _counted(e.count, f"{tapped}{what} token") if isinstance(e.count, int) else f"X {what} tokens"
    return f"create {noun}" + (" with " + " and ".join(t.keywords) if t.keywords else "")


@_words(CreateEmblem)
def _create_emblem(e: CreateEmblem) -> str:
    """114.1: 'you get an emblem with "<ability>"' (each quoted ability in its own words)."""
    quoted = " and ".join(f'"{g.ability.text}"' if hasattr(g.ability, "text") else "" for g in e.abilities)
    return f"{_subject(e.player, 'get')} an emblem with {quoted}"


@_words(CounterSpell)
def _counter(e: CounterSpell) -> str:
    return f"counter {_ref_words(e.what)}"


def _object_words(s: Selector) -> str:
    """ "target creature", "~", "all creatures" (a group: every object it describes)."""
    if isinstance(s, Ref):
        return _ref_words(s)
    return "all " + selector_words(s)


_COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def _article(noun_phrase: str) -> str:
    return ("an " if noun_phrase[:1] in "aeiou" else "a ") + noun_phrase


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]
