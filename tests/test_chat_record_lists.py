"""The chat-record lists at their SQL floor (issue 29 §3): newest first without a time range, a page that lies
within this month and the last is read from those two months (two partitions on PostgreSQL) and answers the same
rows, total and order as the whole table; a page beyond them is read from every month."""

from __future__ import annotations

import datetime as dt
import re

from tortoise import connections

from core_api.im.record.models import ImRecordSingle
from core_api.im.record.partitions import month_start
from core_api.im.record.routes import single_records
from core_api.platform import sql
from core_api.platform.counts import changed
from core_api.platform.timefmt import zone
from tests.conftest import BACKEND, app_users

LIST = "/admin/NoticeImRecordSingle/list"


def today() -> dt.date:
    """The business zone's date (the partitions' and the lists' months): the machine's UTC date is a day behind from
    16:00 UTC on a month's last day."""
    return dt.datetime.now(zone()).date()


async def seed() -> list[int]:
    """8 messages this month, 6 last month, 5 three months ago (the newest first, as the list orders)."""
    today_ = today()
    times = ([month_start(today_, 0) + dt.timedelta(seconds=n) for n in range(8)]
             + [month_start(today_, -1) + dt.timedelta(days=n) for n in range(6)]
             + [month_start(today_, -3) + dt.timedelta(days=n) for n in range(5)])
    await sql.insert_many([ImRecordSingle(from_uid=10001 + n % 2, to_uid=10002 - n % 2, conversation="10001_10002",
                                          content=f"消息{n}", sent_time=when) for n, when in enumerate(times)])
    return [r["id"] for r in await ImRecordSingle.all().order_by("-sent_time", "-id").values("id")]


async def test_the_lists_answer_the_same_pages_from_the_window(admin):
    await app_users(10001, 10002)
    newest = await seed()
    for attempt in range(3):  # the first call counts the window; the later ones read pages 1 from it
        page = await admin.get(LIST, params={"pageSize": 10})
        assert page["total"] == 19 and [r["id"] for r in page["rows"]] == newest[:10], attempt
        assert page["rows"][0]["content"] == "消息7" and page["rows"][0]["conversation"] == "10001_10002"
        page = await admin.get(LIST, params={"pageSize": 10, "pageNum": 2})  # beyond the window's 14 rows
        assert page["total"] == 19 and [r["id"] for r in page["rows"]] == newest[10:], attempt
        page = await admin.get(LIST, params={"pageSize": 5, "conversation": "10001_10002", "fromUid": 10002})
        assert page["total"] == 9 and [r["content"] for r in page["rows"]] == ["消息7", "消息5", "消息3", "消息1",
                                                                              "消息13"], attempt
        page = await admin.get(LIST, params={"pageSize": 10, "beginTime": str(month_start(today(), -3).date()),
                                             "endTime": str(month_start(today(), -2).date())})
        assert page["total"] == 5 and [r["id"] for r in page["rows"]] == newest[14:], attempt
    query = single_records.query_model.model_validate({"pageSize": 10})
    where, key = single_records.conditions(query, None)  # type: ignore[arg-type] - no data scope on chats
    assert "window=" in key
    # a row sent after this month comes first: the window no longer serves (once its count is taken again)
    later = month_start(today(), 1) + dt.timedelta(days=3)
    await sql.insert_many([ImRecordSingle(from_uid=10001, to_uid=10002, conversation="10001_10002", content="将来",
                                          sent_time=later)])
    await changed(admin.client.app, "im_record_single")  # as the writing calls say it
    single_records._windows.clear()
    for _ in range(2):
        page = await admin.get(LIST, params={"pageSize": 10})
        assert page["rows"][0]["content"] == "将来" and page["total"] == 20
    if BACKEND == "postgres":
        await ImRecordSingle.filter(content="将来").delete()
        single_records._windows.clear()
        await admin.get(LIST, params={"pageSize": 10})
        where, _ = single_records.conditions(query, None)  # type: ignore[arg-type]
        statement = ImRecordSingle.filter(*where).order_by("-sent_time", "-id").limit(10) \
            .values(*single_records.columns).sql(params_inline=True)
        rows = await connections.get("default").execute_query_dict(f"EXPLAIN (ANALYZE, COSTS OFF) {statement}")
        plan = "\n".join(r["QUERY PLAN"] for r in rows)
        parts = set(re.findall(r" on (im_record_single_\w+)", plan))
        assert parts and len(parts) <= 2 and "im_record_single_default" not in parts, plan
        assert "Seq Scan" not in plan and "Sort" not in plan.replace("Merge Append", ""), plan
