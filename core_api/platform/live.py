"""Live notices to the console's open pages (issue 28 §3): "the home figures changed, read them again".

Whatever moves a home figure (an order event, a chat message, the desk reading one) calls
``dashboard_changed(bus, reason)``; it broadcasts ``DASHBOARD_CHANGED`` on the bus, which every node hears (in
process, or through RabbitMQ's fan-out), and each node's chat gateway passes it to its own sockets of operators
who may read the home page (``DASHBOARD_VIEW``). The notice carries no figure: the page reads its screen again,
through its own permission checks. A busy node sends at most one notice per ``GAP`` seconds (the first at once,
the rest of that second together after it), so a chat at hundreds of messages a second costs a notice a second.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

DASHBOARD_CHANGED = "dashboard.changed"
DASHBOARD_VIEW = "index:dashboard:view"
GAP = 1.0


class Pulse:
    """Coalesces the notices of one process: the first at once, then one per ``gap`` with every reason since."""

    def __init__(self, gap: float = GAP) -> None:
        self.gap = gap
        self._last = float("-inf")
        self._reasons: set[str] = set()
        self._pending: asyncio.Task[None] | None = None

    async def poke(self, bus: Any, reason: str) -> None:
        self._reasons.add(reason)
        if self._pending is not None and not self._pending.done():
            return  # the pending notice carries this reason too
        wait = self._last + self.gap - time.monotonic()
        if wait <= 0:
            await self._send(bus)
        else:
            self._pending = asyncio.get_running_loop().create_task(self._later(bus, wait))

    async def _later(self, bus: Any, wait: float) -> None:
        await asyncio.sleep(wait)
        await self._send(bus)

    async def _send(self, bus: Any) -> None:
        reasons, self._reasons = sorted(self._reasons), set()
        self._last = time.monotonic()
        if reasons:
            await bus.broadcast(DASHBOARD_CHANGED, {"reasons": reasons})


async def dashboard_changed(bus: Any, reason: str) -> None:
    """Tells every node's dashboard readers that a home figure moved (coalesced per bus, see ``Pulse``)."""
    pulse = getattr(bus, "dashboard_pulse", None)
    if pulse is None:
        pulse = Pulse()
        bus.dashboard_pulse = pulse
    await pulse.poke(bus, reason)
