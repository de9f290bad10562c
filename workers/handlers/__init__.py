"""Every event handler, subscribed by name. Handlers are plain async functions calling core services."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from core_api.auth.service import LOGIN_EVENT
from core_api.business import load_jobs
from core_api.content.message.service import MESSAGE_ADDED
from core_api.dashboard.stats import count_event
from core_api.messaging.service import (
    NOTICE_PUBLISHED,
    ORDER_EVENT,
    on_notice_published,
    on_order_event,
    on_order_flow,
)
from core_api.monitor.job.runner import JOB_FIRE, Services, run_fire
from core_api.order.core.flow import TOPIC as ORDER_FLOW
from core_api.order.group import job as group_expiry
from core_api.order.place import job as order_timeouts
from core_api.platform.bus import BaseBus
from core_api.platform.counts import broadcast_changed
from core_api.platform.exports import EXPORT_REQUESTED
from core_api.platform.live import dashboard_changed
from core_api.platform.webhook import WEBHOOK_DELIVER
from workers.handlers import auth, content, exports, webhook


def subscribe_all(bus: BaseBus) -> None:
    load_jobs()  # every feature's job handlers, which the fires name

    async def record_login(payload: dict[str, Any]) -> None:
        await auth.record_login(payload)
        await broadcast_changed(bus, "sys_logininfor")  # every node's login-log totals

    bus.subscribe(LOGIN_EVENT, "auth.login-log", record_login)
    bus.subscribe(NOTICE_PUBLISHED, "messages.notice", on_notice_published)
    bus.subscribe(ORDER_EVENT, "messages.order", on_order_event)

    async def order_flow_message(payload: dict[str, Any]) -> None:
        await on_order_flow(payload)

    bus.subscribe(ORDER_FLOW, "messages.order-flow", order_flow_message)
    bus.subscribe(MESSAGE_ADDED, "content.message-fanout", content.send_message)
    services = Services(bus=bus)

    async def run_job(payload: dict[str, Any]) -> None:
        await run_fire(payload, services)

    bus.subscribe(JOB_FIRE, "jobs.run", run_job)

    async def deliver_webhook(payload: dict[str, Any]) -> None:
        await webhook.deliver(payload, bus)

    bus.subscribe(WEBHOOK_DELIVER, "webhook.deliver", deliver_webhook)

    async def build_export(payload: dict[str, Any]) -> None:
        await exports.build(payload, bus)

    bus.subscribe(EXPORT_REQUESTED, "exports.build", build_export)
    order_timeouts.subscribe(bus)

    async def count_order_event(payload: dict[str, Any]) -> None:
        await count_event(payload, datetime.now(UTC))

    bus.subscribe(ORDER_FLOW, "dashboard.stat-daily", count_order_event)

    async def live_dashboard(payload: dict[str, Any]) -> None:
        # after the aggregate's own consumer would be too strict an order to ask of two queues: the page reads
        # its live figures from the orders themselves, and the report's daily figures on its next notice
        await dashboard_changed(bus, f"order.{payload.get('event') or ''}"[:40])

    bus.subscribe(ORDER_FLOW, "dashboard.live", live_dashboard)
    group_expiry.subscribe(bus)
