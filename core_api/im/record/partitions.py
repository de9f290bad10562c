"""The chat-record tables, partitioned by month of ``sent_time`` on PostgreSQL (core_api/platform/partitions.py).

Migration 0014 made them partitioned with the indexes below (``partition_ddl``); they register with the
platform, so the job ``ensurePartitions`` keeps their months ahead and applies their retention parameter.
"""

from __future__ import annotations

import datetime as dt

from core_api.platform import partitions
from core_api.platform.timefmt import zone

TABLES: dict[str, list[tuple[str, str]]] = {
    "im_record": [("idx_im_record_group_sent", "group_id, sent_time, id"),
                  ("idx_im_record_from_sent", "from_uid, sent_time")],
    "im_record_single": [("idx_im_rs_conv_sent", "conversation, sent_time, id"),
                         ("idx_im_rs_from_sent", "from_uid, sent_time"),
                         ("idx_im_rs_to_sent", "to_uid, sent_time")],
}
MONTHS_AHEAD = partitions.MONTHS_AHEAD
partitions.register("im_record", "sent_time", title="群聊记录")
partitions.register("im_record_single", "sent_time", title="单聊记录")


def month_start(day: dt.date, shift: int = 0) -> dt.datetime:
    """The first moment of the month ``shift`` months from ``day``'s, in the zone the partitions are cut in."""
    return dt.datetime.combine(partitions.month(day, shift), dt.time.min, tzinfo=zone())


def partition_ddl(table: str, indexes: list[tuple[str, str]], today: dt.date) -> list[str]:
    return partitions.partition_ddl(table, "sent_time", indexes, today)


ensure_months = partitions.ensure_months
