"""Delivers the app server's webhooks (core_api/platform/webhook.py); a failure raises, so the bus retries."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from core_api.platform import outbound
from core_api.platform.bus import BaseBus
from core_api.platform.settings import Settings
from core_api.platform.webhook import deliver_event, webhook_url


async def deliver(payload: dict[str, Any], bus: BaseBus) -> None:
    settings = bus.settings or Settings()
    event_id = payload.get("eventId")
    if not isinstance(event_id, str):
        return  # not ours to retry: a malformed message would only fail again
    url, operators = await webhook_url(settings.app_webhook_url)
    await deliver_event(event_id, url, settings.partner_key, datetime.now(UTC), max_attempts=bus.max_attempts,
                        timeout=settings.app_webhook_timeout_seconds,
                        allow=outbound.allow_list(settings.outbound_allow) if operators else None)
