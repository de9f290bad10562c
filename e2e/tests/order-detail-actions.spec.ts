import { partnerPost } from "./chat-helpers";
import { expect, test } from "./fixtures";
import { ADMIN_STATE, rowAction, rowActionShown } from "./helpers";
import { resourceRow, stackPython } from "./order-helpers";
import { unique } from "./system-helpers";

test.use({ storageState: ADMIN_STATE });

interface Seeded {
  plain: string;
  held: string;
  heldLine: number;
  unpaid: string;
  unpaidMain: string;
  unpaidYuan: string;
  uid: number;
}

/** A shop with two paid express orders to ship (one will get an after-sale) and one unpaid order, written as a
 * checkout leaves them (placing is the order flow's subject). */
function seedOrders(name: string): Seeded {
  return JSON.parse(
    stackPython(
      [
        "import asyncio, json, sys",
        "from core_api.model_index import model_modules",
        "from core_api.order.core import flow",
        "from core_api.order.core.models import OrderLine",
        "from core_api.platform import db",
        "from core_api.platform.settings import Settings",
        "from tests.mall_support import make_shop",
        "from tests.order_support import goods_of, make_order",
        "async def main():",
        "    ctx = await db.init_db(Settings(), model_modules())",
        "    name, uid = sys.argv[1], 10000003",
        "    shop = await make_shop(name + '店')",
        "    _, skus = await goods_of(shop, name)",
        "    plain = await make_order(shop, uid, [(skus[0], 1)], goods_name=name)",
        "    held = await make_order(shop, uid, [(skus[1], 1)], goods_name=name)",
        "    unpaid = await make_order(shop, uid, [(skus[0], 2)], status=flow.UNPAID, goods_name=name)",
        "    line = await OrderLine.filter(shop_order_id=held.id).first()",
        "    print(json.dumps({'plain': plain.order_no, 'held': held.order_no, 'heldLine': line.id, 'uid': uid,",
        "                      'unpaid': unpaid.order_no, 'unpaidMain': unpaid.main_no,",
        "                      'unpaidYuan': f'{unpaid.pay_fen / 100:.2f}'}))",
        "    await db.close_db(ctx)",
        "asyncio.run(main())",
      ],
      name,
    ) || "{}",
  ) as Seeded;
}

test("the demo's pictures load: the home slides show their image", async ({ page }) => {
  await page.goto("/mall/carousel");
  const image = page.getByTestId("resource-screen-table").getByTestId("table-row").first().locator("img").first();
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute("src", /\/demo\/carousel\/\d+\.jpg$/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
});

test("an order with an open after-sale is tagged in the to-ship list and offers no 发货; the detail ships, closes and shows its breadcrumb once", async ({ page }) => {
  const name = unique("详情商品");
  const seeded = seedOrders(name);
  const applied = await partnerPost<{ status: string }>("/api/partner/v1/order/after_sale/apply", {
    uid: seeded.uid, requestNo: `e2e-detail-as-${seeded.held}`, lineId: seeded.heldLine, kind: "refund", quantity: 1, reason: "不想要了",
  });
  expect(applied.status).toBe("applied");

  // the to-ship list: the held order says so and has no 发货; the other one ships as before
  await page.goto(`/order/logistics?orderNo=${seeded.held}`);
  const held = resourceRow(page, seeded.held);
  await expect(held).toContainText("售后中·待审核");
  await expect.poll(() => rowActionShown(held, "row-action-detail")).toBe(true);
  await expect.poll(() => rowActionShown(held, "row-action-ship")).toBe(false);
  await page.goto(`/order/logistics?orderNo=${seeded.plain}`);
  const plain = resourceRow(page, seeded.plain);
  await expect(plain).not.toContainText("售后中");
  await expect.poll(() => rowActionShown(plain, "row-action-ship")).toBe(true);

  // the held order's detail: the tag, no ship, a link to its after-sale
  await page.goto(`/order/shop?orderNo=${seeded.held}`);
  await rowAction(resourceRow(page, seeded.held), "row-action-detail");
  await expect(page.getByTestId("order-detail-after-sale")).toHaveText("售后中·待审核");
  await expect(page.getByTestId("order-detail-action-ship")).toHaveCount(0);
  await expect(page.getByTestId("order-detail-after-sale-link")).toHaveAttribute("href", /\/order\/afterSale\?status=applied$/);

  // a paid order's detail: ship it from there and see its state change; the breadcrumb names each level once
  await page.goto(`/order/shop?orderNo=${seeded.plain}`);
  await rowAction(resourceRow(page, seeded.plain), "row-action-detail");
  await expect(page).toHaveURL(/\/order\/shop-detail\?id=\d+$/);
  await expect(page.getByTestId("order-detail-status")).toHaveText("待发货");
  await expect(page.getByTestId("breadcrumb")).toHaveText(/^首页\s*\/\s*订单管理\s*\/\s*商城订单详情$/);
  await page.getByTestId("order-detail-action-ship").click();
  const dialog = page.getByTestId("order-detail-dialog");
  await dialog.getByTestId("form-carrier").selectOption("ZTO");
  await dialog.getByTestId("form-trackingNo").fill("ZT2028000001");
  await dialog.getByTestId("form-submit").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("order-detail-status")).toHaveText("已发货");
  await expect(page.getByTestId("order-detail-logistics")).toContainText("ZT2028000001");
  await expect(page.getByTestId("order-detail-action-ship")).toHaveCount(0);
  await expect(page.getByTestId("order-detail-action-editLogistics")).toBeVisible();

  // an unpaid order, opened as an order message opens it (/myMenu/orderDetail): closed only after a confirmation
  // naming its number and amount; the remark is written from the detail too
  await page.goto(`/myMenu/orderDetail?orderNo=${seeded.unpaidMain}`);
  await expect(page.getByTestId("order-detail-status")).toHaveText("待付款");
  const crumbs = (await page.getByTestId("breadcrumb").innerText()).split("/").map((s) => s.trim());
  expect(crumbs).toEqual(["首页", "订单详情"]);
  await page.getByTestId("order-detail-edit-remark").click();
  await dialog.getByTestId("form-remark").fill("买家电话确认取消");
  await dialog.getByTestId("form-submit").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("order-detail-remark")).toContainText("买家电话确认取消");
  await page.getByTestId("order-detail-close").click();
  await dialog.getByTestId("form-reason").fill("买家要求取消");
  await dialog.getByTestId("form-submit").click();
  const confirm = page.getByTestId("confirm-dialog");
  await expect(confirm).toContainText(seeded.unpaid);
  await expect(confirm).toContainText(`¥${seeded.unpaidYuan}`);
  await page.getByTestId("confirm-cancel").click();
  await expect(page.getByTestId("order-detail-status")).toHaveText("待付款");
  await dialog.getByTestId("form-submit").click();
  await page.getByTestId("confirm-ok").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("order-detail-status")).toHaveText("已关闭");
  await expect(page.getByTestId("order-detail-close")).toHaveCount(0);
  await expect(page.getByTestId("order-detail-log-row").filter({ hasText: "关闭" })).toContainText("买家要求取消");
});
