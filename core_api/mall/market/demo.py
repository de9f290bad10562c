"""A demo group buy: the first approved goods item with SKUs (when the goods demo made one), 10 % off each SKU."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from core_api.mall.goods.models import MallGoods, MallSku
from core_api.mall.market.models import MallGroupActivity, MallGroupSku


async def demo(ctx) -> None:
    if await MallGroupActivity.exists():
        return
    for goods in await MallGoods.filter(review="approved").order_by("id").limit(20):
        skus = await MallSku.filter(goods_id=goods.id, price_fen__gt=1)
        if not skus:
            continue
        now = datetime.now(UTC)
        prices = {s.id: s.price_fen * 9 // 10 for s in skus}
        row = await MallGroupActivity.create(shop_id=goods.shop_id, goods_id=goods.id, goods_name=goods.name,
                                             team_size=3, hours=24, start_time=now, end_time=now + timedelta(days=30),
                                             min_price_fen=min(prices.values()), create_by="admin", create_time=now)
        await MallGroupSku.bulk_create([MallGroupSku(activity_id=row.id, sku_id=s.id, spec=s.spec,
                                                     sku_price_fen=s.price_fen, price_fen=prices[s.id]) for s in skus])
        return
