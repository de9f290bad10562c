import { expect, test } from "./fixtures";
import { badgeTotal, openConsole, partnerPost, pickupCodeOf, uniquePeerId } from "./chat-helpers";
import { ADMIN_STATE, rowAction } from "./helpers";
import { goodsStock, placeAndPay, resourceRow as shopRow, seedGoods } from "./order-helpers";
import { unique } from "./system-helpers";

test.use({ storageState: ADMIN_STATE });

const STOCK = 20;

/** The buyer's points balance through what exists: a repeated grant (same bizNo) adds nothing and answers it. */
async function pointsBalance(uid: number): Promise<number> {
  const again = await partnerPost<{ applied: boolean; balance: number }>("/api/partner/v1/points/credit", { uid, points: 1000, bizNo: `e2e-flow-${uid}` });
  expect(again.applied).toBe(false);
  return again.balance;
}

test("an order placed and paid by the app reaches staff live; shipped, one line returned and refunded, a pick-up confirmed by code", async ({ page }) => {
  test.setTimeout(120_000); // about 40 s on a quiet machine; the shared one is slower at times
  const name = unique("流程商品");
  const goods = seedGoods(name, STOCK);
  const [skuA, skuB] = goods.skus;
  const uid = uniquePeerId();
  await partnerPost("/api/partner/v1/consumers", { uid, nickName: `流程买家${uid}` });
  expect((await partnerPost<{ balance: number }>("/api/partner/v1/points/credit", { uid, points: 1000, bizNo: `e2e-flow-${uid}` })).balance).toBe(1000);

  // staff have the console open; the order count in the message centre
  await openConsole(page);
  const badgeBefore = await badgeTotal(page);

  // the app places (2 × 50.00 + 1 × 30.00, 200 points = 2.00 yuan) and the wallet reports it paid
  const order = await placeAndPay(uid, { shops: [{ shopId: goods.shopId, delivery: "express", items: [{ skuId: skuA, quantity: 2 }, { skuId: skuB, quantity: 1 }] }], points: 200 });
  expect(order.pointsUsed).toBe(200);
  const shopNo = order.shopOrders[0].orderNo;
  expect(await pointsBalance(uid)).toBe(800);

  // live, without a reload: the header badge and the order tab gain the "new order" message (1901)
  await expect.poll(() => badgeTotal(page), { timeout: 30_000 }).toBeGreaterThan(badgeBefore);
  await page.getByTestId("unread-badge").click();
  await page.getByTestId("message-tab-order").click();
  const message = page.getByTestId("message-list-order").locator('[data-testid="message-item"]', { hasText: shopNo });
  await expect(message).toHaveAttribute("data-type", "1901");
  await expect(message).toHaveAttribute("data-readed", "false");
  await expect(message).toContainText("新订单待处理");
  await message.click();
  await expect(page).toHaveURL(new RegExp(`/myMenu/orderDetail\\?orderNo=${shopNo}$`));
  await expect(page.getByTestId("order-detail-shop-no").first()).toContainText(shopNo);
  await expect(page.getByTestId("order-detail-status").first()).toHaveText("待发货");
  await expect(page.getByTestId("order-detail-line")).toHaveCount(2);
  await expect(page.getByTestId("order-detail-log-row").filter({ hasText: "支付" })).toHaveCount(1);

  // the reservation shows on the goods screen (its two SKUs together)
  expect(await goodsStock(page, name)).toEqual({ stock: 2 * STOCK - 3, sales: 3 });

  // staff ship it: carrier and tracking number
  await page.goto(`/order/shop?orderNo=${shopNo}`);
  const record = shopRow(page, shopNo);
  await expect(record).toContainText("待发货");
  await rowAction(record, "row-action-ship");
  const ship = page.getByTestId("resource-action");
  await ship.getByTestId("form-carrier").selectOption("SF");
  const tracking = `SF${Date.now()}`;
  await ship.getByTestId("form-trackingNo").fill(tracking);
  await ship.getByTestId("form-submit").click();
  await expect(ship).toBeHidden();
  await expect(record).toContainText("已发货");

  // the buyer returns one of the two 50.00 units (shipped: only a return and refund is allowed)
  const lineA = order.shopOrders[0].lines.find((l) => l.skuId === skuA)!;
  expect(lineA.quantity).toBe(2);
  const applied = await partnerPost<{ id: number; afterSaleNo: string; amountFen: number; status: string }>("/api/partner/v1/order/after_sale/apply", {
    uid, requestNo: `e2e-flow-as-${uid}`, lineId: lineA.lineId, kind: "return_refund", quantity: 1, reason: "尺码不合适",
  });
  expect(applied.status).toBe("applied");
  expect(applied.amountFen).toBe(Math.floor(lineA.payFen / 2));

  // staff approve the return in the after-sale screen; the buyer sends it back; staff receive it sellable
  await page.goto("/order/afterSale");
  const afterSale = page.getByTestId(`aftersale-row-${applied.afterSaleNo}`);
  await expect(afterSale).toHaveAttribute("data-status", "applied");
  await afterSale.getByTestId("aftersale-approve").click();
  await page.getByTestId("aftersale-confirm").click();
  await expect(afterSale).toHaveAttribute("data-status", "awaiting_return");
  await partnerPost("/api/partner/v1/order/after_sale/return_shipped", { uid, afterSaleId: applied.id, carrier: "顺丰速运", trackingNo: `SF${uid}R` });
  await page.reload();
  await expect(afterSale).toHaveAttribute("data-status", "return_shipped");
  await afterSale.getByTestId("aftersale-receive").click();
  await expect(page.getByTestId("aftersale-sellable")).toBeChecked();
  await page.getByTestId("aftersale-confirm").click();
  await expect(afterSale).toHaveAttribute("data-status", "awaiting_refund");

  // finance executes it in the refund screen
  await page.goto("/finance/refund");
  const queued = page.getByTestId(`finance-refund-row-${applied.afterSaleNo}`);
  await expect(queued).toHaveAttribute("data-status", "awaiting_refund");
  await queued.getByTestId("finance-refund-execute").click();
  await page.getByTestId("confirm-ok").click(); // the refund is confirmed first, naming its amount
  await expect(queued).toHaveAttribute("data-status", "refunded");

  // the effects: the order log has each step, the unit is back on its SKU, the points spent on it came back
  await page.goto(`/myMenu/orderDetail?orderNo=${shopNo}`);
  const log = page.getByTestId("order-detail-log-row");
  const steps = ["下单", "支付", `顺丰速运 ${tracking}`, `申请退货退款 ${applied.afterSaleNo}`, "待审核 → 待退货", "待退货 → 买家已退货",
    "买家已退货 → 已收货，可再次销售", "已收货 → 待退款", "待退款 → 退款中", "退款中 → 已退款", `库存退回 SKU ${skuA} × 1`];
  for (const step of steps) {
    await expect(log.filter({ hasText: step }).first(), step).toBeVisible();
  }
  await expect(page.getByTestId("order-detail-status").first()).toHaveText("已发货");
  await expect(page.getByTestId("order-detail-pay").filter({ hasText: `¥${(applied.amountFen / 100).toFixed(2)}` })).toHaveCount(1);
  expect(await goodsStock(page, name)).toEqual({ stock: 2 * STOCK - 2, sales: 2 });
  const pointsBack = Math.floor((lineA.pointsUsed * applied.amountFen) / lineA.payFen); // pro rata of the line's refund
  expect(pointsBack).toBeGreaterThan(0);
  expect(await pointsBalance(uid)).toBe(800 + pointsBack);

  // a pick-up order: paid, then confirmed at the counter by the code the buyer shows
  const pickup = await placeAndPay(uid, { shops: [{ shopId: goods.shopId, delivery: "pickup", items: [{ skuId: skuB, quantity: 1 }] }] });
  const pickupNo = pickup.shopOrders[0].orderNo;
  const code = pickupCodeOf(pickupNo);
  expect(code).toMatch(/^\d{6}$/);
  await page.goto(`/order/shop?orderNo=${pickupNo}`);
  const pickRow = shopRow(page, pickupNo);
  await expect(pickRow).toContainText("待自提");
  await rowAction(pickRow, "row-action-pickup");
  const dialog = page.getByTestId("resource-action");
  await dialog.getByTestId("form-pickupCode").fill(code === "000000" ? "111111" : "000000");
  await dialog.getByTestId("form-submit").click();
  await expect(page.getByText("提货码不正确")).toBeVisible();
  await dialog.getByTestId("form-pickupCode").fill(code);
  await dialog.getByTestId("form-submit").click();
  await expect(dialog).toBeHidden();
  await expect(pickRow).toContainText("已完成");
  await page.goto(`/myMenu/orderDetail?orderNo=${pickupNo}`);
  await expect(page.getByTestId("order-detail-log-row").filter({ hasText: "自提核销" })).toContainText("提货码核销");
});
