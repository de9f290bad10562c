"""Demo after-sales on the demo orders: a refund waiting for the shop's decision, one approved and waiting for
finance (under the large-refund threshold), and a returned item refunded (its refund row, payment row, and the
line and order amounts as the execution leaves them)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from core_api.order.aftersale import service
from core_api.order.aftersale.models import OrderAfterSale, OrderRefund
from core_api.order.core import flow
from core_api.order.core.models import OrderLine, OrderPay, OrderShop


async def demo(ctx: Any) -> None:
    to_ship = list(await OrderShop.filter(status=flow.TO_SHIP, refunded_fen=0).order_by("id").limit(2))
    shipped = await OrderShop.filter(status=flow.SHIPPED, refunded_fen=0).order_by("id").first()
    plan = [(o, service.REFUND, s) for o, s in zip(to_ship, (service.APPLIED, service.AWAITING_REFUND), strict=False)]
    if shipped is not None:
        plan.append((shipped, service.RETURN_REFUND, service.REFUNDED))
    rows = []
    for n, (order, kind, status) in enumerate(plan):
        line = await OrderLine.filter(shop_order_id=order.id).order_by("id").first()
        if line is None:
            continue
        at = ctx.now - dt.timedelta(hours=20 - n)
        amount = min(service.pro_rata(line, 1), service.DEFAULT_THRESHOLD - 100)
        row = {"after_sale_no": f"AS{at:%y%m%d%H%M%S}{n:08d}", "request_no": f"demo-as-{order.id}",
               "uid": order.uid, "main_id": order.main_id, "shop_order_id": order.id, "shop_id": order.shop_id,
               "line_id": line.id, "kind": kind, "status": status, "quantity": 1, "amount_fen": amount,
               "before_ship": kind == service.REFUND, "reason": "不想要了" if kind == service.REFUND else "尺码不合适",
               "images": [], "approver": "" if status == service.APPLIED else "admin",
               "carrier": "SF" if kind == service.RETURN_REFUND else "",
               "tracking_no": f"SF{order.id:010d}" if kind == service.RETURN_REFUND else "",
               "sellable": True if kind == service.RETURN_REFUND else None, "create_time": at, "update_time": at}
        await ctx.insert(OrderAfterSale, [row])
        rows.append(row)
        await OrderLine.filter(id=line.id).update(after_sale=status)
        if status == service.REFUNDED:
            refund = {"refund_no": f"R{at:%y%m%d%H%M%S}{n:08d}", "after_sale_id": row["id"], "main_id": order.main_id,
                      "main_no": order.main_no, "shop_order_id": order.id, "shop_id": order.shop_id,
                      "line_id": line.id, "uid": order.uid, "amount_fen": amount, "status": service.REFUNDED,
                      "trade_no": "LRdemo", "attempts": 1, "executor": "admin", "create_time": at,
                      "update_time": at, "finish_time": at}
            await ctx.insert(OrderRefund, [refund])
            await ctx.insert(OrderPay, [{"kind": "refund", "main_id": order.main_id, "main_no": order.main_no,
                                         "shop_order_id": order.id, "shop_id": order.shop_id, "uid": order.uid,
                                         "out_no": refund["refund_no"], "trade_no": "LRdemo", "amount_fen": amount,
                                         "create_time": at}])
            await OrderAfterSale.filter(id=row["id"]).update(refund_id=refund["id"])
            await OrderLine.filter(id=line.id).update(refunded_fen=amount, refunded_qty=1)
            await OrderShop.filter(id=order.id).update(refunded_fen=amount, refund_status="partial")
