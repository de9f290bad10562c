"""Orders for the order features' tests, written straight to the tables as a paid checkout would leave them.

The placement call (the partner API) builds the same rows; these fixtures let a test start from any status
without going through it. Amounts add up exactly: the discounts are split over the lines by amount and the
last line takes the remainder.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from tortoise.expressions import F

from core_api.account.consumer.models import AccountConsumer
from core_api.mall.goods.models import MallCategory, MallGoods, MallSku
from core_api.mall.shop.models import MallShop
from core_api.order.core import flow
from core_api.order.core.models import OrderLine, OrderLog, OrderMain, OrderPay, OrderShop

_seq = 0


async def goods_of(shop: MallShop, name: str, prices: tuple[int, ...] = (10000, 12000), stock: int = 10):
    """An approved goods item on shelf with one SKU per price."""
    cat = await MallCategory.get_or_none(name="测试分类") or await MallCategory.create(name="测试分类")
    goods = await MallGoods.create(shop_id=shop.id, category_id=cat.id, name=name, price_fen=min(prices),
                                   stock=stock * len(prices), review="approved", shelf="1")
    skus = [await MallSku.create(goods_id=goods.id, shop_id=shop.id, spec_key=str(i), spec=f"规格{i}", price_fen=p,
                                 stock=stock) for i, p in enumerate(prices)]
    return goods, skus


async def app_user(uid: int) -> None:
    """The app user ``uid`` as the partner API registers one (a buyer always is one), when not yet there."""
    await AccountConsumer.get_or_create(uid=uid, defaults={"nick_name": f"用户{uid}", "invite_code": f"T{uid}",
                                                           "register_time": datetime.now(UTC)})


def split(total: int, weights: list[int]) -> list[int]:
    """``total`` in shares proportional to ``weights``, rounded down, the last share taking the remainder."""
    whole = sum(weights)
    if whole == 0:
        return [0] * len(weights)
    shares = [total * w // whole for w in weights[:-1]]
    return [*shares, total - sum(shares)]


async def make_order(shop: MallShop, uid: int, lines: list[tuple[MallSku, int]], *, status: str = flow.TO_SHIP,
                     delivery: str = "express", coupon_fen: int = 0, points_used: int = 0, freight_fen: int = 0,
                     now: datetime | None = None, goods_name: str = "测试商品") -> OrderShop:
    """A main order with one shop order of ``lines`` in ``status`` (paid unless unpaid/closed-unpaid). Stock
    is taken from the SKUs as placement would."""
    global _seq
    _seq += 1
    await app_user(uid)
    now = now or datetime.now(UTC)
    amounts = [sku.price_fen * qty for sku, qty in lines]
    goods_fen = sum(amounts)
    points_fen = points_used  # 100 points = 1 yuan: one point is one fen
    coupons = split(coupon_fen, amounts)
    points = split(points_fen, amounts)
    pay_fen = goods_fen + freight_fen - coupon_fen - points_fen
    paid = status not in (flow.UNPAID, flow.CLOSED)
    main_no = flow.new_order_no(now, "M")
    main = await OrderMain.create(
        order_no=main_no, uid=uid, request_no=f"fixture-{main_no}-{_seq}", goods_fen=goods_fen,
        freight_fen=freight_fen, coupon_fen=coupon_fen, points_fen=points_fen, points_used=points_used,
        pay_fen=pay_fen, pay_status="paid" if paid else "unpaid", pay_way="wallet" if paid else "",
        out_trade_no=f"P{main_no}", trade_no=f"T{main_no}" if paid else "", paid_at=now if paid else None,
        pay_deadline=now + timedelta(minutes=30), create_time=now)
    shop_order = await OrderShop.create(
        order_no=flow.new_order_no(now, "S"), main_id=main.id, main_no=main_no, shop_id=shop.id, uid=uid,
        status=status, delivery=delivery, goods_fen=goods_fen, freight_fen=freight_fen, coupon_fen=coupon_fen,
        points_fen=points_fen, points_used=points_used, pay_fen=pay_fen, pay_status="paid" if paid else "unpaid",
        pickup_status="waiting" if delivery == "pickup" and paid else "none",
        pickup_code=f"{100000 + _seq:06d}" if delivery == "pickup" else None,
        receiver_name="张三", receiver_phone="13800138000", receiver_area="北京市朝阳区",
        receiver_address="建国路1号", paid_at=now if paid else None,
        shipped_at=now if status in (flow.SHIPPED, flow.COMPLETED) else None,
        completed_at=now if status == flow.COMPLETED else None, create_time=now)
    for (sku, qty), amount, coupon, point in zip(lines, amounts, coupons, points, strict=True):
        await OrderLine.create(shop_order_id=shop_order.id, shop_id=shop.id, goods_id=sku.goods_id, sku_id=sku.id,
                               goods_name=goods_name, spec=sku.spec, price_fen=sku.price_fen, quantity=qty,
                               amount_fen=amount, coupon_fen=coupon, points_fen=point, points_used=point,
                               pay_fen=amount - coupon - point)
        await MallSku.filter(id=sku.id).update(stock=F("stock") - qty)
    await OrderLog.create(shop_order_id=shop_order.id, action="place", to_status=flow.UNPAID, actor_kind="user",
                          actor_id=uid, create_time=now)
    if paid:
        await OrderPay.create(kind="pay", main_id=main.id, main_no=main_no, uid=uid, out_no=f"P{main_no}",
                              trade_no=f"T{main_no}", amount_fen=pay_fen, create_time=now)
    return shop_order
