"""Rule texts for the table's rule links, from the Comprehensive Rules bundled in the
package (:mod:`karn.rules_text`)."""

from __future__ import annotations

from typing import Any

from karn import rules_text


def rule_json(number: str) -> dict[str, Any] | None:
    """A rule (its text, examples and subrules), or None when there is no such rule.
    A citation of several rules ("117.1 / 508.1") gives each of them."""
    if len(number) > 40:
        return None
    one = rules_text.rule(number)
    several = any(sep in number for sep in " /,;")
    found = [one] if one is not None else (rules_text.cite(number) if several else [])
    if not found:
        return None
    return {
        "rule": number,
        "text": "\n".join(f"{r.number} {r.text}" if len(found) > 1 else r.text for r in found),
        "examples": [e for r in found for e in r.examples],
        "subrules": [s for r in found for s in r.subrules][:40],
        "effective": rules_text.CR_EFFECTIVE,
    }


def nearest(number: str) -> list[str]:
    return rules_text.nearest(number[:40]) if number else []
