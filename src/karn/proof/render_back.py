"""Render-back: a card's IR, rendered to English by the renderer, against its Oracle text.

The renderer (:mod:`karn.oracle.wording`, built on :mod:`karn.oracle.describe`) reads only the
IR's fields. Both texts are normalized the same way (``docs/RENDER_BACK.md`` documents each step
and each accepted equivalence with its CR reason) and compared line by line, in order. A card
*renders back* when every line matches.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from karn.cards.database import CardFace
from karn.ir.nodes import CompiledCard
from karn.oracle.normalize import (
    _THIS_NOUN,
    SELF,
    self_names,
    split_keyword_line,
    strip_ability_word,
    strip_reminder,
)
from karn.oracle.wording import card_lines

# 305.6: a basic land's text box holds only its intrinsic mana ability, as reminder text
_INTRINSIC_MANA = re.compile(r"^\(\{T\}: Add (\{[WUBRGC]\}(?:(?:,| or|, or) \{[WUBRGC]\})*)\.\)$")
_SYMBOLS = re.compile(r"\{[WUBRGC]\}")
# the renderer's bare "this" (a reference to the source) is the card itself (201.5)
_BARE_THIS = re.compile(
    r"\bthis\b(?! (?:turn|way|ability|combat|game|spell's|step|phase|emblem)\b)", re.IGNORECASE
)
_IT = re.compile(r"(?<![\w'])it(?![\w'])")
# words naming another object between "~" and "it": then "it" may not be ~
_OTHER_OBJECT = re.compile(
    r"\b(?:target|another|other|a|an|that|those|enchanted|equipped|card|creature|spell|token|"
    r"permanent|each|all|player|opponent)\b"
)
_NUMBERS = {
    "one": "1",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "nine": "9",
    "ten": "10",
}
_NUMBER_WORD = re.compile(r"\b(" + "|".join(_NUMBERS) + r")\b")


@dataclass(frozen=True, slots=True)
class Equivalence:
    """One accepted equivalence: a pattern rewritten the same way on both sides, with its reason."""

    pattern: str
    replacement: str
    rule: str
    why: str

    def apply(self, text: str) -> str:
        return _compiled(self.pattern).sub(self.replacement, text)


#: The accepted equivalences, applied in this order to both normalized texts (lower case).
EQUIVALENCES: tuple[Equivalence, ...] = (
    Equivalence(
        r"\bwhenever\b", "when", "603.1", '"When" and "whenever" both introduce a trigger condition.'
    ),
    Equivalence(
        r"\bis put into a graveyard from the battlefield\b",
        "dies",
        "700.4",
        '"Dies" means "is put into a graveyard from the battlefield".',
    ),
    Equivalence(
        r"\buntil end of turn\b",
        "this turn",
        "514.2",
        '"Until end of turn" and "this turn" effects both end in the cleanup step.',
    ),
    Equivalence(
        r"\b(to|into|on top of|on the bottom of) (?:your|its owner's|their owner's|their) (hand|library|graveyard)",
        r"\1 its owner's \2",
        "400.3",
        "A card goes to its owner's hand, library or graveyard: 'your hand' for a card you own is "
        "its owner's hand.",
    ),
    Equivalence(
        r"\bfrom (your|an opponent's|a|target player's|target opponent's) (graveyard|hand|library)\b",
        r"in \1 \2",
        "400.1",
        "A card 'from your graveyard' and a card 'in your graveyard' describe the same cards: the "
        "zone the object is in.",
    ),
    Equivalence(
        r"(^|[.,:] )you (draw|gain|lose|discard|sacrifice|create|put|return|exile|search|reveal|look|"
        r"shuffle|tap|untap|destroy|add|counter|scry|mill)\b",
        r"\1\2",
        "109.5",
        "An instruction without a subject is the controller's: 'you' on an object is its controller.",
    ),
    Equivalence(
        r",? then (?=[a-z~])",
        ". ",
        "608.2c",
        "Instructions are followed in the order written: 'A, then B' is 'A. B'.",
    ),
    Equivalence(
        r" and you (gain|lose|draw)\b",
        r". \1",
        "608.2c",
        "'A and you gain 3 life' is two instructions followed in order, the second the controller's (109.5).",
    ),
    Equivalence(
        r"^\u2022 ", "", "700.2", "A mode of a modal spell is one line; its bullet is layout, not text."
    ),
    Equivalence(
        r"\ban\b", "a", "608.2c", "'a' and 'an' are spellings of one article (the rules of English)."
    ),
    Equivalence(
        r"\b(sacrifices? (?:a|\d+|x) [^.,:]*?) you control\b",
        r"\1",
        "701.21a",
        "A player can sacrifice only a permanent they control: 'sacrifice a creature' is 'sacrifice a "
        "creature you control'.",
    ),
    Equivalence(
        r"(^|\. )all (?=[^.]*? get )",
        r"\1",
        "611.2c",
        "'All creatures get +1/+1' and 'creatures get +1/+1' both modify each object of the group.",
    ),
    Equivalence(r"([+-]\d+)/-0\b", r"\1/+0", "107.1", "-0 and +0 are the same number: 0."),
    Equivalence(
        r"\bit\b",
        "<it>",
        "608.2c",
        "'It' after ~ with no other object named between them refers to ~ (applied to both sides).",
    ),
    Equivalence(
        _NUMBER_WORD.pattern,
        "<number>",
        "107.1",
        "Numbers are integers, written in words or digits; replaced below by their digits.",
    ),
)


@cache
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def _substitute_self(text: str, name: str) -> str:
    """The card's names and "this <type>" as ``~`` (201.5): as the compiler's
    :func:`~karn.oracle.normalize.substitute_self`, without compiling a pattern per card."""
    for n in self_names(name):
        out: list[str] = []
        i = 0
        while (j := text.find(n, i)) >= 0:
            end = j + len(n)
            before = text[j - 1] if j else " "
            after = text[end] if end < len(text) else " "
            whole = not (before.isalnum() or before == "_") and not (after.isalnum() or after == "_")
            out.append(text[i:j] + (SELF if whole else n))
            i = end
        text = "".join(out) + text[i:]
    return _THIS_NOUN.sub(SELF, text) if "his " in text else text


def _it_is_self(text: str) -> str:
    """ "it" after ``~`` with no other object named between them is ``~`` (608.2c: a pronoun
    refers to the object the text named)."""
    out: list[str] = []
    pos = 0
    for m in _IT.finditer(text):
        before = text[: m.start()]
        last = before.rfind("~")
        if last >= 0 and not _OTHER_OBJECT.search(before[last + 1 :]):
            out.append(text[pos : m.start()] + "~")
        else:
            out.append(text[pos : m.end()])
        pos = m.end()
    return "".join(out) + text[pos:]


def _digits(text: str) -> str:
    return _NUMBER_WORD.sub(lambda m: _NUMBERS[m.group(1)], text)


def _common(text: str) -> str:
    """The steps both sides share: lower case, "−" as "-", spaces, end punctuation, equivalences."""
    text = text.replace("\u2212", "-").replace("\u2014", " - ").lower()
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"\s*([.,:])(?=\s|$)", r"\1", text)
    text = text.rstrip(". ")
    for eq in EQUIVALENCES:
        if eq.replacement == "<number>":
            text = _digits(text)
        elif eq.replacement == "<it>":
            text = _it_is_self(text)
        else:
            text = eq.apply(text)
    return text


def normalize_oracle(face: CardFace) -> list[str]:
    """The Oracle text's lines: reminder text removed (207.2a) but a basic land's intrinsic
    ability kept (305.6), the card's own name and "this <type>" as ``~`` (201.5), ability words
    removed (207.2c: they have no rules meaning), keyword lines
    split into one keyword per line (702.1), then the common steps."""
    out: list[str] = []
    for raw in (face.text or "").split("\n"):
        line = raw.strip()
        m = _INTRINSIC_MANA.match(line)
        if m:
            # 305.6: one intrinsic "{T}: Add [symbol]." for each basic land type
            out += [_common(f"{{T}}: Add {sym}.") for sym in _SYMBOLS.findall(m.group(1))]
            continue
        line = strip_reminder(line)
        if not line:
            continue
        line = strip_ability_word(_substitute_self(line, face.name))
        items = split_keyword_line(line)
        out += [_common(i) for i in items] if items else [_common(line)]
    return [x for x in out if x]


def normalize_rendered(lines: list[str]) -> list[str]:
    """The renderer's lines: a bare "this" as ``~`` (201.5), keyword lines split, then the common
    steps."""
    out: list[str] = []
    for line in (x for joined in lines for x in joined.split("\n")):
        line = _BARE_THIS.sub("~", line)
        items = split_keyword_line(line)
        out += [_common(i) for i in items] if items else [_common(line)]
    return [x for x in out if x]


@dataclass(frozen=True, slots=True)
class RenderBack:
    """The comparison of one card: both normalized texts and the first line that differs."""

    card: str
    oracle: tuple[str, ...]
    rendered: tuple[str, ...]

    @property
    def matches(self) -> bool:
        return self.oracle == self.rendered

    def first_difference(self) -> tuple[str, str]:
        """(Oracle line, rendered line) of the first difference ("" where a side has no line)."""
        for i in range(max(len(self.oracle), len(self.rendered))):
            a = self.oracle[i] if i < len(self.oracle) else ""
            b = self.rendered[i] if i < len(self.rendered) else ""
            if a != b:
                return a, b
        return "", ""


def render_back(
    face: CardFace, compiled: CompiledCard, render: Callable[[CompiledCard], list[str]] = card_lines
) -> RenderBack:
    """Compare the card's rendered IR with its Oracle text (both normalized)."""
    return RenderBack(
        card=face.name,
        oracle=tuple(normalize_oracle(face)),
        rendered=tuple(normalize_rendered(render(compiled))),
    )
