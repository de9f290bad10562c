"""Shops, settlement applications and shop accounts (issue 13 §1): every call, bad input, permissions, shop
isolation (a shop account names another shop's ids: 404 and nothing changes), the approval that creates a
shop and its first account exactly once under 20 concurrent approvals, and the commission split."""

from __future__ import annotations

import asyncio

import pytest

from core_api.mall.shop.models import MallSettled, MallShop
from core_api.mall.shop.service import split_fee
from core_api.system.user.models import SysUser, SysUserRole
from tests.conftest import OK, Caller, token_for
from tests.mall_support import make_shop, shop_staff
from tests.test_consumer_screens import operator
from tests.test_partner_api import KEY, partner_post, register

FORBIDDEN = {"code": 403, "msg": "当前操作没有权限"}
SHOP_PERMS = ("mall:shop:list", "mall:shop:query", "mall:shop:edit", "mall:shop:shelf", "mall:shop:brandSale",
              "mall:shop:rate", "mall:shop:area", "mall:shopAccount:list", "mall:shopAccount:query",
              "mall:shopAccount:status", "mall:shopAccount:editInfo", "mall:settled:list", "mall:settled:query",
              "mall:settled:audit", "mall:settled:add")
APPLICATION = {"shopName": "北疆牛肉干专卖", "contact": "阿依古丽", "phone": "13900002001", "areaCode": "650102",
               "address": "解放北路66号", "intro": "新疆特产", "account": "beijiang"}


async def setup(start_app, make_settings):
    client = await start_app(make_settings(chat_partner_key=KEY))
    admin = Caller(client, await token_for(client))
    mine = await make_shop("鲜果时光旗舰店")
    other = await make_shop("云南山货铺", rate_bp=800)
    staff = await shop_staff(admin, mine, "fruitstaff", SHOP_PERMS)
    return client, admin, mine, other, staff


async def snapshot(shop_id: int) -> dict:
    return (await MallShop.filter(id=shop_id).values())[0]


# ---- the fee split (used by the orders)

@pytest.mark.parametrize(("net", "rate", "fee"), [
    (10_000, 500, 500),  # 5% of 100.00
    (1, 5000, 1),  # 0.5 fen rounds half-up to 1
    (3, 5000, 2),  # 1.5 → 2
    (199, 250, 5),  # 4.975 → 5
    (101, 50, 1),  # 0.505 → 1
    (99, 50, 0),  # 0.495 → 0
    (0, 10_000, 0),
    (12_345, 0, 0),
    (12_345, 10_000, 12_345),
    (2**53, 3333, (2**53 * 3333 * 2 + 10_000) // 20_000),
])
def test_the_fee_rounds_half_up_and_fee_plus_payout_is_the_net(net, rate, fee):
    got_fee, payout = split_fee(net, rate)
    assert got_fee == fee
    assert got_fee + payout == net and payout >= 0


def test_the_fee_split_refuses_what_is_not_fen_or_basis_points():
    for bad in ((100, -1), (100, 10_001), (-1, 100)):
        with pytest.raises(ValueError):
            split_fee(*bad)
    with pytest.raises(TypeError):
        split_fee(100.0, 100)  # type: ignore[arg-type]
    assert all(sum(split_fee(n, r)) == n for n in range(0, 300) for r in (1, 333, 2500, 9999))


# ---- shops

async def test_the_shops_list_and_its_toggles(start_app, make_settings):
    _, admin, mine, other, staff = await setup(start_app, make_settings)
    page = await admin.get("/admin/mall/shop/list_data", params={"pageSize": 50})
    assert page["code"] == 200 and {r["name"] for r in page["data"]["data"]} == {"鲜果时光旗舰店", "云南山货铺"}
    row = next(r for r in page["data"]["data"] if r["id"] == other.id)
    assert row["rateBp"] == 800 and row["areaCodePath"].endswith("朝阳区") and row["shelf"] == "1"
    assert (await admin.get("/admin/mall/shop/list_data", params={"name": "山货"}))["data"]["total"] == 1

    off = await admin.get("/admin/mall/shop/change_shelf", params={"id": other.id})
    assert off["code"] == 200 and off["data"] == {"shelf": "0"} and off["msg"] == "店铺已下架"
    assert (await admin.get("/admin/mall/shop/change_shelf", params={"id": other.id, "shelf": "1"}))["data"] == {
        "shelf": "1"}
    assert (await snapshot(other.id))["shelf"] == "1"
    sale = await admin.get("/admin/mall/shop/brand_sale", params={"id": other.id})
    assert sale["data"] == {"brandSale": "1"} and (await snapshot(other.id))["brand_sale"] == "1"
    assert (await admin.get("/admin/mall/shop/brand_sale", params={"id": other.id, "brandSale": "0"}))["data"] == {
        "brandSale": "0"}
    bad = await admin.get("/admin/mall/shop/brand_sale", params={"id": other.id, "brandSale": "2"})
    assert bad["code"] != 200 and "品牌特卖" in bad["msg"]
    assert (await admin.get("/admin/mall/shop/change_shelf", params={"id": 999_999}))["code"] == 404
    history = await admin.get(f"/admin/MallShop/history/{other.id}")
    assert [h["note"] for h in history["data"]][:2] == ["品牌特卖", "品牌特卖"]

    # a shop account: its own shop only
    own = await staff.get("/admin/mall/shop/list_data")
    assert [r["id"] for r in own["data"]["data"]] == [mine.id] and own["data"]["total"] == 1
    meta = await staff.get("/admin/resources/meta", params={"view": "mall/shop/index"})
    assert meta["data"]["ownShop"] == mine.id


async def test_the_rate_is_basis_points_set_by_operators_only(start_app, make_settings):
    _, admin, mine, other, staff = await setup(start_app, make_settings)
    done = await admin.post("/admin/mall/shop/finance/edit", json={"id": other.id, "rateBp": 1250})
    assert done["code"] == 200 and (await snapshot(other.id))["rate_bp"] == 1250
    for body, word in (({"id": other.id, "rateBp": 10_001}, "不能大于10000"),
                       ({"id": other.id, "rateBp": -1}, "不能小于0"),
                       ({"id": other.id, "rateBp": "12.5"}, "整数"), ({"id": other.id, "rateBp": 1.5}, "整数"),
                       ({"id": other.id, "rateBp": 100, "shelf": "0"}, "不允许的字段"),
                       ({"id": other.id}, "不能为空")):
        answer = await admin.post("/admin/mall/shop/finance/edit", json=body)
        assert answer["code"] != 200 and word in answer["msg"], (body, answer)
    assert (await snapshot(other.id))["rate_bp"] == 1250
    assert (await admin.post("/admin/mall/shop/finance/edit", json={"id": 999_999, "rateBp": 1}))["code"] == 404
    # a shop account may never change its own rate, even when its role holds the permission (stripped at sign-in)
    refused = await staff.post("/admin/mall/shop/finance/edit", json={"id": mine.id, "rateBp": 0})
    assert refused == {"code": 403, "msg": "当前操作没有权限"}
    assert (await snapshot(mine.id))["rate_bp"] == 0 and (await snapshot(mine.id))["update_by"] == ""


async def test_the_area_must_exist(start_app, make_settings):
    _, admin, _, other, _ = await setup(start_app, make_settings)
    done = await admin.get("/admin/mall/shop/update_areaId", params={"id": other.id, "areaCode": "530102"})
    assert done["code"] == 200 and (await snapshot(other.id))["area_code"] == "530102"
    missing = await admin.get("/admin/mall/shop/update_areaId", params={"id": other.id, "areaCode": "999999"})
    assert missing == {"code": 500, "msg": "所在地区：区域编码 999999 不存在"}
    malformed = await admin.get("/admin/mall/shop/update_areaId", params={"id": other.id, "areaCode": "1'; drop"})
    assert malformed["code"] != 200 and "格式不正确" in malformed["msg"]
    assert (await snapshot(other.id))["area_code"] == "530102"


async def test_the_info_page_and_its_save(start_app, make_settings):
    _, admin, mine, other, staff = await setup(start_app, make_settings)
    info = (await staff.get("/admin/mall/shop/info_page"))["data"]  # a shop account: its own shop unasked
    assert info["id"] == mine.id and info["name"] == "鲜果时光旗舰店" and info["areaCodePath"].endswith("朝阳区")
    assert (await admin.get("/admin/mall/shop/info_page"))["msg"] == "请选择店铺"
    assert (await admin.get("/admin/mall/shop/info_page", params={"id": other.id}))["data"]["rateBp"] == 800
    body = {"id": mine.id, "name": "鲜果时光", "logo": "/profile/logo.png", "contact": "李晓梅",
            "phone": "010-85231000", "address": "朝阳路88号", "intro": "每日鲜果", "lng": 116.4812345678, "lat": 39.9}
    assert await staff.post("/admin/mall/shop/update_info", json=body) == OK
    saved = await snapshot(mine.id)
    assert (saved["name"], saved["intro"], saved["lng"], saved["update_by"]) == ("鲜果时光", "每日鲜果", 116.481235,
                                                                              "fruitstaff")
    dup = await admin.post("/admin/mall/shop/update_info", json={**body, "name": "云南山货铺"})
    assert dup == {"code": 500, "msg": "店铺名称已存在"}
    extra = await staff.post("/admin/mall/shop/update_info", json={**body, "rateBp": 0})
    assert extra["code"] != 200 and "不允许的字段" in extra["msg"]
    blank = await staff.post("/admin/mall/shop/update_info", json={**body, "name": "   "})
    assert blank == {"code": 500, "msg": "店铺名称不能为空"}
    options = await admin.get("/admin/mall/shop/options", params={"keyword": "山货"})
    assert options["data"] == [{"id": other.id, "name": "云南山货铺"}]
    assert (await staff.get("/admin/mall/shop/options"))["data"] == [{"id": mine.id, "name": "鲜果时光"}]
    assert (await staff.get("/admin/mall/shop/options", params={"id": other.id}))["data"] == []


# ---- settlement applications

async def test_a_settlement_application_is_submitted_rejected_or_approved(start_app, make_settings):
    client, admin, _, _, _ = await setup(start_app, make_settings)
    made = await admin.post("/admin/mall/settled", json=APPLICATION)
    assert made["code"] == 200 and made["data"]["status"] == "pending"
    again = await admin.post("/admin/mall/settled", json={**APPLICATION, "account": "beijiang2"})
    assert again == {"code": 500, "msg": "店铺名称“北疆牛肉干专卖”已有待审核的入驻申请"}
    for body, word in (({**APPLICATION, "areaCode": "999999"}, "不存在"), ({**APPLICATION, "phone": "123"}, "格式"),
                       ({**APPLICATION, "account": "1abc"}, "格式"), ({**APPLICATION, "status": "approved"}, "不允许"),
                       ({**APPLICATION, "account": "admin", "shopName": "另一家"}, "已被使用")):
        answer = await admin.post("/admin/mall/settled", json=body)
        assert answer["code"] != 200 and word in answer["msg"], (body, answer)
    assert await MallSettled.all().count() == 1

    # the app server submits one for an app user
    await register(client, 7101, nickName="申请人")
    body, _ = await partner_post(client, "/api/partner/v1/mall/settled",
                                 {**APPLICATION, "shopName": "天山果园", "account": "tianshan", "uid": 7101})
    assert body["code"] == 200 and body["data"]["status"] == "pending"
    assert (await MallSettled.get(id=body["data"]["id"])).uid == 7101
    twice, _ = await partner_post(client, "/api/partner/v1/mall/settled",
                                  {**APPLICATION, "shopName": "天山果园二店", "account": "tianshan2", "uid": 7101})
    assert twice == {"code": 500, "msg": "您已有待审核的入驻申请，请等待审核结果"}
    stranger, _ = await partner_post(client, "/api/partner/v1/mall/settled",
                                     {**APPLICATION, "shopName": "无名店", "account": "nobody", "uid": 7999})
    assert stranger == {"code": 500, "msg": "用户 7999 不存在"}

    listed = (await admin.get("/admin/settled_mall/list_data", params={"status": "pending"}))["data"]
    assert listed["total"] == 2 and {r["shopName"] for r in listed["data"]} == {"北疆牛肉干专卖", "天山果园"}
    first = made["data"]["id"]
    info = (await admin.get("/admin/settled_mall/info_page", params={"id": first}))["data"]
    assert info["account"] == "beijiang" and info["areaCodePath"] and info["shopLabel"] == ""

    no_reason = await admin.post("/admin/settled_mall/audit_settled", json={"id": first, "status": "rejected"})
    assert no_reason == {"code": 500, "msg": "请填写驳回原因"}
    second = body["data"]["id"]
    rejected = await admin.post("/admin/settled_mall/audit_settled",
                                json={"id": second, "status": "rejected", "reason": "营业执照不清晰"})
    assert rejected["code"] == 200
    row = await MallSettled.get(id=second)
    assert (row.status, row.reason, row.audit_by) == ("rejected", "营业执照不清晰", "admin")
    late = await admin.post("/admin/settled_mall/audit_settled", json={"id": second, "status": "approved"})
    assert late == {"code": 500, "msg": "该入驻申请已审核，不能重复审核"}
    assert not await MallShop.filter(settled_id=second).exists()
    bad = await admin.post("/admin/settled_mall/audit_settled", json={"id": first, "status": "maybe"})
    assert bad["code"] != 200
    weak = await admin.post("/admin/settled_mall/audit_settled",
                            json={"id": first, "status": "approved", "password": "abc"})
    assert weak == {"code": 500, "msg": "用户密码长度必须介于 5 和 20 之间"}
    assert (await MallSettled.get(id=first)).status == "pending"
    assert (await admin.post("/admin/settled_mall/audit_settled",
                             json={"id": 999_999, "status": "approved"}))["code"] == 404

    approved = await admin.post("/admin/settled_mall/audit_settled", json={"id": first, "status": "approved"})
    assert approved["code"] == 200, approved
    data = approved["data"]
    password = data["initialPassword"]
    assert data["userName"] == "beijiang" and password in approved["msg"] and len(password) == 12
    shop = await MallShop.get(id=data["shopId"])
    assert (shop.name, shop.settled_id, shop.area_code, shop.phone) == (
        "北疆牛肉干专卖", first, "650102", "13900002001")
    user = await SysUser.get(user_name="beijiang")
    assert user.shop_id == shop.id and user.user_id == data["userId"]
    app = await MallSettled.get(id=first)
    assert (app.status, app.shop_id, app.user_id) == ("approved", shop.id, user.user_id)
    assert (await admin.get("/admin/settled_mall/info_page", params={"id": first}))["data"]["shopLabel"] == shop.name

    # the new shop's account signs in with the password answered once, and has the shop staff's screens
    account = Caller(client, await token_for(client, "beijiang", password))
    perms = set((await account.get("/getInfo"))["permissions"])
    assert {"mall:goods:list", "mall:goods:edit", "mall:coupon:list", "mall:picture:list", "mall:shop:query"} <= perms
    assert not perms & {"mall:shop:rate", "mall:shop:brandSale", "mall:settled:audit", "mall:review:list"}
    routers = str(await account.get("/getRouters"))
    assert "mall/goods/index" in routers and "mall/settled/index" not in routers
    assert [r["id"] for r in (await account.get("/admin/mall/shop/list_data"))["data"]["data"]] == [shop.id]


async def test_shop_account_names_are_unique_without_regard_to_case(start_app, make_settings):
    """Issue 26 §3: an application's account "Admin" beside admin, or two differing only in case."""
    _, admin, _, _, _ = await setup(start_app, make_settings)
    taken = await admin.post("/admin/mall/settled", json={**APPLICATION, "account": "Admin"})
    assert taken == {"code": 500, "msg": "登录账号“Admin”已被使用，请更换"}
    sid = (await admin.post("/admin/mall/settled", json=APPLICATION))["data"]["id"]
    pending = await admin.post("/admin/mall/settled", json={**APPLICATION, "shopName": "另一家", "account": "BeiJiang"})
    assert pending == {"code": 500, "msg": "登录账号“BeiJiang”已被使用，请更换"}
    # an operator creates the name in another case before the approval: the approval makes no second one
    squatter = {"userName": "BEIJIANG", "nickName": "抢注", "password": "secret123"}
    assert await admin.post("/system/user", json=squatter) == OK
    approval = await admin.post("/admin/settled_mall/audit_settled", json={"id": sid, "status": "approved"})
    assert approval == {"code": 500, "msg": "登录账号“beijiang”已存在，请驳回后让申请人更换账号"}
    assert await MallSettled.filter(status="pending").count() == 1
    assert not await MallShop.filter(settled_id=sid).exists()
    assert await SysUser.filter(user_name__iexact="beijiang").count() == 1


async def test_twenty_concurrent_approvals_create_one_shop_and_one_account(start_app, make_settings):
    _, admin, _, _, _ = await setup(start_app, make_settings)
    made = await admin.post("/admin/mall/settled", json=APPLICATION)
    sid = made["data"]["id"]
    answers = await asyncio.gather(*(admin.post("/admin/settled_mall/audit_settled",
                                                json={"id": sid, "status": "approved", "password": "shop12345"})
                                     for _ in range(20)))
    assert sum(a["code"] == 200 for a in answers) == 1, answers
    assert all(a["msg"] == "该入驻申请已审核，不能重复审核" for a in answers if a["code"] != 200), answers
    assert await MallShop.filter(settled_id=sid).count() == 1
    assert await SysUser.filter(user_name="beijiang").count() == 1
    user = await SysUser.get(user_name="beijiang")
    assert await SysUserRole.filter(user_id=user.user_id).count() == 1


# ---- shop accounts

async def test_shop_accounts_list_status_and_edit_info(start_app, make_settings):
    client, admin, mine, other, staff = await setup(start_app, make_settings)
    colleague = await shop_staff(admin, mine, "fruitclerk", ("mall:shop:list",))  # within what the staff holds
    senior = await shop_staff(admin, mine, "fruitboss", ("mall:goods:list",))  # beyond it
    outsider = await shop_staff(admin, other, "hillclerk", ("mall:goods:list",))
    del colleague, outsider
    everyone = await admin.get("/admin/user/mall/list_data")
    assert {(r["userName"], r["shopName"]) for r in everyone["data"]["data"]} == {
        ("fruitstaff", "鲜果时光旗舰店"), ("fruitclerk", "鲜果时光旗舰店"), ("fruitboss", "鲜果时光旗舰店"),
        ("hillclerk", "云南山货铺")}
    assert "admin" not in {r["userName"] for r in everyone["data"]["data"]}  # operators are not shop accounts
    assert (await admin.get("/admin/user/mall/list_data", params={"shopId": other.id}))["data"]["total"] == 1
    own = await staff.get("/admin/user/mall/list_data")
    assert {r["userName"] for r in own["data"]["data"]} == {"fruitstaff", "fruitclerk", "fruitboss"}

    # A colleague who holds a permission the staff lacks is not theirs to disable, re-phone or re-password.
    boss = await SysUser.get(user_name="fruitboss")
    beyond = {"code": 500, "msg": "不能操作拥有超出自己权限的用户"}
    assert await staff.get("/admin/account_login_check/change_suer_status",
                           params={"userId": boss.user_id, "status": "1"}) == beyond
    for change in ({"phone": "13711113333"}, {"password": "taken999"}):
        assert await staff.post("/admin/account_login_check/edit_user_info",
                                json={"userId": boss.user_id, **change}) == beyond
    assert (await SysUser.get(user_id=boss.user_id)).status == "0"
    assert (await SysUser.get(user_id=boss.user_id)).phonenumber == boss.phonenumber
    assert (await senior.get("/getInfo"))["code"] == 200 and await token_for(client, "fruitboss", "secret123")

    clerk = await SysUser.get(user_name="fruitclerk")
    hill = await SysUser.get(user_name="hillclerk")
    me = await SysUser.get(user_name="fruitstaff")
    off = await staff.get("/admin/account_login_check/change_suer_status",
                          params={"userId": clerk.user_id, "status": "1"})
    assert off["code"] == 200 and (await SysUser.get(user_id=clerk.user_id)).status == "1"
    gone = await client.post("/login", json={"username": "fruitclerk", "password": "secret123"})
    assert (await gone.json())["code"] != 200
    assert (await staff.get("/admin/account_login_check/change_suer_status",
                            params={"userId": clerk.user_id, "status": "0"}))["code"] == 200
    self_off = await staff.get("/admin/account_login_check/change_suer_status",
                               params={"userId": me.user_id, "status": "1"})
    assert self_off == {"code": 500, "msg": "不能停用当前用户"}
    bad = await admin.get("/admin/account_login_check/change_suer_status", params={"userId": clerk.user_id,
                                                                                    "status": "9"})
    assert bad["code"] != 200
    not_a_shop = await admin.get("/admin/account_login_check/change_suer_status", params={"userId": 2, "status": "1"})
    assert not_a_shop["code"] == 404 and (await SysUser.get(user_id=2)).status == "0"

    phone = await staff.post("/admin/account_login_check/edit_user_info",
                             json={"userId": clerk.user_id, "phone": "13711112222"})
    assert phone == OK and (await SysUser.get(user_id=clerk.user_id)).phonenumber == "13711112222"
    pwd = await staff.post("/admin/account_login_check/edit_user_info",
                           json={"userId": clerk.user_id, "password": "newpass99"})
    assert pwd == OK
    assert await token_for(client, "fruitclerk", "newpass99")
    # the dialog sends both fields: the empty one changes nothing (issue 28: a password alone, a phone alone)
    only_pwd = await staff.post("/admin/account_login_check/edit_user_info",
                                json={"userId": clerk.user_id, "phone": "", "password": "alone123"})
    assert only_pwd == OK and (await SysUser.get(user_id=clerk.user_id)).phonenumber == "13711112222"
    assert await token_for(client, "fruitclerk", "alone123")
    only_phone = await staff.post("/admin/account_login_check/edit_user_info",
                                  json={"userId": clerk.user_id, "phone": "13711112299", "password": ""})
    assert only_phone == OK and (await SysUser.get(user_id=clerk.user_id)).phonenumber == "13711112299"
    assert await token_for(client, "fruitclerk", "alone123")
    assert (await staff.post("/admin/account_login_check/edit_user_info",
                             json={"userId": clerk.user_id, "phone": "13711112222"})) == OK
    for body, word in (({"userId": clerk.user_id}, "请填写新手机号或新密码"),
                       ({"userId": clerk.user_id, "phone": "", "password": ""}, "请填写新手机号或新密码"),
                       ({"userId": clerk.user_id, "phone": "12345"}, "格式"),
                       ({"userId": clerk.user_id, "password": "ab"}, "5 和 20"),
                       ({"userId": clerk.user_id, "uid": 1, "phone": "13711112223"}, "之一"),
                       ({"phone": "13711112223"}, "之一")):
        answer = await staff.post("/admin/account_login_check/edit_user_info", json=body)
        assert answer["code"] != 200 and word in answer["msg"], (body, answer)
    taken = await admin.post("/admin/account_login_check/edit_user_info",
                             json={"userId": hill.user_id, "phone": "13711112222"})
    assert taken == {"code": 500, "msg": "手机号码已被其他用户使用"}

    # an app user's edit is unchanged (uid), and takes the app users' permission
    await register(client, 7201, nickName="老用户", phone="13600001111")
    assert await admin.post("/admin/account_login_check/edit_user_info",
                            json={"uid": 7201, "phone": "13600002222"}) == OK
    assert await admin.post("/admin/account_login_check/edit_user_info",
                            json={"uid": 7201, "phone": "", "password": "alone123"}) == OK
    assert await admin.post("/admin/account_login_check/edit_user_info",
                            json={"uid": 7201, "phone": " ", "password": ""}) == {
        "code": 500, "msg": "请填写新手机号或新密码"}
    assert (await staff.post("/admin/account_login_check/edit_user_info",
                             json={"uid": 7201, "phone": "13600003333"})) == FORBIDDEN


async def test_every_call_needs_its_permission(start_app, make_settings):
    client, admin, mine, other, _ = await setup(start_app, make_settings)
    nobody = await operator(admin, "nobody", ("system:user:list",))
    sid = (await admin.post("/admin/mall/settled", json=APPLICATION))["data"]["id"]
    user = await SysUser.get(user_name="fruitstaff")
    calls = [
        ("GET", "/admin/mall/shop/list_data", {}),
        ("GET", "/admin/mall/shop/change_shelf", {"params": {"id": other.id}}),
        ("GET", "/admin/mall/shop/brand_sale", {"params": {"id": other.id}}),
        ("POST", "/admin/mall/shop/finance/edit", {"json": {"id": other.id, "rateBp": 1}}),
        ("GET", "/admin/mall/shop/update_areaId", {"params": {"id": other.id, "areaCode": "110105"}}),
        ("GET", "/admin/mall/shop/info_page", {"params": {"id": other.id}}),
        ("POST", "/admin/mall/shop/update_info", {"json": {"id": other.id, "name": "x店"}}),
        ("GET", "/admin/mall/shop/options", {}),
        ("POST", "/admin/mall/settled", {"json": {**APPLICATION, "shopName": "另一家", "account": "another"}}),
        ("GET", "/admin/settled_mall/list_data", {}),
        ("GET", "/admin/settled_mall/info_page", {"params": {"id": sid}}),
        ("POST", "/admin/settled_mall/audit_settled", {"json": {"id": sid, "status": "approved"}}),
        ("GET", "/admin/user/mall/list_data", {}),
        ("GET", "/admin/account_login_check/change_suer_status", {"params": {"userId": user.user_id, "status": "1"}}),
        ("POST", "/admin/account_login_check/edit_user_info",
         {"json": {"userId": user.user_id, "phone": "13711110000"}}),
    ]
    before = await snapshot(other.id)
    for method, path, kw in calls:
        assert await nobody.request(method, path, **kw) == FORBIDDEN, path
    assert await snapshot(other.id) == before
    assert (await MallSettled.get(id=sid)).status == "pending" and await MallSettled.all().count() == 1
    assert (await SysUser.get(user_id=user.user_id)).status == "0"


async def test_a_shop_account_names_another_shops_ids_and_nothing_changes(start_app, make_settings):
    _, admin, mine, other, staff = await setup(start_app, make_settings)
    await shop_staff(admin, other, "hillclerk", ("mall:goods:list",))
    hill = await SysUser.get(user_name="hillclerk")
    kept = ("status", "phonenumber", "password", "update_by", "update_time")
    hill_before = (await SysUser.filter(user_id=hill.user_id).values(*kept))[0]
    sid = (await admin.post("/admin/mall/settled", json=APPLICATION))["data"]["id"]
    before = await snapshot(other.id)
    calls = [
        ("GET", "/admin/mall/shop/change_shelf", {"params": {"id": other.id}}),
        ("GET", "/admin/mall/shop/brand_sale", {"params": {"id": other.id}}),
        ("POST", "/admin/mall/shop/finance/edit", {"json": {"id": other.id, "rateBp": 1}}),
        ("GET", "/admin/mall/shop/update_areaId", {"params": {"id": other.id, "areaCode": "110105"}}),
        ("GET", "/admin/mall/shop/info_page", {"params": {"id": other.id}}),
        ("POST", "/admin/mall/shop/update_info", {"json": {"id": other.id, "name": "x店"}}),
        ("GET", f"/admin/MallShop/{other.id}", {}),
        ("GET", f"/admin/MallShop/history/{other.id}", {}),
        ("GET", f"/admin/MallShop/shelf/{other.id}", {}),
        ("GET", "/admin/settled_mall/info_page", {"params": {"id": sid}}),
        ("POST", "/admin/settled_mall/audit_settled", {"json": {"id": sid, "status": "approved"}}),
        ("GET", "/admin/account_login_check/change_suer_status", {"params": {"userId": hill.user_id, "status": "1"}}),
        ("POST", "/admin/account_login_check/edit_user_info",
         {"json": {"userId": hill.user_id, "phone": "13711110000"}}),
        ("POST", "/admin/account_login_check/edit_user_info",
         {"json": {"userId": hill.user_id, "password": "hacked99"}}),
    ]
    # the operators' decisions (shelf, brand sale, rate, area, audit) are refused outright, whatever the id
    operators_only = {"/admin/mall/shop/change_shelf", "/admin/mall/shop/brand_sale", "/admin/mall/shop/finance/edit",
                      "/admin/mall/shop/update_areaId", f"/admin/MallShop/shelf/{other.id}",
                      "/admin/settled_mall/audit_settled"}
    for method, path, kw in calls:
        answer = await staff.request(method, path, **kw)
        assert answer["code"] == (403 if path in operators_only else 404), (path, answer)
    assert await snapshot(other.id) == before
    assert (await MallSettled.get(id=sid)).status == "pending" and not await MallShop.filter(settled_id=sid).exists()
    assert (await SysUser.filter(user_id=hill.user_id).values(*kept))[0] == hill_before
    listed = await staff.get("/admin/mall/shop/list_data", params={"name": "山货"})
    assert listed["data"]["total"] == 0 and listed["data"]["data"] == []
    assert (await staff.get("/admin/user/mall/list_data", params={"shopId": other.id}))["data"]["total"] == 0
    assert (await staff.get("/admin/settled_mall/list_data"))["data"]["total"] == 0  # only its own shop's application


async def test_the_screens_metadata_tells_each_caller_its_own_shop(aiohttp_client, start_app, make_settings):
    from tests.conftest import bearer
    from tests.test_bff import start_bff

    settings = make_settings(chat_partner_key=KEY)
    client = await start_app(settings)
    admin = Caller(client, await token_for(client))
    mine, other = await make_shop("鲜果时光旗舰店"), await make_shop("云南山货铺")
    await shop_staff(admin, mine, "fruitstaff", SHOP_PERMS)
    await shop_staff(admin, other, "hillclerk", ("mall:goods:list",))
    bff = await start_bff(aiohttp_client, client, settings)

    async def screen(user: str, password: str) -> dict:
        login = await (await bff.post("/bff/auth/login", json={"username": user, "password": password})).json()
        answer = await bff.get("/bff/screens/resource", params={"view": "mall/shopAccount/index"},
                               headers=bearer(login["data"]["token"]))
        return (await answer.json())["data"]

    first = await screen("admin", "admin123")  # an operator first: the metadata is not kept for the next caller
    assert first["meta"]["ownShop"] is None and first["page"]["total"] == 2
    staff = await screen("fruitstaff", "secret123")
    assert staff["meta"]["ownShop"] == mine.id
    assert [r["userName"] for r in staff["page"]["rows"]] == ["fruitstaff"]
    assert staff["page"]["rows"][0]["shopName"] == "鲜果时光旗舰店"
    assert (await screen("admin", "admin123"))["meta"]["ownShop"] is None
