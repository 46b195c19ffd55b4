"""The log as the table shows it: each player's own view, compact or whole.

The compact log leaves out what a player doesn't need to read: passes of priority
(117.3d), "untaps 0 permanents", damage wearing off, and the steps in which nothing happened (a "step begins" line followed by
nothing but passes). Each line keeps its rule and its index in the whole log;
``folded`` counts the entries left out just before it.
"""

from __future__ import annotations

from collections.abc import Iterable

from karn.engine.log import Event
from karn.table.model import LogLine
from karn.table.voice import Voice

#: Rules of the lines a compact log leaves out on their own: passing priority (117.3d),
#: damage wearing off in the cleanup step (514.2).
PASS_RULES = frozenset({"117.3d", "514.2"})


def _noise(entry: Event) -> bool:
    """A line that says nothing happened: "A untaps 0 permanents" (502.3)."""
    return entry.rule in PASS_RULES or (entry.rule == "502.3" and " 0 permanents" in entry.text)


def _kind(entry: Event) -> str:
    if entry.rule == "500.1" and entry.text.endswith("turn begins"):
        return "turn"
    if entry.text.endswith("step begins"):
        return "step"
    return "event"


def log_lines(entries: Iterable[Event], start: int, voice: Voice, compact: bool = True) -> list[LogLine]:
    """The entries (numbered from `start` in the whole log) as log lines for `voice`'s
    viewer; `compact`: passes and empty steps folded."""
    out: list[LogLine] = []
    folded = 0
    pending_step: tuple[int, Event, int] | None = None  # a step line waiting for an event
    for i, entry in enumerate(entries, start):
        kind = _kind(entry)
        if not compact:
            out.append(LogLine(entry.rule, voice.text(entry.text), entry.turn, i, kind))
            continue
        if _noise(entry):
            folded += 1
            continue
        if kind == "step":
            if pending_step is not None:
                folded += 1 + pending_step[2]  # the previous step was empty
            pending_step = (i, entry, folded)
            folded = 0
            continue
        if kind == "turn" and pending_step is not None:
            folded += 1 + pending_step[2]
            pending_step = None
        if pending_step is not None:
            si, step_entry, step_folded = pending_step
            out.append(
                LogLine(
                    step_entry.rule, voice.text(step_entry.text), step_entry.turn, si, "step", step_folded
                )
            )
            pending_step = None
        out.append(LogLine(entry.rule, voice.text(entry.text), entry.turn, i, kind, folded))
        folded = 0
    if pending_step is not None:
        # The step under way: shown (it is where the game is), even while empty.
        si, step_entry, step_folded = pending_step
        out.append(
            LogLine(step_entry.rule, voice.text(step_entry.text), step_entry.turn, si, "step", step_folded)
        )
    return out
