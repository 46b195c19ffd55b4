"""Snapshots of compiled cards: the IR and its rendering, for corpus cards spread across mechanics.

Each file ``tests/oracle/snapshots/<family>.txt`` holds, for each of its cards, the Oracle text,
the IR in a stable text form (:func:`ir_text`: each node as ``Type(field=value, ...)`` with the
fields that differ from their defaults, kept source ``text`` fields left out), the renderer's
Oracle wording and its description. ``tests/oracle/test_snapshots.py`` compiles the cards again
and compares. Update them deliberately, after checking the difference is what the change meant::

    python -m karn.proof.snapshots --update            # the same cards, compiled now
    python -m karn.proof.snapshots --select            # choose the cards again (new families)
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import random
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from karn.cards.database import CardDatabase
from karn.oracle.describe import describe_abilities
from karn.oracle.pool import build_pool
from karn.oracle.wording import card_lines
from karn.proof.cards import playable_cards
from karn.proof.supported import families

SNAPSHOTS = Path(__file__).resolve().parents[3] / "tests" / "oracle" / "snapshots"
#: Cards per family file, and the families chosen (the most common among playable cards).
PER_FAMILY = 8
FAMILIES = 40
_SEPARATOR = "=" * 72
_SAFE = re.compile(r"[^a-z0-9]+")


def ir_text(value: Any) -> str:
    """A stable one-line text form of an IR value (non-default fields only; no source text)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        parts = []
        for f in dataclasses.fields(value):
            if f.name == "text":
                continue
            v = getattr(value, f.name)
            default = (
                f.default
                if f.default is not dataclasses.MISSING
                else (
                    f.default_factory()
                    if f.default_factory is not dataclasses.MISSING
                    else dataclasses.MISSING
                )
            )
            if v == default:
                continue
            parts.append(f"{f.name}={ir_text(v)}")
        return f"{type(value).__name__}({', '.join(parts)})"
    if isinstance(value, tuple | list):
        return "(" + ", ".join(ir_text(v) for v in value) + ("," if len(value) == 1 else "") + ")"
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    return repr(value)


def card_snapshot(name: str, db: CardDatabase | None = None) -> str:
    """One card's snapshot block."""
    database = db if db is not None else CardDatabase.default()
    face = database.get(name)
    cc = build_pool([name], database).compiled(name)
    lines = [_SEPARATOR, f"card: {name}", "oracle:"]
    lines += [f"  {x}" for x in (face.text or "").split("\n")]
    lines.append("ir:")
    lines += [f"  {ir_text(a)}" for a in cc.abilities]
    lines.append("rendered:")
    lines += [f"  {x}" for line in card_lines(cc) for x in line.split("\n")]
    lines.append("described:")
    lines += [f"  {x}" for x in describe_abilities(cc)]
    return "\n".join(lines) + "\n"


def file_for(family: str) -> Path:
    return SNAPSHOTS / (_SAFE.sub("_", family.lower()).strip("_") + ".txt")


def read_cards(path: Path) -> list[str]:
    """The card names a snapshot file holds, in order."""
    return [
        line[len("card: ") :]
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.startswith("card: ")
    ]


def select(db: CardDatabase | None = None) -> dict[str, list[str]]:
    """The families and their cards: the :data:`FAMILIES` most common mechanic families of the
    playable cards (and each card type for cards of no family), :data:`PER_FAMILY` cards each,
    drawn with a fixed seed among those not already chosen (listed by name)."""
    database = db if db is not None else CardDatabase.default()
    by_family: dict[str, list[str]] = {}
    for name in playable_cards(database):
        face = database.get(name)
        fams = [f for f in families(face) if f != "(none)"] or [f"plain:{t}" for t in face.types[:1]]
        for fam in fams:
            by_family.setdefault(fam, []).append(name)
    chosen: dict[str, list[str]] = {}
    taken: set[str] = set()
    for fam, names in sorted(by_family.items(), key=lambda kv: (-len(kv[1]), kv[0]))[:FAMILIES]:
        free = [n for n in sorted(names) if n not in taken]
        picks = sorted(random.Random(f"snapshots:{fam}").sample(free, min(PER_FAMILY, len(free))))
        taken.update(picks)
        chosen[fam] = picks
    return chosen


def write(chosen: dict[str, list[str]], db: CardDatabase | None = None) -> int:
    """Write the snapshot files; returns the number of cards written."""
    SNAPSHOTS.mkdir(parents=True, exist_ok=True)
    n = 0
    for fam, names in chosen.items():
        body = f"# family: {fam}\n" + "".join(card_snapshot(c, db) for c in names)
        file_for(fam).write_text(body, encoding="utf-8")
        n += len(names)
    return n


def current() -> dict[str, list[str]]:
    """The families and cards of the snapshot files on disk."""
    out: dict[str, list[str]] = {}
    for path in sorted(SNAPSHOTS.glob("*.txt")):
        first = path.read_text(encoding="utf-8").split("\n", 1)[0]
        out[first.removeprefix("# family: ")] = read_cards(path)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m karn.proof.snapshots", description=__doc__.split("\n\n")[0])
    ap.add_argument("--update", action="store_true", help="rewrite the snapshot files for their cards")
    ap.add_argument("--select", action="store_true", help="choose the families and cards again, then write")
    args = ap.parse_args(argv)
    if args.select:
        for path in SNAPSHOTS.glob("*.txt"):
            path.unlink()
        n = write(select())
    elif args.update:
        n = write(current())
    else:
        ap.print_help()
        return 2
    print(f"{n} cards written to {SNAPSHOTS}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
