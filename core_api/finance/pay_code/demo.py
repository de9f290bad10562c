"""Demo pay codes: paid, expired and one still open, as the local wallet provider makes them."""

from __future__ import annotations

import datetime as dt

from core_api.finance.pay_code.models import FinancePayCode

SUBJECTS = ["门店收款", "会员充值", "活动报名费", "收款"]


async def demo(ctx) -> None:
    if await FinancePayCode.exists():
        return
    rows = []
    for n in range(8):
        at = (ctx.now - dt.timedelta(days=7 - n, minutes=ctx.rng.randint(0, 600))).replace(microsecond=0)
        status = "pending" if n == 7 else ("expired" if n % 3 == 2 else "paid")
        if status == "pending":
            at = ctx.now.replace(microsecond=0)
        amount = ctx.rng.randint(1, 500) * 100 + ctx.rng.choice([0, 50, 99])
        order_no = f"QDEMO{n + 1:06d}"
        rows.append({"order_no": order_no, "provider": "local", "amount_fen": amount,
                     "subject": SUBJECTS[n % len(SUBJECTS)], "status": status,
                     "code_url": f"localpay://pay?orderNo={order_no}&amountFen={amount}",
                     "provider_trade_no": "L" + order_no, "expires_at": at + dt.timedelta(minutes=15),
                     "paid_at": at + dt.timedelta(minutes=3) if status == "paid" else None,
                     "notify_count": 1 if status == "paid" else 0, "create_by": "admin", "create_time": at})
    await ctx.insert(FinancePayCode, rows)
