"""Migrations match the models; the checked-in OpenAPI documents and web types are current."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tortoise.migrations.autodetector import MigrationAutodetector

from bff.app import OPENAPI_PATH as BFF_OPENAPI
from bff.app import openapi_document as bff_openapi
from core_api.app import openapi_document as core_openapi
from core_api.model_index import model_modules
from core_api.platform.settings import ROOT
from tests.conftest import bearer, code_only, login


async def test_migrations_cover_every_model(client):
    """The seeded test database was built by the migrations alone; the autodetector finds nothing
    left to migrate, and every model's columns exist."""
    from tortoise import Tortoise, connections

    apps = Tortoise.apps
    config = {"models": {"models": model_modules(), "default_connection": "default",
                         "migrations": "core_api.migrations"}}
    writers = await MigrationAutodetector(apps, config).changes()
    assert writers == [], "models changed without a migration: run tortoise makemigrations"
    conn = connections.get("default")
    for model in apps["models"].values():
        columns = ", ".join(f'"{f}"' for f in model._meta.fields_db_projection.values())
        await conn.execute_query(f'SELECT {columns} FROM "{model._meta.db_table}" LIMIT 0')  # noqa: S608


@code_only
def test_core_openapi_is_current():
    checked_in = json.loads((ROOT / "core_api" / "openapi.json").read_text())
    assert checked_in == json.loads(json.dumps(core_openapi())), "run: python -m core_api openapi"


@code_only
def test_bff_openapi_is_current():
    assert json.loads(BFF_OPENAPI.read_text()) == json.loads(json.dumps(bff_openapi())), "run: python -m bff openapi"


@code_only
def test_web_types_are_generated_from_the_bff_document(tmp_path: Path):
    tool = ROOT / "node_modules" / ".bin" / "openapi-typescript"
    assert tool.exists(), "npm ci first"
    out = tmp_path / "bff-types.ts"
    subprocess.run([str(tool), str(BFF_OPENAPI), "-o", str(out), "--default-non-nullable", "false"],
                   check=True, cwd=ROOT / "web", capture_output=True)
    assert out.read_text() == (ROOT / "web" / "lib" / "api" / "bff-types.ts").read_text(), (
        "run: npm run -w web gen:types")


async def test_openapi_and_swagger_are_served(client):
    doc = await (await client.get("/openapi.json")).json()
    assert doc["openapi"] == "3.1.0" and "/getInfo" in doc["paths"]
    assert doc["paths"]["/login"]["post"]["security"] == []
    page = await client.get("/docs")  # open in development
    assert page.status == 200 and "swagger-ui-bundle.js" in await page.text()
    assert (await client.get("/docs/assets/swagger-ui-bundle.js")).status == 200
    bff = await (await client.get("/docs/bff.json")).json()
    assert "/bff/screens/session" in bff["paths"]


async def test_docs_in_production_open_with_a_ticket_and_try_it_out(start_app, make_settings):
    from core_api.platform.state import KV
    from tests.conftest import Caller

    async def signed_in(username: str) -> Caller:  # production keeps the captcha on
        ident = (await (await client.get("/captchaImage")).json())["uuid"]
        answer = await client.app[KV].get(f"captcha:{ident}")
        return Caller(client, (await login(client, username, code=answer, uuid=ident))["token"])

    client = await start_app(make_settings(env="production", captcha_enabled=None))
    assert (await (await client.get("/openapi.json")).json())["code"] == 403
    assert (await client.get("/docs/")).status == 403
    admin = await signed_in("admin")
    assert (await (await client.get("/openapi.json", headers=bearer(admin.token))).json())["openapi"] == "3.1.0"
    ticket = (await admin.post("/tool/swagger/ticket"))["data"]
    opened = await client.get(ticket["url"], allow_redirects=False)
    assert opened.status == 302 and "console_docs=" in opened.headers["Set-Cookie"]
    assert (await client.get(ticket["url"], allow_redirects=False)).status == 403  # once only
    assert (await client.get("/docs/")).status == 200
    assert (await (await client.get("/docs/openapi.json")).json())["openapi"] == "3.1.0"
    # "Try it out": the cookie counts only with the docs header.
    tried = await (await client.get("/getInfo", headers={"X-Docs-Request": "1"})).json()
    assert tried["code"] == 200 and tried["user"]["userName"] == "admin"
    assert (await (await client.get("/getInfo")).json())["code"] == 401
    # Signing out ends what the page can do.
    await admin.post("/logout")
    assert (await (await client.get("/getInfo", headers={"X-Docs-Request": "1"})).json())["code"] == 401
    assert (await client.get("/docs/")).status == 403  # the page's cookie ended with the session
    ry = await signed_in("ry")
    assert (await ry.post("/tool/swagger/ticket"))["code"] == 403


def test_a_failed_migration_exits_with_its_error(tmp_path: Path):
    """A database the migrations cannot apply to (a table of that name already there) makes `migrate` exit
    non-zero with the database's message, at once: it used to hang on the connection it left open."""
    import os
    import sqlite3
    import sys

    broken = tmp_path / "broken.db"
    with sqlite3.connect(broken) as conn:
        conn.execute("CREATE TABLE sys_dept (x INT)")
    env = {**os.environ, "CONSOLE_DATABASE_URL": f"sqlite://{broken}", "CONSOLE_VAR_DIR": str(tmp_path / "var")}
    done = subprocess.run([sys.executable, "-m", "core_api", "migrate"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 1 and 'table "sys_dept" already exists' in done.stderr


def test_migrations_skip_only_copies_their_operations_never_read():
    """core_api.platform.migration applies the operations of NEEDS_NO_COPY on the live state, without Tortoise's
    copy of the state before them: that holds only while their database step never reads the state before (and
    RunPython's state step changes nothing). A Tortoise upgrade that breaks this fails here, before it builds a
    different schema; every migration uses the base (a new one written by makemigrations names Tortoise's)."""
    import importlib
    import inspect

    from tortoise.migrations import operations as ops

    from core_api.platform import migration

    for operation in migration.NEEDS_NO_COPY:
        if operation is ops.RunPython:  # reads the state before, which its own state step leaves as it was
            assert inspect.getsource(operation.state_forward).rstrip().endswith("return None")
        else:
            assert "old_state." not in inspect.getsource(operation.database_forward), operation
    files = sorted((ROOT / "core_api" / "migrations").glob("0*.py"))
    assert len(files) >= 36
    for path in files:
        module = importlib.import_module(f"core_api.migrations.{path.stem}")
        assert issubclass(module.Migration, migration.Migration), path.name
