"""Intercepted words (WordsInterceptRecord): the declaration (list by POST, as the spec says), and the
alarm an operator sends about records.

The alarm goes to the channel the ``biz.alarm.channel`` parameter names: ``sms:<phone>`` (through the SMS
adapter) or ``webhook:<url>`` (a JSON POST signed with HMAC-SHA256 of ``<timestamp>.<body>`` under
``biz.alarm.secret``). An operator sends at most one alarm per minute; a failed send does not use it up.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import time
from typing import Any

import orjson
from aiohttp import web
from pydantic import Field, model_validator
from tortoise.expressions import F as Expr
from tortoise.transactions import in_transaction

from core_api.moderation.intercept.models import WordsIntercept
from core_api.platform import outbound
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.envelope import ok
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.resource import Action, F, Partner, Resource
from core_api.platform.schema import Schema
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import CLOCK, CONFIG, KV, SETTINGS, SMS

CHANNEL_KEY, SECRET_KEY = "biz.alarm.channel", "biz.alarm.secret"
RATE_WINDOW = 60  # seconds: one alarm per operator per window
MAX_IDS = 50
PHONE = re.compile(r"^1\d{10}$")
URL = re.compile(r"^https?://[^\s]{1,2000}$")
# The alarm's webhook is an address the console calls: checked when the parameter is saved (outbound.py).
outbound.PARAMETERS[CHANNEL_KEY] = lambda value: value.partition(":")[2] if value.startswith("webhook:") else ""
SCENES = {"single": "单聊", "group": "群聊", "service": "客服"}

resource = Resource(
    name="WordsInterceptRecord", model=WordsIntercept, perm="im:intercept", title="拦截记录",
    title_en="Intercepted words", view="im/intercept/index", list_method="POST", partner=Partner(
        "intercepts", ("uid", "word", "category", "content", "scene", "target", "create_time"), batch=200),
    fields=[
        F("id", "编号", "ID", "id", edit="never", sortable=True),
        F("uid", "用户UID", "User UID", "uid", required=True, edit="create", filter="exact"),
        F("word", "敏感词", "Word", required=True, max_length=64, edit="create", filter="exact"),
        F("category", "词库分类", "Category", max_length=64, edit="create", filter="exact"),
        F("content", "内容摘录", "Excerpt", "textarea", max_length=500, edit="create"),
        F("scene", "场景", "Scene", "dict", dict_type="biz_intercept_scene", required=True, edit="create",
          filter="exact"),
        F("target", "会话对象", "Peer", max_length=64, edit="create", filter="exact"),
        F("handled", "已处理", "Handled", "flag", dict_type="biz_yes_no01", default="0", filter="exact"),
        F("alarm_count", "告警次数", "Alarms", "int", edit="never"),
        F("last_alarm_time", "最近告警", "Last alarm", "datetime", edit="never"),
        F("shelf", "上架", "On shelf", "flag", dict_type="biz_shelf", edit="never", filter="exact"),
        F("create_time", "拦截时间", "Intercepted at", "datetime", edit="never", filter="range", sortable=True),
    ],
    actions=[
        Action("alarm", "发送告警", "Send alarm", "alarm", "admin/WordsInterceptRecord/send_alarm",
               params={"id": "id"}, fields=(F("message", "告警说明", "Message", "textarea", max_length=200),)),
    ],
)
api = Api("moderation-intercept")


class AlarmBody(Schema):
    id: int | None = Field(None, ge=1, le=2**63 - 1, title="编号")
    ids: list[int] | None = Field(None, min_length=1, max_length=MAX_IDS, title="编号列表")
    message: str = Field("", max_length=200, title="告警说明")

    @model_validator(mode="after")
    def one_target(self) -> AlarmBody:
        if self.id is None and not self.ids:
            raise ValueError("请选择要告警的拦截记录")
        if self.ids and any(not 1 <= i <= 2**63 - 1 for i in self.ids):
            raise ValueError("编号不正确")
        return self

    def wanted(self) -> list[int]:
        return sorted({*(self.ids or ()), *((self.id,) if self.id else ())})


async def channel_of(request: web.Request) -> tuple[str, str]:
    raw = ((await request.app[CONFIG].get(CHANNEL_KEY)) or "").strip()
    kind, _, target = raw.partition(":")
    if kind == "sms" and PHONE.match(target):
        return kind, target
    if kind == "webhook" and URL.match(target):
        return kind, target
    if not raw:
        raise ServiceError(f"未配置告警通道，请在参数设置中设置 {CHANNEL_KEY}")
    raise ServiceError(f"告警通道配置不正确：{CHANNEL_KEY} 应为 sms:手机号 或 webhook:地址")


def alarm_text(rows: list[dict[str, Any]], message: str) -> str:
    first = rows[0]
    head = (f"【拦截告警】用户{first['uid']}在{SCENES.get(first['scene'], first['scene'])}中触发敏感词"
            f"“{first['word']}”")
    more = f"等{len(rows)}条记录" if len(rows) > 1 else ""
    return head + more + (f"。{message}" if message else "")


def sign(secret: str, timestamp: str, body: bytes) -> str:
    return hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()


async def post_webhook(url: str, secret: str, payload: dict[str, Any], allow: outbound.Allow) -> None:
    body = orjson.dumps(payload)
    timestamp = str(int(time.time()))
    headers = {"Content-Type": "application/json", "X-Alarm-Timestamp": timestamp,
               "X-Alarm-Signature": sign(secret, timestamp, body)}
    try:
        async with outbound.post(url, allow, timeout=10, data=body, headers=headers) as answer:
            if answer.status >= 300:
                raise ServiceError(f"告警发送失败：Webhook返回{answer.status}")
    except outbound.Unreachable:  # one reason whatever happened: no map of which internal ports are open
        raise ServiceError("告警发送失败：无法连接告警Webhook地址") from None


@api.post("/admin/WordsInterceptRecord/send_alarm", need=any_perm("im:intercept:alarm"),
          summary="Send an alarm about intercept records to the configured channel (SMS or signed webhook)",
          log=OperLogSpec("拦截告警", BusinessType.OTHER))
async def send_alarm(request: web.Request, principal: Principal, body: AlarmBody) -> web.Response:
    wanted = body.wanted()
    rows = await WordsIntercept.filter(id__in=wanted).order_by("id").values(*resource.columns)
    if len(rows) != len(wanted):
        raise NotFound()
    kind, target = await channel_of(request)
    secret = ((await request.app[CONFIG].get(SECRET_KEY)) or "").strip()
    if kind == "webhook" and not secret:
        raise ServiceError(f"告警Webhook未配置签名密钥，请在参数设置中设置 {SECRET_KEY}")
    kv, rate_key = request.app[KV], f"alarm:rate:{principal.user_name}"
    if await kv.incr(rate_key, RATE_WINDOW) > 1:
        raise ServiceError(f"告警发送过于频繁，请{RATE_WINDOW}秒后再试")
    text = alarm_text(rows, body.message.strip())
    try:
        if kind == "sms":
            await request.app[SMS].send(target, text)
        else:
            await post_webhook(target, secret, {
                "text": text, "operator": principal.user_name, "message": body.message.strip(),
                "records": [{"id": r["id"], "uid": r["uid"], "word": r["word"], "category": r["category"],
                             "scene": r["scene"], "content": r["content"]} for r in rows]},
                outbound.allow_list(request.app[SETTINGS].outbound_allow))
    except Exception:
        await kv.delete(rate_key)  # nothing went out: the operator may try again at once
        raise
    now = request.app[CLOCK].now()
    note = f"发送告警至{'短信' if kind == 'sms' else 'Webhook'}"
    async with in_transaction():
        await WordsIntercept.filter(id__in=wanted).update(alarm_count=Expr("alarm_count") + 1, last_alarm_time=now)
        for row in rows:
            await resource.record(request, principal, row["id"], "action", row,
                                  {"alarm_count": row["alarm_count"] + 1, "last_alarm_time": now}, note=note)
    return ok(msg="告警已发送")
