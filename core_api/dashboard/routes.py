"""Home dashboard figures, read from the database."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from aiohttp import web
from pydantic import Field
from tortoise import connections
from tortoise.expressions import Subquery
from tortoise.functions import Sum

from core_api.auth.models import UserSession
from core_api.dashboard import stats
from core_api.mall.goods.models import MallGoods
from core_api.mall.shop.models import MallShop
from core_api.messaging.chat.service import PLATFORM_DESK, desk_waiting_rooms
from core_api.monitor.logininfor.models import SysLogininfor
from core_api.order.aftersale.models import OrderAfterSale
from core_api.order.aftersale.service import OPEN as OPEN_AFTER_SALE
from core_api.order.core import flow
from core_api.order.core.models import OrderShop
from core_api.platform.api import Api
from core_api.platform.contract import DASHBOARD_DAYS, DashboardOut
from core_api.platform.contract.dashboard import BusinessOut, ShopHomeOut
from core_api.platform.envelope import ok
from core_api.platform.errors import Forbidden, NotFound
from core_api.platform.paging import RangeQuery
from core_api.platform.schema import INT_MAX, english
from core_api.platform.security import Principal, any_perm
from core_api.platform.state import CLOCK, CONFIG
from core_api.platform.timefmt import day_start, fmt, zone
from core_api.system.dept.models import SysDept
from core_api.system.role.models import SysRole
from core_api.system.user.models import SysUser, SysUserRole

api = Api("dashboard")
DAYS = DASHBOARD_DAYS
SHOP_HOME_PERM = "index:shopHome:view"
LOW_STOCK_KEY = "biz.mall.lowStock"  # seeded (core_api/seed/data.py CONFIGS)
DEFAULT_LOW_STOCK = 10
NOT_A_SHOP = "店铺首页只对店铺账号开放"
english({NOT_A_SHOP: "The shop home is for shop accounts only"})


# A shop account's sign-ins: those under the names of its shop's accounts (the login log keeps the name only).
OF_SHOP = " AND user_name IN (SELECT user_name FROM sys_user WHERE shop_id = {})"


async def logins_per_day(now_ts: float, shop_id: int | None = None) -> list[dict[str, Any]]:
    """Successful and failed sign-ins per local day of the last DAYS days: everyone's, or one shop's accounts'."""
    from datetime import UTC, datetime

    today = datetime.fromtimestamp(now_ts, UTC).astimezone(zone()).date()
    first = today - timedelta(days=DAYS - 1)
    since = day_start(first)
    conn = connections.get("default")
    if conn.capabilities.dialect == "postgres":
        sql = (
            "SELECT to_char(login_time AT TIME ZONE $1, 'YYYY-MM-DD') AS day, status, COUNT(*) AS n "
            "FROM sys_logininfor WHERE login_time >= $2" + (OF_SHOP.format("$3") if shop_id is not None else "")
            + " GROUP BY 1, 2"
        )
        params: list[Any] = [str(zone()), since]
    else:
        offset = int(since.utcoffset().total_seconds() // 60)  # type: ignore[union-attr]
        sql = (
            "SELECT date(login_time, ?) AS day, status, COUNT(*) AS n "
            "FROM sys_logininfor WHERE login_time >= ?" + (OF_SHOP.format("?") if shop_id is not None else "")
            + " GROUP BY 1, 2"
        )
        params = [f"{offset:+d} minutes", since.astimezone(UTC).isoformat(sep=" ")]
    if shop_id is not None:
        params.append(shop_id)
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


async def recent_logins(shop_id: int | None = None) -> list[dict[str, Any]]:
    logins = SysLogininfor.all()
    if shop_id is not None:
        logins = logins.filter(user_name__in=Subquery(SysUser.filter(shop_id=shop_id).values("user_name")))
    rows = await logins.order_by("-login_time").limit(8).values(
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


@api.get("/index/dashboard", need=any_perm("index:dashboard:view"), replica=True, summary="Home dashboard figures",
         response=DashboardOut)
async def dashboard(request: web.Request, principal: Principal) -> web.Response:
    """The platform's figures; for a shop account, its own shop's: its accounts, their roles, departments,
    sessions and sign-ins (the platform's count of console users or sign-ins is no business of a shop's)."""
    now = request.app[CLOCK].time()
    own = principal.authz.scope.shop_id
    users = SysUser.filter(del_flag="0")
    roles = SysRole.filter(del_flag="0")
    depts = SysDept.filter(del_flag="0")
    sessions = UserSession.filter(expires_at__gt=now)
    if own is not None:
        users = users.filter(shop_id=own)
        theirs = Subquery(users.values("user_id"))
        roles = roles.filter(role_id__in=Subquery(SysUserRole.filter(user_id__in=theirs).values("role_id")))
        depts = depts.filter(dept_id__in=Subquery(users.filter(dept_id__not_isnull=True).values("dept_id")))
        sessions = sessions.filter(user_id__in=Subquery(users.values("user_id")))
    # Who signed in from where is the login log's business: only its readers see it here.
    may_read_logins = principal.authz.has_permi("monitor:logininfor:list")
    data = {
        "live": await live_figures(request.app[CLOCK].now(), own),
        "userTotal": await users.count(),
        "userEnabled": await users.filter(status="0").count(),
        "roleTotal": await roles.count(),
        "deptTotal": await depts.count(),
        "onlineSessions": await sessions.count(),
        "loginsPerDay": await logins_per_day(now, own),
        "recentLogins": await recent_logins(own) if may_read_logins else None,
    }
    return ok(data=data)


class BusinessQuery(RangeQuery):
    """A range of local days (default the last 30, at most 366); an operator may name one shop."""

    shop_id: int | None = Field(None, ge=0, le=INT_MAX, title="店铺编号",
                                description="operators: one shop, 0 or none: all")


@api.get("/index/dashboard/business", need=any_perm("index:dashboard:view"), replica=True, response=BusinessOut,
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


@api.get("/index/shop-home", need=any_perm(SHOP_HOME_PERM), response=ShopHomeOut,
         summary="A shop account's home: today's orders and their paid amount, orders to ship, open after-sales and "
                 "low-stock goods of the caller's own shop (never a shop named by the request)")
async def shop_home(request: web.Request, principal: Principal) -> web.Response:
    shop_id = principal.authz.scope.shop_id
    if shop_id is None:  # an operator: the platform home is theirs
        raise Forbidden(NOT_A_SHOP)
    day = stats.local_day(request.app[CLOCK].now())
    lo, hi = stats.bounds(day)
    today = OrderShop.filter(shop_id=shop_id, create_time__gte=lo, create_time__lt=hi)
    paid = await today.filter(paid_at__not_isnull=True).group_by("shop_id").annotate(s=Sum("pay_fen")).values("s")
    threshold = await request.app[CONFIG].fen(LOW_STOCK_KEY, DEFAULT_LOW_STOCK)
    names = await MallShop.filter(id=shop_id).values_list("name", flat=True)
    return ok(data={
        "shopId": shop_id,
        "shopName": names[0] if names else "",
        "day": day.isoformat(),
        "ordersToday": await today.count(),
        "paidFenToday": int(paid[0]["s"] or 0) if paid else 0,
        # as the to-ship list (order/logistics) counts them: express orders paid and not yet shipped
        "toShip": await OrderShop.filter(shop_id=shop_id, status=flow.TO_SHIP, delivery="express").count(),
        "afterSalesOpen": await OrderAfterSale.filter(shop_id=shop_id, status__in=OPEN_AFTER_SALE).count(),
        "lowStock": await MallGoods.filter(shop_id=shop_id, stock__lte=threshold).count(),
        "lowStockThreshold": threshold,
    })
