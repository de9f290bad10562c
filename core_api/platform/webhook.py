"""Signed webhooks to the app server: what operators decide (freeze, mute, usable) is told back to it.

The outbox pattern of the job scheduler (``sys_job_fire``): ``record_event`` writes a row in the caller's
transaction, so an event exists exactly when its change committed; ``publish_events`` puts it on the bus
after the commit and marks it published; a row left unpublished (a crash or a broker outage in between)
is published by ``relay_events`` at the next start and every few seconds after (``outbox.relay_loop``). The
worker (``deliver_event``) POSTs the stored JSON to ``CONSOLE_APP_WEBHOOK_URL`` signed with the partner key; a
failure raises, so the bus retries it with its back-off, and the row records every attempt. Without a URL the
event stays recorded as ``not_configured``, visible to operators, instead of vanishing.

Signature: ``X-Console-Signature`` = hex HMAC-SHA256(partner key, f"{X-Console-Timestamp}\\n" + raw body);
``X-Console-Event-Id`` lets the receiver drop a repeated delivery (at-least-once).
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import uuid
from collections.abc import Awaitable, Callable, Iterable
from datetime import datetime, timedelta
from typing import Any

import orjson
from tortoise.expressions import F

from core_api.platform import outbound
from core_api.platform.models import WebhookEvent

log = logging.getLogger("console.webhook")
WEBHOOK_DELIVER = "webhook.deliver"
ORPHAN_AFTER = timedelta(seconds=5)
PENDING, DELIVERED, NOT_CONFIGURED, FAILED = "pending", "delivered", "not_configured", "failed"


class DeliveryFailed(Exception):
    """The app server did not take the event; the bus retries it."""


def signature(key: str, timestamp: str, body: bytes) -> str:
    return hmac.new(key.encode(), timestamp.encode() + b"\n" + body, hashlib.sha256).hexdigest()


def verify_signature(key: str, timestamp: str, body: bytes, given: str) -> bool:
    """For receivers (and the tests): the signature of this body at this timestamp."""
    return bool(key) and hmac.compare_digest(signature(key, timestamp, body).encode(), given.encode())


async def record_event(event: str, data: dict[str, Any], now: datetime) -> WebhookEvent:
    """Call inside the transaction of the change the event reports."""
    event_id = uuid.uuid4().hex
    body = {"id": event_id, "event": event, "createdAt": int(now.timestamp()), "data": data}
    return await WebhookEvent.create(event_id=event_id, event=event, payload=orjson.dumps(body).decode(),
                                     created_at=now)


async def publish_events(bus: Any, rows: Iterable[WebhookEvent], now: datetime) -> int:
    """After the commit: each row onto the bus, then marked published. A failed publish leaves that row and the
    rest for ``relay_events``; the change itself stands either way."""
    sent = []
    for row in rows:
        try:
            await bus.publish(WEBHOOK_DELIVER, {"eventId": row.event_id})
        except Exception:  # the broker away: this row and the rest wait for the relay
            log.exception("webhook %s not published; the relay will", row.event_id)
            break
        sent.append(row.event_id)
    if sent:
        await WebhookEvent.filter(event_id__in=sent, published_at__isnull=True).update(published_at=now)
    return len(sent)


async def relay_events(bus: Any, now: datetime) -> int:
    """Publishes the events whose publish never happened (a process died after its commit)."""
    rows = await WebhookEvent.filter(status=PENDING, published_at__isnull=True,
                                     created_at__lte=now - ORPHAN_AFTER).order_by("id").limit(1000)
    if rows:
        log.warning("publishing %d webhook events left unpublished", len(rows))
    return await publish_events(bus, rows, now)


WEBHOOK_URL_KEY = "biz.app.webhookUrl"  # sys_config: an operator's URL, over CONSOLE_APP_WEBHOOK_URL
outbound.PARAMETERS[WEBHOOK_URL_KEY] = lambda value: value  # checked when saved: never an internal address
UNREACHABLE = "无法连接应用服务器回调地址"  # every connect failure alike (outbound.py: no port mapping)


# Reads a system parameter (sys_config) as stored, None when there is none: set by core_api.system.config.models.
PARAMETERS: list[Callable[[str], Awaitable[str | None]]] = []


async def webhook_url(default: str) -> tuple[str, bool]:
    """The app server's webhook URL and whether an operator set it: the console's parameter
    ``biz.app.webhookUrl`` when one is set (http or https), else the deployment's ``CONSOLE_APP_WEBHOOK_URL``."""
    if not PARAMETERS:
        raise RuntimeError("no reader of system parameters is registered (core_api.system.config.models)")
    value = (await PARAMETERS[0](WEBHOOK_URL_KEY) or "").strip()
    return (value, True) if value.startswith(("http://", "https://")) else (default, False)


async def deliver_event(event_id: str, url: str, key: str, now: datetime, *, max_attempts: int = 5,
                        timeout: float = 10.0, allow: outbound.Allow | None = None) -> str:
    """One delivery attempt; returns the row's status, raises ``DeliveryFailed`` to be retried. ``allow``: the
    outbound allow-list when an operator set the URL (checked when connecting), None for the deployment's."""
    row = await WebhookEvent.get_or_none(event_id=event_id)
    if row is None or row.status in (DELIVERED, NOT_CONFIGURED, FAILED):
        return row.status if row is not None else "missing"
    if not url or not key:
        why = "未配置应用服务器回调地址" if not url else "未配置合作方密钥"
        await WebhookEvent.filter(id=row.id, status=PENDING).update(status=NOT_CONFIGURED, last_error=why)
        return NOT_CONFIGURED
    await WebhookEvent.filter(id=row.id).update(attempts=F("attempts") + 1)
    body = row.payload.encode()
    timestamp = str(int(now.timestamp()))
    headers = {"Content-Type": "application/json", "X-Console-Timestamp": timestamp,
               "X-Console-Event-Id": row.event_id, "X-Console-Signature": signature(key, timestamp, body)}
    error = ""
    try:
        async with outbound.post(url, allow, timeout=timeout, data=body, headers=headers) as response:
            if 200 <= response.status < 300:
                await WebhookEvent.filter(id=row.id).update(status=DELIVERED, delivered_at=now, last_error="")
                return DELIVERED
            error = f"HTTP {response.status}: {(await response.text())[:200]}"
    except outbound.Unreachable:
        error = UNREACHABLE
    last = row.attempts + 1 >= max_attempts
    await WebhookEvent.filter(id=row.id).update(last_error=error[:500], **({"status": FAILED} if last else {}))
    raise DeliveryFailed(error)
