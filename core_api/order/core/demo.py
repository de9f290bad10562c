"""Demo orders: one paid shop order per approved goods item of the first few (to ship, shipped, completed in
turn), bought by the demo consumers, with their line, payment and log row. Amounts add up as a checkout's."""

from __future__ import annotations

import datetime as dt
from typing import Any

from core_api.mall.goods.models import MallGoods, MallSku
from core_api.order.core import flow
from core_api.order.core.models import OrderLine, OrderLog, OrderMain, OrderPay, OrderShop

KINDS = (flow.TO_SHIP, flow.SHIPPED, flow.COMPLETED)


async def demo(ctx: Any) -> None:
    mains, shops, lines, logs, pays = [], [], [], [], []
    n = 0
    for goods in await MallGoods.filter(review="approved").order_by("id").limit(ctx.size("orders", 6)):
        sku = await MallSku.filter(goods_id=goods.id, price_fen__gt=0).order_by("id").first()
        if sku is None:
            continue
        status = KINDS[n % len(KINDS)]
        uid = ctx.uids[n % len(ctx.uids)]
        at = ctx.now - dt.timedelta(days=2, hours=n)
        qty = 2
        pay = sku.price_fen * qty
        main_no = f"M{at:%y%m%d%H%M%S}{n:08d}"
        main = {"order_no": main_no, "uid": uid, "request_no": f"demo-{main_no}", "goods_fen": pay, "pay_fen": pay,
                "pay_status": "paid", "pay_way": "wallet", "out_trade_no": f"P{main_no}", "trade_no": f"T{main_no}",
                "paid_at": at, "pay_deadline": at + dt.timedelta(minutes=30), "create_time": at}
        await ctx.insert(OrderMain, [main])
        shop = {"order_no": f"S{at:%y%m%d%H%M%S}{n:08d}", "main_id": main["id"], "main_no": main_no,
                "shop_id": goods.shop_id, "uid": uid, "status": status, "goods_fen": pay, "pay_fen": pay,
                "pay_status": "paid", "receiver_name": "张三", "receiver_phone": "13800138000",
                "receiver_area": "北京市朝阳区", "receiver_address": "建国路1号", "paid_at": at,
                "shipped_at": at if status != flow.TO_SHIP else None,
                "completed_at": at if status == flow.COMPLETED else None,
                "after_sale_until": ctx.now + dt.timedelta(days=7) if status == flow.COMPLETED else None,
                "create_time": at}
        await ctx.insert(OrderShop, [shop])
        mains.append(main)
        shops.append(shop)
        lines.append({"shop_order_id": shop["id"], "shop_id": goods.shop_id, "goods_id": goods.id, "sku_id": sku.id,
                      "goods_name": goods.name, "spec": sku.spec, "image": sku.image, "price_fen": sku.price_fen,
                      "quantity": qty, "amount_fen": pay, "pay_fen": pay})
        logs.append({"shop_order_id": shop["id"], "action": "place", "to_status": flow.UNPAID, "actor_kind": "user",
                     "actor_id": uid, "create_time": at})
        pays.append({"kind": "pay", "main_id": main["id"], "main_no": main_no, "uid": uid, "out_no": f"P{main_no}",
                     "trade_no": f"T{main_no}", "amount_fen": pay, "create_time": at})
        n += 1
    await ctx.insert(OrderLine, lines)
    await ctx.insert(OrderLog, logs)
    await ctx.insert(OrderPay, pays)
