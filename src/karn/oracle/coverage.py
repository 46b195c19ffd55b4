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
    supported: int = 0  # issue 15 part 4: see karn.proof.supported.DEFINITION


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
    support: SupportTotals | None = None  # the supported count, when it was checked

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
        sup = self.support
        if sup is not None:
            lines += ["", *sup.format(self.total)]
        lines += [
            "",
            "By card type (205.2a):" + (" playable / cards, then supported" if sup is not None else ""),
        ]
        for t, tt in sorted(self.by_type.items(), key=lambda kv: (-kv[1].total, kv[0])):
            pct = 100.0 * tt.playable / tt.total if tt.total else 0.0
            extra = ""
            if sup is not None:
                extra = f"   {tt.supported:>6} {100.0 * tt.supported / tt.total if tt.total else 0.0:5.1f}%"
            lines.append(f"  {t:<14} {tt.playable:>6} / {tt.total:<6} {pct:5.1f}%{extra}")
        if sup is not None:
            lines += ["", f"By mechanic family (top {top} by cards; total, playable, supported):"]
            for fam, (n, p, su) in sorted(sup.families.items(), key=lambda kv: (-kv[1][0], kv[0]))[:top]:
                lines.append(f"  {fam:<28} {n:>6} {p:>6} {su:>6} {100.0 * su / n if n else 0.0:5.1f}%")
            if sup.render_failures:
                lines += ["", f"Most common first render-back differences of playable cards (top {top}):"]
                for text, n in sup.render_failures[:top]:
                    lines.append(f"  {n:>6}  {text}")
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
        } | ({"supported": self._support_json(top)} if self.support is not None else {})

    def _support_json(self, top: int) -> dict[str, Any]:
        assert self.support is not None
        by_type = {t: tt.supported for t, tt in sorted(self.by_type.items())}
        return self.support.as_json(top) | {"by_type": by_type}


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
    support: SupportCheck | None = None,
) -> CoverageReport:
    """Compile every card (uncached) and tally playable cards and failures. ``parts``: the
    parts each card may be cast as, by card name (a card plays only when they do too,
    :func:`karn.oracle.pool.parts_refused`). With ``support``, each playable card is checked
    for the rest of the definition of *supported* (``karn.proof.supported``)."""
    start = time.perf_counter()
    total = 0
    playable = 0
    by_type: dict[str, list[int]] = {}
    types_of: dict[str, list[str]] = {}
    failures: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    failing: dict[str, str] = {}
    for rec in db_records:
        face = _as_face(rec)
        cc: CompiledCard = compile_face(face)
        card_parts = parts.get(face.name, ()) if parts else ()
        if card_parts and isinstance(face, CardFace):
            refused = parts_refused(face, {p.name: compile_face(p, part=True) for p in card_parts})
            cc = CompiledCard(cc.name, cc.abilities + tuple(refused))
        total += 1
        ok = cc.playable
        playable += ok
        if support is not None and isinstance(face, CardFace):
            support.check(face, cc)
            types_of[face.name] = card_types(face.types)
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
    totals = support.totals() if support is not None else None
    supported_types: Counter[str] = Counter()
    for name in support.supported_names if support is not None else ():
        supported_types.update(types_of.get(name, ()))
    return CoverageReport(
        total=total,
        playable=playable,
        by_type={t: TypeTotal(v[0], v[1], supported_types[t]) for t, v in by_type.items()},
        top_failures=failures.most_common(),
        top_reasons=reasons.most_common(),
        failing=failing,
        seconds=time.perf_counter() - start,
        counted=counted,
        support=totals,
    )


@dataclass(slots=True)
class SupportTotals:
    """The supported count and its parts (issue 15 part 4, ``karn.proof.supported``)."""

    playable: int = 0
    renders_back: int = 0
    handled: int = 0
    sandbox_passed: int = 0
    sandbox_failed: int = 0
    sandbox_not_cast: int = 0
    sandbox_not_run: int = 0
    supported: int = 0
    families: dict[str, list[int]] = field(default_factory=dict)  # family -> [total, playable, supported]
    render_failures: list[tuple[str, int]] = field(default_factory=list)
    sandbox_failures: list[tuple[str, str]] = field(default_factory=list)  # card, error

    def format(self, total: int) -> list[str]:
        pct = 100.0 * self.supported / total if total else 0.0
        lines = [f"Supported: {self.supported} / {total} cards ({pct:.1f}%)", *_definition().splitlines(), ""]
        lines.append(f"  (a) playable (compiles)       {self.playable:>6}")
        lines.append(f"  (b) of them, render back      {self.renders_back:>6}")
        lines.append(f"  (c) of them, handled          {self.handled:>6}")
        lines.append(
            f"  (d) sandbox: passed {self.sandbox_passed}, failed {self.sandbox_failed}, "
            f"not cast {self.sandbox_not_cast}, not run {self.sandbox_not_run}"
        )
        for card, error in self.sandbox_failures[:10]:
            lines.append(f"      failed: {card}: {error}")
        return lines

    def as_json(self, top: int) -> dict[str, Any]:
        return {
            "definition": " ".join(_definition().split()),
            "supported": self.supported,
            "playable": self.playable,
            "renders_back": self.renders_back,
            "handled": self.handled,
            "sandbox": {
                "passed": self.sandbox_passed,
                "failed": self.sandbox_failed,
                "not_cast": self.sandbox_not_cast,
                "not_run": self.sandbox_not_run,
                "failures": [{"card": c, "error": e} for c, e in self.sandbox_failures],
            },
            "by_family": {
                f: {"cards": n, "playable": p, "supported": s}
                for f, (n, p, s) in sorted(self.families.items())
            },
            "top_render_back_differences": [{"text": t, "cards": n} for t, n in self.render_failures[:top]],
        }


def _definition() -> str:
    from karn.proof.supported import DEFINITION

    return DEFINITION


class SupportCheck:
    """Checks parts (b)-(d) of *supported* for each playable card ``coverage_report`` compiles:
    render-back, handlers, and the sandbox result from its cache (``run_sandbox``: playing the
    cards whose result is missing, in ``workers`` processes)."""

    def __init__(self, run_sandbox: bool = False, workers: int = 2, corpus: str | Path | None = None) -> None:
        from karn.proof.supported import SandboxCache

        self.cache = SandboxCache()
        self.corpus = corpus
        self.run_sandbox = run_sandbox
        self.workers = workers
        self.rows: list[tuple[CardFace, bool, bool, bool, str]] = []  # face, renders, handled, playable, key
        self.render_failures: Counter[str] = Counter()
        self.supported_names: set[str] = set()

    def check(self, face: CardFace, cc: CompiledCard) -> None:
        """Record the card's render-back and handlers (its sandbox result is read in ``totals``)."""
        from karn.proof.render_back import render_back
        from karn.proof.supported import card_key, unhandled

        if not cc.playable:
            self.rows.append((face, False, False, False, ""))
            return
        rb = render_back(face, cc)
        if not rb.matches:
            _, rendered = rb.first_difference()
            self.render_failures[_NUM.sub("N", rendered)[:90] or "(a line missing)"] += 1
        handled = not unhandled(cc)
        key = card_key(face, cc)
        self.rows.append((face, rb.matches, handled, True, key))

    def totals(self) -> SupportTotals:
        from karn.proof.supported import families, fill_cache, tally

        if self.run_sandbox:
            from karn.cards.database import CardDatabase

            db = CardDatabase.from_file(self.corpus) if self.corpus else None
            fill_cache({f.name: k for f, _, _, p, k in self.rows if p}, self.cache, self.workers, db)
        out = SupportTotals()
        fam_rows: list[tuple[list[str], bool, bool]] = []
        self.supported_names = set()
        for face, renders, handled, playable, key in self.rows:
            ok = False
            if playable:
                out.playable += 1
                out.renders_back += renders
                out.handled += handled
                status = self.cache.get(face.name, key)
                if status is None:
                    out.sandbox_not_run += 1
                elif status == "passed":
                    out.sandbox_passed += 1
                elif status == "failed":
                    out.sandbox_failed += 1
                    out.sandbox_failures.append((face.name, self.cache.results[face.name].get("error", "")))
                else:
                    out.sandbox_not_cast += 1
                ok = renders and handled and status == "passed"
            out.supported += ok
            if ok:
                self.supported_names.add(face.name)
            fam_rows.append((families(face), playable, ok))
        out.families = tally(fam_rows)
        out.render_failures = self.render_failures.most_common()
        return out


def load_cards(path: str | Path | None) -> tuple[list[CardLike], str]:
    """The main face of every distinct card of a corpus file (default: the packaged
    cards), and a sentence saying how they were counted."""
    cards, counted, _ = load_cards_and_parts(path)
    return cards, counted


def load_cards_and_parts(path: str | Path | None) -> tuple[list[CardLike], str, dict[str, list[CardLike]]]:
    """:func:`load_cards`, and the parts each card may be cast as (709.3, 712.11b, 715.3) or
    turned to (a transforming card's back face, 701.27a, 712.8e)."""
    from karn.cards.database import CardDatabase

    db = CardDatabase.from_file(path) if path else CardDatabase.default()
    cards: list[CardLike] = list(db.cards())
    parts: dict[str, list[CardLike]] = {
        f.name: list(db.card_faces(f.name)[1:])
        for f in db.cards()
        if f.parts or f.layout == "modal_dfc" or (f.layout == "transform" and f.back)
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
    ap.add_argument(
        "--sandbox",
        action="store_true",
        help="play the every-card sandbox for the playable cards whose result isn't cached (slow the"
        " first time; the results are cached for this engine)",
    )
    ap.add_argument("--workers", type=int, default=2, metavar="N", help="processes for --sandbox")
    ap.add_argument(
        "--no-supported",
        action="store_true",
        help="count playable cards only (skip render-back and the sandbox)",
    )


def run(args: argparse.Namespace) -> int:
    """Print the coverage report for parsed :func:`add_arguments` options."""
    cards, counted, parts = load_cards_and_parts(args.corpus)
    support = (
        None
        if args.no_supported
        else SupportCheck(run_sandbox=args.sandbox, workers=args.workers, corpus=args.corpus)
    )
    report = coverage_report(cards, counted=counted, parts=parts, support=support)
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
