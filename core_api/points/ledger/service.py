"""Points movements (DOMAIN.md "Points, turntable").

``move`` is one conditional update of the account (``balance + delta >= 0``, so a balance never goes below
zero) that answers the new balance, and one ledger entry whose ``idem_key`` is written to the key table
``points_ledger_key`` (primary key; the ledger is partitioned by month on PostgreSQL), in the caller's
transaction: a repeated key raises ``IntegrityError`` and rolls the caller's whole transaction back.
``credit``/``debit`` wrap it in a transaction of their own and answer the first entry for a repeated key,
changing nothing.
"""

from __future__ import annotations

from datetime import datetime

from tortoise.exceptions import IntegrityError
from tortoise.transactions import in_transaction

from core_api.platform import sql
from core_api.platform.errors import ServiceError
from core_api.points.ledger.models import PointsAccount, PointsLedger, PointsLedgerKey

MAX_POINTS = 100_000_000  # one movement


class ShortPoints(ServiceError):
    def __init__(self) -> None:
        super().__init__("积分不足")


async def ensure_account(uid: int, now: datetime) -> None:
    """Outside any transaction (a unique violation would abort a PostgreSQL one)."""
    if not await PointsAccount.exists(uid=uid):
        try:
            await PointsAccount.create(uid=uid, update_time=now)
        except IntegrityError:
            pass  # created by a concurrent call


async def balance(uid: int) -> int:
    account = await PointsAccount.get_or_none(uid=uid)
    return account.balance if account else 0


async def move(uid: int, delta: int, idem_key: str, kind: str, now: datetime, *, ref: str = "",
               remark: str = "") -> PointsLedger:
    """Call inside a transaction (after ``ensure_account``): the conditional update and its ledger entry."""
    if delta == 0 or abs(delta) > MAX_POINTS:
        raise ServiceError("积分数量不正确")
    # the balance after the move comes back with the update (one statement on the hot paths: draws, placement)
    moved = await sql.fetch(
        PointsAccount, "UPDATE points_account SET balance = balance + $1, version = version + 1, update_time = $2 "
        "WHERE uid = $3 AND balance + $1 >= 0 RETURNING balance", delta, now, uid)
    if not moved:
        raise ShortPoints()
    entry = await PointsLedger.create(uid=uid, delta=delta, balance_after=int(moved[0]["balance"]), kind=kind,
                                      idem_key=idem_key, ref=ref[:64], remark=remark[:200], create_time=now)
    await PointsLedgerKey.create(idem_key=idem_key, ledger_id=entry.id, create_time=now)
    return entry


async def entry_of(idem_key: str) -> PointsLedger | None:
    """The entry a key applied, read in its month."""
    if (key := await PointsLedgerKey.get_or_none(idem_key=idem_key)) is None:
        return None
    return await PointsLedger.get_or_none(id=key.ledger_id, create_time=key.create_time)


async def _once(uid: int, delta: int, idem_key: str, kind: str, now: datetime, ref: str,
                remark: str) -> tuple[PointsLedger, bool]:
    if (done := await entry_of(idem_key)) is not None:
        return _same(done, uid, delta), False
    await ensure_account(uid, now)
    try:
        async with in_transaction():
            entry = await move(uid, delta, idem_key, kind, now, ref=ref, remark=remark)
    except IntegrityError:
        done = await entry_of(idem_key)
        if done is None:
            raise
        return _same(done, uid, delta), False
    return entry, True


def _same(done: PointsLedger, uid: int, delta: int) -> PointsLedger:
    if done.uid != uid or done.delta != delta:
        raise ServiceError("该业务单号已用于另一笔积分变动", 409)
    return done


async def credit(uid: int, points: int, idem_key: str, kind: str, now: datetime, *, ref: str = "",
                 remark: str = "") -> tuple[PointsLedger, bool]:
    """Adds points once per ``idem_key``; answers (the entry, applied now)."""
    if points <= 0:
        raise ServiceError("积分数量必须大于0")
    return await _once(uid, points, idem_key, kind, now, ref, remark)


async def debit(uid: int, points: int, idem_key: str, kind: str, now: datetime, *, ref: str = "",
                remark: str = "") -> tuple[PointsLedger, bool]:
    """Takes points once per ``idem_key``, or refuses (积分不足) and changes nothing."""
    if points <= 0:
        raise ServiceError("积分数量必须大于0")
    return await _once(uid, -points, idem_key, kind, now, ref, remark)
