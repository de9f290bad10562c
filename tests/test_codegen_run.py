"""The generated code runs: generate for a table with every control type, a tree table and a
master-detail pair, drop the code into a temporary copy of the repository, and check lint, types, and
the generated tests there; the generated web screens are registered with their one documented line and
type-checked with the web's own tsc against the BFF's and the core's documents regenerated with the generated
code in them."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
from tortoise import connections

from core_api.platform.settings import ROOT
from core_api.tools.gen.models import GenTable
from tests.conftest import BACKEND, OK

CONTROLS = {"title": "input", "summary": "textarea", "category": "select", "status": "radio", "tags": "checkbox",
            "publish_time": "datetime", "cover_image": "imageUpload", "attachment": "fileUpload", "content": "editor"}

pytestmark = pytest.mark.skipif(BACKEND != "sqlite", reason="one run is enough: the copy tests itself on SQLite")


def copy_repository(target: Path, with_web: bool = False) -> None:
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout.splitlines()
    skipped = ("e2e/",) if with_web else ("web/", "e2e/")
    for rel in listed:
        if rel.startswith(skipped) or not (ROOT / rel).is_file():
            continue
        dest = target / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes((ROOT / rel).read_bytes())


def run(cmd: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CONSOLE_TEST_BACKEND": "sqlite", "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, env=env, timeout=600)


async def generate_sample(admin) -> zipfile.ZipFile:
    """Imports a sample table, sets every control type on it, and downloads its code."""
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


async def configure(admin, table: str, tpl: str, options: dict[str, str], query: tuple[str, ...] = (),
                    controls: dict[str, dict[str, str]] | None = None, **settings: Any) -> None:
    gen = await GenTable.get(table_name=table)
    detail = (await admin.get(f"/tool/gen/{gen.table_id}"))["data"]
    info = detail["info"]
    body = {k: info[k] for k in ("tableId", "tableComment", "className", "moduleName", "businessName",
                                 "functionName", "functionAuthor", "remark")}
    columns = [{**c, "isQuery": c["columnName"] in query} if query else c for c in detail["rows"]]
    columns = [{**c, **(controls or {}).get(c["columnName"], {})} for c in columns]
    saved = await admin.put("/tool/gen", json={**body, "tplCategory": tpl, "options": options, "columns": columns,
                                               **settings})
    assert saved == OK, saved


async def generate_tree_and_master_detail(admin) -> None:
    """A tree table (shop_category by parent_id) and a master-detail pair (shop_order with its
    shop_order_item rows by order_id)."""
    conn = connections.get("default")
    await conn.execute_script(
        "CREATE TABLE shop_category (category_id INTEGER PRIMARY KEY, parent_id INTEGER, "
        "category_name VARCHAR(50) NOT NULL, order_num INTEGER, status CHAR(1), create_time TIMESTAMP);"
        "CREATE TABLE shop_order (order_id INTEGER PRIMARY KEY, order_no VARCHAR(30) NOT NULL, status CHAR(1), "
        "order_time TIMESTAMP, create_time TIMESTAMP);"
        "CREATE TABLE shop_order_item (item_id INTEGER PRIMARY KEY, order_id INTEGER NOT NULL, "
        "product_name VARCHAR(50) NOT NULL, quantity INTEGER, price NUMERIC(10, 2), on_sale BOOLEAN, "
        "item_status CHAR(1), ship_time TIMESTAMP)")
    tables = "shop_category,shop_order,shop_order_item"
    assert await admin.post("/tool/gen/importTable", params={"tables": tables}) == OK
    await configure(admin, "shop_category", "tree", {"treeCode": "category_id", "treeParentCode": "parent_id",
                                                     "treeName": "category_name"},
                    query=("category_name", "status"),
                    # its code in a package of its own below core_api.generated, its dialog one field a row
                    packageName="core_api.generated.catalog", formColNum=1)
    # the detail rows pick a dictionary value and a time in their cells
    await configure(admin, "shop_order_item", "crud", {},
                    controls={"item_status": {"htmlType": "select", "dictType": "sys_yes_no"},
                              "ship_time": {"htmlType": "datetime"}})
    await configure(admin, "shop_order", "sub", {"subTableName": "shop_order_item", "subTableFkName": "order_id"},
                    query=("order_no", "order_time"))


async def generate_all(admin) -> zipfile.ZipFile:
    """The sample, the tree and the master (with its detail table) in one batch: one migration after another."""
    await generate_sample(admin)
    await generate_tree_and_master_detail(admin)
    archive = await admin.get("/tool/gen/batchGenCode", params={"tables": "shop_sample,shop_category,shop_order"})
    assert archive.status == 200
    return zipfile.ZipFile(io.BytesIO(await archive.read()))


async def test_generated_code_passes_lint_types_and_its_own_tests(admin, tmp_path):
    files = await generate_all(admin)
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
    # the tree table's package name groups its code one package below, where the app still finds it
    assert "core_api/generated/catalog/shop_category/routes.py" in files.namelist()
    assert "core_api/generated/catalog/__init__.py" in files.namelist()
    # both tables of the master-detail pair are in the zip: one model module, one migration
    models = files.read("core_api/generated/shop_order/models.py").decode()
    assert "class ShopOrder(Model)" in models and "class ShopOrderItem(Model)" in models
    migrations = [n for n in files.namelist() if n.startswith("core_api/migrations/")]
    assert len(migrations) == 3 and "'shop_order_item'" in files.read(sorted(migrations)[-1]).decode()
    generated_tests = [f"tests/test_gen_shop_{name}.py" for name in ("sample", "category", "order")]
    tests = run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *generated_tests], repo)
    assert tests.returncode == 0, tests.stdout[-4000:] + tests.stderr[-2000:]
    assert "9 passed" in tests.stdout


SCREENS = ("sample", "category", "order")
WEB_FILES = {f"web/features/generated/shop/{screen}/{name}" for screen in SCREENS
             for name in ("query.ts", "list.tsx", "view.tsx")}


async def test_generated_screen_type_checks_with_the_web(admin, tmp_path):
    files = await generate_all(admin)
    assert WEB_FILES <= set(files.namelist())
    # the detail rows' cells: a dictionary select and a time picker, the dictionary loaded by the screen
    order_list = files.read("web/features/generated/shop/order/list.tsx").decode()
    assert 'options("sys_yes_no")' in order_list and 'type={"datetime-local"}' in order_list
    assert "'sys_yes_no'" in files.read("bff/screens/gen_shop_order.py").decode()
    node_modules = ROOT / "node_modules"
    if not (node_modules / ".bin" / "tsc").exists() or not (ROOT / "web" / "node_modules").is_dir():
        # ./ops/test installs it; without it this check would silently not run
        pytest.fail("node_modules is not installed: run npm ci (./ops/test does)")
    repo = tmp_path / "repo"
    copy_repository(repo, with_web=True)
    files.extractall(repo)
    (repo / "node_modules").symlink_to(node_modules, target_is_directory=True)
    (repo / "web" / "node_modules").symlink_to(ROOT / "web" / "node_modules", target_is_directory=True)
    # The one line each generated view names registers the screen.
    for screen in SCREENS:
        view = (repo / f"web/features/generated/shop/{screen}/view.tsx").read_text(encoding="utf-8")
        line = re.search(r'export \{ view as \w+ \} from "\./shop/' + screen + r'/view";', view)
        assert line is not None, view[:600]
        with (repo / "web/features/generated/index.ts").open("a", encoding="utf-8") as index:
            index.write(line.group(0) + "\n")

    # The generated BFF screen goes into the BFF's document, and the web's types follow it.
    bff = run([sys.executable, "-m", "bff", "openapi"], repo)
    assert bff.returncode == 0, bff.stdout + bff.stderr
    bin_dir = node_modules / ".bin"
    types = run([str(bin_dir / "openapi-typescript"), "../bff/openapi.json", "-o", "lib/api/bff-types.ts",
                 "--default-non-nullable", "false"], repo / "web")
    assert types.returncode == 0, types.stdout + types.stderr
    assert '"ShopSampleScreen"' in (repo / "web/lib/api/bff-types.ts").read_text(encoding="utf-8")
    assert '"ShopCategoryScreen"' in (repo / "web/lib/api/bff-types.ts").read_text(encoding="utf-8")
    # The generated routes go into the core's document, and the typed client's paths follow them: the screen's
    # calls (core.GET/POST/PUT/DELETE) are checked against the generated routes' own paths and bodies.
    core = run([sys.executable, "-m", "core_api", "openapi"], repo)
    assert core.returncode == 0, core.stdout + core.stderr
    core_types = run([str(bin_dir / "openapi-typescript"), "../core_api/openapi.json", "-o", "lib/api/core-types.ts",
                      "--default-non-nullable", "false"], repo / "web")
    assert core_types.returncode == 0, core_types.stdout + core_types.stderr
    typed_paths = (repo / "web/lib/api/core-types.ts").read_text(encoding="utf-8")
    for path in ("/shop/sample/{id}", "/shop/sample/export", "/shop/category/{ids}", "/shop/order"):
        assert f'"{path}"' in typed_paths, path
    routes = run([str(bin_dir / "next"), "typegen"], repo / "web")
    assert routes.returncode == 0, routes.stdout + routes.stderr
    checked = run([str(bin_dir / "tsc"), "--noEmit", "--incremental", "false", "-p", "tsconfig.json"], repo / "web")
    assert checked.returncode == 0, checked.stdout[-6000:] + checked.stderr[-2000:]
