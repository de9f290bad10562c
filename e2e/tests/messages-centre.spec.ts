import { expect, type Page, test } from "./fixtures";
import { badgeTotal, shownBadgeTotal, customerSays, openConsole, pushOrderEvent, uniquePeerId } from "./chat-helpers";
import { ADMIN_STATE } from "./helpers";
import { api, unique } from "./system-helpers";

test.use({ storageState: ADMIN_STATE });

async function tabCount(page: Page, tab: "sys" | "order"): Promise<number> {
  const badge = page.getByTestId(`message-count-${tab}`);
  return (await badge.count()) ? Number((await badge.textContent())?.replace("+", "")) : 0;
}

test("unread badges and message-centre counts update live; an order message opens the order", async ({ page }) => {
  test.setTimeout(120_000);
  await openConsole(page);
  const start = await shownBadgeTotal(page);

  // a customer's message raises the header badge without a reload
  const id = uniquePeerId();
  await customerSays({ id, name: `小红${id}`, say: ["在吗？"] });
  await expect.poll(() => badgeTotal(page)).toBe(start + 1);
  await expect(page.getByTestId("chat-unread-flag")).toBeVisible();

  // a partner's order event raises the order count (the counts are refreshed in the background)
  await page.getByTestId("unread-badge").click();
  const panel = page.getByTestId("message-panel");
  await expect(panel).toBeVisible();
  await expect(page.getByTestId("message-list-sys")).toBeVisible();
  const ordersBefore = await tabCount(page, "order");
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();

  const orderNo = `E2E${Date.now()}`;
  await pushOrderEvent(orderNo, `新订单 ${orderNo}`);
  await expect.poll(() => badgeTotal(page), { timeout: 30_000 }).toBe(start + 2);

  await page.getByTestId("unread-badge").click();
  await page.getByTestId("message-tab-order").click();
  await expect.poll(() => tabCount(page, "order")).toBe(ordersBefore + 1);
  const order = page.getByTestId("message-list-order").locator('[data-testid="message-item"]', { hasText: orderNo });
  await expect(order).toHaveAttribute("data-readed", "false");
  await expect(order).toHaveAttribute("data-type", "1901");

  // clicking it marks it read, takes one off the order count, opens the order detail and closes the panel
  await order.click();
  await expect(page).toHaveURL(new RegExp(`/myMenu/orderDetail\\?orderNo=${orderNo}$`));
  await expect(panel).toBeHidden();
  await expect.poll(() => badgeTotal(page)).toBe(start + 1);
  await page.getByTestId("unread-badge").click();
  await page.getByTestId("message-tab-order").click();
  await expect(page.getByTestId("message-list-order").locator('[data-testid="message-item"]', { hasText: orderNo })).toHaveAttribute("data-readed", "true");
  await expect.poll(() => tabCount(page, "order")).toBe(ordersBefore);
  await page.keyboard.press("Escape");
});

test("system messages: ten a page, more on scroll, a click reads an unread one only once", async ({ page }) => {
  test.setTimeout(120_000);
  await openConsole(page);
  // eleven published notices give eleven system messages
  const tag = unique("公告");
  for (let i = 1; i <= 11; i += 1) {
    await api(page, "POST", "system/notice", { noticeTitle: `${tag}-${i}`, noticeType: "2", status: "0", noticeContent: `<p>${tag} 第${i}条</p>` });
  }
  await expect.poll(async () => {
    await page.getByTestId("unread-badge").click();
    const count = await tabCount(page, "sys");
    await page.keyboard.press("Escape");
    return count;
  }, { timeout: 30_000 }).toBeGreaterThanOrEqual(11);

  const before = await badgeTotal(page);
  await page.getByTestId("unread-badge").click();
  const list = page.getByTestId("message-list-sys");
  const items = list.getByTestId("message-item");
  await expect(items).toHaveCount(10);
  await expect(items.first()).toContainText(`${tag}-11`);
  const sysBefore = await tabCount(page, "sys");

  // within 10 px of the bottom the next page comes in
  await list.evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  await expect.poll(() => items.count()).toBeGreaterThan(10);
  // newest first: the eleventh is the first notice
  await expect(items.nth(10)).toContainText(`${tag}-1`);

  // a click on an unread system message reads it: one off the system count, no navigation
  const url = page.url();
  const newest = list.locator('[data-testid="message-item"]', { hasText: `${tag}-11` });
  await expect(newest).toHaveAttribute("data-readed", "false");
  const reads: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("msg/v1/del_read")) reads.push(request.url());
  });
  await newest.click();
  // the notice opens in the panel with its text (the stored, sanitised HTML)
  const detail = page.getByTestId("message-detail");
  await expect(detail.getByTestId("message-detail-title")).toHaveText(`【公告】${tag}-11`);
  await expect(detail.getByTestId("message-detail-content")).toHaveText(`${tag} 第11条`);
  await expect(detail.locator("[data-testid=message-detail-content] p")).toHaveCount(1);
  await detail.getByTestId("message-detail-back").click();
  await expect(newest).toHaveAttribute("data-readed", "true");
  await expect.poll(() => tabCount(page, "sys")).toBe(sysBefore - 1);
  await expect.poll(() => badgeTotal(page)).toBe(before - 1);
  expect(page.url()).toBe(url);
  expect(reads).toHaveLength(1);

  // an already-read message makes no read call (it opens again)
  await newest.click();
  await expect(page.getByTestId("message-detail-content")).toHaveText(`${tag} 第11条`);
  await page.getByTestId("message-detail-back").click();
  await page.waitForTimeout(500);
  expect(reads).toHaveLength(1);
  await expect.poll(() => tabCount(page, "sys")).toBe(sysBefore - 1);
});
