"""Schemathesis over both OpenAPI documents, against a real core API and a real BFF in front of it (separate
processes on this test's own database), signed in as admin.

Two rules for every answer: it never carries the catch-all ``{"code": 500, "msg": "系统内部错误…"}`` (a crash
behind the envelope) nor the net's "请求参数超出取值范围或格式不正确…" (a value the gate let through that the database
refused: the gate must name its field), and it matches its document (status code, content type, response schema).
Cases are derandomized (a fixed seed), so a run is repeatable. A second, deterministic pass sends every operation a
NUL in every string and 2^64 in every integer (random examples seldom do).

Two depths. By default (each Python suite): a few examples per operation. ``CONSOLE_FUZZ_DEEP=1`` (the
``schemathesis`` suite of ./ops/test, on PostgreSQL + RabbitMQ): schemathesis's coverage phase as well, the boundary
values of every field (the longest text a field takes, the largest integer, each enum value, one past each), and
more random examples; that is what found the 820 crashes of issue 26, which the few examples never met.
``CONSOLE_FUZZ_EXAMPLES`` and ``CONSOLE_FUZZ_PATHS`` (a path regex) tune a run by hand;
``CONSOLE_FUZZ_CASES_FILE`` names a file that receives the number of generated cases sent (./ops/test prints it).

Left out, because they would end the session the run depends on (each would only answer 401 afterwards):
sign-out (``POST /logout``, ``POST /bff/auth/logout``), the admin's own password (``updatePwd``, which ends
the caller's sessions) and password resets and status changes of users (``resetPwd``/``changeStatus`` may
hit user 1, the caller: a reset ends its sessions and a status change disables it).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import orjson
import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, Phase, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from core_api.platform.settings import ROOT
from tests.conftest import BACKEND, PASSWORD, PG_ADMIN_URL, pg_url

DEEP = os.environ.get("CONSOLE_FUZZ_DEEP", "") == "1"
MAX_EXAMPLES = int(os.environ.get("CONSOLE_FUZZ_EXAMPLES", "10" if DEEP else "3"))
CASES_FILE = os.environ.get("CONSOLE_FUZZ_CASES_FILE", "")
ONLY = os.environ.get("CONSOLE_FUZZ_PATHS", "")  # a regular expression: fuzz only the paths it matches
SESSION_ENDING = [  # (method, path) left out: see the module's docstring
    ("POST", "/logout"),
    ("POST", "/bff/auth/logout"),
    ("PUT", "/system/user/profile/updatePwd"),
    ("PUT", "/system/user/resetPwd"),
    ("PUT", "/system/user/changeStatus"),
]


CRASH_TEXTS = ("系统内部错误", "请求参数超出取值范围或格式不正确")  # the catch-all, and the net behind the gate
SENT = {"cases": 0}


def crash_text(headers: dict[str, list[str]], body: bytes) -> str | None:
    """The envelope's catch-all message an answer carries, or None. Schemathesis keeps header names lowercased."""
    if "json" not in (headers.get("content-type") or [""])[0]:
        return None
    try:
        answer = orjson.loads(body)
    except orjson.JSONDecodeError:
        return None
    msg = str(answer.get("msg", "")) if isinstance(answer, dict) else ""
    return msg if answer.get("code") == 500 and msg.startswith(CRASH_TEXTS) else None  # type: ignore[union-attr]


@schemathesis.check
def no_internal_error(ctx, response, case) -> None:
    """A crash behind the envelope, whatever the HTTP status says."""
    SENT["cases"] += 1
    if (msg := crash_text(response.headers, response.content)) is not None:
        raise AssertionError(f"{case.method} {case.formatted_path} crashed: {msg}")


def test_the_crash_check_can_fail():
    """The check reads the answers schemathesis hands it: it once looked up "Content-Type" in headers kept
    lowercased, never saw JSON and passed every crash (issue 26)."""
    json_headers = {"content-type": ["application/json; charset=utf-8"]}
    crash = '{"code":500,"msg":"系统内部错误，请联系管理员（请求编号 ab12）"}'.encode()
    net = '{"code":500,"msg":"请求参数超出取值范围或格式不正确（请求编号 ab12）"}'.encode()
    assert crash_text(json_headers, crash) is not None and crash_text(json_headers, net) is not None
    assert crash_text(json_headers, '{"code":500,"msg":"上架的取值不正确"}'.encode()) is None
    assert crash_text({"content-type": ["text/plain"]}, crash) is None


@pytest.fixture(scope="module", autouse=True)
def count_cases() -> Iterator[None]:
    yield
    if CASES_FILE:
        Path(CASES_FILE).write_text(str(SENT["cases"]))


CHECKS = [not_a_server_error, no_internal_error, status_code_conformance, content_type_conformance,
          response_schema_conformance]


def free_ports(n: int) -> list[int]:
    """``n`` distinct free ports: the sockets are held together, since a port closed may be handed out again
    (the core and the BFF once got the same one, and the BFF's health check was answered by the core)."""
    sockets = [socket.socket() for _ in range(n)]
    try:
        for s in sockets:
            s.bind(("127.0.0.1", 0))
        return [s.getsockname()[1] for s in sockets]
    finally:
        for s in sockets:
            s.close()


def start(command: list[str], port: int, env: dict[str, str], health: str, log: Path) -> subprocess.Popen:
    module = command[0]
    proc = subprocess.Popen([sys.executable, "-m", *command, "--port", str(port)], env=env,
                            stdout=log.open("wb"), stderr=subprocess.STDOUT)
    for _ in range(300):
        try:
            answer = requests.get(f"http://127.0.0.1:{port}{health}", timeout=1)
            if answer.status_code == 200 and answer.json().get("code", 200) == 200 and proc.poll() is None:
                return proc
        except requests.ConnectionError:
            pass
        if proc.poll() is not None:
            break
        time.sleep(0.1)
    proc.terminate()
    raise RuntimeError(f"{module} did not start: {log.read_text()[-2000:]}")


@pytest.fixture(scope="module")
def stack(template_db, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """A core API and a BFF, each a real process, on a copy of the seeded database; yields their URLs and
    the admin's bearer header."""
    base = tmp_path_factory.mktemp("fuzz")
    dbname = f"console_fuzz_{os.getpid()}_{uuid.uuid4().hex[:6]}"
    if BACKEND == "postgres":
        asyncio.run(_pg(f'CREATE DATABASE "{dbname}" TEMPLATE "{template_db}"'))
        url = pg_url(dbname)
    else:
        shutil.copy(template_db, base / "console.sqlite3")
        url = f"sqlite://{base / 'console.sqlite3'}"
    core_port, bff_port = free_ports(2)
    env = {**os.environ, "CONSOLE_DATABASE_URL": url, "CONSOLE_VAR_DIR": str(base / "var"),
           "CONSOLE_SECRET_KEY": "fuzz-secret-" + "x" * 40, "CONSOLE_CAPTCHA_ENABLED": "false",
           "CONSOLE_LOGIN_IP_LIMIT": "100000", "CONSOLE_AMQP_URL": "", "CONSOLE_REDIS_URL": "",
           "CONSOLE_CORE_URL": f"http://127.0.0.1:{core_port}"}
    # without a broker the API process runs the worker handlers itself: `python -m workers api`
    procs = [start(["workers", "api"], core_port, env, "/health", base / "core.log")]
    try:
        procs.append(start(["bff", "serve"], bff_port, env, "/bff/health", base / "bff.log"))
        login = requests.post(f"http://127.0.0.1:{core_port}/login",
                              json={"username": "admin", "password": PASSWORD}, timeout=10).json()
        yield {"core": f"http://127.0.0.1:{core_port}", "bff": f"http://127.0.0.1:{bff_port}",
               "token": login["token"]}
    finally:
        for proc in procs:
            proc.terminate()
            proc.wait(10)
        if BACKEND == "postgres":
            asyncio.run(_pg(f'DROP DATABASE IF EXISTS "{dbname}" WITH (FORCE)'))


async def _pg(sql: str) -> None:
    conn = await asyncpg.connect(PG_ADMIN_URL)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


def load(path: Path) -> schemathesis.BaseSchema:
    schema = schemathesis.openapi.from_path(path)
    # Valid and invalid data for every operation; the coverage phase (boundary values of every field, ~10x
    # slower) runs when CONSOLE_FUZZ_COVERAGE=1.
    schema.config.generation.update(modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE], deterministic=True)
    schema.config.phases.coverage.enabled = DEEP
    if ONLY:
        schema = schema.include(path_regex=ONLY)
    for method, path_ in SESSION_ENDING:
        schema = schema.exclude(method=method, path=path_)
    return schema


# The committed documents drive the cases (pytest collects one test per operation from them); the first test
# proves that the running apps serve exactly these documents.
CORE_DOCUMENT = ROOT / "core_api" / "openapi.json"
BFF_DOCUMENT = ROOT / "bff" / "openapi.json"
core = load(CORE_DOCUMENT)
bff = load(BFF_DOCUMENT)


def test_the_running_apps_serve_the_fuzzed_documents(stack):
    assert requests.get(f"{stack['core']}/openapi.json", timeout=10).json() == orjson.loads(CORE_DOCUMENT.read_bytes())
    served = requests.get(f"{stack['bff']}/bff/openapi.json", timeout=10).json()
    assert served == orjson.loads(BFF_DOCUMENT.read_bytes())


def test_a_long_query_is_read_whole_and_answered_in_the_envelope(stack):
    """A query the contract accepts may be longer than aiohttp's 8 KB request line: a 2,000-character Chinese
    feedback (18 KB percent-encoded) was refused with the server's plain-text 400 (the processes' max_line_size)."""
    headers = {"Authorization": f"Bearer {stack['token']}"}
    answer = requests.get(f"{stack['core']}/admin/CommonFeedback/idea_submit", headers=headers, timeout=30,
                          params={"uid": "99999999", "content": "汉" * 2000})
    assert answer.json() == {"code": 500, "msg": "用户UID：用户 99999999 不存在",
                             "fields": {"uid": "用户UID：用户 99999999 不存在"}}  # read whole, then refused
    answer = requests.get(f"{stack['bff']}/bff/api/admin/CommonFeedback/idea_submit", headers=headers, timeout=30,
                          params={"uid": "99999999", "content": "汉" * 2000})
    assert answer.headers["Content-Type"].startswith("application/json"), answer.text[:200]


FUZZ = settings(max_examples=MAX_EXAMPLES, phases=[Phase.explicit, Phase.generate], derandomize=True,
                deadline=None, database=None, suppress_health_check=list(HealthCheck))


@core.parametrize()
@FUZZ
def test_core_api_document(case, stack):
    case.call_and_validate(base_url=stack["core"], headers={"Authorization": f"Bearer {stack['token']}"},
                           checks=CHECKS, timeout=30)


@bff.parametrize()
@FUZZ
def test_bff_document(case, stack):
    case.call_and_validate(base_url=stack["bff"], headers={"Authorization": f"Bearer {stack['token']}"},
                           checks=CHECKS, timeout=30)


# ---- hostile values: every operation once, every value at once ------------------------------------------------
# Random examples seldom hold a NUL byte or an integer beyond 2^63 in the one field that reaches the database;
# this pass sends exactly those to every operation: once a NUL in every string of its path, query and body
# (integers 1), once 2^64 in every integer (strings plain).
NUL_TEXT = "a\x00b"
HUGE = 2**64
PASSES = {"nul": (NUL_TEXT, 1), "huge": ("a", HUGE)}


def hostile(node: dict, document: dict, values: tuple[str, int], depth: int = 0) -> object:
    if "$ref" in node:
        node = document["components"]["schemas"][node["$ref"].rsplit("/", 1)[-1]]
    for key in ("anyOf", "oneOf", "allOf"):
        if key in node:
            options = [o for o in node[key] if o.get("type") != "null"] or node[key]
            return hostile(options[0], document, values, depth)
    text, number = values
    kind = node.get("type")
    if kind == "integer" or kind == "number":
        return number
    if kind == "array":
        return [hostile(node.get("items", {}), document, values, depth + 1)] if depth < 4 else []
    if kind == "object" or "properties" in node:
        if depth >= 4:
            return {}
        return {name: hostile(prop, document, values, depth + 1) for name, prop in node.get("properties", {}).items()}
    return text


def hostile_cases() -> list:
    cases = []
    for name, path in (("core", CORE_DOCUMENT), ("bff", BFF_DOCUMENT)):
        document = orjson.loads(path.read_bytes())
        for route, operations in document["paths"].items():
            for method, op in operations.items():
                if (method.upper(), route) in SESSION_ENDING:
                    continue
                for kind, values in PASSES.items():
                    cases.append(pytest.param(name, document, method.upper(), route, op, values,
                                              id=f"{kind} {method.upper()} {route}"))
    return cases


@pytest.mark.parametrize(("app", "document", "method", "route", "op", "values"), hostile_cases())
def test_hostile_values_are_refused_not_crashed(stack, app, document, method, route, op, values):
    path, query = route, {}
    for param in op.get("parameters", []):
        value = hostile(param["schema"], document, values)
        if param["in"] == "path":
            path = path.replace("{" + param["name"] + "}", requests.utils.quote(str(value), safe=""))
        else:
            query[param["name"]] = str(value)
    body = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
    SENT["cases"] += 1
    response = requests.request(method, stack[app] + path, params=query, timeout=30,
                                json=hostile(body, document, values) if body else None,
                                headers={"Authorization": f"Bearer {stack['token']}"}, allow_redirects=False)
    assert response.status_code < 500, (method, route, response.status_code)
    headers = {name.lower(): [value] for name, value in response.headers.items()}
    assert crash_text(headers, response.content) is None, (method, route, response.text)
