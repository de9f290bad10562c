"""The chat desk's and the message centre's calls as the console makes them (through the BFF, issue 27 §1): their
real answers match the answer models the core declares for them (contract/messaging.py), strictly: no string for a
number, no null where a value is promised, every promised key there."""

from __future__ import annotations

from pydantic import BaseModel

from core_api.messaging.models import SysMessage
from core_api.platform.contract.messaging import (
    CentreMessageOut,
    CentrePageOut,
    ChatHistoryOut,
    ChatRoomsOut,
    ChatSentOut,
    CountsAndTokenOut,
    DeskBadgeOut,
    EmojiOut,
    MessageCountsOut,
    UploadCredentialsOut,
)
from ops.chat_sim import ChatPeer
from tests.conftest import bearer, eventually
from tests.test_bff import bff_login, start_bff
from tests.test_chat import KEY, url_of
from tests.test_messages import NOTICE

DESK_VIEW = {"pageNo": 1, "pageSize": 10}


def declared(model: type[BaseModel], answer: dict) -> dict:
    """The answer, after checking it is exactly what ``model`` declares (strict: no coercion)."""
    assert answer["code"] == 200, answer
    model.model_validate(answer, strict=True)
    return answer["data"]


async def test_the_desk_answers_what_it_declares(aiohttp_client, start_app, make_settings):
    settings = make_settings(chat_partner_key=KEY)
    core = await start_app(settings)
    bff = await start_bff(aiohttp_client, core, settings)
    auth = bearer((await bff_login(bff))["data"]["token"])

    async def call(method: str, path: str, **kw) -> dict:
        return await (await bff.request(method, f"/bff/api{path}", headers=auth, **kw)).json()

    peer = await ChatPeer.sign_in(url_of(core), KEY, "user", 7, "小明", "/profile/avatar/x.png")
    await peer.connect()
    assert (await peer.say("你好😀"))["code"] == 200
    rooms = declared(ChatRoomsOut, await call("POST", "/admin/chat/v1/rooms", json=DESK_VIEW))
    room = rooms["data"][0]
    assert (room["toName"], room["messageNum"], room["lastMessage"], room["status"]) == ("小明", 1, "你好😀", "open")
    history = declared(ChatHistoryOut, await call("POST", "/admin/chat/v1/history",
                                                  json={**DESK_VIEW, "shopId": room["shopId"]}))
    said = history["data"][0]
    assert [s["type"] for s in said["content"]] == ["txt", "img"] and said["self"] is False
    assert said["userNickName"] == "小明" and said["receiveUid"] == 7
    sent = declared(ChatSentOut, await call("POST", "/admin/single/send", json={
        "toShopId": room["shopId"], "receiveUid": 7, "toShopType": 0, "messageType": "friend", "contentType": "txt",
        "content": [{"type": "txt", "txt": "您好"}], "clientMsgId": "reply-1"}))
    assert sent["self"] is True and sent["clientMsgId"] == "reply-1" and sent["content"] == [{"type": "txt",
                                                                                             "txt": "您好"}]
    assert declared(DeskBadgeOut, await call("POST", "/admin/chat/v1/read", json={"shopId": room["shopId"]})) == {
        "badgeNum": 0}
    emoji = declared(EmojiOut, await call("GET", "/admin/chat/v1/emoji"))
    assert emoji[0]["icon"].startswith("/chat/emoji/") and emoji[0]["id"] == 1
    upload = declared(UploadCredentialsOut, await call("GET", "/admin/open/v1/qiniu_upload",
                                                       params={"folder": "chat"}))
    assert upload["folderPath"] == "chat/"
    await peer.close()


async def test_the_message_centre_answers_what_it_declares(aiohttp_client, start_app, make_settings):
    settings = make_settings()
    core = await start_app(settings)
    bff = await start_bff(aiohttp_client, core, settings)
    auth = bearer((await bff_login(bff))["data"]["token"])

    async def call(method: str, path: str, **kw) -> dict:
        return await (await bff.request(method, f"/bff/api{path}", headers=auth, **kw)).json()

    assert (await call("POST", "/system/notice", json=NOTICE))["code"] == 200

    async def arrived() -> bool:
        return await SysMessage.filter(kind="sys").count() >= 1

    await eventually(arrived)
    counts = declared(CountsAndTokenOut, await call("GET", "/admin/common_message/message"))
    assert counts["sysMsgNum"] == 1 and counts["orderMsgNum"] == 0 and counts["token"]
    listed = declared(CentrePageOut, await call("POST", "/api/msg/v1/list",
                                                json={"pageNo": 1, "pageSize": 10, "orderMsg": False}))
    message = listed["data"][0]
    assert message["title"] == "【公告】系统升级" and message["readed"] is False and listed["total"] == 1
    detail = declared(CentreMessageOut, await call("GET", "/admin/common_message/message_info",
                                                   params={"objId": message["objId"]}))
    assert detail["noticeContent"] == "<p>今晚升级</p>" and detail["readed"] is True
    assert declared(MessageCountsOut, await call("POST", "/api/msg/v1/del_read", json={
        "messageIds": [message["objId"]], "del": False})) == {"sysMsgNum": 0, "orderMsgNum": 0}
    # another's message or none: refused in the envelope
    missing = await call("GET", "/admin/common_message/message_info", params={"objId": message["objId"] + 99})
    assert missing == {"code": 404, "msg": "访问资源不存在"}
    assert (await call("POST", "/api/msg/v1/list", json={"pageNo": 0}))["code"] == 500
