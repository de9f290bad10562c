"""Redeem codes (CdkeyRecord): the declaration (its list by POST), generating a batch, and redeeming.

A code is 16 characters drawn by ``secrets`` from an alphabet without look-alikes (no 0/O, 1/I/L): about 80
bits, not guessable. A code is redeemed once: one conditional update moves it from unused to redeemed, so of
any number of simultaneous redemptions exactly one wins. The partner-facing call that redeems is built
elsewhere; it calls ``redeem``."""

from __future__ import annotations

import datetime as dt
import secrets
from dataclasses import dataclass
from typing import Any

from aiohttp import web
from pydantic import Field
from tortoise.expressions import Q
from tortoise.transactions import in_transaction

from core_api.content.cdkey.models import CdkeyRecord
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.clock import Clock
from core_api.platform.counts import changed
from core_api.platform.envelope import ok
from core_api.platform.errors import ServiceError
from core_api.platform.resource import SHELF_ON, F, Resource
from core_api.platform.schema import Flag, Schema, english
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import CLOCK, DICT

UNUSED, REDEEMED, VOID = "0", "1", "2"
ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 16
MAX_BATCH = 10_000


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


async def check(request: web.Request, values: dict[str, Any], before: dict[str, Any] | None) -> None:
    if before is not None and values and before["status"] == REDEEMED:
        raise ServiceError("兑换码已兑换，不能修改")
    if before is None and values:
        values.setdefault("code", new_code())
        values.setdefault("batch_no", "manual")


resource = Resource(
    name="CdkeyRecord", model=CdkeyRecord, perm="content:cdkey", title="兑换码", title_en="Redeem codes",
    view="content/cdkey/index", list_method="POST", check=check, duplicate="兑换码已存在",
    fields=[
        F("id", "编号", "ID", "id", edit="never", sortable=True),
        F("batch_no", "批次号", "Batch", edit="never", filter="exact"),
        F("code", "兑换码", "Code", edit="never", filter="exact"),
        F("reward_type", "奖励类型", "Reward type", "dict", dict_type="biz_cdkey_reward", required=True,
          filter="exact"),
        F("amount", "奖励数量", "Amount", "int", required=True, min=1, max=100_000_000),
        F("status", "状态", "Status", "dict", dict_type="biz_cdkey_status", filter="exact", default=UNUSED),
        F("redeemed_by", "兑换用户UID", "Redeemed by", "uid", edit="never", filter="exact"),
        F("redeemed_time", "兑换时间", "Redeemed at", "datetime", edit="never"),
        F("expire_time", "过期时间", "Expires at", "datetime"),
        F("shelf", "上架", "On shelf", "flag", dict_type="biz_shelf", edit="never", filter="exact"),
        F("create_time", "创建时间", "Created at", "datetime", edit="never", filter="range", sortable=True),
    ],
)
api = Api("content-cdkey")


class GenerateBody(Schema):
    count: int = Field(ge=1, le=MAX_BATCH, title="数量")
    reward_type: Flag = Field(max_length=16, title="奖励类型")
    amount: int = Field(ge=1, le=100_000_000, title="奖励数量")
    expire_time: dt.datetime | None = Field(None, title="过期时间")


@api.post("/admin/CdkeyRecord/generate", need=any_perm("content:cdkey:add"),
          summary="Generate a batch of redeem codes (at most 10000)", log=OperLogSpec("兑换码", BusinessType.INSERT))
async def generate(request: web.Request, principal: Principal, body: GenerateBody) -> web.Response:
    allowed = {d["dictValue"] for d in await request.app[DICT].data_by_type("biz_cdkey_reward")}
    if body.reward_type not in allowed:
        raise ServiceError("奖励类型的取值不正确")
    now = request.app[CLOCK].now()
    if body.expire_time is not None and body.expire_time.astimezone(dt.UTC) <= now:
        raise ServiceError("过期时间必须晚于当前时间")
    batch_no = now.strftime("%Y%m%d%H%M%S") + secrets.token_hex(3).upper()
    codes: set[str] = set()
    while len(codes) < body.count:
        codes.add(new_code())
    rows = [CdkeyRecord(batch_no=batch_no, code=c, reward_type=body.reward_type, amount=body.amount,
                        expire_time=body.expire_time, create_by=principal.user_name, create_time=now)
            for c in sorted(codes)]
    async with in_transaction():
        await CdkeyRecord.bulk_create(rows, batch_size=1000)
    await changed(request.app, resource.table)
    return ok(data={"batchNo": batch_no, "count": body.count})


@dataclass(frozen=True)
class Redeemed:
    code: str
    reward_type: str
    amount: int


async def redeem(code: str, uid: int, clock: Clock) -> Redeemed:
    """Redeems a code for ``uid`` once; raises ServiceError with the reason it cannot be."""
    now = clock.now()
    code = code.strip().upper()
    moved = await CdkeyRecord.filter(
        Q(expire_time__isnull=True) | Q(expire_time__gt=now), code=code, status=UNUSED, shelf=SHELF_ON,
    ).update(status=REDEEMED, redeemed_by=uid, redeemed_time=now)
    row = await CdkeyRecord.filter(code=code).first()
    if not moved:
        if row is None:
            raise ServiceError("兑换码不存在")
        if row.status == REDEEMED:
            raise ServiceError("兑换码已被使用")
        if row.status == VOID or row.shelf != SHELF_ON:
            raise ServiceError("兑换码已失效")
        raise ServiceError("兑换码已过期")
    assert row is not None
    return Redeemed(code=row.code, reward_type=row.reward_type, amount=int(row.amount))


# The English of this module's refusals, for an operator whose console is in English (issue 28 §4).
english({
    "兑换码已存在": "The redemption code already exists",
})
