"""What other features ask of shops: the names of shop ids (the ``shop`` field kind's check and ``shopName``)."""

from __future__ import annotations

from core_api.mall.shop.models import MallShop
from core_api.platform.resource import SHOP_NAMES


async def shop_names(ids: list[int]) -> dict[int, str]:
    wanted = sorted({int(i) for i in ids if i})
    if not wanted:
        return {}
    return dict(await MallShop.filter(id__in=wanted).values_list("id", "name"))  # type: ignore[arg-type]


if shop_names not in SHOP_NAMES:
    SHOP_NAMES.append(shop_names)
