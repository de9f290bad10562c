"""Demo data: two goods of the built-in supply-chain catalogue synced into the mall (their shops mapped)."""

from __future__ import annotations

from typing import Any

from core_api.mall.supply.service import sync_goods
from core_api.platform.supply import LocalSupply


async def demo(ctx: Any) -> None:
    supply = LocalSupply()
    for ref in ("g10001", "g20001"):
        await sync_goods(supply, ref, "demo", ctx.now)
