"""Mall marketing (issue 13 §3): the points ledger, coupons (save rules, shop isolation, atomic claims), group-buy
activities (goods and SKUs of the caller's shop only, delete refused while a team is open)."""

from __future__ import annotations

import asyncio
import uuid
from datetime import UTC, datetime, timedelta

from core_api.mall.coupon.models import MallCoupon, MallCouponTarget, MallUserCoupon
from core_api.mall.goods.models import MallCategory, MallGoods, MallSku
from core_api.mall.market.models import MallGroupActivity, MallGroupSku, MallGroupTeam
from core_api.points.ledger.models import PointsAccount, PointsLedger
from tests.conftest import Caller, token_for
from tests.mall_support import make_shop, shop_staff
from tests.test_partner_api import KEY, partner_post, register

COUPON = ("mall:coupon:list", "mall:coupon:query", "mall:coupon:edit", "mall:coupon:remove", "mall:coupon:shelf")
MARKET = ("mall:market:list", "mall:market:query", "mall:market:add", "mall:market:remove")
FAR = "2099-01-01 00:00:00"


async def setup(start_app, make_settings):
    client = await start_app(make_settings(chat_partner_key=KEY))
    for uid in (8001, 8002, 8003):
        await register(client, uid, nickName=f"用户{uid}")
    return client, Caller(client, await token_for(client))


async def goods_of(shop, name: str, prices=(10000, 12000), review: str = "approved"):
    cat = await MallCategory.get_or_none(name="测试分类") or await MallCategory.create(name="测试分类")
    goods = await MallGoods.create(shop_id=shop.id, category_id=cat.id, name=name, price_fen=min(prices),
                                   review=review, shelf="1")
    skus = [await MallSku.create(goods_id=goods.id, shop_id=shop.id, spec_key=str(i), spec=f"规格{i}", price_fen=p,
                                 stock=10) for i, p in enumerate(prices)]
    return goods, skus


def coupon_body(**extra):
    return {"name": "满100减10", "kind": "amount", "amountFen": 1000, "thresholdFen": 10000, "scope": "all",
            "validity": "window", "validStart": "2026-01-01 00:00:00", "validEnd": FAR, "total": 5, "perUser": 1,
            **extra}


async def credit(client, uid: int, points: int, biz_no: str | None = None) -> dict:
    body, _ = await partner_post(client, "/api/partner/v1/points/credit",
                                 {"uid": uid, "points": points, "bizNo": biz_no or uuid.uuid4().hex})
    return body


async def claim(client, uid: int, coupon_id: int) -> dict:
    body, _ = await partner_post(client, "/api/partner/v1/coupons/claim", {"uid": uid, "couponId": coupon_id})
    return body


# ---- points


async def test_points_credit_is_once_per_biz_no(start_app, make_settings):
    client, _ = await setup(start_app, make_settings)
    first = await credit(client, 8001, 500, "sign-1")
    assert first["code"] == 200 and first["data"]["applied"] and first["data"]["balance"] == 500
    again = await credit(client, 8001, 500, "sign-1")
    assert again["data"] == {**first["data"], "applied": False}
    assert (await credit(client, 8001, 700, "sign-1"))["code"] == 409
    assert (await credit(client, 9999, 5, "x"))["msg"] == "用户 9999 不存在"
    assert (await credit(client, 8001, 0, "y"))["code"] == 500
    bad, _ = await partner_post(client, "/api/partner/v1/points/credit",
                                {"uid": 8001, "points": 5, "bizNo": "z", "balance": 1})
    assert bad["code"] == 500
    assert (await PointsAccount.get(uid=8001)).balance == 500
    assert await PointsLedger.filter(uid=8001).count() == 1
    many = await asyncio.gather(*(credit(client, 8002, 10, "same") for _ in range(20)))
    assert all(b["code"] == 200 for b in many)
    assert (await PointsAccount.get(uid=8002)).balance == 10


# ---- coupons


async def test_coupon_save_rules_and_both_paths(start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    shop = await make_shop("券店")
    created = await admin.post("/admin/mall/shop_discount_voucher/add_edit", json=coupon_body(shopId=0))
    assert created["code"] == 200, created
    cid = created["data"]["id"]
    row = await MallCoupon.get(id=cid)
    assert (row.shop_id, row.amount_fen, row.threshold_fen, row.shelf) == (0, 1000, 10000, "0")
    listed = await admin.get("/admin/mall/shop_discount_voucher/list_data", params={"shopId": 0})
    assert [r["shopId"] for r in listed["data"]["data"]] == [0]
    bad = [
        ({"amountFen": 10000}, "优惠金额必须小于使用门槛"),
        ({"amountFen": 0}, "请填写优惠金额"),
        ({"kind": "percent", "discountBp": 0}, "折扣须在0.01%到99.99%之间（基点1到9999）"),
        ({"validEnd": "2025-01-01 00:00:00"}, "有效期的开始时间必须早于结束时间"),
        ({"validity": "days", "validDays": 0}, "领取后有效天数须在1到365之间"),
        ({"validity": "days", "validDays": 366}, None),
        ({"scope": "goods", "targetIds": ""}, "请选择适用的分类或商品"),
        ({"scope": "category", "targetIds": "999999"}, "商品分类不存在：999999"),
        ({"scope": "goods", "targetIds": "1,a"}, "适用商品或分类的编号格式不正确"),
        ({"kind": "gift"}, "类型的取值不正确"),
        ({"balance": 5}, None),
    ]
    for extra, msg in bad:
        out = await admin.post("/admin/shop_discount_voucher/add_edit", json={**coupon_body(shopId=shop.id), **extra})
        assert out["code"] == 500, (extra, out)
        if msg:
            assert out["msg"] == msg, (extra, out)
    assert await MallCoupon.all().count() == 1
    pct = await admin.post("/admin/shop_discount_voucher/add_edit", json=coupon_body(
        shopId=shop.id, kind="percent", discountBp=8500, capFen=2000, validity="days", validDays=7))
    assert pct["code"] == 200, pct
    p = await MallCoupon.get(id=pct["data"]["id"])
    assert (p.kind, p.discount_bp, p.cap_fen, p.amount_fen, p.valid_days) == ("percent", 8500, 2000, 0, 7)


async def test_shop_coupons_are_confined_to_their_shop(start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    mine, theirs = await make_shop("甲店"), await make_shop("乙店")
    staff = await shop_staff(admin, mine, "coupon_a", COUPON)
    my_goods, _ = await goods_of(mine, "甲的商品")
    their_goods, _ = await goods_of(theirs, "乙的商品")
    other = (await admin.post("/admin/mall/shop_discount_voucher/add_edit",
                              json=coupon_body(shopId=theirs.id)))["data"]["id"]
    # a shop account's coupon takes its shop; a platform coupon or another shop's is refused
    made = await staff.post("/admin/mall/shop_discount_voucher/add_edit", json=coupon_body(
        scope="goods", targetIds=str(my_goods.id)))
    assert made["code"] == 200, made
    mid = made["data"]["id"]
    assert (await MallCoupon.get(id=mid)).shop_id == mine.id
    assert await MallCouponTarget.filter(coupon_id=mid).values_list("target_id", flat=True) == [my_goods.id]
    assert (await staff.post("/admin/mall/shop_discount_voucher/add_edit", json=coupon_body(shopId=0)))["code"] == 404
    assert (await staff.post("/admin/mall/shop_discount_voucher/add_edit",
                             json=coupon_body(shopId=theirs.id)))["code"] == 404
    # another shop's goods in the body, another shop's coupon id in the body / query
    out = await staff.post("/admin/shop_discount_voucher/add_edit", json=coupon_body(
        scope="except", targetIds=f"{my_goods.id},{their_goods.id}"))
    assert out["code"] == 404
    assert (await staff.post("/admin/shop_discount_voucher/add_edit",
                             json=coupon_body(id=other, name="改")))["code"] == 404
    assert (await staff.get("/admin/shop_discount_voucher/change_shelf", params={"id": other}))["code"] == 404
    assert (await staff.get("/admin/shop_discount_voucher/del", params={"id": other}))["code"] == 404
    assert (await staff.get(f"/admin/MallCoupon/{other}"))["code"] == 404
    listed = await staff.get("/admin/mall/shop_discount_voucher/list_data")
    assert [r["id"] for r in listed["data"]["data"]] == [mid]
    row = await MallCoupon.get(id=other)
    assert (row.name, row.shelf) == ("满100减10", "0")
    # an operator's shop coupon lists only that shop's goods: another shop's goods are refused in words, on create
    # and on edit, and nothing changes
    refused = {"code": 500, "msg": f"店铺优惠券只能指定本店铺的商品，这些商品属于其他店铺：{their_goods.id}"}
    count = await MallCoupon.all().count()
    assert await admin.post("/admin/mall/shop_discount_voucher/add_edit", json=coupon_body(
        shopId=mine.id, scope="goods", targetIds=str(their_goods.id))) == refused
    assert await MallCoupon.all().count() == count
    assert await admin.post("/admin/shop_discount_voucher/add_edit", json=coupon_body(
        id=mid, shopId=mine.id, scope="except", targetIds=f"{my_goods.id},{their_goods.id}")) == refused
    row = await MallCoupon.get(id=mid)
    assert (row.scope, row.target_ids) == ("goods", str(my_goods.id))
    assert await MallCouponTarget.filter(coupon_id=mid).values_list("target_id", flat=True) == [my_goods.id]
    # the form shows the chosen goods by name (the picker's labels), for the staff and the operator alike
    one = await staff.get(f"/admin/MallCoupon/{mid}")
    assert one["data"]["targetLabels"] == [{"id": my_goods.id, "name": "甲的商品"}]
    assert (await admin.get(f"/admin/MallCoupon/{other}"))["data"]["targetLabels"] == []
    # a platform coupon may list any shop's goods
    anywhere = await admin.post("/admin/mall/shop_discount_voucher/add_edit", json=coupon_body(
        shopId=0, scope="goods", targetIds=f"{their_goods.id},{my_goods.id}"))
    assert anywhere["code"] == 200, anywhere
    labels = (await admin.get(f"/admin/MallCoupon/{anywhere['data']['id']}"))["data"]["targetLabels"]
    both = sorted([(my_goods.id, "甲的商品"), (their_goods.id, "乙的商品")])
    assert labels == [{"id": i, "name": n} for i, n in both]
    # the coupon editor reads the category tree for a category coupon
    assert (await staff.get("/admin/mall/shop/goods/category"))["code"] == 200
    # permissions
    reader = await shop_staff(admin, mine, "coupon_r", ("mall:coupon:list",))
    assert (await reader.post("/admin/mall/shop_discount_voucher/add_edit", json=coupon_body()))["code"] == 403
    assert (await reader.get("/admin/shop_discount_voucher/del", params={"id": mid}))["code"] == 403
    assert (await reader.get("/admin/shop_discount_voucher/change_shelf", params={"id": mid}))["code"] == 403


async def test_claims_are_atomic_and_capped(start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    cid = (await admin.post("/admin/mall/shop_discount_voucher/add_edit",
                            json=coupon_body(shopId=0, total=3, perUser=1)))["data"]["id"]
    assert (await claim(client, 8001, cid))["msg"] == "优惠券已下架"
    assert (await admin.get("/admin/shop_discount_voucher/change_shelf", params={"id": cid}))["msg"] == "上架成功"
    got = await claim(client, 8001, cid)
    assert got["code"] == 200 and got["data"]["validEnd"] == FAR
    assert (await claim(client, 8001, cid))["msg"] == "每人限领1张，已领完"
    assert (await claim(client, 8002, cid))["code"] == 200
    # the last coupon: 20 concurrent claims of different users give exactly one
    for uid in range(8100, 8120):
        await register(client, uid, nickName=f"抢券{uid}")
    results = await asyncio.gather(*(claim(client, uid, cid) for uid in range(8100, 8120)))
    assert sorted(r["code"] for r in results) == [200] + [500] * 19
    assert {r["msg"] for r in results if r["code"] != 200} == {"优惠券已领完"}
    assert (await MallCoupon.get(id=cid)).issued == 3 and await MallUserCoupon.filter(coupon_id=cid).count() == 3
    # claimed: amounts and scope are locked, delete refused; the name may change
    locked = await admin.post("/admin/shop_discount_voucher/add_edit", json=coupon_body(
        id=cid, total=3, amountFen=2000))
    assert locked["msg"] == "优惠券已被领取，不能再修改类型、面额、门槛和适用范围"
    assert (await admin.post("/admin/shop_discount_voucher/add_edit", json=coupon_body(
        id=cid, total=2)))["msg"] == "发放总量不能少于已领取的3张"
    assert (await admin.post("/admin/shop_discount_voucher/add_edit", json=coupon_body(
        id=cid, total=3, name="新名字")))["code"] == 200
    assert "不能删除" in (await admin.get("/admin/shop_discount_voucher/del", params={"id": cid}))["msg"]
    # days validity: from the claim; an expired window coupon is refused; same user concurrently: one
    days = (await admin.post("/admin/mall/shop_discount_voucher/add_edit", json=coupon_body(
        shopId=0, validity="days", validDays=3, total=50, perUser=1)))["data"]["id"]
    await admin.get("/admin/shop_discount_voucher/change_shelf", params={"id": days})
    same = await asyncio.gather(*(claim(client, 8003, days) for _ in range(20)))
    assert [r["code"] for r in same].count(200) == 1
    assert await MallUserCoupon.filter(coupon_id=days, uid=8003).count() == 1
    assert (await MallCoupon.get(id=days)).issued == 1
    uc = await MallUserCoupon.get(coupon_id=days, uid=8003)
    assert uc.valid_end - uc.valid_start == timedelta(days=3)
    old = await MallCoupon.create(name="过期券", validity="window", valid_start=datetime(2020, 1, 1, tzinfo=UTC),
                                  valid_end=datetime(2021, 1, 1, tzinfo=UTC), total=5, shelf="1")
    assert (await claim(client, 8001, old.id))["msg"] == "优惠券已过期"
    assert (await claim(client, 8001, 987654))["code"] == 404
    # deleting an unclaimed coupon: its targets go with it (a category scope needs a category: refused without)
    assert (await admin.post("/admin/mall/shop_discount_voucher/add_edit", json=coupon_body(
        shopId=0, scope="category", targetIds="")))["msg"] == "请选择适用的分类或商品"
    category = await MallCategory.create(name="水果")
    fresh = await admin.post("/admin/mall/shop_discount_voucher/add_edit", json=coupon_body(
        shopId=0, scope="category", targetIds=str(category.id)))
    assert fresh["code"] == 200, fresh
    fresh_id = fresh["data"]["id"]
    assert await MallCouponTarget.filter(coupon_id=fresh_id).values_list("target_id", flat=True) == [category.id]
    assert (await admin.get("/admin/shop_discount_voucher/del", params={"id": fresh_id}))["code"] == 200
    assert not await MallCoupon.filter(id=fresh_id).exists()
    assert not await MallCouponTarget.filter(coupon_id=fresh_id).exists()


# ---- group buys


def activity_body(goods, skus, **extra):
    return {"goodsId": goods.id, "teamSize": 3, "hours": 24, "startTime": "2026-01-01 00:00:00", "endTime": FAR,
            "skus": [{"skuId": s.id, "priceFen": s.price_fen - 1000} for s in skus], **extra}


async def test_group_buy_activities(start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    mine, theirs = await make_shop("拼团甲"), await make_shop("拼团乙")
    staff = await shop_staff(admin, mine, "market_a", MARKET)
    goods, skus = await goods_of(mine, "甲的拼团商品")
    draft, _ = await goods_of(mine, "草稿商品", review="draft")
    their_goods, their_skus = await goods_of(theirs, "乙的拼团商品")
    picked = await staff.post("/admin/market_manage/goods_data_list", json={"pageNum": 1, "pageSize": 10})
    assert [r["name"] for r in picked["rows"]] == ["甲的拼团商品"] and picked["total"] == 1
    named = await admin.post("/admin/market_manage/goods_data_list", json={"name": "乙"})
    assert [r["name"] for r in named["rows"]] == ["乙的拼团商品"]
    specs = await staff.get("/admin/market_manage/goods_spec_data_list", params={"goodsIds": str(goods.id)})
    assert [s["priceFen"] for s in specs["data"]] == [10000, 12000]
    assert (await staff.get("/admin/market_manage/goods_spec_data_list",
                            params={"goodsIds": f"{goods.id},{their_goods.id}"}))["code"] == 404
    # bad input
    for extra, msg in [
        ({"teamSize": 1}, None), ({"teamSize": 11}, None), ({"hours": 73}, None), ({"skus": []}, None),
        ({"endTime": "2025-01-01 00:00:00"}, "活动开始时间必须早于结束时间"),
        ({"skus": [{"skuId": skus[0].id, "priceFen": 10000}]}, "规格“规格0”的拼团价必须低于原价100.00元"),
        ({"skus": [{"skuId": skus[0].id, "priceFen": 0}]}, None),
        ({"skus": [{"skuId": skus[0].id, "priceFen": 100, "stock": 1}]}, None),
        ({"status": "on"}, None),
    ]:
        out = await staff.post("/admin/market_manage/add", json={**activity_body(goods, skus), **extra})
        assert out["code"] == 500, (extra, out)
        if msg:
            assert out["msg"] == msg
    assert (await staff.post("/admin/market_manage/add", json=activity_body(draft, skus)))["code"] == 404
    # another shop's goods or SKU ids → 404
    assert (await staff.post("/admin/market_manage/add", json=activity_body(their_goods, their_skus)))["code"] == 404
    assert (await staff.post("/admin/market_manage/add", json=activity_body(goods, [skus[0], their_skus[0]])))[
        "code"] == 404
    assert not await MallGroupActivity.exists()
    made = await staff.post("/admin/market_manage/add", json=activity_body(goods, skus))
    assert made["code"] == 200, made
    aid = made["data"]["id"]
    assert (await staff.post("/admin/market_manage/add", json=activity_body(goods, skus)))["msg"] == \
        "该商品在这段时间已有拼团活动"
    info = await staff.get("/admin/market_manage/info", params={"id": aid})
    assert [s["priceFen"] for s in info["data"]["skus"]] == [9000, 11000]
    assert info["data"]["teamSize"] == 3 and info["data"]["teams"]["open"] == 0
    listed = await staff.get("/admin/market_manage/activity_list_data")
    assert [r["goodsName"] for r in listed["data"]["data"]] == ["甲的拼团商品"]
    fathers = await staff.get("/admin/market_manage/goods_father")
    assert [r["id"] for r in fathers["rows"]] == [goods.id]
    # another shop's activity
    theirs_act = await admin.post("/admin/market_manage/add", json=activity_body(their_goods, their_skus))
    tid = theirs_act["data"]["id"]
    assert (await staff.get("/admin/market_manage/info", params={"id": tid}))["code"] == 404
    assert (await staff.get("/admin/market_manage/del", params={"id": tid}))["code"] == 404
    assert (await staff.get("/admin/market_manage/goods_father"))["total"] == 1
    assert await MallGroupActivity.exists(id=tid)
    # an open team blocks the delete
    team = await MallGroupTeam.create(activity_id=aid, leader_uid=8001, size=3,
                                      expires_at=datetime(2099, 1, 1, tzinfo=UTC))
    refused = await staff.get("/admin/market_manage/del", params={"id": aid})
    assert refused["msg"] == "活动还有1个拼团进行中，不能删除，请等拼团结束后再删除"
    await MallGroupTeam.filter(id=team.id).update(status="full")
    assert (await staff.get("/admin/market_manage/del", params={"id": aid}))["code"] == 200
    assert not await MallGroupSku.filter(activity_id=aid).exists()
    # permissions
    reader = await shop_staff(admin, mine, "market_r", ("mall:market:list",))
    assert (await reader.post("/admin/market_manage/add", json=activity_body(goods, skus)))["code"] == 403
    assert (await reader.get("/admin/market_manage/del", params={"id": tid}))["code"] == 403
