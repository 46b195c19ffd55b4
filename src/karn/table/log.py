"""The log as the table shows it: each player's own view, compact or whole.

The compact log leaves out what a player doesn't need to read: passes of priority
(117.3d), untapping, declaring no attackers, damage wearing off, and the steps in which
nothing happened (a "step begins" line followed by nothing but such lines); it says a
player's taps of mana sources in a row in one line. Each line keeps its rule and its
index in the whole log; ``folded`` counts the entries left out just before it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from karn.engine.log import Event
from karn.table.model import LogLine
from karn.table.voice import Voice

#: Rules of the lines a compact log leaves out on their own: passing priority (117.3d),
#: untapping in the untap step (502.3), declaring no attackers (508.8: no combat
#: happened), damage wearing off in the cleanup step (514.2).
PASS_RULES = frozenset({"117.3d", "502.3", "508.8", "514.2"})


def _noise(entry: Event) -> bool:
    """A line that says nothing happened, or nothing a player needs to read."""
    return entry.rule in PASS_RULES


def _kind(entry: Event) -> str:
    if entry.rule == "500.1" and entry.text.endswith("turn begins"):
        return "turn"
    if entry.text.endswith("step begins"):
        return "step"
    return "event"


#: "You tap Mountain (#135) for {R}": a mana ability activated (605.3b), as the voice says it.
_TAP = re.compile(r"^(?P<who>.+?) (?P<verb>taps|tap) (?P<what>.+?) \(#\d+\) for (?P<mana>(?:\{[^}]+\})+)$")


def _merge_taps(lines: list[LogLine]) -> list[LogLine]:
    """Consecutive taps of mana sources by one player, as one line: "Opponent taps Forest ×3
    for {G}{G}{G}" (the whole log keeps each one)."""
    out: list[LogLine] = []
    run: list[tuple[LogLine, re.Match[str]]] = []

    def flush() -> None:
        if len(run) == 1:
            out.append(run[0][0])
        elif run:
            first, m = run[0]
            counts = Counter(x[1].group("what") for x in run)
            what = ", ".join(f"{name} ×{n}" if n > 1 else name for name, n in counts.items())
            mana = "".join(x[1].group("mana") for x in run)
            folded = sum(x[0].folded for x in run) + len(run) - 1
            text = f"{m.group('who')} {m.group('verb')} {what} for {mana}"
            out.append(LogLine(first.rule, text, first.turn, first.index, first.kind, folded))
        run.clear()

    for line in lines:
        m = _TAP.match(line.text) if line.rule == "605.3b" else None
        if m is not None and (not run or (run[0][1].group("who") == m.group("who") and line.folded == 0)):
            run.append((line, m))
            continue
        flush()
        if m is not None:
            run.append((line, m))
        else:
            out.append(line)
    flush()
    return out


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
    return _merge_taps(out) if compact else out


#: What a turn's summary reads in the log.
_PLAYED = re.compile(r"^(?P<who>.+?) plays (?P<what>.+)$")
_CAST = re.compile(r"^(?P<who>.+?) casts (?P<what>.+?)(?: targeting .*)?$")
_ACTIVATED = re.compile(r"^(?P<who>.+?) activates (?P<what>[^:]+):")
_ATTACKS = re.compile(r"^(?P<what>.+?) attacks ")
_LIFE = re.compile(r"\(life (?P<life>-?\d+)\)")


def _life_change(text: str, name: str) -> tuple[int, int] | None:
    """(change, life after) of a log line that changes `name`'s life, else None."""
    m = _LIFE.search(text)
    if m is None:
        return None
    n = re.escape(name)
    after = int(m.group("life"))
    if d := re.search(rf"deals (\d+) [a-z ]*damage to {n} \(life", text):
        return -int(d.group(1)), after
    if d := re.search(rf"^{n} loses (\d+) life", text):
        return -int(d.group(1)), after
    if d := re.search(rf"^{n} gains (\d+) life", text):
        return int(d.group(1)), after
    return None


def turn_summary(entries: Iterable[Event], turn: int, active: int, voice: Voice) -> str:
    """One line that says what `active` did in `turn` and what it did to the viewer's
    life: "Opponent's turn 5: played Forest; cast Leatherback Baloth; attacked with
    Grizzly Bears; your life 20 → 18"."""
    who = voice.names[active]
    played: list[str] = []
    cast: list[str] = []
    activated: list[str] = []
    attackers: list[str] = []
    life_before: int | None = None
    life: int | None = None
    viewer = voice.names[voice.viewer] if voice.viewer is not None else None
    for e in entries:
        if e.turn != turn:
            continue
        if e.rule == "305.1" and (m := _PLAYED.match(e.text)) and m.group("who") == who:
            played.append(m.group("what"))
        elif e.rule == "601.2i" and (m := _CAST.match(e.text)) and m.group("who") == who:
            cast.append(m.group("what"))
        elif e.rule in ("602.2", "606.4") and (m := _ACTIVATED.match(e.text)) and m.group("who") == who:
            activated.append(m.group("what"))
        elif e.rule == "508.1" and (m := _ATTACKS.match(e.text)):
            attackers.append(m.group("what"))
        change = _life_change(e.text, viewer) if viewer is not None else None
        if change is not None:
            if life_before is None:
                life_before = change[1] - change[0]
            life = change[1]
    parts = []
    if played:
        parts.append("played " + ", ".join(played))
    if cast:
        parts.append("cast " + ", ".join(cast))
    if activated:
        parts.append("activated " + ", ".join(activated))
    if attackers:
        parts.append("attacked with " + ", ".join(attackers))
    if life_before is not None and life is not None and life != life_before:
        parts.append(f"your life {life_before} → {life}")
    if not parts:
        parts.append("nothing of note")
    whose = voice.possessive(active)
    return f"{whose[:1].upper()}{whose[1:]} turn {turn}: " + "; ".join(voice.text(p) for p in parts)
