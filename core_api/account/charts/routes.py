"""Sign-in charts (spec 001 §7 "Charts" and ``account_chart_login``): live aggregates over the app users'
sign-in records (``account_sign_in``, written by the partner sign-in call) for a range of local days.

- ``GET /admin/account_login_check/account_chart_login``: per day, sign-ins, distinct users and new users.
- ``GET /admin/common/v2/chart_city``: per city (with its province), sign-ins.
- ``GET /admin/common/chart_city_v2``: per province, sign-ins, with its cities.

Every aggregate is one grouped range query served by the index (sign_in_time, uid, province, city): an
index-only range scan on PostgreSQL, whatever the size of the table. The kept daily rows of the
``AccountChartLogin`` resource are a separate, editable roll-up (docs/decisions.md)."""

from __future__ import annotations

from datetime import UTC, date, timedelta
from typing import Any

from aiohttp import web

from core_api.platform.api import Api
from core_api.platform.contract.account import ChartCityOut, ChartLoginOut, ChartProvinceOut
from core_api.platform.envelope import ok
from core_api.platform.paging import RangeQuery
from core_api.platform.replica import read_connection
from core_api.platform.security import any_perm
from core_api.platform.state import CLOCK
from core_api.platform.timefmt import day_end_exclusive, day_start, zone

api = Api("account-charts")
PERM = "account:chartLogin:list"
UNKNOWN = "未知"


def _today(request: web.Request) -> date:
    from datetime import datetime

    return datetime.fromtimestamp(request.app[CLOCK].time(), UTC).astimezone(zone()).date()


def _bounds(begin: date, end: date) -> tuple[Any, Any]:
    return day_start(begin).astimezone(UTC), day_end_exclusive(end).astimezone(UTC)


async def _query(sql_pg: str, sql_lite: str, begin: date, end: date, by_day: bool = False) -> list[dict[str, Any]]:
    """Runs the dialect's statement with the range's bounds, and the zone when it groups by local day.
    Only these values are bound: nothing of the request reaches the SQL text."""
    conn = read_connection()  # the standby's, when the route reads from it
    since, until = _bounds(begin, end)
    if conn.capabilities.dialect == "postgres":
        _, rows = await conn.execute_query(sql_pg, [since, until, *([str(zone())] if by_day else [])])
    else:
        # SQLite keeps the times as UTC text; a day is grouped by the zone's offset at the range's start.
        offset = int(day_start(begin).utcoffset().total_seconds() // 60)  # type: ignore[union-attr]
        params = [since.isoformat(sep=" "), until.isoformat(sep=" "), *([f"{offset:+d} minutes"] if by_day else [])]
        _, rows = await conn.execute_query(sql_lite, params)
    return [dict(row) for row in rows]


async def login_days(begin: date, end: date) -> dict[str, Any]:
    per_day = await _query(
        "SELECT to_char(sign_in_time AT TIME ZONE $3, 'YYYY-MM-DD') AS day, COUNT(*) AS n, "
        "COUNT(DISTINCT uid) AS u FROM account_sign_in WHERE sign_in_time >= $1 AND sign_in_time < $2 "
        "GROUP BY 1",
        "SELECT date(sign_in_time, ?3) AS day, COUNT(*) AS n, COUNT(DISTINCT uid) AS u FROM account_sign_in "
        "WHERE sign_in_time >= ?1 AND sign_in_time < ?2 GROUP BY 1",
        begin, end, by_day=True)
    new = await _query(
        "SELECT to_char(register_time AT TIME ZONE $3, 'YYYY-MM-DD') AS day, COUNT(*) AS n FROM account_consumer "
        "WHERE register_time >= $1 AND register_time < $2 GROUP BY 1",
        "SELECT date(register_time, ?3) AS day, COUNT(*) AS n FROM account_consumer "
        "WHERE register_time >= ?1 AND register_time < ?2 GROUP BY 1",
        begin, end, by_day=True)
    total = await _query(
        "SELECT COUNT(*) AS n, COUNT(DISTINCT uid) AS u FROM account_sign_in "
        "WHERE sign_in_time >= $1 AND sign_in_time < $2",
        "SELECT COUNT(*) AS n, COUNT(DISTINCT uid) AS u FROM account_sign_in "
        "WHERE sign_in_time >= ?1 AND sign_in_time < ?2",
        begin, end)
    signed = {str(r["day"]): r for r in per_day}
    registered = {str(r["day"]): int(r["n"]) for r in new}
    days = []
    for i in range((end - begin).days + 1):
        key = (begin + timedelta(days=i)).isoformat()
        row = signed.get(key)
        days.append({"day": key, "loginTimes": int(row["n"]) if row else 0,
                     "loginUsers": int(row["u"]) if row else 0, "newUsers": registered.get(key, 0)})
    return {"begin": begin.isoformat(), "end": end.isoformat(), "days": days,
            "loginTimes": int(total[0]["n"] or 0), "loginUsers": int(total[0]["u"] or 0)}


async def city_counts(begin: date, end: date) -> list[dict[str, Any]]:
    rows = await _query(
        "SELECT province, city, COUNT(*) AS n FROM account_sign_in "
        "WHERE sign_in_time >= $1 AND sign_in_time < $2 GROUP BY province, city",
        "SELECT province, city, COUNT(*) AS n FROM account_sign_in "
        "WHERE sign_in_time >= ?1 AND sign_in_time < ?2 GROUP BY province, city",
        begin, end)
    out: list[dict[str, Any]] = [
        {"province": r["province"] or UNKNOWN, "city": r["city"] or UNKNOWN, "count": int(r["n"])} for r in rows]
    out.sort(key=lambda r: (-r["count"], r["province"], r["city"]))
    return out


@api.get("/admin/account_login_check/account_chart_login", need=any_perm(PERM), replica=True, response=ChartLoginOut,
         summary="Sign-ins per local day in a date range (at most 366 days; default the last 30)")
async def account_chart_login(request: web.Request, query: RangeQuery) -> web.Response:
    begin, end = query.days(_today(request))
    return ok(data=await login_days(begin, end))


@api.get("/admin/common/v2/chart_city", need=any_perm(PERM), replica=True, response=ChartCityOut,
         summary="Sign-ins per city in a date range (at most 366 days; default the last 30)")
async def chart_city(request: web.Request, query: RangeQuery) -> web.Response:
    begin, end = query.days(_today(request))
    cities = await city_counts(begin, end)
    return ok(data={"begin": begin.isoformat(), "end": end.isoformat(),
                    "total": sum(c["count"] for c in cities), "cities": cities})


@api.get("/admin/common/chart_city_v2", need=any_perm(PERM), replica=True, response=ChartProvinceOut,
         summary="Sign-ins per province, each with its cities, in a date range (at most 366 days)")
async def chart_city_v2(request: web.Request, query: RangeQuery) -> web.Response:
    begin, end = query.days(_today(request))
    provinces: dict[str, dict[str, Any]] = {}
    for row in await city_counts(begin, end):
        entry = provinces.setdefault(row["province"], {"province": row["province"], "count": 0, "cities": []})
        entry["count"] += row["count"]
        entry["cities"].append({"city": row["city"], "count": row["count"]})
    listed = sorted(provinces.values(), key=lambda p: (-int(p["count"]), str(p["province"])))
    return ok(data={"begin": begin.isoformat(), "end": end.isoformat(),
                    "total": sum(p["count"] for p in listed), "provinces": listed})
