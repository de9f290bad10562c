"""Bus messages that must not be lost to a broker outage.

A change commits first and publishes its message after; with RabbitMQ away, that publish fails. ``publish_kept``
then keeps the message in ``sys_bus_outbox`` instead of dropping it, and ``relay`` (every core node, every
``RELAY_EVERY`` seconds) publishes what is kept once the broker takes messages again and deletes each row it
published. Rows are claimed with ``FOR UPDATE SKIP LOCKED`` on PostgreSQL, so two nodes never publish the same row;
consumers are idempotent all the same (a message is at least once: a relay that dies between its publish and its
commit publishes again). The webhook outbox (``webhook.relay_events``) is relayed in the same loop.

A message that must go out exactly when its change commits (an export's request: a job whose message is lost keeps
its operator from exporting) is written in the change's transaction instead (``keep``) and published by the same
node right after the commit (``release``), which deletes its row. A node that dies in between leaves the row, and
the relay publishes it once the row's ``not_before`` has passed (``HELD_FOR``, so that the relay does not publish
what its own node is about to).

Broadcasts (cache invalidations, ended sessions, a blocked user's sockets) the broker did not take are kept the
same way (``keep_broadcasts``, the topic prefixed ``broadcast:``) and sent to every node by the relay: a role's
permissions changed during an outage reach the other nodes' caches when the broker is back, not 300 s later.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import orjson
from tortoise.expressions import F, Q
from tortoise.transactions import in_transaction

from core_api.platform.models import BusOutbox
from core_api.platform.webhook import relay_events

log = logging.getLogger("console.outbox")
RELAY_EVERY = 2.0  # seconds between two relays of a node
RELAY_BATCH = 500
HELD_FOR = 10.0  # seconds a message written with its change is left to its own node before the relay takes it
BROADCAST = "broadcast:"  # a kept broadcast's topic: this, then the broadcast's own


async def publish_kept(bus: Any, topic: str, payload: dict[str, Any]) -> bool:
    """Publishes ``payload`` on ``topic``, or keeps it for the relay when the broker does not take it. True when it
    was published now; raises only when it could be neither published nor kept (the database away too)."""
    try:
        await bus.publish(topic, payload)
        return True
    except Exception as exc:  # noqa: BLE001 - any failure of the broker's client: keep the message
        _warn_kept(topic, exc)
    await BusOutbox.create(topic=topic, payload=orjson.dumps(payload).decode(), created_at=datetime.now(UTC))
    return False


async def keep(topic: str, payload: dict[str, Any]) -> int:
    """Inside the transaction of the change ``payload`` announces: the message, written with it. Publish it after the
    commit with ``release``; if this node dies first, the relay publishes it after HELD_FOR."""
    now = datetime.now(UTC)
    row = await BusOutbox.create(topic=topic, payload=orjson.dumps(payload).decode(), created_at=now,
                                 not_before=now + timedelta(seconds=HELD_FOR))
    return int(row.id)


async def release(bus: Any, kept_id: int, topic: str, payload: dict[str, Any]) -> bool:
    """After the commit: the kept message published and its row deleted (True); with the broker away the row stays,
    and the relay publishes it when the broker is back."""
    try:
        await bus.publish(topic, payload)
    except Exception as exc:  # noqa: BLE001 - any failure of the broker's client: the row is the message
        _warn_kept(topic, exc)
        published = False
    else:
        published = True
    try:
        if published:
            await BusOutbox.filter(id=kept_id).delete()
        else:
            await BusOutbox.filter(id=kept_id).update(not_before=None)  # the relay may take it at once
    except Exception:  # the database away: the relay publishes the row after HELD_FOR (again, if it went out)
        log.exception("could not settle kept message %s", kept_id)
    return published


WARN_EVERY = 5.0  # seconds: an outage keeps hundreds of messages a second, told once per topic in this span
_kept_since: dict[str, tuple[float, int]] = {}  # topic -> (when last told, kept since)


def _warn_kept(topic: str, exc: Exception) -> None:
    told, count = _kept_since.get(topic, (0.0, 0))
    now = time.monotonic()
    if now - told < WARN_EVERY:
        _kept_since[topic] = (told, count + 1)
        return
    _kept_since[topic] = (now, 0)
    log.warning("%s not published (%s): kept for the relay%s", topic, type(exc).__name__,
                f" (and {count} more since the last notice)" if count else "")


async def keep_broadcasts(batch: list[dict[str, Any]]) -> None:
    """Broadcasts the broker did not take (the bus's ``keep_unsent``), each distinct one once, for the relay."""
    now = datetime.now(UTC)
    distinct = dict.fromkeys(orjson.dumps(item, option=orjson.OPT_SORT_KEYS) for item in batch)
    await BusOutbox.bulk_create([
        BusOutbox(topic=BROADCAST + item["topic"], payload=orjson.dumps(item["payload"]).decode(), created_at=now)
        for item in map(orjson.loads, distinct)])


async def relay(bus: Any, limit: int = RELAY_BATCH) -> int:
    """Publishes the kept messages, oldest first, and deletes each one published; stops at the first the broker
    refuses (it is still away). Answers how many were published."""
    if not await BusOutbox.exists():  # the usual case: nothing kept, no transaction taken
        return 0
    published: list[int] = []
    refused: int | None = None
    async with in_transaction():
        ready = Q(not_before__isnull=True) | Q(not_before__lte=datetime.now(UTC))
        rows = await BusOutbox.filter(ready).order_by("id").limit(limit).select_for_update(skip_locked=True)
        for row in rows:
            try:
                if row.topic.startswith(BROADCAST):
                    await bus.broadcast_now(row.topic.removeprefix(BROADCAST), orjson.loads(row.payload))
                else:
                    await bus.publish(row.topic, orjson.loads(row.payload))
            except Exception:  # noqa: BLE001 - still away: the rest waits for the next relay
                refused = row.id
                break
            published.append(row.id)
        if published:
            await BusOutbox.filter(id__in=published).delete()
        if refused is not None:
            await BusOutbox.filter(id=refused).update(attempts=F("attempts") + 1)
    if published:
        log.info("published %d kept bus messages", len(published))
    return len(published)


async def relay_loop(bus: Any, now: Callable[[], datetime], stop: asyncio.Event) -> None:
    """Every ``RELAY_EVERY`` seconds until ``stop``: the kept bus messages and the webhook events left
    unpublished."""
    while not stop.is_set():
        try:
            await asyncio.wait_for(stop.wait(), RELAY_EVERY)
            return
        except TimeoutError:
            pass
        try:
            await relay(bus)
            await relay_events(bus, now())
        except Exception:  # the database away: next time
            log.exception("outbox relay failed")
