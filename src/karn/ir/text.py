"""Text-changing effects on compiled abilities (612.1-612.2): one word replaced by another.

A text-changing effect changes only words used in the correct way (612.2): a color word used
as a color, a land type used as a land type, a creature type used as a creature type. In the
IR those uses are the fields that hold colors (mana letters, ``"B"``) and subtypes
(``"forest"``, ``"goblin"``): filters ("destroy target black creature", "nonblack", "Other
Elf creatures"), token definitions (612.2a: a token's creature type is also its name), the
colors and types an effect gives, and the words in keyword names ("forestwalk"). A card name
is never a use of a color word or a type (612.2), and mana symbols are not words: ``{G}``
stays ``{G}``.

:func:`change_words` is pure and returns the node itself when nothing changes, so a caller
can tell cheaply whether an ability's text mentions the word at all. The ability ids of the
changed abilities are :func:`text_changed_id` (``"text:color/B/W;Card#0"``), resolved by the
card pool from the original ability, so an activated or triggered ability of a changed
permanent is found again on the stack like any other.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from karn.ir.nodes import Keyword, TextWordKind, TokenDef

#: The color words (105.1) by their mana letter, the IR's spelling of a color.
COLOR_WORDS: dict[str, str] = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}

#: The basic land types (205.3i), as the IR spells subtypes.
BASIC_LAND_TYPES: tuple[str, ...] = ("plains", "island", "swamp", "mountain", "forest")

_COLOR_FIELDS = frozenset({"colors", "not_colors"})
_TYPE_FIELDS = frozenset({"subtypes", "not_subtypes", "copy_subtypes"})


def text_changed_id(kind: TextWordKind, old: str, new: str, ability_id: str) -> str:
    """The id of an ability whose text a text-changing effect changed (612.1)."""
    return f"text:{kind}/{old}/{new};{ability_id}"


def parse_text_changed_id(rest: str) -> tuple[TextWordKind, str, str, str]:
    """``"color/B/W;Card#0"`` (the part after ``"text:"``) -> (kind, old, new, original id)."""
    change, sep, original = rest.partition(";")
    parts = change.split("/")
    if not sep or len(parts) != 3 or parts[0] not in ("color", "land_type", "creature_type"):
        raise KeyError(f"malformed text-changed ability id {rest!r}")
    kind: TextWordKind = parts[0]  # type: ignore[assignment]
    return kind, parts[1], parts[2], original


def word_of(kind: TextWordKind, value: str) -> str:
    """The word as printed: ``"B"`` -> ``"black"``, ``"forest"`` -> ``"forest"``."""
    return COLOR_WORDS.get(value, value) if kind == "color" else value


def change_words(node: Any, kind: TextWordKind, old: str, new: str, name: str = "") -> Any:
    """`node` (an ability or any IR node) with every use of `old` as a word of `kind` replaced
    by `new` (612.2); the node itself when its text doesn't use the word. ``name``: the card's
    name, which never changes (612.2), in the display text."""
    if old == new:
        return node
    return _walk(node, kind, old, new, name)


def _walk(node: Any, kind: TextWordKind, old: str, new: str, name: str) -> Any:
    if isinstance(node, tuple):
        changed = tuple(_walk(x, kind, old, new, name) for x in node)
        return changed if any(a is not b for a, b in zip(changed, node, strict=True)) else node
    if not dataclasses.is_dataclass(node) or isinstance(node, type):
        return node
    fields = _changed_fields(node, kind, old, new, name)
    return dataclasses.replace(node, **fields) if fields else node


def _changed_fields(node: Any, kind: TextWordKind, old: str, new: str, name: str) -> dict[str, Any]:
    words = _COLOR_FIELDS if kind == "color" else _TYPE_FIELDS
    out: dict[str, Any] = {}
    for f in dataclasses.fields(node):
        value = getattr(node, f.name)
        if f.name in words and isinstance(value, tuple) and old in value:
            out[f.name] = tuple(dict.fromkeys(new if v == old else v for v in value))
        elif isinstance(value, (tuple,)) or (dataclasses.is_dataclass(value) and not isinstance(value, type)):
            changed = _walk(value, kind, old, new, name)
            if changed is not value:
                out[f.name] = changed
    if isinstance(node, Keyword):
        renamed = _keyword_name(node.name, kind, old, new)
        if renamed != node.name:
            out["name"] = renamed
    if isinstance(node, TokenDef) and kind == "creature_type" and node.name.lower() == old:
        out["name"] = new.title()  # 612.2a: the creature type is also the token's name
    if out and isinstance(getattr(node, "text", None), str) and node.text:
        out["text"] = change_text_words(node.text, kind, old, new, name)
    return out


def _keyword_name(keyword: str, kind: TextWordKind, old: str, new: str) -> str:
    """Landwalk (702.14: "forestwalk") and "protection from <color>" (702.16) name their word."""
    word, new_word = word_of(kind, old), word_of(kind, new)
    if kind == "land_type" and keyword == f"{word}walk":
        return f"{new_word}walk"
    if kind == "color" and keyword == f"protection from {word}":
        return f"protection from {new_word}"
    return keyword


def change_text_words(text: str, kind: TextWordKind, old: str, new: str, name: str = "") -> str:
    """The display text with the word replaced ("nonblack" -> "nonwhite", "Forests" ->
    "Islands", "forestwalk" -> "islandwalk"), the card's name left as it is (612.2)."""
    word, new_word = word_of(kind, old), word_of(kind, new)
    pattern = re.compile(rf"\b(non-?)?({re.escape(word)})(s|es|walk)?\b", re.IGNORECASE)

    def replace(m: re.Match[str]) -> str:
        found = m.group(2)
        replacement = new_word.title() if found[:1].isupper() else new_word
        return (m.group(1) or "") + replacement + (m.group(3) or "")

    if not name:
        return pattern.sub(replace, text)
    return name.join(pattern.sub(replace, part) for part in text.split(name))
