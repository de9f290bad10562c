"""What other features ask of shops: the names of shop ids (the ``shop`` field kind's check and ``shopName``)."""

from __future__ import annotations

from collections.abc import Iterable

from core_api.mall.shop.models import MallShop


async def shop_names(ids: Iterable[int]) -> dict[int, str]:
    wanted = sorted({int(i) for i in ids if i})
    if not wanted:
        return {}
    return dict(await MallShop.filter(id__in=wanted).values_list("id", "name"))  # type: ignore[arg-type]
