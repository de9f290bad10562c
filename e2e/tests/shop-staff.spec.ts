import { expect, test, type Browser, type Page } from "./fixtures";
import { partnerPost, uniquePeerId } from "./chat-helpers";
import { ADMIN_STATE, submitLogin, rowAction } from "./helpers";
import { toast } from "./monitor-helpers";
import { resourceRow, stackPython } from "./order-helpers";

/** Issue 28 §1: what shop staff meet after signing in, and the refusals that were no one's to make. */
test.use({ storageState: ADMIN_STATE });

/** A shop approved by the operator (as in mall-shops.spec.ts): its name and its first account's name. */
async function approvedShop(page: Page): Promise<{ shopName: string; account: string }> {
  const uid = uniquePeerId();
  const shopName = `巷口杂货${uid}`;
  const account = `staff${uid}`;
  await partnerPost("/api/partner/v1/consumers", { uid, nickName: "入驻申请人" });
  await partnerPost("/api/partner/v1/mall/settled", {
    uid, shopName, contact: "李店长", phone: "13912345679", areaCode: "110105", address: "朝阳路2号", account,
  });
  await page.goto("/mall/settled");
  await page.getByTestId("query-shopName").fill(shopName);
  await page.getByTestId("query-search").click();
  const application = page.getByTestId("resource-screen-table").getByTestId("table-row").filter({ hasText: shopName });
  await rowAction(application, "row-action-audit");
  const dialog = page.getByTestId("resource-action");
  await dialog.getByTestId("form-status").selectOption("approved");
  await dialog.getByTestId("form-password").fill("Shop12345");
  await dialog.getByTestId("form-submit").click();
  // a decision cannot be changed: asked once more, naming the shop
  await expect(page.getByTestId("confirm-dialog")).toContainText(shopName);
  await page.getByTestId("confirm-ok").click();
  await expect(dialog).toBeHidden();
  return { shopName, account };
}

async function signedInAs(browser: Browser, username: string, password: string): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto("/login");
  await submitLogin(page, { username, password });
  return page;
}

/** In ``shopName``: a paid express order of 100.00 waiting to ship (placed today) and goods with 2 left; its number. */
function seedShopDay(shopName: string): string {
  return stackPython(
    [
      "import asyncio, sys",
      "from core_api.mall.goods.models import MallGoods",
      "from core_api.mall.shop.models import MallShop",
      "from core_api.model_index import model_modules",
      "from core_api.platform import db",
      "from core_api.platform.settings import Settings",
      "from tests.order_support import goods_of, make_order",
      "async def main():",
      "    ctx = await db.init_db(Settings(), model_modules())",
      "    shop = await MallShop.get(name=sys.argv[1])",
      "    _, skus = await goods_of(shop, sys.argv[1] + '毛巾', (10000,), stock=50)",
      "    scarce, _ = await goods_of(shop, sys.argv[1] + '茶杯', (3000,), stock=2)",
      "    order = await make_order(shop, 10000005, [(skus[0], 1)])",
      "    await MallGoods.filter(id=scarce.id).update(stock=2)",
      "    print(order.order_no)",
      "    await db.close_db(ctx)",
      "asyncio.run(main())",
    ],
    shopName,
  );
}

test("shop staff land on their shop's home with its figures, each opening its list; every way home leads there; their shops' area filter loads", async ({ page, browser }) => {
  const { shopName, account } = await approvedShop(page);
  const orderNo = seedShopDay(shopName);
  const staff = await signedInAs(browser, account, "Shop12345");
  await expect(staff.getByTestId("sidebar")).toBeVisible();
  await expect(staff).toHaveURL(/\/index$/);
  const home = staff.getByTestId("shop-home");
  await expect(home).toContainText(shopName);
  await expect(staff.getByTestId("status-403")).toHaveCount(0);
  await expect(staff.getByRole("heading", { level: 1 })).toHaveCount(1);
  const figure = (key: string) => staff.getByTestId(`shop-home-${key}`);
  await expect(figure("ordersToday").getByTestId("shop-home-value")).toHaveText("1");
  await expect(figure("ordersToday").getByTestId("shop-home-note")).toHaveText("今日实收 ¥100.00");
  await expect(figure("toShip").getByTestId("shop-home-value")).toHaveText("1");
  await expect(figure("afterSalesOpen").getByTestId("shop-home-value")).toHaveText("0");
  await expect(figure("lowStock").getByTestId("shop-home-value")).toHaveText("1");
  await expect(figure("lowStock").getByTestId("shop-home-note")).toHaveText("库存 ≤ 10");

  // 待发货 opens the to-ship list, holding that order; 库存不足 the goods at or below the threshold
  await figure("toShip").click();
  await expect(staff).toHaveURL(/\/order\/logistics$/);
  await expect(resourceRow(staff, orderNo)).toBeVisible();
  await staff.goto("/index");
  await figure("lowStock").click();
  await expect(staff).toHaveURL(/\/mall\/goods\?endStock=10$/);
  const goods = staff.getByTestId("resource-screen-table").getByTestId("table-row");
  await expect(goods).toHaveCount(1);
  await expect(goods.first()).toContainText(`${shopName}茶杯`);

  // the error pages' "返回首页" brings them home too
  await staff.goto("/no/such/page");
  await staff.getByTestId("status-404").getByRole("link", { name: "返回首页" }).click();
  await expect(staff).toHaveURL(/\/index$/);
  await expect(staff.getByTestId("shop-home")).toBeVisible();

  // 店铺管理: the area filter's levels load (no "当前操作没有权限"), and filtering by Beijing keeps their shop
  await staff.goto("/mall/shop");
  const area = staff.getByTestId("query-areaCode");
  await area.getByTestId("query-areaCode-level-0").selectOption({ label: "北京市" });
  await area.getByTestId("query-areaCode-level-1").selectOption({ label: "北京市" });
  await area.getByTestId("query-areaCode-level-2").selectOption({ label: "朝阳区" });
  await staff.getByTestId("query-search").click();
  const rows = staff.getByTestId("resource-screen-table").getByTestId("table-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(shopName);
  await expect(rows.first()).toContainText("北京市/北京市/朝阳区");
  await expect(toast(staff, "当前操作没有权限")).toHaveCount(0);
  await staff.context().close();
});

test("修改手机/密码 changes the password alone; both empty is refused with the reason", async ({ page, browser }) => {
  const { account } = await approvedShop(page);
  await page.goto("/mall/shopAccount");
  await page.getByTestId("query-userName").fill(account);
  await page.getByTestId("query-search").click();
  const row = page.getByTestId("resource-screen-table").getByTestId("table-row").filter({ hasText: account });
  await expect(row).toHaveCount(1);
  const dialog = page.getByTestId("resource-action");

  await rowAction(row, "row-action-editInfo");
  await dialog.getByTestId("form-submit").click();
  await expect(toast(page, "请填写新手机号或新密码")).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByTestId("form-password").fill("Fresh12345");
  await dialog.getByTestId("form-submit").click();
  await expect(dialog).toBeHidden();

  // the new password signs in; the old one no longer does
  const staff = await signedInAs(browser, account, "Fresh12345");
  await expect(staff.getByTestId("sidebar")).toBeVisible();
  await staff.context().close();
  const stale = await signedInAs(browser, account, "Shop12345");
  await expect(stale.getByTestId("login-error")).toBeVisible();
  await stale.context().close();
});

test("订单列表 offers no 新增: the app places orders", async ({ page }) => {
  await page.goto("/order/main");
  await expect(page.getByTestId("resource-screen-table")).toBeVisible();
  await expect(page.getByTestId("toolbar-add")).toHaveCount(0);
  await expect(page.getByTestId("toolbar-export")).toBeVisible(); // the toolbar is there, only 新增 is not
});
