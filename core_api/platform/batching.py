"""Many small messages of one event-loop turn sent as one.

aiormq publishes one message per channel at a time and hands its lock on through the event loop, so on a
busy node a channel carries about one publish per loop turn. Live notifications (broadcasts, socket.io
fan-out) that would each be a publish are gathered here and go out as one list per turn.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger("console.batching")


class TurnBatcher:
    def __init__(self, send: Callable[[list[Any]], Awaitable[None]], limit: int = 500) -> None:
        self._send = send
        self._limit = limit
        self._pending: list[Any] = []
        self._sent: asyncio.Future[None] | None = None  # done when the pending items' batches were sent
        self._flusher: asyncio.Task[None] | None = None

    def add(self, item: Any) -> asyncio.Future[None]:
        """Queues ``item`` for this turn's batch. The future is done once its batch was handed to ``send`` and
        that returned (or failed, which is logged): a caller that must not answer before its item left the
        process awaits it, shielded (it is shared by the turn's items)."""
        loop = asyncio.get_running_loop()
        if self._sent is None:
            self._sent = loop.create_future()
        sent = self._sent
        self._pending.append(item)
        if self._flusher is None or self._flusher.done():
            self._flusher = loop.create_task(self._flush())
        return sent

    async def _flush(self) -> None:
        await asyncio.sleep(0)  # the rest of this loop turn's items join the batch
        while self._pending:
            items, sent, self._pending, self._sent = self._pending, self._sent, [], None
            try:
                for start in range(0, len(items), self._limit):
                    batch = items[start : start + self._limit]
                    try:
                        await self._send(batch)
                    except Exception:  # live notifications: the caller's state of record is elsewhere
                        log.exception("sending %d batched notifications failed", len(batch))
            finally:
                if sent is not None and not sent.done():
                    sent.set_result(None)

    async def drain(self) -> None:
        if self._flusher is not None:
            await asyncio.shield(self._flusher)
