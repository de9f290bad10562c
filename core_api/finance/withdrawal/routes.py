"""Withdrawals: the queue (``cash_withdrawal_user``), the one action call (``edit_withdrawal``), a withdrawal's
detail, the ledger and the wallets; and the app server's feeds (credit a wallet, request a withdrawal).

Permissions: approve needs ``finance:withdrawal:approve``, pay ``finance:withdrawal:pay``, reject
``finance:withdrawal:edit``; the queue and the ledger ``finance:withdrawal:list``; a detail and the wallets
``finance:withdrawal:query``. A withdrawal above ``biz.withdrawal.secondApproveFen`` (system parameter, fen)
needs a second approver other than the first, and its payer re-enters their sign-in password in the pay call
(AuthService.check_reentered_password: wrong ones lock every re-entry like a sign-in).
Payee accounts and names are masked in every answer: the console never shows them whole.
"""

from __future__ import annotations

from typing import Literal

from aiohttp import web
from pydantic import Field

from core_api.account.consumer.models import AccountConsumer
from core_api.account.consumer.service import check_acting_user
from core_api.finance.withdrawal import service
from core_api.finance.withdrawal.models import FinanceLedger, FinanceWallet, FinanceWithdrawal
from core_api.platform.api import Api, BusinessType, OperLogSpec
from core_api.platform.contract import partner as partner_out
from core_api.platform.contract.finance import LedgerPageOut, WithdrawalDetailOut, WithdrawalQueueOut
from core_api.platform.envelope import MSG_QUERY_OK, json_response, ok, table
from core_api.platform.errors import ServiceError
from core_api.platform.paging import ListQuery, between_days, camel_row, page_of
from core_api.platform.partner import PartnerBody
from core_api.platform.resource import mask, partner_api
from core_api.platform.schema import INT_MAX, Schema, StrictSchema, english
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import AUTH, CLOCK, CONFIG, SETTINGS, WALLET

api = Api("finance-withdrawal")
PERM = "finance:withdrawal"
Status = Literal["applied", "reviewing", "approved", "paying", "paid", "failed", "rejected"]
Channel = Literal["wallet", "bank"]
ROW_FIELDS = ("id", "withdraw_no", "request_no", "uid", "amount_fen", "channel", "payee_account", "payee_name",
              "status", "needs_second", "approver1", "approve1_time", "approver2", "approve2_time", "payer",
              "payout_no", "provider_trade_no", "reason", "remark", "apply_time", "finish_time", "update_by",
              "update_time")
LEDGER_FIELDS = ("id", "uid", "kind", "available_delta", "frozen_delta", "available_after", "frozen_after",
                 "idem_key", "withdrawal_id", "actor", "remark", "create_time")


def mask_account(value: str) -> str:
    if len(value) >= 8:
        return value[:3] + "*" * (len(value) - 7) + value[-4:]
    return value[:1] + "*" * max(len(value) - 1, 1)


def shown(row: dict) -> dict:
    out = camel_row(row)
    out["payeeAccount"] = mask_account(row["payee_account"])
    out["payeeName"] = mask(row["payee_name"], "name")
    return out


async def threshold(request: web.Request) -> int:
    return await request.app[CONFIG].fen(service.THRESHOLD_KEY, service.DEFAULT_THRESHOLD)


class QueueQuery(ListQuery):
    status: Status | None = Field(None, title="状态")
    uid: int | None = Field(None, ge=1, le=INT_MAX, title="用户ID")
    withdraw_no: str | None = Field(None, max_length=32, pattern=r"^[A-Z0-9]+$", title="提现单号")


@api.get("/admin/CommonConfig/cash_withdrawal_user", need=any_perm(f"{PERM}:list"), response=WithdrawalQueueOut,
         summary="The withdrawal queue: filters status, uid, number, apply days; payee masked")
async def cash_withdrawal_user(request: web.Request, query: QueueQuery) -> web.Response:
    qs = FinanceWithdrawal.all()
    if query.status:
        qs = qs.filter(status=query.status)
    if query.uid:
        qs = qs.filter(uid=query.uid)
    if query.withdraw_no:
        qs = qs.filter(withdraw_no=query.withdraw_no)
    qs = between_days(qs, "apply_time", query.begin_time, query.end_time)
    rows, total = await page_of(qs, query, {"applyTime": "apply_time", "amountFen": "amount_fen", "id": "id"},
                                ["-id"], *ROW_FIELDS)
    return json_response({"code": 200, "msg": MSG_QUERY_OK, "total": total, "rows": [shown(r) for r in rows],
                          "threshold": await threshold(request)})


class IdQuery(Schema):
    id: int = Field(ge=1, le=INT_MAX, title="编号")


@api.get("/admin/CommonConfig/withdrawal_detail", need=any_perm(f"{PERM}:query"), response=WithdrawalDetailOut,
         summary="One withdrawal with its ledger entries and the user's balances")
async def withdrawal_detail(request: web.Request, query: IdQuery) -> web.Response:
    row = await FinanceWithdrawal.filter(id=query.id).first().values(*ROW_FIELDS)
    if row is None:
        raise ServiceError("提现记录不存在", 404)
    entries = await FinanceLedger.filter(withdrawal_id=query.id).order_by("id").values(*LEDGER_FIELDS)
    wallet = await FinanceWallet.filter(uid=row["uid"]).first().values("uid", "available_fen", "frozen_fen",
                                                                      "update_time")
    limit = await threshold(request)
    return ok(data={**shown(row), "ledger": [camel_row(e) for e in entries],
                    "wallet": camel_row(wallet) if wallet else None, "threshold": limit,
                    "passwordNeeded": bool(row["needs_second"])})


class EditBody(StrictSchema):
    id: int = Field(ge=1, le=INT_MAX, title="编号")
    action: Literal["approve", "reject", "pay"] = Field(title="操作")
    remark: str = Field("", max_length=200, title="备注")
    password: str | None = Field(None, max_length=64, title="登录密码",
                                 description="the operator's own sign-in password: paying a withdrawal above the "
                                             "second-approval threshold needs it")


@api.post("/admin/CommonConfig/edit_withdrawal",
          need=any_perm(f"{PERM}:approve", f"{PERM}:pay", f"{PERM}:edit"),
          summary="Approve, reject (remark = the reason) or pay one withdrawal",
          log=OperLogSpec("提现管理", BusinessType.UPDATE))
async def edit_withdrawal(request: web.Request, principal: Principal, body: EditBody) -> web.Response:
    need = {"approve": f"{PERM}:approve", "pay": f"{PERM}:pay", "reject": f"{PERM}:edit"}[body.action]
    if not principal.authz.has_permi(need):
        raise ServiceError("当前操作没有权限", 403)
    row = await service.get(body.id)
    now = request.app[CLOCK].now()
    remark = body.remark.strip()
    if body.action == "approve":
        status = await service.approve(row, principal.user_id, principal.user_name, await threshold(request),
                                       remark, now)
    elif body.action == "reject":
        if not remark:
            raise ServiceError("请填写驳回原因")
        await service.reject(row, principal.user_name, remark, now)
        status = service.REJECTED
    else:
        if row.needs_second and row.status in (service.APPROVED, service.PAYING):
            await request.app[AUTH].check_reentered_password(principal, body.password, "打款")
        timeout = request.app[SETTINGS].wallet_timeout_seconds
        status = await service.pay(row, request.app[WALLET], principal.user_name, now, timeout + 30)
    after = await FinanceWithdrawal.get(id=row.id)
    msg = {service.PAYING: "支付渠道处理中，请稍后再次打款查询结果",
           service.FAILED_: f"打款失败：{after.reason}，金额已退回用户余额"}.get(status, "操作成功")
    return ok(data={"id": row.id, "status": status}, msg=msg)


class LedgerQuery(ListQuery):
    uid: int | None = Field(None, ge=1, le=INT_MAX, title="用户ID")
    withdrawal_id: int | None = Field(None, ge=1, le=INT_MAX, title="提现编号")
    kind: Literal["credit", "commission", "freeze", "unfreeze", "payout"] | None = Field(None, title="类型")


@api.get("/admin/finance/ledger/list", need=any_perm(f"{PERM}:list"), response=LedgerPageOut,
         summary="The wallets' ledger, newest first: filters uid, withdrawal, kind, days")
async def ledger_list(request: web.Request, query: LedgerQuery) -> web.Response:
    qs = FinanceLedger.all()
    for name in ("uid", "withdrawal_id", "kind"):
        if (value := getattr(query, name)) is not None:
            qs = qs.filter(**{name: value})
    qs = between_days(qs, "create_time", query.begin_time, query.end_time)
    rows, total = await page_of(qs, query, {"id": "id", "createTime": "create_time"}, ["-create_time", "-id"],
                                *LEDGER_FIELDS, recent="create_time")
    return table([camel_row(r) for r in rows], total)


class WalletQuery(ListQuery):
    uid: int | None = Field(None, ge=1, le=INT_MAX, title="用户ID")


@api.get("/admin/finance/wallet/list", need=any_perm(f"{PERM}:query"),
         summary="App users' wallets: available and frozen balances")
async def wallet_list(request: web.Request, query: WalletQuery) -> web.Response:
    qs = FinanceWallet.all() if query.uid is None else FinanceWallet.filter(uid=query.uid)
    rows, total = await page_of(qs, query, {"uid": "uid", "availableFen": "available_fen",
                                            "frozenFen": "frozen_fen"}, ["-update_time", "-id"],
                                "uid", "available_fen", "frozen_fen", "version", "update_time")
    return table([camel_row(r) for r in rows], total)


# ---- the app server's feeds (signed, idempotent: docs/partner-api.md)

class CreditIn(PartnerBody):
    uid: int = Field(ge=1, le=INT_MAX, title="用户ID")
    amount_fen: int = Field(ge=1, le=100_000_000, strict=True, title="金额（分）")
    biz_no: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_\-:.]+$", title="业务单号",
                        description="the app server's number of this income (a commission's id): credited once")
    kind: Literal["credit", "commission"] = Field("commission", title="类型")
    remark: str = Field("", max_length=100, title="备注")


async def known_user(uid: int) -> None:
    if not await AccountConsumer.exists(uid=uid):
        raise ServiceError(f"用户 {uid} 不存在")


@partner_api.post("/api/partner/v1/wallet/credit", partner=True, response=partner_out.WalletCreditOut,
                  summary="Credit an app user's wallet (a commission that became withdrawable); once per bizNo")
async def partner_credit(request: web.Request, body: CreditIn) -> web.Response:
    await known_user(body.uid)
    entry, applied = await service.credit(body.uid, body.amount_fen, body.biz_no, body.kind, body.remark,
                                          request.app[CLOCK].now())
    wallet = await FinanceWallet.get(uid=body.uid)
    return ok(data={"ledgerId": entry.id, "applied": applied, "availableFen": wallet.available_fen,
                    "frozenFen": wallet.frozen_fen})


class WithdrawIn(PartnerBody):
    uid: int = Field(ge=1, le=INT_MAX, title="用户ID")
    amount_fen: int = Field(ge=service.MIN_FEN, le=service.MAX_FEN, strict=True, title="金额（分）")
    request_no: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_\-:.]+$", title="提现申请号",
                            description="the app server's number of this request: one withdrawal per number")
    channel: Channel = Field(title="到账渠道")
    payee_account: str = Field(min_length=4, max_length=64, pattern=r"^[A-Za-z0-9@._\-+]+$", title="收款账号")
    payee_name: str = Field(min_length=1, max_length=32, title="收款人姓名")
    remark: str = Field("", max_length=100, title="备注")


@partner_api.post("/api/partner/v1/withdrawals", partner=True, response=partner_out.WithdrawalOut,
                  summary="An app user's withdrawal request: the amount is frozen, or refused when short")
async def partner_withdraw(request: web.Request, body: WithdrawIn) -> web.Response:
    await check_acting_user(body.uid)
    row, created = await service.apply(body.uid, body.amount_fen, body.request_no, body.channel,
                                       body.payee_account, body.payee_name.strip(), body.remark,
                                       request.app[CLOCK].now())
    wallet = await FinanceWallet.get(uid=body.uid)
    return ok(data={"id": row.id, "withdrawNo": row.withdraw_no, "status": row.status, "created": created,
                    "availableFen": wallet.available_fen, "frozenFen": wallet.frozen_fen})


# The English of this module's refusals, for an operator whose console is in English (issue 28 §4).
english({
    "请填写驳回原因": "Give the reason for rejecting",
    "用户 {uid} 不存在": "App user {uid} does not exist",
})
