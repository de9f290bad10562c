"""Rich texts (issue 11 §3): the declaration's calls, sanitising on every way in, the info page and its save,
and the open read (on the shelf only, cached per node, invalidated by every write)."""

from __future__ import annotations

from core_api.content.rich_text.models import CommonRichText
from core_api.platform.models import ChangeLog
from tests.conftest import OK, Caller, Refused
from tests.test_escalation import make_role, make_user, sign_in

EVIL = ('<p onclick="x()">关于<script>alert(1)</script><img src="/a.png" onerror="alert(2)">'
        '<a href="javascript:alert(3)">链接</a></p>')


async def create(admin: Caller, **extra) -> int:
    answer = await admin.post("/admin/CommonRichText", json={"code": "about_us", "title": "关于我们",
                                                              "content": "<p>你好</p>", **extra})
    assert answer["code"] == 200, answer
    return answer["data"]["id"]


def clean(html: str) -> None:
    lowered = html.lower()
    for bad in ("<script", "onerror", "onclick", "javascript:"):
        assert bad not in lowered, html


async def test_script_and_handlers_never_survive(admin):
    record_id = await create(admin, content=EVIL)
    stored = (await CommonRichText.get(id=record_id)).content
    clean(stored)
    assert "关于" in stored and '<img src="/a.png">' in stored
    # after the create, the content changes only through the info page, as a new version
    assert await admin.put("/admin/CommonRichText", json={"id": record_id, "title": "关于", "content": EVIL}) == \
        Refused("不允许修改内容")
    assert await admin.put("/admin/CommonRichText", json={"id": record_id, "title": "关于"}) == OK
    saved = await admin.post("/admin/common_rich_text/updata_text",
                             json={"id": record_id, "content": EVIL + "<b>新</b>"})
    assert saved["code"] == 200 and saved["data"]["version"] == 2
    stored = (await CommonRichText.get(id=record_id)).content
    clean(stored)
    assert "<b>新</b>" in stored
    history = (await admin.get(f"/admin/CommonRichText/history/{record_id}"))["data"]
    assert [h["action"] for h in history] == ["update", "update", "create"] and history[0]["note"] == "编辑内容"
    page = await admin.get("/admin/common_rich_text/info_page", params={"code": "about_us"})
    assert page["data"]["id"] == record_id and "<b>新</b>" in page["data"]["content"]
    assert (await admin.get("/admin/common_rich_text/info_page", params={"id": str(record_id)}))["data"]["code"] == \
        "about_us"


async def test_open_read_shelf_cache_and_invalidation(admin, client):
    record_id = await create(admin)
    first = await client.get("/api/open/v1/rich_text", params={"code": "about_us"})
    assert first.headers["Cache-Control"] == "public, max-age=60"
    body = await first.json()
    assert body["code"] == 200 and body["data"]["content"] == "<p>你好</p>" and body["data"]["title"] == "关于我们"
    # a change through the info page shows at once
    saved = await admin.post("/admin/common_rich_text/updata_text", json={"id": record_id, "content": "<p>新</p>"})
    assert saved["code"] == 200 and saved["data"]["version"] == 2
    body = await (await client.get("/api/open/v1/rich_text", params={"id": str(record_id)})).json()
    assert body["data"]["content"] == "<p>新</p>"
    body = await (await client.get("/api/open/v1/rich_text", params={"code": "about_us"})).json()
    assert body["data"]["content"] == "<p>新</p>"
    # off the shelf: not there for the public
    assert (await admin.get(f"/admin/CommonRichText/shelf/{record_id}"))["data"] == {"shelf": "0"}
    gone = await (await client.get("/api/open/v1/rich_text", params={"code": "about_us"})).json()
    assert gone == {"code": 404, "msg": "访问资源不存在"}
    await admin.get(f"/admin/CommonRichText/shelf/{record_id}")
    assert (await (await client.get("/api/open/v1/rich_text", params={"code": "about_us"})).json())["code"] == 200
    assert (await (await client.get("/api/open/v1/rich_text", params={"code": "nope"})).json())["code"] == 404
    assert (await (await client.get("/api/open/v1/rich_text")).json()) == {"code": 500, "msg": "请提供编号或编码"}
    # the cache is per stamp: a direct database change is not seen until the next write through the console
    await CommonRichText.filter(id=record_id).update(title="直接改")
    body = await (await client.get("/api/open/v1/rich_text", params={"code": "about_us"})).json()
    assert body["data"]["title"] == "关于我们"
    assert await admin.put("/admin/CommonRichText", json={"id": record_id, "title": "再改"}) == OK
    body = await (await client.get("/api/open/v1/rich_text", params={"code": "about_us"})).json()
    assert body["data"]["title"] == "再改"


async def test_bad_input_changes_nothing(admin):
    record_id = await create(admin)
    for body, message in [
        ({"code": "about_us", "title": "重复"}, "该编码已存在"),
        ({"code": "关于 我们", "title": "x"}, "编码只能由字母"),
        ({"code": "x", "title": ""}, "标题长度不能少于1个字符"),
        ({"code": "x", "title": "t", "sort": -1}, "排序"),
        ({"code": "x", "title": "t", "shelf": "0"}, "不允许修改上架"),
    ]:
        answer = await admin.post("/admin/CommonRichText", json=body)
        assert answer["code"] == 500 and message in answer["msg"], (body, answer)
    assert await admin.put("/admin/CommonRichText", json={"id": record_id, "code": "other", "title": "t"}) == \
        Refused("不允许修改编码")
    assert (await admin.post("/admin/common_rich_text/updata_text", json={"id": 999999, "content": "x"}))["code"] == 404
    assert (await admin.post("/admin/common_rich_text/updata_text", json={"id": record_id}))["code"] == 500
    assert (await admin.get("/admin/common_rich_text/info_page", params={"id": "999999"}))["code"] == 404
    assert await CommonRichText.all().count() == 1
    row = await CommonRichText.get(id=record_id)
    assert (row.code, row.title, row.content) == ("about_us", "关于我们", "<p>你好</p>")
    assert await ChangeLog.filter(resource="CommonRichText").count() == 1


async def test_permissions(admin):
    record_id = await create(admin)
    role = await make_role(admin, "rt_viewer", ("content:richText:list", "content:richText:query"))
    await make_user(admin, "rtviewer", 103, [role.role_id])
    viewer = await sign_in(admin, "rtviewer")
    assert (await viewer.get("/admin/CommonRichText/list"))["total"] == 1
    assert (await viewer.get("/admin/common_rich_text/info_page", params={"code": "about_us"}))["code"] == 200
    for method, path, body in [
        ("POST", "/admin/CommonRichText", {"code": "x", "title": "t"}),
        ("PUT", "/admin/CommonRichText", {"id": record_id, "title": "t"}),
        ("POST", "/admin/common_rich_text/updata_text", {"id": record_id, "content": "<p>x</p>"}),
        ("GET", f"/admin/CommonRichText/shelf/{record_id}", None),
        ("DELETE", f"/admin/CommonRichText/{record_id}", None),
    ]:
        assert await viewer.request(method, path, json=body) == {"code": 403, "msg": "当前操作没有权限"}, path
    assert (await CommonRichText.get(id=record_id)).content == "<p>你好</p>"
