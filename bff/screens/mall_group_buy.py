"""Group buys (mall/market/index): above the declared list, the goods that have group buys the caller may see (a
shop account: its own shop's), to filter the list by; the list and the panel come in the resource screen's answer."""

from __future__ import annotations

from typing import Any

from bff.core_client import CoreClient
from bff.screens.resource import panel_of


@panel_of("mall/market/index")
async def group_buy_panel(core: CoreClient) -> dict[str, Any]:
    goods = await core.get("/admin/market_manage/goods_father")
    return {"kind": "groupBuy", "goods": goods["rows"]}
