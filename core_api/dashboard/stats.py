"""The business report's aggregates (stat_daily, one row per local day and shop, shop 0 the platform total).

- Orders and money come from the order events (``flow.TOPIC``): "paid" adds one order and its amount, "refunded"
  its amount, to the shop row and the total row of the event's local day, once per payment of a shop order and
  per refund (``key_of``): the stat_event key is inserted in the same transaction, a redelivery hits the unique
  key and changes nothing.
- New and active app users and chat conversations are platform figures, recounted from their tables by a job
  (today and yesterday) onto the total row.
- ``rebuild`` recounts a range of days from the orders themselves (recovery): paid shop orders by their paid_at,
  refunds by the wallet's refund rows, and writes their keys, so their events arriving later count nothing."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any

from tortoise import connections
from tortoise.exceptions import IntegrityError
from tortoise.functions import Count, Sum
from tortoise.transactions import in_transaction

from core_api.account.consumer.models import AccountConsumer, AccountSignIn
from core_api.dashboard.models import StatDaily, StatEvent
from core_api.messaging.chat.models import ChatMessage
from core_api.order.core.models import OrderPay, OrderShop
from core_api.platform import sql
from core_api.platform.timefmt import day_end_exclusive, day_start, zone

TOTAL = 0  # the shop id of the platform total row
COUNTED = {"paid", "refunded"}
MONEY = ("orders", "paid_fen", "refund_fen")
PEOPLE = ("new_users", "active_users", "conversations")


def local_day(at: datetime) -> date:
    return (at if at.tzinfo else at.replace(tzinfo=UTC)).astimezone(zone()).date()


def bounds(day: date) -> tuple[datetime, datetime]:
    """A local day as UTC instants (SQLite compares stored times as text, written in UTC)."""
    return day_start(day).astimezone(UTC), day_end_exclusive(day).astimezone(UTC)


async def ensure_row(day: date, shop_id: int) -> None:
    """Outside any transaction (a unique violation would abort a PostgreSQL one)."""
    if not await StatDaily.exists(day=day, shop_id=shop_id):
        try:
            await StatDaily.create(day=day, shop_id=shop_id)
        except IntegrityError:
            pass  # created by a concurrent consumer


def key_of(name: str, shop_order_id: int, ref: str) -> str:
    """The stat_event key of a counted event. A shop order is paid once (a conditional move), so its payment is
    keyed by the order alone, whoever published it; a refund by its refund number. The rebuild writes the same
    keys for what it counted, so an event delivered after it is not counted again."""
    return f"paid:{shop_order_id}" if name == "paid" else f"{name}:{shop_order_id}:{ref}"[:160]


async def count_event(payload: dict[str, Any], now: datetime) -> bool:
    """Counts one order event into the day's shop and total rows; answers whether it counted now."""
    name = payload.get("event")
    if name not in COUNTED:
        return False
    shop_order_id, shop_id = int(payload["shopOrderId"]), int(payload["shopId"])
    amount = int(payload.get("amountFen") or 0)
    if name == "paid" and amount <= 0:  # the publisher left the amount out: the shop order's own
        found = await OrderShop.filter(id=shop_order_id).values("pay_fen")
        amount = int(found[0]["pay_fen"]) if found else 0
    at = datetime.fromisoformat(payload["at"]) if payload.get("at") else now
    day = local_day(at)
    key = key_of(name, shop_order_id, payload.get("ref") or "")
    orders, paid, refunded = (1, amount, 0) if name == "paid" else (0, 0, amount)
    shops = sorted({shop_id, TOTAL})  # locked in one order by every consumer
    rows = ", ".join(f"($1, ${i + 6}, $2, $3, $4, 0, 0, 0, $5)" for i in range(len(shops)))
    async with in_transaction():
        # Two statements an event (there were up to seven): the key claimed without an exception, the day's
        # rows made or added to in one upsert.
        if not await sql.fetch(StatEvent, COUNT_ONCE, key, day, shop_id, amount, now):
            return False  # counted already, maybe by a concurrent delivery
        await sql.run(StatDaily, ADD_TO_DAY.format(rows=rows), day, orders, paid, refunded, now, *shops)
    return True


COUNT_ONCE = ("INSERT INTO stat_event (key, day, shop_id, amount_fen, create_time) VALUES ($1, $2, $3, $4, $5) "
              "ON CONFLICT (key) DO NOTHING RETURNING id")
ADD_TO_DAY = ("INSERT INTO stat_daily (day, shop_id, orders, paid_fen, refund_fen, new_users, active_users, "
              "conversations, update_time) VALUES {rows} "
              "ON CONFLICT (shop_id, day) DO UPDATE SET orders = stat_daily.orders + excluded.orders, "
              "paid_fen = stat_daily.paid_fen + excluded.paid_fen, "
              "refund_fen = stat_daily.refund_fen + excluded.refund_fen, update_time = excluded.update_time")


async def people_of(day: date) -> dict[str, int]:
    """New and active app users and conversations of one day, counted from their tables."""
    lo, hi = bounds(day)
    return {
        "new_users": await AccountConsumer.filter(register_time__gte=lo, register_time__lt=hi).count(),
        "active_users": len(await AccountSignIn.filter(sign_in_time__gte=lo, sign_in_time__lt=hi)
                            .distinct().values_list("uid", flat=True)),
        "conversations": len(await ChatMessage.filter(create_time__gte=lo, create_time__lt=hi)
                             .distinct().values_list("room_id", flat=True)),
    }


async def recount_people(days: list[date], now: datetime) -> dict[date, dict[str, int]]:
    """New and active app users and conversations of each day, written onto the total rows."""
    out: dict[date, dict[str, int]] = {}
    for day in days:
        figures = await people_of(day)
        await ensure_row(day, TOTAL)
        await StatDaily.filter(day=day, shop_id=TOTAL).update(**figures, update_time=now)
        out[day] = figures
    return out


async def recount_orders(day: date) -> dict[int, dict[str, int]]:
    """Orders, paid and refunded fen of one day per shop (and the total), from the orders themselves."""
    lo, hi = bounds(day)
    shops: dict[int, dict[str, int]] = {}
    paid = await OrderShop.filter(paid_at__gte=lo, paid_at__lt=hi).group_by("shop_id").annotate(
        n=Count("id"), s=Sum("pay_fen")).values("shop_id", "n", "s")
    for r in paid:
        figures = shops.setdefault(int(r["shop_id"]), dict.fromkeys(MONEY, 0))
        figures.update(orders=int(r["n"]), paid_fen=int(r["s"] or 0))
    refunds = await OrderPay.filter(kind="refund", create_time__gte=lo, create_time__lt=hi).group_by(
        "shop_id").annotate(s=Sum("amount_fen")).values("shop_id", "s")
    for r in refunds:
        if r["shop_id"] is not None:
            shops.setdefault(int(r["shop_id"]), dict.fromkeys(MONEY, 0))["refund_fen"] = int(r["s"] or 0)
    shops[TOTAL] = {k: sum(v[k] for v in shops.values()) for k in MONEY}
    return shops


async def counted_keys(day: date, now: datetime) -> list[StatEvent]:
    """The stat_event rows of what ``recount_orders`` counts on ``day``: its payments and its refunds."""
    lo, hi = bounds(day)
    paid = await OrderShop.filter(paid_at__gte=lo, paid_at__lt=hi).values_list("id", "shop_id", "pay_fen")
    refunds = await OrderPay.filter(kind="refund", create_time__gte=lo, create_time__lt=hi,
                                    shop_order_id__not_isnull=True).values_list("shop_order_id", "shop_id", "out_no",
                                                                                "amount_fen")
    return ([StatEvent(key=key_of("paid", so, ""), day=day, shop_id=shop, amount_fen=fen, create_time=now)
             for so, shop, fen in paid]
            + [StatEvent(key=key_of("refunded", so, no), day=day, shop_id=shop or 0, amount_fen=fen, create_time=now)
               for so, shop, no, fen in refunds])


async def rebuild(begin: date, end: date, now: datetime) -> int:
    """Recomputes the order figures of [begin, end] from the orders (and the people figures); answers the days."""
    day, done = begin, 0
    while day <= end:
        figures = await recount_orders(day)
        keys = await counted_keys(day, now)
        for shop in figures:
            await ensure_row(day, shop)
        async with in_transaction():
            await StatDaily.filter(day=day).update(orders=0, paid_fen=0, refund_fen=0, update_time=now)
            for shop, values in figures.items():
                await StatDaily.filter(day=day, shop_id=shop).update(**values, update_time=now)
            # what was counted now is not counted again by its event delivered later (a retry, a late queue)
            await StatEvent.bulk_create(keys, ignore_conflicts=True, batch_size=500)
        await recount_people([day], now)
        day += timedelta(days=1)
        done += 1
    return done


WIRE = {"orders": "orders", "paid_fen": "paidFen", "refund_fen": "refundFen", "new_users": "newUsers",
        "active_users": "activeUsers", "conversations": "conversations"}


async def report(begin: date, end: date, shop_id: int, people: bool) -> dict[str, Any]:
    """Per-day series (every day of the range, zeros included) and totals for one shop or the platform (0), with
    the wire's camelCase keys; the people figures are None unless ``people``. One index range of stat_daily read by
    a plain statement: at most 366 rows, no model objects."""
    columns = MONEY + PEOPLE if people else MONEY
    conn = connections.get("default")
    mark = (lambda n: f"${n}") if conn.capabilities.dialect == "postgres" else (lambda n: "?")
    sql = (f"SELECT day, {', '.join(columns)} FROM stat_daily "  # noqa: S608 - constant column names
           f"WHERE shop_id = {mark(1)} AND day >= {mark(2)} AND day <= {mark(3)}")
    dialect_days: list[Any] = [begin, end] if conn.capabilities.dialect == "postgres" else [
        begin.isoformat(), end.isoformat()]
    _, rows = await conn.execute_query(sql, [shop_id, *dialect_days])
    by_day = {str(r["day"])[:10]: r for r in rows}
    hidden = {} if people else {WIRE[k]: None for k in PEOPLE}
    totals = dict.fromkeys(columns, 0)
    days: list[dict[str, Any]] = []
    day = begin
    while day <= end:
        key = day.isoformat()
        row = by_day.get(key)
        out: dict[str, Any] = {"day": key}
        for k in columns:
            value = int(row[k] or 0) if row is not None else 0
            totals[k] += value
            out[WIRE[k]] = value
        days.append(out | hidden)
        day += timedelta(days=1)
    return {"days": days, "totals": {WIRE[k]: v for k, v in totals.items()} | hidden}
