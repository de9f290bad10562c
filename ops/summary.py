"""Adds up the JUnit files of every suite (and the plain steps) into one closing line."""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET  # noqa: S405 - our own test reports
from pathlib import Path


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


def main(results: Path) -> int:
    total_passed = total_failed = 0
    for path in sorted(results.glob("*.xml")):
        try:
            passed, failed, skipped = count(path)
        except ET.ParseError:
            passed, failed, skipped = 0, 1, 0
        print(f"  {path.stem:<28} {passed:5d} passed {failed:5d} failed" + (f" {skipped} skipped" if skipped else ""))
        total_passed += passed
        total_failed += failed
    steps = results / "steps.txt"
    if steps.exists():
        for line in steps.read_text().splitlines():
            name, _, status = line.rpartition(" ")
            ok = status == "ok"
            print(f"  {name:<28} {'passed' if ok else 'FAILED'}")
            total_passed += ok
            total_failed += not ok
    print(f"{total_passed} passed, {total_failed} failed")
    return 1 if total_failed else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
