"""Keyset paging of the declared lists (issue 11 §1, core_api/platform/seek.py): a page asked for with the
previous page's ``next`` is sought after that page's last row instead of skipped to by OFFSET, so it shows
the same rows as the OFFSET page while nothing changes, never repeats a row when newer ones arrive between
pages, and a cursor that does not fit the request (another page, other filters, forged) changes nothing."""

from __future__ import annotations

import base64
import datetime as dt
import json

from core_api.im.record.models import ImRecordSingle

LIST = "/admin/NoticeImRecordSingle/list"
START = dt.datetime(2026, 3, 1, 8, 0, tzinfo=dt.UTC)


async def chat(n: int, minutes: int) -> None:
    """n messages of one conversation; every third pair shares its time (ties broken by id)."""
    for i in range(n):
        await ImRecordSingle.create(from_uid=10001, to_uid=10002, conversation="10001_10002",
                                    content=f"第{i}条", sent_time=START + dt.timedelta(minutes=minutes + i // 2))


def contents(page: dict) -> list[str]:
    return [r["content"] for r in page["rows"]]


async def test_next_pages_are_sought_and_match_the_offset_pages(admin):
    await chat(25, 0)
    query = {"conversation": "10001_10002", "pageSize": "10"}
    first = await admin.get(LIST, params=query)
    assert first["code"] == 200 and first["total"] == 25 and first["next"]
    seen = contents(first)
    after = first["next"]
    for page_num, size in ((2, 10), (3, 5)):
        sought = await admin.get(LIST, params={**query, "pageNum": str(page_num), "after": after})
        skipped = await admin.get(LIST, params={**query, "pageNum": str(page_num)})
        assert contents(sought) == contents(skipped) and len(sought["rows"]) == size
        seen += contents(sought)
        after = sought["next"]
    assert after is None  # the last page, shorter than the page size, leads nowhere
    assert sorted(seen) == sorted(f"第{i}条" for i in range(25))  # every row once, none twice


async def test_a_sought_page_repeats_no_row_when_newer_ones_arrive(admin):
    await chat(20, 0)
    query = {"conversation": "10001_10002", "pageSize": "10"}
    first = await admin.get(LIST, params=query)
    await chat(3, 600)  # three newer messages arrive while the operator reads page 1
    sought = await admin.get(LIST, params={**query, "pageNum": "2", "after": first["next"]})
    skipped = await admin.get(LIST, params={**query, "pageNum": "2"})
    assert not set(contents(sought)) & set(contents(first))
    assert set(contents(skipped)) & set(contents(first))  # OFFSET shows three of page 1 again


async def test_a_cursor_that_does_not_fit_changes_nothing(admin):
    await chat(25, 0)
    query = {"conversation": "10001_10002", "pageSize": "10"}
    first = await admin.get(LIST, params=query)
    offset_two = contents(await admin.get(LIST, params={**query, "pageNum": "2"}))
    # another page than the one it leads to: read by OFFSET
    again = await admin.get(LIST, params={**query, "pageNum": "1", "after": first["next"]})
    assert contents(again) == contents(first)
    # other filters: the cursor is ignored
    other = await admin.get(LIST, params={"fromUid": "10001", "pageSize": "10", "pageNum": "2", "after": first["next"]})
    assert contents(other) == offset_two
    # forged: a cursor with the right scope but a value that is not a time, or not base64 at all
    raw = json.loads(base64.urlsafe_b64decode(first["next"] + "=="))
    raw["v"][0] = "'; DROP TABLE im_record_single; --"
    forged = base64.urlsafe_b64encode(json.dumps(raw).encode()).decode()
    for bad in (forged, "not-a-cursor", "%%%"):
        page = await admin.get(LIST, params={**query, "pageNum": "2", "after": bad})
        assert page["code"] == 200 and contents(page) == offset_two
    too_long = await admin.get(LIST, params={**query, "pageNum": "2", "after": "x" * 401})
    assert too_long["code"] != 200 and "分页位置" in too_long["msg"]
    assert await ImRecordSingle.all().count() == 25
