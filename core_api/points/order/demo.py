"""Demo points orders: a few of the points users redeem points goods (to ship, shipped, completed, cancelled in
turn), each with its ledger debit (and, when cancelled, the points given back) as the redeem call writes them."""

from __future__ import annotations

import datetime as dt
from typing import Any

from tortoise.expressions import F

from core_api.mall.integral_goods.models import MallIntegralGoods
from core_api.points.ledger.models import PointsAccount, PointsLedger, PointsLedgerKey
from core_api.points.order.models import OrderIntegral

STATUSES = ("to_ship", "shipped", "completed", "cancelled")


async def demo(ctx: Any) -> None:
    goods = await MallIntegralGoods.filter(shelf="1", cash_fen=0, stock__gt=0).order_by("id").limit(4)
    balances: dict[int, int] = ctx.shared.get("points", {})
    if not goods or not balances:
        return
    orders: list[dict[str, Any]] = []
    entries: list[dict[str, Any]] = []
    taken: dict[int, int] = {}
    for n, uid in enumerate(list(balances)[: ctx.size("points_orders", 8)]):
        item = goods[n % len(goods)]
        if balances[uid] < item.points or item.stock - taken.get(item.id, 0) < 1:
            continue
        status = STATUSES[n % len(STATUSES)]
        at = (ctx.now - dt.timedelta(hours=12 - n)).replace(microsecond=0)
        order_no = f"JF{at:%y%m%d%H%M%S}{n:08d}"
        balances[uid] -= item.points
        entries.append({"uid": uid, "delta": -item.points, "balance_after": balances[uid], "kind": "redeem",
                        "idem_key": f"redeem:demo-{order_no}", "ref": order_no, "remark": f"积分兑换：{item.name}",
                        "create_time": at})
        shipped = at + dt.timedelta(hours=1) if status in ("shipped", "completed") else None
        if status == "cancelled":
            balances[uid] += item.points
            entries.append({"uid": uid, "delta": item.points, "balance_after": balances[uid], "kind": "refund",
                            "idem_key": f"redeem-cancel:{order_no}", "ref": order_no,
                            "remark": f"积分订单取消退回：{item.name}", "create_time": at + dt.timedelta(minutes=30)})
        else:
            taken[item.id] = taken.get(item.id, 0) + 1
        orders.append({"order_no": order_no, "request_no": f"demo-{order_no}", "uid": uid, "goods_id": item.id,
                       "goods_name": item.name, "goods_image": item.pics.split(",")[0], "unit_points": item.points,
                       "quantity": 1, "points": item.points, "status": status, "receiver_name": "李四",
                       "receiver_phone": f"1390013{9000 + n:04d}",
                       "receiver_address": f"上海市浦东新区世纪大道{n + 1}号",
                       "carrier": "SF" if shipped else "", "tracking_no": f"SF20000000{n:04d}" if shipped else "",
                       "shipped_by": "admin" if shipped else "", "shipped_at": shipped,
                       "completed_at": at + dt.timedelta(hours=5) if status == "completed" else None,
                       "cancelled_by": "admin" if status == "cancelled" else "",
                       "cancel_reason": "缺货，已退回积分" if status == "cancelled" else "",
                       "cancelled_at": at + dt.timedelta(minutes=30) if status == "cancelled" else None,
                       "create_time": at})
    await ctx.insert(OrderIntegral, orders)
    await ctx.insert_ledger(PointsLedger, PointsLedgerKey, entries)
    for uid in {e["uid"] for e in entries}:
        await PointsAccount.filter(uid=uid).update(balance=balances[uid], version=F("version") + 1)
    for goods_id, count in taken.items():
        await MallIntegralGoods.filter(id=goods_id).update(stock=F("stock") - count, sales=F("sales") + count)
