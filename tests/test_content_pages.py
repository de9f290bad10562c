"""Content pages (issue 11 §3): about us and the user agreement as versioned rich texts read publicly when on
the shelf, a rich text's versions and a save over a newer version, images from our upload store kept, the info
push through the add-message fan-out, and the feedback group / user / link sub-pages."""

from __future__ import annotations

import asyncio

from core_api.content.feedback.models import BannedSite
from core_api.content.message.models import CommonMessage, CommonMessageUser
from core_api.content.rich_text.models import CommonRichText, CommonRichTextVersion
from core_api.platform.models import ChangeLog
from tests.conftest import app_users, eventually
from tests.test_escalation import make_role, make_user, sign_in

ABOUT = "/admin/CommonConfig/config_aboutUs_page"
SAVE_ABOUT = "/admin/CommonConfig/edit_config_aboutUs_v2"
DENIED = {"code": 403, "msg": "当前操作没有权限"}


def about(content: str, version: int) -> dict:
    """The about-us page's whole object (a configuration page since issue 12)."""
    return {"content": content, "company": "", "phone": "", "email": "", "icp": "", "version": version}


async def test_about_us_grows_versions_and_is_read_publicly(admin, client):
    empty = await admin.get(ABOUT)
    assert empty["data"]["version"] == 0 and empty["data"]["content"] == ""
    assert (await (await client.get("/api/open/v1/rich_text", params={"code": "about_us"})).json())["code"] == 404
    first = await admin.post(SAVE_ABOUT, json=about("<p>第一版</p><script>x()</script>", 0))
    assert first["code"] == 200 and first["data"]["version"] == 1
    second = await admin.post(SAVE_ABOUT, json=about('<p>第二版<img src="/files/2026/11/a.png"></p>', 1))
    assert second["data"] == {"version": 2, "changed": True}
    same = await admin.post(SAVE_ABOUT, json=about('<p>第二版<img src="/files/2026/11/a.png"></p>', 2))
    assert same["data"] == {"version": 2, "changed": False}
    page = (await admin.get(ABOUT))["data"]
    assert page["version"] == 2 and page["updateBy"] == "admin"
    assert '<img src="/files/2026/11/a.png">' in page["content"]  # an image from our upload store is kept
    history = (await admin.get("/admin/config_page/about_us/history"))["data"]
    assert [(v["version"], v["savedBy"]) for v in history] == [(2, "admin"), (1, "admin")]
    assert history[1]["changes"]["content"] == ["", "<p>第一版</p>"]  # the script never reached the database
    kept = await CommonRichTextVersion.get(version=1)
    assert kept.content == "<p>第一版</p>"  # the open rich text keeps its own versions too
    public = await (await client.get("/api/open/v1/rich_text", params={"code": "about_us"})).json()
    assert public["code"] == 200 and "第二版" in public["data"]["content"]
    # a save over a newer version than the editor loaded is refused and changes nothing
    stale = await admin.post(SAVE_ABOUT, json=about("<p>旧的</p>", 1))
    assert stale == {"code": 500, "msg": "配置已被他人修改（当前为第2版），请刷新后再保存"}
    assert (await CommonRichText.get(code="about_us")).version == 2
    assert await CommonRichTextVersion.all().count() == 1


async def test_agreement_and_concurrent_saves(admin, client):
    saved = await admin.post("/admin/common_rich_text/edit_agreement", json={"content": "<p>协议</p>"})
    assert saved["data"]["version"] == 1
    page = (await admin.get("/admin/common_rich_text/agreement_page"))["data"]
    assert (page["code"], page["title"], page["version"]) == ("agreement", "用户协议", 1)
    answers = await asyncio.gather(*(admin.post("/admin/common_rich_text/edit_agreement",
                                                json={"content": f"<p>协议{n}</p>", "version": 1})
                                     for n in range(8)))
    assert sum(a["code"] == 200 for a in answers) == 1, answers
    assert all(a["msg"].startswith("内容已被他人修改") for a in answers if a["code"] != 200)
    row = await CommonRichText.get(code="agreement")
    assert row.version == 2
    assert await CommonRichTextVersion.filter(rich_text_id=row.id).count() == 1
    # the info page and updata_text reach the same versions
    info = (await admin.get("/admin/common_rich_text/info_page", params={"code": "agreement"}))["data"]
    assert info["version"] == 2 and [v["version"] for v in info["versions"]] == [1]
    assert (await admin.post("/admin/common_rich_text/updata_text",
                             json={"id": row.id, "content": "<p>第三版</p>", "version": 2}))["data"]["version"] == 3
    # off the shelf in the rich-text list: no longer public
    await admin.get(f"/admin/CommonRichText/shelf/{row.id}")
    assert (await (await client.get("/api/open/v1/rich_text", params={"code": "agreement"})).json())["code"] == 404


async def test_pages_bad_input_and_permissions(admin):
    for path, body in [(SAVE_ABOUT, {}), (SAVE_ABOUT, about("x", -1)),
                       (SAVE_ABOUT, about("x" * 200_001, 0)), (SAVE_ABOUT, about("<p>x</p>", 3)),
                       ("/admin/common_rich_text/edit_agreement", {"content": 5})]:
        assert (await admin.post(path, json=body))["code"] == 500, body
    assert await CommonRichText.all().count() == 0
    role = await make_role(admin, "about_editor", ("content:about:edit",))
    await make_user(admin, "abouted", 103, [role.role_id])
    editor = await sign_in(admin, "abouted")
    assert (await editor.post(SAVE_ABOUT, json=about("<p>关于</p>", 0)))["code"] == 200
    assert (await editor.get(ABOUT))["code"] == 200
    assert await editor.get("/admin/common_rich_text/agreement_page") == DENIED
    assert await editor.post("/admin/common_rich_text/edit_agreement", json={"content": "<p>x</p>"}) == DENIED
    row = await CommonRichText.get(code="about_us")
    assert await editor.post("/admin/common_rich_text/updata_text", json={"id": row.id, "content": "x"}) == DENIED
    assert await CommonRichText.all().count() == 1


async def pushed(message_id: int) -> bool:
    return (await CommonMessage.get(id=message_id)).push_status == "2"


async def test_info_push_to_chosen_users_and_all(admin):
    await app_users(100001, 100002, 100003)
    unknown = await admin.post("/admin/common_message/info_push", json={
        "title": "维护通知", "content": "今晚维护", "target": "users", "uids": "100001, 99"})
    assert unknown == {"code": 500, "msg": "接收用户不存在：99"}
    added = await admin.post("/admin/common_message/info_push",
                             json={"title": "维护通知", "content": "今晚维护", "type": "0", "target": "users",
                                   "uids": "100001, 100002\n100003，100001"})
    assert added["code"] == 200, added
    message_id = added["data"]["id"]
    await eventually(lambda: pushed(message_id), timeout=30)
    row = await CommonMessage.get(id=message_id)
    assert (row.target, row.sent, row.total) == ("users", 3, 3)
    assert sorted(await CommonMessageUser.filter(message_id=message_id).values_list("uid", flat=True)) == \
        [100001, 100002, 100003]
    listed = await admin.get("/admin/InfoPush/list", params={"pushStatus": "2"})
    assert listed["total"] == 1 and listed["rows"][0]["sent"] == 3 and listed["rows"][0]["createBy"] == "admin"
    everyone = await admin.post("/admin/common_message/info_push", json={"title": "全员", "type": "1",
                                                                          "target": "all"})
    assert everyone["code"] == 200
    await eventually(lambda: pushed(everyone["data"]["id"]), timeout=30)
    meta = (await admin.get("/admin/resources/meta", params={"view": "content/infoPush/index"}))["data"]
    assert [(a["key"], a["row"], a["perm"]) for a in meta["actions"]] == [("push", False, "content:infoPush:add")]


async def test_info_push_bad_input_and_permissions(admin):
    for body, message in [
        ({"title": "t", "target": "users"}, "请填写接收用户的UID"),
        ({"title": "t", "target": "users", "uids": "12,abc"}, "接收用户的UID不正确"),
        ({"title": "t", "target": "users", "uids": "١٢"}, "接收用户的UID不正确"),
        ({"title": "t", "target": "users", "uids": [0]}, "接收用户的UID不正确"),
        ({"title": "t", "target": "all", "uids": "5"}, "推送给全部用户时不能指定接收用户"),
        ({"title": "t", "target": "some"}, ""),
        ({"title": " ", "target": "all"}, "标题不能为空"),
        ({"title": "t", "target": "all", "type": "9"}, "消息类型的取值不正确"),
    ]:
        answer = await admin.post("/admin/common_message/info_push", json=body)
        assert answer["code"] == 500 and message in answer["msg"], (body, answer)
    assert await CommonMessage.all().count() == 0
    role = await make_role(admin, "push_viewer", ("content:infoPush:list",))
    await make_user(admin, "pushviewer", 103, [role.role_id])
    viewer = await sign_in(admin, "pushviewer")
    assert (await viewer.get("/admin/InfoPush/list"))["code"] == 200
    assert await viewer.post("/admin/common_message/info_push", json={"title": "t", "target": "all"}) == DENIED
    assert await viewer.post("/admin/InfoPush", json={"title": "t"}) != {"code": 200}
    assert await CommonMessage.all().count() == 0


async def test_feedback_sub_pages(admin):
    await app_users(1, 2)
    for uid, kind, site in [(1, "0", ""), (1, "2", "https://bad.example.com"), (2, "2", "http://worse.example.org")]:
        assert (await admin.post("/admin/CommonFeedback", json={"uid": uid, "type": kind, "content": "反馈",
                                                                "website": site}))["code"] == 200
    by_user = await admin.get("/admin/CommonFeedbackUser/list", params={"uid": "1"})
    assert by_user["total"] == 2 and {r["uid"] for r in by_user["rows"]} == {1}
    by_group = await admin.get("/admin/CommonFeedbackGroup/list", params={"type": "2"})
    assert by_group["total"] == 2 and {r["type"] for r in by_group["rows"]} == {"2"}
    second = by_group["rows"][1]["id"]
    await admin.get(f"/admin/CommonFeedback/ban_website/{second}")
    links = await admin.get("/admin/CommonBannedSite/list", params={"feedbackId": str(second)})
    assert links["total"] == 1 and links["rows"][0]["host"] in ("bad.example.com", "worse.example.org")
    meta = (await admin.get("/admin/resources/meta", params={"view": "content/feedback/index"}))["data"]
    assert {a["key"]: (a["method"], a["path"], a["params"]) for a in meta["actions"]} == {
        "byUser": ("LINK", "content/feedback/user", {"uid": "uid"}),
        "byGroup": ("LINK", "content/feedback/group", {"type": "type"}),
        "links": ("LINK", "content/feedback/link", {"feedbackId": "id"})}
    for view in ("content/feedback/group", "content/feedback/user", "content/feedback/link"):
        sub = (await admin.get("/admin/resources/meta", params={"view": view}))["data"]
        assert not (sub["creatable"] or sub["editable"] or sub["removable"]), view
    # read-only: nothing is written through the sub-pages' names
    assert (await admin.post("/admin/CommonFeedbackUser", json={"uid": 5, "content": "x"}))["code"] != 200
    assert (await admin.get("/admin/CommonFeedbackUser/list", params={"uid": "abc"}))["code"] == 500
    role = await make_role(admin, "fb_query", ("content:feedback:query",))
    await make_user(admin, "fbquery", 103, [role.role_id])
    viewer = await sign_in(admin, "fbquery")
    assert (await viewer.get("/admin/CommonBannedSite/list"))["total"] == 1
    assert (await viewer.get("/admin/CommonFeedbackGroup/list"))["total"] == 3
    assert await viewer.get("/admin/CommonFeedback/list") == DENIED
    other = await make_role(admin, "fb_list", ("content:feedback:list",))
    await make_user(admin, "fblist", 104, [other.role_id])
    lister = await sign_in(admin, "fblist")
    assert await lister.get("/admin/CommonFeedbackUser/list") == DENIED
    assert await BannedSite.all().count() == 1 and await ChangeLog.filter(resource="CommonFeedbackUser").count() == 0


async def test_demo_fills_the_pages_with_versions(admin):
    import random
    from datetime import UTC, datetime
    from types import SimpleNamespace

    from core_api.content.rich_text.demo import demo

    async def insert(model, rows):
        await model.bulk_create([model(**r) for r in rows])

    ctx = SimpleNamespace(rng=random.Random(1), now=datetime.now(UTC), uids=[], insert=insert,
                          size=lambda name, default: default)
    await demo(ctx)
    await demo(ctx)  # twice: the pages are there already
    page = (await admin.get("/admin/common_rich_text/info_page", params={"code": "about_us"}))["data"]
    assert page["version"] == 4 and [v["version"] for v in page["versions"]] == [3, 2, 1]
    about_page = (await admin.get(ABOUT))["data"]  # never saved as a configuration page: starts from it
    assert about_page["version"] == 0 and about_page["content"] == page["content"]
    assert await CommonRichTextVersion.all().count() == 6
