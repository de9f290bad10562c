"""Demo wallets: a commission credited to a few app users, and withdrawals in every state, with the ledger
entries their movements wrote (the ledger's sums equal the balances)."""

from __future__ import annotations

import datetime as dt

from core_api.finance.withdrawal.models import FinanceLedger, FinanceLedgerKey, FinanceWallet, FinanceWithdrawal
from core_api.system.user.models import SUPER_ADMIN_ID

STATES = ["applied", "reviewing", "approved", "paid", "rejected", "failed", "applied", "paid"]
NAMES = ["王小明", "李娜", "张伟", "刘洋", "陈静", "杨帆", "赵磊", "黄敏"]


async def demo(ctx) -> None:
    if await FinanceWallet.exists() or not ctx.uids:
        return
    rng = ctx.rng
    uids = ctx.uids[:len(STATES)]
    wallets, withdrawals, ledger = [], [], []
    for n, (uid, state) in enumerate(zip(uids, STATES, strict=False)):
        at = (ctx.now - dt.timedelta(days=10 - n, hours=rng.randint(0, 8))).replace(microsecond=0)
        earned = rng.randint(50, 2000) * 100
        amount = 600_000 if state == "reviewing" else rng.randint(10, earned // 100) * 100
        available, frozen = earned, 0
        ledger.append({"uid": uid, "kind": "commission", "available_delta": earned, "frozen_delta": 0,
                       "available_after": available, "frozen_after": 0, "idem_key": f"credit:demo-{uid}",
                       "withdrawal_id": None, "actor": "partner", "remark": "佣金入账", "create_time": at})
        if state == "reviewing":
            available += amount  # a large second commission so that a 6000-yuan request fits
            ledger.append({**ledger[-1], "available_delta": amount, "available_after": available,
                           "idem_key": f"credit:demo-{uid}-b"})
        row = {"withdraw_no": f"WDEMO{n + 1:06d}", "request_no": f"demo-{uid}", "uid": uid, "amount_fen": amount,
               "channel": "wallet" if n % 3 else "bank", "payee_account": f"1380013{n:04d}",
               "payee_name": NAMES[n], "status": state, "needs_second": state == "reviewing",
               "approver1": "admin" if state not in ("applied", "rejected") else "",
               "approver1_id": SUPER_ADMIN_ID if state not in ("applied", "rejected") else None,
               "approve1_time": at + dt.timedelta(hours=1) if state not in ("applied", "rejected") else None,
               "payer": "admin" if state in ("paid", "failed") else "",
               "payout_no": f"PDEMO{n + 1:06d}" if state in ("paid", "failed") else None,
               "provider_trade_no": f"LPDEMO{n + 1:06d}" if state == "paid" else "",
               "reason": {"rejected": "收款人姓名与实名不符", "failed": "收款账户不存在或已冻结"}.get(state, ""),
               "apply_time": at + dt.timedelta(minutes=30),
               "finish_time": at + dt.timedelta(hours=2) if state in ("paid", "rejected", "failed") else None,
               "update_time": at + dt.timedelta(hours=2)}
        withdrawals.append(row)
        wallets.append({"uid": uid, "available_fen": available, "frozen_fen": frozen, "version": 0,
                        "update_time": at})
    await ctx.insert(FinanceWithdrawal, withdrawals)
    for row, wallet in zip(withdrawals, wallets, strict=True):
        uid, amount, wid, at = row["uid"], row["amount_fen"], row["id"], row["apply_time"]
        moves = [("freeze", -amount, amount, "申请提现")]
        if row["status"] == "paid":
            moves.append(("payout", 0, -amount, f"打款 {row['payout_no']}"))
        elif row["status"] in ("rejected", "failed"):
            moves.append(("unfreeze", amount, -amount, row["reason"]))
        for step, (kind, d_available, d_frozen, remark) in enumerate(moves):
            wallet["available_fen"] += d_available
            wallet["frozen_fen"] += d_frozen
            wallet["version"] += 1
            ledger.append({"uid": uid, "kind": kind, "available_delta": d_available, "frozen_delta": d_frozen,
                           "available_after": wallet["available_fen"], "frozen_after": wallet["frozen_fen"],
                           "idem_key": f"wd:{wid}:{'payout' if kind == 'payout' else kind}", "withdrawal_id": wid,
                           "actor": "partner" if kind == "freeze" else "admin", "remark": remark,
                           "create_time": at + dt.timedelta(hours=step * 2)})
    await ctx.insert(FinanceWallet, wallets)
    await ctx.insert_ledger(FinanceLedger, FinanceLedgerKey, ledger)
