"""``karn play`` driven through a pseudo-terminal (pexpect), with scripted keys.

A whole game against the AI: the script reads each prompt from the screen and answers
like a simple player (plays a land, casts what it can, attacks with all, aims burn at
the opponent), using the commands along the way (card text, graveyards, exile, the
log, a rule, stops, save, a cancelled concession). Then a saved game is resumed, and
Ctrl-C quits cleanly.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

PROMPT = "karn> "
# An option line: "   2  cast Shock", "  ✔  1  Grizzly Bears (#12) 2/2 — attacking Opponent"
OPTION = re.compile(r"^\s+(?:✔\s+)?([0-9]+|[a-z])\s{2}(.+?)\s*$")
QUESTION = re.compile(r"\(\d{3}(?:\.\d+[a-z]?)?\)\s*$")


ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\r")


def text(child: pexpect.spawn) -> str:
    """What the terminal printed before the last match, without styles."""
    return ANSI.sub("", child.before or "")


def spawn(*args: str) -> pexpect.spawn:
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "200", "LINES": "60", "TERM": "xterm"}
    return pexpect.spawn(
        sys.executable,
        ["-m", "karn", "play", *args],
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(60, 200),
    )


def options(screen: str) -> tuple[str, dict[str, str]]:
    """The last prompt on the screen: its question and its options (key -> label)."""
    lines = screen.splitlines()
    start = max((i for i, line in enumerate(lines) if QUESTION.search(line)), default=-1)
    question = lines[start] if start >= 0 else ""
    found: dict[str, str] = {}
    for line in lines[start + 1 :]:
        m = OPTION.match(line)
        if m:
            found[m.group(1)] = m.group(2)
    return question, found


def choose(question: str, opts: dict[str, str]) -> str:
    """A simple player's answer."""
    labels = {label.removesuffix(" (Enter)"): key for key, label in opts.items()}
    if "declare attackers" in question.lower():
        return "a" if "a" in opts else ""
    if "declare blockers" in question.lower():
        return ""  # the default: done / no blocks
    if "priority" in question:
        for prefix in ("play ", "cast "):
            for label, key in labels.items():
                if label.startswith(prefix):
                    return key
        return ""
    if "target" in question.lower():
        for label, key in labels.items():
            if label == "Opponent":
                return key
        numbered = [k for k in opts if k.isdigit()]
        return numbered[0] if numbered else "c"
    if any(label.endswith("(Enter)") for label in opts.values()):
        return ""
    numbered = [k for k in opts if k.isdigit()]
    return numbered[0] if numbered else ""


def play_out(child: pexpect.spawn, transcript: list[str], limit: int = 600) -> None:
    """Answer prompts until the game ends."""
    for _ in range(limit):
        i = child.expect([PROMPT, r"which\? ", pexpect.EOF])
        transcript.append(text(child))
        if i == 2:
            return
        if i == 1:
            child.sendline("1")
            continue
        question, opts = options(text(child))
        child.sendline(choose(question, opts))
    raise AssertionError("the game did not end")


def test_a_whole_game_in_a_pseudo_terminal(tmp_path: Path) -> None:
    save = tmp_path / "game.karn"
    child = spawn("--seed", "566672971")
    transcript: list[str] = []
    child.expect(PROMPT)
    first = text(child)
    transcript.append(first)
    assert "seed 566672971" in first and "keep" in first
    child.sendline("")  # keep (the default)
    child.expect(PROMPT)
    screen = text(child)
    transcript.append(screen)
    assert "Your turn 1, precombat main" in screen and "you have priority (117.1)" in screen
    assert "Your turn begins" in screen and "You's" not in screen
    hand = re.search(r"your hand\s+(#\d+) (\w[^,]*)", screen)
    assert hand is not None
    card_id, card_name = hand.group(1), hand.group(2).strip()
    # Card text by id and by name
    child.sendline(f"?{card_id[1:]}")
    child.expect(PROMPT)
    assert card_name in text(child)
    child.sendline("? mountain")
    child.expect(PROMPT)
    assert "Basic Land — Mountain" in text(child)
    child.sendline("gy")
    child.expect(PROMPT)
    assert "your graveyard" in text(child) and "Opponent's graveyard" in text(child)
    child.sendline("ex")
    child.expect(PROMPT)
    assert "exile" in text(child)
    child.sendline("rule 704.5g")
    child.expect(PROMPT)
    assert "lethal damage" in text(child)
    child.sendline("log")
    child.expect(PROMPT)
    assert "turn 1" in text(child)
    child.sendline("stops")
    child.expect(PROMPT)
    assert "precombat_main" in text(child)
    child.sendline("nonsense")
    child.expect(PROMPT)
    assert "not an option here" in text(child)
    child.sendline("q")
    child.expect(r"Really concede\? \(y/N\) ")
    child.sendline("n")
    child.expect(PROMPT)
    assert "the game goes on" in text(child)
    child.sendline(f"save {save}")
    child.expect(PROMPT)
    assert "resume with karn play --resume" in text(child)
    assert save.exists() and save.stat().st_size > 0
    child.sendline("")  # pass: the rest is played by the script
    play_out(child, transcript)
    child.close()
    out = "".join(transcript)
    assert child.exitstatus == 0, out[-3000:]
    assert "Traceback" not in out
    assert "You win!" in out or "The AI wins." in out
    assert "You cast" in out or "You play" in out
    assert "You casts" not in out and "You plays" not in out and "You's" not in out
    assert "passes priority" not in out  # the compact log
    assert "Declare attackers" in out

    # The saved game goes on from where it was saved.
    again = spawn("--resume", str(save))
    again.expect(PROMPT)
    resumed = text(again)
    assert "game resumed" in resumed and "Your turn 1, precombat main" in resumed
    again.sendline("")
    again.expect(PROMPT)
    again.sendintr()  # Ctrl-C: asks first
    again.expect(r"Quit\? You concede the game\. \(y/N\) ")
    again.sendline("y")
    again.expect(pexpect.EOF)
    tail = text(again)
    again.close()
    assert "104.3a" in tail and "The AI wins." in tail and "Traceback" not in tail
    assert again.exitstatus == 0


def test_ctrl_c_twice_abandons_the_game_cleanly() -> None:
    child = spawn("--seed", "7")
    child.expect(PROMPT)
    child.sendintr()
    child.expect(r"Quit\? ")
    child.sendintr()
    child.expect(pexpect.EOF)
    out = text(child)
    child.close()
    assert "game abandoned" in out and "Traceback" not in out
    assert child.exitstatus == 0


def test_resume_of_a_file_that_is_no_save_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.karn"
    bad.write_bytes(b"not a game")
    child = spawn("--resume", str(bad))
    child.expect(pexpect.EOF)
    out = text(child)
    child.close()
    assert "is not a karn game" in out and "Traceback" not in out
    assert child.exitstatus == 2
