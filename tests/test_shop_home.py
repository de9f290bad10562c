"""A shop account's home (issue 28 §1): its own shop's figures of the day, from real orders, after-sales and
stock of two shops; the shop is the caller's, never the request's; an operator keeps the platform home."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from core_api.mall.goods.models import MallGoods
from core_api.monitor.logininfor.models import SysLogininfor
from core_api.order.aftersale.models import OrderAfterSale
from core_api.order.core import flow
from core_api.order.core.models import OrderLine
from core_api.seed.data import SHOP_STAFF_PERMS
from core_api.system.config.models import SysConfig
from core_api.system.menu.models import SysMenu
from core_api.system.user.models import SysUser
from tests.conftest import bearer, eventually
from tests.mall_support import make_shop, shop_staff
from tests.order_support import goods_of, make_order
from tests.test_bff import start_bff
from tests.test_escalation import make_role, make_user, menu_ids, sign_in
from tests.test_order_aftersale import apply, setup

HOME = "/index/shop-home"
SCREEN = "/bff/screens/shop-home"


async def two_shops(client):
    """Shop A: three orders today (one unpaid), one yesterday, two after-sales (one open, one finished), goods of
    stock 3 (low) and 40; shop B: one order today to ship and low-stock goods of its own."""
    now = datetime.now(UTC)
    shop_a, shop_b = await make_shop("甲家小店"), await make_shop("乙家小店")
    low_a, skus_a = await goods_of(shop_a, "甲的毛巾", (1250,), stock=20)
    plenty, _ = await goods_of(shop_a, "甲的牙刷", (500,), stock=40)
    low_b, skus_b = await goods_of(shop_b, "乙的杯子", (3300,), stock=20)
    a1 = await make_order(shop_a, 8001, [(skus_a[0], 2)], now=now)  # to ship, 25.00
    a2 = await make_order(shop_a, 8002, [(skus_a[0], 1)], now=now, status=flow.SHIPPED)  # 12.50
    await make_order(shop_a, 8003, [(skus_a[0], 1)], now=now, status=flow.UNPAID)  # placed, not paid
    await make_order(shop_a, 8001, [(skus_a[0], 4)], now=now - timedelta(days=2))  # to ship, not today
    b1 = await make_order(shop_b, 8002, [(skus_b[0], 1)], now=now)
    line = await OrderLine.get(shop_order_id=a1.id)
    assert (await apply(client, 8001, line.id))["code"] == 200  # open: applied
    done = await OrderLine.get(shop_order_id=a2.id)
    await OrderAfterSale.create(after_sale_no="AS-HOME-DONE", request_no="home-done", uid=8002, main_id=a2.main_id,
                                shop_order_id=a2.id, shop_id=shop_a.id, line_id=done.id, kind="refund",
                                status="refunded", quantity=1, amount_fen=done.pay_fen, before_ship=False,
                                create_time=now)  # finished: not counted
    await MallGoods.filter(id=low_a.id).update(stock=3)
    await MallGoods.filter(id=plenty.id).update(stock=40)
    await MallGoods.filter(id=low_b.id).update(stock=0)
    return shop_a, shop_b, (a1, a2, b1), now


async def test_shop_staff_see_their_own_shops_figures(aiohttp_client, start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    bff = await start_bff(aiohttp_client, client, make_settings())
    shop_a, shop_b, (a1, a2, _b1), _ = await two_shops(client)
    staff_a = await shop_staff(admin, shop_a, "home_a", tuple(SHOP_STAFF_PERMS))
    staff_b = await shop_staff(admin, shop_b, "home_b", tuple(SHOP_STAFF_PERMS))
    mine = await staff_a.get(HOME)
    assert mine["code"] == 200, mine
    data = mine["data"]
    assert data["shopId"] == shop_a.id and data["shopName"] == "甲家小店"
    assert data["ordersToday"] == 3  # the unpaid one is an order placed today too
    assert data["paidFenToday"] == a1.pay_fen + a2.pay_fen == 3750  # only what was paid
    # to ship: today's express order and the one of two days ago; after-sales: the open one only
    assert (data["toShip"], data["afterSalesOpen"], data["lowStock"], data["lowStockThreshold"]) == (2, 1, 1, 10)
    # shop B's staff see shop B's, whatever they ask for
    theirs = (await staff_b.get(HOME, params={"shopId": shop_a.id}))["data"]
    assert (theirs["shopId"], theirs["ordersToday"], theirs["toShip"], theirs["afterSalesOpen"],
            theirs["lowStock"]) == (shop_b.id, 1, 1, 0, 1)
    # the BFF screen answers the same, in one call
    screen = await (await bff.get(SCREEN, headers=bearer(staff_a.token))).json()
    assert screen["code"] == 200 and screen["data"] == data
    # the threshold is a parameter: at 40, the second goods item is low too
    await SysConfig.filter(config_key="biz.mall.lowStock").update(config_value="40")
    await admin.delete("/system/config/refreshCache")
    raised = (await staff_a.get(HOME))["data"]
    assert (raised["lowStock"], raised["lowStockThreshold"]) == (2, 40)


async def test_operators_and_staff_without_the_permission_are_refused(aiohttp_client, start_app, make_settings):
    client, admin = await setup(start_app, make_settings)
    bff = await start_bff(aiohttp_client, client, make_settings())
    shop_a, _, _, _ = await two_shops(client)
    out = await admin.get(HOME)  # an operator: the platform home is theirs
    assert out["code"] == 403 and out["msg"] == "店铺首页只对店铺账号开放", out
    assert (await admin.get(HOME, headers={"Accept-Language": "en"}))["msg"] == \
        "The shop home is for shop accounts only"
    assert (await (await bff.get(SCREEN, headers=bearer(admin.token))).json())["code"] == 403
    bare = await shop_staff(admin, shop_a, "home_none", ("order:shop:list",))
    assert (await bare.get(HOME))["code"] == 403
    # a threshold that is not a whole number falls back to 10 rather than failing the home
    staff = await shop_staff(admin, shop_a, "home_c", ("index:shopHome:view",))
    await SysConfig.filter(config_key="biz.mall.lowStock").update(config_value="abc'; drop table mall_goods")
    await admin.delete("/system/config/refreshCache")
    home = await staff.get(HOME)
    assert home["code"] == 200 and home["data"]["lowStockThreshold"] == 10 and home["data"]["lowStock"] == 1


async def test_a_shop_accounts_platform_home_counts_its_own_shop_only(aiohttp_client, start_app, make_settings):
    """/index/dashboard for a shop account: its shop's accounts, roles, sessions and sign-ins, and today's
    figures of its shop; the platform's totals stay the operators'."""
    client, admin = await setup(start_app, make_settings)
    shop_a, shop_b, _, _ = await two_shops(client)
    perms = ("index:dashboard:view", "monitor:logininfor:list")
    staff_a = await shop_staff(admin, shop_a, "dash_a", perms)
    await shop_staff(admin, shop_b, "dash_b", perms)
    await eventually(lambda: SysLogininfor.filter(user_name="dash_b").exists())
    platform = (await admin.get("/index/dashboard"))["data"]
    assert platform["userTotal"] >= 4 and platform["onlineSessions"] >= 3 and platform["roleTotal"] >= 3
    assert {"admin", "dash_a", "dash_b"} <= {r["userName"] for r in platform["recentLogins"]}
    out = await staff_a.get("/index/dashboard")
    assert out["code"] == 200, out
    mine = out["data"]
    assert (mine["userTotal"], mine["userEnabled"], mine["roleTotal"], mine["deptTotal"],
            mine["onlineSessions"]) == (1, 1, 1, 0, 1)
    assert sum(day["success"] for day in mine["loginsPerDay"]) == 1
    assert mine["recentLogins"] is None  # the login log is the platform's: no shop account reads it
    assert mine["live"] == {"ordersToday": 3, "afterSalesOpen": 1, "chatsWaiting": 0}


async def test_a_shop_account_holds_no_platform_screen_whatever_its_role_grants(aiohttp_client, start_app,
                                                                                make_settings):
    """The login and operation logs, the online sessions and the user list have no shop scope: a role granting them
    to a shop account gives it nothing there (refused, not among its permissions, no menu), and the same role still
    serves an operator."""
    client, admin = await setup(start_app, make_settings)
    shop = await make_shop("丙家小店")
    screens = await menu_ids("monitor:logininfor:list", "monitor:operlog:list", "monitor:online:list",
                             "system:user:list", "order:shop:list")
    directories = await SysMenu.filter(menu_id__in=screens).values_list("parent_id", flat=True)
    role = await make_role(admin, "r_platform", (), menuIds=sorted({*screens, *directories}))
    staff_user = await make_user(admin, "plat_staff", None, [role.role_id])
    await SysUser.filter(user_id=staff_user.user_id).update(shop_id=shop.id)
    await make_user(admin, "plat_op", None, [role.role_id])
    staff, operator = await sign_in(admin, "plat_staff"), await sign_in(admin, "plat_op")
    for path in ("/monitor/logininfor/list", "/monitor/operlog/list", "/monitor/online/list", "/system/user/list"):
        assert (await staff.get(path))["code"] == 403, path
        assert (await operator.get(path))["code"] == 200, path
    held = set((await staff.get("/getInfo"))["permissions"])
    assert held == {"order:shop:list"}
    assert "monitor:logininfor:list" in (await operator.get("/getInfo"))["permissions"]
    staff_menus = {r["path"] for r in (await staff.get("/getRouters"))["data"]}
    operator_menus = {r["path"] for r in (await operator.get("/getRouters"))["data"]}
    assert {"/monitor", "/system"} <= operator_menus
    assert not {"/monitor", "/system"} & staff_menus and "/order" in staff_menus
