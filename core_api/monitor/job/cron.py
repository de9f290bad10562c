"""Quartz cron expressions (with seconds): parsing, validation and the next fire times.

Fields: second minute hour day-of-month month day-of-week [year]. Each accepts ``*``, values,
ranges ``a-b``, lists ``a,b``, steps ``a/n`` and ``a-b/n``; months JAN-DEC and days SUN-SAT by name
(day-of-week 1 = Sunday, as in Quartz). Day-of-month also takes ``?``, ``L`` (last day), ``L-n``,
``nW`` (nearest weekday) and ``LW``; day-of-week takes ``?``, ``nL`` (last such weekday of the month)
and ``n#k`` (k-th such weekday). One of day-of-month and day-of-week must be ``?``.
"""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import date, datetime, timedelta

MONTHS = {m: i for i, m in enumerate(("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV",
                                      "DEC"), start=1)}
DAYS = {d: i for i, d in enumerate(("SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"), start=1)}
SEARCH_YEARS = 10


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


@dataclass(frozen=True)
class DaySpec:
    """Day-of-month or day-of-week with Quartz's special characters."""

    any: bool = False  # "?" (or "*")
    values: frozenset[int] = frozenset()
    last: bool = False  # L
    last_offset: int = 0  # L-n
    nearest_weekday: int | None = None  # nW
    last_weekday: bool = False  # LW
    last_of: int | None = None  # day-of-week nL
    nth: tuple[int, int] | None = None  # day-of-week n#k


def _parse_dom(text: str) -> DaySpec:
    t = text.upper()
    if t in ("?", "*"):
        return DaySpec(any=True)
    if t == "L":
        return DaySpec(last=True)
    if t == "LW":
        return DaySpec(last_weekday=True)
    if t.startswith("L-") and t[2:].isdigit() and int(t[2:]) <= 30:
        return DaySpec(last=True, last_offset=int(t[2:]))
    if t.endswith("W") and t[:-1].isdigit():
        return DaySpec(nearest_weekday=_number(t[:-1], 1, 31, None, "日"))
    return DaySpec(values=_parse_set(t, 1, 31, "日"))


def _parse_dow(text: str) -> DaySpec:
    t = text.upper()
    if t in ("?", "*"):
        return DaySpec(any=True)
    if t == "L":
        return DaySpec(values=frozenset({7}))
    if t.endswith("L"):
        return DaySpec(last_of=_number(t[:-1], 1, 7, DAYS, "周"))
    if "#" in t:
        day, _, k = t.partition("#")
        if not k.isdigit() or not 1 <= int(k) <= 5:
            raise CronError("周字段的“#”后须为 1-5")
        return DaySpec(nth=(_number(day, 1, 7, DAYS, "周"), int(k)))
    return DaySpec(values=_parse_set(t, 1, 7, "周", DAYS))


def _quartz_dow(day: date) -> int:
    return (day.weekday() + 1) % 7 + 1  # Monday=0 → 2, Sunday=6 → 1


def _dom_matches(spec: DaySpec, day: date) -> bool:
    last = calendar.monthrange(day.year, day.month)[1]
    if spec.any:
        return True
    if spec.last:
        return day.day == last - spec.last_offset
    if spec.last_weekday or spec.nearest_weekday is not None:
        target = last if spec.last_weekday else min(spec.nearest_weekday or 1, last)
        d = date(day.year, day.month, target)
        if d.weekday() == 5:  # Saturday → Friday, or Monday when that leaves the month
            d = d - timedelta(days=1) if d.day > 1 else d + timedelta(days=2)
        elif d.weekday() == 6:  # Sunday → Monday, or Friday when that leaves the month
            d = d + timedelta(days=1) if d.day < last else d - timedelta(days=2)
        return day == d
    return day.day in spec.values


def _dow_matches(spec: DaySpec, day: date) -> bool:
    if spec.any:
        return True
    dow = _quartz_dow(day)
    if spec.last_of is not None:
        last = calendar.monthrange(day.year, day.month)[1]
        return dow == spec.last_of and day.day + 7 > last
    if spec.nth is not None:
        weekday, k = spec.nth
        return dow == weekday and (day.day - 1) // 7 + 1 == k
    return dow in spec.values


@dataclass(frozen=True)
class Cron:
    expression: str
    seconds: frozenset[int]
    minutes: frozenset[int]
    hours: frozenset[int]
    dom: DaySpec
    months: frozenset[int]
    dow: DaySpec
    years: frozenset[int] | None

    def _day_matches(self, day: date) -> bool:
        if day.month not in self.months or (self.years is not None and day.year not in self.years):
            return False
        return _dom_matches(self.dom, day) and _dow_matches(self.dow, day)

    def next_after(self, after: datetime) -> datetime | None:
        """The first fire time strictly after ``after`` (an aware datetime in the schedule's zone)."""
        start = after.replace(microsecond=0) + timedelta(seconds=1)
        day = start.date()
        first = True
        limit = start.date() + timedelta(days=366 * SEARCH_YEARS)
        while day <= limit:
            if self._day_matches(day):
                for h in sorted(self.hours):
                    if first and h < start.hour:
                        continue
                    for m in sorted(self.minutes):
                        if first and h == start.hour and m < start.minute:
                            continue
                        for s in sorted(self.seconds):
                            if first and h == start.hour and m == start.minute and s < start.second:
                                continue
                            return datetime(day.year, day.month, day.day, h, m, s, tzinfo=after.tzinfo)
            day += timedelta(days=1)
            first = False
        return None

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


def parse(expression: str) -> Cron:
    parts = expression.split()
    if len(parts) not in (6, 7):
        raise CronError("Cron表达式须有 6 或 7 个字段：秒 分 时 日 月 周 [年]")
    sec, minute, hour, dom, month, dow = parts[:6]
    dom_spec, dow_spec = _parse_dom(dom), _parse_dow(dow)
    if dom.strip() != "?" and dow.strip() != "?":
        raise CronError("日和周字段必须有一个为“?”")
    cron = Cron(
        expression=" ".join(parts),
        seconds=_parse_set(sec, 0, 59, "秒"),
        minutes=_parse_set(minute, 0, 59, "分"),
        hours=_parse_set(hour, 0, 23, "时"),
        dom=dom_spec,
        months=_parse_set(month, 1, 12, "月", MONTHS),
        dow=dow_spec,
        years=_parse_set(parts[6], 1970, 2199, "年") if len(parts) == 7 and parts[6] != "*" else None,
    )
    return cron


def validate(expression: str, now: datetime) -> Cron:
    """A cron that parses and fires at least once more; else a CronError with a clear message."""
    cron = parse(expression)
    if cron.next_after(now) is None:
        raise CronError("Cron表达式在未来不会再触发")
    return cron
