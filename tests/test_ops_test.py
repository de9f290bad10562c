"""./ops/test tells the truth: services it cannot start fail the run, and the closing lines count what ran."""

from __future__ import annotations

import asyncio
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from core_api.platform.settings import ROOT
from tests.conftest import BACKEND


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=60)


@pytest.mark.skipif(shutil.which("pg_ctlcluster") is None, reason="./ops/test installs PostgreSQL before this runs")
def test_a_postgresql_that_cannot_be_started_fails_with_one_clear_line() -> None:
    port = free_port()
    result = run("ops.services", "check", f"postgres://postgres@127.0.0.1:{port}/postgres")
    assert result.returncode == 1
    assert result.stderr.strip().splitlines()[-1] == (
        f"FAILED: PostgreSQL at 127.0.0.1:{port} does not answer, "
        f"and no local PostgreSQL is set up on port {port} to start")


@pytest.mark.skipif(BACKEND != "postgres", reason="signs in to the PostgreSQL server of the PostgreSQL run")
def test_a_refused_sign_in_fails_with_the_server_s_reason(database_url: str) -> None:
    url = database_url.replace("postgres://postgres@", "postgres://no_such_role@", 1)
    result = run("ops.services", "check", url)
    assert result.returncode == 1
    assert 'answers but refuses the connection: role "no_such_role" does not exist' in result.stderr


@pytest.mark.skipif(BACKEND != "sqlite", reason="one run is enough: it starts a server of its own")
def test_the_scratch_postgresql_answers_keeps_nothing_on_disk_sync_and_goes_away() -> None:
    import asyncpg

    base = Path(tempfile.mkdtemp(prefix="console-scratch-pg-"))  # /tmp: the postgres user can reach it
    started = run("ops.services", "scratch-postgres", "start", str(base))
    assert started.returncode == 0, started.stderr
    url = started.stdout.strip()
    try:
        async def read() -> tuple[str, str, int]:
            conn = await asyncpg.connect(url)
            try:
                await conn.execute('CREATE DATABASE "copy_probe"')
                await conn.execute('DROP DATABASE "copy_probe"')
                return (await conn.fetchval("SHOW fsync"), await conn.fetchval("SHOW full_page_writes"),
                        await conn.fetchval("SELECT count(*) FROM pg_database WHERE datname = 'copy_probe'"))
            finally:
                await conn.close()

        assert asyncio.run(read()) == ("off", "off", 0)
    finally:
        stopped = run("ops.services", "scratch-postgres", "stop", str(base))
    assert stopped.returncode == 0, stopped.stderr
    assert not base.exists()
    port = int(url.rsplit(":", 1)[1].split("/")[0])
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=1).close()


def junit(path: Path, passed: int, failed: int = 0, skipped: int = 0) -> None:
    cases = ["<testcase name='p'/>"] * passed + ["<testcase name='f'><failure/></testcase>"] * failed
    cases += ["<testcase name='s'><skipped/></testcase>"] * skipped
    path.write_text(f"<testsuites><testsuite>{''.join(cases)}</testsuite></testsuites>")


def test_summary_lists_each_suite_and_steps_and_counts_a_failed_runner(tmp_path: Path) -> None:
    junit(tmp_path / "python-sqlite.xml", 3, skipped=1)
    junit(tmp_path / "python-postgres.xml", 3, skipped=1)
    junit(tmp_path / "web-unit.xml", 2)  # every case passed, yet vitest exited 1 (an unhandled error)
    (tmp_path / "runners.txt").write_text(
        "python-sqlite 0\npython-postgres 0\nweb-unit 1\nbrowser not-run the web build failed\n")
    (tmp_path / "steps.txt").write_text("ruff ok\nmypy ok\nweb-build failed\n")
    result = run("ops.summary", str(tmp_path))
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        "Suites (tests):",
        "  python-sqlite: 3 passed, 0 failed, 1 skipped",
        "  python-postgres: 3 passed, 0 failed, 1 skipped (the same tests as python-sqlite but the OpenAPI fuzz, "
        "which schemathesis runs deeper, on PostgreSQL + RabbitMQ instead of SQLite + the in-process bus)",
        "  web-unit: 2 passed, 0 failed, 0 skipped",
        "  web-unit: FAILED, its runner exited 1 although no test in its report failed",
        "  browser: FAILED, not run: the web build failed",
        "Steps (not tests): ruff ok, mypy ok, web-build failed",
        "8 passed, 3 failed",
    ]


def test_summary_of_a_green_run_exits_zero(tmp_path: Path) -> None:
    junit(tmp_path / "python-sqlite.xml", 4)
    junit(tmp_path / "browser.xml", 2, skipped=1)
    (tmp_path / "runners.txt").write_text("python-sqlite 0\nbrowser 0\n")
    (tmp_path / "steps.txt").write_text("ruff ok\n")
    result = run("ops.summary", str(tmp_path))
    assert result.returncode == 0
    assert result.stdout.splitlines()[-3:] == [
        "  browser: 2 passed, 0 failed, 1 skipped", "Steps (not tests): ruff ok", "6 passed, 0 failed"]


def test_a_runner_that_wrote_no_report_fails(tmp_path: Path) -> None:
    (tmp_path / "runners.txt").write_text("python-sqlite 2\n")
    result = run("ops.summary", str(tmp_path))
    assert result.returncode == 1
    assert result.stdout.splitlines()[1:] == [
        "  python-sqlite: FAILED, its runner exited 2 and wrote no report",
        "Steps (not tests): none",
        "0 passed, 1 failed",
    ]


def test_an_expected_suite_or_step_that_never_reported_fails(tmp_path: Path) -> None:
    """A lane that dies early leaves its later suites and steps without a line: expected, they fail the run."""
    junit(tmp_path / "python-sqlite.xml", 2)
    (tmp_path / "runners.txt").write_text("python-sqlite 0\n")
    (tmp_path / "steps.txt").write_text("ruff ok\n")
    result = run("ops.summary", str(tmp_path), "--expect", "python-sqlite,schemathesis,browser",
                 "--expect-steps", "ruff,web-build")
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        "Suites (tests):",
        "  python-sqlite: 2 passed, 0 failed, 0 skipped",
        "  schemathesis: FAILED, never ran (its lane ended before it)",
        "  browser: FAILED, never ran (its lane ended before it)",
        "Steps (not tests): ruff ok, web-build never ran",
        "2 passed, 3 failed",
    ]


def test_the_closing_line_counts_generated_tests_apart_from_those_written_by_hand(tmp_path: Path) -> None:
    fuzz = "tests.test_openapi_fuzz"
    cases = [f"<testcase classname='{fuzz}' name='test_core_api_document[GET /a]'/>",
             f"<testcase classname='{fuzz}' name='test_bff_document[GET /b]'/>",
             f"<testcase classname='{fuzz}' name='test_hostile_values_are_refused_not_crashed[nul GET /a]'/>",
             f"<testcase classname='{fuzz}' name='test_the_crash_check_can_fail'/>",
             "<testcase classname='tests.test_signin' name='test_core_api_document'/>"]
    (tmp_path / "schemathesis.xml").write_text(f"<testsuites><testsuite>{''.join(cases)}</testsuite></testsuites>")
    (tmp_path / "schemathesis.cases").write_text("1234")
    (tmp_path / "runners.txt").write_text("schemathesis 0\n")
    result = run("ops.summary", str(tmp_path), "--expect", "schemathesis")
    assert result.returncode == 0
    assert result.stdout.splitlines()[1] == (
        "  schemathesis: 5 passed, 0 failed, 0 skipped; 3 of them generated from the OpenAPI documents, sending 1234 "
        "generated requests (schemathesis over both OpenAPI documents, ten valid and invalid examples an operation, "
        "on PostgreSQL)")
    assert result.stdout.splitlines()[-1] == (
        "5 passed, 0 failed (3 tests generated from the OpenAPI documents, which sent 1234 generated requests; "
        "2 written by hand)")


def test_each_failed_test_is_named_with_its_message_under_its_suite(tmp_path: Path) -> None:
    """CI keeps only the log's tail: the summary at its end names what failed, so a flaky spec can be found."""
    cases = ["<testcase classname='order-flow.spec.ts' name='an order reaches staff live'>"
             "<failure message='expect(locator).toBeVisible() failed&#10;Locator: getByText(&quot;待发货&quot;)'/>"
             "</testcase>",
             "<testcase classname='auth.spec.ts' name='a lockout'><error>Timeout 30000ms exceeded.</error></testcase>"]
    cases += [f"<testcase classname='x.spec.ts' name='t{i}'><failure/></testcase>" for i in range(5)]
    cases += ["<testcase classname='ok.spec.ts' name='passes'/>"]
    (tmp_path / "browser-postgres.xml").write_text(f"<testsuites><testsuite>{''.join(cases)}</testsuite></testsuites>")
    (tmp_path / "runners.txt").write_text("browser-postgres 1\n")
    result = run("ops.summary", str(tmp_path))
    assert result.returncode == 1
    assert result.stdout.splitlines()[2:8] == [
        "    failed: order-flow.spec.ts › an order reaches staff live: expect(locator).toBeVisible() failed",
        "    failed: auth.spec.ts › a lockout: Timeout 30000ms exceeded.",
        "    failed: x.spec.ts › t0",
        "    failed: x.spec.ts › t1",
        "    failed: x.spec.ts › t2",
        "    and 2 more failed (in browser-postgres.xml)",
    ]
    assert result.stdout.splitlines()[-1] == "1 passed, 7 failed"
