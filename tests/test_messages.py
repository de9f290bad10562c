"""Message centre: notices and order events become messages; list, counts, detail, read, delete."""

from __future__ import annotations

from core_api.messaging.models import SysMessage
from core_api.messaging.service import ORDER_EVENT, ORDER_PLACED
from core_api.platform.state import BUS
from tests.conftest import OK, Caller, eventually, token_for

NOTICE = {"noticeTitle": "系统升级", "noticeType": "2", "status": "0", "noticeContent": "<p>今晚升级</p>"}


async def order_event(client, n: int) -> None:
    await client.app[BUS].publish(ORDER_EVENT, {"orderNo": f"NO{n:04d}", "shopId": 1, "messageType": ORDER_PLACED,
                                                "title": "新订单", "content": f"订单 NO{n:04d} 已支付",
                                                "eventId": f"evt{n}"})


async def test_an_open_notice_reaches_every_user_once(admin, ry):
    assert await admin.post("/system/notice", json=NOTICE) == OK
    await eventually(lambda: _count_is(SysMessage.filter(kind="sys"), 2))
    notice_id = (await admin.get("/system/notice/list"))["rows"][0]["noticeId"]
    # Saving it again does not repeat the message; a closed notice sends nothing.
    await admin.put("/system/notice", json={**NOTICE, "noticeId": notice_id})
    await admin.post("/system/notice", json={**NOTICE, "noticeTitle": "草稿", "status": "1"})
    await _settle(admin)
    assert await SysMessage.filter(kind="sys").count() == 2
    counts = (await ry.get("/admin/common_message/message"))["data"]
    assert counts["sysMsgNum"] == 1 and counts["orderMsgNum"] == 0 and counts["token"]
    listed = (await ry.post("/api/msg/v1/list", json={"pageNo": 1, "pageSize": 10, "orderMsg": False}))["data"]
    assert listed["pages"] == 1 and listed["total"] == 1
    assert listed["data"][0]["title"] == "【公告】系统升级" and listed["data"][0]["readed"] is False


async def _count_is(qs, n: int) -> bool:
    return await qs.count() == n


async def _settle(admin) -> None:
    bus = admin.client.app[BUS]
    if hasattr(bus, "drain"):
        await bus.drain()
    else:
        import asyncio

        await asyncio.sleep(1)


async def test_order_events_page_read_and_delete(admin, ry):
    for n in range(12):
        await order_event(admin.client, n)
    await order_event(admin.client, 0)  # the same event again: no second message
    await eventually(lambda: _count_is(SysMessage.filter(kind="order"), 12))
    await _settle(admin)
    assert await SysMessage.filter(kind="order").count() == 12  # admin only: ry lacks order:shop:list
    first = (await admin.post("/api/msg/v1/list", json={"pageNo": 1, "pageSize": 10, "orderMsg": True}))["data"]
    assert first["pages"] == 2 and first["total"] == 12 and len(first["data"]) == 10
    assert first["data"][0]["messageType"] == 1901
    assert [m["objId"] for m in first["data"]] == sorted((m["objId"] for m in first["data"]), reverse=True)
    second = (await admin.post("/api/msg/v1/list", json={"pageNo": 2, "pageSize": 10, "orderMsg": True}))["data"]
    assert len(second["data"]) == 2  # events may be handled in any order on RabbitMQ: compare as sets
    assert {m["typeNo"] for m in first["data"] + second["data"]} == {f"NO{n:04d}" for n in range(12)}
    obj = first["data"][0]["objId"]
    after = await admin.post("/api/msg/v1/del_read", json={"messageIds": [obj], "del": False})
    assert after["data"] == {"sysMsgNum": 0, "orderMsgNum": 11}
    detail = await admin.get("/admin/common_message/message_info", params={"objId": str(second["data"][0]["objId"])})
    assert detail["data"]["readed"] is True
    assert detail["data"]["content"] == f"订单 {second['data'][0]['typeNo']} 已支付"
    assert (await admin.get("/admin/common_message/message"))["data"]["orderMsgNum"] == 10
    deleted = await admin.post("/api/msg/v1/del_read", json={"messageIds": [obj], "del": True})
    assert deleted["code"] == 200 and await SysMessage.filter(kind="order").count() == 11
    # Somebody else's message ids are refused, and nothing changes.
    assert (await ry.post("/api/msg/v1/del_read", json={"messageIds": [second["data"][1]["objId"]]}))["code"] == 404
    assert (await ry.get("/admin/common_message/message_info", params={"objId": str(obj)}))["code"] == 404
    bad = await admin.post("/api/msg/v1/list", json={"pageNo": 0})
    assert bad["code"] == 500 and "页码" in bad["msg"]


async def test_partners_push_order_events_with_their_key(start_app, make_settings):
    from tests.conftest import Caller, token_for

    key = "partner-" + "p" * 24
    client = await start_app(make_settings(chat_partner_key=key))
    event = {"orderNo": "NO9", "shopId": 1, "messageType": 1901, "title": "新订单", "eventId": "partner-1"}
    refused = await client.post("/api/msg/v1/order_event", json=event, headers={"X-Partner-Key": "nope"})
    assert (await refused.json())["code"] == 401
    accepted = await client.post("/api/msg/v1/order_event", json=event, headers={"X-Partner-Key": key})
    assert (await accepted.json())["code"] == 200
    admin = Caller(client, await token_for(client))
    await eventually(lambda: _count_is(SysMessage.filter(kind="order", type_no="NO9"), 1))
    assert (await admin.get("/admin/common_message/message"))["data"]["orderMsgNum"] == 1


async def test_a_notice_message_carries_the_notice_text_for_its_recipient(admin):
    """A user with no roles (no system:notice:query) reads the notice that reached the message panel."""
    user = {"userName": "reader", "nickName": "读者", "password": "reader123", "deptId": 103, "status": "0",
            "roleIds": [], "postIds": []}
    assert await admin.post("/system/user", json=user) == OK
    reader = Caller(admin.client, await token_for(admin.client, "reader", "reader123"))
    body = {**NOTICE, "noticeContent": "<p>今晚<b>升级</b><script>x()</script></p>"}
    assert await admin.post("/system/notice", json=body) == OK
    await eventually(lambda: _count_is(SysMessage.filter(kind="sys"), 3))
    notice_id = (await admin.get("/system/notice/list"))["rows"][0]["noticeId"]
    assert (await reader.get(f"/system/notice/{notice_id}"))["code"] == 403
    listed = (await reader.post("/api/msg/v1/list", json={"pageNo": 1, "pageSize": 10, "orderMsg": False}))["data"]
    obj = listed["data"][0]["objId"]
    detail = (await reader.get("/admin/common_message/message_info", params={"objId": str(obj)}))["data"]
    assert detail["title"] == "【公告】系统升级" and detail["readed"] is True
    assert detail["noticeContent"] == "<p>今晚<b>升级</b></p>"
    assert (await reader.get("/admin/common_message/message"))["data"]["sysMsgNum"] == 0
