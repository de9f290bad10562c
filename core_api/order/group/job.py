"""Group-buy expiry (DOMAIN.md "Group buys"; like every order timeout: a delayed message and a periodic sweep,
both conditional).

- The ``paid`` order event of a leader (the team just opened) schedules ``order.group_expire`` the team's hours
  later (one delay queue per distinct number of hours on RabbitMQ); its handler expires the team if it is
  still open and due.
- The job ``expireGroupTeams`` expires every open team past expires_at, and takes up again the member orders of
  an expired team that are still waiting (a wallet that failed, a worker killed mid-way).

Refunds go through the after-sale refund executor with the wallet made from the bus settings.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from pydantic import Field

from core_api.mall.market.models import MallGroupTeam
from core_api.monitor.job.handlers import JobContext, job_handler
from core_api.order.core import flow
from core_api.order.core.models import OrderShop
from core_api.order.group import service
from core_api.platform.schema import StrictSchema

EXPIRE_TOPIC = "order.group_expire"
_wallets: dict[int, Any] = {}


def wallet_of(bus: Any) -> Any:
    """The wallet adapter for refunds made outside a request (the settings the bus was made from)."""
    from core_api.platform.settings import Settings
    from core_api.platform.wallet import make_wallet

    settings = getattr(bus, "settings", None) or Settings()
    key = id(settings)
    if key not in _wallets:
        _wallets[key] = make_wallet(settings)
    return _wallets[key]


async def on_paid(bus: Any, payload: dict[str, Any]) -> None:
    """A leader's payment opened a team: its expiry in ``hours``."""
    if payload.get("event") != "paid" or payload.get("status") != flow.GROUPING:
        return
    so = await OrderShop.get_or_none(id=int(payload["shopOrderId"]))
    team = await MallGroupTeam.get_or_none(id=so.group_team_id) if so and so.group_team_id else None
    if team is None or team.leader_uid != so.uid or team.status != service.OPEN:  # type: ignore[union-attr]
        return
    await bus.publish_later(EXPIRE_TOPIC, {"teamId": team.id}, team.hours * 3600)


async def on_expire(bus: Any, payload: dict[str, Any]) -> None:
    await flow.publish(bus, await service.expire(int(payload["teamId"]), wallet_of(bus), datetime.now(UTC)))


def subscribe(bus: Any) -> None:
    """Called by workers.handlers.subscribe_all."""
    async def paid(payload: dict[str, Any]) -> None:
        await on_paid(bus, payload)

    async def expire(payload: dict[str, Any]) -> None:
        await on_expire(bus, payload)

    bus.subscribe(flow.TOPIC, "order.group-expire-schedule", paid)
    bus.subscribe(EXPIRE_TOPIC, "order.group-expire", expire)


class SweepParams(StrictSchema):
    limit: int = Field(200, title="每次最多处理", ge=1, le=10_000, description="teams handled in one run")


async def due_teams(now: datetime, limit: int) -> list[int]:
    due = await MallGroupTeam.filter(status=service.OPEN, expires_at__lte=now).order_by("id").limit(
        limit).values_list("id", flat=True)
    waiting = await OrderShop.filter(kind="group", status__in=(flow.UNPAID, flow.GROUPING),
                                     group_team_id__not_isnull=True).distinct().values_list("group_team_id", flat=True)
    stuck = await MallGroupTeam.filter(id__in=list(waiting), status=service.EXPIRED).order_by("id").limit(
        limit).values_list("id", flat=True) if waiting else []
    return sorted({int(x) for x in [*due, *stuck]})  # type: ignore[call-overload]


@job_handler("expireGroupTeams", "拼团超时失败退款", SweepParams)
async def expire_group_teams(params: SweepParams, ctx: JobContext) -> str:
    bus = ctx.services.bus
    events: list[dict[str, Any]] = []
    teams = await due_teams(ctx.now, params.limit)
    for team_id in teams:
        events += await service.expire(team_id, wallet_of(bus), ctx.now)
    await flow.publish(bus, events)
    failed = sum(1 for e in events if e["event"] == "group_failed")
    return f"拼团失败 {len(teams)} 个团，退款关闭订单 {failed} 个" if teams else "没有到期的拼团"
