"""Demo data: two ad categories per shop holding a few of the shop's goods (when the shops have goods)."""

from __future__ import annotations

from typing import Any

from core_api.mall.ad.models import MallAdCategory, MallAdGoods
from core_api.mall.goods.models import MallGoods
from core_api.mall.shop.models import MallShop


async def demo(ctx: Any) -> None:
    shops = await MallShop.all().order_by("id").limit(ctx.size("ad_shops", 20)).values_list("id", flat=True)
    for shop in shops:
        goods = await MallGoods.filter(shop_id=shop).order_by("id").limit(6).values_list("id", flat=True)
        for i, name in enumerate(("本周推荐", "新品上架")):
            category = await MallAdCategory.create(shop_id=shop, name=name, sort=i, create_by="demo",
                                                   create_time=ctx.now)
            await ctx.insert(MallAdGoods, [{"category_id": category.id, "shop_id": shop, "goods_id": g, "sort": n,
                                            "status": "1", "create_by": "demo", "create_time": ctx.now}
                                           for n, g in enumerate(goods[i::2])])
