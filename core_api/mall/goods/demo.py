"""Demo goods: the platform's categories (goods, picture and points-goods kinds), its attributes (颜色, 尺码,
规格) and, for each demo shop (created by core_api.mall.shop's demo, which runs first), a few goods items with
their SKU matrices in every review state. No shop: categories and attributes only.

``--size mall_goods_per_shop=N`` (default 4) sets the goods per shop."""

from __future__ import annotations

import itertools
from typing import Any

from core_api.mall.goods.models import MallAttr, MallAttrValue, MallCategory, MallGoods, MallSku
from core_api.mall.shop.models import MallShop

CATEGORIES: dict[str, list[tuple[str, list[str]]]] = {
    "goods": [("服饰", ["T恤", "衬衫", "卫衣"]), ("数码", ["耳机", "充电器"]), ("食品", ["零食", "茶叶"])],
    "picture": [("商品图", []), ("店铺图", []), ("活动图", [])],
    "integral": [("积分兑换", ["生活用品", "数码配件"])],
}
ATTRS = [("颜色", ["红色", "黑色", "白色"]), ("尺码", ["S", "M", "L", "XL"]), ("规格", ["标准装", "礼盒装"])]
GOODS = {  # leaf → (name, axes used: indexes into ATTRS, base price fen)
    "T恤": ("纯棉圆领T恤", (0, 1), 5900),
    "衬衫": ("商务长袖衬衫", (0, 1), 12900), "卫衣": ("加绒连帽卫衣", (0, 1), 15900),
    "耳机": ("蓝牙降噪耳机", (0,), 29900), "充电器": ("65W氮化镓充电器", (), 9900),
    "零食": ("坚果礼包", (2,), 6800), "茶叶": ("明前龙井", (2,), 26800),
}
REVIEWS = ["approved", "approved", "pending", "draft", "rejected"]


async def demo(ctx: Any) -> None:
    if await MallCategory.exists():
        return
    now = ctx.now
    leaves: dict[str, int] = {}
    for kind, tops in CATEGORIES.items():
        for i, (name, children) in enumerate(tops):
            top = {"kind": kind, "parent_id": 0, "name": name, "sort": i, "create_by": "admin", "create_time": now}
            await ctx.insert(MallCategory, [top])
            kids = [{"kind": kind, "parent_id": top["id"], "name": child, "sort": j, "create_by": "admin",
                     "create_time": now} for j, child in enumerate(children)]
            await ctx.insert(MallCategory, kids)
            if kind == "goods":
                leaves.update({k["name"]: k["id"] for k in kids})
    axes: list[list[tuple[int, str, str]]] = []
    for i, (name, values) in enumerate(ATTRS):
        attr = {"shop_id": 0, "name": name, "sort": i, "create_time": now}
        await ctx.insert(MallAttr, [attr])
        rows = [{"attr_id": attr["id"], "shop_id": 0, "value": v, "sort": j} for j, v in enumerate(values)]
        await ctx.insert(MallAttrValue, rows)
        axes.append([(r["id"], name, r["value"]) for r in rows])
    shops = await MallShop.all().order_by("id").values_list("id", "name")
    per_shop = ctx.size("mall_goods_per_shop", 4)
    kinds = list(GOODS.items())
    goods: list[dict[str, Any]] = []
    plans: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []
    for shop_id, _shop_name in shops:
        for n in range(per_shop):
            leaf, (name, used, base) = kinds[(shop_id + n) % len(kinds)]
            review = REVIEWS[n % len(REVIEWS)]
            row = {"shop_id": shop_id, "category_id": leaves[leaf], "name": name if n < len(kinds) else f"{name}{n}",
                   "subtitle": f"{leaf}精选", "detail": f"<p>{name}，品质保证，七天无理由退换。</p>",
                   "market_price_fen": base * 3 // 2, "review": review,
                   "review_reason": "商品图片不清晰，请重新上传" if review == "rejected" else "",
                   "shelf": "1" if review == "approved" else "0", "sales": ctx.rng.randrange(0, 500),
                   "sort": n, "create_by": "admin", "create_time": ctx.moment()}
            combos = list(itertools.product(*[axes[a][:2] for a in used])) or [()]
            lines = []
            for k, combo in enumerate(combos):
                price = base + 1000 * k
                lines.append({"shop_id": shop_id, "spec_key": "_".join(str(v) for v in sorted(v for v, _, _ in combo)),
                              "spec": ";".join(f"{a}:{v}" for _, a, v in combo), "price_fen": price,
                              "market_price_fen": price * 3 // 2, "stock": ctx.rng.randrange(0, 200), "code": ""})
            row["price_fen"] = min(line["price_fen"] for line in lines)
            row["stock"] = sum(line["stock"] for line in lines)
            goods.append(row)
            plans.append((row, lines))
    await ctx.insert(MallGoods, goods)
    skus: list[dict[str, Any]] = []
    for row, lines in plans:
        for k, line in enumerate(lines):
            skus.append({**line, "goods_id": row["id"], "code": f"SKU{row['id']:06d}{k:02d}"})
    await ctx.insert(MallSku, skus)
