"""Message centre: system messages from notices, order messages from order events, read state."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from core_api.messaging.models import SysMessage
from core_api.platform import exports, sql
from core_api.platform.exports import EXPORT_READY
from core_api.platform.models import ExportJob
from core_api.platform.schema import Schema
from core_api.platform.security import SUPER_ROLE
from core_api.platform.timefmt import fmt
from core_api.system.user.models import SUPER_ADMIN_ID, SysUser

NOTICE_PUBLISHED = "notice.published"
ORDER_EVENT = "order.event"
ORDER_PLACED = 1901
BATCH = 1000


class NoticePublished(Schema):
    notice_id: int
    title: str = Field(max_length=100)
    notice_type: str


class OrderEvent(Schema):
    order_no: str = Field(max_length=64)
    shop_id: int | None = None
    message_type: int = ORDER_PLACED
    title: str = Field(max_length=100)
    content: str = Field("", max_length=1000)
    event_id: str = Field(max_length=64)


def message_view(row: dict[str, Any]) -> dict[str, Any]:
    return {"objId": row["id"], "title": row["title"], "content": row["content"], "readed": row["readed"],
            "messageType": row["message_type"], "typeNo": row["type_no"], "createTime": fmt(row["create_time"])}


async def _fan_out(recipients: list[int], kind: str, source_key: str, **fields: Any) -> int:
    """One message per recipient; an event handled twice adds nothing (unique source and recipient)."""
    have = set(await SysMessage.filter(source_key=source_key).values_list("recipient_id", flat=True))
    fresh = [r for r in dict.fromkeys(recipients) if r not in have]
    for i in range(0, len(fresh), BATCH):
        await SysMessage.bulk_create([SysMessage(recipient_id=r, kind=kind, source_key=source_key, **fields)
                                      for r in fresh[i:i + BATCH]], ignore_conflicts=True)
    return len(fresh)


async def on_notice_published(payload: dict[str, Any]) -> None:
    """Every enabled user gets a system message."""
    event = NoticePublished.model_validate(payload)
    users = await SysUser.filter(status="0", del_flag="0").values_list("user_id", flat=True)
    label = "通知" if event.notice_type == "1" else "公告"
    await _fan_out(list(users), "sys", f"notice:{event.notice_id}", message_type=0, type_no=str(event.notice_id),  # type: ignore[arg-type]
                   title=f"【{label}】{event.title}"[:100])


async def order_staff(shop_id: int | None) -> list[int]:
    """Who hears about a shop's orders: the super administrator and the holders of its role, every enabled
    operator (no shop of their own) whose enabled roles hold the shop-order list, and that shop's own staff holding
    it; never another shop's staff (an event without a shop reaches the operators only: no shop_id equals NULL).
    One statement, its text fixed: it is asked for every order event, and built by the ORM each time it was a
    twelfth of a worker's CPU in the fault test."""
    rows = await sql.fetch(SysUser, ORDER_STAFF, ORDER_LIST_PERM, SUPER_ROLE, SUPER_ADMIN_ID, shop_id)
    return [row["user_id"] for row in rows]


ORDER_LIST_PERM = "order:shop:list"
ORDER_STAFF = """
WITH enabled AS (SELECT role_id FROM sys_role WHERE status = '0' AND del_flag = '0'),
holders AS (
    SELECT ur.user_id FROM sys_user_role ur
    WHERE ur.role_id IN (
        SELECT rm.role_id FROM sys_role_menu rm
        WHERE rm.menu_id IN (SELECT menu_id FROM sys_menu WHERE perms = $1 AND status = '0')
          AND rm.role_id IN (SELECT role_id FROM enabled))),
admins AS (
    SELECT ur.user_id FROM sys_user_role ur
    WHERE ur.role_id IN (SELECT role_id FROM sys_role WHERE role_key = $2 AND status = '0' AND del_flag = '0'))
SELECT u.user_id FROM sys_user u
WHERE u.status = '0' AND u.del_flag = '0'
  AND ((u.shop_id IS NULL AND (u.user_id = $3 OR u.user_id IN (SELECT user_id FROM admins)
                               OR u.user_id IN (SELECT user_id FROM holders)))
       OR (u.shop_id = $4 AND u.user_id IN (SELECT user_id FROM holders)))
ORDER BY u.user_id"""


# The order events staff must act on (core_api.order.core.flow, topic flow.TOPIC): each becomes an order
# message (1901, typeNo the shop order's number) for the order's shop staff and the operators.
FLOW_MESSAGES = {
    "paid": ("新订单待处理", "订单 {no} 已支付 {yuan} 元，请及时{act}"),
    "after_sale_applied": ("售后申请待处理", "订单 {no} 的买家申请了售后，请及时审核"),
    "group_failed": ("拼团失败待退款", "订单 {no} 拼团失败，请核对退款"),
}


async def on_order_flow(payload: dict[str, Any]) -> int:
    """One order message per (event, shop order, ref) and recipient: a repeated event adds nothing."""
    name = payload.get("event")
    if name not in FLOW_MESSAGES:
        return 0
    order_no, shop_id = str(payload["orderNo"]), payload.get("shopId")
    title, text = FLOW_MESSAGES[name]
    amount = int(payload.get("amountFen") or 0)
    act = {"to_pickup": "备货等待自提", "grouping": "关注成团"}.get(str(payload.get("status")), "发货")
    content = text.format(no=order_no, yuan=f"{amount // 100}.{amount % 100:02d}", act=act)
    source = f"flow:{name}:{payload['shopOrderId']}:{payload.get('ref') or ''}"[:100]
    return await _fan_out(await order_staff(shop_id), "order", source, message_type=ORDER_PLACED,
                          type_no=order_no, title=title, content=content)


async def on_order_event(payload: dict[str, Any]) -> None:
    event = OrderEvent.model_validate(payload)
    await _fan_out(await order_staff(event.shop_id), "order", f"order:{event.event_id}",
                   message_type=event.message_type, type_no=event.order_no, title=event.title,
                   content=event.content)


async def counts(user_id: int) -> dict[str, int]:
    unread = SysMessage.filter(recipient_id=user_id, readed=False)
    return {"sysMsgNum": await unread.filter(kind="sys").count(),
            "orderMsgNum": await unread.filter(kind="order").count()}


async def announce_export(job: ExportJob, ok: bool, rows: int) -> None:
    """The owner of a background export hears in the message centre that it is done, with its download, or
    failed (once: the message's source key)."""
    if ok:
        title, content = f"导出完成：{job.file_name}", f"共 {rows} 条。下载：/admin/exports/{job.id}/download"
    else:
        title, content = f"导出失败：{job.file_name}", "导出未能完成，请重新导出"
    await SysMessage.bulk_create([SysMessage(
        recipient_id=job.owner_id, kind="sys", message_type=EXPORT_READY, type_no=str(job.id), title=title[:100],
        content=content, source_key=f"export:{job.id}")], ignore_conflicts=True)


exports.ANNOUNCE[:] = [announce_export]
