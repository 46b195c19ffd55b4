"""The keyword grammar, generated from the keyword table (:mod:`karn.ir.keywords`).

``grammar.lark`` holds the hand-written keyword rules (protection, enchant, kicker ...); this
module adds one alternative per generated keyword with lark's ``%extend``:

* ``kw`` (a keyword effects may grant, in keyword lists: "gains flying and haste", "token with
  vigilance"): ``"first" "strike" -> kw_word``;
* ``keyword_item`` (a keyword printed on its own): the other keywords, by parameter:
  ``"exalted" -> kwi_word``, ``"bushido" NUMBER -> kwi_number``, ``"ward" MANA -> kwi_mana``;
* ``kw_name``: any keyword without a parameter, named as a quality ("a creature without
  flanking", "creatures with flying").

The parser's methods for these aliases are generic: they read the keyword's words back from the
text (:class:`karn.oracle.parser._Builder`).
"""

from __future__ import annotations

import functools

from karn.ir.keywords import KEYWORDS, Grammar, KeywordParameter, KeywordSpec

_ALIAS = {
    KeywordParameter.NONE: "kwi_word",
    KeywordParameter.NUMBER: "kwi_number",
    KeywordParameter.MANA: "kwi_mana",
}
_TERMINAL = {KeywordParameter.NONE: "", KeywordParameter.NUMBER: " NUMBER", KeywordParameter.MANA: " MANA"}


def _words(spec: KeywordSpec) -> str:
    return " ".join(f'"{w}"' for w in spec.name.split())


@functools.cache
def keyword_grammar() -> str:
    """The generated keyword alternatives, as lark ``%extend`` statements."""
    granted: list[str] = []
    printed: list[str] = []
    named: list[str] = ["kw"]
    for spec in KEYWORDS:
        if spec.grammar is not Grammar.GENERATED:
            continue
        if spec.grantable:
            granted.append(f"{_words(spec)} -> kw_word")
        else:
            printed.append(f"{_words(spec)}{_TERMINAL[spec.parameter]} -> {_ALIAS[spec.parameter]}")
            if spec.parameter is KeywordParameter.NONE:
                named.append(f"{_words(spec)} -> kw_word")
    out = ["", "// ---- generated from karn.ir.keywords (karn.oracle.keywords)"]
    if granted:
        out.append("%extend kw: " + "\n    | ".join(granted))
    if printed:
        out.append("%extend keyword_item: " + "\n    | ".join(printed))
    # a keyword named as a quality ("a creature without flanking", 702.25a)
    out.append("?kw_name: " + "\n    | ".join(named))
    return "\n".join(out) + "\n"
