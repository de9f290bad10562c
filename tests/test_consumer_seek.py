"""Keyset paging of the app users' hand-written lists (issue 11 §1): both calls answer the next page's cursor
(``next``; in ``data`` for list_data) and, given it back as ``after``, seek after the last row of the page
before instead of skipping to it: the same rows as OFFSET while nothing changes, no repeated row when newer
users register between pages, and a cursor that does not fit the request changes nothing."""

from __future__ import annotations

import datetime as dt

from core_api.account.consumer.models import AccountConsumer

LIST, LIST_DATA = "/admin/AccountUserConsumer/list", "/admin/AccountUserConsumer/list_data"
START = dt.datetime(2026, 3, 1, 8, 0, tzinfo=dt.UTC)


async def register(first_uid: int, n: int, minutes: int) -> None:
    """n app users; every pair shares its registration time (ties are broken by id)."""
    await AccountConsumer.bulk_create([
        AccountConsumer(uid=first_uid + i, nick_name=f"用户{first_uid + i}", invite_code=f"S{first_uid + i}",
                        register_time=START + dt.timedelta(minutes=minutes + i // 2))
        for i in range(n)])


def uids(rows: list[dict]) -> list[int]:
    return [r["uid"] for r in rows]


async def test_both_lists_seek_the_pages_the_offset_would_show(admin):
    await register(5000, 25, 0)
    first = await admin.post(LIST, json={"pageSize": 10})
    assert first["code"] == 200 and first["total"] == 25 and first["next"]
    seen, after = uids(first["rows"]), first["next"]
    for page_num, size in ((2, 10), (3, 5)):
        sought = await admin.post(LIST, json={"pageSize": 10, "pageNum": page_num, "after": after})
        skipped = await admin.post(LIST, json={"pageSize": 10, "pageNum": page_num})
        assert uids(sought["rows"]) == uids(skipped["rows"]) and len(sought["rows"]) == size
        seen += uids(sought["rows"])
        after = sought["next"]
    assert after is None and sorted(seen) == list(range(5000, 5025))  # every user once
    # The business envelope carries the cursor in data, and takes it back the same way.
    one = await admin.get(LIST_DATA, params={"pageNo": "1", "pageSize": "10"})
    two = await admin.get(LIST_DATA, params={"pageNo": "2", "pageSize": "10", "after": one["data"]["next"]})
    assert uids(one["data"]["data"]) == uids(first["rows"])
    assert uids(two["data"]["data"]) == list(range(5014, 5004, -1))  # newest first: 5024 … 5015 on page 1


async def test_a_sought_page_repeats_nobody_when_newer_users_register(admin):
    await register(6000, 20, 0)
    first = await admin.post(LIST, json={"pageSize": 10, "nickName": "用户6"})
    await register(6100, 3, 600)  # three newer users while the operator reads page 1
    sought = await admin.post(LIST, json={"pageSize": 10, "pageNum": 2, "nickName": "用户6",
                                          "after": first["next"]})
    skipped = await admin.post(LIST, json={"pageSize": 10, "pageNum": 2, "nickName": "用户6"})
    assert not set(uids(sought["rows"])) & set(uids(first["rows"]))
    assert set(uids(skipped["rows"])) & set(uids(first["rows"]))  # OFFSET shows three of page 1 again


async def test_a_cursor_that_does_not_fit_changes_nothing(admin):
    await register(7000, 25, 0)
    first = await admin.post(LIST, json={"pageSize": 10})
    offset_page_3 = uids((await admin.post(LIST, json={"pageSize": 10, "pageNum": 3}))["rows"])
    other_filters = await admin.post(LIST, json={"pageSize": 10, "pageNum": 2, "sex": "2",
                                                 "after": first["next"]})
    assert uids(other_filters["rows"]) == uids((await admin.post(
        LIST, json={"pageSize": 10, "pageNum": 2, "sex": "2"}))["rows"])
    wrong_page = await admin.post(LIST, json={"pageSize": 10, "pageNum": 3, "after": first["next"]})
    assert uids(wrong_page["rows"]) == offset_page_3
    forged = await admin.post(LIST, json={"pageSize": 10, "pageNum": 2, "after": "eyJzIjoxfQ"})
    assert forged["code"] == 200 and len(forged["rows"]) == 10
    too_long = await admin.post(LIST, json={"pageSize": 10, "after": "x" * 401})
    assert too_long["code"] == 500 and "分页位置" in too_long["msg"]
