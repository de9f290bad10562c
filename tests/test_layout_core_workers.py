"""The dependency between core_api and workers goes one way: workers use core_api, core_api never imports
workers (the in-process bus gets the worker handlers from whoever starts the API)."""

from __future__ import annotations

import ast
import os
import subprocess
import sys

from core_api.platform.settings import ROOT
from tests.conftest import code_only


def imported_modules(path) -> list[tuple[int, str]]:
    """Every module a file imports: import statements, and import_module/__import__ calls on a literal."""
    tree = ast.parse(path.read_text(), filename=str(path))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in ("import_module", "__import__") and isinstance(node.args[0].value, str):
                found.append((node.lineno, node.args[0].value))
    return found


@code_only
def test_core_api_never_imports_workers():
    offending = [f"{path.relative_to(ROOT)}:{line} imports {module}"
                 for path in sorted((ROOT / "core_api").rglob("*.py"))
                 for line, module in imported_modules(path)
                 if module == "workers" or module.startswith("workers.")]
    assert offending == []


def test_the_scan_sees_every_form_of_import(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("import workers\nfrom workers.handlers import x\nimport importlib\n"
                      "importlib.import_module('workers.handlers')\nfrom . import workers\n")
    assert imported_modules(sample) == [(1, "workers"), (2, "workers.handlers"), (3, "importlib"),
                                        (4, "workers.handlers")]


def test_the_api_without_a_broker_asks_for_the_worker_handlers(tmp_path):
    """`python -m core_api serve` cannot run the in-process bus's handlers itself: it says what to start."""
    env = {**os.environ, "CONSOLE_AMQP_URL": "", "CONSOLE_VAR_DIR": str(tmp_path),
           "CONSOLE_DATABASE_URL": f"sqlite://{tmp_path / 'db.sqlite3'}"}
    done = subprocess.run([sys.executable, "-m", "core_api", "serve", "--port", "1"], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "start it with `python -m workers api`" in done.stderr


async def test_workers_api_serves_the_core_with_the_worker_handlers(database_url, tmp_path):
    """The single-node form: `python -m workers api` registers the handlers, so a sign-in's login-log row
    (written by a worker handler from the bus) appears."""
    import aiohttp

    from tests.conftest import PASSWORD, eventually
    from tests.test_jobs_outbox import Api

    env = {**os.environ, "CONSOLE_AMQP_URL": "", "CONSOLE_VAR_DIR": str(tmp_path), "CONSOLE_DATABASE_URL": database_url,
           "CONSOLE_SECRET_KEY": "test-secret-" + "x" * 40, "CONSOLE_CAPTCHA_ENABLED": "false"}
    api = Api(env, 19000 + os.getpid() % 400, tmp_path / "api.log")
    try:
        async with aiohttp.ClientSession() as http:
            await eventually(lambda: api.up(http), timeout=60)
            token = (await api.call(http, "POST", "/login", json={"username": "admin", "password": PASSWORD}))[
                "token"]

            async def logged() -> bool:
                rows = (await api.call(http, "GET", "/monitor/logininfor/list", token,
                                       params={"userName": "admin"}))["rows"]
                return [(row["userName"], row["status"]) for row in rows] == [("admin", "0")]

            await eventually(logged, timeout=10)
    finally:
        api.stop()
