"""Quartz cron, computed by APScheduler's CronTrigger: next fire times in Asia/Shanghai, refusals."""

from __future__ import annotations

import calendar
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from apscheduler.triggers.cron import CronTrigger

from core_api.monitor.job.cron import CronError, parse, validate

TZ = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 11, 22, 10, 15, 30, tzinfo=TZ)  # a Sunday


def nxt(expr: str, after: datetime = NOW, n: int = 3) -> list[str]:
    return [t.strftime("%Y-%m-%d %H:%M:%S") for t in parse(expr, TZ).next_times(after, n)]


# What RuoYi's cron generator writes (second/minute/hour: * a-b a/b list; day: * ? a-b a/b nW L list;
# week: * ? a-b b#a aL list with 1 = Sunday; year: empty, * or a-b), and RuoYi's seeded jobs.
TABLE = [
    ("0/10 * * * * ?", ["2026-11-22 10:15:40", "2026-11-22 10:15:50", "2026-11-22 10:16:00"]),
    ("0/15 * * * * ?", ["2026-11-22 10:15:45", "2026-11-22 10:16:00", "2026-11-22 10:16:15"]),
    ("0/20 * * * * ?", ["2026-11-22 10:15:40", "2026-11-22 10:16:00", "2026-11-22 10:16:20"]),
    ("* * * * * ?", ["2026-11-22 10:15:31", "2026-11-22 10:15:32", "2026-11-22 10:15:33"]),
    ("3/20 * * * * ?", ["2026-11-22 10:15:43", "2026-11-22 10:16:03", "2026-11-22 10:16:23"]),
    ("5-7 * * * * ?", ["2026-11-22 10:16:05", "2026-11-22 10:16:06", "2026-11-22 10:16:07"]),
    ("30/45 * * * * ?", ["2026-11-22 10:16:30", "2026-11-22 10:17:30", "2026-11-22 10:18:30"]),  # step past 59
    ("0 10/25 * * * ?", ["2026-11-22 10:35:00", "2026-11-22 11:10:00", "2026-11-22 11:35:00"]),
    ("0 0 8,12,18 * * ?", ["2026-11-22 12:00:00", "2026-11-22 18:00:00", "2026-11-23 08:00:00"]),
    ("0 0 2 * * ?", ["2026-11-23 02:00:00", "2026-11-24 02:00:00", "2026-11-25 02:00:00"]),
    ("0 0 1 1-3 * ?", ["2026-12-01 01:00:00", "2026-12-02 01:00:00", "2026-12-03 01:00:00"]),
    ("0 0 6 1/10 * ?", ["2026-12-01 06:00:00", "2026-12-11 06:00:00", "2026-12-21 06:00:00"]),
    ("0 0 9 15W * ?", ["2026-12-15 09:00:00", "2027-01-15 09:00:00", "2027-02-15 09:00:00"]),
    ("0 0 0 L * ?", ["2026-11-30 00:00:00", "2026-12-31 00:00:00", "2027-01-31 00:00:00"]),
    ("0 0 12 1,15 * ?", ["2026-12-01 12:00:00", "2026-12-15 12:00:00", "2027-01-01 12:00:00"]),
    ("0 0 0 * * ?", ["2026-11-23 00:00:00", "2026-11-24 00:00:00", "2026-11-25 00:00:00"]),
    ("0 0 0 ? * *", ["2026-11-23 00:00:00", "2026-11-24 00:00:00", "2026-11-25 00:00:00"]),
    ("0 30 9 ? * 2-6", ["2026-11-23 09:30:00", "2026-11-24 09:30:00", "2026-11-25 09:30:00"]),  # Mon-Fri
    ("0 30 9 ? * MON-FRI", ["2026-11-23 09:30:00", "2026-11-24 09:30:00", "2026-11-25 09:30:00"]),
    ("0 0 0 ? * 1", ["2026-11-29 00:00:00", "2026-12-06 00:00:00", "2026-12-13 00:00:00"]),  # 1 = Sunday
    ("0 0 0 ? * 1,7", ["2026-11-28 00:00:00", "2026-11-29 00:00:00", "2026-12-05 00:00:00"]),  # Sat, Sun
    ("0 0 10 ? * 6#3", ["2026-12-18 10:00:00", "2027-01-15 10:00:00", "2027-02-19 10:00:00"]),  # 3rd Friday
    ("0 0 0 ? * 2#1", ["2026-12-07 00:00:00", "2027-01-04 00:00:00", "2027-02-01 00:00:00"]),  # 1st Monday
    ("0 0 0 ? * 6L", ["2026-11-27 00:00:00", "2026-12-25 00:00:00", "2027-01-29 00:00:00"]),  # last Friday
    ("0 0 0 ? * 1L", ["2026-11-29 00:00:00", "2026-12-27 00:00:00", "2027-01-31 00:00:00"]),  # last Sunday
    ("0 0 0 1 1 ? 2027-2028", ["2027-01-01 00:00:00", "2028-01-01 00:00:00"]),
    ("0 0 0 1 1 ? *", ["2027-01-01 00:00:00", "2028-01-01 00:00:00", "2029-01-01 00:00:00"]),
    ("0 0 0 1 1/3 ?", ["2027-01-01 00:00:00", "2027-04-01 00:00:00", "2027-07-01 00:00:00"]),
    ("0 0 8 ? JAN,JUL MON", ["2027-01-04 08:00:00", "2027-01-11 08:00:00", "2027-01-18 08:00:00"]),
    # Month ends: short months are skipped, February follows leap years.
    ("0 0 0 31 * ?", ["2026-12-31 00:00:00", "2027-01-31 00:00:00", "2027-03-31 00:00:00"]),
    ("0 0 0 30 * ?", ["2026-11-30 00:00:00", "2026-12-30 00:00:00", "2027-01-30 00:00:00"]),
    ("0 0 0 29 2 ?", ["2028-02-29 00:00:00", "2032-02-29 00:00:00", "2036-02-29 00:00:00"]),
    ("0 0 0 L 2 ?", ["2027-02-28 00:00:00", "2028-02-29 00:00:00", "2029-02-28 00:00:00"]),
    ("0 0 0 L-1 * ?", ["2026-11-29 00:00:00", "2026-12-30 00:00:00", "2027-01-30 00:00:00"]),
    ("0 0 0 L-2 2 ?", ["2027-02-26 00:00:00", "2028-02-27 00:00:00", "2029-02-26 00:00:00"]),
    ("0 0 0 LW * ?", ["2026-11-30 00:00:00", "2026-12-31 00:00:00", "2027-01-29 00:00:00"]),  # Jan 31 a Sunday
    ("0 0 0 31W * ?", ["2026-12-31 00:00:00", "2027-01-29 00:00:00", "2027-03-31 00:00:00"]),
    ("0 0 0 30W * ?", ["2026-11-30 00:00:00", "2026-12-30 00:00:00", "2027-01-29 00:00:00"]),  # Jan 30 a Saturday
    ("0 0 0 28W 2 ?", ["2027-02-26 00:00:00", "2028-02-28 00:00:00", "2029-02-28 00:00:00"]),
    ("0 0 0 29W 2 ?", ["2028-02-29 00:00:00", "2032-02-27 00:00:00", "2036-02-29 00:00:00"]),
    ("0 0 0 1W 5 ?", ["2027-05-03 00:00:00", "2028-05-01 00:00:00", "2029-05-01 00:00:00"]),  # May 1 2027 a Sat
]


@pytest.mark.parametrize("expr, times", TABLE)
def test_next_fire_times(expr, times):
    assert nxt(expr) == times


def test_the_times_are_asia_shanghai_all_year():
    """No daylight saving: a daily 02:00 is 18:00 UTC the day before, in winter and in summer."""
    cron = parse("0 0 2 * * ?", TZ)
    for after in (datetime(2027, 1, 10, tzinfo=UTC), datetime(2027, 3, 27, tzinfo=UTC),
                  datetime(2027, 7, 1, tzinfo=UTC), datetime(2027, 10, 30, tzinfo=UTC)):
        fire = cron.next_after(after)
        assert fire is not None and fire.utcoffset() == timedelta(hours=8)
        assert fire.astimezone(UTC) == after.replace(hour=18)


def test_the_work_is_done_by_apscheduler():
    """Quartz's day-of-week numbers (1 = Sunday) become APScheduler's names; the nearest weekday is a
    union of triggers."""
    (trigger,) = parse("0 30 9 ? * 1-3", TZ).triggers
    assert isinstance(trigger, CronTrigger)
    assert str(trigger) == ("cron[year='*', month='*', day='*', day_of_week='sun,mon,tue', hour='9', minute='30', "
                            "second='0']")
    (last_friday,) = parse("0 0 0 ? * 6L", TZ).triggers
    assert "day='last fri'" in str(last_friday)
    assert all(isinstance(t, CronTrigger) for t in parse("0 0 0 15W * ?", TZ).triggers)


def quartz_nearest_weekday(year: int, month: int, n: int) -> date | None:
    """Quartz's rule, written out: Saturday → Friday (Monday the 3rd for the 1st), Sunday → Monday
    (Friday for the last day); no day n in the month, no fire."""
    last = calendar.monthrange(year, month)[1]
    if n > last:
        return None
    day = date(year, month, n)
    if day.weekday() == 5:
        return day + timedelta(days=2) if n == 1 else day - timedelta(days=1)
    if day.weekday() == 6:
        return day - timedelta(days=2) if n == last else day + timedelta(days=1)
    return day


@pytest.mark.parametrize("n", [1, 2, 15, 27, 28, 29, 30, 31])
def test_nearest_weekday_matches_quartz_for_six_years(n):
    start = datetime(2026, 1, 1, tzinfo=TZ) - timedelta(seconds=1)
    got = [t.date() for t in parse(f"0 0 0 {n}W * ?", TZ).next_times(start, 200)
           if t.year < 2032]
    want = [d for y in range(2026, 2032) for m in range(1, 13) if (d := quartz_nearest_weekday(y, m, n))]
    assert got == want


def test_last_weekday_and_offsets_for_six_years():
    start = datetime(2026, 1, 1, tzinfo=TZ) - timedelta(seconds=1)
    months = [(y, m, calendar.monthrange(y, m)[1]) for y in range(2026, 2032) for m in range(1, 13)]
    lw = [t.date() for t in parse("0 0 0 LW * ?", TZ).next_times(start, 72)]
    assert lw == [quartz_nearest_weekday(y, m, last) for y, m, last in months]
    l3 = [t.date() for t in parse("0 0 0 L-3 * ?", TZ).next_times(start, 72)]
    assert l3 == [date(y, m, last - 3) for y, m, last in months]


def test_years_and_the_end_of_a_schedule():
    assert nxt("0 0 0 1 1 ? 2030", n=2) == ["2030-01-01 00:00:00"]
    with pytest.raises(CronError, match="不会再触发"):
        validate("0 0 0 1 1 ? 2020", NOW)
    with pytest.raises(CronError, match="不会再触发"):
        validate("0 0 0 30 2 ?", NOW)
    with pytest.raises(CronError, match="不会再触发"):
        validate("0 0 0 31W 4,6 ?", NOW)


@pytest.mark.parametrize("expr, message", [
    ("* * * *", "6 或 7 个字段"),
    ("60 * * * * ?", "秒字段的值 60 超出范围"),
    ("0 0 25 * * ?", "时字段的值 25 超出范围"),
    ("0 0 0 * * MON", "必须有一个为“?”"),
    ("0 0 0 ? * 8", "周字段的值 8 超出范围"),
    ("0 0/0 * * * ?", "步长"),
    ("0 5-1 * * * ?", "范围 5-1 无效"),
    ("0 0 0 ? * FRI-MON", "范围 FRI-MON 无效"),
    ("0 0 0 ? FOO *", "月字段的值“FOO”无效"),
    ("0 0 0 ? * 2#6", "1-5"),
    ("a * * * * ?", "秒字段的值“a”无效"),
    ("0 0 0 1,15W * ?", "“W”前须为一个日期，不能与其他值组合"),
    ("0 0 0 L,15 * ?", "“L”“W”不能与其他值组合"),
    ("0 0 0 L-31 * ?", "n 须为 1-30"),
    ("0 0 0 32W * ?", "日字段的值 32 超出范围"),
    ("0 0 0 1 1 ? 2300", "年字段的值 2300 超出范围 1970-2199"),
])
def test_bad_expressions_say_what_is_wrong(expr, message):
    with pytest.raises(CronError) as refused:
        parse(expr, TZ)
    assert message in str(refused.value)
