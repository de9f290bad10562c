import { expect, type Page, test } from "./fixtures";
import { customerSays, openConsole, partnerPost, uniquePeerId } from "./chat-helpers";
import { ADMIN_STATE } from "./helpers";
import { placeOrder, seedGoods } from "./order-helpers";
import { unique } from "./system-helpers";

test.use({ storageState: ADMIN_STATE });

/** One of the home page's live figures, as shown. */
async function live(page: Page, key: "ordersToday" | "afterSalesOpen" | "chatsWaiting"): Promise<number> {
  return Number((await page.getByTestId(`live-${key}`).getByTestId("live-value").innerText()).replace(/[,\s]/g, ""));
}

/** Issue 28 §1: the home page showed "访问资源不存在" on every visit and its 统计报表 stayed empty. */
test("the home page opens with no error toast and its report comes from the core, for any range", async ({ page }) => {
  await page.goto("/index");
  await expect(page.getByTestId("dashboard")).toBeVisible();
  const report = page.getByTestId("business-report");
  await expect(report.getByTestId("report-money-chart")).toHaveAttribute("data-days", "30");
  for (const key of ["orders", "paidFen", "refundFen", "newUsers", "activeUsers", "conversations"]) {
    await expect(report.getByTestId(`report-${key}`).getByTestId("report-value")).toHaveText(/^[¥\d,.]+$/);
  }
  // the demo's paid orders and new app users of the last 30 days are counted at once (not after the nightly job)
  await expect(report.getByTestId("report-orders").getByTestId("report-value")).not.toHaveText("0");
  await expect(report.getByTestId("report-paidFen").getByTestId("report-value")).not.toHaveText("¥0.00");
  await expect(report.getByTestId("report-newUsers").getByTestId("report-value")).not.toHaveText("0");
  // another range is read through the home screen again: its days come back
  await report.getByTestId("report-preset-7").click();
  await expect(report.getByTestId("report-money-chart")).toHaveAttribute("data-days", "7");
  await page.waitForTimeout(1000); // a refusal's toast would be up by now
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  await expect(page.getByText("访问资源不存在")).toHaveCount(0);
});

/** Issue 28 §3: the home figures move through the chat's socket when an order is placed or a chat waits. */
test("an order placed by the app and a customer's message move the open home page's figures without a reload", async ({ page }) => {
  test.setTimeout(90_000);
  const goods = seedGoods(unique("实时商品"), 10);
  const uid = uniquePeerId();
  await partnerPost("/api/partner/v1/consumers", { uid, nickName: `实时买家${uid}` });
  await openConsole(page, "/index"); // the socket is open
  await page.evaluate(() => document.body.setAttribute("data-before-order", "1")); // gone after any reload
  const orders = await live(page, "ordersToday");
  await placeOrder(uid, { shops: [{ shopId: goods.shopId, delivery: "express", items: [{ skuId: goods.skus[0], quantity: 1 }] }] });
  await expect.poll(() => live(page, "ordersToday"), { timeout: 20_000 }).toBe(orders + 1);

  const waiting = await live(page, "chatsWaiting");
  await customerSays({ id: uniquePeerId(), name: unique("等回复"), say: ["请问还有货吗"] });
  await expect.poll(() => live(page, "chatsWaiting"), { timeout: 20_000 }).toBe(waiting + 1);
  await expect(page.locator("body")).toHaveAttribute("data-before-order", "1");
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
});

/** Issue 28 §3: a long export shows the worker's progress, in its dialog and in the message centre's entry. */
test("a background export shows its progress bar in the message centre, then downloads", async ({ page }) => {
  test.setTimeout(90_000);
  const tag = unique("进度用户");
  const base = 300_000_000 + Math.floor(Math.random() * 1_000_000) * 10;
  for (const n of [1, 2, 3]) await partnerPost("/api/partner/v1/consumers", { uid: base + n, nickName: `${tag}${n}` });
  await page.goto(`/account/consumer?nickName=${encodeURIComponent(tag)}`);
  await expect(page.getByTestId("resource-screen-table").getByTestId("table-row")).toHaveCount(3);
  await page.getByTestId("toolbar-export").click();
  const dialog = page.getByTestId("export-progress");
  await expect(dialog.getByRole("progressbar")).toBeVisible();
  await expect(dialog).toHaveAttribute("data-status", "done", { timeout: 60_000 });
  await expect(dialog.getByTestId("export-progress-figure")).toContainText("3 / 3");
  const jobId = await dialog.getAttribute("data-job-id");
  expect(jobId).toMatch(/^\d+$/);
  await page.keyboard.press("Escape");
  // closed, and the focus back on its button: a focus handed back after the message centre opened closed it again
  await expect(dialog).toBeHidden();

  // the message centre's entry: the same job (other specs' exports of the same operator are listed beside it and
  // may come in above it while the list is read again), finished, with its download
  await page.getByTestId("unread-badge").click();
  const entry = page.getByTestId("export-jobs").locator(`[data-testid="export-job"][data-job-id="${jobId}"]`);
  await expect(entry).toHaveAttribute("data-status", "done");
  await expect(entry).toContainText(".xlsx");
  const downloading = page.waitForEvent("download");
  await entry.getByTestId("export-job-download").click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
});
