"""Posts and dictionaries: every call, its rules and refusals, the cache, the export and the op log."""

from __future__ import annotations

import asyncio

from core_api.monitor.operlog.models import SysOperLog
from core_api.platform.state import BUS
from core_api.seed.data import DICTS
from core_api.system.dict.models import SysDictData
from core_api.system.post.models import SysPost
from tests.conftest import OK, xlsx_rows

NEW_POST = {"postCode": "ops", "postName": "运维", "postSort": 5, "status": "0", "remark": "值班"}


async def test_post_list_filters_sorts_and_pages(admin):
    page = await admin.get("/system/post/list")
    assert page["code"] == 200 and page["total"] == 4
    assert [r["postCode"] for r in page["rows"]] == ["ceo", "se", "hr", "user"]
    assert set(page["rows"][0]) >= {"postId", "postCode", "postName", "postSort", "status", "createTime"}
    page = await admin.get("/system/post/list", params={"postName": "经理"})
    assert [r["postCode"] for r in page["rows"]] == ["se"]
    page = await admin.get("/system/post/list", params={"orderByColumn": "postSort", "isAsc": "descending",
                                                         "pageNum": "1", "pageSize": "2"})
    assert page["total"] == 4 and [r["postCode"] for r in page["rows"]] == ["user", "hr"]
    bad = await admin.get("/system/post/list", params={"orderByColumn": "password"})
    assert bad == {"code": 500, "msg": "不支持按 password 排序"}
    bad = await admin.get("/system/post/list", params={"pageSize": "501"})
    assert bad["code"] == 500 and "每页条数" in bad["msg"]


async def test_post_create_get_update_delete(admin):
    assert await admin.post("/system/post", json=NEW_POST) == OK
    post = await SysPost.get(post_code="ops")
    assert post.create_by == "admin"
    got = await admin.get(f"/system/post/{post.post_id}")
    assert got["data"]["postName"] == "运维" and got["data"]["remark"] == "值班"
    edited = {**got["data"], "postName": "运维值班"}  # a client echoes the record back with its read-only fields
    assert await admin.put("/system/post", json=edited) == OK
    assert (await SysPost.get(post_id=post.post_id)).post_name == "运维值班"
    assert await admin.delete(f"/system/post/{post.post_id}") == OK
    assert await admin.get(f"/system/post/{post.post_id}") == {"code": 404, "msg": "访问资源不存在"}


async def test_post_rules(admin):
    dup_name = await admin.post("/system/post", json={**NEW_POST, "postName": "董事长"})
    assert dup_name == {"code": 500, "msg": "新增岗位'董事长'失败，岗位名称已存在"}
    dup_code = await admin.post("/system/post", json={**NEW_POST, "postCode": "ceo"})
    assert dup_code == {"code": 500, "msg": "新增岗位'运维'失败，岗位编码已存在"}
    missing = await admin.post("/system/post", json={"postCode": "x", "postSort": 1})
    assert missing == {"code": 500, "msg": "岗位名称不能为空", "fields": {"postName": "岗位名称不能为空"}}
    bad_status = await admin.post("/system/post", json={**NEW_POST, "status": "9"})
    assert bad_status == {"code": 500, "msg": "状态格式不正确", "fields": {"status": "状态格式不正确"}}
    assert await SysPost.filter(post_code="ops").count() == 0
    # A post held by a user cannot go; nor can a batch that contains it, and nothing of the batch goes.
    assert await admin.post("/system/post", json=NEW_POST) == OK
    ops = await SysPost.get(post_code="ops")
    refused = await admin.delete(f"/system/post/{ops.post_id},1")
    assert refused == {"code": 500, "msg": "董事长已分配,不能删除"}
    assert await SysPost.filter(post_id__in=[1, ops.post_id]).count() == 2
    assert (await admin.delete("/system/post/999"))["code"] == 404


async def test_post_export_is_an_xlsx_with_neutralised_formulas(admin):
    assert await admin.post("/system/post", json={**NEW_POST, "postName": "=HYPERLINK(\"http://x\")"}) == OK
    response = await admin.post("/system/post/export", data={"status": "0"})
    assert response.status == 200
    assert response.headers["Content-Type"].startswith("application/vnd.openxmlformats")
    assert response.headers["download-filename"] == "%E5%B2%97%E4%BD%8D%E6%95%B0%E6%8D%AE.xlsx"
    rows = xlsx_rows(await response.read())
    assert rows[0] == ("岗位序号", "岗位编码", "岗位名称", "岗位排序", "状态")
    assert rows[1][1:] == ("ceo", "董事长", 1, "正常")
    assert ("ops", "'=HYPERLINK(\"http://x\")") in [(r[1], r[2]) for r in rows]


async def test_writes_leave_an_operation_log_without_secrets(admin):
    await admin.post("/system/post", json=NEW_POST)
    await admin.post("/system/post", json=NEW_POST)  # refused: duplicate
    logs = await SysOperLog.filter(title="岗位管理").order_by("oper_id").values()
    assert [(r["business_type"], r["status"], r["request_method"]) for r in logs] == [(1, 0, "POST"), (1, 1, "POST")]
    assert logs[0]["oper_name"] == "admin" and logs[0]["dept_name"] == "研发部门"
    assert logs[0]["oper_url"] == "/system/post" and '"postCode":"ops"' in logs[0]["oper_param"]
    assert logs[1]["error_msg"] == "新增岗位'运维'失败，岗位名称已存在"
    assert all(isinstance(r["cost_time"], int) and 0 <= r["cost_time"] < 10_000 for r in logs)  # milliseconds


async def test_ry_may_read_posts_but_not_write(ry):
    assert (await ry.get("/system/post/list"))["total"] == 4
    assert await ry.post("/system/post", json=NEW_POST) == {"code": 403, "msg": "当前操作没有权限"}
    assert await ry.delete("/system/post/4") == {"code": 403, "msg": "当前操作没有权限"}
    assert len((await ry.get("/system/post/optionselect"))["data"]) == 4


NEW_TYPE = {"dictName": "订单状态", "dictType": "order_status", "status": "0"}


async def broadcasts_heard(caller) -> None:
    """Every broadcast the node sent so far has come back to it and been handled: they come back in order, so one
    more, waited for, follows them all."""
    bus = caller.client.server.app[BUS]
    heard = asyncio.Event()

    async def on_marker(_payload: dict) -> None:
        heard.set()

    bus.on_broadcast("test.broadcasts-heard", on_marker)
    await bus.broadcast("test.broadcasts-heard", {})
    await asyncio.wait_for(heard.wait(), 15)


async def test_dict_type_and_data_lifecycle_with_cache(admin):
    assert await admin.post("/system/dict/type", json=NEW_TYPE) == OK
    entry = {"dictType": "order_status", "dictLabel": "待付款", "dictValue": "1", "dictSort": 1,
             "listClass": "warning"}
    assert await admin.post("/system/dict/data", json=entry) == OK
    by_type = await admin.get("/system/dict/data/type/order_status")
    assert [(d["dictLabel"], d["listClass"]) for d in by_type["data"]] == [("待付款", "warning")]
    # The read is cached, and an edit drops the cache: the next read shows the new label.
    code = by_type["data"][0]["dictCode"]
    assert await admin.put("/system/dict/data", json={**entry, "dictCode": code, "dictLabel": "待支付"}) == OK
    assert (await admin.get("/system/dict/data/type/order_status"))["data"][0]["dictLabel"] == "待支付"
    # A direct database change is seen only after the refresh call. (The edit's broadcast comes back to this node
    # too and drops the cache once more: heard after the direct change, on a busy broker, it showed that change.)
    await broadcasts_heard(admin)
    assert (await admin.get("/system/dict/data/type/order_status"))["data"][0]["dictLabel"] == "待支付"
    await SysDictData.filter(dict_code=code).update(dict_label="已变更")
    assert (await admin.get("/system/dict/data/type/order_status"))["data"][0]["dictLabel"] == "待支付"
    assert await admin.delete("/system/dict/type/refreshCache") == OK
    assert (await admin.get("/system/dict/data/type/order_status"))["data"][0]["dictLabel"] == "已变更"
    # Renaming the type carries its data along.
    rows = (await admin.get("/system/dict/type/list", params={"dictType": "order_status"}))["rows"]
    dict_id = next(r["dictId"] for r in rows if r["dictType"] == "order_status")  # the filter matches fragments
    assert await admin.put("/system/dict/type", json={**NEW_TYPE, "dictId": dict_id, "dictType": "order_state"}) == OK
    assert len((await admin.get("/system/dict/data/type/order_state"))["data"]) == 1
    # A type with data cannot be deleted; once empty it can.
    refused = await admin.delete(f"/system/dict/type/{dict_id}")
    assert refused == {"code": 500, "msg": "订单状态已分配,不能删除"}
    assert await admin.delete(f"/system/dict/data/{code}") == OK
    assert await admin.delete(f"/system/dict/type/{dict_id}") == OK


async def test_dict_rules(admin):
    bad = await admin.post("/system/dict/type", json={**NEW_TYPE, "dictType": "Order-Status"})
    assert bad == {"code": 500, "msg": "字典类型格式不正确", "fields": {"dictType": "字典类型格式不正确"}}
    dup = await admin.post("/system/dict/type", json={**NEW_TYPE, "dictType": "sys_user_sex"})
    assert dup == {"code": 500, "msg": "新增字典'订单状态'失败，字典类型已存在"}
    orphan = await admin.post("/system/dict/data", json={"dictType": "nope", "dictLabel": "a", "dictValue": "1"})
    assert orphan == {"code": 500, "msg": "新增字典数据失败，字典类型'nope'不存在"}
    dup_value = await admin.post("/system/dict/data", json={"dictType": "sys_user_sex", "dictLabel": "x",
                                                             "dictValue": "0"})
    assert dup_value == {"code": 500, "msg": "新增字典数据'x'失败，数据键值已存在"}
    bad_class = await admin.post("/system/dict/data", json={"dictType": "sys_user_sex", "dictLabel": "x",
                                                             "dictValue": "9", "listClass": "evil"})
    assert bad_class["code"] == 500 and "回显样式" in bad_class["msg"]
    css = await admin.post("/system/dict/data", json={"dictType": "sys_user_sex", "dictLabel": "x",
                                                       "dictValue": "9", "cssClass": "a\" onmouseover=\"x"})
    assert css == {"code": 500, "msg": "样式属性格式不正确", "fields": {"cssClass": "样式属性格式不正确"}}


async def test_dict_lists_and_options(admin):
    page = await admin.get("/system/dict/type/list", params={"params[beginTime]": "2000-01-01",
                                                              "params[endTime]": "2999-12-31"})
    assert page["total"] == len(DICTS)  # RuoYi's ten and those of the business areas
    none = await admin.get("/system/dict/type/list", params={"beginTime": "2000-01-01", "endTime": "2000-01-02"})
    assert none["total"] == 0
    data = await admin.get("/system/dict/data/list", params={"dictType": "sys_oper_type", "pageSize": "5"})
    assert data["total"] == 10 and len(data["rows"]) == 5
    assert len((await admin.get("/system/dict/type/optionselect"))["data"]) == len(DICTS)
    one = await admin.get(f"/system/dict/data/{data['rows'][0]['dictCode']}")
    assert one["data"]["dictType"] == "sys_oper_type"
    export = await admin.post("/system/dict/data/export", data={"dictType": "sys_user_sex"})
    assert [r[2] for r in xlsx_rows(await export.read())[1:]] == ["男", "女", "未知"]
