"""Group-buy orders (issue 14 §3): open a team (the leader pays), join (a seat reserved under a conditional
update, nobody twice, nobody in their own team), full (every member to ship, once), expiry (every paid member
refunded in full exactly once through the after-sale refund executor, stock, coupons and points back; the
unpaid ones closed and released), the delayed message and the sweep, the console lists and their shop
isolation, bad input."""

from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

from core_api.mall.coupon.models import MallUserCoupon
from core_api.mall.goods.models import MallSku
from core_api.mall.market.models import MallGroupActivity, MallGroupSku, MallGroupTeam
from core_api.monitor.job.handlers import JobContext
from core_api.order.aftersale.models import OrderAfterSale, OrderRefund
from core_api.order.core.models import OrderLine, OrderLog, OrderMain, OrderPay, OrderShop
from core_api.order.group import job
from core_api.order.group.models import OrderGroupMember
from core_api.platform.state import BUS
from tests.conftest import eventually
from tests.mall_support import make_shop
from tests.order_support import goods_of
from tests.test_order_place import ADDRESS, balance, call, counts, coupon, give_points, notify, setup
from tests.test_partner_api import register

LEADER = 9101
JOINERS = list(range(9201, 9230))


async def users(client, *uids: int) -> None:
    for uid in uids:
        await register(client, uid, nickName=f"用户{uid}")


async def activity(shop, sku, *, size=3, hours=24, price=6000, start=None, end=None) -> MallGroupActivity:
    now = datetime.now(UTC)
    a = await MallGroupActivity.create(shop_id=shop.id, goods_id=sku.goods_id, goods_name="拼团商品", team_size=size,
                                       hours=hours, start_time=start or now - timedelta(days=1),
                                       end_time=end or now + timedelta(days=1), min_price_fen=price)
    await MallGroupSku.create(activity_id=a.id, sku_id=sku.id, spec=sku.spec, sku_price_fen=sku.price_fen,
                              price_fen=price)
    return a


async def group_place(client, shop, sku, act, uid, *, team=None, qty=1, delivery="express", **extra) -> dict:
    body = {"requestNo": uuid.uuid4().hex, "uid": uid, "address": ADDRESS, "groupActivityId": act.id,
            "shops": [{"shopId": shop.id, "delivery": delivery, "items": [{"skuId": sku.id, "quantity": qty}],
                       **extra.pop("shop_extra", {})}], **extra}
    if team is not None:
        body["teamId"] = team
    return await call(client, "place", body)


async def pay(client, out: dict) -> OrderShop:
    assert out["code"] == 200, out
    no = out["data"]["orderNo"]
    uid = (await OrderMain.get(order_no=no)).uid
    code = await call(client, "pay", {"uid": uid, "orderNo": no})
    assert code["code"] == 200, code
    got = await notify(client, code["data"]["outTradeNo"], code["data"]["payFen"])
    assert got["code"] == "SUCCESS", got
    return await OrderShop.get(main_no=no)


async def world(start_app, make_settings, *, size=3, stock=10):
    client, admin = await setup(start_app, make_settings)
    await users(client, *JOINERS)
    shop = await make_shop(f"拼团店{uuid.uuid4().hex[:4]}")
    _, (sku,) = await goods_of(shop, "拼团商品", (10000,), stock=stock)
    act = await activity(shop, sku, size=size)
    return client, admin, shop, sku, act


async def open_team(client, shop, sku, act, uid=LEADER) -> tuple[OrderShop, MallGroupTeam]:
    placed = await group_place(client, shop, sku, act, uid)
    assert placed["code"] == 200, placed
    so = await OrderShop.get(main_no=placed["data"]["orderNo"])
    team = await MallGroupTeam.get(id=so.group_team_id)
    assert (so.kind, team.status, team.joined, team.reserved) == ("group", "pending", 0, 1)
    paid = await pay(client, placed)
    return paid, await MallGroupTeam.get(id=team.id)


def ctx(client, now=None) -> JobContext:
    return JobContext(now=now or datetime.now(UTC), services=SimpleNamespace(bus=client.server.app[BUS]))


# ---- open, join, full


async def test_open_join_and_full_moves_every_member_to_ship_once(start_app, make_settings):
    client, _, shop, sku, act = await world(start_app, make_settings)
    placed = await group_place(client, shop, sku, act, LEADER)
    assert placed["code"] == 200 and placed["data"]["payFen"] == 6000, placed
    so = await OrderShop.get(main_no=placed["data"]["orderNo"])
    line = await OrderLine.get(shop_order_id=so.id)
    assert (line.price_fen, line.amount_fen, line.pay_fen) == (6000, 6000, 6000)
    team = await MallGroupTeam.get(id=so.group_team_id)
    # a pending team (the leader has not paid) cannot be joined
    early = await group_place(client, shop, sku, act, JOINERS[0], team=team.id)
    assert early["msg"] == "团长尚未支付，拼团还未开团"
    leader = await pay(client, placed)
    team = await MallGroupTeam.get(id=team.id)
    assert (leader.status, leader.pay_status) == ("grouping", "paid")
    assert (team.status, team.joined, team.reserved, team.size) == ("open", 1, 0, 3)
    assert abs((team.expires_at - datetime.now(UTC)).total_seconds() - 24 * 3600) < 60
    assert await OrderLog.filter(shop_order_id=leader.id, action="group_open").exists()
    # the leader cannot join the own team, a joiner not twice
    own = await group_place(client, shop, sku, act, LEADER, team=team.id)
    assert own["msg"] == "不能参加自己发起的拼团"
    first = await group_place(client, shop, sku, act, JOINERS[0], team=team.id)
    assert first["code"] == 200, first
    again = await group_place(client, shop, sku, act, JOINERS[0], team=team.id)
    assert again["msg"] == "你已参加该拼团，不能重复参团"
    assert (await MallGroupTeam.get(id=team.id)).reserved == 1
    j1 = await pay(client, first)
    assert j1.status == "grouping" and (await MallGroupTeam.get(id=team.id)).joined == 2
    second = await group_place(client, shop, sku, act, JOINERS[1], team=team.id, delivery="pickup")
    full = await group_group_full(client, second)
    team = await MallGroupTeam.get(id=team.id)
    assert (team.status, team.joined, team.reserved) == ("full", 3, 0) and team.full_at is not None
    members = await OrderShop.filter(group_team_id=team.id).order_by("id")
    assert [m.status for m in members] == ["to_ship", "to_ship", "to_pickup"]
    assert full.pickup_code and members[2].pickup_status == "waiting"
    assert await OrderLog.filter(action="group_full").count() == 3
    assert await OrderGroupMember.filter(team_id=team.id, status="paid").count() == 3
    # a full team takes nobody; the expiry of a full team does nothing
    late = await group_place(client, shop, sku, act, JOINERS[2], team=team.id)
    assert late["msg"] == "拼团已成团，不能参团"
    assert await job.service.expire(team.id, None, datetime.now(UTC) + timedelta(days=2)) == []
    assert (await MallSku.get(id=sku.id)).stock == 7


async def group_group_full(client, placed: dict) -> OrderShop:
    await pay(client, placed)
    return await OrderShop.get(main_no=placed["data"]["orderNo"])


async def test_twenty_joins_for_the_last_seat_exactly_one_gets_it(start_app, make_settings):
    client, _, shop, sku, act = await world(start_app, make_settings, size=2, stock=30)
    _, team = await open_team(client, shop, sku, act)
    before = await counts()
    outs = await asyncio.gather(*(group_place(client, shop, sku, act, uid, team=team.id) for uid in JOINERS[:20]))
    won = [o for o in outs if o["code"] == 200]
    assert len(won) == 1, outs
    assert {o["msg"] for o in outs if o["code"] != 200} == {"拼团人数已满"}
    team = await MallGroupTeam.get(id=team.id)
    assert (team.joined, team.reserved) == (1, 1)
    after = await counts()
    assert (after[0] - before[0], after[1] - before[1], after[2] - before[2]) == (1, 1, 1)
    assert (await MallSku.get(id=sku.id)).stock == 28  # the leader and the one joiner
    await pay(client, won[0])
    team = await MallGroupTeam.get(id=team.id)
    assert (team.status, team.joined, team.reserved) == ("full", 2, 0)
    assert set(await OrderShop.filter(group_team_id=team.id).values_list("status", flat=True)) == {"to_ship"}


async def test_twenty_concurrent_joins_of_the_same_buyer_join_once(start_app, make_settings):
    client, _, shop, sku, act = await world(start_app, make_settings, size=5, stock=30)
    _, team = await open_team(client, shop, sku, act)
    outs = await asyncio.gather(*(group_place(client, shop, sku, act, JOINERS[0], team=team.id) for _ in range(20)))
    assert sum(o["code"] == 200 for o in outs) == 1, outs
    assert {o["msg"] for o in outs if o["code"] != 200} <= {"你已参加该拼团，不能重复参团", "拼团人数已满"}
    team = await MallGroupTeam.get(id=team.id)
    assert (team.joined, team.reserved) == (1, 1)
    assert await OrderGroupMember.filter(team_id=team.id).count() == 2
    assert (await MallSku.get(id=sku.id)).stock == 28


async def test_a_joiner_closing_unpaid_releases_the_seat_and_may_join_again(start_app, make_settings):
    client, _, shop, sku, act = await world(start_app, make_settings, size=2)
    _, team = await open_team(client, shop, sku, act)
    first = await group_place(client, shop, sku, act, JOINERS[0], team=team.id)
    assert (await group_place(client, shop, sku, act, JOINERS[1], team=team.id))["msg"] == "拼团人数已满"
    cancelled = await call(client, "cancel", {"uid": JOINERS[0], "orderNo": first["data"]["orderNo"]})
    assert cancelled["code"] == 200, cancelled
    team = await MallGroupTeam.get(id=team.id)
    assert (team.joined, team.reserved, team.status) == (1, 0, "open")
    assert not await OrderGroupMember.filter(team_id=team.id, uid=JOINERS[0]).exists()
    # cancelling again changes nothing
    assert (await call(client, "cancel", {"uid": JOINERS[0], "orderNo": first["data"]["orderNo"]}))["code"] != 200
    assert (await MallGroupTeam.get(id=team.id)).reserved == 0
    again = await group_place(client, shop, sku, act, JOINERS[0], team=team.id)
    assert again["code"] == 200, again
    assert (await MallGroupTeam.get(id=team.id)).reserved == 1


async def test_a_leader_closing_unpaid_cancels_the_pending_team(start_app, make_settings):
    client, _, shop, sku, act = await world(start_app, make_settings)
    placed = await group_place(client, shop, sku, act, LEADER)
    so = await OrderShop.get(main_no=placed["data"]["orderNo"])
    await call(client, "cancel", {"uid": LEADER, "orderNo": placed["data"]["orderNo"]})
    team = await MallGroupTeam.get(id=so.group_team_id)
    assert (team.status, team.reserved, team.joined) == ("cancelled", 0, 0)
    assert (await MallSku.get(id=sku.id)).stock == 10


async def test_bad_group_input_is_refused_and_changes_nothing(start_app, make_settings):
    client, _, shop, sku, act = await world(start_app, make_settings)
    other = await make_shop("别的店")
    _, (other_sku,) = await goods_of(other, "别的商品", (5000,))
    _, (sku2,) = await goods_of(shop, "不参加的商品", (5000,))
    now = datetime.now(UTC)
    later = await activity(shop, sku, start=now + timedelta(days=1), end=now + timedelta(days=2))
    ended = await activity(shop, sku, start=now - timedelta(days=2), end=now - timedelta(days=1))
    _, team = await open_team(client, shop, sku, act)
    before = await counts(), (await MallGroupTeam.get(id=team.id)).reserved, (await MallSku.get(id=sku.id)).stock

    async def refused(out: dict, msg: str) -> None:
        assert out["code"] != 200 and out["msg"] == msg, out

    body = {"requestNo": uuid.uuid4().hex, "uid": JOINERS[0], "address": ADDRESS,
            "shops": [{"shopId": shop.id, "delivery": "express", "items": [{"skuId": sku.id, "quantity": 1}]}]}
    await refused(await call(client, "place", {**body, "teamId": team.id}), "参团须同时提供拼团活动")
    await refused(await call(client, "place", {**body, "groupActivityId": 0}), "拼团活动不能小于1")
    await refused(await call(client, "place", {**body, "groupActivityId": 99999999}), "拼团活动不存在")
    await refused(await group_place(client, shop, sku, act, JOINERS[0], team=99999999), "拼团不存在")
    await refused(await group_place(client, shop, sku, later, JOINERS[0], team=team.id), "拼团活动尚未开始")
    await refused(await group_place(client, shop, sku, ended, JOINERS[0]), "拼团活动已结束")
    await refused(await group_place(client, shop, sku2, act, JOINERS[0]), f"规格 {sku2.id} 不参加该拼团活动")
    await refused(await group_place(client, other, other_sku, act, JOINERS[0]), "拼团商品不属于该店铺")
    two = {**body, "groupActivityId": act.id}
    two["shops"] = [{"shopId": shop.id, "delivery": "express",
                     "items": [{"skuId": sku.id, "quantity": 1}, {"skuId": sku2.id, "quantity": 1}]}]
    await refused(await call(client, "place", two), "拼团订单只能购买一个店铺的一个商品规格")
    await refused(await group_place(client, shop, sku, act, JOINERS[0], team=team.id, qty=11),
                  "商品「拼团商品」库存不足（剩余9）")
    # a team of another activity is not found through this one
    await refused(await group_place(client, shop, sku, later, JOINERS[0], team=team.id), "拼团活动尚未开始")
    other_act = await activity(shop, sku)
    await refused(await group_place(client, shop, sku, other_act, JOINERS[0], team=team.id), "拼团不存在")
    after = await counts(), (await MallGroupTeam.get(id=team.id)).reserved, (await MallSku.get(id=sku.id)).stock
    assert after == before


# ---- expiry


async def expiring_team(client, shop, sku, act, *, with_discounts: bool):
    """A 3-member team: the leader and one joiner paid (the joiner with a shop coupon and points), one joiner
    unpaid; then past its time."""
    _, team = await open_team(client, shop, sku, act)
    extra: dict = {}
    uc = None
    if with_discounts:
        uc = await coupon(JOINERS[0], shop.id, amount=500)
        await give_points(client, JOINERS[0], 1000)
        extra = {"points": 1000, "shop_extra": {"userCouponId": uc.id}}
    paid_joiner = await group_place(client, shop, sku, act, JOINERS[0], team=team.id, **extra)
    assert paid_joiner["code"] == 200, paid_joiner
    await pay(client, paid_joiner)
    unpaid = await group_place(client, shop, sku, act, JOINERS[1], team=team.id)
    assert unpaid["code"] == 200
    await MallGroupTeam.filter(id=team.id).update(expires_at=datetime.now(UTC) - timedelta(seconds=1))
    return team, uc, paid_joiner, unpaid


async def test_expiry_refunds_every_paid_member_once_with_stock_coupons_and_points_back(start_app, make_settings):
    client, _, shop, sku, act = await world(start_app, make_settings)
    team, uc, paid_joiner, unpaid = await expiring_team(client, shop, sku, act, with_discounts=True)
    assert (await MallSku.get(id=sku.id)).stock == 7
    assert await balance(JOINERS[0]) == 0
    assert (await MallUserCoupon.get(id=uc.id)).status == "used"
    joiner = await OrderShop.get(main_no=paid_joiner["data"]["orderNo"])
    assert joiner.pay_fen == 6000 - 500 - 1000 and joiner.points_used == 1000
    # the sweep and a run of the message at once, then both again
    now = datetime.now(UTC)
    await asyncio.gather(job.expire_group_teams(job.SweepParams(), ctx(client)),
                         job.on_expire(client.server.app[BUS], {"teamId": team.id}))
    assert await job.expire_group_teams(job.SweepParams(), ctx(client)) == "没有到期的拼团"
    await job.on_expire(client.server.app[BUS], {"teamId": team.id})
    team = await MallGroupTeam.get(id=team.id)
    assert team.status == "expired" and team.closed_at is not None
    orders = await OrderShop.filter(group_team_id=team.id).order_by("id")
    assert [(o.status, o.pay_status, o.refund_status) for o in orders] == [
        ("closed", "paid", "full"), ("closed", "paid", "full"), ("closed", "closed", "none")]
    assert [o.refunded_fen for o in orders] == [6000, 4500, 0]
    assert await OrderLog.filter(action="group_failed").count() == 2
    # in the orders' order: the sweep and the message run at once, so which refund is written first varies
    refunds = await OrderRefund.filter(shop_order_id__in=[o.id for o in orders]).order_by("shop_order_id")
    assert [(r.amount_fen, r.status, r.executor) for r in refunds] == [(6000, "refunded", "系统"),
                                                                      (4500, "refunded", "系统")]
    assert await OrderPay.filter(kind="refund").count() == 2
    sales = await OrderAfterSale.filter(shop_order_id__in=[o.id for o in orders])
    assert {(s.kind, s.status, s.approver, s.before_ship) for s in sales} == {("refund", "refunded", "系统", True)}
    assert (await MallSku.get(id=sku.id)).stock == 10  # stock back: 2 refunded, 1 released
    assert await balance(JOINERS[0]) == 1000
    assert (await MallUserCoupon.get(id=uc.id)).status == "unused"
    assert not await OrderGroupMember.filter(shop_order_id=orders[2].id).exists()
    assert (await OrderMain.get(order_no=unpaid["data"]["orderNo"])).pay_status == "closed"
    _ = now


async def test_expiry_gives_back_the_points_and_stock_of_a_member_who_paid_wholly_in_points(start_app,
                                                                                           make_settings):
    from tests.test_config_pages import body_of, fetch

    client, admin, shop, sku, act = await world(start_app, make_settings)
    page = await fetch(admin, "GET", "/admin/common_config/integral_config_page")
    assert (await admin.post("/admin/common_config/edit_integral_config",
                             json=body_of(page, maxDeductPercent=100)))["code"] == 200
    _, team = await open_team(client, shop, sku, act)
    await give_points(client, JOINERS[0], 6000)
    placed = await group_place(client, shop, sku, act, JOINERS[0], team=team.id, points=6000)
    assert placed["code"] == 200 and placed["data"]["payFen"] == 0, placed
    paid = await call(client, "pay", {"uid": JOINERS[0], "orderNo": placed["data"]["orderNo"]})
    assert paid["data"]["paid"] is True and await balance(JOINERS[0]) == 0
    assert (await MallSku.get(id=sku.id)).stock == 8
    await MallGroupTeam.filter(id=team.id).update(expires_at=datetime.now(UTC) - timedelta(seconds=1))
    await job.expire_group_teams(job.SweepParams(), ctx(client))
    free = await OrderShop.get(main_no=placed["data"]["orderNo"])
    assert (free.status, free.refund_status, free.refunded_fen) == ("closed", "full", 0)
    assert await balance(JOINERS[0]) == 6000
    assert (await MallSku.get(id=sku.id)).stock == 10  # the leader's unit and the free one
    assert await job.expire_group_teams(job.SweepParams(), ctx(client)) == "没有到期的拼团"
    assert await balance(JOINERS[0]) == 6000


async def test_the_systems_refund_numbers_cannot_be_taken_by_a_buyer(start_app, make_settings):
    """The expiry refunds a line under ``group-fail:<lineId>``: a buyer's apply with such a number is refused, and
    a row of that number on another line (not from the app) is never executed in the line's place."""
    from tests.order_support import make_order
    from tests.test_order_aftersale import apply

    client, admin, shop, sku, act = await world(start_app, make_settings)
    victim, team = await open_team(client, shop, sku, act)
    victim_line = await OrderLine.get(shop_order_id=victim.id)
    own = await make_order(shop, JOINERS[5], [(sku, 1)])
    own_line = await OrderLine.get(shop_order_id=own.id)
    await register(client, JOINERS[5], nickName="买家")
    for number in (f"group-fail:{victim_line.id}", f"GROUP-FAIL:{victim_line.id}"):
        out = await apply(client, JOINERS[5], own_line.id, requestNo=number)
        assert out["code"] != 200 and "申请号不能以 group-fail: 开头（系统保留）" in out["msg"], out
    assert not await OrderAfterSale.filter(line_id=own_line.id).exists()
    # a row already holding the number on the other line (earlier data): the sweep refuses to use it
    now = datetime.now(UTC)
    squat = await OrderAfterSale.create(after_sale_no="AS-SQUAT", request_no=f"group-fail:{victim_line.id}",
                                        uid=JOINERS[5], main_id=own.main_id, shop_order_id=own.id, shop_id=shop.id,
                                        line_id=own_line.id, kind="refund", status="awaiting_refund", quantity=1,
                                        amount_fen=own_line.pay_fen, before_ship=True, create_time=now)
    await MallGroupTeam.filter(id=team.id).update(expires_at=now - timedelta(seconds=1))
    await job.expire_group_teams(job.SweepParams(), ctx(client))
    assert (await OrderAfterSale.get(id=squat.id)).status == "awaiting_refund"
    assert not await OrderRefund.filter(after_sale_id=squat.id).exists()
    assert (await OrderShop.get(id=own.id)).refunded_fen == 0


async def test_the_delayed_message_expires_the_team(start_app, make_settings, monkeypatch):
    client, _, shop, sku, act = await world(start_app, make_settings)
    await MallGroupActivity.filter(id=act.id).update(hours=1)
    act = await MallGroupActivity.get(id=act.id)
    bus_class = type(client.server.app[BUS])  # on RabbitMQ the worker consumer is another bus of this class
    delays: list[float] = []
    original = bus_class.publish_later

    async def soon(self, topic, payload, delay_s):
        if topic == job.EXPIRE_TOPIC:
            delays.append(delay_s)
            await MallGroupTeam.filter(id=payload["teamId"]).update(expires_at=datetime.now(UTC))
            delay_s = 0.5
        await original(self, topic, payload, delay_s)

    monkeypatch.setattr(bus_class, "publish_later", soon)
    leader, team = await open_team(client, shop, sku, act)

    async def failed() -> bool:
        return (await OrderShop.get(id=leader.id)).status == "closed"

    await eventually(failed, timeout=15)
    assert delays == [3600]
    assert (await MallGroupTeam.get(id=team.id)).status == "expired"
    assert (await OrderShop.get(id=leader.id)).refunded_fen == 6000
    assert await OrderRefund.filter(shop_order_id=leader.id).count() == 1


async def test_a_payment_after_the_team_expired_is_refunded_by_the_sweep(start_app, make_settings):
    client, _, shop, sku, act = await world(start_app, make_settings, size=2)
    _, team = await open_team(client, shop, sku, act)
    joined = await group_place(client, shop, sku, act, JOINERS[0], team=team.id)
    await MallGroupTeam.filter(id=team.id).update(expires_at=datetime.now(UTC) - timedelta(seconds=1))
    late = await pay(client, joined)  # the seat was held: the payment is taken, but the team is too late
    team = await MallGroupTeam.get(id=team.id)
    assert late.status == "grouping" and team.status == "open" and team.joined == 2
    await job.expire_group_teams(job.SweepParams(), ctx(client))
    assert set(await OrderShop.filter(group_team_id=team.id).values_list("status", flat=True)) == {"closed"}
    assert (await MallGroupTeam.get(id=team.id)).status == "expired"
    assert await OrderRefund.filter(status="refunded").count() == 2


# ---- the console


async def test_console_lists_teams_and_followers_with_shop_isolation(start_app, make_settings):
    from tests.mall_support import shop_staff

    client, admin, shop, sku, act = await world(start_app, make_settings)
    leader, team = await open_team(client, shop, sku, act)
    joined = await group_place(client, shop, sku, act, JOINERS[0], team=team.id)
    other = await make_shop("乙拼团店")
    _, (other_sku,) = await goods_of(other, "乙商品", (8000,))
    other_act = await activity(other, other_sku, price=5000)
    _, their_team = await open_team(client, other, other_sku, other_act, uid=JOINERS[5])

    listed = await admin.get("/admin/order_mall_pt/list_data", params={"activityId": act.id})
    assert listed["data"]["total"] == 1, listed
    row = listed["data"]["data"][0]
    assert (row["id"], row["shopId"], row["goodsName"], row["leaderUid"], row["size"], row["joined"],
            row["reserved"], row["status"]) == (team.id, shop.id, "拼团商品", LEADER, 3, 1, 1, "open")
    assert row["expiresAt"]
    assert (await admin.get("/admin/order_mall_pt/list_data", params={"status": "open"}))["data"]["total"] == 2
    assert (await admin.get("/admin/order_mall_pt/list_data", params={"status": "full"}))["data"]["total"] == 0
    members = await admin.get("/admin/order_mall_pt/list_follower_data", params={"teamId": team.id})
    assert [(m["uid"], m["role"], m["status"], m["orderStatus"], m["payStatus"], m["payFen"])
            for m in members["rows"]] == [(LEADER, "leader", "paid", "grouping", "paid", 6000),
                                          (JOINERS[0], "member", "reserved", "unpaid", "unpaid", 6000)]
    assert members["rows"][1]["orderNo"] == (await OrderShop.get(main_no=joined["data"]["orderNo"])).order_no
    assert members["rows"][0]["shopOrderId"] == leader.id

    staff = await shop_staff(admin, shop, "group_a", ("order:group:list", "order:group:query"))
    mine = await staff.get("/admin/order_mall_pt/list_data")
    assert [r["id"] for r in mine["data"]["data"]] == [team.id]
    assert (await staff.get("/admin/order_mall_pt/list_data", params={"shopId": other.id}))["data"]["total"] == 0
    assert (await staff.get("/admin/order_mall_pt/list_data", params={"id": their_team.id}))["data"]["total"] == 0
    assert (await staff.get("/admin/order_mall_pt/list_follower_data",
                            params={"teamId": their_team.id}))["total"] == 0
    assert (await staff.get("/admin/order_mall_pt/list_follower_data", params={"teamId": team.id}))["total"] == 2
    # permissions: the list needs order:group:list, the followers order:group:query
    reader = await shop_staff(admin, shop, "group_r", ("order:group:list",))
    assert (await reader.get("/admin/order_mall_pt/list_data"))["data"]["total"] == 1
    assert (await reader.get("/admin/order_mall_pt/list_follower_data", params={"teamId": team.id}))["code"] == 403
    nobody = await shop_staff(admin, shop, "group_n", ("order:shop:list",))
    assert (await nobody.get("/admin/order_mall_pt/list_data"))["code"] == 403
    # bad input
    bad = await admin.get("/admin/order_mall_pt/list_data", params={"status": "x" * 100})
    assert bad["code"] != 200 and bad["msg"]
    assert (await admin.get("/admin/order_mall_pt/list_follower_data", params={"teamId": "abc"}))["code"] != 200
    # read-only: no writes declared
    assert (await admin.post("/admin/OrderGroupTeam", json={"size": 5}))["code"] in (404, 405)
    assert (await MallGroupTeam.get(id=team.id)).size == 3
