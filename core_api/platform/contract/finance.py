"""Finance answers: the withdrawal queue, a withdrawal's detail, the wallets' ledger, the pay codes
(core_api.finance; the BFF's finance screens relay them)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from core_api.platform.contract import Envelope
from core_api.platform.schema import Schema

WithdrawalStatus = Literal["applied", "reviewing", "approved", "paying", "paid", "failed", "rejected"]
LedgerKind = Literal["credit", "commission", "freeze", "unfreeze", "payout"]
PayCodeStatus = Literal["pending", "paid", "expired", "closed"]


class RowsTotal(Envelope):
    """A RuoYi table answer (``envelope.table``): this page's rows beside the total."""

    msg: str = "查询成功"
    total: int = Field(description="the rows the filters match, over every page")


class WithdrawalRow(Schema):
    id: int
    withdraw_no: str
    request_no: str
    uid: int
    amount_fen: int
    channel: Literal["wallet", "bank"]
    payee_account: str = Field(description="masked: the console never shows it whole")
    payee_name: str = Field(description="masked")
    status: WithdrawalStatus
    needs_second: bool = Field(description="above the threshold when first approved: a second approver, and the "
                                           "payer's password")
    approver1: str
    approve1_time: str | None
    approver2: str
    approve2_time: str | None
    payer: str
    payout_no: str | None
    provider_trade_no: str
    reason: str = Field(description="the rejection's or the failure's")
    remark: str
    apply_time: str
    finish_time: str | None
    update_by: str
    update_time: str | None


class WithdrawalQueueOut(RowsTotal):
    rows: list[WithdrawalRow]
    threshold: int = Field(description="fen: a withdrawal above it needs a second approver")


class LedgerEntry(Schema):
    id: int
    uid: int
    kind: LedgerKind
    available_delta: int
    frozen_delta: int
    available_after: int
    frozen_after: int
    idem_key: str
    withdrawal_id: int | None
    actor: str
    remark: str
    create_time: str


class LedgerPageOut(RowsTotal):
    rows: list[LedgerEntry]


class WalletBalance(Schema):
    uid: int
    available_fen: int
    frozen_fen: int
    update_time: str


class WithdrawalDetail(WithdrawalRow):
    ledger: list[LedgerEntry] = Field(description="this withdrawal's entries, oldest first")
    wallet: WalletBalance | None = Field(description="the user's balances; null before any money moved")
    threshold: int
    password_needed: bool


class WithdrawalDetailOut(Envelope):
    data: WithdrawalDetail


class PayCodeRow(Schema):
    id: int
    order_no: str
    provider: str
    amount_fen: int
    subject: str
    remark: str
    status: PayCodeStatus
    code_url: str
    provider_trade_no: str
    expires_at: str
    paid_at: str | None
    paid_late: bool = Field(description="the payment arrived after the code had expired")
    notify_count: int
    create_by: str
    create_time: str


class PayCode(PayCodeRow):
    seconds_left: int = Field(description="until it expires (0 unless pending): the browser's clock may differ")


class PayCodeOut(Envelope):
    data: PayCode


class PayCodePageOut(RowsTotal):
    rows: list[PayCodeRow]
    provider: str = Field(description="the wallet provider's short name: the create call's {provider}")
    simulate: bool = Field(description="whether the screen may simulate a payment (local provider, not production)")
