"""The generated code runs: generate for a table with every control type, drop the code into a
temporary copy of the repository, and check lint, types, and the generated tests there."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from tortoise import connections

from core_api.settings import ROOT
from core_api.tools.gen.models import GenTable
from tests.conftest import BACKEND, OK

CONTROLS = {"title": "input", "summary": "textarea", "category": "select", "status": "radio", "tags": "checkbox",
            "publish_time": "datetime", "cover_image": "imageUpload", "attachment": "fileUpload", "content": "editor"}

pytestmark = pytest.mark.skipif(BACKEND != "sqlite", reason="one run is enough: the copy tests itself on SQLite")


def copy_repository(target: Path) -> None:
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout.splitlines()
    for rel in listed:
        if rel.startswith(("web/", "e2e/")) or not (ROOT / rel).is_file():
            continue
        dest = target / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes((ROOT / rel).read_bytes())


def run(cmd: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CONSOLE_TEST_BACKEND": "sqlite", "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, env=env, timeout=600)


async def test_generated_code_passes_lint_types_and_its_own_tests(admin, tmp_path):
    conn = connections.get("default")
    await conn.execute_script(
        "CREATE TABLE shop_sample (sample_id INTEGER PRIMARY KEY, title VARCHAR(100) NOT NULL, summary VARCHAR(1000), "
        "category CHAR(1), status CHAR(1), tags VARCHAR(200), publish_time TIMESTAMP, cover_image VARCHAR(255), "
        "attachment VARCHAR(255), content TEXT, price NUMERIC(10, 2), stock INTEGER, on_sale BOOLEAN, "
        "publish_date DATE, create_time TIMESTAMP)")
    assert await admin.post("/tool/gen/importTable", params={"tables": "shop_sample"}) == OK
    gen = await GenTable.get(table_name="shop_sample")
    detail = (await admin.get(f"/tool/gen/{gen.table_id}"))["data"]
    columns = []
    for col in detail["rows"]:
        html = CONTROLS.get(col["columnName"], col["htmlType"])
        dict_type = {"category": "sys_user_sex", "status": "sys_normal_disable", "tags": "sys_yes_no"}.get(
            col["columnName"], col["dictType"])
        columns.append({**col, "htmlType": html, "dictType": dict_type,
                        "isQuery": col["columnName"] in ("title", "status", "publish_time", "stock")})
    info = detail["info"]
    body = {k: info[k] for k in ("tableId", "tableComment", "className", "tplCategory", "moduleName", "businessName",
                                 "functionName", "functionAuthor", "remark")}
    assert await admin.put("/tool/gen", json={**body, "functionName": "样例商品", "columns": columns}) == OK
    archive = await admin.get("/tool/gen/genCode/shop_sample")
    files = zipfile.ZipFile(io.BytesIO(await archive.read()))
    repo = tmp_path / "repo"
    copy_repository(repo)
    files.extractall(repo)
    python_files = [n for n in files.namelist() if n.endswith(".py")]

    lint = run([str(ROOT / ".venv" / "bin" / "ruff"), "check", "--no-cache", *python_files], repo)
    assert lint.returncode == 0, lint.stdout + lint.stderr
    typed = [n for n in python_files if not n.startswith(("tests/", "core_api/migrations/"))]
    types = run([sys.executable, "-m", "mypy", "--follow-imports=silent", "--ignore-missing-imports",
                 "--no-incremental", *typed], repo)
    assert types.returncode == 0, types.stdout + types.stderr
    tests = run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_gen_shop_sample.py"], repo)
    assert tests.returncode == 0, tests.stdout[-4000:] + tests.stderr[-2000:]
    assert "3 passed" in tests.stdout
