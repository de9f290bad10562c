"""Odds versions and the draw (DOMAIN.md "Points, turntable").

The odds are the integer weights of a turntable's gifts, out of 10 000, an explicit "no prize" slot among them.
Every change of the weights (a gift added, a weight changed) writes a version row with the weights' snapshot;
a draw uses the turntable's current version and records it.

A draw is one transaction: the user's daily count is raised under the daily limit (one conditional upsert), the
points are debited (the ledger, keyed by the request id), the prize picked with ``secrets.randbelow(10000)`` is
taken from today's cap (the same upsert) and from the stock by a conditional update, and the draw row (unique
request id) is written; a points prize is credited in the same transaction. A prize that is out of stock or over
its daily cap falls to "no prize" (``fell_back``): the user's points are spent on a fair spin, as the odds
promised no more.
A repeated request id answers the first draw and never draws twice."""

from __future__ import annotations

import secrets
import weakref
from datetime import date, datetime
from typing import Any

from tortoise import connections
from tortoise.exceptions import IntegrityError
from tortoise.expressions import F
from tortoise.transactions import in_transaction

from core_api.mall.turntable.models import (
    MallTurntable,
    MallTurntableCounter,
    MallTurntableDraw,
    MallTurntableGift,
    MallTurntableVersion,
)
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.sql import placeholders
from core_api.platform.timefmt import zone
from core_api.points.ledger import service as points
from core_api.points.ledger.models import PointsAccount

TOTAL = 10_000
NONE = "none"


def today(now: datetime) -> date:
    return now.astimezone(zone()).date()


def weights_of(gifts: list[MallTurntableGift]) -> dict[str, int]:
    return {str(g.id): g.weight for g in sorted(gifts, key=lambda g: g.id) if g.weight > 0 or g.kind == NONE}


def validate(gifts: list[MallTurntableGift]) -> None:
    """The odds a turntable can be on shelf with: weights total exactly 10 000 with a "no prize" slot."""
    if not any(g.kind == NONE for g in gifts):
        raise ServiceError("奖品中须包含一个“未中奖”档位")
    total = sum(g.weight for g in gifts)
    if total != TOTAL:
        raise ServiceError(f"中奖权重合计须为10000（当前合计{total}）")


async def new_version(turntable_id: int, actor: str, now: datetime) -> int:
    """Call in a transaction after a change of the gifts: a version row when the weights changed."""
    gifts = await MallTurntableGift.filter(turntable_id=turntable_id)
    weights = weights_of(gifts)
    latest = await MallTurntableVersion.filter(turntable_id=turntable_id).order_by("-version").first()
    if latest is not None and latest.weights == weights:
        return latest.version
    version = latest.version + 1 if latest else 1
    await MallTurntableVersion.create(turntable_id=turntable_id, version=version, weights=weights, create_by=actor,
                                      create_time=now)
    await MallTurntable.filter(id=turntable_id).update(version=version)
    return version


async def odds_of(turntable_id: int, version: int) -> dict[int, int] | None:
    """The weights (gift id to weight) of one odds version. A version row is written once and never changed, so
    its weights are kept in memory per database (a new database, as in tests, starts an empty cache)."""
    cache = _ODDS.setdefault(connections.get("default"), {})
    if (weights := cache.get((turntable_id, version))) is None:
        row = await MallTurntableVersion.get_or_none(turntable_id=turntable_id, version=version).values("weights")
        if row is None:
            return None
        weights = cache[(turntable_id, version)] = {int(k): int(v) for k, v in row["weights"].items()}
    return weights


_ODDS: weakref.WeakKeyDictionary[Any, dict[tuple[int, int], dict[int, int]]] = weakref.WeakKeyDictionary()


async def _count_up(conn: Any, turntable_id: int, kind: str, ref: int, day: date, cap: int) -> bool:
    """One statement in the transaction: today's counter is created at 1 or raised by one while under ``cap``;
    answers whether it was (an upsert never raises a unique violation, so a PostgreSQL transaction stays usable)."""
    p = placeholders(conn, 5)
    rows = await conn.execute_query_dict(
        "INSERT INTO mall_turntable_counter (turntable_id, kind, ref, day, count) "  # noqa: S608 - placeholders only
        f"VALUES ({p[0]}, {p[1]}, {p[2]}, {p[3]}, 1) ON CONFLICT (turntable_id, kind, ref, day) "
        f"DO UPDATE SET count = mall_turntable_counter.count + 1 WHERE mall_turntable_counter.count < {p[4]} "
        "RETURNING count", [turntable_id, kind, ref, day, cap])
    return bool(rows)


async def _ensure_account(conn: Any, uid: int, now: datetime) -> None:
    """In the transaction: the points account, created when missing (no unique violation either)."""
    await PointsAccount.bulk_create([PointsAccount(uid=uid, update_time=now)], ignore_conflicts=True, using_db=conn)


def _same(row: MallTurntableDraw, uid: int, turntable_id: int) -> MallTurntableDraw:
    if row.uid != uid or row.turntable_id != turntable_id:
        raise ServiceError("该请求号已用于另一次抽奖", 409)
    return row


async def draw(uid: int, turntable_id: int, request_id: str, now: datetime) \
        -> tuple[MallTurntableDraw, bool, int | None]:
    """Answers (the draw, drawn now, the balance after it when this call knows it without another read)."""
    if (same := await MallTurntableDraw.get_or_none(request_id=request_id)) is not None:
        return _same(same, uid, turntable_id), False, None
    tt = await MallTurntable.get_or_none(id=turntable_id)
    if tt is None:
        raise NotFound("转盘不存在")
    if tt.shelf != "1":
        raise ServiceError("转盘活动未上架")
    if tt.start_time and now < tt.start_time:
        raise ServiceError("转盘活动尚未开始")
    if tt.end_time and now >= tt.end_time:
        raise ServiceError("转盘活动已结束")
    weights = await odds_of(tt.id, tt.version)
    if weights is None:
        raise ServiceError("转盘尚未配置奖品")
    gifts = {g.id: g for g in await MallTurntableGift.filter(id__in=list(weights))}
    blank = next((g for g in gifts.values() if g.kind == NONE), None)
    if blank is None or sum(weights.values()) != TOTAL:
        raise ServiceError("转盘奖品配置不正确")
    roll = secrets.randbelow(TOTAL)
    picked, acc = blank, 0
    for gid in sorted(weights):
        acc += weights[gid]
        if roll < acc:
            picked = gifts.get(gid, blank)
            break
    day = today(now)
    capped = picked.kind != NONE and picked.daily_cap > 0
    balance: int | None = None
    try:
        async with in_transaction() as conn:
            if not await _count_up(conn, tt.id, "user", uid, day, tt.daily_limit):
                raise ServiceError(f"今日抽奖次数已用完（每天{tt.daily_limit}次）")
            if tt.points:  # no account is a zero balance: the conditional debit refuses it (积分不足)
                balance = (await points.move(uid, -tt.points, f"draw:{request_id}", "draw", now,
                                             ref=f"turntable:{tt.id}", remark=f"{tt.name}抽奖")).balance_after
            given = picked
            if picked.kind != NONE:
                within = not capped or await _count_up(conn, tt.id, "gift", picked.id, day, picked.daily_cap)
                stocked = within and bool(await MallTurntableGift.filter(id=picked.id, stock__gte=1).update(
                    stock=F("stock") - 1))
                if not stocked:
                    if within and capped:  # the cap was taken, the stock was not: give the day's count back
                        await MallTurntableCounter.filter(turntable_id=tt.id, kind="gift", ref=picked.id,
                                                          day=day).update(count=F("count") - 1)
                    given = blank
            row = await MallTurntableDraw.create(
                request_id=request_id, uid=uid, turntable_id=tt.id, version=tt.version, roll=roll,
                picked_gift_id=picked.id, gift_id=given.id, gift_name=given.name, kind=given.kind,
                value=given.value if given.kind != NONE else 0, fell_back=given is not picked, points=tt.points,
                day=day, create_time=now)
            if given.kind == "points" and given.value > 0:
                if not tt.points:
                    await _ensure_account(conn, uid, now)
                balance = (await points.move(uid, given.value, f"draw:{request_id}:prize", "prize", now,
                                             ref=f"draw:{row.id}", remark=f"{tt.name}中奖")).balance_after
    except IntegrityError:
        same = await MallTurntableDraw.get_or_none(request_id=request_id)
        if same is None:
            raise
        return _same(same, uid, turntable_id), False, None
    return row, True, balance
