"""Redeem codes (issue 11 §3): the list by POST, generating a batch, redeeming once (also 20 at once), bad input,
permissions."""

from __future__ import annotations

import asyncio
import datetime as dt

import pytest

from core_api.content.cdkey.models import CdkeyRecord
from core_api.content.cdkey.routes import ALPHABET, redeem
from core_api.platform.clock import Clock
from core_api.platform.errors import ServiceError
from tests.conftest import Refused
from tests.test_escalation import make_role, make_user, sign_in

LATER = (dt.datetime.now(dt.UTC) + dt.timedelta(days=30)).strftime("%Y-%m-%d %H:%M:%S")


async def test_generate_list_and_redeem_once(admin):
    made = await admin.post("/admin/CdkeyRecord/generate",
                            json={"count": 500, "rewardType": "balance", "amount": 1000, "expireTime": LATER})
    assert made["code"] == 200 and made["data"]["count"] == 500
    batch = made["data"]["batchNo"]
    codes = await CdkeyRecord.filter(batch_no=batch).values_list("code", flat=True)
    assert len(set(codes)) == 500 and all(len(c) == 16 and set(c) <= set(ALPHABET) for c in codes)  # type: ignore[arg-type]
    page = await admin.post("/admin/CdkeyRecord/list", json={"batchNo": batch, "pageSize": 10})
    assert page["total"] == 500 and len(page["rows"]) == 10 and page["rows"][0]["status"] == "0"
    code = str(codes[0])
    answers = await asyncio.gather(*[redeem(code, 7000 + n, Clock()) for n in range(20)], return_exceptions=True)
    winners = [a for a in answers if not isinstance(a, BaseException)]
    assert len(winners) == 1 and winners[0].amount == 1000 and winners[0].reward_type == "balance"
    assert {str(a) for a in answers if isinstance(a, ServiceError)} == {"兑换码已被使用"}
    row = await CdkeyRecord.get(code=code)
    assert row.status == "1" and 7000 <= row.redeemed_by < 7020 and row.redeemed_time is not None
    with pytest.raises(ServiceError, match="兑换码不存在"):
        await redeem("NOPE", 1, Clock())
    page = await admin.post("/admin/CdkeyRecord/list", json={"status": "1"})
    assert page["total"] == 1 and page["rows"][0]["code"] == code
    # a redeemed code cannot be edited; a void or off-shelf one cannot be redeemed
    assert (await admin.put("/admin/CdkeyRecord", json={"id": row.id, "rewardType": "points", "amount": 1}))["msg"] == \
        "兑换码已兑换，不能修改"
    other = await CdkeyRecord.get(code=str(codes[1]))
    assert (await admin.put("/admin/CdkeyRecord", json={"id": other.id, "rewardType": "balance", "amount": 1000,
                                                        "status": "2"}))["code"] == 200
    with pytest.raises(ServiceError, match="兑换码已失效"):
        await redeem(other.code, 1, Clock())
    third = await CdkeyRecord.get(code=str(codes[2]))
    await admin.get(f"/admin/CdkeyRecord/shelf/{third.id}")
    with pytest.raises(ServiceError, match="兑换码已失效"):
        await redeem(third.code.lower(), 1, Clock())


async def test_expired_code_and_manual_create(admin):
    created = await admin.post("/admin/CdkeyRecord", json={"rewardType": "points", "amount": 5,
                                                           "expireTime": "2000-01-01 00:00:00"})
    assert created["code"] == 200
    row = await CdkeyRecord.get(id=created["data"]["id"])
    assert len(row.code) == 16 and row.batch_no == "manual" and row.status == "0"
    with pytest.raises(ServiceError, match="兑换码已过期"):
        await redeem(row.code, 1, Clock())
    assert (await CdkeyRecord.get(id=row.id)).status == "0"


async def test_bad_input_and_permissions(admin):
    for body, message in [
        ({"count": 10001, "rewardType": "balance", "amount": 1}, "数量"),
        ({"count": 0, "rewardType": "balance", "amount": 1}, "数量"),
        ({"count": 5, "rewardType": "gold", "amount": 1}, "奖励类型的取值不正确"),
        ({"count": 5, "rewardType": "balance", "amount": 0}, "奖励数量"),
        ({"count": 5, "rewardType": "balance", "amount": 1, "expireTime": "2000-01-01 00:00:00"}, "过期时间必须晚于"),
    ]:
        answer = await admin.post("/admin/CdkeyRecord/generate", json=body)
        assert answer["code"] == 500 and message in answer["msg"], (body, answer)
    assert (await admin.post("/admin/CdkeyRecord", json={"rewardType": "balance", "amount": 1, "code": "X"})) == \
        Refused("不允许修改兑换码")
    assert await CdkeyRecord.all().count() == 0
    role = await make_role(admin, "ck_viewer", ("content:cdkey:list", "content:cdkey:query"))
    await make_user(admin, "ckviewer", 103, [role.role_id])
    viewer = await sign_in(admin, "ckviewer")
    assert (await viewer.post("/admin/CdkeyRecord/list", json={}))["total"] == 0
    denied = await viewer.post("/admin/CdkeyRecord/generate", json={"count": 5, "rewardType": "balance", "amount": 1})
    assert denied == {"code": 403, "msg": "当前操作没有权限"}
    assert await CdkeyRecord.all().count() == 0
