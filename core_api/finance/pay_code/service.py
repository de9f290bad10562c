"""What other features plug into the wallet's payment callback (core_api.finance.pay_code.routes)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from aiohttp import web

from core_api.platform.wallet import Notice

# Other payments on the same callback (orders: core_api.order.place.routes): each handler answers its outcome, or
# None when the notice's outTradeNo is not one of its own; the pay codes take what none of them claims.
NOTICE_HANDLERS: list[Callable[[web.Request, Notice, str], Awaitable[str | None]]] = []
