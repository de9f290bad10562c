"""Quartz cron expressions (with seconds), translated into APScheduler 3.11 ``CronTrigger`` fields.

Fields: second minute hour day-of-month month day-of-week [year]. Each accepts ``*``, values, ranges
``a-b``, lists ``a,b``, steps ``a/n`` and ``a-b/n``; months JAN-DEC and days SUN-SAT by name
(day-of-week 1 = Sunday, as in Quartz). Day-of-month also takes ``?``, ``L`` (last day), ``L-n``,
``nW`` (nearest weekday) and ``LW``; day-of-week takes ``?``, ``nL`` (last such weekday of the month)
and ``n#k`` (k-th such weekday). One of day-of-month and day-of-week must be ``?``.

APScheduler computes every fire time; this module only checks the text (with messages in Chinese) and
translates what APScheduler spells differently: day-of-week numbers (Quartz 1 = Sunday, APScheduler
0 = Monday), ``?`` (``*``), ``L`` (``last``), ``nL`` and ``n#k`` (``last fri``, ``2nd mon`` in its day
field). The forms it lacks are a union of triggers: ``L-n``, ``nW`` and ``LW`` depend on the month's
length, so they become one trigger per length (31-day months, 30-day months, February in leap and in
common years) with fixed days, the nearest weekday being "day n on Monday to Friday, or day n-1 on a
Friday, or day n+1 on a Monday" as the month allows. Quartz forms that combine these with lists or
ranges are refused.
"""

from __future__ import annotations

import calendar
import functools
from dataclasses import dataclass
from datetime import datetime, tzinfo

from apscheduler.triggers.cron import CronTrigger  # type: ignore[import-untyped]

MONTHS = {m: i for i, m in enumerate(("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV",
                                      "DEC"), start=1)}
DAYS = {d: i for i, d in enumerate(("SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"), start=1)}
APS_DAYS = ("sun", "mon", "tue", "wed", "thu", "fri", "sat")  # indexed by Quartz day - 1
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th")
FIRST_YEAR, LAST_YEAR = 1970, 2199
WEEKDAYS = "mon-fri"
# (length, months, leap): the month classes whose last day is fixed; leap None = any year.
MONTH_CLASSES = ((31, frozenset({1, 3, 5, 7, 8, 10, 12}), None), (30, frozenset({4, 6, 9, 11}), None),
                 (29, frozenset({2}), True), (28, frozenset({2}), False))


class CronError(ValueError):
    pass


def _number(text: str, low: int, high: int, names: dict[str, int] | None, field: str) -> int:
    key = text.upper()
    if names and key in names:
        return names[key]
    if not text.isdigit():
        raise CronError(f"{field}字段的值“{text}”无效")
    value = int(text)
    if not low <= value <= high:
        raise CronError(f"{field}字段的值 {value} 超出范围 {low}-{high}")
    return value


def _parse_set(text: str, low: int, high: int, field: str, names: dict[str, int] | None = None) -> frozenset[int]:
    values: set[int] = set()
    for part in text.split(","):
        if not part:
            raise CronError(f"{field}字段格式不正确")
        step = 1
        if "/" in part:
            part, step_text = part.split("/", 1)
            if not step_text.isdigit() or int(step_text) == 0:
                raise CronError(f"{field}字段的步长“{step_text}”无效")
            step = int(step_text)
            if part in ("", "*"):
                part = f"{low}-{high}"
            elif "-" not in part:
                part = f"{part}-{high}"
        if part == "*":
            start, end = low, high
        elif "-" in part:
            a, b = part.split("-", 1)
            start, end = _number(a, low, high, names, field), _number(b, low, high, names, field)
            if start > end:
                raise CronError(f"{field}字段的范围 {part} 无效")
        else:
            start = end = _number(part, low, high, names, field)
        values.update(range(start, end + 1, step))
    return frozenset(values)


def _spell(values: frozenset[int], low: int, high: int) -> str:
    """A value set as an APScheduler field: ``*``, or runs ``a-b`` and single values joined by commas."""
    if values == frozenset(range(low, high + 1)):
        return "*"
    runs: list[str] = []
    ordered = sorted(values)
    start = prev = ordered[0]
    for v in [*ordered[1:], None]:
        if v is not None and v == prev + 1:
            prev = v
            continue
        runs.append(str(start) if start == prev else f"{start}-{prev}")
        if v is not None:
            start = prev = v
    return ",".join(runs)


@dataclass(frozen=True)
class Days:
    """One way of choosing days: APScheduler's day and day_of_week, limited to some months and years."""

    day: str = "*"
    day_of_week: str = "*"
    months: frozenset[int] | None = None  # None: every month the expression allows
    leap: bool | None = None  # True: leap years only, False: common years only


def _nearest_weekday(n: int) -> list[Days]:
    """Quartz ``nW``: day n if it is Monday to Friday; a Saturday moves to the Friday before (the Monday
    after on the 1st), a Sunday to the Monday after (the Friday before on the month's last day)."""
    out: list[Days] = []
    # Below the 28th the month's length plays no part: one set of triggers for every month.
    classes: tuple[tuple[int, frozenset[int] | None, bool | None], ...] = (
        MONTH_CLASSES if n >= 28 else ((31, None, None),))
    for length, months, leap in classes:
        if n > length:
            continue  # no day n in these months: no fire, as for a plain day n
        ways = [Days(str(n), WEEKDAYS)]
        ways.append(Days("3", "mon") if n == 1 else Days(str(n - 1), "fri"))  # n is a Saturday
        ways.append(Days(str(n - 2), "fri") if n == length else Days(str(n + 1), "mon"))  # n is a Sunday
        out += [Days(w.day, w.day_of_week, months, leap) for w in ways]
    return out


def _day_of_month(text: str) -> list[Days]:
    t = text.upper()
    if t in ("?", "*"):
        return [Days()]
    if t == "L":
        return [Days("last")]
    if t == "LW":
        return [Days(day, dow, months, leap) for length, months, leap in MONTH_CLASSES
                for day, dow in ((str(length), WEEKDAYS), (f"{length - 2}-{length - 1}", "fri"))]
    if t.startswith("L-"):
        if not t[2:].isdigit() or not 1 <= int(t[2:]) <= 30:
            raise CronError("日字段的“L-n”中 n 须为 1-30")
        offset = int(t[2:])
        return [Days(str(length - offset), "*", months, leap) for length, months, leap in MONTH_CLASSES
                if length > offset]
    if t.endswith("W"):
        if not t[:-1].isdigit():
            raise CronError(f"日字段的“{text}”无效：“W”前须为一个日期，不能与其他值组合")
        return _nearest_weekday(_number(t[:-1], 1, 31, None, "日"))
    if "L" in t or "W" in t:
        raise CronError(f"日字段的“{text}”无效：“L”“W”不能与其他值组合")
    return [Days(_spell(_parse_set(t, 1, 31, "日"), 1, 31))]


def _quartz_day(text: str) -> str:
    return APS_DAYS[_number(text, 1, 7, DAYS, "周") - 1]


def _day_of_week(text: str) -> list[Days]:
    t = text.upper()
    if t in ("?", "*"):
        return [Days()]
    if t == "L":
        return [Days(day_of_week="sat")]  # Quartz: "L" alone is the last day of the week
    if "#" in t:
        day, _, k = t.partition("#")
        if not k.isdigit() or not 1 <= int(k) <= 5:
            raise CronError("周字段的“#”后须为 1-5")
        return [Days(f"{ORDINALS[int(k) - 1]} {_quartz_day(day)}")]
    if t.endswith("L"):
        return [Days(f"last {_quartz_day(t[:-1])}")]
    days = _parse_set(t, 1, 7, "周", DAYS)
    return [Days(day_of_week=",".join(APS_DAYS[d - 1] for d in sorted(days)))]


@dataclass(frozen=True)
class Cron:
    expression: str
    triggers: tuple[CronTrigger, ...]

    def next_after(self, after: datetime) -> datetime | None:
        """The first fire time strictly after ``after`` (an aware datetime), in the schedule's zone."""
        times = [t for t in (trigger.get_next_fire_time(after, after) for trigger in self.triggers) if t]
        return min(times) if times else None

    def next_times(self, after: datetime, count: int) -> list[datetime]:
        out: list[datetime] = []
        current = after
        while len(out) < count:
            nxt = self.next_after(current)
            if nxt is None:
                break
            out.append(nxt)
            current = nxt
        return out


def parse(expression: str, zone: tzinfo | None = None) -> Cron:
    """Checks and translates ``expression``; ``zone`` is where its wall-clock times are (default: the
    console's time zone)."""
    if zone is None:
        from core_api.platform.timefmt import zone as console_zone

        zone = console_zone()
    return _translate(" ".join(expression.split()), zone)


@functools.lru_cache(maxsize=512)
def _translate(expression: str, zone: tzinfo) -> Cron:
    parts = expression.split()
    if len(parts) not in (6, 7):
        raise CronError("Cron表达式须有 6 或 7 个字段：秒 分 时 日 月 周 [年]")
    sec, minute, hour, dom, month, dow = parts[:6]
    if dom != "?" and dow != "?":
        raise CronError("日和周字段必须有一个为“?”")
    common = {"second": _spell(_parse_set(sec, 0, 59, "秒"), 0, 59),
              "minute": _spell(_parse_set(minute, 0, 59, "分"), 0, 59),
              "hour": _spell(_parse_set(hour, 0, 23, "时"), 0, 23)}
    months = _parse_set(month, 1, 12, "月", MONTHS)
    years = (_parse_set(parts[6], FIRST_YEAR, LAST_YEAR, "年") if len(parts) == 7 and parts[6] != "*"
             else frozenset(range(FIRST_YEAR, LAST_YEAR + 1)))
    ways = _day_of_week(dow) if dom == "?" else _day_of_month(dom)
    end = datetime(LAST_YEAR, 12, 31, 23, 59, 59, tzinfo=zone)
    triggers = []
    for way in ways:
        these_months = months & way.months if way.months is not None else months
        these_years = years if way.leap is None else frozenset(y for y in years if calendar.isleap(y) == way.leap)
        if not these_months or not these_years:
            continue
        try:
            triggers.append(CronTrigger(year=_spell(these_years, FIRST_YEAR, LAST_YEAR),
                                        month=_spell(these_months, 1, 12), day=way.day,
                                        day_of_week=way.day_of_week, timezone=zone, end_date=end, **common))
        except ValueError as exc:  # what the checks above let through and APScheduler cannot take
            raise CronError(f"无法换算为调度器的表达式（{exc}）") from None
    return Cron(expression=expression, triggers=tuple(triggers))


def validate(expression: str, now: datetime) -> Cron:
    """A cron that parses and fires at least once more; else a CronError with a clear message."""
    cron = parse(expression, now.tzinfo)
    if cron.next_after(now) is None:
        raise CronError("Cron表达式在未来不会再触发")
    return cron
