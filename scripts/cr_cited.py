#!/usr/bin/env python3
"""List the CR rule numbers cited by passing tests (count and list).

Runs the test suite with the ``--cr-report`` option of tests/conftest.py
(or reads an existing report with --report) and prints every rule cited by
at least one passing test, checking each against the current CR text.

    python scripts/cr_cited.py            # runs pytest (excluding slow tests)
    python scripts/cr_cited.py --report cr.json
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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--report", help="an existing --cr-report JSON file")
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
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
