"""Orders (issue 14 §1): placing through the partner API (stock, coupons, points, the exact split, idempotent
requestNo, no oversell), paying (pay code, the wallet callback once), the buyer's cancel and confirm, the
operator's close (permission, shop isolation) and what closing releases."""

from __future__ import annotations

import asyncio
import time
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import orjson

from core_api.mall.coupon.models import MallCoupon, MallCouponTarget, MallUserCoupon
from core_api.mall.goods.models import MallGoods, MallSku
from core_api.order.core.models import OrderLine, OrderLog, OrderMain, OrderPay, OrderShop
from core_api.platform.wallet import signed_headers
from core_api.points.ledger.models import PointsAccount, PointsLedger
from tests.conftest import Caller, Refused, token_for
from tests.mall_support import make_shop, shop_staff
from tests.order_support import goods_of
from tests.test_partner_api import KEY, partner_post, register

WALLET_KEY = "wallet-key-" + "w" * 30
ADDRESS = {"name": "张三", "phone": "13800138000", "area": "北京市朝阳区", "address": "建国路1号"}
UID, UID2 = 9101, 9102


async def setup(start_app, make_settings, **start):
    client = await start_app(make_settings(chat_partner_key=KEY, wallet_key=WALLET_KEY), **start)
    for uid in (UID, UID2):
        await register(client, uid, nickName=f"用户{uid}")
    return client, Caller(client, await token_for(client))


async def call(client, path: str, body: dict[str, Any]) -> dict:
    out, _ = await partner_post(client, f"/api/partner/v1/orders/{path}", body)
    return out


def shop_part(shop, lines, **extra) -> dict:
    return {"shopId": shop.id, "delivery": "express", "items": [{"skuId": s.id, "quantity": q} for s, q in lines],
            **extra}


async def place(client, shops: list[dict], *, uid: int = UID, request_no: str | None = None, **extra) -> dict:
    return await call(client, "place", {"requestNo": request_no or uuid.uuid4().hex, "uid": uid,
                                        "address": ADDRESS, "shops": shops, **extra})


async def coupon(uid: int, shop_id: int = 0, *, amount=1000, threshold=0, scope="all", targets=(), kind="amount",
                 bp=0, cap=0, days=30) -> MallUserCoupon:
    now = datetime.now(UTC)
    c = await MallCoupon.create(shop_id=shop_id, name=f"券{amount}", kind=kind, amount_fen=amount,
                                threshold_fen=threshold, discount_bp=bp, cap_fen=cap, scope=scope,
                                target_ids=",".join(map(str, targets)), valid_start=now - timedelta(days=1),
                                valid_end=now + timedelta(days=days), total=100, issued=1, shelf="1")
    for t in targets:
        await MallCouponTarget.create(coupon_id=c.id, target_id=t)
    return await MallUserCoupon.create(coupon_id=c.id, uid=uid, shop_id=shop_id, valid_start=now - timedelta(days=1),
                                       valid_end=now + timedelta(days=days), claim_time=now)


async def give_points(client, uid: int, n: int) -> None:
    out, _ = await partner_post(client, "/api/partner/v1/points/credit", {"uid": uid, "points": n,
                                                                        "bizNo": uuid.uuid4().hex})
    assert out["code"] == 200, out


async def stock_of(sku) -> int:
    return (await MallSku.get(id=sku.id)).stock


async def balance(uid: int) -> int:
    acc = await PointsAccount.get_or_none(uid=uid)
    return acc.balance if acc else 0


async def stocks(*skus) -> list[int]:
    return [(await MallSku.get(id=s.id)).stock for s in skus]


async def notify(client, out_trade_no: str, amount: int, trade_no: str = "T1", paid_at: int | None = None) -> dict:
    path = "/api/open/v1/wallet/local/notify"
    raw = orjson.dumps({"outTradeNo": out_trade_no, "tradeNo": trade_no, "amountFen": amount, "status": "PAID",
                        "paidAt": paid_at or int(time.time())})
    response = await client.post(path, data=raw, headers=signed_headers(WALLET_KEY, "POST", path, raw))
    return await response.json()


async def counts() -> tuple[int, int, int, int]:
    return (await OrderMain.all().count(), await OrderShop.all().count(), await OrderLine.all().count(),
            await OrderLog.all().count())


# ---- placing


async def test_place_splits_coupons_and_points_exactly_and_reserves_stock(start_app, make_settings):
    client, _ = await setup(start_app, make_settings)
    a, b = await make_shop("甲店"), await make_shop("乙店")
    ga, (a1, a2) = await goods_of(a, "甲商品", (3333, 1001), stock=10)
    gb, (b1,) = await goods_of(b, "乙商品", (5000,), stock=10)
    shop_uc = await coupon(UID, a.id, amount=1000, threshold=5000)
    plat_uc = await coupon(UID, 0, kind="percent", bp=9000, cap=700)  # 10 % off, at most 7 yuan
    await give_points(client, UID, 5000)
    out = await place(client, [shop_part(a, [(a1, 2), (a2, 1)], userCouponId=shop_uc.id, remark="尽快发货"),
                               shop_part(b, [(b1, 1)], delivery="pickup")],
                      platformUserCouponId=plat_uc.id, points=1200)
    assert out["code"] == 200, out
    data = out["data"]
    goods = 3333 * 2 + 1001 + 5000
    # shop coupon 1000 on shop a; the platform coupon 10 % of (goods - 1000) = 1266, capped at 700; 1200 points
    assert data["payFen"] == goods - 1000 - 700 - 1200 and data["couponFen"] == 1700 and data["pointsFen"] == 1200
    main = await OrderMain.get(order_no=data["orderNo"])
    assert main.pay_status == "unpaid" and main.pay_deadline - main.create_time == timedelta(minutes=30)
    shops = await OrderShop.filter(main_id=main.id).order_by("id")
    assert [s.shop_id for s in shops] == [a.id, b.id] and shops[1].delivery == "pickup"
    assert sum(s.pay_fen for s in shops) == main.pay_fen and sum(s.coupon_fen for s in shops) == 1700
    assert shops[0].coupon_id == shop_uc.id and shops[0].buyer_remark == "尽快发货"
    for s in shops:
        lines = await OrderLine.filter(shop_order_id=s.id)
        assert sum(ln.coupon_fen for ln in lines) == s.coupon_fen
        assert sum(ln.points_fen for ln in lines) == s.points_fen
        assert sum(ln.pay_fen for ln in lines) == s.pay_fen
        assert all(ln.pay_fen == ln.amount_fen - ln.coupon_fen - ln.points_fen >= 0 for ln in lines)
        assert await OrderLog.filter(shop_order_id=s.id, action="place", to_status="unpaid").count() == 1
    # the answer names each line by the id the after-sale call takes
    for part, s in zip(data["shopOrders"], shops, strict=True):
        assert part["lines"] == [{"lineId": ln.id, "skuId": ln.sku_id, "quantity": ln.quantity, "payFen": ln.pay_fen,
                                  "pointsUsed": ln.points_used}
                                 for ln in await OrderLine.filter(shop_order_id=s.id).order_by("id")]
    assert [ln["skuId"] for ln in data["shopOrders"][0]["lines"]] == [a1.id, a2.id]
    assert await stocks(a1, a2, b1) == [8, 9, 9]
    assert (await MallGoods.get(id=ga.id)).sales == 3 and (await MallGoods.get(id=gb.id)).stock == 9
    assert {u.status for u in await MallUserCoupon.filter(id__in=[shop_uc.id, plat_uc.id])} == {"used"}
    assert await balance(UID) == 3800
    assert await PointsLedger.filter(idem_key=f"order:{main.order_no}", delta=-1200).count() == 1
    # the same requestNo answers the first order and places nothing
    before = await counts()
    again = await place(client, [shop_part(a, [(a1, 1)])], request_no=main.request_no)
    assert again["code"] == 200 and again["data"]["orderNo"] == main.order_no and again["data"]["created"] is False
    assert await counts() == before and await stocks(a1) == [8]
    # ... also when what it took is gone: its coupons used, its points spent, the SKU sold out since
    await MallSku.filter(id=a1.id).update(stock=0)
    repeat = await place(client, [shop_part(a, [(a1, 2), (a2, 1)], userCouponId=shop_uc.id, remark="尽快发货"),
                                  shop_part(b, [(b1, 1)], delivery="pickup")],
                         platformUserCouponId=plat_uc.id, points=1200, request_no=main.request_no)
    assert repeat == {"code": 200, "msg": "操作成功", "data": {**data, "created": False}}
    assert await counts() == before and await balance(UID) == 3800
    await MallSku.filter(id=a1.id).update(stock=8)
    other = await place(client, [shop_part(a, [(a1, 1)])], request_no=main.request_no, uid=UID2)
    assert other == {"code": 409, "msg": "该请求号已用于另一个用户的订单"}


async def test_bad_input_is_refused_and_changes_nothing(start_app, make_settings):
    client, _ = await setup(start_app, make_settings)
    a, b = await make_shop("甲店"), await make_shop("乙店")
    closed = await make_shop("打烊店", shelf="0")
    ga, (a1,) = await goods_of(a, "甲商品", (10000,), stock=5)
    _, (b1,) = await goods_of(b, "乙商品", (10000,), stock=5)
    _, (c1,) = await goods_of(closed, "丙商品", (10000,), stock=5)
    off, (o1,) = await goods_of(a, "下架商品", (10000,), stock=5)
    await MallGoods.filter(id=off.id).update(shelf="0")
    pending, (p1,) = await goods_of(a, "待审商品", (10000,), stock=5)
    await MallGoods.filter(id=pending.id).update(review="pending")
    high = await coupon(UID, a.id, threshold=50000)
    theirs = await coupon(UID, b.id)
    someone = await coupon(UID2, a.id)
    used = await coupon(UID, a.id)
    await MallUserCoupon.filter(id=used.id).update(status="used")
    plat = await coupon(UID, 0)
    await give_points(client, UID, 100000)
    cases = [
        ([shop_part(a, [(a1, 100)])], {}, "shops.items.quantity不能大于99"),
        ([shop_part(a, [(a1, 0)])], {}, "shops.items.quantity"),
        ([shop_part(a, [(a1, 6)])], {}, "商品「甲商品」库存不足（剩余5）"),
        ([shop_part(a, [(b1, 1)])], {}, f"店铺「甲店」没有规格 {b1.id}"),
        ([shop_part(a, [(o1, 1)])], {}, "商品「下架商品」已下架"),
        ([shop_part(a, [(p1, 1)])], {}, "商品「待审商品」已下架"),
        ([shop_part(closed, [(c1, 1)])], {}, "店铺「打烊店」已打烊，暂不能下单"),
        ([shop_part(a, [(a1, 1), (a1, 1)])], {}, f"规格 {a1.id} 重复，请合并数量"),
        ([shop_part(a, [(a1, 1)], userCouponId=high.id)], {}, "未达到优惠券「券1000」的使用门槛（满500元）"),
        ([shop_part(a, [(a1, 1)], userCouponId=theirs.id)], {}, "优惠券「券1000」不能用于该店铺"),
        ([shop_part(a, [(a1, 1)], userCouponId=someone.id)], {}, f"优惠券 {someone.id} 不存在"),
        ([shop_part(a, [(a1, 1)], userCouponId=used.id)], {}, "优惠券「券1000」已使用或已过期"),
        ([shop_part(a, [(a1, 1)], userCouponId=plat.id)], {}, "优惠券「券1000」不能用于该店铺"),
        ([shop_part(a, [(a1, 1)])], {"platformUserCouponId": theirs.id},
         "优惠券「券1000」是店铺优惠券，请在对应店铺下使用"),
        ([shop_part(a, [(a1, 1)])], {"points": 150}, "积分须按100的整数倍使用"),
        ([shop_part(a, [(a1, 1)])], {"points": 5100}, "本单最多可用5000积分（订单金额的50%）"),
        ([shop_part(a, [(a1, 1)], kind="group")], {}, "kind"),
        ([shop_part(a, [(a1, 1)])], {"teamId": 1}, "参团须同时提供拼团活动"),  # a group field without its activity
        ([{**shop_part(a, [(a1, 1)]), "delivery": "drone"}], {}, "shops.delivery"),
    ]
    before, stock_before = await counts(), await stocks(a1, b1)
    for shops, extra, msg in cases:
        out = await place(client, shops, **extra)
        assert out["code"] != 200 and msg in out["msg"], (msg, out)
        assert "系统内部错误" not in out["msg"]
    fifty_one = [shop_part(a, [(a1, 1)])] * 0 + [{"shopId": a.id, "delivery": "express", "items": [
        {"skuId": a1.id, "quantity": 1}] * 51}]
    assert "50" in (await place(client, fifty_one))["msg"]
    assert (await place(client, [shop_part(a, [(a1, 1)])], uid=424242))["msg"] == "用户 424242 不存在"
    assert await counts() == before and await stocks(a1, b1) == stock_before
    assert await balance(UID) == 100000
    assert {u.status for u in await MallUserCoupon.filter(uid=UID, id__in=[high.id, theirs.id, plat.id])} == {"unused"}


async def test_a_value_of_another_json_type_is_refused_not_coerced(start_app, make_settings):
    """Partner bodies are strict: "quantity": "1" is not a quantity (nor "uid": "9101", nor true for a number)."""
    client, _ = await setup(start_app, make_settings)
    shop = await make_shop("甲店")
    _, (sku,) = await goods_of(shop, "甲商品", (1000,), stock=5)
    before = await counts()
    for line, field in (({"skuId": sku.id, "quantity": "1"}, "quantity"), ({"skuId": sku.id, "quantity": 1.0},
                        "quantity"), ({"skuId": str(sku.id), "quantity": 1}, "skuId"),
                        ({"skuId": sku.id, "quantity": True}, "quantity")):
        refused = await place(client, [{"shopId": shop.id, "delivery": "express", "items": [line]}])
        assert refused == Refused(f"shops.items.{field}必须是整数"), line
    as_text = await call(client, "place", {"requestNo": uuid.uuid4().hex, "uid": str(UID), "address": ADDRESS,
                                           "shops": [shop_part(shop, [(sku, 1)])]})
    assert as_text["code"] == 500 and "用户ID必须是整数" in as_text["msg"], as_text
    assert await counts() == before and await stock_of(sku) == 5
    placed = await place(client, [shop_part(shop, [(sku, 1)])])
    assert placed["code"] == 200 and await stock_of(sku) == 4


async def test_a_frozen_or_unusable_buyer_can_neither_place_nor_pay(start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    shop = await make_shop("甲店")
    _, (sku,) = await goods_of(shop, "甲商品", (1000,), stock=5)
    unpaid = (await place(client, [shop_part(shop, [(sku, 1)])]))["data"]["orderNo"]
    before = await counts()
    assert await admin.get("/admin/AccountUserConsumer/freeze", params={"uid": UID}) == {"code": 200, "msg": "操作成功"}
    refused = await place(client, [shop_part(shop, [(sku, 1)])])
    assert refused == {"code": 500, "msg": f"用户 {UID} 已被冻结，不能执行该操作"}
    paying = await call(client, "pay", {"uid": UID, "orderNo": unpaid})
    assert paying == {"code": 500, "msg": f"用户 {UID} 已被冻结，不能执行该操作"}
    assert await counts() == before and await stock_of(sku) == 4
    main = await OrderMain.get(order_no=unpaid)
    assert main.out_trade_no is None and not await OrderPay.exists()
    await admin.get("/admin/AccountUserConsumer/unfreeze", params={"uid": UID})
    await admin.get("/admin/account_login_check/usable", params={"uid": UID, "usable": "0"})
    unusable = await place(client, [shop_part(shop, [(sku, 1)])])
    assert unusable == {"code": 500, "msg": f"用户 {UID} 不可用（已被停用），不能执行该操作"}
    assert await counts() == before and await stock_of(sku) == 4
    # another buyer is not concerned, and the user's reads still answer
    assert (await place(client, [shop_part(shop, [(sku, 1)])], uid=UID2))["code"] == 200
    assert (await call(client, "info", {"uid": UID, "orderNo": unpaid}))["code"] == 200


async def test_a_failure_after_the_stock_decrement_rolls_everything_back(start_app, make_settings):
    client, _ = await setup(start_app, make_settings)
    a = await make_shop("甲店")
    _, (a1, a2) = await goods_of(a, "甲商品", (10000, 20000), stock=5)
    uc = await coupon(UID, a.id)
    await give_points(client, UID, 100)
    await PointsAccount.filter(uid=UID).update(balance=50)  # the check passes the rules, the ledger refuses
    before = await counts()
    out = await place(client, [shop_part(a, [(a1, 1), (a2, 2)], userCouponId=uc.id)], points=100)
    assert out == {"code": 500, "msg": "积分不足"}
    assert await counts() == before and await stocks(a1, a2) == [5, 5]
    assert (await MallUserCoupon.get(id=uc.id)).status == "unused" and await balance(UID) == 50


async def test_twenty_buyers_of_the_last_units_never_oversell(start_app, make_settings):
    client, _ = await setup(start_app, make_settings)
    a = await make_shop("甲店")
    goods, (a1,) = await goods_of(a, "爆款", (990,), stock=5)
    uids = list(range(9200, 9220))
    for uid in uids:
        await register(client, uid)
    outs = await asyncio.gather(*(place(client, [shop_part(a, [(a1, 1)])], uid=uid) for uid in uids))
    won = [o for o in outs if o["code"] == 200]
    assert len(won) == 5, outs
    assert {o["msg"] for o in outs if o["code"] != 200} <= {"商品「爆款」库存不足", "商品「爆款」库存不足（剩余0）"}
    assert await stocks(a1) == [0] and await OrderLine.filter(sku_id=a1.id).count() == 5
    assert (await MallGoods.get(id=goods.id)).sales == 5


# ---- paying


async def test_pay_and_the_callback_once(start_app, make_settings):
    client, _ = await setup(start_app, make_settings)
    a, b = await make_shop("甲店"), await make_shop("乙店")
    _, (a1,) = await goods_of(a, "甲商品", (10000,), stock=5)
    _, (b1,) = await goods_of(b, "乙商品", (2000,), stock=5)
    placed = (await place(client, [shop_part(a, [(a1, 1)]), shop_part(b, [(b1, 2)], delivery="pickup")]))["data"]
    pay = await call(client, "pay", {"uid": UID, "orderNo": placed["orderNo"]})
    assert pay["code"] == 200 and pay["data"]["payFen"] == 14000 and pay["data"]["codeUrl"].startswith("localpay://")
    again = await call(client, "pay", {"uid": UID, "orderNo": placed["orderNo"]})
    assert again["data"]["outTradeNo"] == pay["data"]["outTradeNo"]
    assert (await call(client, "pay", {"uid": UID2, "orderNo": placed["orderNo"]}))["msg"] == "订单不存在"
    no = pay["data"]["outTradeNo"]
    assert (await notify(client, no, 1))["msg"] == "回调金额与订单金额不符"
    assert await OrderPay.all().count() == 0
    outs = await asyncio.gather(*(notify(client, no, 14000) for _ in range(20)))
    assert all(o["code"] == "SUCCESS" for o in outs), outs
    assert sorted(o["result"] for o in outs).count("paid") == 1
    assert await OrderPay.filter(out_no=no).count() == 1
    main = await OrderMain.get(order_no=placed["orderNo"])
    assert main.pay_status == "paid" and main.trade_no == "T1"
    express, pickup = await OrderShop.filter(main_id=main.id).order_by("id")
    assert (express.status, express.pay_status, express.pickup_status) == ("to_ship", "paid", "none")
    assert (pickup.status, pickup.pickup_status) == ("to_pickup", "waiting")
    assert pickup.pickup_code and len(pickup.pickup_code) == 6 and pickup.pickup_code.isdigit()
    assert await OrderLog.filter(action="pay").count() == 2
    assert (await call(client, "pay", {"uid": UID, "orderNo": placed["orderNo"]}))["msg"] == "订单已支付"
    assert (await call(client, "cancel", {"uid": UID, "orderNo": placed["orderNo"]}))["msg"] == \
        "订单已支付，不能取消，请申请售后"


async def test_a_checkout_the_coupons_cover_whole_is_paid_without_the_wallet_once(start_app, make_settings):
    client, _ = await setup(start_app, make_settings)
    a = await make_shop("甲店")
    _, (a1,) = await goods_of(a, "甲商品", (1000,), stock=5)
    uc = await coupon(UID, a.id, amount=5000)  # a 50-yuan coupon on a 10-yuan item
    placed = (await place(client, [shop_part(a, [(a1, 1)], userCouponId=uc.id)]))["data"]
    assert placed["payFen"] == 0
    outs = await asyncio.gather(*(call(client, "pay", {"uid": UID, "orderNo": placed["orderNo"]}) for _ in range(5)))
    assert [o["code"] for o in outs].count(200) >= 1, outs
    assert all(o["code"] == 200 or o["msg"] == "订单已支付" for o in outs), outs
    paid = next(o for o in outs if o["code"] == 200)
    assert paid["data"]["paid"] is True and paid["data"]["payFen"] == 0 and "codeUrl" not in paid["data"]
    main = await OrderMain.get(order_no=placed["orderNo"])
    assert (main.pay_status, main.pay_way) == ("paid", "free")
    assert [(p.amount_fen, p.pay_way) for p in await OrderPay.filter(main_id=main.id)] == [(0, "free")]
    so = await OrderShop.get(main_id=main.id)
    assert (so.status, so.pay_status) == ("to_ship", "paid")
    assert await OrderLog.filter(shop_order_id=so.id, action="pay").count() == 1
    assert (await MallUserCoupon.get(id=uc.id)).status == "used"
    assert (await call(client, "pay", {"uid": UID, "orderNo": placed["orderNo"]}))["msg"] == "订单已支付"


async def test_a_line_paid_wholly_in_points_is_refunded_by_quantity_with_its_points(start_app, make_settings):
    from tests.test_config_pages import body_of, fetch
    from tests.test_order_aftersale import FIN, OPERATE, apply

    client, admin = await setup(start_app, make_settings)
    page = await fetch(admin, "GET", "/admin/common_config/integral_config_page")
    saved = await admin.post("/admin/common_config/edit_integral_config", json=body_of(page, maxDeductPercent=100))
    assert saved["code"] == 200, saved
    a = await make_shop("甲店")
    _, (a1,) = await goods_of(a, "甲商品", (1000,), stock=5)
    await give_points(client, UID, 2000)
    placed = (await place(client, [shop_part(a, [(a1, 2)])], points=2000))["data"]
    assert placed["payFen"] == 0 and await balance(UID) == 0
    assert (await call(client, "pay", {"uid": UID, "orderNo": placed["orderNo"]}))["data"]["paid"] is True
    so = await OrderShop.get(main_no=placed["orderNo"])
    line = await OrderLine.get(shop_order_id=so.id)
    assert (so.status, line.pay_fen, line.points_used, await stock_of(a1)) == ("to_ship", 0, 2000, 3)
    for quantity, points_after, status in ((1, 1000, "to_ship"), (1, 2000, "closed")):
        applied = await apply(client, UID, line.id, quantity=quantity)
        assert applied["code"] == 200 and applied["data"]["amountFen"] == 0, applied
        assert (await admin.post(OPERATE, json={"id": applied["data"]["id"], "action": "approve"}))["code"] == 200
        done = await admin.post(FIN, json={"id": applied["data"]["id"]})
        assert done["code"] == 200 and done["data"]["status"] == "refunded", done
        assert await balance(UID) == points_after
        fresh = await OrderShop.get(id=so.id)
        assert fresh.status == status and fresh.refunded_fen == 0
    assert fresh.refund_status == "full" and await stock_of(a1) == 5
    assert await OrderPay.filter(kind="refund", shop_order_id=so.id, amount_fen=0).count() == 2
    assert (await apply(client, UID, line.id, quantity=1))["msg"] == "订单已关闭，不能申请售后"


async def test_a_payment_after_the_close_is_recorded_for_a_refund(start_app, make_settings):
    client, _ = await setup(start_app, make_settings)
    a = await make_shop("甲店")
    _, (a1,) = await goods_of(a, "甲商品", (10000,), stock=5)
    placed = (await place(client, [shop_part(a, [(a1, 1)])]))["data"]
    no = (await call(client, "pay", {"uid": UID, "orderNo": placed["orderNo"]}))["data"]["outTradeNo"]
    assert (await call(client, "cancel", {"uid": UID, "orderNo": placed["orderNo"]}))["code"] == 200
    # the closed order's number was voided: the late callback is recorded against the order by its number
    out = await notify(client, no, 10000)
    assert out["code"] == "SUCCESS" and out["result"] == "paid_closed", out
    assert await OrderPay.filter(out_no=no, amount_fen=10000).count() == 1
    so = await OrderShop.get(main_no=placed["orderNo"])
    assert so.status == "closed"
    assert await OrderLog.filter(shop_order_id=so.id, note__startswith="关闭后到账，待退款").count() == 1
    assert (await notify(client, no, 10000))["result"] == "repeat"
    assert await OrderLog.filter(shop_order_id=so.id, action="paid_late").count() == 1


# ---- cancel, close, confirm


async def test_cancel_releases_stock_coupons_and_points_once(start_app, make_settings):
    client, _ = await setup(start_app, make_settings)
    a, b = await make_shop("甲店"), await make_shop("乙店")
    _, (a1,) = await goods_of(a, "甲商品", (10000,), stock=5)
    _, (b1,) = await goods_of(b, "乙商品", (10000,), stock=5)
    suc, puc = await coupon(UID, a.id), await coupon(UID, 0)
    await give_points(client, UID, 1000)
    placed = (await place(client, [shop_part(a, [(a1, 2)], userCouponId=suc.id), shop_part(b, [(b1, 1)])],
                          platformUserCouponId=puc.id, points=1000))["data"]
    assert await stocks(a1, b1) == [3, 4] and await balance(UID) == 0
    assert (await call(client, "cancel", {"uid": UID2, "orderNo": placed["orderNo"]}))["msg"] == "订单不存在"
    out = await call(client, "cancel", {"uid": UID, "orderNo": placed["orderNo"]})
    assert out["code"] == 200 and out["data"]["payStatus"] == "closed", out
    assert {s["status"] for s in out["data"]["shopOrders"]} == {"closed"}
    assert await stocks(a1, b1) == [5, 5] and await balance(UID) == 1000
    assert {u.status for u in await MallUserCoupon.filter(id__in=[suc.id, puc.id])} == {"unused"}
    assert await OrderLog.filter(action="cancel", actor_kind="user").count() == 2
    again = await call(client, "cancel", {"uid": UID, "orderNo": placed["orderNo"]})
    assert again["msg"] == "订单已关闭"
    assert await stocks(a1, b1) == [5, 5] and await balance(UID) == 1000
    assert (await call(client, "pay", {"uid": UID, "orderNo": placed["orderNo"]}))["msg"] == "订单已关闭，不能支付"


async def test_operator_close_permission_and_shop_isolation(start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    a, b = await make_shop("甲店"), await make_shop("乙店")
    _, (a1,) = await goods_of(a, "甲商品", (10000,), stock=5)
    _, (b1,) = await goods_of(b, "乙商品", (3000,), stock=5)
    suc = await coupon(UID, a.id)
    puc = await coupon(UID, 0, amount=500)
    placed = (await place(client, [shop_part(a, [(a1, 1)], userCouponId=suc.id), shop_part(b, [(b1, 1)])],
                          platformUserCouponId=puc.id))["data"]
    sa, sb = placed["shopOrders"]
    staff_a = await shop_staff(admin, a, "order_a", ("order:shop:list", "order:shop:status"))
    viewer = await shop_staff(admin, a, "order_v", ("order:shop:list",))
    path = "/admin/common/status_operate"
    assert (await viewer.get(path, params={"orderNo": sa["orderNo"], "action": "close", "reason": "缺货"}))[
        "code"] == 403
    assert (await staff_a.get(path, params={"orderNo": sb["orderNo"], "action": "close", "reason": "缺货"})) == {
        "code": 404, "msg": "订单不存在"}
    assert (await staff_a.get(path, params={"orderNo": sa["orderNo"], "action": "ship", "reason": "x"}))[
        "code"] == 500
    assert (await staff_a.get(path, params={"orderNo": sa["orderNo"], "action": "close"}))["code"] == 500
    assert (await staff_a.get(path, params={"orderNo": sa["orderNo"], "action": "close", "reason": "\u3000 "})) == {
        "code": 500, "msg": "请填写关闭原因"}
    assert (await OrderShop.get(order_no=sa["orderNo"])).status == "unpaid"
    assert (await OrderShop.get(order_no=sb["orderNo"])).status == "unpaid"
    main = await OrderMain.get(order_no=placed["orderNo"])
    out = await staff_a.get(path, params={"orderNo": sa["orderNo"], "action": "close", "reason": "缺货"})
    assert out["code"] == 200 and out["data"] == {"orderNo": sa["orderNo"], "status": "closed",
                                                  "mainPayStatus": "unpaid"}, out
    assert await stocks(a1, b1) == [5, 4]
    assert (await MallUserCoupon.get(id=suc.id)).status == "unused"
    assert (await MallUserCoupon.get(id=puc.id)).status == "used"  # still covers the open shop order
    left = await OrderMain.get(id=main.id)
    assert left.pay_fen == main.pay_fen - sa["payFen"] and left.pay_fen == sb["payFen"]
    rest = await OrderShop.get(order_no=sb["orderNo"])  # every figure of the checkout is now the open part's
    assert (left.goods_fen, left.freight_fen, left.coupon_fen, left.points_fen, left.points_used) == (
        rest.goods_fen, rest.freight_fen, rest.coupon_fen, rest.points_fen, rest.points_used)
    assert left.goods_fen + left.freight_fen - left.coupon_fen - left.points_fen == left.pay_fen
    assert left.coupon_fen > 0 and left.coupon_fen < main.coupon_fen
    log = await OrderLog.get(shop_order_id=(await OrderShop.get(order_no=sa["orderNo"])).id, action="close")
    assert (log.actor_kind, log.actor_name, log.note) == ("staff", "order_a", "缺货")
    assert (await staff_a.get(path, params={"orderNo": sa["orderNo"], "action": "close", "reason": "缺货"}))[
        "msg"] == "订单已关闭，不能关闭"
    out = await admin.get(path, params={"orderNo": sb["orderNo"], "action": "close", "reason": "风控"})
    assert out["data"]["mainPayStatus"] == "closed"
    assert (await MallUserCoupon.get(id=puc.id)).status == "unused"
    assert await stocks(a1, b1) == [5, 5]


async def test_closing_one_shop_of_a_checkout_paid_partly_in_points_keeps_the_checkout_adding_up(start_app,
                                                                                                   make_settings):
    client, admin = await setup(start_app, make_settings)
    a, b = await make_shop("甲店"), await make_shop("乙店")
    _, (a1,) = await goods_of(a, "甲商品", (3000,), stock=5)
    _, (b1,) = await goods_of(b, "乙商品", (5000,), stock=5)
    await give_points(client, UID, 1000)
    placed = (await place(client, [shop_part(a, [(a1, 1)]), shop_part(b, [(b1, 1)])], points=1000))["data"]
    part_a = await OrderShop.get(order_no=placed["shopOrders"][0]["orderNo"])
    assert (part_a.points_used, placed["payFen"]) == (375, 7000)
    out = await admin.get("/admin/common/status_operate", params={"orderNo": part_a.order_no, "action": "close",
                                                                 "reason": "缺货"})
    assert out["code"] == 200, out
    assert await balance(UID) == 375  # the closed part's points came back
    m = await OrderMain.get(order_no=placed["orderNo"])
    assert (m.goods_fen, m.points_fen, m.points_used, m.pay_fen) == (5000, 625, 625, 4375)
    info = await call(client, "info", {"uid": UID, "orderNo": placed["orderNo"]})
    assert (info["data"]["pointsFen"], info["data"]["payFen"]) == (625, 4375), info


async def test_confirm_receipt(start_app, make_settings):
    client, _ = await setup(start_app, make_settings)
    a = await make_shop("甲店")
    _, (a1,) = await goods_of(a, "甲商品", (10000,), stock=5)
    placed = (await place(client, [shop_part(a, [(a1, 1)])]))["data"]
    no = placed["shopOrders"][0]["orderNo"]
    assert (await call(client, "confirm", {"uid": UID, "orderNo": no}))["msg"] == "订单待付款，不能确认收货"
    await OrderShop.filter(order_no=no).update(status="shipped", pay_status="paid")
    assert (await call(client, "confirm", {"uid": UID2, "orderNo": no}))["msg"] == "订单不存在"
    out = await call(client, "confirm", {"uid": UID, "orderNo": no})
    assert out["code"] == 200 and out["data"]["status"] == "completed", out
    so = await OrderShop.get(order_no=no)
    assert so.after_sale_until - so.completed_at == timedelta(days=7)
    assert (await call(client, "confirm", {"uid": UID, "orderNo": no}))["msg"] == "订单已完成，不能确认收货"


async def test_scopes_a_voided_pay_number_and_an_expired_coupon_coming_back(start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    a, b = await make_shop("甲店"), await make_shop("乙店")
    ga, (a1,) = await goods_of(a, "甲商品", (10000,), stock=5)
    gx, (x1,) = await goods_of(a, "不参与", (5000,), stock=5)
    _, (b1,) = await goods_of(b, "乙商品", (3000,), stock=5)
    only_a = await coupon(UID, a.id, amount=2000, scope="goods", targets=(ga.id,))
    not_x = await coupon(UID, 0, kind="percent", bp=8000, scope="except", targets=(gx.id,), days=1)
    placed = (await place(client, [shop_part(a, [(a1, 1), (x1, 1)], userCouponId=only_a.id), shop_part(b, [(b1, 1)])],
                          platformUserCouponId=not_x.id))["data"]
    sa, sb = placed["shopOrders"]
    lines = {ln.sku_id: ln for ln in await OrderLine.all()}
    assert lines[a1.id].coupon_fen == 2000 + 1600 and lines[x1.id].coupon_fen == 0  # 20 % of 8000 after the shop's
    assert lines[b1.id].coupon_fen == 600 and placed["payFen"] == 18000 - 4200
    first = (await call(client, "pay", {"uid": UID, "orderNo": placed["orderNo"]}))["data"]
    # the shop closes its part: what is left costs less, the old pay number no longer pays the order
    out = await admin.get("/admin/common/status_operate", params={"orderNo": sb["orderNo"], "action": "close",
                                                                   "reason": "缺货"})
    assert out["code"] == 200
    second = (await call(client, "pay", {"uid": UID, "orderNo": placed["orderNo"]}))["data"]
    assert second["payFen"] == sa["payFen"] and second["outTradeNo"] != first["outTradeNo"]
    late = await notify(client, first["outTradeNo"], first["payFen"], "T-old")
    assert late["result"] == "paid_void" and (await OrderMain.get(order_no=placed["orderNo"])).pay_status == "unpaid"
    assert await OrderLog.filter(note__startswith="已作废的支付单到账，待退款").count() == 2
    assert (await notify(client, second["outTradeNo"], second["payFen"], "T-new"))["result"] == "paid"
    assert (await OrderShop.get(order_no=sa["orderNo"])).status == "to_ship"
    # a closed order gives back a coupon whose validity has ended as expired
    placed = (await place(client, [shop_part(b, [(b1, 1)])], platformUserCouponId=(await coupon(UID, 0)).id))["data"]
    uc = await MallUserCoupon.get(order_no=placed["orderNo"])
    await MallUserCoupon.filter(id=uc.id).update(valid_end=datetime.now(UTC) - timedelta(seconds=1))
    assert (await call(client, "cancel", {"uid": UID, "orderNo": placed["orderNo"]}))["code"] == 200
    assert (await MallUserCoupon.get(id=uc.id)).status == "expired"
