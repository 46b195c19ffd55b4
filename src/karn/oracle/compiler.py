"""The Oracle compiler's entry points: card face -> :class:`CompiledCard`.

Pipeline: :func:`karn.oracle.normalize.normalize` splits the text into ability
lines; each line is dispatched by shape (keyword 702, loyalty 606, triggered
603, activated 602, static 604, spell text 113.3a), parsed by the LALR grammar
(:mod:`karn.oracle.parser`) and lowered to IR (:mod:`karn.oracle.lowering`).

Never raises on card text: whatever does not compile becomes
``Unsupported(clause=<the sentence that failed, as printed>, reason=...)``.
Cards with several parts (split, adventure, modal double-faced ...),
non-traditional cards (vanguard, planes, ...), faces that can't be cast or
played (a transforming card's back face, 712.8a; a nonland face without a mana
cost, 118.6) and faces whose printed power, toughness or loyalty is not a
number (``*``, ``∞``, ...) also get an ``Unsupported`` node, so they are never
counted as playable.

``text`` conventions of the IR nodes:

* an ability's ``text`` is its Oracle line with reminder text removed, as
  printed (the card's name, not ``~``); a keyword split from a keyword line
  ("Flying, haste") carries its own item ("haste"); the SpellAbility of an
  instant or sorcery carries all its spell lines joined by newlines; a Mode
  carries its bullet's text without the bullet;
* intrinsic mana abilities of basic land types carry "{T}: Add {W}." (305.6);
* ``TargetSpec.text`` is the target phrase as printed with its first letter
  lower-cased ("any target", "target creature card from your graveyard").
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from karn.cards.database import CardFace
from karn.cards.mana import ManaCost, ManaCostError
from karn.cards.pool import BASIC_LAND_MANA
from karn.ir.nodes import (
    Ability,
    Activated,
    AddMana,
    AlternativeCost,
    CantBeCountered,
    CompiledCard,
    Cost,
    Keyword,
    SetBasePT,
    SpellAbility,
    Static,
    Triggered,
    Unsupported,
)
from karn.oracle.lexer import QUOTED_PREFIX
from karn.oracle.lowering import (
    CardTypes,
    LowerError,
    is_additional_cost,
    is_cost_increase,
    is_cost_reduction,
    lower_activated,
    lower_additional_cost,
    lower_chapter,
    lower_cost_increase,
    lower_cost_reduction,
    lower_keyword,
    lower_modal,
    lower_spell,
    lower_static,
    lower_triggered,
)
from karn.oracle.lowering.context import QUOTED_ABILITIES
from karn.oracle.lowering.linked import link_exiles
from karn.oracle.lowering.tokens import command_zone_static
from karn.oracle.normalize import SELF, CardLike, Line, normalize, self_words
from karn.oracle.parser import ParseError, Start, parse
from karn.oracle.syntax import ActivatedA, Effects, EitherTriggerA, KeywordA, ModalA, TriggeredA

# Layouts of cards with several parts the engine doesn't play (702.127 aftermath, 710
# flip, prepare, reversible).
INCOMPLETE_LAYOUTS = frozenset({"aftermath", "flip", "prepare", "reversible_card"})
# Layouts whose other parts are cast by choice (709.3 split, 715.3 adventurer, 712.11b modal
# double-faced): played when the card data has those parts (an MTGJSON AtomicCards file does;
# the packaged corpus keeps only the first part's text).
PART_LAYOUTS = frozenset({"split", "adventure", "modal_dfc"})

# Card types of casual variants and supplemental products (vanguard 902, planes 901,
# schemes 904, conspiracies 905, ...): not cards karn plays.
NONTRADITIONAL_TYPES = frozenset({"vanguard", "scheme", "conspiracy", "hero", "stickers", "dungeon"})
#: 901: plane and phenomenon cards are played in a Planechase game, from the command zone
#: (901.7): they have no mana cost (they are never cast, 311.2, 312.2).
COMMAND_ZONE_TYPES = frozenset({"plane", "phenomenon"})
#: The triggered abilities a face-up plane's abilities trigger on in karn (901.7, 311.4): the
#: trigger families that don't need their source on the battlefield.
PLANE_TRIGGERS = frozenset({"chaos", "cast", "enters", "step", "planeswalk_to", "planeswalk_from"})
_NONTRADITIONAL_REASONS: dict[str, str] = {}

_LOYALTY = re.compile(r"^\[[+-]?(?:\d+|x)\]:", re.IGNORECASE)
# a printed power, toughness or loyalty the IR can hold: an integer (208.1, 209.1)
_PRINTED_NUMBER = re.compile(r"-?\d+")


@dataclass(frozen=True, slots=True)
class SimpleFace:
    """A minimal card face (what :class:`CardLike` needs): Oracle text and types only,
    for :func:`compile_text`. It has no mana cost, so the castability checks of
    :func:`compile_face` don't apply to it (a full face: :func:`face_from_record`)."""

    name: str
    text: str | None = None
    type_line: str = ""
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    layout: str = "normal"


def face_from_record(rec: Mapping[str, Any]) -> CardFace:
    """An MTGJSON-shaped dict (the corpus format) as a full :class:`CardFace`: with
    its mana cost, power/toughness/loyalty and face links, so that every check of
    :func:`compile_face` applies as for the packaged database."""
    return CardFace.from_record(rec)


# Keyed by the whole face, not its name: a custom card file may give a name another
# text (a test fixture's "Fire // Ice", a user's own card), and must not change what
# the packaged card compiles to for the rest of the process.
_CACHE: dict[tuple[CardLike, bool], CompiledCard] = {}


def compile_card(face: CardLike, *, part: bool = False) -> CompiledCard:
    """Compile a card face, cached by the face (its name, text, types, costs...); ``part``: as
    :func:`compile_face`."""
    key = (face, part)
    cc = _CACHE.get(key)
    if cc is None:
        cc = compile_face(face, part=part)
        _CACHE[key] = cc
    return cc


def is_transform_back(face: CardLike) -> bool:
    """The back face of a nonmodal (transforming) double-faced card (712.2): it names its front."""
    return bool(getattr(face, "front", None)) and getattr(face, "layout", "") == "transform"


def clear_cache() -> None:
    _CACHE.clear()


def compile_text(
    text: str | None,
    *,
    name: str = "",
    type_line: str = "",
    types: Sequence[str] = (),
    subtypes: Sequence[str] = (),
    supertypes: Sequence[str] = (),
) -> CompiledCard:
    """Compile Oracle text directly (uncached; for tests and tools).

    ``types`` default from ``type_line`` ("Instant", "Creature — Elf") when omitted.
    """
    if not types and type_line:
        types, subtypes, supertypes = _split_type_line(type_line)
    face = SimpleFace(name, text, type_line, tuple(types), tuple(subtypes), tuple(supertypes))
    return compile_face(face)


def _split_type_line(type_line: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    from karn.oracle.vocab import CARD_TYPES, SUPERTYPES

    left, _, right = type_line.partition("—")
    words = [w.lower() for w in left.split()]
    types = tuple(w for w in words if w in CARD_TYPES)
    supertypes = tuple(w for w in words if w in SUPERTYPES)
    subtypes = tuple(w.lower() for w in right.split())
    return types, subtypes, supertypes


def compile_face(face: CardLike, *, part: bool = False) -> CompiledCard:
    """Compile a card face's Oracle text (uncached). Never raises on text.

    ``part``: the face is compiled as a part of its card (the back face of a transforming
    card, in the card pool beside its front face): it is not refused for being a face that
    can't be cast (712.8a), since it is only ever turned up on the battlefield (701.27a,
    712.14a)."""
    types = {t.lower() for t in face.types}
    card = (tuple(t.lower() for t in face.types), tuple(t.lower() for t in face.subtypes))
    abilities: list[Ability] = [] if part and is_transform_back(face) else list(_not_castable(face, types))
    abilities += _intrinsic_mana(face, types)
    is_spell = bool(types & {"instant", "sorcery"})
    spell_lines: list[Line] = []
    spell_at: int | None = None
    for line in normalize(face):
        if is_spell and line.kind != "keyword" and not _cycle_trigger(line):
            cost = _try_cost_increase(line)
            if cost is not None:
                abilities.append(cost)
                continue
            if _UNCOUNTERABLE.fullmatch(line.norm.lower()):
                # 113.6g, 101.2: "This spell can't be countered." is a static ability of the
                # instant or sorcery (it works on the stack), not an instruction of its text
                abilities.append(CantBeCountered(text=line.text))
                continue
            if spell_at is None:
                spell_at = len(abilities)
            spell_lines.append(line)
            continue
        abilities.extend(compile_line(line, card))
    if spell_lines:
        assert spell_at is not None
        abilities.insert(spell_at, _compile_spell(spell_lines))
    if "battle" in types:
        abilities.append(
            Unsupported(clause=face.type_line, reason="battles (310) are not implemented by the engine yet")
        )
    odd = sorted(types & NONTRADITIONAL_TYPES)
    if odd:
        why = _NONTRADITIONAL_REASONS.get(odd[0], f"{odd[0]} cards are not played by karn")
        abilities.append(Unsupported(clause=face.type_line, reason=why))
    elif types & COMMAND_ZONE_TYPES:
        abilities = [_plane_ability(a) for a in abilities]  # 901.7: planes and phenomena
    layout = str(getattr(face, "layout", "normal") or "normal")
    if layout in INCOMPLETE_LAYOUTS:
        abilities.append(
            Unsupported(
                clause=face.name,
                reason=f"{layout} layout: cards with several parts are not supported yet",
            )
        )
    abilities += _missing_parts(face, layout, types)
    abilities = [_overloaded(a, spell_lines) for a in abilities]  # 702.96a
    abilities = link_exiles(abilities)  # 607.2a
    abilities = [_check_mana(a) for a in abilities]
    mana_cost = getattr(face, "mana_cost", None)
    if isinstance(mana_cost, str) and _unpayable(mana_cost):
        abilities.append(Unsupported(clause=mana_cost, reason="mana symbols the engine can't pay yet"))
    abilities += _printed_numbers(face, _cda_defines_pt(abilities))
    if any(isinstance(a, Keyword) and a.name == "suspend" for a in abilities):
        # 702.62a: a card with suspend and no mana cost (Ancestral Vision) is cast without paying
        # its mana cost as its last time counter is removed
        abilities = [a for a in abilities if not (isinstance(a, Unsupported) and a.clause == NO_MANA_COST)]
    return CompiledCard(face.name, tuple(abilities))


def _plane_ability(ab: Ability) -> Ability:
    """A plane's ability as karn plays it from the command zone (901.7, 311.4): its triggered
    abilities of the families in :data:`PLANE_TRIGGERS`; anything else is refused, so a plane
    never plays with an ability silently missing."""
    if isinstance(ab, Unsupported):
        return ab
    if isinstance(ab, Static) and command_zone_static(ab):
        return ab  # 901.7: layered effects on the objects a group describes ("All creatures get +2/+2")
    if not isinstance(ab, Triggered):
        kind = "activated" if isinstance(ab, Activated) else "static"
        return Unsupported(
            clause=getattr(ab, "text", "") or kind,
            reason=f"a plane's {kind} abilities don't function from the command zone in karn yet (901.7)",
        )
    if ab.trigger.event not in PLANE_TRIGGERS:
        return Unsupported(
            clause=ab.text,
            reason=f"a plane's '{ab.trigger.event}' triggered abilities don't trigger from the command zone "
            "in karn yet (901.7)",
        )
    return ab


def _cycle_trigger(line: Line) -> bool:
    """702.29c: "When you cycle this card, ..." of an instant or sorcery card is a triggered
    ability of the card (it triggers from the zone the card goes to, 113.6k), not spell text."""
    return line.norm.lower().startswith("when you cycle ~")


def _missing_parts(face: CardLike, layout: str, types: set[str]) -> Iterable[Unsupported]:
    """A card whose parts are cast by choice (709.3, 715.3, 712.11b) plays only when its card
    data has them all; a split card with a shared type line (709.5, Rooms: unlocked halves)
    is not played yet."""
    if layout not in PART_LAYOUTS or getattr(face, "part_of", None) or getattr(face, "front", None):
        return
    has_parts = bool(getattr(face, "parts", ())) or bool(getattr(face, "back", None))
    if not has_parts:
        yield Unsupported(
            clause=face.name,
            reason=f"{layout} layout: the card data has only its first part (an MTGJSON AtomicCards file has them all)",
        )
    elif layout == "split" and types & {
        "artifact",
        "creature",
        "enchantment",
        "land",
        "planeswalker",
        "battle",
    }:
        yield Unsupported(
            clause=face.name, reason="split permanents (709.5: unlocking halves) are not played yet"
        )


#: The clause of the refusal of a nonland card without a mana cost (118.6, 202.1b)
NO_MANA_COST = "(no mana cost)"


def _not_castable(face: CardLike, types: set[str]) -> Iterable[Unsupported]:
    """A face no player can cast or play from their hand is not playable.

    * the back face of a transforming card (not a modal one, 712.11b): in the library or hand a double-faced
      card has only its front face's characteristics (712.8a), it is cast by its
      front face (712.11) and enters with it up (712.14);
    * any other nonland face without a mana cost (a meld result, a suspend-only
      card): no mana cost is an unpayable cost (118.6, 202.1b), and the IR has no
      alternative costs. Lands are played without paying a cost (305.1).

    Only a face that carries its mana cost is checked (``compile_text`` faces
    don't: they are text only), and not a nontraditional card (it has its own
    Unsupported, 202.1b).
    """
    front = getattr(face, "front", None)
    if front and getattr(face, "layout", "") == "modal_dfc":
        return  # 712.11b: a modal double-faced card's back face is cast (or played) by choice
    if front:
        yield Unsupported(
            clause=face.name,
            reason=f"back face of {front}: a transforming card is played by its front face (712.8a)",
        )
        return
    costless = hasattr(face, "mana_cost") and getattr(face, "mana_cost", None) is None
    if costless and "land" not in types and not types & (NONTRADITIONAL_TYPES | COMMAND_ZONE_TYPES):
        yield Unsupported(
            clause=NO_MANA_COST,
            reason="no mana cost: the card can't be cast (118.6, 202.1b) and the IR has no alternative cost",
        )


def _cda_defines_pt(abilities: list[Ability]) -> bool:
    """A characteristic-defining ability sets the card's own power and toughness (604.3)."""
    return any(
        isinstance(a, Static)
        and a.cda
        and any(isinstance(c, SetBasePT) and c.power is not None for m in a.mods for c in m.changes)
        for a in abilities
    )


def _printed_numbers(face: CardLike, cda: bool = False) -> Iterable[Unsupported]:
    """Power, toughness (208.1) and loyalty (209.1) must be integers: the IR has no
    value for ``*`` (208.2), ``1+*``, ``∞``, ``?``, half points or augment's ``+1``;
    ``*`` and ``N+*`` are what a characteristic-defining ability defines (208.2a) when the
    card has one (``cda``)."""
    for what in ("power", "toughness", "loyalty"):
        value = getattr(face, what, None)
        if cda and what != "loyalty" and re.fullmatch(r"(\d+\+)?\*", str(value)):
            continue
        if value is not None and not _PRINTED_NUMBER.fullmatch(str(value)):
            yield Unsupported(
                clause=str(value), reason=f"printed {what} {value!r} is not a number the IR can express"
            )


def _unpayable(mana: str) -> bool:
    try:
        ManaCost.parse(mana)
    except ManaCostError:
        return True
    return False


def _check_mana(a: Ability) -> Ability:
    """An activated ability whose cost has mana symbols the engine can't pay (hybrid,
    Phyrexian, snow) is not playable yet: say so instead of failing in a game."""
    if isinstance(a, Activated) and a.cost.mana and _unpayable(a.cost.mana):
        return Unsupported(clause=a.text, reason=f"mana symbols in {a.cost.mana} the engine can't pay yet")
    return a


def _intrinsic_mana(face: CardLike, types: set[str]) -> Iterable[Activated]:
    """305.6: a land with a basic land type has "{T}: Add [mana]" for each such type."""
    if "land" not in types:
        return
    for sub in face.subtypes:
        mana = BASIC_LAND_MANA.get(sub.lower())
        if mana is not None:
            yield Activated(Cost(tap=True), (AddMana(mana),), mana_ability=True, text=f"{{T}}: Add {mana}.")


def shape(line: Line) -> Start:
    """Which grammar start symbol an ability line is parsed with (113.3)."""
    if line.kind == "keyword":
        return "keyword_item"
    low = line.norm.lower()
    if low.startswith("ward—"):
        return "keyword_item"  # 702.21a: "Ward—Pay 2 life." (a keyword with a cost in words)
    if _LOYALTY.match(low):
        return "loyalty"
    if low.startswith(("when ", "whenever ", "at ")):
        return "triggered"
    if low.startswith("reveal the first card you draw each turn. whenever "):
        return "triggered"  # 603.11: a static ability linked to the triggered one after it
    colon = low.find(":")
    if colon > 0 and '"' not in low[:colon] and "." not in low[:colon]:
        return "activated"
    return "effects"


def compile_line(line: Line, card: CardTypes | None = None) -> list[Ability]:
    """Compile one ability line of a permanent (or a keyword of any card), its quoted
    abilities compiled on their own (:func:`_with_quoted`)."""
    found = _compile_line_once(line, card)
    if not _stopped_at_quote(found):
        return found
    return _with_quoted([line], found, lambda lines: _compile_line_once(lines[0], card))


# 113.2c: a quoted ability ('Enchanted land has "{T}: Add {G}."') is an ability of its own.
_QUOTE = re.compile(r'"([^"]*)"')


def _stopped_at_quote(found: Sequence[Ability]) -> bool:
    return any(isinstance(a, Unsupported) and "unexpected '\"'" in a.reason for a in found)


def _with_quoted(
    lines: list[Line], found: list[Ability], compile_outer: Callable[[list[Line]], list[Ability]]
) -> list[Ability]:
    """113.2c: compile each quoted ability of ``lines`` on its own (any ability the compiler
    knows: activated, triggered, static, mana), then the lines with each quoted ability as one
    word the grammar reads as QUOTED (lowered to the ability it stands for, 613.1f). ``found``
    is the lines' compilation with the quotes left in, returned when they can't be split."""
    outer: list[Line] = []
    quoted: list[Ability] = []
    for line in lines:
        split = _split_quoted(line, len(quoted))
        if split is None:
            return found
        outer_line, inner = split
        for inner_line in inner:
            if inner_line.norm.count(SELF) > self_words(inner_line.text):
                # 201.5a: a granted ability that names its grantor refers to the grantor, not to
                # the object that has it; the IR has no reference for that yet
                return [
                    Unsupported(
                        clause=line.text, reason="a quoted ability naming the card that grants it (201.5a)"
                    )
                ]
            compiled = _compile_line_once(inner_line, None)
            bad = next((a for a in compiled if isinstance(a, Unsupported)), None)
            if bad is not None:
                return [Unsupported(clause=bad.clause, reason=f"in a quoted ability: {bad.reason}")]
            if len(compiled) != 1 or isinstance(compiled[0], Keyword):
                return [
                    Unsupported(clause=inner_line.text, reason="a quoted ability that is not one ability")
                ]
            quoted.append(compiled[0])
        outer.append(outer_line)
    token = QUOTED_ABILITIES.set(tuple(quoted))
    try:
        return compile_outer(outer)
    finally:
        QUOTED_ABILITIES.reset(token)


def _split_quoted(line: Line, first: int) -> tuple[Line, list[Line]] | None:
    """``line`` with its quoted abilities replaced by the words that stand for them (numbered
    from ``first``), and each quoted ability as a line of its own; ``None`` when its quotes
    don't pair up. A quote that ends its sentence ends the outer sentence too."""
    norms = _QUOTE.findall(line.norm)
    texts = _QUOTE.findall(line.text)
    if not norms or len(norms) != len(texts) or line.norm.count('"') != 2 * len(norms):
        return None

    def replaced(text: str) -> str:
        index = iter(range(first, first + len(norms)))

        def placeholder(m: re.Match[str]) -> str:
            word = f"{QUOTED_PREFIX}{next(index)}"
            rest = m.string[m.end() :].lstrip()
            ends_sentence = m.group(1).rstrip().endswith(".") and (not rest or rest[:1].isupper())
            return word + "." if ends_sentence else word

        return _QUOTE.sub(placeholder, text)

    # the ability keeps its own words (quotes and all) as its text; only what is parsed changes
    outer = Line(line.text, replaced(line.norm), line.kind)
    return outer, [Line(text.strip(), norm.strip()) for text, norm in zip(texts, norms, strict=True)]


# 714.2a: a chapter symbol's Roman numerals, "I, II — " (714.2c: several numbers, one effect)
_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7}
_CHAPTER = re.compile(r"^((?:I|II|III|IV|V|VI|VII)(?:, (?:I|II|III|IV|V|VI|VII))*) \u2014 ")


def chapter_numbers(norm: str) -> tuple[tuple[int, ...], str] | None:
    """A chapter ability's numbers and its effect's text (714.2a-c), or None if the line is
    not one ("I, II — Draw a card." -> ((1, 2), "Draw a card."))."""
    m = _CHAPTER.match(norm)
    if m is None:
        return None
    return tuple(_ROMAN[n] for n in m.group(1).split(", ")), norm[m.end() :]


def _compile_chapter(line: Line, chapters: tuple[int, ...], effect: str) -> list[Ability]:
    """714.2: a chapter ability, its effect compiled as a triggered ability's (a modal one's
    too: "I — Choose one — • ...", 700.2)."""
    start: Start = "modal" if _is_modal(effect) else "effects"
    try:
        ast = parse(effect, start)
        assert isinstance(ast, (Effects, ModalA))
        return [lower_chapter(ast, chapters, line.text)]
    except ParseError as e:
        return [_unsupported_parse(Line(line.text, effect), e, start)]
    except LowerError as e:
        return [_unsupported_lower(line.text, effect, e)]


def _compile_line_once(line: Line, card: CardTypes | None = None) -> list[Ability]:
    """Compile one ability line as it is (see :func:`compile_line`)."""
    chapter = chapter_numbers(line.norm) if line.kind == "ability" else None
    if chapter is not None:
        return _compile_chapter(line, *chapter)
    start = shape(line)
    try:
        ast = parse(line.norm, start)
        if isinstance(ast, KeywordA):
            return lower_keyword(ast, line.text)  # 702: the keyword and what it means
        if isinstance(ast, ActivatedA):
            return [lower_activated(ast, line.text)]
        if isinstance(ast, TriggeredA) and isinstance(ast.trigger, EitherTriggerA):
            # "Whenever ~ enters or a planeswalker you control dies": each event triggers it
            # on its own (603.2c): one triggered ability per event, with the same effect.
            return [
                lower_triggered(dataclasses.replace(ast, trigger=t), line.text, card)
                for t in (ast.trigger.first, ast.trigger.second)
            ]
        if isinstance(ast, TriggeredA):
            return [lower_triggered(ast, line.text, card)]
        if isinstance(ast, Effects):
            return [lower_static(ast, line.text)]
        raise LowerError("unexpected ability shape", line.norm)
    except ParseError as e:
        return [_unsupported_parse(line, e, start)]
    except LowerError as e:
        return [_unsupported_lower(line.text, line.norm, e)]


#: "This spell can't be countered." on an instant or sorcery (its name or "this spell" is "~")
_UNCOUNTERABLE = re.compile(r"(?:~|this spell) can't be countered\.")


def _try_cost_increase(line: Line) -> Ability | None:
    if "cost" not in line.norm.lower():
        return None
    try:
        ast = parse(line.norm, "effects")
    except ParseError:
        return None
    if isinstance(ast, Effects) and (
        is_cost_increase(ast) or is_additional_cost(ast) or is_cost_reduction(ast)
    ):
        try:
            if is_additional_cost(ast):
                return lower_additional_cost(ast, line.text)
            if is_cost_reduction(ast):
                return lower_cost_reduction(ast, line.text)
            return lower_cost_increase(ast, line.text)
        except LowerError as e:
            return _unsupported_lower(line.text, line.norm, e)
    return None


def _compile_spell(lines: list[Line]) -> Ability:
    """The spell ability of an instant or sorcery (its quoted abilities compiled on their own)."""
    found = _compile_spell_once(lines)
    if not _stopped_at_quote([found]):
        return found
    return _with_quoted(lines, [found], lambda outer: [_compile_spell_once(outer)])[0]


def _compile_spell_once(lines: list[Line]) -> Ability:
    text = "\n".join(ln.text for ln in lines)
    norm = "\n".join(ln.norm for ln in lines)
    start: Start = "modal" if _is_modal(norm) else "effects"
    try:
        ast = parse(norm, start)
        if isinstance(ast, ModalA):
            mode_texts = [m.strip().lstrip("•").strip() for m in text.split("\n")[1:]]
            return lower_modal(ast, text, mode_texts)
        assert isinstance(ast, Effects)
        return lower_spell(ast, text)
    except ParseError as e:
        return _unsupported_parse(Line(text, norm), e, start)
    except LowerError as e:
        return _unsupported_lower(text, norm, e)


_TARGET_WORD = re.compile(r"\b(t)arget\b", re.IGNORECASE)


def _overloaded(a: Ability, spell_lines: list[Line]) -> Ability:
    """702.96a-c: "Overload [cost]": if the overload cost is paid, the spell's text is changed by
    replacing every word "target" with "each" (a text-changing effect, 612); it then has no
    targets (702.96b). The changed text is compiled like any spell's; if it doesn't compile,
    the overload ability (and so the card) is refused."""
    if not isinstance(a, AlternativeCost) or a.keyword != "overload":
        return a
    if not spell_lines:
        return Unsupported(clause=a.text, reason="overload on a card without spell text (702.96a)")

    def each(m: re.Match[str]) -> str:
        return "Each" if m.group(1) == "T" else "each"

    changed = [Line(_TARGET_WORD.sub(each, ln.text), _TARGET_WORD.sub(each, ln.norm)) for ln in spell_lines]
    spell = _compile_spell(changed)
    if isinstance(spell, Unsupported):
        return Unsupported(clause=spell.clause, reason=f"overloaded (702.96a): {spell.reason}")
    if not isinstance(spell, SpellAbility) or spell.modes or spell.targets:
        return Unsupported(clause=a.text, reason="an overloaded spell that still targets (702.96b)")
    return dataclasses.replace(a, spell=spell)


def _is_modal(norm: str) -> bool:
    """700.2: "Choose one —" starts a modal spell; "Choose a color." (608.2d) and "Choose any
    number of target creatures." (115.1, 601.2c) are instructions, not a choice of modes."""
    lower = norm.lower()
    if not lower.startswith("choose ") or lower.startswith("choose a color."):
        return False
    first = re.split(r"[.—]", lower, maxsplit=1)[0]
    return re.search(r"\btarget\b", first) is None


# --------------------------------------------------------------------------- Unsupported

_SENTENCE_END = re.compile(r"(?<=[.])\s+|\n")


def _sentences(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    pos = 0
    for m in _SENTENCE_END.finditer(text):
        if m.start() > pos:
            spans.append((pos, m.start()))
        pos = m.end()
    if pos < len(text):
        spans.append((pos, len(text)))
    return spans


def _clause_at(text: str, norm: str, pos: int) -> str:
    """The printed sentence containing offset ``pos`` of the normalized text."""
    ns = _sentences(norm)
    os_ = _sentences(text)
    for i, (a, b) in enumerate(ns):
        if a <= pos <= b:
            if len(ns) == len(os_):
                s, e = os_[i]
                return text[s:e].strip()
            return norm[a:b].strip()
    return text.strip()


def _unsupported_parse(line: Line, e: ParseError, start: Start) -> Unsupported:
    if start == "keyword_item":
        return Unsupported(clause=line.text, reason="keyword not supported")
    return Unsupported(clause=_clause_at(line.text, line.norm, e.pos), reason=f"no grammar rule: {e}")


def _unsupported_lower(text: str, norm: str, e: LowerError) -> Unsupported:
    clause = text.strip()
    if e.clause:
        idx = norm.find(e.clause)
        if idx >= 0:
            clause = _clause_at(text, norm, idx)
    return Unsupported(clause=clause, reason=e.reason)


__all__ = [
    "BASIC_LAND_MANA",
    "SimpleFace",
    "clear_cache",
    "compile_card",
    "compile_face",
    "compile_line",
    "compile_text",
    "face_from_record",
    "shape",
]
