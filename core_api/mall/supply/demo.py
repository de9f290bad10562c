"""Demo data: the goods of the built-in supply-chain catalogue's first shop brought into the mall, as a sync
does it (core_api/mall/supply/service.py): the provider shop's local shop and its mapping, the categories,
the goods off shelf and their SKUs. Written in bulk (the demo counts its rows)."""

from __future__ import annotations

from typing import Any

from core_api.mall.goods.models import MallCategory, MallGoods, MallSku
from core_api.mall.shop.models import MallShop
from core_api.mall.supply.models import MallSupplyShop
from core_api.mall.supply.service import OTHER_CATEGORY, ROOT_CATEGORY
from core_api.platform.supply import LocalSupply


async def demo(ctx: Any) -> None:
    supply = LocalSupply()
    shop_ref = "sc1001"
    items = [g for g in supply.catalogue.values() if g.shop_id == shop_ref]
    shop = {"name": f"{items[0].shop_name}（供应链）", "contact": "供应链",
            "intro": f"供应链店铺 {supply.name}:{shop_ref}", "area_code": "110105",
            "create_by": "supply", "create_time": ctx.now}
    await ctx.insert(MallShop, [shop])
    await ctx.insert(MallSupplyShop, [{"provider": supply.name, "ref": shop_ref, "name": items[0].shop_name,
                                       "shop_id": shop["id"], "create_time": ctx.now}])
    root = {"kind": "goods", "parent_id": 0, "name": ROOT_CATEGORY, "create_by": "supply", "create_time": ctx.now}
    await ctx.insert(MallCategory, [root])
    children = {name: {"kind": "goods", "parent_id": root["id"], "name": name, "create_by": "supply",
                       "create_time": ctx.now} for name in dict.fromkeys(g.category or OTHER_CATEGORY for g in items)}
    await ctx.insert(MallCategory, list(children.values()))
    goods = [{"shop_id": shop["id"], "category_id": children[g.category or OTHER_CATEGORY]["id"], "name": g.name,
              "subtitle": g.subtitle, "detail": g.detail, "unit": g.unit, "pics": "",
              "price_fen": min(s.price_fen for s in g.skus),
              "market_price_fen": max(s.market_price_fen for s in g.skus),
              "stock": sum(s.stock for s in g.skus), "source": supply.name, "source_ref": g.id, "shelf": "0",
              "review": "approved", "create_by": "supply", "create_time": ctx.now} for g in items]
    await ctx.insert(MallGoods, goods)
    await ctx.insert(MallSku, [
        {"goods_id": row["id"], "shop_id": shop["id"], "spec_key": f"supply_{s.id}", "spec": s.spec,
         "price_fen": s.price_fen, "market_price_fen": s.market_price_fen, "stock": s.stock, "code": s.code,
         "image": "", "source_ref": s.id} for row, g in zip(goods, items, strict=True) for s in g.skus])
