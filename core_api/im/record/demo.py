"""Demo chat records: single chats between friends (each user talks with a few others, in bursts of
messages minutes apart) and group chats among a group's members, spread over the last six months. On
PostgreSQL the month partitions of that window are created first."""

from __future__ import annotations

import datetime as dt

from core_api.demo import CHUNK, images
from core_api.demo.words import CHAT
from core_api.im.record import partitions
from core_api.im.record.models import ImRecord, ImRecordSingle

TYPES = ("text",) * 17 + ("image", "voice", "file")


def _content(rng, kind: str) -> str:
    if kind == "image":
        return images.address("chat", rng.randint(1, 9999))
    if kind == "voice":
        return f"[语音] {rng.randint(1, 59)}秒"
    if kind == "file":
        return rng.choice(("报价单.xlsx", "会议纪要.docx", "行程.pdf"))
    return rng.choice(CHAT)


async def demo(ctx) -> None:
    rng, uids = ctx.rng, ctx.uids
    start = ctx.now - dt.timedelta(days=ctx.size("chat_days", 180))
    if ctx.postgres:
        first = dt.date(start.year, start.month, 1)
        months = (ctx.now.year - first.year) * 12 + ctx.now.month - first.month
        await partitions.ensure_months(ctx.client, first, ahead=months + partitions.MONTHS_AHEAD)
    registered = ctx.shared.get("registered") or [start] * len(uids)
    # a friend graph: each user knows a few users registered near them (invited, same campaign)
    pairs = []
    for i, uid in enumerate(uids):
        for _ in range(rng.choice((1, 2, 2, 3, 4))):
            j = min(max(i + rng.randint(-50, 50), 0), len(uids) - 1)
            if j != i:
                pairs.append((uid, uids[j], max(registered[i], registered[j], start)))
    total = ctx.size("chat_records", 10 * len(uids))
    rows: list[dict] = []
    written = 0
    while pairs and written < total:
        a, b, since = rng.choice(pairs)
        conversation = f"{min(a, b)}_{max(a, b)}"
        at = ctx.moment(since)
        for _ in range(min(rng.randint(2, 12), total - written)):
            sender, receiver = (a, b) if rng.random() < 0.5 else (b, a)
            kind = rng.choice(TYPES)
            rows.append({"from_uid": sender, "to_uid": receiver, "conversation": conversation, "msg_type": kind,
                         "content": _content(rng, kind), "sent_time": at,
                         "read": "1" if at < ctx.now - dt.timedelta(hours=1) or rng.random() < 0.5 else "0",
                         "withdrawn": "1" if rng.random() < 0.01 else "0", "shelf": "1"})
            written += 1
            at = min(at + dt.timedelta(seconds=rng.randint(5, 900)), ctx.now)
        if len(rows) >= CHUNK:
            await ctx.insert(ImRecordSingle, rows)
            rows = []
    await ctx.insert(ImRecordSingle, rows)
    rosters = ctx.shared.get("rosters") or {}
    total = ctx.size("group_records", min(20 * len(uids), 200_000))
    rows, written, groups = [], 0, list(rosters.items())
    while groups and written < total:
        group_id, (people, created) = rng.choice(groups)
        at = ctx.moment(max(created, start))
        for _ in range(min(rng.randint(3, 20), total - written)):
            kind = rng.choice(TYPES)
            rows.append({"group_id": group_id, "from_uid": rng.choice(people), "msg_type": kind,
                         "content": _content(rng, kind), "sent_time": at,
                         "withdrawn": "1" if rng.random() < 0.01 else "0", "shelf": "1"})
            written += 1
            at = min(at + dt.timedelta(seconds=rng.randint(3, 600)), ctx.now)
        if len(rows) >= CHUNK:
            await ctx.insert(ImRecord, rows)
            rows = []
    await ctx.insert(ImRecord, rows)
