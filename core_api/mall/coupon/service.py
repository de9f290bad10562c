"""Claiming a coupon (DOMAIN.md "Coupons"): ONE conditional update of the issue count (``issued < total``, on
shelf) and a user-coupon row whose (coupon, uid, seq) is unique, in one transaction. Of concurrent claims of the
last coupon exactly one succeeds; two concurrent claims of one user beyond the per-user cap collide on the unique
key and the loser is refused, so the cap holds without a lock."""

from __future__ import annotations

from datetime import datetime, timedelta

from tortoise.exceptions import IntegrityError
from tortoise.expressions import F
from tortoise.transactions import in_transaction

from core_api.mall.coupon.models import MallCoupon, MallUserCoupon
from core_api.platform.errors import NotFound, ServiceError

SOLD_OUT = "优惠券已领完"


async def claim(uid: int, coupon_id: int, now: datetime) -> MallUserCoupon:
    coupon = await MallCoupon.get_or_none(id=coupon_id)
    if coupon is None:
        raise NotFound("优惠券不存在")
    if coupon.shelf != "1":
        raise ServiceError("优惠券已下架")
    if coupon.claim_start and now < coupon.claim_start:
        raise ServiceError("优惠券尚未开始领取")
    if coupon.claim_end and now >= coupon.claim_end:
        raise ServiceError("优惠券领取已结束")
    if coupon.validity == "window" and (coupon.valid_end is None or coupon.valid_end <= now):
        raise ServiceError("优惠券已过期")
    if coupon.issued >= coupon.total:
        raise ServiceError(SOLD_OUT)
    mine = await MallUserCoupon.filter(coupon_id=coupon_id, uid=uid).count()
    if mine >= coupon.per_user:
        raise ServiceError(f"每人限领{coupon.per_user}张，已领完")
    if coupon.validity == "window":
        start, end = coupon.valid_start or now, coupon.valid_end
    else:
        start, end = now, now + timedelta(days=coupon.valid_days)
    try:
        async with in_transaction():
            taken = await MallCoupon.filter(id=coupon_id, shelf="1", total=coupon.total,
                                            issued__lt=coupon.total).update(issued=F("issued") + 1)
            if taken != 1:
                raise ServiceError(SOLD_OUT)
            return await MallUserCoupon.create(coupon_id=coupon_id, uid=uid, shop_id=coupon.shop_id, seq=mine + 1,
                                               valid_start=start, valid_end=end, claim_time=now)
    except IntegrityError:
        raise ServiceError(f"每人限领{coupon.per_user}张，请勿重复领取") from None
