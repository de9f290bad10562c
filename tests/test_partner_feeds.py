"""The partner feeds declared on the resources (``Resource(partner=Partner(...))``, issue 11 §2): every feed
signed, idempotent by key, validated with its fields' rules, its uids and references checked; the special
rules (identity resubmission, referral trees and confirmed rows, upsert keys); the batch form and the month
partitions of chat records on PostgreSQL."""

from __future__ import annotations

import asyncio
import time
import uuid
from typing import Any

import orjson
import pytest
from tortoise import connections
from tortoise.models import Model

from core_api.account.auth.models import IdentityVerification
from core_api.account.consumer.models import AccountConsumer, AccountUserFriend
from core_api.account.records.models import Collection, LoginCheck, Release, ReleaseComment
from core_api.account.referral.models import Referral, Replenishment
from core_api.content.category.models import CommonCategory, Registration
from core_api.content.feedback.models import CommonFeedback
from core_api.content.message.models import CommonMessage, CommonMessageUser
from core_api.im.group.models import ImGroup, ImGroupMember
from core_api.im.record.models import ImRecord, ImRecordSingle
from core_api.moderation.intercept.models import WordsIntercept
from core_api.platform.models import ChangeLog, PartnerRequest
from core_api.platform.partner import partner_signature
from tests.conftest import BACKEND
from tests.test_partner_api import KEY, partner_post

P = "/api/partner/v1/"
UNKNOWN = 99_999

# path: (model, a valid record, a bad record and what its refusal says, the uid field, history kept)
FEEDS: dict[str, tuple[type[Model], dict[str, Any], dict[str, Any], str, str, bool]] = {
    "login_checks": (LoginCheck, {"uid": 1001, "checkType": "1", "result": "1", "reason": "验证码错误",
                                  "createTime": "2026-11-20 08:00:00"},
                     {"uid": 1001, "checkType": "9"}, "校验方式的取值不正确", "uid", True),
    "friends": (AccountUserFriend, {"uid": 1001, "friendUid": 1002, "remark": "同事", "source": "1",
                                    "createTime": "2026-11-20 08:00:00"},
                {"uid": 1001, "friendUid": 1001, "createTime": "2026-11-20 08:00:00"}, "不能添加自己为好友", "uid",
                True),
    "registrations": (Registration, {"uid": 1001, "name": "李四", "phone": "13800138000", "categoryId": 0,
                                      "content": "报名志愿者"},
                      {"uid": 1001, "name": "李四", "categoryId": 99999}, "所属组织不存在", "uid", True),
    "identity": (IdentityVerification, {"uid": 1001, "realName": "张三", "idNumber": "11010119900406123X"},
                 {"uid": 1001, "realName": "张三", "idNumber": "123"}, "身份证号", "uid", True),
    "collections": (Collection, {"uid": 1001, "targetType": "2", "targetId": 55, "title": "保温杯"},
                    {"uid": 1001, "targetType": "2"}, "内容编号不能为空", "uid", True),
    "releases": (Release, {"uid": 1001, "content": "今天天气不错", "city": "杭州", "likeCount": 3},
                 {"uid": 1001, "content": ""}, "内容", "uid", True),
    "release_comments": (ReleaseComment, {"releaseId": 0, "uid": 1002, "replyUid": 1001, "content": "同感"},
                         {"releaseId": 0, "uid": 1002, "content": "x" * 1001}, "评论内容", "uid", True),
    "referrals": (Referral, {"uid": 1003, "referrerUid": 1001, "source": "1"},
                  {"uid": 1003, "referrerUid": 1001, "source": "7"}, "来源的取值不正确", "referrerUid", True),
    "replenishments": (Replenishment, {"uid": 1002, "referrerUid": 1001, "orderNo": "NO20261120001",
                                       "amount": 1200, "reason": "补录订单"},
                       {"uid": 1002, "referrerUid": 1001, "orderNo": "N" * 33}, "订单号", "uid", True),
    "im_groups": (ImGroup, {"groupId": "g-new", "name": "新群", "ownerUid": 1001, "memberCount": 3},
                  {"groupId": "g-new", "name": "新群", "ownerUid": 1001, "maxMembers": 1}, "人数上限", "ownerUid",
                  True),
    "im_group_members": (ImGroupMember, {"groupId": "g1", "uid": 1002, "nick": "小二", "role": "member"},
                         {"groupId": "g1", "uid": 1002, "role": "boss"}, "角色的取值不正确", "uid", True),
    "im_records": (ImRecord, {"groupId": "g1", "fromUid": 1001, "content": "大家好",
                              "sentTime": "2026-11-20 09:00:00"},
                   {"groupId": "g1", "fromUid": 1001, "content": "无时间"}, "发送时间不能为空", "fromUid", False),
    "im_records_single": (ImRecordSingle, {"fromUid": 1002, "toUid": 1001, "content": "你好",
                                           "sentTime": "2026-11-20 09:00:00"},
                          {"fromUid": 1001, "toUid": 1001, "sentTime": "2026-11-20 09:00:00"},
                          "发送方和接收方不能是同一用户", "toUid", False),
    "intercepts": (WordsIntercept, {"uid": 1001, "word": "赌博", "category": "违法", "content": "来赌博吧",
                                    "scene": "group", "target": "g1"},
                   {"uid": 1001, "word": "赌博", "scene": "nowhere"}, "场景的取值不正确", "uid", True),
    "feedback": (CommonFeedback, {"uid": 1001, "type": "0", "content": "希望增加夜间模式", "contact": "微信 abc"},
                 {"uid": 1001, "content": "网址不对", "website": "not a site"}, "网址格式不正确", "uid", True),
    "message_reads": (CommonMessageUser, {"messageId": 0, "uid": 1001, "isRead": "1"},
                      {"messageId": 0, "uid": 1001, "isRead": "2"}, "已读的取值不正确", "uid", True),
}


@pytest.fixture
async def app(start_app, make_settings):
    """An app with the partner key, three app users, a posting, a group and a message to refer to."""
    client = await start_app(make_settings(chat_partner_key=KEY))
    for uid in (1001, 1002, 1003):
        answer, _ = await partner_post(client, P + "consumers", {"uid": uid, "nickName": f"用户{uid}"})
        assert answer["code"] == 200, answer
    release = await Release.create(uid=1001, content="第一条")
    await ImGroup.create(group_id="g1", name="一群", owner_uid=1001)
    message = await CommonMessage.create(title="系统通知", content="维护")
    frame = await CommonCategory.create(kind="frame", name="志愿者协会")
    org = await CommonCategory.create(kind="organisation", name="西湖分会", parent_id=frame.id, level=2)
    client.refs = {"releaseId": release.id, "messageId": message.id, "categoryId": org.id}  # type: ignore[attr-defined]
    return client


def body_of(client: Any, record: dict[str, Any]) -> dict[str, Any]:
    return {k: client.refs.get(k, v) if v == 0 else v for k, v in record.items()}


@pytest.mark.parametrize("path", list(FEEDS))
async def test_every_feed_is_signed_idempotent_and_validated(app, path):
    model, good, bad, refusal, uid_field, history = FEEDS[path]
    good, bad = body_of(app, good), body_of(app, bad)
    before = await model.all().count()
    first, _ = await partner_post(app, P + path, good, idem=f"{path}-1")
    assert first["code"] == 200, first
    assert await model.all().count() == before + 1
    # the same key and body: the first answer again, no second row
    again, response = await partner_post(app, P + path, good, idem=f"{path}-1")
    assert again == first and response.headers["Idempotent-Replayed"] == "true"
    assert await model.all().count() == before + 1
    # the same key with another body: refused
    other, _ = await partner_post(app, P + path, {**good, "content": "另一个"} if "content" in good else
                                  {**good, uid_field: 1003}, idem=f"{path}-1")
    assert other == {"code": 409, "msg": "幂等键已用于另一个请求，请换一个 Idempotency-Key"}
    # unsigned, wrongly signed, stale
    wrong, _ = await partner_post(app, P + path, good, key="another-key-" + "x" * 20)
    assert wrong == {"code": 401, "msg": "签名不正确"}
    stale, _ = await partner_post(app, P + path, good, timestamp=int(time.time()) - 600)
    assert stale == {"code": 401, "msg": "签名时间戳已过期或格式不正确"}
    plain = await app.post(P + path, json=good, headers={"Idempotency-Key": f"{path}-plain"})
    assert (await plain.json())["code"] == 401
    # a bad body, an unknown field, an unknown app user: a clear refusal, nothing written
    refused, _ = await partner_post(app, P + path, bad, idem=f"{path}-bad")
    assert refused["code"] == 500 and refusal in refused["msg"], refused
    extra, _ = await partner_post(app, P + path, {**good, "shelf": "0"})
    assert extra["code"] == 500 and "shelf" in extra["msg"], extra
    stranger, _ = await partner_post(app, P + path, {**good, uid_field: UNKNOWN})
    assert stranger["code"] == 500 and stranger["msg"].endswith(f"{UNKNOWN} 不存在"), stranger
    assert await model.all().count() == before + 1
    assert not await PartnerRequest.filter(idem_key=f"{path}-bad").exists()  # a failed call frees its key
    if history:
        logs = await ChangeLog.filter(record_id=first["data"]["id"], actor="partner").values("action", "note")
        assert logs == [{"action": "create", "note": f"partner:{path}"}]
    else:  # the chat records keep no history and answer no id
        assert first["data"]["id"] is None
        assert not await ChangeLog.filter(actor="partner", note=f"partner:{path}").exists()


# Feeds that act for their user (posting, adding, submitting) and the records of what happened in the app.
ACTING = ("feedback", "releases", "release_comments", "collections", "identity", "friends", "registrations")
RECORDS = ("login_checks", "intercepts", "im_records", "im_records_single", "referrals", "message_reads")


@pytest.mark.parametrize("flag, refusal", [("frozen", "已被冻结，不能执行该操作"),
                                           ("usable", "不可用（已被停用），不能执行该操作")],
                         ids=["frozen", "unusable"])
async def test_a_frozen_or_unusable_user_posts_nothing(app, flag, refusal):
    value = "1" if flag == "frozen" else "0"
    await AccountConsumer.filter(uid__in=(1001, 1002, 1003)).update(**{flag: value})
    for path in ACTING:
        model, good, *_ = FEEDS[path]
        good = body_of(app, good)
        before = await model.all().count()
        refused, _ = await partner_post(app, P + path, good)
        assert refused == {"code": 500, "msg": f"用户 {good['uid']} {refusal}"}, path
        assert await model.all().count() == before, path
    await Collection.create(uid=1001, target_type="2", target_id=55, title="保温杯")
    kept, _ = await partner_post(app, P + "collections/remove", {"uid": 1001, "targetType": "2", "targetId": 55})
    assert kept == {"code": 500, "msg": f"用户 1001 {refusal}"} and await Collection.exists(uid=1001)
    # What happened in the app is still recorded (its sign-in checks, its chat, its intercepted words).
    for path in RECORDS:
        model, good, *_ = FEEDS[path]
        recorded, _ = await partner_post(app, P + path, body_of(app, good))
        assert recorded["code"] == 200, (path, recorded)


async def test_twenty_parallel_identical_feed_requests_make_one_row(app):
    body = {"uid": 1001, "word": "诈骗", "scene": "single", "target": "1002"}
    results = await asyncio.gather(*(partner_post(app, P + "intercepts", body, idem="same-intercept")
                                     for _ in range(20)))
    answers = [r[0] for r in results]
    assert answers[0]["code"] == 200 and all(a == answers[0] for a in answers)
    assert await WordsIntercept.filter(word="诈骗").count() == 1
    assert sum(1 for r in results if r[1].headers.get("Idempotent-Replayed")) == 19


async def test_identity_submission_pending_rejected_passed(app):
    path = P + "identity"
    body = {"uid": 1002, "realName": "李四", "idNumber": "110101199001061234", "frontImage": "/f/1.png"}
    first, _ = await partner_post(app, path, body)
    assert first["data"]["created"] is True
    row = await IdentityVerification.get(id=first["data"]["id"])
    assert (row.status, row.create_by) == ("0", "partner")
    # still pending: the same submission is corrected in place
    fixed, _ = await partner_post(app, path, {**body, "realName": "李肆"})
    assert fixed["data"] == {"id": row.id, "created": False}
    assert (await IdentityVerification.get(id=row.id)).real_name == "李肆"
    # rejected: a resubmission is a new pending row, the rejected one stays
    await IdentityVerification.filter(id=row.id).update(status="2")
    again, _ = await partner_post(app, path, body)
    assert again["data"]["created"] is True and again["data"]["id"] != row.id
    assert [r.status for r in await IdentityVerification.filter(uid=1002).order_by("id")] == ["2", "0"]
    # passed: final
    await IdentityVerification.filter(id=again["data"]["id"]).update(status="1")
    refused, _ = await partner_post(app, path, body)
    assert refused == {"code": 500, "msg": "该用户已通过实名认证，不能重复提交"}
    assert await IdentityVerification.filter(uid=1002).count() == 2


async def test_ten_submissions_of_one_uid_under_ten_keys_make_one_pending_row(app):
    """Ten different requests (ten idempotency keys) racing for one natural key: one creates the row, the
    others find it and correct it in place; never two pending submissions of one user."""
    path = P + "identity"
    bodies = [{"uid": 1003, "realName": f"王{i}", "idNumber": "110101199001061234"} for i in range(10)]
    answers = [r[0] for r in await asyncio.gather(*(partner_post(app, path, b) for b in bodies))]
    assert all(a["code"] == 200 for a in answers), answers
    assert sum(a["data"]["created"] for a in answers) == 1
    rows = await IdentityVerification.filter(uid=1003).values_list("status", flat=True)
    assert rows == ["0"]


async def test_referrals_refuse_self_cycles_and_confirmed_rows(app):
    path = P + "referrals"
    assert (await partner_post(app, path, {"uid": 1002, "referrerUid": 1001}))[0]["code"] == 200
    assert (await partner_post(app, path, {"uid": 1003, "referrerUid": 1002}))[0]["code"] == 200
    own, _ = await partner_post(app, path, {"uid": 1001, "referrerUid": 1001})
    assert own == {"code": 500, "msg": "推荐人UID不能是用户本人"}
    cycle, _ = await partner_post(app, path, {"uid": 1001, "referrerUid": 1003})
    assert cycle == {"code": 500, "msg": "推荐人UID会形成循环关系"}
    moved, _ = await partner_post(app, path, {"uid": 1003, "referrerUid": 1001})
    assert moved["data"]["created"] is False
    assert (await Referral.get(uid=1003)).referrer_uid == 1001
    await Referral.filter(uid=1003).update(status="1")
    final, _ = await partner_post(app, path, {"uid": 1003, "referrerUid": 1002})
    assert final == {"code": 500, "msg": "该推荐关系已确认，不能修改"}
    assert await Referral.all().count() == 2
    changes = await ChangeLog.filter(resource="account_recommend", action="update").values_list("changes", flat=True)
    assert changes == [{"referrerUid": [1002, 1001]}]


async def test_upserts_by_natural_key_and_updates_by_id(app):
    collect = {"uid": 1001, "targetType": "1", "targetId": 7, "title": "旧"}
    first, _ = await partner_post(app, P + "collections", collect)
    second, _ = await partner_post(app, P + "collections", {**collect, "title": "新"})
    assert second["data"] == {"id": first["data"]["id"], "created": False}
    assert [c.title for c in await Collection.all()] == ["新"]
    message_id = app.refs["messageId"]
    unread, _ = await partner_post(app, P + "message_reads", {"messageId": message_id, "uid": 1002})
    read, _ = await partner_post(app, P + "message_reads", {"messageId": message_id, "uid": 1002, "isRead": "1"})
    assert read["data"]["id"] == unread["data"]["id"]
    row = await CommonMessageUser.get(id=read["data"]["id"])
    assert row.is_read == "1" and row.read_time is not None
    gone, _ = await partner_post(app, P + "message_reads", {"messageId": 987654, "uid": 1002})
    assert gone == {"code": 500, "msg": "消息不存在"}
    release_id = app.refs["releaseId"]
    liked, _ = await partner_post(app, P + "releases", {"id": release_id, "uid": 1001, "content": "第一条",
                                                         "likeCount": 9, "commentCount": 1})
    assert liked["data"] == {"id": release_id, "created": False}
    assert (await Release.get(id=release_id)).like_count == 9
    missing, _ = await partner_post(app, P + "releases", {"id": 987654, "uid": 1001, "content": "x"})
    assert missing == {"code": 500, "msg": "用户发布记录不存在"}
    orphan, _ = await partner_post(app, P + "release_comments", {"releaseId": 987654, "uid": 1002, "content": "?"})
    assert orphan == {"code": 500, "msg": "发布编号 987654 不存在"}
    member, _ = await partner_post(app, P + "im_group_members", {"groupId": "nope", "uid": 1002})
    assert member == {"code": 500, "msg": "群号 nope 不存在"}
    group, _ = await partner_post(app, P + "im_groups", {"groupId": "g1", "name": "改名", "ownerUid": 1002,
                                                          "memberCount": 2, "notice": "群公告：周五聚餐"})
    assert group["data"]["created"] is False
    assert (await ImGroup.get(group_id="g1")).name == "改名"
    replen = {"uid": 1002, "referrerUid": 1001, "orderNo": "NO-1", "amount": 100}
    assert (await partner_post(app, P + "replenishments", replen))[0]["data"]["created"] is True
    await Replenishment.filter(order_no="NO-1").update(status="1")
    assert (await partner_post(app, P + "replenishments", {**replen, "amount": 200}))[0] == {
        "code": 500, "msg": "该补单已确认，不能修改"}


async def test_chat_records_in_batches(app):
    records = [{"fromUid": 1001, "toUid": 1002, "content": f"消息{n}", "sentTime": when}
               for n, when in enumerate(["2026-10-31 23:59:59", "2026-11-01 00:00:00", "2026-11-15 12:00:00"])]
    done, _ = await partner_post(app, P + "im_records_single/batch", {"records": records})
    assert done["code"] == 200 and done["data"] == {"count": 3, "created": 3, "updated": 0, "ids": []}
    rows = await ImRecordSingle.all().order_by("sent_time").values("conversation", "content")
    assert [r["conversation"] for r in rows] == ["1001_1002"] * 3
    # one bad record: the whole batch is refused, naming it
    bad = [*records, {"fromUid": 1002, "toUid": UNKNOWN, "sentTime": "2026-11-16 00:00:00"}]
    refused, _ = await partner_post(app, P + "im_records_single/batch", {"records": bad})
    assert refused == {"code": 500, "msg": f"记录第4条：接收方UID {UNKNOWN} 不存在"}
    shape, _ = await partner_post(app, P + "im_records_single/batch", {"records": [records[0], {"fromUid": 1001}]})
    assert shape["code"] == 500 and shape["msg"].startswith("记录第2条："), shape
    too_many, _ = await partner_post(app, P + "im_records/batch", {"records": [
        {"groupId": "g1", "fromUid": 1001, "sentTime": "2026-11-01 00:00:00"}] * 501})
    assert too_many["code"] == 500 and "500" in too_many["msg"], too_many
    assert await ImRecordSingle.all().count() == 3 and not await ImRecord.exists()
    group = [{"groupId": "g1", "fromUid": 1001 + n % 2, "content": f"群{n}", "msgType": "system" if n == 0 else "text",
              "sentTime": f"2026-{10 + n % 2}-0{n + 1} 10:00:00"} for n in range(4)]
    assert (await partner_post(app, P + "im_records/batch", {"records": group}))[0]["data"]["count"] == 4
    if BACKEND == "postgres":
        conn = connections.get("default")
        parts = await conn.execute_query_dict(
            "SELECT tableoid::regclass::text AS part, content FROM im_record_single ORDER BY sent_time")
        assert [p["part"] for p in parts] == ["im_record_single_p202610", "im_record_single_p202611",
                                              "im_record_single_p202611"]
        parts = await conn.execute_query_dict(
            "SELECT tableoid::regclass::text AS part, content FROM im_record ORDER BY content")
        assert [p["part"] for p in parts] == ["im_record_p202610", "im_record_p202611", "im_record_p202610",
                                              "im_record_p202611"]


async def test_a_full_batch_of_chat_records_lands_once(app):
    """500 records over two months in one statement (issue 29 §3); the batch sent again under its key answers the
    same and writes nothing; a bad last record keeps every other record of its batch out."""
    records = [{"fromUid": 1001 + n % 3, "toUid": 1001 + (n + 1) % 3, "content": f"第{n}条", "msgType": "text",
                "sentTime": f"2026-{10 + n % 2}-{1 + n % 28:02d} 08:{n % 60:02d}:00", "read": str(n % 2)}
               for n in range(500)]
    first, _ = await partner_post(app, P + "im_records_single/batch", {"records": records}, idem="chat-500")
    assert first["data"] == {"count": 500, "created": 500, "updated": 0, "ids": []}
    again, _ = await partner_post(app, P + "im_records_single/batch", {"records": records}, idem="chat-500")
    assert again == first and await ImRecordSingle.all().count() == 500
    rows = await ImRecordSingle.filter(content="第7条").values("from_uid", "to_uid", "conversation", "read", "shelf")
    assert rows == [{"from_uid": 1002, "to_uid": 1003, "conversation": "1002_1003", "read": "1", "shelf": "1"}]
    bad = [{**r, "content": f"另{n}"} for n, r in enumerate(records[:499])] + [{**records[0], "toUid": 1001}]
    refused, _ = await partner_post(app, P + "im_records_single/batch", {"records": bad})
    assert refused == {"code": 500, "msg": "记录第500条：发送方和接收方不能是同一用户"}
    assert await ImRecordSingle.all().count() == 500


async def test_batch_with_history_and_replay(app):
    checks = [{"uid": 1001 + n, "checkType": "2", "result": "0", "device": f"d{n}"} for n in range(3)]
    first, _ = await partner_post(app, P + "login_checks/batch", {"records": checks}, idem="checks-1")
    assert first["data"]["count"] == 3 and len(first["data"]["ids"]) == 3
    again, _ = await partner_post(app, P + "login_checks/batch", {"records": checks}, idem="checks-1")
    assert again == first and await LoginCheck.all().count() == 3
    assert await ChangeLog.filter(resource="AccountLoginCheck", actor="partner").count() == 3


async def test_feeds_are_documented(app):
    document = await (await app.get("/openapi.json")).json()
    for path in FEEDS:
        op = document["paths"][P + path]["post"]
        assert op["tags"] == ["partner"] and op["security"] == [{"partnerSignature": []}], path
        ref = op["requestBody"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]
        assert document["components"]["schemas"][ref]["additionalProperties"] is False
    assert "records" in document["components"]["schemas"]["PartnerNoticeImRecordBatch"]["properties"]


async def test_raw_signature_over_exact_bytes(app):
    # the signature covers the bytes sent: whitespace the client chose is part of it
    path = P + "feedback"
    data = b'{ "uid": 1001,\n  "content": "\xe5\xa5\xbd" }'
    ts, key = str(int(time.time())), uuid.uuid4().hex
    response = await app.post(path, data=data, headers={
        "Content-Type": "application/json", "X-Partner-Timestamp": ts, "Idempotency-Key": key,
        "X-Partner-Signature": partner_signature(KEY, ts, "POST", path, data, key)})
    assert (await response.json())["code"] == 200
    assert (await CommonFeedback.get(uid=1001)).content == orjson.loads(data)["content"]


async def test_remove_by_key(app):
    collect = {"uid": 1001, "targetType": "1", "targetId": 8}
    made, _ = await partner_post(app, P + "collections", {**collect, "title": "收藏"})
    gone, _ = await partner_post(app, P + "collections/remove", collect)
    assert gone["data"] == {"removed": 1} and not await Collection.exists()
    again, _ = await partner_post(app, P + "collections/remove", collect)
    assert again["data"] == {"removed": 0}
    logs = await ChangeLog.filter(resource="AccountUserCollect", record_id=made["data"]["id"]).order_by("id")
    assert [(c.action, c.actor) for c in logs] == [("create", "partner"), ("delete", "partner")]
    await partner_post(app, P + "im_group_members", {"groupId": "g1", "uid": 1002})
    left, _ = await partner_post(app, P + "im_group_members/remove", {"groupId": "g1", "uid": 1002})
    assert left["data"] == {"removed": 1} and not await ImGroupMember.exists()
    bad, _ = await partner_post(app, P + "im_group_members/remove", {"groupId": "g1"})
    assert bad == {"code": 500, "msg": "用户UID不能为空", "fields": {"uid": "用户UID不能为空"}}
