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
        self._flusher: asyncio.Task[None] | None = None

    def add(self, item: Any) -> None:
        self._pending.append(item)
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.get_running_loop().create_task(self._flush())

    async def _flush(self) -> None:
        await asyncio.sleep(0)  # the rest of this loop turn's items join the batch
        while self._pending:
            batch, self._pending = self._pending[: self._limit], self._pending[self._limit :]
            try:
                await self._send(batch)
            except Exception:  # live notifications: the caller's state of record is elsewhere
                log.exception("sending %d batched notifications failed", len(batch))

    async def drain(self) -> None:
        if self._flusher is not None:
            await asyncio.shield(self._flusher)
