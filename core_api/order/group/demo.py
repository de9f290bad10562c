"""Demo group buys: the market demo teams get their shop and goods, and each open team its leader's paid order
waiting for the team (grouping) with the leader's seat, so the group-buy screens have rows to show."""

from __future__ import annotations

import datetime as dt
from typing import Any

from core_api.mall.goods.models import MallGoods, MallSku
from core_api.mall.market.models import MallGroupActivity, MallGroupSku, MallGroupTeam
from core_api.order.core import flow
from core_api.order.core.models import OrderLine, OrderLog, OrderMain, OrderPay, OrderShop
from core_api.order.group.models import OrderGroupMember


async def demo(ctx: Any) -> None:
    for n, team in enumerate(await MallGroupTeam.all().order_by("id")):
        activity = await MallGroupActivity.get_or_none(id=team.activity_id)
        group_sku = await MallGroupSku.filter(activity_id=team.activity_id).order_by("id").first()
        sku = await MallSku.get_or_none(id=group_sku.sku_id) if group_sku else None
        goods = await MallGoods.get_or_none(id=sku.goods_id) if sku else None
        if activity is None or group_sku is None or sku is None or goods is None:
            continue
        await MallGroupTeam.filter(id=team.id).update(shop_id=activity.shop_id, goods_id=activity.goods_id,
                                                      hours=activity.hours, joined=1, reserved=0)
        if team.status != "open":
            continue
        opened = team.create_time
        main_no, shop_no = f"M{opened:%y%m%d%H%M%S}{90_000_000 + n:08d}", f"S{opened:%y%m%d%H%M%S}{90_000_000 + n:08d}"
        price = group_sku.price_fen
        main = {"order_no": main_no, "uid": team.leader_uid, "request_no": f"demo-group-{main_no}", "goods_fen": price,
                "pay_fen": price, "pay_status": "paid", "pay_way": "wallet", "out_trade_no": f"P{main_no}",
                "trade_no": f"T{main_no}", "paid_at": opened, "pay_deadline": opened + dt.timedelta(minutes=30),
                "create_time": opened}
        await ctx.insert(OrderMain, [main])
        shop = {"order_no": shop_no, "main_id": main["id"], "main_no": main_no, "shop_id": activity.shop_id,
                "uid": team.leader_uid, "status": flow.GROUPING, "kind": "group", "group_team_id": team.id,
                "goods_fen": price, "pay_fen": price, "pay_status": "paid", "receiver_name": "李四",
                "receiver_phone": "13800138000", "receiver_area": "北京市海淀区",
                "receiver_address": f"中关村{n + 1}号",
                "paid_at": opened, "create_time": opened}
        await ctx.insert(OrderShop, [shop])
        await ctx.insert(OrderLine, [{"shop_order_id": shop["id"], "shop_id": activity.shop_id, "goods_id": goods.id,
                                      "sku_id": sku.id, "goods_name": goods.name, "spec": sku.spec, "price_fen": price,
                                      "quantity": 1, "amount_fen": price, "pay_fen": price}])
        await ctx.insert(OrderLog, [
            {"shop_order_id": shop["id"], "action": "place", "to_status": flow.UNPAID, "actor_kind": "user",
             "actor_id": team.leader_uid, "create_time": opened},
            {"shop_order_id": shop["id"], "action": "pay", "from_status": flow.UNPAID, "to_status": flow.GROUPING,
             "actor_kind": "user", "actor_id": team.leader_uid, "create_time": opened}])
        await ctx.insert(OrderPay, [{"kind": "pay", "main_id": main["id"], "main_no": main_no, "uid": team.leader_uid,
                                     "out_no": f"P{main_no}", "trade_no": f"T{main_no}", "amount_fen": price,
                                     "create_time": opened}])
        await ctx.insert(OrderGroupMember, [{"team_id": team.id, "shop_id": activity.shop_id, "uid": team.leader_uid,
                                             "shop_order_id": shop["id"], "role": "leader", "status": "paid",
                                             "paid_at": opened, "create_time": opened}])
