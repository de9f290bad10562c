"""Reads what ./ops/test recorded and prints each suite's own line, the steps, and one closing line.

The results folder holds one JUnit file per suite (``<suite>.xml``), ``runners.txt`` (``<suite> <exit status>``,
or ``<suite> not-run <why>``), ``steps.txt`` (``<step> ok|failed``) and, for a suite that sends generated requests,
``<suite>.cases`` (how many). A suite fails when a test fails, when it wrote no report, when its runner exited
non-zero even though its report shows no failure, and when it was expected (``--expect``) and never reported at all
(a lane that died early). Steps (lint, type checks, the build) are listed as steps, not counted as tests; a failed,
or expected and missing, step or runner counts as one failure in the closing line so that it can never read
"0 failed" on a failed run. The closing line also says how many of the tests were generated from the OpenAPI
documents (one per operation and check) and how many were written by hand.
"""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET  # noqa: S405 - our own test reports
from collections.abc import Sequence
from pathlib import Path

# A suite that runs another suite's tests on other services: said so instead of passing for new tests.
SAME_TESTS = {
    "python-postgres": ("the same tests as python-sqlite but the OpenAPI fuzz, which schemathesis runs deeper",
                        "on PostgreSQL + RabbitMQ instead of SQLite + the in-process bus"),
    "browser-postgres": ("the specs of browser that depend on the services (BACKEND_SPECS)",
                         "on PostgreSQL + RabbitMQ + Redis instead of SQLite + the in-process bus"),
}


# What a suite is, said beside its line: one part of another run beside it on a stack of its own, or (the
# fault test) a suite of its own kind.
PART_OF = {
    "browser-slow": "the slowest specs of browser (SLOW_SPECS in e2e/playwright.config.ts), beside the rest",
    "cluster-faults": "the topology of ops/cluster under load while a core node, a worker, RabbitMQ and the standby "
                      "fail (figures in var/test-results/cluster-faults.json)",
    "schemathesis": "schemathesis over both OpenAPI documents, ten valid and invalid examples an operation, "
                    "on PostgreSQL",
}
# The tests generated from the OpenAPI documents (one per operation, or per operation and hostile value): JUnit
# classname -> test function names. Every other test is written by hand.
GENERATED = {"tests.test_openapi_fuzz": ("test_core_api_document", "test_bff_document",
                                         "test_hostile_values_are_refused_not_crashed")}


# How many failed tests a suite's line names (the CI log keeps only its tail: the names must be in it).
NAMED_FAILURES = 5


def count(path: Path, failures: list[str] | None = None) -> tuple[int, int, int, int]:
    """(passed, failed, skipped, generated) of a JUnit report; generated counts the run ones (passed or failed).

    ``failures`` receives one line per failed test: its name and the first line of its failure's message.
    """
    passed = failed = skipped = generated = 0
    for case in ET.parse(path).getroot().iter("testcase"):  # noqa: S314
        tags = {child.tag for child in case}
        if tags & {"failure", "error"}:
            failed += 1
            if failures is not None:
                failures.append(_failure_line(case))
        elif "skipped" in tags:
            skipped += 1
            continue
        else:
            passed += 1
        function = case.get("name", "").split("[", 1)[0]
        generated += function in GENERATED.get(case.get("classname", ""), ())
    return passed, failed, skipped, generated


def _failure_line(case: ET.Element) -> str:
    name = " › ".join(part for part in (case.get("classname", ""), case.get("name", "")) if part)
    problem = next((child for child in case if child.tag in {"failure", "error"}), None)
    message = "" if problem is None else (problem.get("message") or problem.text or "").strip()
    first = message.splitlines()[0][:200] if message else ""
    return f"{name}: {first}" if first else name


def read_pairs(path: Path) -> dict[str, str]:
    pairs: dict[str, str] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            name, _, value = line.partition(" ")
            pairs[name] = value
    return pairs


def main(results: Path, expected: Sequence[str] = (), expected_steps: Sequence[str] = ()) -> int:
    runners = read_pairs(results / "runners.txt")
    steps = read_pairs(results / "steps.txt")
    total_passed = total_failed = total_generated = requests = 0
    print("Suites (tests):")
    reported = [*runners, *sorted(p.stem for p in results.glob("*.xml") if p.stem not in runners)]
    for name in [*reported, *[e for e in expected if e not in reported]]:
        status = runners.get(name, "0")
        report = results / f"{name}.xml"
        if name not in reported:
            print(f"  {name}: FAILED, never ran (its lane ended before it)")
            total_failed += 1
            continue
        if status.startswith("not-run"):
            print(f"  {name}: FAILED, not run: {status.removeprefix('not-run').strip()}")
            total_failed += 1
            continue
        if not report.exists():
            print(f"  {name}: FAILED, its runner exited {status} and wrote no report")
            total_failed += 1
            continue
        failures: list[str] = []
        try:
            passed, failed, skipped, generated = count(report, failures)
        except ET.ParseError:
            print(f"  {name}: FAILED, its report {report.name} cannot be read")
            total_failed += 1
            continue
        line = f"  {name}: {passed} passed, {failed} failed, {skipped} skipped"
        sent = results / f"{name}.cases"
        if generated:
            line += f"; {generated} of them generated from the OpenAPI documents"
            if sent.exists() and sent.read_text().strip().isdigit():
                requests += int(sent.read_text())
                line += f", sending {int(sent.read_text())} generated requests"
        if name in SAME_TESTS:
            original, how = SAME_TESTS[name]
            line += f" ({original}, {how})"
        elif name in PART_OF:
            line += f" ({PART_OF[name]})"
        print(line)
        for failure in failures[:NAMED_FAILURES]:
            print(f"    failed: {failure}")
        if len(failures) > NAMED_FAILURES:
            print(f"    and {len(failures) - NAMED_FAILURES} more failed (in {report.name})")
        total_passed += passed
        total_failed += failed
        total_generated += generated
        if status != "0" and not failed:
            print(f"  {name}: FAILED, its runner exited {status} although no test in its report failed")
            total_failed += 1
    missing_steps = [s for s in expected_steps if s not in steps]
    listed = [f"{name} {status}" for name, status in steps.items()] + [f"{s} never ran" for s in missing_steps]
    print("Steps (not tests): " + (", ".join(listed) or "none"))
    total_failed += sum(status != "ok" for status in steps.values()) + len(missing_steps)
    closing = f"{total_passed} passed, {total_failed} failed"
    if total_generated:
        sending = f", which sent {requests} generated requests" if requests else ""
        closing += (f" ({total_generated} tests generated from the OpenAPI documents{sending}; "
                    f"{total_passed + total_failed - total_generated} written by hand)")
    print(closing)
    return 1 if total_failed else 0


def parse(argv: list[str]) -> tuple[Path, list[str], list[str]]:
    """``RESULTS [--expect a,b] [--expect-steps c,d]``."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m ops.summary")
    parser.add_argument("results", type=Path)
    parser.add_argument("--expect", default="", help="the suites that must have reported, comma-separated")
    parser.add_argument("--expect-steps", default="", help="the steps that must have run, comma-separated")
    args = parser.parse_args(argv)
    return args.results, _names(args.expect), _names(args.expect_steps)


def _names(text: str) -> list[str]:
    return [name for name in text.split(",") if name]


if __name__ == "__main__":
    sys.exit(main(*parse(sys.argv[1:])))
