"""Demo data: picture types (mall categories of kind picture) and a few pictures in each shop's library
(the shops come from the shops' demo, which runs before this one)."""

from __future__ import annotations

from typing import Any

from core_api.demo import images
from core_api.mall.goods.models import MallCategory
from core_api.mall.picture.models import MallPicture
from core_api.mall.shop.models import MallShop

TYPES = ["商品主图", "详情图", "店铺装修"]


async def demo(ctx: Any) -> None:
    types = [{"kind": "picture", "parent_id": 0, "name": name, "sort": i, "create_by": "demo", "create_time": ctx.now}
             for i, name in enumerate(TYPES)]
    await ctx.insert(MallCategory, types)
    shops = await MallShop.all().order_by("id").limit(ctx.size("picture_shops", 20)).values_list("id", flat=True)
    rows = [{"shop_id": shop, "category_id": ctx.rng.choice(types)["id"], "name": f"图片{n + 1}",
             "url": images.address("picture", k * 4 + n), "sort": n, "create_by": "demo",
             "create_time": ctx.moment()} for k, shop in enumerate(shops) for n in range(4)]
    await ctx.insert(MallPicture, rows)
