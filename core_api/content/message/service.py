"""In-app messages: who "all users" are, and the fan-out a worker runs after a message is added.

The fan-out writes one CommonMessageUser row per uid in batches of 1000 and keeps the message's progress
(``sent`` of ``total``, push status sending then sent). It is safe to run twice (a redelivered event): the
unique index (message_id, uid) ignores rows already there, and ``sent`` is counted, not added up."""

from __future__ import annotations

import datetime as dt
from typing import Any

from pydantic import Field

from core_api.account.consumer.models import AccountConsumer
from core_api.content.message.models import CommonMessage, CommonMessageUser
from core_api.platform.schema import Schema

MESSAGE_ADDED = "content.message.added"
BATCH = 1000
TARGET_ALL, TARGET_USERS = "all", "users"
WAITING, SENDING, SENT = "0", "1", "2"


async def all_uids() -> list[int]:
    """Every usable app user's uid (frozen or unusable accounts get no message)."""
    rows = await AccountConsumer.filter(frozen="0", usable="1").order_by("uid").values("uid")
    return [int(r["uid"]) for r in rows]


class MessageAdded(Schema):
    message_id: int = Field(ge=1)


async def fan_out(payload: dict[str, Any]) -> int:
    """Writes the per-user rows of one message; returns how many the message has."""
    event = MessageAdded.model_validate(payload)
    message = await CommonMessage.get_or_none(id=event.message_id)
    if message is None:
        return 0  # deleted before it was sent
    uids = sorted(set(message.target_uids or [])) if message.target == TARGET_USERS else await all_uids()
    now = dt.datetime.now(dt.UTC)
    # update_time is the fan-out's heartbeat: the sweep (resend_stuck) leaves a message being sent alone
    await CommonMessage.filter(id=message.id).update(push_status=SENDING, total=len(uids), update_time=now)
    sent = 0
    for i in range(0, len(uids), BATCH):
        await CommonMessageUser.bulk_create(
            [CommonMessageUser(message_id=message.id, uid=uid, create_by=message.create_by, create_time=now)
             for uid in uids[i:i + BATCH]], ignore_conflicts=True)
        sent = await CommonMessageUser.filter(message_id=message.id).count()
        await CommonMessage.filter(id=message.id).update(sent=sent, update_time=dt.datetime.now(dt.UTC))
    await CommonMessage.filter(id=message.id).update(push_status=SENT, sent=sent)
    return sent


async def stuck_messages(now: dt.datetime, waiting: dt.timedelta, sending: dt.timedelta) -> list[int]:
    """Messages whose fan-out event was lost (the process died between the commit and the publish, or the
    worker died half-way): still waiting ``waiting`` after they were added, or sending with no progress for
    ``sending``. Publishing them again is safe: the fan-out skips the rows that exist."""
    lost = CommonMessage.filter(push_status=WAITING, create_time__lt=now - waiting)
    stalled = CommonMessage.filter(push_status=SENDING, update_time__lt=now - sending)
    ids = [*await lost.values_list("id", flat=True), *await stalled.values_list("id", flat=True)]
    return sorted(int(i) for i in ids)  # type: ignore[call-overload]
