"""In-app messages (issue 11 §3): add_message v1 (every app user) and v2 (chosen uids) store the message and
a worker fans it out in batches with its progress; the per-user rows' read flag; bad input; permissions."""

from __future__ import annotations

from datetime import UTC, datetime

from core_api.account.consumer.models import AccountConsumer
from core_api.content.message.models import CommonMessage, CommonMessageUser
from core_api.content.message.service import fan_out
from tests.conftest import OK, Refused, app_users, eventually
from tests.test_escalation import make_role, make_user, sign_in


async def sent(message_id: int) -> bool:
    row = await CommonMessage.get(id=message_id)
    return row.push_status == "2"


async def test_v2_fans_out_2500_users_in_batches(admin):
    uids = list(range(100_001, 102_501)) + [100_001]  # a repeated uid counts once
    await app_users(*uids)
    added = await admin.post("/admin/common_message/v2/add_message",
                             json={"title": "活动通知", "content": "双十一", "type": "1", "uids": uids})
    assert added["code"] == 200
    message_id = added["data"]["id"]
    await eventually(lambda: sent(message_id), timeout=30)
    row = await CommonMessage.get(id=message_id)
    assert (row.target, row.sent, row.total, row.create_by) == ("users", 2500, 2500, "admin")
    assert await CommonMessageUser.filter(message_id=message_id).count() == 2500
    assert await CommonMessageUser.filter(message_id=message_id, uid=102_500, is_read="0").exists()
    # a redelivered event adds nothing
    assert await fan_out({"messageId": message_id}) == 2500
    assert await CommonMessageUser.filter(message_id=message_id).count() == 2500
    listed = await admin.get("/admin/CommonMessage/list", params={"pushStatus": "2"})
    assert listed["total"] == 1 and listed["rows"][0]["sent"] == 2500
    history = (await admin.get(f"/admin/CommonMessage/history/{message_id}"))["data"]
    assert history[0]["action"] == "create"


async def test_v1_sends_to_every_app_user_and_read_flag(admin):
    now = datetime.now(UTC)
    for uid in (501, 502, 503):
        await AccountConsumer.create(uid=uid, nick_name=f"用户{uid}", invite_code=f"I{uid}", register_time=now)
    await AccountConsumer.create(uid=504, nick_name="冻结", invite_code="I504", register_time=now, frozen="1")
    added = await admin.post("/admin/common_message/add_message", json={"title": "系统维护", "content": "今晚"})
    assert added["code"] == 200
    message_id = added["data"]["id"]
    await eventually(lambda: sent(message_id), timeout=30)
    rows = await CommonMessageUser.filter(message_id=message_id).order_by("uid").values_list("uid", flat=True)
    assert rows == [501, 502, 503]
    row = (await admin.get("/admin/CommonMessageUser/list", params={"uid": "502"}))["rows"][0]
    assert row["isRead"] == "0" and row["readTime"] is None
    assert await admin.put("/admin/CommonMessageUser", json={"id": row["id"], "isRead": "1"}) == OK
    read = await CommonMessageUser.get(id=row["id"])
    assert read.is_read == "1" and read.read_time is not None
    dup = await admin.post("/admin/CommonMessageUser", json={"messageId": message_id, "uid": 501})
    assert dup == {"code": 500, "msg": "该用户已有这条消息"}
    assert (await admin.post("/admin/CommonMessageUser", json={"messageId": 999999, "uid": 501})) == \
        {"code": 500, "msg": "消息不存在"}
    assert (await admin.post("/admin/CommonMessageUser", json={"messageId": message_id, "uid": 99999999})) == \
        Refused("用户UID：用户 99999999 不存在")


async def test_bad_input_and_permissions(admin):
    for path, body, message in [
        ("/admin/common_message/add_message", {"title": ""}, "标题长度不能少于1个字符"),
        ("/admin/common_message/add_message", {"title": " "}, "标题不能为空"),
        ("/admin/common_message/add_message", {"title": "t", "type": "9"}, "消息类型的取值不正确"),
        ("/admin/common_message/v2/add_message", {"title": "t", "uids": []}, "接收用户"),
        ("/admin/common_message/v2/add_message", {"title": "t", "uids": [0]}, "接收用户的UID不正确"),
        ("/admin/common_message/v2/add_message", {"title": "t", "uids": ["x"]}, "接收用户"),
        ("/admin/common_message/v2/add_message", {"title": "t"}, "接收用户"),
    ]:
        answer = await admin.post(path, json=body)
        assert answer["code"] == 500 and message in answer["msg"], (path, body, answer)
    assert await CommonMessage.all().count() == 0
    role = await make_role(admin, "msg_viewer", ("content:message:list", "content:messageUser:list"))
    await make_user(admin, "msgviewer", 103, [role.role_id])
    viewer = await sign_in(admin, "msgviewer")
    assert (await viewer.get("/admin/CommonMessage/list"))["total"] == 0
    denied = {"code": 403, "msg": "当前操作没有权限"}
    assert await viewer.post("/admin/common_message/add_message", json={"title": "t"}) == denied
    assert await viewer.post("/admin/common_message/v2/add_message", json={"title": "t", "uids": [1]}) == denied
    assert await CommonMessage.all().count() == 0


async def test_a_message_whose_event_was_lost_is_sent_by_the_sweep(admin):
    """The process died between storing a message and publishing its fan-out (or a worker died half-way):
    the five-minute system job publishes it again, and only it."""
    from datetime import timedelta

    from core_api.monitor.job.models import SysJob, SysJobLog

    old = datetime.now(UTC) - timedelta(minutes=3)
    lost = await CommonMessage.create(title="丢失的推送", target="users", target_uids=[701, 702], total=2,
                                      create_time=old)
    stalled = await CommonMessage.create(title="中断的推送", target="users", target_uids=[703], total=1,
                                         push_status="1", create_time=old, update_time=old - timedelta(minutes=10))
    busy = await CommonMessage.create(title="正在推送", target="users", target_uids=[704], total=1,
                                      push_status="1", create_time=old, update_time=datetime.now(UTC))
    fresh = await CommonMessage.create(title="刚刚添加", target="users", target_uids=[705], total=1)
    job = await SysJob.get(invoke_target="resendStuckMessages")
    assert (job.status, job.cron_expression) == ("0", "0 0/5 * * * ?")
    assert (await admin.put("/monitor/job/run", json={"jobId": job.job_id}))["code"] == 200
    await eventually(lambda: SysJobLog.filter(job_id=job.job_id).exists())
    assert (await SysJobLog.get(job_id=job.job_id)).job_message == "重新派发 2 条站内消息"
    await eventually(lambda: sent(lost.id), timeout=30)
    await eventually(lambda: sent(stalled.id), timeout=30)
    assert await CommonMessageUser.filter(message_id=lost.id).count() == 2
    for untouched in (busy, fresh):
        row = await CommonMessage.get(id=untouched.id)
        rows = await CommonMessageUser.filter(message_id=row.id).count()
        assert (row.push_status, rows) == (untouched.push_status, 0)
