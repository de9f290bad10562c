"""Pay codes: ``GET /admin/open/v1/{provider}_pay_pc`` creates one through the wallet adapter; the provider's
signed callback ``POST /api/open/v1/wallet/{provider}/notify`` marks it paid (idempotent; a paid code never goes
back). ``{provider}`` is the configured wallet's short name (``CONSOLE_WALLET_NAME``, else the provider kind:
``local`` or ``http``); another name answers 404. The screen polls ``pay_code/status`` every 2 s.

Amounts: ``amount`` in yuan as text ("12.5", "12.50", at most 2 decimals) or ``amountFen`` in fen, exactly
one of them; 0.01 to 50 000 yuan. A callback for a code that had expired still records the payment (the money
was taken) with ``paidLate``; a callback whose amount or order differs is refused and changes nothing.
"""

from __future__ import annotations

import logging
import re
from datetime import datetime, timedelta
from typing import Literal

from aiohttp import web
from pydantic import Field, model_validator
from tortoise.expressions import F

from core_api.finance.pay_code import service
from core_api.finance.pay_code.models import FinancePayCode
from core_api.finance.withdrawal.service import new_number
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.contract.finance import PayCodeOut, PayCodePageOut
from core_api.platform.envelope import MSG_QUERY_OK, json_response, ok
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.paging import ListQuery, camel_row, page_of
from core_api.platform.schema import Schema, StrictSchema
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import CLOCK, SETTINGS, WALLET
from core_api.platform.wallet import LocalWallet, Notice, WalletRefused, WalletUnavailable

log = logging.getLogger("console.paycode")
api = Api("finance-pay-code")
PERM = "finance:payCode:add"
YUAN = re.compile(r"^(0|[1-9]\d{0,7})(\.\d{1,2})?$")
MAX_FEN = 5_000_000
FIELDS = ("id", "order_no", "provider", "amount_fen", "subject", "remark", "status", "code_url",
          "provider_trade_no", "expires_at", "paid_at", "paid_late", "notify_count", "create_by", "create_time")
NOTIFY_PATH = "/api/open/v1/wallet/{provider}/notify"


def yuan_to_fen(text: str) -> int:
    if not YUAN.match(text):
        raise ServiceError("金额格式不正确：请填写元，最多两位小数，例如 12.50")
    whole, _, cents = text.partition(".")
    return int(whole) * 100 + int((cents + "00")[:2])


class CreateQuery(StrictSchema):
    amount: str | None = Field(None, max_length=16, title="金额（元）")
    amount_fen: int | None = Field(None, ge=1, le=MAX_FEN, title="金额（分）")
    subject: str = Field("收款", min_length=1, max_length=32, title="收款说明")
    remark: str = Field("", max_length=100, title="备注")

    @model_validator(mode="after")
    def _one_amount(self) -> CreateQuery:
        if (self.amount is None) == (self.amount_fen is None):
            raise ValueError("请填写金额（amount 元 或 amountFen 分，只填一个）")
        return self


def shown(row: dict, now: datetime) -> dict:
    """A code as the screen shows it, with the seconds left (the browser's clock and zone may differ)."""
    left = int((row["expires_at"] - now).total_seconds()) if row["status"] == "pending" else 0
    return {**camel_row(row), "secondsLeft": max(left, 0)}


def check_provider(request: web.Request, provider: str) -> None:
    if provider != request.app[WALLET].name:
        raise NotFound("支付渠道不存在")


async def expire(now: datetime) -> None:
    await FinancePayCode.filter(status="pending", expires_at__lte=now).update(status="expired")


@api.get("/admin/open/v1/{provider:[a-z][a-z0-9]{1,15}}_pay_pc", need=any_perm(PERM), response=PayCodeOut,
         summary="Create a pay code (QR) through the configured wallet provider",
         log=OperLogSpec("收款码", BusinessType.INSERT))
async def create_pay_code(request: web.Request, principal: Principal, provider: str,
                          query: CreateQuery) -> web.Response:
    check_provider(request, provider)
    fen = query.amount_fen if query.amount_fen is not None else yuan_to_fen(query.amount or "")
    if not 1 <= fen <= MAX_FEN:
        raise ServiceError("金额必须在 0.01 元到 50000 元之间")
    now = request.app[CLOCK].now().replace(microsecond=0)
    expires_at = now + timedelta(minutes=request.app[SETTINGS].wallet_code_minutes)
    wallet = request.app[WALLET]
    row = await FinancePayCode.create(order_no=new_number("Q", now), provider=wallet.name, amount_fen=fen,
                                      subject=query.subject.strip() or "收款", remark=query.remark,
                                      expires_at=expires_at, create_by=principal.user_name, create_time=now)
    try:
        code = await wallet.create_pay_code(row.order_no, fen, row.subject, expires_at)
    except (WalletUnavailable, WalletRefused) as exc:
        await FinancePayCode.filter(id=row.id, status="pending").update(status="closed", remark=exc.msg[:200])
        raise ServiceError(exc.msg) from None
    await FinancePayCode.filter(id=row.id).update(code_url=code.code_url, provider_trade_no=code.trade_no,
                                                  expires_at=code.expires_at)
    return ok(data=shown(await FinancePayCode.filter(id=row.id).first().values(*FIELDS), now))


class StatusQuery(Schema):
    order_no: str = Field(min_length=1, max_length=32, pattern=r"^[A-Z0-9]+$", title="订单号")


@api.get("/admin/open/v1/pay_code/status", need=any_perm(PERM), response=PayCodeOut,
         summary="One pay code's status (polled)")
async def pay_code_status(request: web.Request, query: StatusQuery) -> web.Response:
    await expire(request.app[CLOCK].now())
    row = await FinancePayCode.filter(order_no=query.order_no).first().values(*FIELDS)
    if row is None:
        raise NotFound("收款码不存在")
    return ok(data=shown(row, request.app[CLOCK].now()))


class PayCodeList(ListQuery):
    status: Literal["pending", "paid", "expired", "closed"] | None = Field(None, title="状态")


@api.get("/admin/open/v1/pay_code/list", need=any_perm(PERM), response=PayCodePageOut,
         summary="Recent pay codes, newest first; the wallet provider's name and whether it is local")
async def pay_code_list(request: web.Request, query: PayCodeList) -> web.Response:
    await expire(request.app[CLOCK].now())
    qs = FinancePayCode.all() if query.status is None else FinancePayCode.filter(status=query.status)
    rows, total = await page_of(qs, query, {"id": "id", "createTime": "create_time"}, ["-id"], *FIELDS)
    wallet = request.app[WALLET]
    return json_response({"code": 200, "msg": MSG_QUERY_OK, "total": total, "rows": [camel_row(r) for r in rows],
                          "provider": wallet.name,
                          "simulate": wallet.local and request.app[SETTINGS].env != "production"})


async def record_payment(notice: Notice, provider: str) -> str:
    """Applies a verified callback; returns what happened ("paid", "repeat")."""
    row = await FinancePayCode.get_or_none(order_no=notice.out_trade_no, provider=provider)
    if row is None:
        raise NotFound("订单不存在")
    if notice.amount_fen != row.amount_fen:
        log.error("pay code %s: callback amount %s, code amount %s", row.order_no, notice.amount_fen, row.amount_fen)
        raise ServiceError("回调金额与订单金额不符")
    if row.provider_trade_no and notice.trade_no and notice.trade_no != row.provider_trade_no:
        raise ServiceError("回调的渠道流水号与订单不符")
    await FinancePayCode.filter(id=row.id).update(notify_count=F("notify_count") + 1)
    late = row.status in ("expired", "closed") or notice.paid_at > row.expires_at
    changed = await FinancePayCode.filter(id=row.id, status__in=("pending", "expired", "closed")).update(
        status="paid", paid_at=notice.paid_at, paid_late=late,
        provider_trade_no=row.provider_trade_no or notice.trade_no)
    return "paid" if changed else "repeat"


@api.post(NOTIFY_PATH.replace("{provider}", "{provider:[a-z][a-z0-9]{1,15}}"), public=True,
          summary="The wallet provider's signed payment callback (idempotent): answers {code: SUCCESS}")
async def wallet_notify(request: web.Request, provider: str) -> web.Response:
    check_provider(request, provider)
    body = await request.read()
    notice = request.app[WALLET].verify_callback(request.headers, request.method, request.path, body,
                                                  request.app[CLOCK].time())
    for handler in service.NOTICE_HANDLERS:
        if (outcome := await handler(request, notice, provider)) is not None:
            return json_response({"code": "SUCCESS", "msg": "OK", "result": outcome})
    outcome = await record_payment(notice, provider)
    return json_response({"code": "SUCCESS", "msg": "OK", "result": outcome})


class SimulateBody(StrictSchema):
    order_no: str = Field(min_length=1, max_length=32, pattern=r"^[A-Z0-9]+$", title="订单号")


@api.post("/admin/open/v1/pay_code/simulate_paid", need=any_perm(PERM),
          summary="Local wallet only, never in production: pay a code through the local provider's signed callback",
          log=OperLogSpec("收款码", BusinessType.UPDATE))
async def simulate_paid(request: web.Request, body: SimulateBody) -> web.Response:
    wallet = request.app[WALLET]
    if not isinstance(wallet, LocalWallet) or request.app[SETTINGS].env == "production":
        raise ServiceError("只有本地支付渠道可以模拟支付", 403)
    row = await FinancePayCode.get_or_none(order_no=body.order_no)
    if row is None:
        raise NotFound("收款码不存在")
    path = NOTIFY_PATH.replace("{provider}", wallet.name)
    headers, raw = wallet.signed_notice(path, row.order_no, row.provider_trade_no, row.amount_fen,
                                          int(request.app[CLOCK].time()))
    notice = wallet.verify_callback(headers, "POST", path, raw, request.app[CLOCK].time())
    outcome = await record_payment(notice, wallet.name)
    return ok(data={"orderNo": row.order_no, "result": outcome})
