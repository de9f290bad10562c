"""Group-buy orders (DOMAIN.md "Group buys").

- Placement (``plan`` before, ``reserve`` + ``add_member`` inside the placement transaction of
  core_api.order.place.service): one shop, one line of an activity SKU at its group price, the activity in its
  window. Without ``teamId`` the buyer opens a team: it is created ``pending`` (seat 1 reserved for the leader)
  and opens when the leader pays. With ``teamId`` the buyer joins: one conditional update on the team
  (``status=open``, not expired, ``joined + reserved < size``) reserves the seat, and the member row
  (UNIQUE(team_id, uid)) refuses a second join. Nobody joins their own team.
- Payment (``paid``, in the payment transaction): the order moves ``pay`` to grouping, its seat turns from
  reserved to joined; the leader payment opens the team (expires_at = paid + hours). The payment that makes
  joined reach size moves the team open → full by a conditional update, and in the same transaction every
  member order ``group_full`` to to_ship (or to_pickup): exactly once.
- Closing unpaid (``release``, called by close_shop_order): the seat is given back (the member row goes),
  a pending team whose leader order closes is cancelled.
- Expiry (``expire``, the delayed message and the sweep): an open team past expires_at and not full moves
  open → expired once, then each member order: paid ones are refunded in full through the after-sale refund
  executor (one system after-sale of kind refund per line, approved by SYSTEM, request number
  ``group-fail:<lineId>`` so there is never a second one) and move ``group_failed`` to closed with their coupons
  back, unpaid ones close as the unpaid timeout does. Every step is conditional: a second run finds nothing.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from tortoise.expressions import F
from tortoise.transactions import in_transaction

from core_api.mall.market.models import MallGroupActivity, MallGroupSku, MallGroupTeam
from core_api.order.core import flow
from core_api.order.core.models import OrderLine, OrderMain, OrderShop
from core_api.order.group.models import OrderGroupMember
from core_api.order.place import service as place
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.schema import english

log = logging.getLogger("console.order")
PENDING, OPEN, FULL, EXPIRED, CANCELLED = "pending", "open", "full", "expired", "cancelled"
SYSTEM_PREFIX = "group-fail:"  # the request numbers of the system's refunds; refused from the app
TEAM_STATUSES = {PENDING: "待开团", OPEN: "拼团中", FULL: "已成团", EXPIRED: "拼团失败", CANCELLED: "已取消"}


@dataclass
class Plan:
    activity: MallGroupActivity
    team: MallGroupTeam | None  # None: the buyer opens a team
    prices: dict[int, int]  # sku_id: the group price


async def plan(uid: int, activity_id: int, team_id: int | None, shops: list[dict[str, Any]],
               now: datetime) -> Plan:
    """Checks a group checkout before anything is written: answers the activity, the team joined and the prices."""
    activity = await MallGroupActivity.get_or_none(id=activity_id)
    if activity is None:
        raise NotFound("拼团活动不存在")
    if len(shops) != 1 or len(shops[0]["items"]) != 1:
        raise ServiceError("拼团订单只能购买一个店铺的一个商品规格")
    shop = shops[0]
    if shop["shop_id"] != activity.shop_id:
        raise ServiceError("拼团商品不属于该店铺")
    sku_id = shop["items"][0][0]
    group_sku = await MallGroupSku.get_or_none(activity_id=activity.id, sku_id=sku_id)
    if group_sku is None:
        raise ServiceError(f"规格 {sku_id} 不参加该拼团活动")
    if now < activity.start_time:
        raise ServiceError("拼团活动尚未开始")
    if now >= activity.end_time:
        raise ServiceError("拼团活动已结束")
    team = None
    if team_id is not None:
        team = await MallGroupTeam.get_or_none(id=team_id, activity_id=activity.id)
        if team is None:
            raise NotFound("拼团不存在")
        if team.leader_uid == uid:
            raise ServiceError("不能参加自己发起的拼团")
        if await OrderGroupMember.exists(team_id=team.id, uid=uid):
            raise ServiceError("你已参加该拼团，不能重复参团")
        _joinable(team, now)
    return Plan(activity, team, {sku_id: group_sku.price_fen})


def _joinable(team: MallGroupTeam, now: datetime) -> None:
    if team.status == PENDING:
        raise ServiceError("团长尚未支付，拼团还未开团")
    if team.status != OPEN or team.expires_at <= now:
        raise ServiceError(f"拼团{TEAM_STATUSES.get(team.status, team.status) if team.status != OPEN else '已过期'}，"
                           "不能参团")
    if team.joined + team.reserved >= team.size:
        raise ServiceError("拼团人数已满")


async def reserve(p: Plan, uid: int, now: datetime) -> tuple[int, bool]:
    """Inside the placement transaction: (the team id, leader). Opens a pending team or reserves a seat."""
    if p.team is None:
        a = p.activity
        team = await MallGroupTeam.create(
            activity_id=a.id, shop_id=a.shop_id, goods_id=a.goods_id, leader_uid=uid, status=PENDING,
            size=a.team_size, joined=0, reserved=1, hours=a.hours, expires_at=now + timedelta(hours=a.hours),
            create_time=now, update_time=now)
        return team.id, True
    got = await MallGroupTeam.filter(id=p.team.id, status=OPEN, expires_at__gt=now,
                                     size__gt=F("joined") + F("reserved")).update(
        reserved=F("reserved") + 1, version=F("version") + 1, update_time=now)
    if got != 1:
        fresh = await MallGroupTeam.get(id=p.team.id)
        _joinable(fresh, now)
        raise ServiceError("拼团人数已满")
    return p.team.id, False


async def add_member(team_id: int, shop_id: int, uid: int, shop_order_id: int, leader: bool, now: datetime) -> None:
    await OrderGroupMember.create(team_id=team_id, shop_id=shop_id, uid=uid, shop_order_id=shop_order_id,
                                  role="leader" if leader else "member",
                                  create_time=now)


async def release(so: OrderShop, now: datetime) -> None:
    """An unpaid group order closed (in its transaction): its seat is given back, once."""
    if so.kind != "group" or not so.group_team_id:
        return
    gone = await OrderGroupMember.filter(shop_order_id=so.id, status="reserved").delete()
    if not gone:
        return
    await MallGroupTeam.filter(id=so.group_team_id, reserved__gt=0).update(
        reserved=F("reserved") - 1, version=F("version") + 1, update_time=now)
    await MallGroupTeam.filter(id=so.group_team_id, status=PENDING, leader_uid=so.uid).update(
        status=CANCELLED, closed_at=now, version=F("version") + 1, update_time=now)


async def _pickup_code() -> str:
    return await place._pickup_code()


async def paid(so: OrderShop, actor: flow.Actor, paid_at: datetime | None, now: datetime) -> list[dict[str, Any]]:
    """A group order paid (inside the payment transaction): to grouping, its seat joined; the leader payment opens
    the team, the payment filling it moves every member to be shipped. Answers the events."""
    moved = await flow.move(so, "pay", actor, now, to=flow.GROUPING, pay_status="paid", paid_at=paid_at)
    events = [flow.event("paid", moved, paid_at or now, ref=f"group:{so.group_team_id}", amount_fen=moved.pay_fen)]
    member = await OrderGroupMember.filter(shop_order_id=so.id, status="reserved").update(status="paid",
                                                                                        paid_at=now)
    team = await MallGroupTeam.get_or_none(id=so.group_team_id or 0)
    if team is None or not member:
        log.error("group order %s paid without a reserved seat", so.order_no)
        return events
    if team.status == PENDING:
        await MallGroupTeam.filter(id=team.id, status=PENDING).update(
            status=OPEN, joined=F("joined") + 1, reserved=F("reserved") - 1, expires_at=now + timedelta(
                hours=team.hours), version=F("version") + 1, update_time=now)
        await flow.note(so.id, "group_open", actor, now,
                        f"团长支付，拼团 {team.id} 开团（{team.size}人团，{team.hours}小时）")
        return events
    await MallGroupTeam.filter(id=team.id).update(joined=F("joined") + 1, reserved=F("reserved") - 1,
                                                  version=F("version") + 1, update_time=now)
    team = await MallGroupTeam.get(id=team.id)  # after the update: this row is locked until the commit
    if team.status != OPEN or team.joined < team.size or team.expires_at <= now:
        return events  # not full, or too late: the expiry refunds it
    if not await MallGroupTeam.filter(id=team.id, status=OPEN).update(
            status=FULL, full_at=now, version=F("version") + 1, update_time=now):
        return events
    for member_order in await OrderShop.filter(group_team_id=team.id, status=flow.GROUPING).order_by("id"):
        extra: dict[str, Any] = {}
        if member_order.delivery == "pickup":
            extra.update(pickup_status="waiting", pickup_code=await _pickup_code())
        await flow.move(member_order, "group_full", flow.SYSTEM, now, note=f"拼团 {team.id} 成团",
                        to=flow.TO_PICKUP if member_order.delivery == "pickup" else flow.TO_SHIP, **extra)
    return events


# ---- expiry


async def expire(team_id: int, wallet: Any, now: datetime) -> list[dict[str, Any]]:
    """Expires a team past its time that is not full, and settles its member orders; safe to run again."""
    team = await MallGroupTeam.get_or_none(id=team_id)
    if team is None:
        return []
    if team.status == OPEN:
        if team.expires_at > now:
            return []
        if not await MallGroupTeam.filter(id=team.id, status=OPEN, version=team.version).update(
                status=EXPIRED, closed_at=now, version=F("version") + 1, update_time=now):
            return []  # full or expired meanwhile: the winner does the rest
        team = await MallGroupTeam.get(id=team.id)
    if team.status != EXPIRED:
        return []
    events: list[dict[str, Any]] = []
    for so in await OrderShop.filter(group_team_id=team.id, status__in=(flow.UNPAID, flow.GROUPING)).order_by("id"):
        try:
            if so.status == flow.UNPAID:
                events += await _close_unpaid(so, now)
            else:
                events += await _refund(so, wallet, now)
        except ServiceError as exc:  # moved meanwhile, or the wallet said no: the sweep tries again
            log.warning("group expiry of %s: %s", so.order_no, exc.msg)
    return events


async def _close_unpaid(so: OrderShop, now: datetime) -> list[dict[str, Any]]:
    async with in_transaction():
        return await place.close_shop_order(so, "timeout", flow.SYSTEM, now, "拼团失败，未支付订单关闭")


async def _refund(so: OrderShop, wallet: Any, now: datetime) -> list[dict[str, Any]]:
    from core_api.order.aftersale import service as aftersale
    from core_api.order.aftersale.models import OrderAfterSale

    events: list[dict[str, Any]] = []
    for line in await OrderLine.filter(shop_order_id=so.id).order_by("id"):
        left = line.pay_fen - line.refunded_fen
        row = await OrderAfterSale.get_or_none(request_no=f"{SYSTEM_PREFIX}{line.id}", line_id=line.id)
        if row is None:
            if left <= 0 and (line.pay_fen > 0 or line.refunded_qty >= line.quantity):  # a free line: by quantity
                continue
            row = await _system_after_sale(so, line, now)
        if row.status in (aftersale.AWAITING_REFUND, aftersale.REFUND_FAILED):
            out = await aftersale.execute(row, wallet, flow.SYSTEM, now)
            events += out.events
            if out.status != aftersale.REFUNDED:
                raise ServiceError(f"拼团失败退款未完成：{out.refund.reason}")
        elif row.status != aftersale.REFUNDED:
            raise ServiceError(f"拼团失败退款 {row.after_sale_no} {aftersale.STATUSES.get(row.status, row.status)}")
    return events + await _close_refunded(so.id, now)


async def _system_after_sale(so: OrderShop, line: OrderLine, now: datetime) -> Any:
    """The system refund of a whole line, approved by SYSTEM (request number unique: only ever one)."""
    from tortoise.exceptions import IntegrityError

    from core_api.order.aftersale import service as aftersale
    from core_api.order.aftersale.models import OrderAfterSale

    try:
        async with in_transaction():
            claimed = await OrderLine.filter(id=line.id, after_sale__not_in=aftersale.OPEN).update(
                after_sale=aftersale.AWAITING_REFUND)
            if claimed != 1:
                raise ServiceError("该商品已有处理中的售后")
            row = await OrderAfterSale.create(
                after_sale_no=aftersale.new_no("AS", now), request_no=f"{SYSTEM_PREFIX}{line.id}", uid=so.uid,
                main_id=so.main_id, shop_order_id=so.id, shop_id=so.shop_id, line_id=line.id, kind=aftersale.REFUND,
                status=aftersale.AWAITING_REFUND, quantity=line.quantity - line.refunded_qty,
                amount_fen=line.pay_fen - line.refunded_fen, before_ship=True, reason="拼团失败，系统全额退款",
                approver_id=0, approver=flow.SYSTEM.name, create_time=now, update_time=now)
            await flow.note(so.id, "after_sale_apply", flow.SYSTEM, now,
                            f"拼团失败，系统退款 {row.after_sale_no}：商品行 {line.id} × {row.quantity}，"
                            f"{row.amount_fen} 分（系统审核通过）")
    except IntegrityError:
        same = await OrderAfterSale.get_or_none(request_no=f"{SYSTEM_PREFIX}{line.id}", line_id=line.id)
        if same is None:  # the number is another line's (the app cannot send it): never execute that one
            raise ServiceError(f"拼团失败退款的申请号 {SYSTEM_PREFIX}{line.id} 已被其他售后占用") from None
        return same
    return row


async def _close_refunded(so_id: int, now: datetime) -> list[dict[str, Any]]:
    """Every line refunded: group_failed to closed, its coupons back (once: the move is conditional)."""
    from core_api.mall.coupon.models import MallUserCoupon

    async with in_transaction():
        so = await OrderShop.get(id=so_id)
        if so.status != flow.GROUPING or so.refunded_fen < so.pay_fen:
            return []
        closed = await flow.move(so, "group_failed", flow.SYSTEM, now, note="拼团失败，已全额退款",
                                 closed_at=now, close_reason="拼团失败")
        if so.coupon_id:
            await place._coupon_back(so.coupon_id, so.main_no, now)
        main = await OrderMain.get(id=so.main_id)
        if not await OrderShop.filter(main_id=main.id).exclude(status=flow.CLOSED).exists():
            platform = await MallUserCoupon.filter(order_no=main.order_no, shop_id=0, status="used").first()
            if platform is not None:
                await place._coupon_back(platform.id, main.order_no, now)
    return [flow.event("group_failed", closed, now, ref=f"group:{so.group_team_id}", amount_fen=so.refunded_fen)]


# Placing, paying and closing a group order go through core_api.order.place.service, which calls these.
place.GROUP_BUYS[:] = [place.GroupBuy(plan=plan, reserve=reserve, add_member=add_member, paid=paid, release=release)]


# The English of this module's refusals, for an operator whose console is in English (issue 28 §4).
english({
    "拼团人数已满": "The group is full",
    "拼团不存在": "The group does not exist",
    "拼团活动不存在": "The group-buy campaign does not exist",
    "拼团活动尚未开始": "The group-buy campaign has not started",
    "拼团活动已结束": "The group-buy campaign has ended",
})
