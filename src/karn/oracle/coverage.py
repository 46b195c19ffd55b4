"""Coverage of the Oracle compiler over a card corpus (``karn coverage``).

A card is *playable* when the compiled abilities of its main face contain no
``Unsupported`` node (a face that can't be cast or played, like a transforming
card's back face, is never playable: see :func:`karn.oracle.compiler.compile_face`).

What is counted: one entry per distinct card, the main faces that
:meth:`karn.cards.database.CardDatabase.cards` yields. A transforming card's
back face is part of its front's card, and a ``reversible_card`` record that
repeats another card of the data ("Forest // Forest") is that card: neither
is counted on its own.

The report gives the totals, the totals by card type (the card types of 205.2a
only), and the most common *first* failing clauses (the card's name shown as
``~``, numbers as ``N``, so that the same wording on different cards is counted
together) and reasons.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from karn.cards.database import CardFace
from karn.ir.nodes import CompiledCard
from karn.oracle.compiler import compile_face, face_from_record
from karn.oracle.normalize import CardLike, substitute_self
from karn.oracle.pool import parts_refused

_NUM = re.compile(r"(?<![\w{])\d+(?![\w}])")
# a quoted phrase inside a reason; its apostrophes are not letters' ("IR's", "can't")
_QUOTED = re.compile(r"(?<!\w)'(.*?)'(?!\w)")

# 205.2a: the card types ("tribal" is the obsolete name of kindred, 308).
CARD_TYPES_205_2A = (
    "artifact",
    "battle",
    "conspiracy",
    "creature",
    "dungeon",
    "enchantment",
    "instant",
    "kindred",
    "land",
    "phenomenon",
    "plane",
    "planeswalker",
    "scheme",
    "sorcery",
    "vanguard",
)
_TYPE_ALIASES = {"tribal": "kindred"}
NO_CARD_TYPE = "(no card type)"  # Un-set jokes, "Summon", "Hero", "Stickers" ...


# the description ``karn coverage --help`` shows
CLI_DESCRIPTION = """\
Compile every card of a corpus and report how many are playable: no part of
their text is Unsupported. One card is counted per card name: a transforming
card's back face counts with its front face, and a reversible card repeating
another card is not counted again. Back faces alone are never playable (712.8a).

The report lists totals by card type (205.2a), then the most common first
failing clauses (card name as ~, numbers as N) and reasons."""


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
    counted: str = ""  # how the cards were counted

    @property
    def percent(self) -> float:
        return 100.0 * self.playable / self.total if self.total else 0.0

    def format(self, top: int = 25) -> str:
        lines = [
            f"Oracle compiler coverage: {self.playable} / {self.total} cards playable ({self.percent:.1f}%)"
            f" in {self.seconds:.1f}s",
        ]
        if self.counted:
            lines.append(self.counted)
        lines += ["", "By card type (205.2a):"]
        for t, tt in sorted(self.by_type.items(), key=lambda kv: (-kv[1].total, kv[0])):
            pct = 100.0 * tt.playable / tt.total if tt.total else 0.0
            lines.append(f"  {t:<14} {tt.playable:>6} / {tt.total:<6} {pct:5.1f}%")
        lines += ["", f"Most common first failing clauses (top {top}):"]
        for clause, n in self.top_failures[:top]:
            lines.append(f"  {n:>6}  {clause}")
        lines += ["", f"Most common reasons (top {top}):"]
        for reason, n in self.top_reasons[:top]:
            lines.append(f"  {n:>6}  {reason}")
        return "\n".join(lines)

    def as_json(self, top: int = 25) -> dict[str, Any]:
        """The report as plain data (``karn coverage --json``)."""
        return {
            "cards": self.total,
            "playable": self.playable,
            "percent": round(self.percent, 2),
            "seconds": round(self.seconds, 2),
            "counted": self.counted,
            "by_type": {
                t: {"cards": tt.total, "playable": tt.playable} for t, tt in sorted(self.by_type.items())
            },
            "top_failures": [{"clause": c, "cards": n} for c, n in self.top_failures[:top]],
            "top_reasons": [{"reason": r, "cards": n} for r, n in self.top_reasons[:top]],
        }


def _as_face(rec: CardLike | Mapping[str, Any]) -> CardLike:
    if isinstance(rec, Mapping):
        return face_from_record(rec)
    return rec


def clause_key(clause: str, name: str) -> str:
    """Group equal wordings: the card's name -> ``~``, numbers -> ``N``, first letter
    upper-case (a keyword after a comma is printed lower-case: "Flying, ward {2}")."""
    key = _NUM.sub("N", substitute_self(clause, name))
    return key[:1].upper() + key[1:]


def reason_key(reason: str) -> str:
    """Group equal reasons: a quoted phrase of the text becomes ``'…'``; a quoted
    single token (an event, a type, a word: 'attacks', 'basic', ',') is kept."""
    return _QUOTED.sub(lambda m: m.group(0) if re.fullmatch(r"\S+", m.group(1)) else "'…'", reason)


def card_types(types: Iterable[str]) -> list[str]:
    """The 205.2a card types among ``types`` (lower-case), or [NO_CARD_TYPE]."""
    found = {_TYPE_ALIASES.get(t.lower(), t.lower()) for t in types}
    real = [t for t in CARD_TYPES_205_2A if t in found]
    return real or [NO_CARD_TYPE]


def coverage_report(
    db_records: Iterable[CardLike | Mapping[str, Any]],
    keep_failing: bool = False,
    counted: str = "",
    parts: Mapping[str, Sequence[CardLike]] | None = None,
) -> CoverageReport:
    """Compile every card (uncached) and tally playable cards and failures. ``parts``: the
    parts each card may be cast as, by card name (a card plays only when they do too,
    :func:`karn.oracle.pool.parts_refused`)."""
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
        card_parts = parts.get(face.name, ()) if parts else ()
        if card_parts and isinstance(face, CardFace):
            refused = parts_refused(face, {p.name: compile_face(p) for p in card_parts})
            cc = CompiledCard(cc.name, cc.abilities + tuple(refused))
        total += 1
        ok = cc.playable
        playable += ok
        for t in card_types(face.types):
            tt = by_type.setdefault(t, [0, 0])
            tt[0] += 1
            tt[1] += ok
        if not ok:
            first = cc.unsupported[0]
            failures[clause_key(first.clause, face.name)] += 1
            reasons[reason_key(first.reason)] += 1
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
        counted=counted,
    )


def load_cards(path: str | Path | None) -> tuple[list[CardLike], str]:
    """The main face of every distinct card of a corpus file (default: the packaged
    cards), and a sentence saying how they were counted."""
    cards, counted, _ = load_cards_and_parts(path)
    return cards, counted


def load_cards_and_parts(path: str | Path | None) -> tuple[list[CardLike], str, dict[str, list[CardLike]]]:
    """:func:`load_cards`, and the parts each card may be cast as (709.3, 712.11b, 715.3)."""
    from karn.cards.database import CardDatabase

    db = CardDatabase.from_file(path) if path else CardDatabase.default()
    cards: list[CardLike] = list(db.cards())
    parts: dict[str, list[CardLike]] = {
        f.name: list(db.card_faces(f.name)[1:]) for f in db.cards() if f.parts or f.layout == "modal_dfc"
    }
    other_faces = repeated = 0
    for name in db.names():
        if db.card_name(name) != name:
            if db.get(name).layout == "reversible_card":
                repeated += 1
            else:
                other_faces += 1
    counted = (
        f"Counted: {len(cards)} distinct cards, one per card name, from {len(db)} face records"
        f" ({other_faces} back faces and other parts count with their card's main face,"
        f" {repeated} reversible_card records repeat another card)."
    )
    return cards, counted, parts


def add_arguments(ap: argparse.ArgumentParser) -> None:
    """The options of ``karn coverage`` (shared by the ``karn`` CLI and ``python -m``)."""
    ap.add_argument(
        "--corpus",
        metavar="FILE",
        help="card file: a JSON list of MTGJSON-shaped records or an MTGJSON AtomicCards file"
        " (.json, .json.gz, .json.xz); default: the packaged cards",
    )
    ap.add_argument(
        "--top", type=int, default=25, metavar="N", help="how many failing clauses and reasons to list"
    )
    ap.add_argument("--json", action="store_true", help="print the report as JSON")


def run(args: argparse.Namespace) -> int:
    """Print the coverage report for parsed :func:`add_arguments` options."""
    cards, counted, parts = load_cards_and_parts(args.corpus)
    report = coverage_report(cards, counted=counted, parts=parts)
    if args.json:
        sys.stdout.write(json.dumps(report.as_json(args.top), ensure_ascii=False, indent=2) + "\n")
    else:
        sys.stdout.write(report.format(args.top) + "\n")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``karn coverage [--corpus FILE] [--top N] [--json]``: print the coverage report."""
    ap = argparse.ArgumentParser(
        prog="karn coverage",
        description=CLI_DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_arguments(ap)
    return run(ap.parse_args(argv))


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
