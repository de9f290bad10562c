"""Demo orders so that the order screens show data: for the first demo shops' approved goods, one order in each
status staff meet (to ship, to pick up with the known code 666888, shipped by SF, completed with a comment, unpaid,
closed), each a main order with one shop order, its lines, its order log and its payment. The comments of the
completed ones come from core_api.order.manage.demo."""

from __future__ import annotations

import datetime as dt
from typing import Any

from core_api.mall.goods.models import MallGoods, MallSku
from core_api.order.core import flow
from core_api.order.core.models import OrderLine, OrderLog, OrderMain, OrderPay, OrderShop

PICKUP_CODE = "666888"
# (status, delivery, hours ago)
PLAN = [(flow.TO_SHIP, "express", 2), (flow.TO_PICKUP, "pickup", 5), (flow.SHIPPED, "express", 30),
        (flow.COMPLETED, "express", 200), (flow.UNPAID, "express", 0), (flow.CLOSED, "express", 50),
        (flow.TO_SHIP, "express", 8)]


async def demo(ctx: Any) -> None:
    goods = await MallGoods.filter(review="approved").order_by("id").limit(20)
    sku_rows = []
    for g in goods:
        sku = await MallSku.filter(goods_id=g.id).order_by("id").first()
        if sku is not None:
            sku_rows.append((g, sku))
    if not sku_rows or not ctx.uids:
        return
    mains, shops, lines, logs, pays = [], [], [], [], []
    ids = {"main": 0, "shop": 0, "line": 0, "log": 0, "pay": 0}

    def next_id(kind: str) -> int:
        ids[kind] += 1
        return ids[kind]

    for n in range(ctx.size("orders", len(PLAN))):
        status, delivery, hours = PLAN[n % len(PLAN)]
        g, sku = sku_rows[n % len(sku_rows)]
        uid = ctx.uids[n % len(ctx.uids)]
        placed = ctx.now - dt.timedelta(hours=hours, minutes=n)
        paid = status not in (flow.UNPAID, flow.CLOSED)
        qty = 1 + n % 2
        amount = sku.price_fen * qty
        freight = 0 if delivery == "pickup" else 1000
        main_no, shop_no = f"M{placed:%y%m%d%H%M%S}{n:08d}", f"S{placed:%y%m%d%H%M%S}{n:08d}"
        main_id, shop_id, line_id = next_id("main"), next_id("shop"), next_id("line")
        mains.append({"id": main_id, "order_no": main_no, "uid": uid, "request_no": f"demo-{main_no}",
                      "goods_fen": amount, "freight_fen": freight, "pay_fen": amount + freight,
                      "pay_status": "paid" if paid else ("closed" if status == flow.CLOSED else "unpaid"),
                      "pay_way": "wallet" if paid else "", "out_trade_no": f"P{main_no}",
                      "trade_no": f"T{main_no}" if paid else "", "paid_at": placed if paid else None,
                      "pay_deadline": placed + dt.timedelta(minutes=30),
                      "closed_at": placed + dt.timedelta(minutes=30) if status == flow.CLOSED else None,
                      "create_time": placed})
        shipped_at = placed + dt.timedelta(hours=3) if status in (flow.SHIPPED, flow.COMPLETED) else None
        completed_at = placed + dt.timedelta(days=3) if status == flow.COMPLETED else None
        shops.append({"id": shop_id, "order_no": shop_no, "main_id": main_id, "main_no": main_no,
                      "shop_id": g.shop_id, "uid": uid, "status": status, "delivery": delivery,
                      "goods_fen": amount, "freight_fen": freight, "pay_fen": amount + freight,
                      "pay_status": mains[-1]["pay_status"],
                      "pickup_status": "waiting" if delivery == "pickup" else "none",
                      "pickup_code": PICKUP_CODE if delivery == "pickup" else None,
                      "receiver_name": "张三", "receiver_phone": f"1380013{8000 + n:04d}",
                      "receiver_area": "北京市朝阳区", "receiver_address": f"建国路{n + 1}号",
                      "carrier": "SF" if shipped_at else "", "tracking_no": f"SF10000000{n:04d}" if shipped_at else "",
                      "paid_at": placed if paid else None, "shipped_at": shipped_at, "completed_at": completed_at,
                      "closed_at": mains[-1]["closed_at"],
                      "close_reason": "超时未支付" if status == flow.CLOSED else "",
                      "after_sale_until": completed_at + dt.timedelta(days=7) if completed_at else None,
                      "create_time": placed})
        lines.append({"id": line_id, "shop_order_id": shop_id, "shop_id": g.shop_id, "goods_id": g.id,
                      "sku_id": sku.id, "goods_name": g.name, "spec": sku.spec, "price_fen": sku.price_fen,
                      "quantity": qty, "amount_fen": amount, "pay_fen": amount,
                      "commented": status == flow.COMPLETED})
        steps = [("place", "", flow.UNPAID, "user", placed, "")]
        if paid:
            first = flow.TO_PICKUP if delivery == "pickup" else flow.TO_SHIP
            steps.append(("pay", flow.UNPAID, first, "user", placed, ""))
        if shipped_at:
            steps.append(("ship", flow.TO_SHIP, flow.SHIPPED, "staff", shipped_at, f"顺丰速运 SF10000000{n:04d}"))
        if completed_at:
            steps.append(("confirm", flow.SHIPPED, flow.COMPLETED, "user", completed_at, ""))
        if status == flow.CLOSED:
            steps.append(("timeout", flow.UNPAID, flow.CLOSED, "system", placed + dt.timedelta(minutes=30), ""))
        for action, src, dst, kind, at, note in steps:
            logs.append({"id": next_id("log"), "shop_order_id": shop_id, "action": action, "from_status": src,
                         "to_status": dst, "actor_kind": kind, "actor_id": uid if kind == "user" else 0,
                         "actor_name": {"staff": "admin", "system": "系统"}.get(kind, ""), "note": note,
                         "create_time": at})
        if paid:
            pays.append({"id": next_id("pay"), "kind": "pay", "main_id": main_id, "main_no": main_no, "uid": uid,
                         "out_no": f"P{main_no}", "trade_no": f"T{main_no}", "amount_fen": amount + freight,
                         "create_time": placed})
    await ctx.insert(OrderMain, mains)
    await ctx.insert(OrderShop, shops)
    await ctx.insert(OrderLine, lines)
    await ctx.insert(OrderLog, logs)
    await ctx.insert(OrderPay, pays)
