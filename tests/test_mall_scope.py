"""The mall's two scopes (issue 13 §1): a shop account works on its own shop's records only (another shop's id is
a 404 and changes nothing, in the path as in the body), and never writes the platform's records, whatever
permissions its roles carry."""

from __future__ import annotations

from core_api.mall.coupon.models import MallCoupon
from tests.conftest import Caller, token_for
from tests.mall_support import make_shop, shop_staff
from tests.test_consumer_screens import operator as make_operator

COUPON = ("mall:coupon:list", "mall:coupon:query", "mall:coupon:edit", "mall:coupon:remove", "mall:coupon:shelf")
TURNTABLE = ("mall:turntable:list", "mall:turntable:query", "mall:turntable:edit", "mall:turntable:remove",
             "mall:turntable:shelf", "mall:turntable:gifts")
FAR = "2099-01-01 00:00:00"


def coupon(**extra):
    return {"name": "满100减10", "kind": "amount", "amountFen": 1000, "thresholdFen": 10000, "scope": "all",
            "validity": "window", "validStart": "2026-01-01 00:00:00", "validEnd": FAR, "total": 5, "perUser": 1,
            **extra}


async def test_a_shop_account_sees_and_changes_only_its_own_shop(start_app, make_settings):
    client = await start_app(make_settings())
    admin = Caller(client, await token_for(client))
    north, south = await make_shop("北店"), await make_shop("南店")
    staff = await shop_staff(admin, north, "north1", COUPON)
    # the staff's coupon takes its shop unasked; the operator's names one
    assert (await staff.post("/admin/mall/shop_discount_voucher/add_edit", json=coupon(name="北店券")))["code"] == 200
    assert (await admin.post("/admin/shop_discount_voucher/add_edit",
                             json=coupon(name="南店券", shopId=south.id)))["code"] == 200
    mine, theirs = await MallCoupon.get(name="北店券"), await MallCoupon.get(name="南店券")
    assert (mine.shop_id, theirs.shop_id) == (north.id, south.id)
    listed = await staff.get("/admin/mall/shop_discount_voucher/list_data")
    assert [r["name"] for r in listed["data"]["data"]] == ["北店券"], listed
    # another shop's id: 404 in the path, the query and the body; nothing changes
    assert (await staff.get(f"/admin/MallCoupon/{theirs.id}"))["code"] == 404
    assert (await staff.get("/admin/shop_discount_voucher/change_shelf", params={"id": theirs.id}))["code"] == 404
    assert (await staff.get("/admin/shop_discount_voucher/del", params={"id": theirs.id}))["code"] == 404
    assert (await staff.post("/admin/shop_discount_voucher/add_edit",
                             json=coupon(id=theirs.id, name="改名")))["code"] == 404
    assert (await staff.post("/admin/shop_discount_voucher/add_edit",
                             json=coupon(name="冒名券", shopId=south.id)))["code"] == 404
    after = await MallCoupon.get(id=theirs.id)
    assert (after.name, after.shelf) == ("南店券", theirs.shelf)
    assert not await MallCoupon.filter(name="冒名券").exists()
    # an operator naming a shop that does not exist is told so
    refused = await admin.post("/admin/shop_discount_voucher/add_edit", json=coupon(name="无店券", shopId=999999))
    assert refused["code"] == 500 and "不存在" in refused["msg"]


async def test_a_shop_account_never_writes_the_platforms_records(start_app, make_settings):
    client = await start_app(make_settings())
    admin = Caller(client, await token_for(client))
    shop = await make_shop("北店")
    staff = await shop_staff(admin, shop, "north1", TURNTABLE)
    held = set((await staff.get("/getInfo"))["permissions"])
    assert held == {"mall:turntable:list", "mall:turntable:query"}  # the writes are stripped, whatever the role says
    body = {"name": "幸运转盘", "points": 10, "dailyLimit": 3}
    assert (await staff.post("/admin/turntable/add_edit", json=body))["code"] == 403
    assert (await staff.get("/admin/turntable/gift/list_data", params={"turntableId": 1}))["code"] == 403
    # the same permissions held by an operator stay whole
    operator = await make_operator(admin, "op1", TURNTABLE)
    assert set((await operator.get("/getInfo"))["permissions"]) == set(TURNTABLE)
    assert (await operator.post("/admin/turntable/add_edit", json=body))["code"] == 200
