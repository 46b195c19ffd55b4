"""The Comprehensive Rules' text, bundled in the package: look a rule up by its number.

The CR is the engine's specification; every log line and decision cites a rule
number, and front ends show that rule's text (``karn rule 704.5g``, the table's log).
The text is the official document (``data/MagicCompRules-<date>.txt.gz``), read once
and kept.

>>> r = rule("704.5g")
>>> r.number, r.text.startswith("If a creature has toughness greater than 0")
('704.5g', True)
>>> rule_text("505").startswith("Main Phase")
True
>>> rule("999.9z") is None
True
"""

from __future__ import annotations

import gzip
import re
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

#: The bundled document's file (the date is the day the rules took effect).
CR_FILE = "MagicCompRules-20260417.txt.gz"
#: When the bundled rules took effect.
CR_EFFECTIVE = "April 17, 2026"

# "704.5g If ...", "704.5. In ...", "505. Main Phase" (a section title)
_RULE = re.compile(r"^(\d{3})(?:\.(\d+)([a-z]?))?\.? (.*)$")
_NUMBER = re.compile(r"^(\d{3})(?:\.(\d+)([a-z]?))?$")


@dataclass(frozen=True)
class Rule:
    """One numbered rule: its number, its text and the examples printed under it."""

    number: str
    text: str
    examples: tuple[str, ...] = ()
    subrules: tuple[str, ...] = field(default=(), compare=False)  # numbers of the rules under it

    def __str__(self) -> str:
        lines = [f"{self.number} {self.text}"] + list(self.examples)
        return "\n".join(lines)


def normalize(number: str) -> str:
    """ "704.5g." -> "704.5g"; " 505 " -> "505"; "CR 117.3d" -> "117.3d"."""
    n = number.strip().removeprefix("CR").removeprefix("cr").strip().rstrip(".")
    return n.lower()


def _parent(number: str) -> str | None:
    m = _NUMBER.match(number)
    if m is None:
        return None
    section, rule_no, letter = m.groups()
    if letter:
        return f"{section}.{rule_no}"
    if rule_no:
        return section
    return None


@cache
def _rules() -> dict[str, Rule]:
    data = resources.files("karn").joinpath("data", CR_FILE).read_bytes()
    text = gzip.decompress(data).decode("utf-8-sig")
    lines = text.splitlines()
    # The numbered rules start at the second "100. General" (the first is the contents)
    # and end at the second "Glossary".
    starts = [i for i, line in enumerate(lines) if line.strip() == "100. General"]
    ends = [i for i, line in enumerate(lines) if line.strip() == "Glossary"]
    body = lines[starts[-1] : ends[-1]] if starts and ends else lines
    found: dict[str, tuple[str, list[str]]] = {}
    current: str | None = None
    for raw in body:
        line = raw.strip()
        if not line:
            continue
        m = _RULE.match(line)
        if m is not None:
            section, rule_no, letter, rest = m.groups()
            number = section + (f".{rule_no}{letter}" if rule_no else "")
            if number not in found:
                found[number] = (rest.strip(), [])
                current = number
                continue
        if current is not None and line.startswith("Example"):
            found[current][1].append(line)
        elif current is not None and not _is_section_heading(line):
            # A continuation line of the rule above (a list inside a rule).
            head, examples = found[current]
            found[current] = (f"{head}\n{line}", examples)
    children: dict[str, list[str]] = {}
    for number in found:
        parent = _parent(number)
        if parent is not None:
            children.setdefault(parent, []).append(number)
    return {n: Rule(n, t, tuple(ex), tuple(children.get(n, ()))) for n, (t, ex) in found.items()}


def _is_section_heading(line: str) -> bool:
    """ "5. Turn Structure": a chapter title between rules."""
    return re.match(r"^\d\. [A-Z]", line) is not None


def rule(number: str) -> Rule | None:
    """The rule with this number ("704.5g", "117.3d", "505"), or None."""
    return _rules().get(normalize(number))


def rule_text(number: str) -> str | None:
    """The text of the rule with this number, without its examples (None: no such rule)."""
    r = rule(number)
    return r.text if r is not None else None


def nearest(number: str, count: int = 5) -> list[str]:
    """Existing rule numbers close to `number` (for "no rule 704.5z; nearby: ..."): the
    closest rule above it and the first rules under that one."""
    n = normalize(number)
    rules = _rules()
    for pattern in (r"\d{3}\.\d+[a-z]", r"\d{3}\.\d+", r"\d{3}"):
        m = re.match(pattern, n)
        if m is not None and m.group(0) in rules and m.group(0) != n:
            found = m.group(0)
            return [found, *rules[found].subrules][:count]
    return []


def cite(rules_cited: str) -> list[Rule]:
    """The rules a citation names ("601.2c", "117.1 / 508.1" -> each one known)."""
    out = []
    for token in re.findall(r"\d{3}(?:\.\d+[a-z]?)?", rules_cited):
        r = rule(token)
        if r is not None:
            out.append(r)
    return out


__all__ = ["CR_EFFECTIVE", "CR_FILE", "Rule", "cite", "nearest", "normalize", "rule", "rule_text"]
