"""Periodic clean-up: expired sessions and short-lived keys. Idempotent, so several nodes may run it."""

from __future__ import annotations

import asyncio
import logging
import time

from core_api.auth.models import UserSession
from core_api.platform.models import KvEntry

log = logging.getLogger("console.housekeeping")
INTERVAL = 300


async def sweep(now: float | None = None) -> tuple[int, int]:
    now = time.time() if now is None else now
    sessions = await UserSession.filter(expires_at__lte=now).delete()
    keys = await KvEntry.filter(expires_at__lte=now).delete()
    return sessions, keys


async def housekeeping_loop() -> None:
    while True:
        try:
            sessions, keys = await sweep()
            if sessions or keys:
                log.info("removed %d expired sessions and %d expired keys", sessions, keys)
        except Exception:
            log.exception("housekeeping failed")
        await asyncio.sleep(INTERVAL)
