"""Home dashboard figures, read from the database."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from aiohttp import web
from pydantic import Field
from tortoise import connections

from core_api.auth.models import UserSession
from core_api.dashboard import stats
from core_api.mall.shop.models import MallShop
from core_api.messaging.chat.service import PLATFORM_DESK, desk_waiting_rooms
from core_api.monitor.logininfor.models import SysLogininfor
from core_api.order.aftersale.models import OrderAfterSale
from core_api.order.aftersale.service import OPEN as OPEN_AFTER_SALE
from core_api.order.core.models import OrderShop
from core_api.platform.api import Api
from core_api.platform.contract import DASHBOARD_DAYS, DashboardOut
from core_api.platform.contract.dashboard import BusinessOut
from core_api.platform.envelope import ok
from core_api.platform.errors import NotFound
from core_api.platform.paging import RangeQuery
from core_api.platform.schema import INT_MAX
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import CLOCK
from core_api.platform.timefmt import day_start, fmt, zone
from core_api.system.dept.models import SysDept
from core_api.system.role.models import SysRole
from core_api.system.user.models import SysUser

api = Api("dashboard")
DAYS = DASHBOARD_DAYS


async def logins_per_day(now_ts: float) -> list[dict[str, Any]]:
    from datetime import UTC, datetime

    today = datetime.fromtimestamp(now_ts, UTC).astimezone(zone()).date()
    first = today - timedelta(days=DAYS - 1)
    since = day_start(first)
    conn = connections.get("default")
    if conn.capabilities.dialect == "postgres":
        sql = (
            "SELECT to_char(login_time AT TIME ZONE $1, 'YYYY-MM-DD') AS day, status, COUNT(*) AS n "
            "FROM sys_logininfor WHERE login_time >= $2 GROUP BY 1, 2"
        )
        params: list[Any] = [str(zone()), since]
    else:
        offset = int(since.utcoffset().total_seconds() // 60)  # type: ignore[union-attr]
        sql = (
            "SELECT date(login_time, ?) AS day, status, COUNT(*) AS n "
            "FROM sys_logininfor WHERE login_time >= ? GROUP BY 1, 2"
        )
        params = [f"{offset:+d} minutes", since.astimezone(UTC).isoformat(sep=" ")]
    _, rows = await conn.execute_query(sql, params)
    counts: dict[str, dict[str, int]] = {}
    for row in rows:
        day = counts.setdefault(str(row["day"]), {"success": 0, "failure": 0})
        day["success" if row["status"] == "0" else "failure"] += int(row["n"])
    out = []
    for i in range(DAYS):
        key = (first + timedelta(days=i)).isoformat()
        out.append({"day": key, **counts.get(key, {"success": 0, "failure": 0})})
    return out


async def recent_logins() -> list[dict[str, Any]]:
    rows = await SysLogininfor.all().order_by("-login_time").limit(8).values(
        "user_name", "ipaddr", "status", "msg", "login_time"
    )
    return [{"userName": r["user_name"], "ipaddr": r["ipaddr"], "status": r["status"], "msg": r["msg"],
             "loginTime": fmt(r["login_time"])} for r in rows]


async def live_figures(now: datetime, shop_id: int | None) -> dict[str, int]:
    """Today's orders, the open after-sales and the chats waiting: the platform's, or one shop's for its staff."""
    lo, hi = stats.bounds(stats.local_day(now))
    orders = OrderShop.filter(create_time__gte=lo, create_time__lt=hi)
    after_sales = OrderAfterSale.filter(status__in=OPEN_AFTER_SALE)
    if shop_id is not None:
        orders, after_sales = orders.filter(shop_id=shop_id), after_sales.filter(shop_id=shop_id)
    return {"ordersToday": await orders.count(), "afterSalesOpen": await after_sales.count(),
            "chatsWaiting": await desk_waiting_rooms(shop_id or PLATFORM_DESK)}


@api.get("/index/dashboard", need=any_perm("index:dashboard:view"), summary="Home dashboard figures",
         response=DashboardOut)
async def dashboard(request: web.Request, principal: Principal) -> web.Response:
    now = request.app[CLOCK].time()
    users = SysUser.filter(del_flag="0")
    # Who signed in from where is the login log's business: only its readers see it here.
    may_read_logins = principal.authz.has_permi("monitor:logininfor:list")
    data = {
        "live": await live_figures(request.app[CLOCK].now(), principal.authz.scope.shop_id),
        "userTotal": await users.count(),
        "userEnabled": await users.filter(status="0").count(),
        "roleTotal": await SysRole.filter(del_flag="0").count(),
        "deptTotal": await SysDept.filter(del_flag="0").count(),
        "onlineSessions": await UserSession.filter(expires_at__gt=now).count(),
        "loginsPerDay": await logins_per_day(now),
        "recentLogins": await recent_logins() if may_read_logins else None,
    }
    return ok(data=data)


class BusinessQuery(RangeQuery):
    """A range of local days (default the last 30, at most 366); an operator may name one shop."""

    shop_id: int | None = Field(None, ge=0, le=INT_MAX, title="店铺编号",
                                description="operators: one shop, 0 or none: all")


@api.get("/index/dashboard/business", need=any_perm("index:dashboard:view"), response=BusinessOut,
         summary="The business report: orders, paid, refunded, new and active users, conversations per day")
async def business(request: web.Request, principal: Principal, query: BusinessQuery) -> web.Response:
    today = stats.local_day(request.app[CLOCK].now())
    begin, end = query.days(today)
    own = principal.authz.scope.shop_id
    if own is not None:  # shop staff: their shop's figures only, never the platform's people figures
        if query.shop_id not in (None, own):
            raise NotFound("店铺不存在")
        shop_id, people = own, False
    else:
        shop_id = query.shop_id or stats.TOTAL
        if shop_id and not await MallShop.exists(id=shop_id):
            raise NotFound("店铺不存在")
        people = shop_id == stats.TOTAL
    figures = await stats.report(begin, end, shop_id, people)
    return ok(data={"begin": begin.isoformat(), "end": end.isoformat(), "shopId": shop_id, "people": people,
                    **figures})
