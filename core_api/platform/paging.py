"""Lists: the contract's paging, sorting (through a whitelist) and date-range parameters."""

from __future__ import annotations

import asyncio
import functools
import re
from datetime import UTC, date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from aiohttp import web
from pydantic import BaseModel, ConfigDict, Field, model_validator
from tortoise.queryset import QuerySet

from core_api.platform.counts import counted
from core_api.platform.errors import ServiceError
from core_api.platform.partitions import month
from core_api.platform.schema import INT_MAX, PAGE_MAX, Schema, refusal
from core_api.platform.timefmt import day_start, fmt, zone

PARAMS_KEY = re.compile(r"^params\[(\w+)\]$")


class ListQuery(Schema):
    """``pageNum`` (1), ``pageSize`` (20, at most 500), ``orderByColumn``, ``isAsc``, and date ranges
    given as ``params[beginTime]`` or ``beginTime`` (and ``params[begin<Field>]``). Frozen: a list's query is
    read, never changed, so the gate keeps the value one query string validated to (``api.parse_query``)."""

    model_config = ConfigDict(frozen=True)

    page_num: int = Field(1, ge=1, le=PAGE_MAX, title="页码")
    page_size: int = Field(20, ge=1, le=500, title="每页条数")
    order_by_column: str | None = Field(None, max_length=50, title="排序列")
    is_asc: str | None = Field(None, pattern=r"^(asc|desc|ascending|descending)$", title="排序方向")
    begin_time: date | None = Field(None, title="开始日期")
    end_time: date | None = Field(None, title="结束日期")

    @model_validator(mode="before")
    @classmethod
    def _flatten_params(cls, data: Any) -> Any:
        if isinstance(data, dict):
            flat = dict(data)
            for key, value in data.items():
                match = PARAMS_KEY.match(key)
                if match:
                    flat.setdefault(match.group(1), value)
            # An empty filter box sends the key with no value: treat it as absent.
            return {k: v for k, v in flat.items() if v != ""}
        return data

    @property
    def offset(self) -> int:
        return (self.page_num - 1) * self.page_size

    def ordering(self, whitelist: dict[str, str], default: list[str]) -> list[str]:
        if not self.order_by_column:
            return default
        column = whitelist.get(self.order_by_column)
        if column is None:
            raise refusal("不支持按 {column} 排序", column=self.order_by_column)
        descending = self.is_asc in ("desc", "descending")
        return [f"-{column}" if descending else column, *[d for d in default if d.lstrip("-") != column]]


def day_bounds(field: str, begin: date | None, end: date | None) -> dict[str, datetime]:
    """The filter arguments that hold ``field`` to the local days [begin, end] (the end day is inclusive).

    The bounds are given in UTC, as the times are stored: SQLite compares them as text, where a bound written
    with another offset (+08:00) would shift the day by the offset."""
    bounds = {}
    if begin:
        bounds[f"{field}__gte"] = _utc_start(begin, zone())
    if end:
        bounds[f"{field}__lt"] = _utc_start(end + timedelta(days=1), zone())
    return bounds


@functools.lru_cache(maxsize=4096)  # every list call with a date range asks; a day's start in a zone never moves
def _utc_start(day: date, in_zone: ZoneInfo) -> datetime:
    """The first instant of the local ``day`` in UTC; ``in_zone``, the configured zone, keys the cache."""
    return day_start(day).astimezone(UTC)


def between_days(qs: QuerySet, field: str, begin: date | None, end: date | None) -> QuerySet:
    """Filters ``field`` to the local days [begin, end] (``day_bounds``)."""
    bounds = day_bounds(field, begin, end)
    return qs.filter(**bounds) if bounds else qs


def filter_set(qs: QuerySet, query: BaseModel, **lookups: str) -> QuerySet:
    """``qs`` filtered by each named field of the list's query that is set (not empty), with its lookup:
    ``filter_set(qs, query, user_name="icontains", status="exact")``."""
    for name, lookup in lookups.items():
        value = getattr(query, name)
        if value:
            qs = qs.filter(**{name if lookup == "exact" else f"{name}__{lookup}": value})
    return qs


async def page_of(qs: QuerySet, query: ListQuery, whitelist: dict[str, str], default: list[str],
                  *fields: str, app: web.Application | None = None, table: str | None = None,
                  key: str = "", recent: str = "") -> tuple[list[dict[str, Any]], int]:
    """One page and the total, queried at the same time (two pooled connections on PostgreSQL).

    Given ``app`` and ``table``, the total is kept while the table is unchanged (core_api/platform/counts.py):
    every write route of that table then calls ``changed(app, table)``.

    Given ``recent``, the time column of a table partitioned by month (core_api/platform/partitions.py), a
    page newest first by it is read from this month and the last one only (two partitions, not all of them):
    when they hold the whole page it is the page, as every older row sorts after it; else (a quiet table, a
    deep page) the page is read again without the bound."""
    ordering = query.ordering(whitelist, default)
    page = qs.order_by(*ordering).offset(query.offset).limit(query.page_size)
    total_of = counted(app, table, key, qs) if app is not None and table is not None else qs.count()
    if not recent or ordering[0] != f"-{recent}":
        rows, total = await asyncio.gather(page.values(*fields), total_of)  # a refused sort raised above
        return rows, total
    bound = datetime.combine(month(datetime.now(zone()).date(), -1), time.min, tzinfo=zone())
    bounded = qs.filter(**{f"{recent}__gte": bound.astimezone(UTC)}).order_by(*ordering)
    rows, total = await asyncio.gather(bounded.offset(query.offset).limit(query.page_size).values(*fields), total_of)
    if len(rows) < query.page_size and query.offset + len(rows) < total:
        rows = await page.values(*fields)
    return rows, total


@functools.lru_cache(maxsize=4096)  # column names: a few hundred, converted for every cell of every list
def to_camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(p[:1].upper() + p[1:] for p in rest)


def camel_row(row: dict[str, Any]) -> dict[str, Any]:
    """A ``.values()`` row as the wire shows it: camelCase keys, times in the configured zone."""
    out: dict[str, Any] = {}
    for key, value in row.items():
        if hasattr(value, "astimezone"):
            value = fmt(value)
        out[to_camel(key.replace("__", "_"))] = value
    return out


def parse_ids(text: str) -> list[int]:
    """``"1,2,3"`` from a path or query; anything else is refused."""
    try:
        ids = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise ServiceError("编号格式不正确") from None
    if not ids or len(ids) > 1000 or not all(0 <= i <= INT_MAX for i in ids):
        raise ServiceError("编号格式不正确")
    return ids


# A range of local days a chart or a report reads: at most a year, the last 30 days by default, within 1970 … 2099
# (far days would overflow the range's arithmetic).
MAX_DAYS = 366
DEFAULT_DAYS = 30
FIRST_CHART_DAY, LAST_CHART_DAY = date(1970, 1, 1), date(2099, 12, 31)


class RangeQuery(Schema):
    """A range of local days, both ends included (``yyyy-MM-dd``); default: the last 30 days."""

    begin_time: str | None = Field(None, max_length=19, title="开始日期", description="yyyy-MM-dd")
    end_time: str | None = Field(None, max_length=19, title="结束日期", description="yyyy-MM-dd")

    @staticmethod
    def _day(text: str | None, label: str) -> date | None:
        if not text or not text.strip():
            return None
        try:
            day = date.fromisoformat(text.strip()[:10])
        except ValueError:
            raise ServiceError(f"{label}格式不正确，应为 yyyy-MM-dd") from None
        if not FIRST_CHART_DAY <= day <= LAST_CHART_DAY:  # far days would overflow the range's arithmetic (date.max)
            raise ServiceError(f"{label}须在{FIRST_CHART_DAY}至{LAST_CHART_DAY}之间")
        return day

    def days(self, today: date) -> tuple[date, date]:
        """The range's first and last day; a bad date, a reversed or too long range is refused in zh-CN."""
        first, last = self._day(self.begin_time, "开始日期"), self._day(self.end_time, "结束日期")
        end = last or (first + timedelta(days=DEFAULT_DAYS - 1) if first else today)
        begin = first or end - timedelta(days=DEFAULT_DAYS - 1)
        if begin > end:
            raise ServiceError("开始日期不能晚于结束日期")
        if (end - begin).days + 1 > MAX_DAYS:
            raise ServiceError(f"日期范围不能超过{MAX_DAYS}天")
        return begin, end
