"""Placing, paying, cancelling, closing and confirming orders (DOMAIN.md "Orders", "Coupons", "Points").

Placement is one transaction: the stock of every SKU is reserved by a conditional decrement (``stock >= qty``,
SKUs in id order so that two checkouts never deadlock, after the order's rows so that a popular SKU's row is
locked only for the end of the transaction), the user coupons are used by one conditional update
``unused → used`` each, the points are debited through the points ledger (key ``order:<mainNo>``) and the main
order, its shop orders, lines and "place" log rows are written. Any refusal rolls all of it back.

Discounts are split over the lines by the largest-remainder method: the shares add up to the fen and no share
exceeds its line. A shop coupon covers its shop lines in its scope, the platform coupon every line in its scope
(on the amounts left after the shop coupons), the points every line (on the amounts left after both coupons).

Closing a shop order (buyer cancel, operator close, unpaid timeout) is one conditional ``flow.move``; only the
winner releases: the stock back, its shop coupon back (unused if still valid, else expired), its points back
(key ``order-back:<shopOrderNo>``). The platform coupon comes back when the last open shop order of the main
order closes (it covered all of them); then the main order is closed too.
"""

from __future__ import annotations

import logging
import re
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from tortoise.exceptions import IntegrityError
from tortoise.expressions import F
from tortoise.transactions import in_transaction

from core_api.mall.coupon.models import MallCoupon, MallCouponTarget, MallUserCoupon
from core_api.mall.goods.models import MallCategory, MallGoods, MallSku
from core_api.order.core import flow
from core_api.order.core.models import OrderLine, OrderLog, OrderMain, OrderPay, OrderShop
from core_api.platform import sql
from core_api.platform.config_page import current
from core_api.platform.errors import NotFound, ServiceError
from core_api.platform.wallet import Notice
from core_api.points.ledger import service as points

log = logging.getLogger("console.order")
PAY_MINUTES = 30
AFTER_SALE_DAYS = 7
AUTO_COMPLETE_DAYS = 7
MAX_LINES = 50
BP = 10_000


@dataclass(frozen=True)
class GroupBuy:
    """What a group-buy order adds to placing, paying and closing an order. core_api.order.group.service builds on
    this module (the pick-up code, the close, the coupons back) and registers these at import, so this module
    never imports it."""

    plan: Callable[..., Awaitable[Any]]  # (uid, activity id, team id, shops, now): the seat and the group prices
    reserve: Callable[..., Awaitable[tuple[int, bool]]]  # (plan, uid, now): (team id, leading)
    add_member: Callable[..., Awaitable[None]]  # (team id, shop id, uid, shop order id, leading, now)
    paid: Callable[..., Awaitable[list[dict[str, Any]]]]  # (shop order, actor, paid at, now): the events
    release: Callable[..., Awaitable[None]]  # (shop order, now): its seat back


GROUP_BUYS: list[GroupBuy] = []


def group_buy() -> GroupBuy:
    if not GROUP_BUYS:
        raise ServiceError("拼团功能未启用")
    return GROUP_BUYS[0]


def split(total: int, weights: list[int]) -> list[int]:
    """``total`` in shares proportional to ``weights`` by the largest remainder: the shares add up to ``total``
    exactly and, when ``total <= sum(weights)``, none exceeds its weight."""
    whole = sum(weights)
    if total == 0 or whole == 0:
        return [0] * len(weights)
    shares = [total * w // whole for w in weights]
    left = total - sum(shares)
    order = sorted(range(len(weights)), key=lambda i: (-(total * weights[i] % whole), i))
    for i in order[:left]:
        shares[i] += 1
    return shares


async def integral_config() -> Any:
    """The points settings page (IntegralConfig) as saved, with its defaults."""
    from core_api.setting.pages.routes import PAGES

    page = next(p for p in PAGES if p.key == "integral")
    return page.model.model_validate((await current(page, None))[1])


# ---- placement


@dataclass
class LineDraft:
    shop_id: int
    sku_id: int
    goods_id: int
    goods_name: str
    category_id: int
    spec: str
    image: str  # the SKU's, else the goods' first picture
    quantity: int
    amount: int
    unit_fen: int  # the price paid per unit: the SKU's, or the group price
    shop_coupon: int = 0
    platform_coupon: int = 0
    points_fen: int = 0
    points_used: int = 0

    @property
    def coupon(self) -> int:
        return self.shop_coupon + self.platform_coupon

    @property
    def pay(self) -> int:
        return self.amount - self.coupon - self.points_fen


@dataclass
class ShopDraft:
    shop_id: int
    delivery: str
    remark: str
    lines: list[LineDraft] = field(default_factory=list)
    user_coupon: MallUserCoupon | None = None


@dataclass
class PlaceRequest:
    request_no: str
    uid: int
    address: dict[str, str]
    shops: list[dict[str, Any]]  # shop_id, delivery, user_coupon_id, remark, items [(sku_id, quantity)]
    platform_user_coupon_id: int | None
    points: int
    group_activity_id: int | None = None  # a group checkout: open a team (no group_team_id) or join one
    group_team_id: int | None = None


@dataclass
class Placed:
    main: OrderMain
    shops: list[OrderShop]  # in id order
    lines: list[OrderLine]  # in id order
    created: bool  # False: a repeated request number, answered with the first order


async def _in_scope(coupon: MallCoupon, lines: list[LineDraft]) -> list[LineDraft]:
    if coupon.scope == "all":
        return lines
    targets = set(await MallCouponTarget.filter(coupon_id=coupon.id).values_list("target_id", flat=True))
    if coupon.scope == "category":
        parents = dict(await MallCategory.filter(id__in={ln.category_id for ln in lines}).values_list(
            "id", "parent_id"))
        return [ln for ln in lines if ln.category_id in targets or parents.get(ln.category_id) in targets]
    if coupon.scope == "goods":
        return [ln for ln in lines if ln.goods_id in targets]
    return [ln for ln in lines if ln.goods_id not in targets]  # except


async def _coupon(uc_id: int, uid: int, shop_id: int, lines: list[LineDraft], now: datetime,
                  base: Any) -> tuple[MallUserCoupon, list[LineDraft], int]:
    """The user coupon, the lines it covers and its discount (fen); ``base(line)`` is the amount it applies to."""
    uc = await MallUserCoupon.get_or_none(id=uc_id, uid=uid)
    if uc is None:
        raise NotFound(f"优惠券 {uc_id} 不存在")
    coupon = await MallCoupon.get_or_none(id=uc.coupon_id)
    if coupon is None:
        raise NotFound(f"优惠券 {uc_id} 不存在")
    if uc.status != "unused":
        raise ServiceError(f"优惠券「{coupon.name}」已使用或已过期")
    if not uc.valid_start <= now < uc.valid_end:
        raise ServiceError(f"优惠券「{coupon.name}」不在有效期内")
    if shop_id == 0 and uc.shop_id != 0:
        raise ServiceError(f"优惠券「{coupon.name}」是店铺优惠券，请在对应店铺下使用")
    if shop_id != 0 and uc.shop_id != shop_id:
        raise ServiceError(f"优惠券「{coupon.name}」不能用于该店铺")
    covered = await _in_scope(coupon, lines)
    eligible = sum(base(ln) for ln in covered)
    if not covered or eligible <= 0:
        raise ServiceError(f"优惠券「{coupon.name}」不适用于所选商品")
    if coupon.threshold_fen and eligible < coupon.threshold_fen:
        raise ServiceError(f"未达到优惠券「{coupon.name}」的使用门槛（满{coupon.threshold_fen / 100:g}元）")
    if coupon.kind == "percent":
        off = eligible * (BP - coupon.discount_bp) // BP
        if coupon.cap_fen:
            off = min(off, coupon.cap_fen)
    else:
        off = coupon.amount_fen
    return uc, covered, min(off, eligible)


# The shops of a checkout with the SKUs asked of each, in one statement: a shop with none of them (or none it
# sells) still answers one row, with NULL SKU columns. A SKU counts only with its goods in the same shop.
_ITEMS = ("SELECT s.id AS shop_id, s.name AS shop_name, s.shelf AS shop_shelf, k.id AS sku_id, k.stock, "
          "k.price_fen, k.spec, k.image, g.id AS goods_id, g.name AS goods_name, g.review, g.shelf, g.pics, "
          "g.category_id FROM mall_shop s "
          "LEFT JOIN mall_sku k ON k.shop_id = s.id AND k.id IN ({skus}) "
          "LEFT JOIN mall_goods g ON g.id = k.goods_id AND g.shop_id = s.id "
          "WHERE s.id IN ({shops})")


def _items_sql(shops: int, skus: int) -> str:
    return _ITEMS.format(skus=", ".join(f"${i}" for i in range(1, skus + 1)),
                         shops=", ".join(f"${i}" for i in range(skus + 1, skus + shops + 1)))


async def _drafts(req: PlaceRequest, now: datetime, prices: dict[int, int] | None = None) -> list[ShopDraft]:
    seen_shops: set[int] = set()
    sku_ids: list[int] = []
    for s in req.shops:
        if s["shop_id"] in seen_shops:
            raise ServiceError(f"店铺 {s['shop_id']} 重复，请把同一店铺的商品放在一起")
        seen_shops.add(s["shop_id"])
        sku_ids += [i[0] for i in s["items"]]
    found = await sql.fetch(MallSku, _items_sql(len(seen_shops), len(sku_ids)), *sku_ids, *seen_shops)
    shops = {r["shop_id"]: r for r in found}
    skus = {(r["shop_id"], r["sku_id"]): r for r in found if r["goods_id"] is not None}
    drafts: list[ShopDraft] = []
    for s in req.shops:
        shop = shops.get(s["shop_id"])
        if shop is None:
            raise NotFound(f"店铺 {s['shop_id']} 不存在")
        if shop["shop_shelf"] != "1":
            raise ServiceError(f"店铺「{shop['shop_name']}」已打烊，暂不能下单")
        draft = ShopDraft(shop_id=shop["shop_id"], delivery=s["delivery"], remark=s.get("remark") or "")
        seen_skus: set[int] = set()
        for sku_id, qty in s["items"]:
            if sku_id in seen_skus:
                raise ServiceError(f"规格 {sku_id} 重复，请合并数量")
            seen_skus.add(sku_id)
            k = skus.get((draft.shop_id, sku_id))
            if k is None:
                raise NotFound(f"店铺「{shop['shop_name']}」没有规格 {sku_id}")
            if k["review"] != "approved" or k["shelf"] != "1":
                raise ServiceError(f"商品「{k['goods_name']}」已下架")
            if k["stock"] < qty:
                raise ServiceError(f"商品「{k['goods_name']}」库存不足（剩余{k['stock']}）")
            unit = prices[sku_id] if prices else k["price_fen"]
            draft.lines.append(LineDraft(
                draft.shop_id, sku_id, k["goods_id"], k["goods_name"], k["category_id"], k["spec"],
                k["image"] or k["pics"].split(",")[0], qty, unit * qty, unit))
        drafts.append(draft)
    for d, s in zip(drafts, req.shops, strict=True):
        if s.get("user_coupon_id"):
            uc, covered, off = await _coupon(s["user_coupon_id"], req.uid, d.shop_id, d.lines, now,
                                             lambda ln: ln.amount)
            d.user_coupon = uc
            for ln, part in zip(covered, split(off, [ln.amount for ln in covered]), strict=True):
                ln.shop_coupon = part
    return drafts


async def _apply_platform(req: PlaceRequest, lines: list[LineDraft], now: datetime) -> MallUserCoupon | None:
    if not req.platform_user_coupon_id:
        return None
    uc, covered, off = await _coupon(req.platform_user_coupon_id, req.uid, 0, lines, now,
                                     lambda ln: ln.amount - ln.shop_coupon)
    for ln, part in zip(covered, split(off, [ln.amount - ln.shop_coupon for ln in covered]), strict=True):
        ln.platform_coupon = part
    return uc


async def _apply_points(req: PlaceRequest, lines: list[LineDraft]) -> tuple[int, int]:
    if not req.points:
        return 0, 0
    cfg = await integral_config()
    if not cfg.enabled:
        raise ServiceError("积分抵扣未开启")
    rate, unit, pct = cfg.points_per_yuan, cfg.deduct_unit, cfg.max_deduct_percent
    base = sum(ln.amount - ln.coupon for ln in lines)
    most = base * pct // 100 * rate // 100 // unit * unit
    if req.points % unit:
        raise ServiceError(f"积分须按{unit}的整数倍使用")
    if req.points > most:
        raise ServiceError(f"本单最多可用{most}积分（订单金额的{pct}%）")
    if req.points * 100 % rate:
        raise ServiceError("积分数量换算后不是整分，请调整")
    fen = req.points * 100 // rate
    weights = [ln.amount - ln.coupon for ln in lines]
    for ln, part, used in zip(lines, split(fen, weights), split(req.points, weights), strict=True):
        ln.points_fen, ln.points_used = part, used
    return fen, req.points


def answer(main: OrderMain, shops: list[OrderShop], lines: list[OrderLine]) -> dict[str, Any]:
    """The order as the app needs it, its lines' ids included: the after-sale call names a line by its id.
    ``shops`` and ``lines``: the main order's, in id order."""
    return {"orderNo": main.order_no, "payFen": main.pay_fen, "goodsFen": main.goods_fen,
            "couponFen": main.coupon_fen, "pointsFen": main.points_fen, "pointsUsed": main.points_used,
            "payStatus": main.pay_status, "payDeadline": main.pay_deadline.isoformat(),
            "shopOrders": [{"orderNo": s.order_no, "shopId": s.shop_id, "status": s.status, "delivery": s.delivery,
                            "goodsFen": s.goods_fen, "couponFen": s.coupon_fen, "pointsFen": s.points_fen,
                            "payFen": s.pay_fen, "kind": s.kind, "teamId": s.group_team_id,
                            "lines": [{"lineId": ln.id, "skuId": ln.sku_id, "quantity": ln.quantity,
                                       "payFen": ln.pay_fen, "pointsUsed": ln.points_used}
                                      for ln in lines if ln.shop_order_id == s.id]}
                           for s in shops]}


async def read(main: OrderMain) -> Placed:
    """A main order as placed: its shop orders and lines, read."""
    shops = await OrderShop.filter(main_id=main.id).order_by("id")
    lines = await OrderLine.filter(shop_order_id__in=[s.id for s in shops]).order_by("id")
    return Placed(main, shops, lines, False)


async def _same_request(req: PlaceRequest) -> OrderMain | None:
    main = await OrderMain.get_or_none(request_no=req.request_no)
    if main is not None and main.uid != req.uid:
        raise ServiceError("该请求号已用于另一个用户的订单", 409)
    return main


_TAKE_STOCK = "UPDATE mall_sku SET stock = stock - $1 WHERE id = $2 AND stock >= $1"
_SOLD = "UPDATE mall_goods SET stock = stock - $1, sales = sales + $1 WHERE id = $2"


async def place(req: PlaceRequest, now: datetime) -> Placed:
    """Places the order; a repeated request number answers the first order. The repeat is looked for only when
    the placement fails: the first order's unique request number refuses the repeat's row, or what it took (its
    coupons, its seat, the last of the stock) is gone, and then the repeat answers the first order, not that."""
    if req.group_team_id is not None and req.group_activity_id is None:
        raise ServiceError("参团须同时提供拼团活动")
    try:
        async with in_transaction():
            return await _place(req, now)
    except (ServiceError, IntegrityError) as exc:
        if (same := await _same_request(req)) is not None:
            return await read(same)
        if isinstance(exc, IntegrityError) and req.group_team_id is not None:  # a concurrent join of this buyer
            raise ServiceError("你已参加该拼团，不能重复参团") from None
        raise


async def _place(req: PlaceRequest, now: datetime) -> Placed:
    """The placement's reads and writes, in one transaction (one connection): a refusal anywhere rolls all back.
    No account is created for the points: without one the balance is 0, and the debit is refused."""
    plan = None
    if req.group_activity_id is not None:
        plan = await group_buy().plan(req.uid, req.group_activity_id, req.group_team_id, req.shops, now)
    drafts = await _drafts(req, now, plan.prices if plan else None)
    lines = [ln for d in drafts for ln in d.lines]
    if len(lines) > MAX_LINES:
        raise ServiceError(f"一次最多下单{MAX_LINES}个商品规格")
    platform_uc = await _apply_platform(req, lines, now)
    points_fen, points_used = await _apply_points(req, lines)
    main_no = flow.new_order_no(now, "M")
    for uc in [d.user_coupon for d in drafts] + [platform_uc]:
        if uc is not None and not await MallUserCoupon.filter(
                id=uc.id, uid=req.uid, status="unused", valid_start__lte=now, valid_end__gt=now).update(
                status="used", use_time=now, order_no=main_no):
            raise ServiceError("优惠券已被使用，请重新选择")
    if points_used:
        await points.move(req.uid, -points_used, f"order:{main_no}", "order", now, ref=main_no, remark="下单抵扣")
    goods_fen = sum(ln.amount for ln in lines)
    coupon_fen = sum(ln.coupon for ln in lines)
    main = OrderMain(
        order_no=main_no, uid=req.uid, request_no=req.request_no, goods_fen=goods_fen, coupon_fen=coupon_fen,
        points_fen=points_fen, points_used=points_used, pay_fen=goods_fen - coupon_fen - points_fen,
        pay_deadline=now + timedelta(minutes=PAY_MINUTES), create_time=now)
    await sql.insert([main])  # a repeated request number stops here (unique)
    addr = req.address
    team_id, leader = await group_buy().reserve(plan, req.uid, now) if plan else (None, False)
    shops = [OrderShop(
        order_no=flow.new_order_no(now, "S"), main_id=main.id, main_no=main_no, shop_id=d.shop_id, uid=req.uid,
        delivery=d.delivery, goods_fen=sum(ln.amount for ln in d.lines), coupon_fen=sum(ln.coupon for ln in d.lines),
        points_fen=sum(ln.points_fen for ln in d.lines), points_used=sum(ln.points_used for ln in d.lines),
        pay_fen=sum(ln.pay for ln in d.lines), coupon_id=d.user_coupon.id if d.user_coupon else None,
        receiver_name=addr["name"], receiver_phone=addr["phone"], receiver_area=addr["area"],
        receiver_address=addr["address"], buyer_remark=d.remark, kind="group" if plan else "normal",
        group_team_id=team_id, create_time=now) for d in drafts]
    await sql.insert(shops)
    if team_id is not None:
        await group_buy().add_member(team_id, shops[0].shop_id, req.uid, shops[0].id, leader, now)
    rows = [OrderLine(
        shop_order_id=so.id, shop_id=d.shop_id, goods_id=ln.goods_id, sku_id=ln.sku_id, goods_name=ln.goods_name,
        spec=ln.spec, image=ln.image, price_fen=ln.unit_fen, quantity=ln.quantity, amount_fen=ln.amount,
        coupon_fen=ln.coupon, points_fen=ln.points_fen, points_used=ln.points_used, pay_fen=ln.pay)
        for so, d in zip(shops, drafts, strict=True) for ln in d.lines]
    await sql.insert(rows)
    await sql.insert([OrderLog(shop_order_id=so.id, action="place", to_status=flow.UNPAID, actor_kind="user",
                               actor_id=req.uid, create_time=now) for so in shops])
    # The stock last: a popular SKU's row stays locked from its decrement to the commit, so every other buyer
    # of it waits that long; here that is two statements, not the whole order's writes.
    for ln in sorted(lines, key=lambda x: x.sku_id):
        if not await sql.run(MallSku, _TAKE_STOCK, ln.quantity, ln.sku_id):
            raise ServiceError(f"商品「{ln.goods_name}」库存不足")
        await sql.run(MallGoods, _SOLD, ln.quantity, ln.goods_id)
    return Placed(main, shops, rows, True)


# ---- payment


def out_trade_no(main: OrderMain) -> str:
    return f"P{main.order_no}" if main.version == 0 else f"P{main.order_no}V{main.version}"


async def pay_number(uid: int, order_no: str, now: datetime) -> OrderMain:
    """The unpaid main order with its out_trade_no fixed (before the wallet call, reused on a retry)."""
    main = await OrderMain.get_or_none(order_no=order_no, uid=uid)
    if main is None:
        raise NotFound("订单不存在")
    if main.pay_status == "paid":
        raise ServiceError("订单已支付")
    if main.pay_status == "closed":
        raise ServiceError("订单已关闭，不能支付")
    if now >= main.pay_deadline:
        raise ServiceError("订单已超过支付时间，请重新下单")
    if not main.out_trade_no:  # the first payment: the number fixed and the order answered by one statement
        rows = await sql.fetch(OrderMain, "UPDATE order_main SET out_trade_no = $1, update_time = $2 "
                               "WHERE id = $3 AND out_trade_no IS NULL RETURNING *", out_trade_no(main), now, main.id)
        main = OrderMain._init_from_db(**rows[0]) if rows else await OrderMain.get(id=main.id)  # a concurrent pay
    return main


def pickup_candidate() -> str:
    return f"{secrets.randbelow(900_000) + 100_000}"


async def _pickup_code() -> str:
    for _ in range(20):
        code = pickup_candidate()
        if not await OrderShop.filter(pickup_code=code, status__in=flow.OPEN).exists():
            return code
    raise ServiceError("自提码生成失败，请重试")


async def on_notice(notice: Notice, provider: str, now: datetime) -> tuple[str, list[dict[str, Any]]] | None:
    """A verified wallet callback for an order payment: (outcome, the events to publish after commit), or None
    when ``out_trade_no`` is no order payment (the pay codes' handler takes it)."""
    main = await OrderMain.get_or_none(out_trade_no=notice.out_trade_no)
    if main is None:
        voided = VOIDED.match(notice.out_trade_no)
        main = await OrderMain.get_or_none(order_no=voided.group(1)) if voided else None
        if main is None:
            return None
        return await _paid_late(main, notice, provider, now, "已作废的支付单到账，待退款")
    if notice.amount_fen != main.pay_fen:
        log.error("order %s: callback amount %s, order amount %s", main.order_no, notice.amount_fen, main.pay_fen)
        raise ServiceError("回调金额与订单金额不符")
    if await OrderPay.exists(out_no=notice.out_trade_no):
        return "repeat", []
    events: list[dict[str, Any]] = []
    try:
        async with in_transaction():
            await OrderPay.create(kind="pay", main_id=main.id, main_no=main.order_no, uid=main.uid,
                                  out_no=notice.out_trade_no, trade_no=notice.trade_no, amount_fen=notice.amount_fen,
                                  pay_way=provider[:16], create_time=now)
            paid = await OrderMain.filter(id=main.id, pay_status="unpaid", version=main.version).update(
                pay_status="paid", pay_way=provider[:16], trade_no=notice.trade_no, paid_at=notice.paid_at,
                version=F("version") + 1, update_time=now)
            shops = await OrderShop.filter(main_id=main.id).order_by("id")
            if not paid:  # closed meanwhile: the money is in, the order is not
                for so in shops:
                    await flow.note(so.id, "paid_late", flow.SYSTEM, now,
                                    f"关闭后到账，待退款（{notice.amount_fen}分，渠道流水号{notice.trade_no}）")
                return "paid_closed", []
            for so in shops:
                if so.status != flow.UNPAID:
                    await flow.note(so.id, "paid_late", flow.SYSTEM, now, "关闭后到账，待退款")
                    continue
                if so.kind == "group":
                    events += await group_buy().paid(so, flow.Actor("user", main.uid), notice.paid_at, now)
                    continue
                extra: dict[str, Any] = {"pay_status": "paid", "paid_at": notice.paid_at}
                if so.delivery == "pickup":
                    extra.update(pickup_status="waiting", pickup_code=await _pickup_code())
                moved = await flow.move(so, "pay", flow.Actor("user", main.uid), now,
                                        to=flow.TO_PICKUP if so.delivery == "pickup" else flow.TO_SHIP, **extra)
                # at the payment's own time, the order's paid_at: the report counts it on that day, as a rebuild does
                events.append(flow.event("paid", moved, notice.paid_at, ref=notice.out_trade_no,
                                         amount_fen=moved.pay_fen))
    except IntegrityError:
        if await OrderPay.exists(out_no=notice.out_trade_no):
            return "repeat", []
        raise
    return "paid", events


async def pay_free(main: OrderMain, now: datetime) -> tuple[str, list[dict[str, Any]]]:
    """A checkout that coupons and points cover whole (pay_fen 0) is paid when the buyer pays, with no wallet
    call: the same path as a callback (a payment row of 0 fen, pay way ``free``), so it moves on exactly once."""
    done = await on_notice(Notice(out_trade_no=main.out_trade_no or out_trade_no(main), trade_no="",
                                  amount_fen=0, status="SUCCESS", paid_at=now), "free", now)
    if done is None:  # not found by the number it was just given: deleted meanwhile
        raise NotFound("订单不存在")
    return done


VOIDED = re.compile(r"^P([A-Z0-9]+?)(?:V\d+)?$")


async def _paid_late(main: OrderMain, notice: Notice, provider: str, now: datetime,
                     text: str) -> tuple[str, list[dict[str, Any]]]:
    """A payment by a number the order no longer takes: recorded (the money is in), noted for a refund."""
    if await OrderPay.exists(out_no=notice.out_trade_no):
        return "repeat", []
    try:
        async with in_transaction():
            await OrderPay.create(kind="pay", main_id=main.id, main_no=main.order_no, uid=main.uid,
                                  out_no=notice.out_trade_no, trade_no=notice.trade_no, amount_fen=notice.amount_fen,
                                  pay_way=provider[:16], create_time=now)
            for so in await OrderShop.filter(main_id=main.id).order_by("id"):
                await flow.note(so.id, "paid_late", flow.SYSTEM, now,
                                f"{text}（{notice.amount_fen}分，渠道流水号{notice.trade_no}）")
    except IntegrityError:
        return "repeat", []
    return "paid_void", []


# ---- closing


async def close_shop_order(so: OrderShop, action: str, actor: flow.Actor, now: datetime, reason: str = "",
                           *, unpaid_before: datetime | None = None) -> list[dict[str, Any]]:
    """Closes one unpaid shop order and releases what it held, exactly once. Call inside a transaction.
    Answers the events to publish after the commit."""
    if unpaid_before is not None:
        main = await OrderMain.get(id=so.main_id)
        if main.pay_status != "unpaid" or main.pay_deadline > unpaid_before:
            return []
    closed = await flow.move(so, action, actor, now, note=reason, pay_status="closed", closed_at=now,
                             close_reason=reason[:200])
    if so.kind == "group":
        await group_buy().release(so, now)
    lines = await OrderLine.filter(shop_order_id=so.id).order_by("sku_id")
    for ln in lines:
        await MallSku.filter(id=ln.sku_id).update(stock=F("stock") + ln.quantity)
        await MallGoods.filter(id=ln.goods_id).update(stock=F("stock") + ln.quantity, sales=F("sales") - ln.quantity)
    if so.coupon_id:
        await _coupon_back(so.coupon_id, so.main_no, now)
    if so.points_used:
        await points.move(so.uid, so.points_used, f"order-back:{so.order_no}", "order_back", now, ref=so.order_no,
                          remark="订单关闭退回积分")
    main = await OrderMain.get(id=so.main_id)
    if await OrderShop.filter(main_id=main.id).exclude(status=flow.CLOSED).exists():
        # the rest stays payable for less, every figure of the checkout less this part's, so that its goods +
        # freight - coupon - points is still its pay; a pay code already issued is voided (a new number next pay)
        await OrderMain.filter(id=main.id, pay_status="unpaid").update(
            goods_fen=F("goods_fen") - so.goods_fen, freight_fen=F("freight_fen") - so.freight_fen,
            coupon_fen=F("coupon_fen") - so.coupon_fen, points_fen=F("points_fen") - so.points_fen,
            points_used=F("points_used") - so.points_used, pay_fen=F("pay_fen") - so.pay_fen, out_trade_no=None,
            version=F("version") + 1, update_time=now)
    else:
        await OrderMain.filter(id=main.id, pay_status="unpaid").update(pay_status="closed", closed_at=now,
                                                                        update_time=now)
        platform = await MallUserCoupon.filter(order_no=main.order_no, shop_id=0, status="used").first()
        if platform is not None:
            await _coupon_back(platform.id, main.order_no, now)
    return [flow.event("closed", closed, now, ref=action)]


async def _coupon_back(uc_id: int, main_no: str, now: datetime) -> None:
    uc = await MallUserCoupon.get_or_none(id=uc_id, status="used", order_no=main_no)
    if uc is None:
        return
    await MallUserCoupon.filter(id=uc.id, status="used", order_no=main_no).update(
        status="unused" if now < uc.valid_end else "expired", use_time=None, order_no="")


async def cancel(uid: int, order_no: str, now: datetime) -> tuple[OrderMain, list[dict[str, Any]]]:
    """The buyer cancels an unpaid checkout: every shop order of it closes."""
    main = await OrderMain.get_or_none(order_no=order_no, uid=uid)
    if main is None:
        raise NotFound("订单不存在")
    if main.pay_status == "paid":
        raise ServiceError("订单已支付，不能取消，请申请售后")
    if main.pay_status == "closed":
        raise ServiceError("订单已关闭")
    events: list[dict[str, Any]] = []
    async with in_transaction():
        for so in await OrderShop.filter(main_id=main.id, status=flow.UNPAID).order_by("id"):
            events += await close_shop_order(so, "cancel", flow.Actor("user", uid), now, "买家取消")
    return await OrderMain.get(id=main.id), events


async def confirm(uid: int, order_no: str, now: datetime, after_sale_days: int = AFTER_SALE_DAYS,
                  action: str = "confirm", actor: flow.Actor | None = None) -> tuple[OrderShop, list[dict[str, Any]]]:
    so = await OrderShop.get_or_none(order_no=order_no, uid=uid)
    if so is None:
        raise NotFound("订单不存在")
    async with in_transaction():
        done = await flow.move(so, action, actor or flow.Actor("user", uid), now, completed_at=now,
                               after_sale_until=now + timedelta(days=after_sale_days))
    return done, [flow.event("completed", done, now, ref=action)]
