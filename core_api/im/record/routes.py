"""Group and single chat records (NoticeImRecord, NoticeImRecordSingle): declarations only.

These are the largest tables: the lists filter by exact keys (group, uid, the conversation of two uids)
and by a time range on ``sent_time`` (which on PostgreSQL picks the month partitions), newest first. A
content fragment is deliberately not a filter: ``LIKE '%x%'`` over every month is a full scan; finding
words in messages is what the intercept records are for.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web
from pydantic import BaseModel
from tortoise.expressions import Q
from tortoise.queryset import QuerySet

from core_api.im.record.models import ImRecord, ImRecordSingle
from core_api.im.record.partitions import month_start
from core_api.platform.errors import ServiceError
from core_api.platform.resource import F, Partner, Resource
from core_api.platform.security import Principal
from core_api.platform.timefmt import zone

NEWEST = ("-sent_time", "-id")
WINDOW_ROWS = 1000  # a window's rows are counted up to this: pages within it are read from the window
WINDOW_AGE = 2.0  # seconds a window's count is trusted (a row deleted meanwhile can shorten a page that long)


@dataclass
class ChatRecords(Resource):
    """A chat-record list that reads one or two month partitions where it can (docs/decisions.md, 2026-11-29).

    Newest first and without a time range, a page lies within this month and the last whenever those two months
    hold at least as many matching rows as the page reaches and no row is sent after this month: the page is
    then read with that window (``sent_time`` in [first of last month, first of next month)), which PostgreSQL
    prunes to those two partitions, and gives the same rows. Whether a filter's window is that full is counted
    (up to ``WINDOW_ROWS``, through the indexes) beside the page and trusted for ``WINDOW_AGE`` seconds; until
    it is known the page is read from every month. The total is always the whole list's."""

    _windows: dict[tuple[int, str, dt.datetime], tuple[int, float]] = field(default_factory=dict, repr=False)
    _bounds_at: tuple[float, tuple[dt.datetime, dt.datetime] | None] = field(default=(0.0, None), repr=False)

    def _bounds(self) -> tuple[dt.datetime, dt.datetime]:
        """[first of last month, first of next month) in UTC, worked out again each second (every call asks)."""
        at, bounds = self._bounds_at
        if bounds is None or time.monotonic() - at >= 1.0:
            today = dt.datetime.now(zone()).date()
            bounds = month_start(today, -1).astimezone(dt.UTC), month_start(today, 1).astimezone(dt.UTC)
            self._bounds_at = (time.monotonic(), bounds)
        return bounds

    def _windowable(self, query: Any) -> bool:
        begin, end = self.range_of(self.by_name[self.time_field], query)
        return begin is None and end is None and not query.order_by_column

    def conditions(self, query: BaseModel, principal: Principal) -> tuple[list[Q], str]:
        where, key = super().conditions(query, principal)
        if not self._windowable(query):
            return where, key
        first, after = self._bounds()
        found = self._window(key)
        reach = query.page_num * query.page_size  # type: ignore[attr-defined]
        if found is None or found < reach:
            return where, key
        return [*where, Q(sent_time__gte=first, sent_time__lt=after)], f"{key}&window={first:%Y%m}"

    async def total(self, request: web.Request, query: BaseModel, principal: Principal,
                    records: Callable[[], QuerySet], key: str) -> int:
        key = self._whole(key)

        def where() -> list[Q]:  # built only where a count is computed: a kept total costs no conditions
            return super(ChatRecords, self).conditions(query, principal)[0]

        every = lambda: self.model.filter(*where())  # noqa: E731 - what the list counts
        if not self._windowable(query):
            return await super().total(request, query, principal, every, key)
        total, _ = await asyncio.gather(super().total(request, query, principal, every, key),
                                        self._count_window(where, key))
        return total

    def kept_total(self, request: web.Request, query: BaseModel, principal: Principal, key: str) -> int | None:
        key = self._whole(key)
        if self._windowable(query) and self._window(key) is None:  # the window's count is refreshed beside the total
            return None
        return super().kept_total(request, query, principal, key)

    def _whole(self, key: str) -> str:
        """The whole list's key of a page's key: a total is never the window's."""
        if "&window=" not in key:  # a filtered list's key (a time range): as it is
            return key
        return key.removesuffix(f"&window={self._bounds()[0]:%Y%m}")

    def _window(self, key: str) -> int | None:
        """The rows of this filter counted in this month and the last (up to WINDOW_ROWS), while that count is
        young enough to trust; None otherwise."""
        found = self._windows.get((id(self.model._meta.db), key, self._bounds()[0]))
        return None if found is None or time.monotonic() - found[1] > WINDOW_AGE else found[0]

    async def _count_window(self, conditions: Callable[[], list[Q]], key: str) -> None:
        if self._window(key) is not None:
            return
        first, after = self._bounds()
        slot = (id(self.model._meta.db), key, first)
        where = conditions()
        began = time.monotonic()
        inside = 0  # a row sent after this month would come first: then the window never serves
        if not await self.model.filter(*where, sent_time__gte=after).exists():
            inside = len(await self.model.filter(*where, sent_time__gte=first, sent_time__lt=after)
                         .limit(WINDOW_ROWS).values_list("id", flat=True))
        if len(self._windows) > 4096:
            self._windows.clear()
        self._windows[slot] = (inside, began)


def conversation_of(a: int, b: int) -> str:
    return f"{min(a, b)}_{max(a, b)}"


async def check_single(request: web.Request, values: dict[str, Any], before: dict[str, Any] | None) -> None:
    if before is None and "from_uid" in values and "to_uid" in values:
        if values["from_uid"] == values["to_uid"]:
            raise ServiceError("发送方和接收方不能是同一用户")
        values["conversation"] = conversation_of(values["from_uid"], values["to_uid"])


def _message_fields() -> list[F]:
    return [
        F("msg_type", "消息类型", "Type", "dict", dict_type="biz_im_msg_type", default="text", filter="exact"),
        F("content", "消息内容", "Content", "textarea", max_length=2000),
        F("sent_time", "发送时间", "Sent at", "datetime", required=True, edit="create", filter="range",
          sortable=True),
        F("withdrawn", "已撤回", "Withdrawn", "flag", dict_type="biz_yes_no01", default="0", filter="exact"),
        F("shelf", "上架", "On shelf", "flag", dict_type="biz_shelf", edit="never", filter="exact"),
    ]


group_records = ChatRecords(
    name="NoticeImRecord", model=ImRecord, perm="im:record", title="群聊记录", title_en="Group chat records",
    view="im/record/index", order=NEWEST, time_field="sent_time",
    partner=Partner("im_records", ("id", "group_id", "from_uid", "msg_type", "content", "sent_time", "withdrawn"),
                    refs={"group_id": "NoticeImGroup.group_id"}, batch=500, history=False),
    fields=[
        F("id", "编号", "ID", "id", edit="never"),
        F("group_id", "群号", "Group ID", required=True, max_length=64, edit="create", filter="exact"),
        F("from_uid", "发送方UID", "Sender UID", "uid", required=True, edit="create", filter="exact"),
        *_message_fields(),
    ],
)

single_records = ChatRecords(
    name="NoticeImRecordSingle", model=ImRecordSingle, perm="im:recordSingle", title="单聊记录",
    title_en="Single chat records", view="im/recordSingle/index", order=NEWEST, time_field="sent_time",
    check=check_single,
    partner=Partner("im_records_single", ("id", "from_uid", "to_uid", "msg_type", "content", "sent_time", "withdrawn",
                                          "read"), batch=500, history=False),
    fields=[
        F("id", "编号", "ID", "id", edit="never"),
        F("from_uid", "发送方UID", "Sender UID", "uid", required=True, edit="create", filter="exact"),
        F("to_uid", "接收方UID", "Receiver UID", "uid", required=True, edit="create", filter="exact"),
        F("conversation", "会话", "Conversation", max_length=48, edit="never", filter="exact", listed=False),
        *_message_fields(),
        F("read", "已读", "Read", "flag", dict_type="biz_yes_no01", default="0", filter="exact"),
    ],
)
