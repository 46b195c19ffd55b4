#!/usr/bin/env python3
"""List the CR rule numbers cited by passing tests (count and list).

Runs the test suite with the ``--cr-report`` option of tests/conftest.py
(or reads an existing report with --report) and prints every rule cited by
at least one passing test, checking each against the current CR text.

    python scripts/cr_cited.py            # runs pytest (excluding slow tests)
    python scripts/cr_cited.py --report cr.json
    python scripts/cr_cited.py --areas 614,615,616 --report cr.json

Then, for the rule areas of issue 6 (613-616 and 707 by default, ``--areas``), it lists every
numbered rule of the current CR as cited by a passing test (a rule whose subrules are cited
counts as cited through them), as exempt with the reason given in
``scripts/cr_exemptions.tsv`` (rule, tab, reason), or as NOT COVERED.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CR = ROOT.parent / "shared" / "cr" / "MagicCompRules-20260417.txt"


def known_rules() -> set[str]:
    if not CR.exists():
        return set()
    rules = set()
    for line in CR.read_text(encoding="utf-8-sig").splitlines():
        m = re.match(r"^(\d{3}(?:\.\d+[a-z]?)?)\.? ", line)
        if m:
            rules.add(m.group(1))
    return rules


EXEMPTIONS = Path(__file__).resolve().parent / "cr_exemptions.tsv"
DEFAULT_AREAS = "613,614,615,616,707"


def area_rules(areas: list[str]) -> list[str]:
    """The numbered rules (``614.1``, ``614.1a``, ...) of these sections, in CR order."""
    if not CR.exists():
        return []
    out = []
    for line in CR.read_text(encoding="utf-8-sig").splitlines():
        m = re.match(r"^(\d{3})\.(\d+[a-z]?)\.? ", line)
        if m and m.group(1) in areas:
            out.append(f"{m.group(1)}.{m.group(2)}")
    return out


def exemptions() -> dict[str, str]:
    """rule -> why no test cites it (scripts/cr_exemptions.tsv; '#' starts a comment)."""
    out: dict[str, str] = {}
    if EXEMPTIONS.exists():
        for line in EXEMPTIONS.read_text(encoding="utf-8").splitlines():
            if not line.strip() or line.startswith("#"):
                continue
            rule, _, reason = line.partition("\t")
            out[rule.strip()] = reason.strip()
    return out


def coverage(by_rule: dict[str, int], areas: list[str]) -> int:
    """Print each numbered rule of `areas` as cited, exempt or not covered; returns how many
    are not covered."""
    exempt = exemptions()
    missing = 0
    rules = area_rules(areas)
    print()
    print(f"Coverage of CR {', '.join(areas)}: {len(rules)} numbered rules")
    for r in rules:
        subs = sorted(x for x in by_rule if x != r and re.fullmatch(re.escape(r) + r"[a-z]", x))
        if r in by_rule:
            status = f"cited by {by_rule[r]} passing test(s)"
        elif subs:
            status = f"cited through {', '.join(subs)}"
        elif r in exempt:
            status = f"exempt: {exempt[r]}"
        else:
            status = "NOT COVERED"
            missing += 1
        print(f"{r}\t{status}")
    print(f"{missing} of {len(rules)} rules of CR {', '.join(areas)} neither cited nor exempt")
    return missing


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--report", help="an existing --cr-report JSON file")
    ap.add_argument("--areas", default=DEFAULT_AREAS, help="CR sections to list rule by rule")
    ap.add_argument("--keep", help="also write the pytest report to this file (for --report)")
    ap.add_argument("--strict", action="store_true", help="exit 1 when a rule of --areas isn't covered")
    ap.add_argument("pytest_args", nargs="*", default=["-m", "not slow"])
    args = ap.parse_args(argv)
    if args.report:
        data = json.loads(Path(args.report).read_text())
    else:
        with tempfile.TemporaryDirectory() as d:
            out = Path(d) / "cr.json"
            cmd = [
                sys.executable,
                "-m",
                "pytest",
                "-q",
                "-p",
                "no:randomly",
                f"--cr-report={out}",
                *args.pytest_args,
            ]
            subprocess.run(cmd, cwd=ROOT, check=False, stdout=subprocess.DEVNULL)
            data = json.loads(out.read_text())
            if args.keep:
                Path(args.keep).write_text(json.dumps(data, indent=1, sort_keys=True))
    by_rule: dict[str, int] = defaultdict(int)
    for rules in data.values():
        for r in rules:
            by_rule[r.strip().rstrip(".")] += 1
    known = known_rules()

    def key(r: str) -> tuple[int, ...]:
        parts = re.findall(r"\d+|[a-z]", r)
        return tuple(int(p) if p.isdigit() else ord(p) for p in parts)

    rules = sorted(by_rule, key=key)
    unknown = [r for r in rules if known and r not in known]
    print(f"{len(rules)} CR rules cited by {len(data)} passing tests")
    for r in rules:
        flag = "  (not in the current CR)" if r in unknown else ""
        print(f"{r}\t{by_rule[r]} test(s){flag}")
    if unknown:
        print(f"{len(unknown)} cited numbers are not rules of the current CR: {', '.join(unknown)}")
    missing = coverage(by_rule, [a.strip() for a in args.areas.split(",") if a.strip()])
    return 1 if args.strict and missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
