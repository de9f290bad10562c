"""Demo order comments: the buyer of every completed demo order (core_api.order.core.demo) reviews its lines."""

from __future__ import annotations

from typing import Any

from core_api.order.core import flow
from core_api.order.core.models import OrderLine, OrderShop
from core_api.order.manage.models import OrderComment


async def demo(ctx: Any) -> None:
    done = await OrderShop.filter(status=flow.COMPLETED).values("id", "uid", "completed_at", "create_time")
    by_id = {d["id"]: d for d in done}
    rows: list[dict[str, Any]] = []
    for line in await OrderLine.filter(shop_order_id__in=list(by_id)).order_by("id").values():
        order = by_id[line["shop_order_id"]]
        rows.append({"shop_id": line["shop_id"], "shop_order_id": order["id"], "line_id": line["id"],
                     "goods_id": line["goods_id"], "uid": order["uid"], "score": 5 - len(rows) % 2,
                     "content": "质量很好，发货很快", "create_time": order["completed_at"] or order["create_time"]})
    await ctx.insert(OrderComment, rows)
