"""Wallets, their ledger and the withdrawal state machine (DOMAIN.md "Money and ledgers", "withdrawals").

- Money moves only through ``move``: one conditional update of the wallet (a balance never goes below zero)
  and one ledger entry whose idempotency key is written to the key table ``finance_ledger_key`` (primary key;
  the ledger is partitioned by month on PostgreSQL), in the caller's transaction. A repeated key raises
  ``IntegrityError`` and rolls the whole transaction back, so a movement applies at most once.
- Every transition is a conditional update ``WHERE status IN (expected)``: of concurrent identical requests
  exactly those allowed succeed; the others are refused with a clear message and change nothing.
- A payout's number is written before the provider is called; a retry (after a timeout, a 5xx, or a refusal
  that is ours to fix) reuses it, and the provider's idempotency on it means a user is never paid twice.
  ``pay_lock_until`` keeps a second payout call of the same withdrawal from running at the same time.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta
from typing import Any

from tortoise.exceptions import IntegrityError
from tortoise.expressions import F, Q
from tortoise.transactions import in_transaction

from core_api.finance.withdrawal.models import FinanceLedger, FinanceLedgerKey, FinanceWallet, FinanceWithdrawal
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.schema import english
from core_api.platform.wallet import FAILED, PAID, HttpWallet, LocalWallet, WalletRefused, WalletUnavailable

THRESHOLD_KEY = "biz.withdrawal.secondApproveFen"
DEFAULT_THRESHOLD = 500_000  # fen: 5000 yuan
MIN_FEN, MAX_FEN = 100, 5_000_000  # one request: 1 yuan to 50 000 yuan
APPLIED, REVIEWING, APPROVED, PAYING, PAID_, FAILED_, REJECTED = (
    "applied", "reviewing", "approved", "paying", "paid", "failed", "rejected")
STATUS_LABEL = {APPLIED: "待审核", REVIEWING: "待复核", APPROVED: "待打款", PAYING: "打款中", PAID_: "已打款",
                FAILED_: "打款失败", REJECTED: "已驳回"}
REJECTABLE = (APPLIED, REVIEWING, APPROVED)
SHORT = "可提现余额不足"
CHANGED = "提现状态已变化，请刷新后重试"


class ShortBalance(ServiceError):
    def __init__(self) -> None:
        super().__init__(SHORT)


def new_number(prefix: str, now: datetime) -> str:
    return prefix + now.strftime("%Y%m%d%H%M%S") + secrets.token_hex(5).upper()


async def ensure_wallet(uid: int, now: datetime) -> None:
    if not await FinanceWallet.exists(uid=uid):
        try:
            await FinanceWallet.create(uid=uid, update_time=now)
        except IntegrityError:
            pass  # created by a concurrent call


async def move(uid: int, kind: str, available: int, frozen: int, key: str, now: datetime, *, actor: str = "",
               withdrawal_id: int | None = None, remark: str = "") -> FinanceLedger:
    """Call inside a transaction: the conditional update of the wallet and its ledger entry."""
    condition: dict[str, Any] = {"uid": uid}
    if available < 0:
        condition["available_fen__gte"] = -available
    if frozen < 0:
        condition["frozen_fen__gte"] = -frozen
    changed = await FinanceWallet.filter(**condition).update(
        available_fen=F("available_fen") + available, frozen_fen=F("frozen_fen") + frozen,
        version=F("version") + 1, update_time=now)
    if changed != 1:
        raise ShortBalance()
    wallet = await FinanceWallet.get(uid=uid)
    entry = await FinanceLedger.create(
        uid=uid, kind=kind, available_delta=available, frozen_delta=frozen, available_after=wallet.available_fen,
        frozen_after=wallet.frozen_fen, idem_key=key, withdrawal_id=withdrawal_id, actor=actor[:64],
        remark=remark[:200], create_time=now)
    await FinanceLedgerKey.create(idem_key=key, ledger_id=entry.id, create_time=now)
    return entry


async def entry_of(key: str) -> FinanceLedger | None:
    """The entry a key applied, read in its month."""
    if (found := await FinanceLedgerKey.get_or_none(idem_key=key)) is None:
        return None
    return await FinanceLedger.get_or_none(id=found.ledger_id, create_time=found.create_time)


async def credit(uid: int, amount: int, biz_no: str, kind: str, remark: str,
                 now: datetime) -> tuple[FinanceLedger, bool]:
    """Adds to a wallet's available balance once per ``biz_no``; returns (the entry, applied now)."""
    key = f"credit:{biz_no}"
    if (done := await entry_of(key)) is not None:
        return _same_credit(done, uid, amount), False
    await ensure_wallet(uid, now)
    try:
        async with in_transaction():
            entry = await move(uid, kind, amount, 0, key, now, actor="partner", remark=remark)
    except IntegrityError:
        done = await entry_of(key)
        if done is None:
            raise
        return _same_credit(done, uid, amount), False
    return entry, True


def _same_credit(done: FinanceLedger, uid: int, amount: int) -> FinanceLedger:
    if done.uid != uid or done.available_delta != amount:
        raise ServiceError("该业务单号已用于另一笔入账", 409)
    return done


async def apply(uid: int, amount: int, request_no: str, channel: str, account: str, name: str, remark: str,
                now: datetime) -> tuple[FinanceWithdrawal, bool]:
    """A user's withdrawal request: the amount moves from available to frozen, or nothing happens."""
    if (same := await FinanceWithdrawal.get_or_none(request_no=request_no)) is not None:
        return _same_request(same, uid, amount), False
    try:
        async with in_transaction():
            row = await FinanceWithdrawal.create(
                withdraw_no=new_number("W", now), request_no=request_no, uid=uid, amount_fen=amount,
                channel=channel, payee_account=account, payee_name=name, remark=remark, apply_time=now,
                update_time=now)
            await move(uid, "freeze", -amount, amount, f"wd:{row.id}:freeze", now, actor="partner",
                       withdrawal_id=row.id, remark="申请提现")
    except IntegrityError:
        same = await FinanceWithdrawal.get_or_none(request_no=request_no)
        if same is None:
            raise
        return _same_request(same, uid, amount), False
    return row, True


def _same_request(row: FinanceWithdrawal, uid: int, amount: int) -> FinanceWithdrawal:
    if row.uid != uid or row.amount_fen != amount:
        raise ServiceError("该提现单号已用于另一笔提现", 409)
    return row


async def get(withdrawal_id: int) -> FinanceWithdrawal:
    row = await FinanceWithdrawal.get_or_none(id=withdrawal_id)
    if row is None:
        raise NotFound("提现记录不存在")
    return row


def _not_in(row: FinanceWithdrawal, doing: str) -> ServiceError:
    return ServiceError(f"该提现{STATUS_LABEL.get(row.status, row.status)}，不能{doing}")


async def approve(row: FinanceWithdrawal, user_id: int, user_name: str, threshold: int, remark: str,
                  now: datetime) -> str:
    """The first approval (a row above the threshold then waits for a second approver), or the second."""
    if row.status == APPLIED:
        needs_second = row.amount_fen > threshold
        status = REVIEWING if needs_second else APPROVED
        changed = await FinanceWithdrawal.filter(id=row.id, status=APPLIED).update(
            status=status, needs_second=needs_second, approver1_id=user_id, approver1=user_name,
            approve1_time=now, remark=remark or row.remark, update_by=user_name, update_time=now)
    elif row.status == REVIEWING:
        # The first approver is known by user id, or by name on a row written without one (imported, older data):
        # an exclude on a NULL id matched nothing and every second approval of such a row failed.
        if row.approver1_id is None:
            first, first_is_caller = Q(approver1_id__isnull=True, approver1=row.approver1), row.approver1 == user_name
        else:
            first, first_is_caller = Q(approver1_id=row.approver1_id), row.approver1_id == user_id
        if first_is_caller:
            raise ServiceError("大额提现需要另一位审核人复核，初审人不能复核")
        status = APPROVED
        changed = await FinanceWithdrawal.filter(first, id=row.id, status=REVIEWING).update(
            status=APPROVED, approver2_id=user_id, approver2=user_name, approve2_time=now,
            remark=remark or row.remark, update_by=user_name, update_time=now)
    else:
        raise _not_in(row, "审核")
    if changed != 1:
        raise ServiceError(CHANGED)
    return status


async def reject(row: FinanceWithdrawal, user_name: str, reason: str, now: datetime) -> None:
    if row.status not in REJECTABLE:
        raise _not_in(row, "驳回")
    async with in_transaction():
        changed = await FinanceWithdrawal.filter(id=row.id, status__in=REJECTABLE).update(
            status=REJECTED, reason=reason, finish_time=now, update_by=user_name, update_time=now)
        if changed != 1:
            raise ServiceError(CHANGED)
        await move(row.uid, "unfreeze", row.amount_fen, -row.amount_fen, f"wd:{row.id}:unfreeze", now,
                   actor=user_name, withdrawal_id=row.id, remark=f"驳回：{reason}")


async def pay(row: FinanceWithdrawal, wallet: LocalWallet | HttpWallet, user_name: str, now: datetime,
              lock_seconds: float) -> str:
    """Pays an approved withdrawal (or retries one left paying) through the wallet's payout."""
    if row.status not in (APPROVED, PAYING):
        raise _not_in(row, "打款")
    payout_no = row.payout_no or new_number("P", now)
    claimed = await FinanceWithdrawal.filter(
        Q(pay_lock_until__isnull=True) | Q(pay_lock_until__lt=now), id=row.id, status__in=(APPROVED, PAYING),
        **({"payout_no": row.payout_no} if row.payout_no else {"payout_no__isnull": True}),
    ).update(status=PAYING, payout_no=payout_no, payer=user_name,
             pay_lock_until=now + timedelta(seconds=lock_seconds), update_by=user_name, update_time=now)
    if claimed != 1:
        raise ServiceError("该提现正在打款或状态已变化，请稍后刷新")
    try:
        result = await wallet.payout(payout_no, row.uid, row.payee_account, row.payee_name, row.channel,
                                     row.amount_fen)
    except (WalletUnavailable, WalletRefused) as exc:
        # The outcome is unknown (or ours to fix): the withdrawal stays paying; a retry reuses the number.
        await FinanceWithdrawal.filter(id=row.id, status=PAYING).update(pay_lock_until=None, reason=exc.msg[:200])
        raise ServiceError(f"{exc.msg}（提现保持打款中，可再次打款，不会重复付款）") from None
    if result.status == PAID:
        async with in_transaction():
            changed = await FinanceWithdrawal.filter(id=row.id, status=PAYING, payout_no=payout_no).update(
                status=PAID_, provider_trade_no=result.payout_id, pay_lock_until=None, reason="", finish_time=now,
                update_time=now)
            if changed == 1:
                await move(row.uid, "payout", 0, -row.amount_fen, f"wd:{row.id}:payout", now, actor=user_name,
                           withdrawal_id=row.id, remark=f"打款 {payout_no}")
        return PAID_
    if result.status == FAILED:
        reason = result.reason or "支付渠道付款失败"
        async with in_transaction():
            changed = await FinanceWithdrawal.filter(id=row.id, status=PAYING, payout_no=payout_no).update(
                status=FAILED_, pay_lock_until=None, reason=reason[:200], finish_time=now, update_time=now)
            if changed == 1:
                await move(row.uid, "unfreeze", row.amount_fen, -row.amount_fen, f"wd:{row.id}:unfreeze", now,
                           actor=user_name, withdrawal_id=row.id, remark=f"打款失败：{reason}")
        return FAILED_
    await FinanceWithdrawal.filter(id=row.id, status=PAYING).update(pay_lock_until=None, reason="支付渠道处理中")
    return PAYING


# The English of this module's refusals, for an operator whose console is in English (issue 28 §4).
english({
    "大额提现需要另一位审核人复核，初审人不能复核":
        "A large withdrawal needs a second reviewer: the first reviewer cannot review it again",
    "提现记录不存在": "The withdrawal does not exist",
    "该提现正在打款或状态已变化，请稍后刷新": "The withdrawal is being paid or has changed: refresh in a moment",
    "该提现{status}，不能{doing}": "The withdrawal is {status}: cannot {doing}",
}, words={
    "待复核": "awaiting second review",
    "待打款": "awaiting payout",
    "打款中": "paying out",
    "已打款": "paid out",
    "打款失败": "payout failed",
    "已驳回": "rejected",
    "审核": "review",
    "驳回": "reject",
    "打款": "pay out",
})
