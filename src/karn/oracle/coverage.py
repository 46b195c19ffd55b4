"""Coverage of the Oracle compiler over a card corpus (``karn coverage``).

A card is *playable* when its compiled abilities contain no ``Unsupported``
node. The report counts playable cards, totals by card type, and the most
common first failing clauses (with the card's name shown as ``~`` and numbers
as ``N`` so that the same wording on different cards is counted together).
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from karn.ir.nodes import CompiledCard
from karn.oracle.compiler import compile_face, face_from_record
from karn.oracle.normalize import CardLike, substitute_self

_NUM = re.compile(r"(?<![\w{])\d+(?![\w}])")


@dataclass(frozen=True, slots=True)
class TypeTotal:
    total: int = 0
    playable: int = 0


@dataclass(frozen=True, slots=True)
class CoverageReport:
    total: int
    playable: int
    by_type: dict[str, TypeTotal]
    top_failures: list[tuple[str, int]]
    top_reasons: list[tuple[str, int]]
    failing: dict[str, str] = field(default_factory=dict)  # card name -> first failing clause
    seconds: float = 0.0

    @property
    def percent(self) -> float:
        return 100.0 * self.playable / self.total if self.total else 0.0

    def format(self, top: int = 25) -> str:
        lines = [
            f"Oracle compiler coverage: {self.playable} / {self.total} cards playable ({self.percent:.1f}%)"
            f" in {self.seconds:.1f}s",
            "",
            "By card type:",
        ]
        for t, tt in sorted(self.by_type.items(), key=lambda kv: -kv[1].total):
            pct = 100.0 * tt.playable / tt.total if tt.total else 0.0
            lines.append(f"  {t:<14} {tt.playable:>6} / {tt.total:<6} {pct:5.1f}%")
        lines += ["", f"Most common first failing clauses (top {top}):"]
        for clause, n in self.top_failures[:top]:
            lines.append(f"  {n:>6}  {clause}")
        lines += ["", f"Most common reasons (top {top}):"]
        for reason, n in self.top_reasons[:top]:
            lines.append(f"  {n:>6}  {reason}")
        return "\n".join(lines)


def _as_face(rec: CardLike | Mapping[str, Any]) -> CardLike:
    if isinstance(rec, Mapping):
        return face_from_record(rec)
    return rec


def clause_key(clause: str, name: str) -> str:
    """Group equal wordings: the card's name -> ``~``, numbers -> ``N``."""
    return _NUM.sub("N", substitute_self(clause, name))


def _reason_key(reason: str) -> str:
    return re.sub(r"'[^']*'", "'…'", reason)


def coverage_report(
    db_records: Iterable[CardLike | Mapping[str, Any]], keep_failing: bool = False
) -> CoverageReport:
    """Compile every card (uncached) and tally playable cards and failures."""
    start = time.perf_counter()
    total = 0
    playable = 0
    by_type: dict[str, list[int]] = {}
    failures: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    failing: dict[str, str] = {}
    for rec in db_records:
        face = _as_face(rec)
        cc: CompiledCard = compile_face(face)
        total += 1
        ok = cc.playable
        playable += ok
        for t in face.types or ("(none)",):
            tt = by_type.setdefault(t.lower(), [0, 0])
            tt[0] += 1
            tt[1] += ok
        if not ok:
            first = cc.unsupported[0]
            failures[clause_key(first.clause, face.name)] += 1
            reasons[_reason_key(first.reason)] += 1
            if keep_failing:
                failing[face.name] = first.clause
    return CoverageReport(
        total=total,
        playable=playable,
        by_type={t: TypeTotal(v[0], v[1]) for t, v in by_type.items()},
        top_failures=failures.most_common(),
        top_reasons=reasons.most_common(),
        failing=failing,
        seconds=time.perf_counter() - start,
    )


def _load_faces(path: str | None) -> Iterable[CardLike | Mapping[str, Any]]:
    if path:
        import gzip
        import json

        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rt", encoding="utf-8") as f:
            data = json.load(f)
        if isinstance(data, dict) and "data" in data:  # AtomicCards shape
            return [face for faces in data["data"].values() for face in faces[:1]]
        records: list[Mapping[str, Any]] = data
        return records
    from karn.cards.database import CardDatabase

    return list(CardDatabase.default().faces())


def main(argv: Sequence[str] | None = None) -> int:
    """``karn coverage [--corpus FILE] [--top N]``: print the coverage report."""
    ap = argparse.ArgumentParser(prog="karn coverage", description=__doc__)
    ap.add_argument("--corpus", help="MTGJSON-shaped card list (.json or .json.gz); default: packaged cards")
    ap.add_argument("--top", type=int, default=25, help="how many failing clauses to list")
    args = ap.parse_args(argv)
    report = coverage_report(_load_faces(args.corpus))
    sys.stdout.write(report.format(args.top) + "\n")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
