"""The text of a Comprehensive Rules rule, for the table's rule links."""

from __future__ import annotations


def rule_text(number: str) -> str | None:
    """The rule's text (with its subrules), or None when there is no such rule."""
    try:
        from karn import rules_text  # type: ignore[attr-defined]
    except ImportError:
        return None
    text = rules_text.rule_text(number)
    return None if text is None else str(text)
