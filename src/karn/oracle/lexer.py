"""The Oracle word lexer (a custom lark lexer).

Oracle text is English, so the lexer works on whole words rather than on
regular expressions competing for prefixes:

* every word becomes exactly one token (possessive ``'s`` is split off);
* a word equal to a grammar literal gets that literal's terminal;
* otherwise it is classified: card type (CTYPE, 205.2a), subtype (SUBTYPE,
  205.3), supertype, color (105.1), ``non``-words (NONTYPE, NONCOLOR, ...),
  number words; plural and third-person ``-s`` forms map onto base forms;
* mana symbols ``{1}{R}`` form one MANA token, ``{T}`` is TAP (107.5), ``{Q}`` UNTAP;
  ``+1/+1`` is PT_MOD, ``3/3`` is PT, ``[+1]`` is LOYALTY (606);
* a comma or "and" between two descriptor words (types, colors, keywords) is a
  list separator (LCOMMA / LAND), so lists never compete with clause joins.

Unknown words become WORD, which no rule accepts: the parse fails and the
compiler reports the clause as Unsupported.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from lark import Token
from lark.lexer import Lexer, LexerState

from karn.oracle.vocab import (
    CARD_TYPES,
    COLORS,
    IRREGULAR_PLURALS,
    NUMBER_WORDS,
    STATIC_KEYWORDS,
    SUBTYPES,
    SUPERTYPES,
)

_TOKEN_RE = re.compile(
    r"""
    (?P<space>\s+)
  | (?P<mana>(?:\{[^}]+\})+)
  | (?P<loyalty>\[[+-]?(?:\d+|x)\])
  | (?P<ptmod>[+-](?:\d+|x)/[+-](?:\d+|x))
  | (?P<pt>(?:\d+|x|\*)/(?:\d+|x|\*)(?![\w/]))
  | (?P<number>\d+(?![\w/]))
  | (?P<word>[a-z~][a-z0-9'\-/~]*[a-z0-9~']|[a-z~])
  | (?P<punct>[,.:;—•"])
    """,
    re.VERBOSE,
)

# words spelled differently from the grammar literal they stand for
_ALIASES: dict[str, str] = {
    "an": "a",
    "has": "have",
    "does": "do",
    "doesn't": "don't",
    "and/or": "or",
    "opponents": "opponent",
    "dies": "die",
    "its": "its",
    "are": "is",
    # a planeswalker's text names its character "him" or "he" (Gideon: "Prevent all damage that
    # would be dealt to him this turn"): the pronoun "it" of the grammar ("her" is also a
    # possessive, so it isn't one)
    "him": "it",
    "he": "it",
    "she": "it",
}

#: The word that stands for the N-th quoted ability of a line ("quotedability0"): the compiler
#: compiles each quoted ability on its own and the grammar reads it as one QUOTED token.
QUOTED_PREFIX = "quotedability"
_QUOTED_WORD = re.compile(QUOTED_PREFIX + r"\d+")

_KEYWORD_WORDS = frozenset(w for k in STATIC_KEYWORDS for w in k.split())
_DESC_TYPES = frozenset(
    {"CTYPE", "SUBTYPE", "SUPERTYPE", "COLOR", "NONTYPE", "NONCOLOR", "NONSUBTYPE", "NONSUPERTYPE", "QUOTED"}
)
_DESC_WORDS = (
    frozenset({"card", "spell", "permanent", "token", "player", "opponent", "colorless"}) | _KEYWORD_WORDS
)


@dataclass(frozen=True, slots=True)
class Tok:
    type: str
    value: str
    start: int
    end: int


def singular(word: str) -> str | None:
    """The singular of a subtype plural ("goblins" -> "goblin", "elves" -> "elf"), or None."""
    if word in IRREGULAR_PLURALS:
        return IRREGULAR_PLURALS[word]
    for suffix, repl in (("ies", "y"), ("es", ""), ("s", "")):
        if word.endswith(suffix) and word[: -len(suffix)] + repl in SUBTYPES:
            return word[: -len(suffix)] + repl
    return None


def _base_forms(word: str) -> list[str]:
    forms = []
    if word.endswith("ies"):
        forms.append(word[:-3] + "y")
    if word.endswith("es"):
        forms.append(word[:-2])
    if word.endswith("s"):
        forms.append(word[:-1])
    return forms


class Vocabulary:
    """Maps words to terminal names for one grammar."""

    def __init__(self, literals: dict[str, str]) -> None:
        self.literals = literals

    def classify(self, word: str) -> tuple[str, str]:
        """(terminal type, value) of one lower-case word."""
        lit = self.literals
        if word in lit:
            return lit[word], word
        if word in CARD_TYPES:
            return "CTYPE", word
        if word in _ALIASES and _ALIASES[word] in lit:
            return lit[_ALIASES[word]], word
        if word.endswith("s") and word[:-1] in CARD_TYPES:
            return "CTYPE", word[:-1]
        if word in COLORS:
            return "COLOR", word
        if _QUOTED_WORD.fullmatch(word):
            return "QUOTED", word.removeprefix(QUOTED_PREFIX)  # 113.2c: a quoted ability, compiled apart
        if word in SUPERTYPES:
            return "SUPERTYPE", word
        if word in NUMBER_WORDS:
            return "NUMWORD", word
        if word in SUBTYPES:
            return "SUBTYPE", word
        sing = singular(word)
        if sing is not None:
            return "SUBTYPE", sing
        if word.startswith("non") and len(word) > 4:
            rest = word[3:].lstrip("-")
            if rest in CARD_TYPES:
                return "NONTYPE", rest
            if rest in COLORS:
                return "NONCOLOR", rest
            if rest in SUPERTYPES:
                return "NONSUPERTYPE", rest
            if rest in SUBTYPES:
                return "NONSUBTYPE", rest
        for base in _base_forms(word):
            if base in lit:
                return lit[base], base
        return "WORD", word


def tokenize(text: str, vocab: Vocabulary) -> list[Tok]:
    """Split lower-cased normalized text into classified tokens (see module doc)."""
    toks: list[Tok] = []
    pos = 0
    n = len(text)
    while pos < n:
        m = _TOKEN_RE.match(text, pos)
        if m is None:
            toks.append(Tok("WORD", text[pos], pos, pos + 1))
            pos += 1
            continue
        kind = m.lastgroup
        val = m.group()
        start, end = m.span()
        pos = end
        if kind == "space":
            continue
        if kind == "mana":
            _mana_tokens(val, start, toks)
        elif kind == "loyalty":
            toks.append(Tok("LOYALTY", val, start, end))
        elif kind == "ptmod":
            toks.append(Tok("PT_MOD", val, start, end))
        elif kind == "pt":
            toks.append(Tok("PT", val, start, end))
        elif kind == "number":
            toks.append(Tok("NUMBER", val, start, end))
        elif kind == "punct":
            toks.append(Tok(vocab.literals.get(val, "WORD"), val, start, end))
        else:
            _word_tokens(val, start, vocab, toks)
    return _list_separators(_for_each(_reveal_until(_tapped_unless(toks, vocab), vocab), vocab))


# the words after which "for each" doesn't end a clause: it begins a sentence ("For each
# opponent, ...") or belongs to a cost ("costs {1} less to cast for each ...")
_NOT_AFTER_CLAUSE = frozenset((".", ",", ":", "—", "cast"))


def _join(
    toks: list[Tok], vocab: Vocabulary, name: str, width: int, at: Callable[[list[Tok], int, list[Tok]], bool]
) -> list[Tok]:
    """The words ``toks[i : i + width]`` made one token ``name`` wherever ``at(toks, i, out)``
    (``out``: the tokens before them) says they stand together, when the grammar has ``name``."""
    literal = vocab.literals.get(name)
    if literal is None or len(toks) < width:
        return toks
    out: list[Tok] = []
    i = 0
    while i < len(toks):
        if i + width <= len(toks) and at(toks, i, out):
            out.append(Tok(literal, name, toks[i].start, toks[i + width - 1].end))
            i += width
            continue
        out.append(toks[i])
        i += 1
    return out


def _for_each(toks: list[Tok], vocab: Vocabulary) -> list[Tok]:
    """ "<instruction> for each <description>" (107.1: the instruction's number times a count):
    "for each" ending a clause is one token, so the count never competes with a verb phrase
    that goes on with "for" ("for as long as ..."). The verb phrases whose own words go on with
    "for each" keep the two words: "add {G} for each ...", "costs {1} less to cast for each
    ...", "... for each time it was kicked"."""

    def at(toks: list[Tok], i: int, out: list[Tok]) -> bool:
        return (
            toks[i].value == "for"
            and toks[i + 1].value == "each"
            and i + 2 < len(toks)
            and toks[i + 2].value != "time"
            and bool(out)
            and out[-1].type != "MANA"
            and out[-1].value not in _NOT_AFTER_CLAUSE
        )

    return _join(toks, vocab, "for_each", 2, at)


def _tapped_unless(toks: list[Tok], vocab: Vocabulary) -> list[Tok]:
    """ "enters tapped unless you control ..." (614.1c): "tapped unless" is one token, so the
    condition never competes with "[effect] unless [a player] pays {N}"."""

    def at(toks: list[Tok], i: int, out: list[Tok]) -> bool:
        return (
            toks[i].value == "tapped"
            and toks[i + 1].value == "unless"
            and bool(out)
            and out[-1].value == "enter"
        )

    return _join(toks, vocab, "tapped_unless", 2, at)


_REVEAL_UNTIL = ("reveal", "card", "from", "the", "top", "of", "your", "library", "until")
_REVEAL_CARDS_UNTIL = ("reveal", "cards", *_REVEAL_UNTIL[2:])


def _reveal_until(toks: list[Tok], vocab: Vocabulary) -> list[Tok]:
    """ "Reveal cards from the top of your library until ..." (701.20a) is one token, so it never
    competes with "reveal <a card described>"."""
    n = len(_REVEAL_UNTIL)

    def at(toks: list[Tok], i: int, out: list[Tok]) -> bool:
        return tuple(t.value for t in toks[i : i + n]) in (_REVEAL_UNTIL, _REVEAL_CARDS_UNTIL)

    return _join(toks, vocab, "reveal_until", n, at)


def _mana_tokens(val: str, start: int, toks: list[Tok]) -> None:
    syms = re.findall(r"\{[^}]+\}", val)
    run: list[str] = []
    run_start = start
    p = start
    for s in syms:
        if s in ("{t}", "{q}"):
            if run:
                toks.append(Tok("MANA", "".join(run).upper(), run_start, p))
                run = []
            toks.append(Tok("TAP" if s == "{t}" else "UNTAP", s.upper(), p, p + len(s)))
        else:
            if not run:
                run_start = p
            run.append(s)
        p += len(s)
    if run:
        toks.append(Tok("MANA", "".join(run).upper(), run_start, p))


def _typecycling_tokens(word: str, start: int, vocab: Vocabulary) -> list[Tok] | None:
    """702.29e: "plainscycling", "landcycling", "wizardcycling" as the type word and the
    literal "cycling" (None when the word isn't a type followed by "cycling")."""
    prefix = word[: -len("cycling")]
    if not prefix or not word.endswith("cycling") or "cycling" not in vocab.literals:
        return None
    if prefix in CARD_TYPES:
        typ, val = "CTYPE", prefix
    elif prefix in SUPERTYPES:
        typ, val = "SUPERTYPE", prefix
    elif prefix in SUBTYPES:
        typ, val = "SUBTYPE", prefix
    else:
        return None
    cut = start + len(prefix)
    return [Tok(typ, val, start, cut), Tok(vocab.literals["cycling"], "cycling", cut, start + len(word))]


def _word_tokens(word: str, start: int, vocab: Vocabulary, toks: list[Tok]) -> None:
    end = start + len(word)
    split = _typecycling_tokens(word, start, vocab) if word.endswith("cycling") else None
    if split is not None:
        toks.extend(split)
        return
    if word in vocab.literals or word in _ALIASES:
        typ, val = vocab.classify(word)
        toks.append(Tok(typ, val, start, end))
        return
    poss = "'s" in vocab.literals
    if poss and word.endswith("'s") and len(word) > 2:
        base = word[:-2]
        typ, val = vocab.classify(base)
        toks.append(Tok(typ, val, start, end - 2))
        toks.append(Tok(vocab.literals["'s"], "'s", end - 2, end))
        return
    if poss and word.endswith("s'") and len(word) > 2:
        base = word[:-1]
        typ, val = vocab.classify(base)
        toks.append(Tok(typ, val, start, end - 1))
        toks.append(Tok(vocab.literals["'s"], "'s", end - 1, end))
        return
    typ, val = vocab.classify(word)
    toks.append(Tok(typ, val, start, end))


def _is_desc(tok: Tok) -> bool:
    return tok.type in _DESC_TYPES or tok.value in _DESC_WORDS or tok.value in ("first", "double")


def _counts_follow(toks: list[Tok], i: int) -> bool:
    """A list of numbers of targets goes on at ``i``: "two, or three target ..."."""
    if i < len(toks) and toks[i].value == "or":
        i += 1
    return i < len(toks) and toks[i].type == "NUMWORD"


def _mana_list_goes_on(toks: list[Tok], i: int) -> bool:
    """The comma at ``i`` separates the mana of "add {W}, {U}, or {B}": mana symbols (and list
    commas) back to "add", and more mana (or "or" and mana) after it."""
    j = i + 1
    if j < len(toks) and toks[j].value == "or":
        j += 1
    if j >= len(toks) or toks[j].type != "MANA":
        return False
    k = i - 1
    while k >= 0 and (toks[k].type == "MANA" or toks[k].value == ","):
        k -= 1
    return k >= 0 and toks[k].value == "add"


def _list_separators(toks: list[Tok]) -> list[Tok]:
    """Re-type "," and "and" that separate items of a noun or keyword list."""
    out = list(toks)
    for i, t in enumerate(toks):
        if t.value not in (",", "and") or i == 0 or i + 1 >= len(toks):
            continue
        prev, nxt = toks[i - 1], toks[i + 1]
        if t.value == "," and prev.type == "MANA" and _mana_list_goes_on(toks, i):
            out[i] = Tok("LCOMMA", ",", t.start, t.end)  # "add {W}, {U}, or {B}" (106.1)
            continue
        if t.value == "," and prev.type == "NUMWORD" and _counts_follow(toks, i + 1):
            out[i] = Tok("LCOMMA", ",", t.start, t.end)  # "one, two, or three targets"
            continue
        if not _is_desc(prev):
            continue
        if t.value == ",":
            # "creatures, planeswalkers, and/or players": "and/or" closes the list as "or" does
            if nxt.value in ("and", "or", "and/or") and i + 2 < len(toks) and _is_desc(toks[i + 2]):
                out[i] = Tok("LCOMMA", ",", t.start, t.end)
            elif _is_desc(nxt):
                out[i] = Tok("LCOMMA", ",", t.start, t.end)
        elif _is_desc(nxt):
            out[i] = Tok("LAND", "and", t.start, t.end)
    # ", and" after a list comma: the "and" belongs to the list too
    for i in range(1, len(out)):
        if out[i].value == "and" and out[i - 1].type == "LCOMMA" and out[i].type != "LAND":
            out[i] = Tok("LAND", "and", out[i].start, out[i].end)
    # ", where X is ...": the comma belongs to the definition of X, not to a list of clauses
    out = [
        t
        for i, t in enumerate(out)
        if not (t.value == "," and i + 1 < len(out) and out[i + 1].value == "where")
    ]
    # ", except that the copy is red" (707.9b): the comma belongs to the copy's exception
    out = [t for i, t in enumerate(out) if not (t.value == "," and _copy_exception_follows(out, i + 1))]
    for i, t in enumerate(out):
        if t.value == "and" and t.type != "LAND" and _joins_targets(out, i):
            out[i] = Tok("TAND", "and", t.start, t.end)
    return _protection_ands(_color_noun_pairs(out))


def _protection_ands(toks: list[Tok]) -> list[Tok]:
    """ "protection from black and from red" (702.16g): an "and" followed by "from" inside a
    protection keyword joins its qualities (PAND), not two clauses or keywords."""
    out = list(toks)
    inside = False
    for i, t in enumerate(toks):
        if t.value == "protection":
            inside = True
        elif t.value in (".", ",", ";", ":"):
            inside = False
        elif inside and t.value == "and" and i + 1 < len(toks) and toks[i + 1].value == "from":
            out[i] = Tok("PAND", "and", t.start, t.end)
    return out


def _copy_exception_follows(toks: list[Tok], i: int) -> bool:
    """ "except that the copy ..." starts at ``i`` (707.9b, 707.10)."""
    return [t.value for t in toks[i : i + 4]] == ["except", "that", "the", "copy"]


def _color_noun_pairs(toks: list[Tok]) -> list[Tok]:
    """ "black spells and green spells": one noun with either color, lexed as "black, green
    spells" (a color list matches an object of any of its colors)."""
    out: list[Tok] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        if (
            t.type == "COLOR"
            and i + 4 < len(toks)
            and toks[i + 2].type == "LAND"
            and toks[i + 3].type == "COLOR"
            and toks[i + 1].value == toks[i + 4].value
            and toks[i + 1].value in ("spell", "permanent", "card")
            and (i + 5 >= len(toks) or toks[i + 5].type not in ("LAND", "LCOMMA", "OR"))
        ):
            out += [t, Tok("LCOMMA", ",", toks[i + 2].start, toks[i + 2].end)]
            i += 3
            continue
        out.append(t)
        i += 1
    return out


def _joins_targets(toks: list[Tok], i: int) -> bool:
    """ "destroy target creature and target land": an "and" between a target's description
    and another "target" noun phrase that ends its clause (no verb of its own follows), so the
    verb applies to both targets (601.2c: "target" used in several places)."""
    if i == 0 or i + 2 >= len(toks) or toks[i + 1].value != "target" or not _is_desc(toks[i - 1]):
        return False
    j = i + 2
    while j < len(toks) and (_is_desc(toks[j]) or toks[j].type in ("LCOMMA", "LAND")):
        j += 1
    return j > i + 2 and j < len(toks) and toks[j].value in (".", ",")


class OracleLexer(Lexer):
    """lark adapter: tokens from :func:`tokenize` as lark Tokens."""

    def __init__(self, lexer_conf: Any) -> None:
        literals: dict[str, str] = {}
        for term in lexer_conf.terminals:
            if term.pattern.type == "str":
                literals[term.pattern.value] = term.name
        self.vocab = Vocabulary(literals)

    __future_interface__ = 1

    def lex(self, lexer_state: LexerState, parser_state: Any) -> Iterator[Token]:
        text = lexer_state.text
        raw: str = text if isinstance(text, str) else str(text.text)
        for t in tokenize(raw, self.vocab):
            yield Token(t.type, t.value, start_pos=t.start, end_pos=t.end, line=1, column=t.start + 1)
