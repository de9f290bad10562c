"""Quartz cron: parsing, refusals and next fire times."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from core_api.monitor.job.cron import CronError, parse, validate

TZ = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 11, 22, 10, 15, 30, tzinfo=TZ)  # a Sunday


def nxt(expr: str, after: datetime = NOW, n: int = 3) -> list[str]:
    return [t.strftime("%Y-%m-%d %H:%M:%S") for t in parse(expr).next_times(after, n)]


def test_every_ten_seconds_and_steps():
    assert nxt("0/10 * * * * ?") == ["2026-11-22 10:15:40", "2026-11-22 10:15:50", "2026-11-22 10:16:00"]
    assert nxt("*/20 * * * * ?") == ["2026-11-22 10:15:40", "2026-11-22 10:16:00", "2026-11-22 10:16:20"]
    assert nxt("5-7 * * * * ?", n=4) == ["2026-11-22 10:16:05", "2026-11-22 10:16:06", "2026-11-22 10:16:07",
                                         "2026-11-22 10:17:05"]


def test_daily_weekly_monthly():
    assert nxt("0 0 2 * * ?", n=2) == ["2026-11-23 02:00:00", "2026-11-24 02:00:00"]
    assert nxt("0 30 9 ? * MON-FRI", n=2) == ["2026-11-23 09:30:00", "2026-11-24 09:30:00"]
    assert nxt("0 0 12 1,15 * ?", n=3) == ["2026-12-01 12:00:00", "2026-12-15 12:00:00", "2027-01-01 12:00:00"]
    assert nxt("0 0 0 ? * 1", n=1) == ["2026-11-29 00:00:00"]  # 1 = Sunday in Quartz
    assert nxt("0 0 8 ? JAN,JUL MON", n=1) == ["2027-01-04 08:00:00"]


def test_last_nearest_weekday_and_nth():
    assert nxt("0 0 0 L * ?", n=3) == ["2026-11-30 00:00:00", "2026-12-31 00:00:00", "2027-01-31 00:00:00"]
    assert nxt("0 0 0 L-2 * ?", n=1) == ["2026-11-28 00:00:00"]
    assert nxt("0 0 0 LW * ?", n=2) == ["2026-11-30 00:00:00", "2026-12-31 00:00:00"]
    assert nxt("0 0 0 15W * ?", n=2) == ["2026-12-15 00:00:00", "2027-01-15 00:00:00"]
    assert nxt("0 0 0 1W * ?", after=datetime(2026, 7, 25, tzinfo=TZ), n=1) == ["2026-08-03 00:00:00"]
    assert nxt("0 0 0 ? * 6L", n=2) == ["2026-11-27 00:00:00", "2026-12-25 00:00:00"]  # last Friday
    assert nxt("0 0 0 ? * 2#1", n=2) == ["2026-12-07 00:00:00", "2027-01-04 00:00:00"]  # first Monday
    assert nxt("0 0 0 29 2 ? *", n=1) == ["2028-02-29 00:00:00"]


def test_years_and_the_end_of_a_schedule():
    assert nxt("0 0 0 1 1 ? 2030", n=2) == ["2030-01-01 00:00:00"]
    with pytest.raises(CronError, match="不会再触发"):
        validate("0 0 0 1 1 ? 2020", NOW)
    with pytest.raises(CronError, match="不会再触发"):
        validate("0 0 0 30 2 ?", NOW)


@pytest.mark.parametrize("expr, message", [
    ("* * * *", "6 或 7 个字段"),
    ("60 * * * * ?", "秒字段的值 60 超出范围"),
    ("0 0 25 * * ?", "时字段的值 25 超出范围"),
    ("0 0 0 * * MON", "必须有一个为“?”"),
    ("0 0 0 ? * 8", "周字段的值 8 超出范围"),
    ("0 0/0 * * * ?", "步长"),
    ("0 5-1 * * * ?", "范围 5-1 无效"),
    ("0 0 0 ? FOO *", "月字段的值“FOO”无效"),
    ("0 0 0 ? * 2#6", "1-5"),
    ("a * * * * ?", "秒字段的值“a”无效"),
])
def test_bad_expressions_say_what_is_wrong(expr, message):
    with pytest.raises(CronError) as refused:
        parse(expr)
    assert message in str(refused.value)
