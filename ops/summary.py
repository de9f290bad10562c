"""Reads what ./ops/test recorded and prints each suite's own line, the steps, and one closing line.

The results folder holds one JUnit file per suite (``<suite>.xml``), ``runners.txt`` (``<suite> <exit status>``,
or ``<suite> not-run <why>``) and ``steps.txt`` (``<step> ok|failed``). A suite fails when a test fails, when it
wrote no report, or when its runner exited non-zero even though its report shows no failure. Steps (lint,
type checks, the build) are listed as steps, not counted as tests; a failed step or runner counts as one failure
in the closing line so that it can never read "0 failed" on a failed run.
"""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET  # noqa: S405 - our own test reports
from pathlib import Path

# A suite that runs another suite's tests on other services: said so instead of passing for new tests.
SAME_TESTS = {
    "python-postgres": ("the same tests as python-sqlite",
                        "on PostgreSQL + RabbitMQ instead of SQLite + the in-process bus"),
    "browser-postgres": ("the specs of browser that depend on the services (BACKEND_SPECS)",
                         "on PostgreSQL + RabbitMQ + Redis instead of SQLite + the in-process bus"),
}


# A suite that is one part of another, run beside it on a stack of its own.
PART_OF = {
    "browser-slow": "the slowest specs of browser (SLOW_SPECS in e2e/playwright.config.ts), beside the rest",
}


def count(path: Path) -> tuple[int, int, int]:
    passed = failed = skipped = 0
    for case in ET.parse(path).getroot().iter("testcase"):  # noqa: S314
        tags = {child.tag for child in case}
        if tags & {"failure", "error"}:
            failed += 1
        elif "skipped" in tags:
            skipped += 1
        else:
            passed += 1
    return passed, failed, skipped


def read_pairs(path: Path) -> dict[str, str]:
    pairs: dict[str, str] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            name, _, value = line.partition(" ")
            pairs[name] = value
    return pairs


def main(results: Path) -> int:
    runners = read_pairs(results / "runners.txt")
    steps = read_pairs(results / "steps.txt")
    total_passed = total_failed = 0
    print("Suites (tests):")
    for name in [*runners, *sorted(p.stem for p in results.glob("*.xml") if p.stem not in runners)]:
        status = runners.get(name, "0")
        report = results / f"{name}.xml"
        if status.startswith("not-run"):
            print(f"  {name}: FAILED, not run: {status.removeprefix('not-run').strip()}")
            total_failed += 1
            continue
        if not report.exists():
            print(f"  {name}: FAILED, its runner exited {status} and wrote no report")
            total_failed += 1
            continue
        try:
            passed, failed, skipped = count(report)
        except ET.ParseError:
            print(f"  {name}: FAILED, its report {report.name} cannot be read")
            total_failed += 1
            continue
        line = f"  {name}: {passed} passed, {failed} failed, {skipped} skipped"
        if name in SAME_TESTS:
            original, how = SAME_TESTS[name]
            line += f" ({original}, {how})"
        elif name in PART_OF:
            line += f" ({PART_OF[name]})"
        print(line)
        total_passed += passed
        total_failed += failed
        if status != "0" and not failed:
            print(f"  {name}: FAILED, its runner exited {status} although no test in its report failed")
            total_failed += 1
    print("Steps (not tests): " + (", ".join(f"{name} {status}" for name, status in steps.items()) or "none"))
    total_failed += sum(status != "ok" for status in steps.values())
    print(f"{total_passed} passed, {total_failed} failed")
    return 1 if total_failed else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
