import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test, type Page } from "./fixtures";
import { ADMIN_STATE, rowAction } from "./helpers";
import { unique } from "./system-helpers";

test.use({ storageState: ADMIN_STATE });

const PYTHON = path.resolve(__dirname, "../../.venv/bin/python");

interface Seeded {
  toShip: string;
  toPickup: string;
  pickupCode: string;
}

/** A shop with an express order to ship and a pick-up order, written as a paid checkout leaves them (the
 * placement is another feature's), and the "paid" order event of the first turned into an order message by the
 * message centre's own handler. */
function seedOrders(name: string): Seeded {
  const script = [
    "import asyncio, json, sys",
    "from core_api.model_index import model_modules",
    "from core_api.platform import db",
    "from core_api.platform.settings import Settings",
    "from core_api.messaging.service import on_order_flow",
    "from core_api.order.core import flow",
    "from tests.mall_support import make_shop",
    "from tests.order_support import goods_of, make_order",
    "async def main():",
    "    ctx = await db.init_db(Settings(), model_modules())",
    "    name = sys.argv[1]",
    "    shop = await make_shop(name + '店')",
    "    _, skus = await goods_of(shop, name)",
    "    ship = await make_order(shop, 10000001, [(skus[0], 1)], goods_name=name)",
    "    pick = await make_order(shop, 10000001, [(skus[1], 1)], status=flow.TO_PICKUP, delivery='pickup', goods_name=name)",
    "    await on_order_flow(flow.event('paid', ship, ship.create_time, ref='pay', amount_fen=ship.pay_fen))",
    "    print(json.dumps({'toShip': ship.order_no, 'toPickup': pick.order_no, 'pickupCode': pick.pickup_code}))",
    "    await db.close_db(ctx)",
    "asyncio.run(main())",
  ].join("\n");
  const out = execFileSync(PYTHON, ["-c", script, name], { cwd: path.resolve(__dirname, "../..") }).toString();
  return JSON.parse(out.trim().split("\n").pop() ?? "{}") as Seeded;
}

function row(page: Page, text: string) {
  return page.getByTestId("resource-screen-table").getByTestId("table-row").filter({ hasText: text });
}

test("staff ship an order, confirm a pick-up by code and open an order message's detail", async ({ page }) => {
  const name = unique("订单商品");
  const seeded = seedOrders(name);

  // ship: carrier and tracking number in the row's dialog; the order turns shipped with its log row
  await page.goto(`/order/shop?orderNo=${seeded.toShip}`);
  const record = row(page, seeded.toShip);
  await expect(record).toContainText("待发货");
  await rowAction(record, "row-action-ship");
  const ship = page.getByTestId("resource-action");
  await ship.getByTestId("form-carrier").selectOption("SF");
  await ship.getByTestId("form-trackingNo").fill("12");
  await ship.getByTestId("form-submit").click();
  await expect(page.getByText("物流单号格式不正确")).toBeVisible();
  await ship.getByTestId("form-trackingNo").fill("SF1234567890");
  await ship.getByTestId("form-submit").click();
  await expect(ship).toBeHidden();
  await expect(record).toContainText("已发货");
  await expect(record).toContainText("SF1234567890");
  await rowAction(record, "row-action-detail");
  await expect(page.getByTestId("order-detail-status")).toHaveText("已发货");
  await expect(page.getByTestId("order-detail-logistics")).toContainText("SF1234567890");
  await expect(page.getByTestId("order-detail-log-row").filter({ hasText: "发货" })).toContainText("顺丰速运 SF1234567890");

  // pick-up: a wrong code is refused, the right one completes the order
  await page.goto(`/order/shop?orderNo=${seeded.toPickup}`);
  const pickup = row(page, seeded.toPickup);
  await expect(pickup).toContainText("待自提");
  await rowAction(pickup, "row-action-pickup");
  const dialog = page.getByTestId("resource-action");
  await dialog.getByTestId("form-pickupCode").fill("000000");
  await dialog.getByTestId("form-submit").click();
  await expect(page.getByText("提货码不正确")).toBeVisible();
  await dialog.getByTestId("form-pickupCode").fill(seeded.pickupCode);
  await dialog.getByTestId("form-submit").click();
  await expect(dialog).toBeHidden();
  await expect(pickup).toContainText("已完成");

  // the order message (1901) opens /myMenu/orderDetail with the shop order shown
  await page.getByTestId("unread-badge").click();
  await page.getByTestId("message-tab-order").click();
  const message = page.getByTestId("message-list-order").locator('[data-testid="message-item"]', { hasText: seeded.toShip });
  await expect(message).toHaveAttribute("data-type", "1901");
  await message.click();
  await expect(page).toHaveURL(new RegExp(`/myMenu/orderDetail\\?orderNo=${seeded.toShip}$`));
  await expect(page.getByTestId("order-detail-shop-no").first()).toContainText(seeded.toShip);
  await expect(page.getByTestId("order-detail-line").first()).toContainText(name);
});

/** A points-mall redemption as the app's redeem call leaves it (goods, points credited then spent, to ship). */
function seedPointsOrder(name: string): { orderNo: string } {
  const script = [
    "import asyncio, json, sys",
    "from datetime import datetime, timezone",
    "from tortoise.transactions import in_transaction",
    "from core_api.model_index import model_modules",
    "from core_api.platform import db",
    "from core_api.platform.settings import Settings",
    "from core_api.mall.integral_goods.models import MallIntegralGoods",
    "from core_api.points.ledger import service as points",
    "from core_api.points.order import service",
    "async def main():",
    "    ctx = await db.init_db(Settings(), model_modules())",
    "    name, now, uid = sys.argv[1], datetime.now(timezone.utc), 10000002",
    "    goods = await MallIntegralGoods.create(name=name, pics='', category_id=1, points=30, stock=5, shelf='1')",
    "    await points.ensure_account(uid, now)",
    "    async with in_transaction():",
    "        await points.move(uid, 100, 'e2e-credit-' + name, 'credit', now, remark='e2e')",
    "    receiver = {'name': '张三', 'phone': '13800138000', 'address': '上海市浦东新区世纪大道1号'}",
    "    order, _ = await service.redeem(uid, goods.id, 2, 'e2e-redeem-' + name, receiver, now)",
    "    print(json.dumps({'orderNo': order.order_no}))",
    "    await db.close_db(ctx)",
    "asyncio.run(main())",
  ].join("\n");
  const out = execFileSync(PYTHON, ["-c", script, name], { cwd: path.resolve(__dirname, "../..") }).toString();
  return JSON.parse(out.trim().split("\n").pop() ?? "{}") as { orderNo: string };
}

test("a points order's detail opens from its row: goods, status, ship from the detail and its log", async ({ page }) => {
  const name = unique("积分商品");
  const { orderNo } = seedPointsOrder(name);
  await page.goto(`/order/integral?orderNo=${orderNo}`);
  const record = row(page, orderNo);
  await expect(record).toContainText("待发货");
  await rowAction(record, "row-action-detail");
  await expect(page).toHaveURL(/\/order\/integral-detail\?id=\d+$/);
  const detail = page.getByTestId("points-detail");
  await expect(page.getByTestId("points-detail-no")).toContainText(orderNo);
  await expect(page.getByTestId("points-detail-goods")).toContainText(name);
  await expect(page.getByTestId("points-detail-points")).toHaveText("60");
  await expect(page.getByTestId("points-detail-status")).toHaveText("待发货");
  await expect(page.getByTestId("points-detail-cancel")).toBeVisible();
  // ship from the detail: a malformed number is refused before it is sent, then the order is shipped
  await page.getByTestId("points-detail-ship").click();
  const ship = page.getByTestId("points-detail-action");
  await ship.getByTestId("form-carrier").selectOption("ZTO");
  await ship.getByTestId("form-trackingNo").fill("中文");
  await ship.getByTestId("form-submit").click();
  await expect(page.getByText("物流单号为4到64位字母、数字或短横线")).toBeVisible();
  await ship.getByTestId("form-trackingNo").fill("ZT20261124001");
  await ship.getByTestId("form-submit").click();
  await expect(ship).toBeHidden();
  await expect(detail).toHaveAttribute("data-status", "shipped");
  await expect(page.getByTestId("points-detail-status")).toHaveText("已发货");
  await expect(page.getByTestId("points-detail-tracking")).toHaveText("ZT20261124001");
  await expect(page.getByTestId("points-detail-cancel")).toHaveCount(0);
  await expect(page.getByTestId("points-detail-log-row").filter({ hasText: "ZT20261124001" })).toContainText("中通快递");
});
