"""IM (issue 11 §3): groups and their members (block/unblock), group and single chat records (month
partitions on PostgreSQL) through the resource mechanism."""

from __future__ import annotations

import asyncio

import pytest
from tortoise import connections

from core_api.im.group.models import ImGroup, ImGroupMember
from core_api.im.record.models import ImRecordSingle
from core_api.platform.models import ChangeLog
from tests.conftest import BACKEND, OK, Caller, app_users
from tests.test_escalation import make_role, make_user, sign_in


@pytest.fixture(autouse=True)
async def _app_users(client):
    """The app users this module's records name (an operator's record must name an existing app user)."""
    await app_users(1, 10001, 10002, 10003)


GROUP = {"groupId": "g1001", "name": "周末爬山群", "ownerUid": 10001, "notice": "周六早上八点集合"}


async def create_group(admin: Caller, **extra) -> int:
    answer = await admin.post("/admin/NoticeImGroup", json={**GROUP, **extra})
    assert answer["code"] == 200, answer
    return answer["data"]["id"]


async def add_members(group_id: str, *uids: int) -> None:
    for n, uid in enumerate(uids):
        await ImGroupMember.create(group_id=group_id, uid=uid, nick=f"成员{uid}", role="owner" if n == 0 else "member")


async def test_group_six_calls_filters_and_history(admin):
    group_id = await create_group(admin)
    await create_group(admin, groupId="g1002", name="读书会", ownerUid=10002)
    got = (await admin.get(f"/admin/NoticeImGroup/{group_id}"))["data"]
    assert (got["groupId"], got["name"], got["muteAll"], got["maxMembers"], got["shelf"]) == (
        "g1001", "周末爬山群", "0", 500, "1")
    page = await admin.get("/admin/NoticeImGroup/list", params={"name": "爬山"})
    assert page["total"] == 1 and page["rows"][0]["groupId"] == "g1001"
    page = await admin.get("/admin/NoticeImGroup/list", params={"ownerUid": "10002"})
    assert [r["name"] for r in page["rows"]] == ["读书会"]
    assert await admin.put("/admin/NoticeImGroup", json={**got, "name": "周日爬山群", "muteAll": "1"}) == OK
    assert (await admin.get(f"/admin/NoticeImGroup/shelf/{group_id}"))["data"] == {"shelf": "0"}
    history = (await admin.get(f"/admin/NoticeImGroup/history/{group_id}"))["data"]
    assert [h["action"] for h in history] == ["shelf", "update", "create"]
    assert history[1]["changes"] == {"name": ["周末爬山群", "周日爬山群"], "muteAll": ["0", "1"]}
    # bad input: a clear message, nothing changed
    cases = [
        ({**GROUP, "groupId": "g1002"}, "群号g1002已存在"),
        ({**GROUP, "groupId": "g 1"}, "群号只能包含字母、数字和 _ . : -"),
        ({**GROUP, "muteAll": "2"}, "全员禁言的取值不正确"),
        ({**GROUP, "name": ""}, "群名称长度不能少于1个字符"),
        ({**GROUP, "maxMembers": 1}, "人数上限"),
        ({**GROUP, "memberCount": 9}, "不允许修改成员数"),
    ]
    for body, message in cases:
        answer = await admin.post("/admin/NoticeImGroup", json=body)
        assert answer["code"] == 500 and message in answer["msg"], (body, answer)
    changed = await admin.put("/admin/NoticeImGroup", json={**got, "groupId": "g9"})
    assert changed == {"code": 500, "msg": "不允许修改群号", "fields": {"groupId": "不允许修改群号"}}
    assert await ImGroup.all().count() == 2 and (await ImGroup.get(id=group_id)).name == "周日爬山群"
    assert await admin.delete(f"/admin/NoticeImGroup/{group_id}") == OK
    assert await ImGroup.all().count() == 1


async def test_members_list_and_block_rules(admin):
    group_id = await create_group(admin)
    await add_members("g1001", 10001, 10002, 10003)
    await create_group(admin, groupId="g1002", name="读书会")
    await add_members("g1002", 10002)
    page = await admin.get("/admin/NoticeImGroupUser/list", params={"groupId": "g1001"})
    assert page["total"] == 3 and [r["uid"] for r in page["rows"]] == [10001, 10002, 10003]
    assert page["rows"][0]["role"] == "owner" and page["rows"][1]["blocked"] == "0"
    blocked = await admin.get("/admin/NoticeImGroup/shelf_block",
                              params={"groupId": "g1001", "uid": "10002", "block": "1"})
    assert blocked == {"code": 200, "msg": "屏蔽成功"}
    row = await ImGroupMember.get(group_id="g1001", uid=10002)
    assert row.blocked == "1" and row.block_by == "admin" and row.block_time is not None
    # the same uid in another group is untouched
    assert (await ImGroupMember.get(group_id="g1002", uid=10002)).blocked == "0"
    again = await admin.get("/admin/NoticeImGroup/shelf_block", params={"groupId": "g1001", "uid": "10002",
                                                                         "block": "1"})
    assert again == {"code": 500, "msg": "该成员已被屏蔽"}
    page = await admin.get("/admin/NoticeImGroupUser/list", params={"groupId": "g1001", "blocked": "1"})
    assert [r["uid"] for r in page["rows"]] == [10002]
    unblocked = await admin.get("/admin/NoticeImGroup/shelf_block",
                                params={"groupId": "g1001", "uid": "10002", "block": "0"})
    assert unblocked == {"code": 200, "msg": "已解除屏蔽"}
    assert (await admin.get("/admin/NoticeImGroup/shelf_block", params={
        "groupId": "g1001", "uid": "10002", "block": "0"})) == {"code": 500, "msg": "该成员未被屏蔽"}
    history = (await admin.get(f"/admin/NoticeImGroup/history/{group_id}"))["data"]
    assert [h["note"] for h in history[:2]] == ["解除屏蔽成员 10002", "屏蔽成员 10002"]
    member_id = row.id
    member_history = (await admin.get(f"/admin/NoticeImGroupUser/history/{member_id}"))["data"]
    assert member_history[1]["changes"]["blocked"] == ["0", "1"]
    # bad input: clear message, nothing changed
    for params, message in [
        ({"groupId": "g1001", "uid": "10002", "block": "2"}, "屏蔽标志"),
        ({"groupId": "g1001", "block": "1"}, "用户UID不能为空"),
        ({"uid": "10002", "block": "1"}, "群号不能为空"),
        ({"groupId": "nope", "uid": "10002", "block": "1"}, "群组不存在"),
        ({"groupId": "g1001", "uid": "99999", "block": "1"}, "该用户不是本群成员"),
        ({"groupId": "g1001", "uid": "abc", "block": "1"}, "用户UID"),
    ]:
        answer = await admin.get("/admin/NoticeImGroup/shelf_block", params=params)
        assert answer["code"] == 500 and message in answer["msg"], (params, answer)
    assert await ImGroupMember.filter(blocked="1").count() == 0
    # members are not created, edited or removed from the console
    assert (await admin.post("/admin/NoticeImGroupUser", json={"uid": 1}))["code"] == 404
    assert (await admin.delete(f"/admin/NoticeImGroupUser/{member_id}"))["code"] != 200
    assert await ImGroupMember.filter(group_id="g1001").count() == 3


async def test_twenty_parallel_blocks_one_wins(admin):
    await create_group(admin)
    await add_members("g1001", 10001, 10002)
    answers = await asyncio.gather(*[admin.get("/admin/NoticeImGroup/shelf_block", params={
        "groupId": "g1001", "uid": "10002", "block": "1"}) for _ in range(20)])
    assert sorted(a["code"] for a in answers) == [200] + [500] * 19
    assert {a["msg"] for a in answers if a["code"] == 500} == {"该成员已被屏蔽"}
    member = await ImGroupMember.get(group_id="g1001", uid=10002)
    assert await ChangeLog.filter(resource="NoticeImGroupUser", record_id=member.id).count() == 1


async def test_permissions(admin):
    group_id = await create_group(admin)
    await add_members("g1001", 10001, 10002)
    role = await make_role(admin, "im_members", ("im:group:query",))
    await make_user(admin, "im_viewer", 103, [role.role_id])
    viewer = await sign_in(admin, "im_viewer")
    # the hidden members page lists under im:group:query; its screen metadata too
    assert (await viewer.get("/admin/NoticeImGroupUser/list", params={"groupId": "g1001"}))["total"] == 2
    meta = (await viewer.get("/admin/resources/meta", params={"view": "im/group/users"}))["data"]
    assert meta["name"] == "NoticeImGroupUser" and [a["perm"] for a in meta["actions"]] == ["im:group:block"]
    assert meta["creatable"] is False and meta["removable"] is False
    forbidden = {"code": 403, "msg": "当前操作没有权限"}
    for method, path, kw in [
        ("GET", "/admin/NoticeImGroup/shelf_block", {"params": {"groupId": "g1001", "uid": "10002", "block": "1"}}),
        ("GET", "/admin/NoticeImGroup/list", {}),
        ("POST", "/admin/NoticeImGroup", {"json": GROUP}),
        ("DELETE", f"/admin/NoticeImGroup/{group_id}", {}),
        ("GET", "/admin/NoticeImRecordSingle/list", {}),
        ("GET", "/admin/NoticeImRecord/list", {}),
    ]:
        assert await viewer.request(method, path, **kw) == forbidden, path
    assert (await viewer.get("/admin/resources/meta", params={"view": "im/group/index"}))["code"] == 403
    assert await ImGroupMember.filter(blocked="1").count() == 0
    blocker = await make_role(admin, "im_blocker", ("im:group:query", "im:group:block"))
    await make_user(admin, "im_blocker", 103, [blocker.role_id])
    caller = await sign_in(admin, "im_blocker")
    answer = await caller.get("/admin/NoticeImGroup/shelf_block", params={"groupId": "g1001", "uid": "10002",
                                                                           "block": "1"})
    assert answer == {"code": 200, "msg": "屏蔽成功"}


MESSAGE = {"fromUid": 10002, "toUid": 10001, "msgType": "text", "content": "明天见",
           "sentTime": "2026-03-05 10:00:00"}


async def test_single_records(admin):
    ids = []
    for n, (a, b, when) in enumerate([(10002, 10001, "2026-03-05 10:00:00"), (10001, 10002, "2026-03-05 10:01:00"),
                                      (10001, 10003, "2026-03-06 09:00:00"), (10002, 10001, "2026-04-01 08:00:00")]):
        answer = await admin.post("/admin/NoticeImRecordSingle", json={**MESSAGE, "fromUid": a, "toUid": b,
                                                                       "sentTime": when, "content": f"第{n}条"})
        assert answer["code"] == 200, answer
        ids.append(answer["data"]["id"])
    got = (await admin.get(f"/admin/NoticeImRecordSingle/{ids[0]}"))["data"]
    assert got["conversation"] == "10001_10002" and got["sentTime"] == "2026-03-05 10:00:00"
    # one conversation's newest page, either direction
    page = await admin.get("/admin/NoticeImRecordSingle/list", params={"conversation": "10001_10002"})
    assert page["total"] == 3 and [r["content"] for r in page["rows"]] == ["第3条", "第1条", "第0条"]
    # a uid's month
    page = await admin.get("/admin/NoticeImRecordSingle/list", params={
        "fromUid": "10001", "beginTime": "2026-03-01", "endTime": "2026-03-31"})
    assert [r["content"] for r in page["rows"]] == ["第2条", "第1条"]
    page = await admin.get("/admin/NoticeImRecordSingle/list", params={"toUid": "10001", "msgType": "text"})
    assert page["total"] == 2
    # content is not a filter on the big tables
    assert (await admin.get("/admin/NoticeImRecordSingle/list", params={"content": "第0条"}))["total"] == 4
    meta = (await admin.get("/admin/resources/meta", params={"view": "im/recordSingle/index"}))["data"]
    assert {f["name"]: f["filter"] for f in meta["fields"]}["content"] is None
    # update, shelf, delete, history
    assert await admin.put("/admin/NoticeImRecordSingle", json={**got, "withdrawn": "1"}) == OK
    assert (await ImRecordSingle.get(id=ids[0])).withdrawn == "1"
    assert (await admin.get(f"/admin/NoticeImRecordSingle/shelf/{ids[0]}"))["data"] == {"shelf": "0"}
    history = (await admin.get(f"/admin/NoticeImRecordSingle/history/{ids[0]}"))["data"]
    assert [h["action"] for h in history] == ["shelf", "update", "create"]
    assert await admin.delete(f"/admin/NoticeImRecordSingle/{ids[0]},{ids[3]}") == OK
    assert await ImRecordSingle.all().count() == 2
    # bad input
    for body, message in [
        ({**MESSAGE, "toUid": 10002}, "发送方和接收方不能是同一用户"),
        ({**MESSAGE, "msgType": "gif"}, "消息类型的取值不正确"),
        ({k: v for k, v in MESSAGE.items() if k != "sentTime"}, "发送时间不能为空"),
        ({**MESSAGE, "conversation": "1_2"}, "不允许修改会话"),
    ]:
        answer = await admin.post("/admin/NoticeImRecordSingle", json=body)
        assert answer["code"] == 500 and message in answer["msg"], (body, answer)
    edited = await admin.put("/admin/NoticeImRecordSingle", json={"id": ids[1], "fromUid": 1})
    assert edited == {"code": 500, "msg": "不允许修改发送方UID", "fields": {"fromUid": "不允许修改发送方UID"}}
    assert await ImRecordSingle.all().count() == 2


async def test_group_records_and_month_partitions(admin):
    made = []
    for n, when in enumerate(["2026-01-31 23:59:59", "2026-02-01 00:00:00", "2026-02-15 12:00:00"]):
        answer = await admin.post("/admin/NoticeImRecord", json={"groupId": "g1001", "fromUid": 10001 + n,
                                                                  "content": f"群消息{n}", "sentTime": when})
        assert answer["code"] == 200, answer
        made.append(answer["data"]["id"])
    await admin.post("/admin/NoticeImRecord", json={"groupId": "g1002", "fromUid": 10001, "sentTime": "2026-02-02"
                                                                                                      " 00:00:00"})
    page = await admin.get("/admin/NoticeImRecord/list", params={"groupId": "g1001", "beginTime": "2026-02-01",
                                                                  "endTime": "2026-02-28"})
    assert [r["content"] for r in page["rows"]] == ["群消息2", "群消息1"]
    got = (await admin.get(f"/admin/NoticeImRecord/{made[0]}"))["data"]
    assert await admin.put("/admin/NoticeImRecord", json={**got, "content": "已改"}) == OK
    assert (await admin.get(f"/admin/NoticeImRecord/{made[0]}"))["data"]["content"] == "已改"
    assert (await admin.get(f"/admin/NoticeImRecord/shelf/{made[0]}"))["data"] == {"shelf": "0"}
    assert await admin.delete(f"/admin/NoticeImRecord/{made[1]}") == OK
    assert (await admin.get(f"/admin/NoticeImRecord/{made[1]}"))["code"] == 404
    if BACKEND == "postgres":
        conn = connections.get("default")
        rows = await conn.execute_query_dict(
            "SELECT tableoid::regclass::text AS part, content FROM im_record ORDER BY id")
        assert [r["part"] for r in rows] == ["im_record_p202601", "im_record_p202602", "im_record_p202602"]
        kind = await conn.execute_query_dict(
            "SELECT relkind::text AS k FROM pg_class WHERE relname IN ('im_record', 'im_record_single')")
        assert {r["k"] for r in kind} == {"p"}
        plan = await conn.execute_query_dict(
            "EXPLAIN SELECT id FROM im_record_single WHERE conversation = '1_2' "
            "AND sent_time >= '2026-02-01' AND sent_time < '2026-03-01'")
        text = "\n".join(r["QUERY PLAN"] for r in plan)
        assert "im_record_single_p202602" in text and "p202601" not in text and "default" not in text
