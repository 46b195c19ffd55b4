"""Oracle text normalization: the first pass of the compiler.

* Strip reminder text (parenthesized, 207.2): it has no rules meaning.
* Split the text into ability lines (113.2: each paragraph is one ability);
  the bullets of a modal spell (700.2) stay with their "Choose ..." line.
* Split keyword lines ("Flying, haste") into one item per keyword (702.1).
* Replace the card's own name and "this creature" / "this spell" / ... by the
  self token ``~`` (201.5: an object's name in its text means that object).
* Drop ability words ("Landfall — ", 207.2c) from the text the parser reads.
* Turn the minus sign of loyalty costs (``[−1]``) into an ASCII hyphen.

Each :class:`Line` keeps the original wording (reminder text stripped) as
``text``; the IR nodes' ``text`` fields carry it, while the parser reads ``norm``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from karn.oracle.vocab import ABILITY_WORDS, CARD_TYPES, KEYWORD_NAMES, SUBTYPES

SELF = "~"


class CardLike(Protocol):
    """What the compiler needs from a card face (karn.cards.database.CardFace has these)."""

    @property
    def name(self) -> str: ...

    @property
    def text(self) -> str | None: ...

    @property
    def type_line(self) -> str: ...

    @property
    def types(self) -> Sequence[str]: ...

    @property
    def subtypes(self) -> Sequence[str]: ...

    @property
    def supertypes(self) -> Sequence[str]: ...


@dataclass(frozen=True, slots=True)
class Line:
    """One ability of the card (or one keyword of a keyword line)."""

    text: str  # original wording, reminder text stripped
    norm: str  # self token substituted, "−" -> "-"
    kind: Literal["keyword", "ability"] = "ability"


_REMINDER = re.compile(r"\s*\([^()]*\)")
_SPACES = re.compile(r"[ \t]+")
# "this creature", "this Aura", "this spell" ... (the card refers to itself, 201.5; "this emblem"
# in an emblem's quoted ability: the emblem, 114.1)
_SELF_NOUNS = sorted(
    set(CARD_TYPES) | {"permanent", "spell", "card", "token", "object", "emblem"} | set(SUBTYPES),
    key=len,
    reverse=True,
)
_THIS_NOUN = re.compile(
    r"\b[Tt]his (?:" + "|".join(re.escape(n) for n in _SELF_NOUNS) + r")\b", re.IGNORECASE
)


def strip_reminder(text: str) -> str:
    """Remove parenthesized reminder text (repeatedly, for nested parentheses)."""
    prev = None
    while prev != text:
        prev = text
        text = _REMINDER.sub("", text)
    return _SPACES.sub(" ", text).strip()


def self_names(name: str) -> list[str]:
    """The ways a card's text may name the card itself, longest first.

    A double-faced or split card's name is ``"A // B"``; each half names itself.
    Legendary cards are often referred to by the part before the comma
    ("Garruk" for "Garruk Wildspeaker" is not used, but "Prowl" for "Prowl, Stoic Strategist" is).
    """
    names: set[str] = set()
    for part in name.split(" // "):
        part = part.strip()
        if not part:
            continue
        names.add(part)
        if part.startswith("A-") and len(part) > 2:
            # a digital rebalanced card ("A-Binding Geist") names itself without the prefix
            part = part[2:]
            names.add(part)
        if ", " in part:
            names.add(part.split(", ", 1)[0])
        elif " the " in part:
            names.add(part.split(" the ", 1)[0])  # "Carth" for "Carth the Lion"
    return sorted(names, key=len, reverse=True)


def short_names(name: str, text: str, legendary: bool, own_subtypes: Sequence[str] = ()) -> list[str]:
    """201.5c: a legendary card's text may name it by its first name alone ("When Runo
    enters" on Runo Stromkirk). A first name counts only when the text has it capitalized
    in the middle of a sentence (so a proper noun, never an English word that merely starts
    a sentence) and it is not a card type or subtype (capitalized too: "Sliver Queen")."""
    if not legendary:
        return []
    out: list[str] = []
    for part in name.split(" // "):
        words = part.strip().removeprefix("A-").split()
        if len(words) < 2 or ", " in part or not words[0].isalpha():
            continue
        first = words[0]
        if first.lower() in {t.lower() for t in own_subtypes} and re.search(
            r"(?<![\w'])" + re.escape(first) + r"(?![\w'])", text
        ):
            # a planeswalker's type is its character's name ("Ajani" of Ajani Goldmane, 205.3j):
            # the text naming it names the card, at the start of a sentence too
            out.append(first)
            continue
        if first.lower() in SUBTYPES or first.lower() in CARD_TYPES:
            continue  # "Sliver" in "Sliver Queen" is a creature type, capitalized as such (205.3)
        if re.search(r"[a-z,]\s+" + re.escape(first) + r"(?![\w'])", text):
            out.append(first)
    return out


def self_words(text: str) -> int:
    """How many times ``text`` says "this <object>" (each becomes the self token)."""
    return len(_THIS_NOUN.findall(text))


def substitute_self(text: str, name: str, short: Sequence[str] = ()) -> str:
    """Replace the card's name (and its ``short`` names, 201.5c) and "this <object>" by the
    self token."""
    for n in sorted({*self_names(name), *short}, key=len, reverse=True):
        text = re.sub(r"(?<![\w])" + re.escape(n) + r"(?![\w])", SELF, text)
    text = _THIS_NOUN.sub(SELF, text)
    return text


def _is_keyword_item(item: str) -> bool:
    words = item.strip().lower().split()
    if not words:
        return False
    first = words[0].rstrip(",")
    first = first.split("—", 1)[0]
    return first in KEYWORD_NAMES or first.endswith("cycling")  # 702.29e: "wizardcycling"


def split_keyword_line(line: str) -> list[str] | None:
    """``"Flying, haste"`` -> ``["Flying", "haste"]``; None if not a keyword line (702.1)."""
    if line.endswith(".") or line.endswith('"') or ":" in line:
        return None
    items = [i.strip() for i in line.split(",")]
    if all(_is_keyword_item(i) for i in items):
        return items
    return None


def normalize(face: CardLike) -> list[Line]:
    """Split a card face's Oracle text into normalized ability lines (see module doc)."""
    raw = face.text or ""
    lines: list[str] = []
    for part in raw.split("\n"):
        stripped = strip_reminder(part)
        if not stripped:
            continue
        if stripped.startswith("•") and lines:
            # 700.2: the modes of a modal spell belong to its "Choose ..." ability
            lines[-1] = lines[-1] + "\n" + stripped
        else:
            lines.append(stripped)
    planeswalker = "planeswalker" in {t.lower() for t in face.types}
    short = short_names(
        face.name,
        raw,
        "legendary" in {t.lower() for t in face.supertypes},
        face.subtypes if planeswalker else (),
    )
    out: list[Line] = []
    for line in lines:
        kw = split_keyword_line(line)
        if kw is not None:
            for item in kw:
                out.append(Line(item, _norm(item, face.name, short), "keyword"))
        else:
            out.append(Line(line, _norm(line, face.name, short), "ability"))
    return out


_ABILITY_WORD = re.compile(r"^([A-Z][\w' ]{0,30}?) — ")


def strip_ability_word(text: str) -> str:
    """'Landfall — Whenever ...' -> 'Whenever ...' (207.2c: ability words have no rules meaning)."""
    m = _ABILITY_WORD.match(text)
    if m and m.group(1).lower() in ABILITY_WORDS:
        return text[m.end() :]
    return text


# Phrases that name every object in the game in one word: "all cards that aren't on the
# battlefield, spells, and permanents" is every card in every zone, every spell and every
# permanent (109.1), i.e. "all objects" (read by the grammar as one noun).
_EVERY_OBJECT = re.compile(
    r"\ball cards that aren't on the battlefield, spells, and permanents\b", re.IGNORECASE
)


# ", except ..." (707.9a: the exceptions of a copy effect) belongs to the clause before it, not
# to a list of clauses: the comma goes, so the grammar reads it with one token of lookahead.
_EXCEPT = re.compile(r", except\b")
# "except it doesn't copy that creature's color and it has ...": each further exception of the
# list starts with "except" too, so that "and" still only joins clauses (707.9).
# A copy exception ending the ability with a quoted ability ("... except it has \"...this
# ability.\"") closes the outer sentence too: it gets its own period.
_EXCEPT_QUOTED_END = re.compile(r'(\bexcept\b[^"]*\bhas "[^"]*\.")\s*$')
# Tokens created "with" a quoted ability ending the ability ('... tokens with "At the beginning
# of combat ..., put a +1/+1 counter on this token."'): the outer sentence gets its own period.
_TOKEN_QUOTED_END = re.compile(r'(\btokens? with "[^"]*\.")\s*$')
_EXCEPT_AND = re.compile(r"(\bexcept\b[^.\"]*?),? and (?=it(?:'s| has| doesn't| isn't) )")


def _norm(text: str, name: str, short: Sequence[str] = ()) -> str:
    text = _EVERY_OBJECT.sub("all objects", text)
    text = _EXCEPT.sub(" except", text)
    text = _EXCEPT_QUOTED_END.sub(r"\1.", text)
    text = _TOKEN_QUOTED_END.sub(r"\1.", text)
    while _EXCEPT_AND.search(text):
        text = _EXCEPT_AND.sub(r"\1 except ", text, count=1)
    return strip_ability_word(substitute_self(text, name, short).replace("−", "-"))
