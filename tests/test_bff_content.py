"""The content screens through the BFF against a real core: the category levels (the tree and the frames in one
call)."""

from __future__ import annotations

from tests.conftest import Caller, bearer, token_for
from tests.test_bff import start_bff
from tests.test_consumer_screens import operator
from tests.test_content_rich_text import create


async def test_the_category_levels_screen(aiohttp_client, start_app, make_settings):
    settings = make_settings()
    client = await start_app(settings)
    admin = Caller(client, await token_for(client))
    bff = await start_bff(aiohttp_client, client, settings)
    edit = "/admin/category/edit"
    frame = (await admin.post(edit, json={"kind": "frame", "name": "总部", "sort": 1}))["data"]["id"]
    assert (await admin.post(edit, json={"kind": "organisation", "name": "华南分部", "sort": 2,
                                         "parentId": frame}))["code"] == 200
    assert (await admin.post(edit, json={"kind": "plain", "name": "新闻资讯", "sort": 3}))["code"] == 200

    async def screen(token: str = admin.token, **params: str) -> dict:
        return await (await bff.get("/bff/screens/content/category-levels", params=params,
                                    headers=bearer(token))).json()

    two = (await screen())["data"]
    assert [(r["name"], [c["name"] for c in r["children"]]) for r in two["tree"]] == [
        ("总部", ["华南分部"]), ("新闻资讯", [])]
    assert [(f["id"], f["kind"], f["level"]) for f in two["frames"]] == [(frame, "frame", 1)]
    one = (await screen(depth="1"))["data"]
    assert [r["name"] for r in one["tree"]] == ["总部", "新闻资讯"] and "children" not in one["tree"][0]
    assert (await screen(depth="3"))["code"] == 500
    clerk = await operator(admin, "catclerk", ("content:richText:edit",))
    assert await screen(clerk.token) == {"code": 403, "msg": "当前操作没有权限"}


async def test_the_rich_text_and_agreement_screens(aiohttp_client, start_app, make_settings):
    settings = make_settings()
    client = await start_app(settings)
    admin = Caller(client, await token_for(client))
    bff = await start_bff(aiohttp_client, client, settings)

    async def screen(path: str, token: str = admin.token, **params: str) -> dict:
        return await (await bff.get(f"/bff/screens/content/{path}", params=params, headers=bearer(token))).json()

    record_id = await create(admin)
    saved = await admin.post("/admin/common_rich_text/updata_text",
                             json={"id": record_id, "content": "<p>第二版</p>", "version": 1})
    assert saved["data"] == {"id": record_id, "version": 2, "changed": True}
    page = (await screen("rich-text", id=str(record_id)))["data"]
    assert (page["title"], page["content"], page["version"], page["updateBy"]) == ("关于我们", "<p>第二版</p>", 2,
                                                                                  "admin")
    assert [(v["version"], v["savedBy"]) for v in page["versions"]] == [(1, "admin")]
    assert (await screen("rich-text", id="999999"))["code"] == 404
    assert (await screen("rich-text", id="x"))["code"] == 500
    # the agreement before its first save: an empty version 0
    agreement = (await screen("agreement"))["data"]
    assert (agreement["id"], agreement["title"], agreement["version"], agreement["versions"]) == (
        None, "用户协议", 0, [])
    clerk = await operator(admin, "rtclerk", ("content:category:list",))
    assert await screen("agreement", clerk.token) == {"code": 403, "msg": "当前操作没有权限"}
