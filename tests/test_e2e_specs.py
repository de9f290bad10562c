"""The browser suite's spec lists (e2e/playwright.config.ts): every spec file is either in BACKEND_SPECS (run on
PostgreSQL + RabbitMQ + Redis) or in SERVICE_FREE_SPECS (run on the embedded defaults), never both and never
neither, each with its reason; the slow part names real files; a ``test.only`` fails the run (issue 26 §6)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import code_only

pytestmark = code_only

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "e2e" / "playwright.config.ts"
ENTRY = re.compile(r'^\s*"([a-z0-9-]+)":\s*"([^"]*)",?\s*$')


def spec_list(text: str, name: str) -> dict[str, str]:
    """The ``name: reason`` entries of the ``const NAME: Record<string, string> = { ... };`` block."""
    start = text.index(f"const {name}: Record<string, string> = {{")
    block = text[start:text.index("\n};", start)].splitlines()[1:]
    entries = [ENTRY.match(line) for line in block if line.strip() and not line.strip().startswith("//")]
    assert all(entries), [line for line, m in zip(block, entries, strict=False) if not m]
    names = [m.group(1) for m in entries if m]
    assert len(names) == len(set(names)), f"{name} names a spec twice"
    return {m.group(1): m.group(2) for m in entries if m}


def spec_files() -> set[str]:
    return {p.name.removesuffix(".spec.ts") for p in (ROOT / "e2e" / "tests").glob("*.spec.ts")}


def test_every_spec_is_in_exactly_one_list_with_its_reason():
    text = CONFIG.read_text()
    backend, service_free = spec_list(text, "BACKEND_SPECS"), spec_list(text, "SERVICE_FREE_SPECS")
    files = spec_files()
    assert len(files) > 30  # the glob found the specs
    assert not backend.keys() & service_free.keys(), "in both lists"
    assert files - backend.keys() - service_free.keys() == set(), "a spec in neither list"
    assert (backend.keys() | service_free.keys()) - files == set(), "a listed spec that does not exist"
    assert all(len(reason) >= 10 for reason in (*backend.values(), *service_free.values()))


def test_the_slow_part_names_real_specs_and_only_is_forbidden():
    text = CONFIG.read_text()
    slow = re.search(r"const SLOW_SPECS = \[([^\]]*)\]", text)
    assert slow is not None
    names = set(re.findall(r'"([a-z0-9-]+)"', slow.group(1)))
    assert names and names <= spec_files()
    assert re.search(r"^\s*forbidOnly: true,", text, re.M)


def test_the_check_sees_a_spec_in_neither_list(tmp_path):
    """A config that lost a spec's entry is caught (the check above cannot pass by reading nothing)."""
    text = CONFIG.read_text()
    backend = spec_list(text, "BACKEND_SPECS")
    dropped = text.replace('  "order-group": ' + f'"{backend["order-group"]}",\n', "")
    assert dropped != text
    left = spec_files() - spec_list(dropped, "BACKEND_SPECS").keys() - spec_list(dropped, "SERVICE_FREE_SPECS").keys()
    assert left == {"order-group"}
