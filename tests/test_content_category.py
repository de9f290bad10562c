"""Categories, sensitive words, registrations and personnel (issue 11 §3): the declaration's six calls,
the v2 tree, the /admin/category calls, the spec's register/personnel paths, bad input (a clear message,
nothing changed), permissions, and the customer-service chat masking and recording a listed word."""

from __future__ import annotations

from core_api.content.category.models import CommonCategory, Personnel, Registration, SensitiveWord
from core_api.moderation.intercept.models import WordsIntercept
from core_api.platform.models import ChangeLog
from ops.chat_sim import ChatPeer
from tests.conftest import OK, Caller, token_for
from tests.test_escalation import make_role, make_user, sign_in

KEY = "partner-key-" + "c" * 24


async def create(admin: Caller, **body) -> int:
    answer = await admin.post("/admin/CommonCategory", json=body)
    assert answer["code"] == 200, answer
    return answer["data"]["id"]


async def fails(answer, message: str) -> None:
    assert answer["code"] == 500 and message in answer["msg"], answer


async def test_category_tree_six_calls_and_rules(admin):
    frame = await create(admin, kind="frame", name="总部", sort=1)
    org = await create(admin, kind="organisation", name="华东分部", parentId=frame, sort=2)
    org2 = await create(admin, kind="organisation", name="华南分部", parentId=frame, sort=1)
    plain = await create(admin, kind="plain", name="新闻")
    team = await create(admin, kind="plain", name="一组", parentId=org)
    assert (await CommonCategory.get(id=team)).level == 3
    before = await CommonCategory.all().count()
    for body, message in [
        ({"kind": "organisation", "name": "孤儿"}, "组织必须建在架构之下"),
        ({"kind": "organisation", "name": "错位", "parentId": plain}, "组织必须建在架构之下"),
        ({"kind": "frame", "name": "子架构", "parentId": frame}, "架构只能是一级分类"),
        ({"kind": "sensitive", "name": "词库", "parentId": plain}, "敏感词库只能是一级分类"),
        ({"kind": "plain", "name": "四级", "parentId": team}, "分类最多3级"),
        ({"kind": "plain", "name": "无主", "parentId": 999999}, "上级分类不存在"),
        ({"kind": "robot", "name": "x"}, "分类类型的取值不正确"),
        ({"kind": "plain", "name": ""}, "分类名称长度不能少于1个字符"),
        ({"kind": "plain", "name": "华东分部", "parentId": frame}, "同一上级下已有同名分类"),
        ({"kind": "plain", "name": "排序", "sort": 10000}, "排序"),
    ]:
        await fails(await admin.post("/admin/CommonCategory", json=body), message)
    assert await CommonCategory.all().count() == before
    page = await admin.get("/admin/CommonCategory/list", params={"kind": "organisation"})
    assert page["total"] == 2 and [r["name"] for r in page["rows"]] == ["华南分部", "华东分部"]
    got = (await admin.get(f"/admin/CommonCategory/{plain}"))["data"]
    assert got["level"] == 1 and got["status"] == "0" and got["wordCount"] == 0
    assert await admin.put("/admin/CommonCategory", json={**got, "name": "新闻资讯", "sort": 5}) == OK
    await fails(await admin.put("/admin/CommonCategory", json={**got, "kind": "frame"}), "不允许修改分类类型")
    assert (await admin.get(f"/admin/CommonCategory/shelf/{plain}"))["data"] == {"shelf": "0"}
    history = (await admin.get(f"/admin/CommonCategory/history/{plain}"))["data"]
    assert [h["action"] for h in history] == ["shelf", "update", "create"]
    # a category with children is not deleted (DELETE and POST /admin/category/delete alike)
    await fails(await admin.delete(f"/admin/CommonCategory/{org}"), "下还有子分类，不能删除")
    await fails(await admin.post("/admin/category/delete", json={"ids": [frame]}), "下还有子分类，不能删除")
    assert await CommonCategory.filter(id__in=[frame, org]).count() == 2
    # the v2 tree: one level, or the first two
    one = (await admin.post("/admin/CommonCategory/v2/list", json={"depth": 1}))["data"]
    assert [r["name"] for r in one] == ["总部", "新闻资讯"] and "children" not in one[0]
    two = (await admin.post("/admin/CommonCategory/v2/list", json={"depth": 2, "kind": "frame"}))["data"]
    assert [(r["name"], [c["name"] for c in r["children"]]) for r in two] == [("总部", ["华南分部", "华东分部"])]
    await fails(await admin.post("/admin/CommonCategory/v2/list", json={"depth": 3}), "层级")
    assert await admin.delete(f"/admin/CommonCategory/{team}") == OK
    assert await admin.post("/admin/category/delete", json={"id": org2}) == {"code": 200, "msg": "删除成功"}


async def test_category_calls(admin):
    edit = "/admin/category/edit"
    frame = (await admin.post(edit, json={"kind": "frame", "name": "集团"}))["data"]["id"]
    other = (await admin.post(edit, json={"kind": "frame", "name": "子公司"}))["data"]["id"]
    org = (await admin.post(edit, json={"kind": "organisation", "name": "研发部", "parentId": frame}))["data"]["id"]
    assert (await CommonCategory.get(id=org)).level == 2
    assert (await admin.post(edit, json={"id": org, "name": "研发中心"}))["code"] == 200
    assert (await CommonCategory.get(id=org)).name == "研发中心"
    await fails(await admin.post(edit, json={"id": org, "name": ""}), "分类名称")
    detail = (await admin.get("/admin/category/detail", params={"id": frame}))["data"]
    assert detail["name"] == "集团" and [c["name"] for c in detail["children"]] == ["研发中心"]
    assert (await admin.get("/admin/category/detail", params={"id": 999999}))["code"] == 404
    page = await admin.post("/admin/category/list", json={"parentId": frame, "pageNum": 1, "pageSize": 10})
    assert page["data"]["total"] == 1 and [r["name"] for r in page["data"]["data"]] == ["研发中心"]
    await fails(await admin.post("/admin/category/list", json={"pageSize": 501}), "每页条数")
    # set: a new parent and sort, refused where the tree forbids it
    assert await admin.post("/admin/category/set", json={"id": org, "parentId": other, "sort": 3}) == OK
    row = await CommonCategory.get(id=org)
    assert (row.parent_id, row.sort, row.level) == (other, 3, 2)
    await fails(await admin.post("/admin/category/set", json={"id": org, "parentId": 0}), "组织必须建在架构之下")
    await fails(await admin.post("/admin/category/set", json={"id": org}), "请指定新的上级分类或排序")
    await fails(await admin.post("/admin/category/set", json={"id": frame, "parentId": frame}), "架构只能是一级分类")
    assert (await CommonCategory.get(id=org)).parent_id == other
    # status from the dictionary, a change only
    assert await admin.post("/admin/category/status", json={"id": org, "status": "1"}) == OK
    await fails(await admin.post("/admin/category/status", json={"id": org, "status": "1"}), "分类已是该状态")
    await fails(await admin.post("/admin/category/status", json={"id": org, "status": "7"}), "状态的取值不正确")
    assert (await CommonCategory.get(id=org)).status == "1"
    # permissions: a viewer lists but neither adds nor edits
    role = await make_role(admin, "catviewer", ("content:category:list", "content:category:query"))
    await make_user(admin, "catviewer", 103, [role.role_id])
    viewer = await sign_in(admin, "catviewer")
    assert (await viewer.post("/admin/category/list", json={}))["code"] == 200
    assert (await viewer.post(edit, json={"kind": "frame", "name": "越权"}))["code"] == 403
    assert (await viewer.post("/admin/category/status", json={"id": org, "status": "0"}))["code"] == 403
    assert (await viewer.post("/admin/category/delete", json={"id": org}))["code"] == 403
    assert (await viewer.post("/admin/CommonCategory/sensitive_words", json={"id": org}))["code"] == 403
    role2 = await make_role(admin, "cateditor", ("content:category:list", "content:category:edit"))
    await make_user(admin, "cateditor", 103, [role2.role_id])
    editor = await sign_in(admin, "cateditor")
    assert (await editor.post(edit, json={"kind": "frame", "name": "越权"}))["code"] == 403  # adding needs add
    assert (await editor.post(edit, json={"id": org, "name": "研发"}))["code"] == 200
    assert not await CommonCategory.filter(name="越权").exists()


async def test_sensitive_words(admin):
    group = await create(admin, kind="sensitive", name="广告")
    other = await create(admin, kind="sensitive", name="违法")
    plain = await create(admin, kind="plain", name="普通")
    path = "/admin/CommonCategory/sensitive_words"
    answer = await admin.post(path, json={"id": group, "add": "代开发票\n加微信， 刷单\n代开发票"})
    assert answer["code"] == 200 and answer["data"]["added"] == 3 and answer["data"]["words"] == [
        "代开发票", "加微信", "刷单"]
    assert (await CommonCategory.get(id=group)).word_count == 3
    answer = await admin.post(path, json={"id": group, "add": ["返利"], "remove": "刷单"})
    assert answer["data"] == {"added": 1, "removed": 1, "total": 3, "words": ["代开发票", "加微信", "返利"]}
    assert (await admin.post(path, json={"id": group}))["data"]["total"] == 3
    for body, message in [
        ({"id": plain, "add": "x"}, "只有“敏感词库”类型的分类可以维护敏感词"),
        ({"id": other, "add": "返利"}, "敏感词“返利”已在分类“广告”中"),
        ({"id": group, "add": "a" * 33}, "过长"),
        ({"id": group, "add": "甲", "remove": "甲"}, "不能同时添加和删除"),
        ({"id": 0, "add": "甲"}, "分类编号"),
    ]:
        await fails(await admin.post(path, json=body), message)
    assert await SensitiveWord.all().count() == 3
    assert (await admin.post(path, json={"id": 999999, "add": "甲"}))["code"] == 404
    await fails(await admin.delete(f"/admin/CommonCategory/{group}"), "下还有敏感词")
    history = (await admin.get(f"/admin/CommonCategory/history/{group}"))["data"]
    assert history[0]["note"] == "敏感词：添加1个，删除1个"


async def test_customer_service_chat_masks_and_records_listed_words(start_app, make_settings):
    client = await start_app(make_settings(chat_partner_key=KEY))
    admin = Caller(client, await token_for(client))
    group = await create(admin, kind="sensitive", name="广告")
    url = str(client.server.make_url("/")).rstrip("/")
    peer = await ChatPeer.sign_in(url, KEY, "user", 4242, "小李")
    await peer.connect()
    sent = await peer.say("你好")
    assert sent["code"] == 200 and await WordsIntercept.all().count() == 0
    # the list changes: the next message is screened at once (the cache heard the change)
    words = await admin.post("/admin/CommonCategory/sensitive_words", json={"id": group, "add": "代开发票\nVX"})
    assert words["code"] == 200
    sent = await peer.say("需要代开发票请加vx123", client_msg_id="m-1")
    assert sent["code"] == 200
    assert sent["data"]["content"][0]["txt"] == "需要****请加**123"
    rows = await WordsIntercept.all().order_by("id").values("uid", "word", "category", "scene", "content", "target")
    assert [(r["uid"], r["word"], r["category"], r["scene"]) for r in rows] == [
        (4242, "代开发票", "广告", "service"), (4242, "vx", "广告", "service")]
    assert rows[0]["content"] == "需要代开发票请加vx123" and rows[0]["target"].startswith("room:")
    again = await peer.say("需要代开发票请加vx123", client_msg_id="m-1")  # a resend is not recorded twice
    assert again["data"]["id"] == sent["data"]["id"] and await WordsIntercept.all().count() == 2
    listed = await admin.post("/admin/WordsInterceptRecord/list", json={"uid": 4242})
    assert listed["total"] == 2
    # a staff reply is masked too; a regex character in a word is a plain character
    await admin.post("/admin/CommonCategory/sensitive_words", json={"id": group, "add": "a.b"})
    room = (await admin.post("/admin/chat/v1/rooms", json={"pageNo": 1}))["data"]["data"][0]["shopId"]
    reply = await admin.post("/admin/single/send", json={
        "toShopId": room, "receiveUid": 4242, "toShopType": 0, "messageType": "friend", "contentType": "txt",
        "content": [{"type": "txt", "txt": "不要代开发票 axb a.b"}]})
    assert reply["data"]["content"][0]["txt"] == "不要**** axb ***"
    # the category taken off the shelf: its words no longer apply
    assert (await admin.get(f"/admin/CommonCategory/shelf/{group}"))["data"] == {"shelf": "0"}
    sent = await peer.say("代开发票")
    assert sent["data"]["content"][0]["txt"] == "代开发票" and await WordsIntercept.all().count() == 2
    await peer.close()


async def registration(uid: int, org: int, **extra) -> int:
    row = await Registration.create(uid=uid, name=f"用户{uid}", phone="13800138000", category_id=org,
                                    content="申请加入", **extra)
    return row.id


async def test_registrations_and_personnel(admin):
    frame = await create(admin, kind="frame", name="总部")
    org = await create(admin, kind="organisation", name="客服部", parentId=frame)
    first, second = await registration(101, org), await registration(102, org)
    page = await admin.post("/admin/register/list", json={"status": "0", "pageSize": 10})
    assert page["total"] == 2 and page["rows"][0]["phone"] == "13800138000"  # the admin sees personal data
    assert await admin.post("/admin/register/edit", json={"id": first, "name": "张三", "phone": "13900139000",
                                                          "categoryId": org}) == OK
    await fails(await admin.post("/admin/register/edit", json={"id": first, "name": "张三", "categoryId": frame}),
                "所属组织不存在")
    await fails(await admin.post("/admin/register/edit", json={"id": first, "name": "张三", "phone": "123"}), "手机号")
    await fails(await admin.post("/admin/register/edit", json={"id": first, "name": "张三", "status": "1"}),
                "不允许修改审核状态")
    assert (await Registration.get(id=first)).status == "0"
    # review: approve once, reject once, a final decision stays
    await fails(await admin.get("/admin/register/status", params={"id": first, "status": "9"}), "审核状态的取值不正确")
    await fails(await admin.get("/admin/register/status", params={"id": first, "status": "0"}),
                "审核结果只能是通过或驳回")
    assert (await admin.get("/admin/register/status", params={"id": first, "status": "1", "reason": "同意"}))[
        "code"] == 200
    await fails(await admin.get("/admin/register/status", params={"id": first, "status": "2"}), "该登记已审核")
    assert (await admin.get("/admin/register/status", params={"id": second, "status": "2"}))["code"] == 200
    reg = await Registration.get(id=first)
    assert (reg.status, reg.audit_by, reg.reason) == ("1", "admin", "同意")
    people = await Personnel.all().values("uid", "name", "phone", "category_id", "status")
    assert people == [{"uid": 101, "name": "张三", "phone": "13900139000", "category_id": org, "status": "0"}]
    # the organisation now holds people: it is not deleted
    await fails(await admin.post("/admin/category/delete", json={"id": org}), "下还有人员或登记记录")
    # personnel
    person = (await Personnel.get(uid=101)).id
    listed = await admin.post("/admin/personnel/list", json={"categoryId": org})
    assert listed["total"] == 1 and listed["rows"][0]["phone"] == "13900139000"
    assert await admin.post("/admin/personnel/edit", json={"id": person, "name": "张三", "position": "组长",
                                                           "sort": 2}) == OK
    assert (await Personnel.get(id=person)).position == "组长"
    assert await admin.get("/admin/personnel/status", params={"id": person, "status": "1"}) == OK
    await fails(await admin.get("/admin/personnel/status", params={"id": person, "status": "1"}), "人员已是该状态")
    await fails(await admin.get("/admin/personnel/status", params={"id": person, "status": "x"}), "状态的取值不正确")
    history = (await admin.get(f"/admin/personnel/history/{person}"))["data"]
    assert [h["action"] for h in history] == ["action", "update", "create"]
    assert (await admin.post("/admin/personnel/delete", json={"ids": [person, 999999]}))["code"] == 404
    assert await Personnel.all().count() == 1
    assert await admin.post("/admin/personnel/delete", json={"id": person}) == {"code": 200, "msg": "删除成功"}
    assert await admin.post("/admin/register/delete", json={"ids": [first, second]}) == {"code": 200, "msg": "删除成功"}
    assert await Registration.all().count() == 0
    assert await ChangeLog.filter(resource="register", action="delete").count() == 2
    # permissions: list only
    role = await make_role(admin, "regviewer", ("content:register:list", "content:personnel:list"))
    await make_user(admin, "regviewer", 103, [role.role_id])
    viewer = await sign_in(admin, "regviewer")
    third = await registration(103, org)
    page = await viewer.post("/admin/register/list", json={})
    assert page["total"] == 1 and page["rows"][0]["phone"] == "138****8000"  # masked without personal data
    assert (await viewer.get("/admin/register/status", params={"id": third, "status": "1"}))["code"] == 403
    assert (await viewer.post("/admin/register/delete", json={"id": third}))["code"] == 403
    assert (await viewer.post("/admin/register/edit", json={"id": third, "name": "x"}))["code"] == 403
    assert (await Registration.get(id=third)).status == "0"


async def test_screens_meta(admin):
    for view, name in [("content/category/index", "CommonCategory"), ("content/register/index", "register"),
                       ("content/personnel/index", "personnel")]:
        meta = (await admin.get("/admin/resources/meta", params={"view": view}))["data"]
        assert meta["name"] == name and meta["listMethod"] in ("GET", "POST")
    meta = (await admin.get("/admin/resources/meta", params={"view": "content/register/index"}))["data"]
    assert meta["creatable"] is False and [a["key"] for a in meta["actions"]] == ["status"]
