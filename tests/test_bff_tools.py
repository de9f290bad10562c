"""The BFF's developer-tool calls against a real core API: the code generator's list, import dialog and
edit page, the form designer's saved forms, and the API documentation passed through same-origin."""

from __future__ import annotations

import io
import zipfile

from tortoise import connections

from core_api.tools.gen.models import GenTable
from tests.conftest import BACKEND, bearer
from tests.test_bff import bff_login, start_bff


async def bff_for(aiohttp_client, start_app, make_settings, **overrides):
    settings = make_settings(**overrides)
    core = await start_app(settings)
    bff = await start_bff(aiohttp_client, core, settings)
    if overrides.get("env") == "production":  # production keeps the captcha on: answer it
        return bff, await captcha_login(bff, core)
    return bff, (await bff_login(bff))["data"]["token"]


async def captcha_login(bff, core, username: str = "admin") -> str:
    """Signs in through the BFF answering the captcha from the store, as production requires."""
    from core_api.platform.state import KV
    from tests.conftest import PASSWORD

    ident = (await (await bff.get("/bff/auth/captcha")).json())["data"]["uuid"]
    answer = await core.app[KV].get(f"captcha:{ident}")
    body = {"username": username, "password": PASSWORD, "code": answer, "uuid": ident}
    return (await (await bff.post("/bff/auth/login", json=body)).json())["data"]["token"]


async def test_code_generator_screens(aiohttp_client, start_app, make_settings):
    bff, token = await bff_for(aiohttp_client, start_app, make_settings)
    auth = bearer(token)
    await connections.get("default").execute_script(
        "CREATE TABLE shop_coupon (coupon_id INTEGER PRIMARY KEY, coupon_name VARCHAR(60) NOT NULL, "
        "status CHAR(1), create_time TIMESTAMP)")
    dialog = await (await bff.get("/bff/screens/tool/gen/db", params={"tableName": "shop_"}, headers=auth)).json()
    # the product's own tables are marked managed, those no model declares too (PostgreSQL's order tallies)
    assert [r["tableName"] for r in dialog["data"]["rows"] if not r["managed"]] == ["shop_coupon"]
    tallies = await (await bff.get("/bff/screens/tool/gen/db", params={"tableName": "_by_"}, headers=auth)).json()
    assert all(r["managed"] for r in tallies["data"]["rows"])
    assert len(tallies["data"]["rows"]) == (2 if BACKEND == "postgres" else 0)
    managed = await (await bff.get("/bff/screens/tool/gen/db", params={"tableName": "sys_user"}, headers=auth)).json()
    assert managed["data"]["rows"] and all(r["managed"] for r in managed["data"]["rows"])

    imported = await (await bff.post("/bff/api/tool/gen/importTable", params={"tables": "shop_coupon"},
                                     headers=auth)).json()
    assert imported["code"] == 200
    listed = await (await bff.get("/bff/screens/tool/gen", params={"tableName": "coupon"}, headers=auth)).json()
    assert [r["tableName"] for r in listed["data"]["page"]["rows"]] == ["shop_coupon"]
    gone = await (await bff.get("/bff/screens/tool/gen/db", params={"tableName": "shop_"}, headers=auth)).json()
    assert [r["tableName"] for r in gone["data"]["rows"] if not r["managed"]] == []

    table_id = (await GenTable.get(table_name="shop_coupon")).table_id
    edit = (await (await bff.get(f"/bff/screens/tool/gen/{table_id}", headers=auth)).json())["data"]
    assert edit["info"]["className"] == "ShopCoupon"
    assert {c["columnName"] for c in edit["rows"]} == {"coupon_id", "coupon_name", "status", "create_time"}
    assert "sys_normal_disable" in {t["dictType"] for t in edit["dictTypes"]}
    root = edit["menus"][0]
    assert root["id"] == 0 and "系统管理" in {n["label"] for n in root["children"]}

    unknown = await (await bff.get("/bff/screens/tool/gen/987654", headers=auth)).json()
    assert unknown["code"] == 404
    assert (await (await bff.get(f"/bff/screens/tool/gen/{table_id}")).json())["code"] == 401

    # The zip download streams through the pass-through with the core's file name.
    zipped = await bff.get("/bff/api/tool/gen/batchGenCode", params={"tables": "shop_coupon"}, headers=auth)
    assert zipped.headers["Content-Type"] == "application/zip"
    assert "console-code.zip" in zipped.headers["Content-Disposition"]
    assert "web/features/generated/shop/coupon/view.tsx" in zipfile.ZipFile(
        io.BytesIO(await zipped.read())).namelist()


async def test_form_designer_screen_lists_saved_forms(aiohttp_client, start_app, make_settings):
    bff, token = await bff_for(aiohttp_client, start_app, make_settings)
    auth = bearer(token)
    form = {"formName": "报名表", "fields": [{"type": "input", "name": "name", "label": "姓名"}]}
    saved = await (await bff.post("/bff/api/tool/build", json=form, headers=auth)).json()
    assert saved["code"] == 200
    screen = await (await bff.get("/bff/screens/tool/build", headers=auth)).json()
    assert [r["formName"] for r in screen["data"]["forms"]["rows"]] == ["报名表"]


async def test_api_docs_pass_through_with_the_page_cookie(aiohttp_client, start_app, make_settings):
    bff, token = await bff_for(aiohttp_client, start_app, make_settings, env="production", captcha_enabled=None)
    auth = bearer(token)
    # Without the page's cookie the core refuses the pages (production).
    assert (await bff.get("/bff/pages/tool/docs/", headers=auth)).status == 403
    ticket = (await (await bff.post("/bff/api/tool/swagger/ticket", headers=auth)).json())["data"]["ticket"]
    opened = await bff.get("/bff/pages/tool/docs/open", params={"ticket": ticket}, headers=auth,
                           allow_redirects=False)
    assert opened.status == 302 and opened.headers["Location"] == "./"
    cookie = opened.cookies["console_docs"].value
    page_headers = {**auth, "Cookie": f"console_docs={cookie}; next-auth.session-token=secret"}
    page = await bff.get("/bff/pages/tool/docs/", headers=page_headers)
    assert page.status == 200 and "swagger-ui-bundle.js" in await page.text()
    doc = await (await bff.get("/bff/pages/tool/docs/openapi.json", headers=page_headers)).json()
    assert "/tool/gen/list" in doc["paths"]
    assert (await bff.get("/bff/pages/tool/docs/assets/swagger-ui.css", headers=page_headers)).status == 200

    # Try it out: the core answers as the operator of the cookie, only with the docs header.
    call_headers = {**page_headers, "X-Docs-Request": "1"}
    info = await (await bff.get("/bff/pages/tool/docs-call/getInfo", headers=call_headers)).json()
    assert info["code"] == 200 and info["user"]["userName"] == "admin"
    without_header = await (await bff.get("/bff/pages/tool/docs-call/getInfo", headers=page_headers)).json()
    assert without_header["code"] == 404
    bff.session.cookie_jar.clear()  # from here on only the cookies given by hand travel
    no_cookie = await (await bff.get("/bff/pages/tool/docs-call/getInfo",
                                     headers={**auth, "X-Docs-Request": "1"})).json()
    assert no_cookie["code"] == 401  # the console token is never passed on
    for bad in ("docs-call/docs/open", "docs-call/system%2F..%2F..%2Fhealth", "docs/..%2F..%2Fhealth"):
        answer = await bff.get(f"/bff/pages/tool/{bad}", headers=call_headers)
        assert (await answer.json())["code"] == 404, bad
    assert (await (await bff.get("/bff/pages/tool/docs/", headers={"Cookie": f"console_docs={cookie}"})).json())[
        "code"] == 401
