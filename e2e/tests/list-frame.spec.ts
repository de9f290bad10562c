import { expect, type Locator, type Page, test } from "./fixtures";
import { ADMIN_STATE } from "./helpers";

test.use({ storageState: ADMIN_STATE });

const DESK = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Lists whose rows carried five to nine stacked links (issue 28 §3): 用户管理, app users, goods, shops. */
const LISTS = [
  { path: "/system/user", table: "user-table" },
  { path: "/account/consumer", table: "resource-screen-table" },
  { path: "/mall/goods", table: "resource-screen-table" },
  { path: "/mall/shop", table: "resource-screen-table" },
];

async function rowsOf(page: Page, table: string): Promise<Locator> {
  const rows = page.getByTestId(table).getByTestId("table-row");
  await expect(rows.first()).toBeVisible();
  return rows;
}

test("at 1440 px every row is at most 60 px tall, shows at most three actions and keeps its operations in a column stuck to the right", async ({ page }) => {
  await page.setViewportSize(DESK);
  let menus = 0;
  for (const { path, table } of LISTS) {
    await page.goto(path);
    const rows = await rowsOf(page, table);
    const count = await rows.count();
    for (let i = 0; i < count; i++) {
      const row = rows.nth(i);
      const box = await row.boundingBox();
      expect(box?.height, `${path} row ${i}`).toBeLessThanOrEqual(60);
      // the inline ones: every button of the cell but 更多
      const inline = row.getByTestId("row-actions").locator("> button:not([data-testid=row-more])");
      expect(await inline.count(), `${path} row ${i}`).toBeLessThanOrEqual(3);
    }
    const head = page.getByTestId(table).locator("th[data-sticky=right]");
    await expect(head).toHaveCount(1);
    expect(await head.evaluate((cell) => getComputedStyle(cell).position)).toBe("sticky");
    await expect(rows.first().locator("td[data-sticky=right]")).toHaveCount(1);

    // 更多 opens by mouse and by keyboard, its items keep their test ids
    const more = rows.getByTestId("row-more").first();
    if ((await more.count()) === 0) continue;
    menus++;
    await more.click();
    const menu = page.getByTestId("row-more-menu");
    await expect(menu).toBeVisible();
    const items = menu.getByRole("menuitem");
    expect(await items.count()).toBeGreaterThan(0);
    expect(await items.first().getAttribute("data-testid")).toMatch(/^row-/);
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);
    await more.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    // opened from the keyboard, the menu takes the focus to its first item
    await expect(items.first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);
  }
  expect(menus, "some list has more than three actions").toBeGreaterThan(0);
});

test("on a 390 px phone the table scrolls inside its card: the first column sticks with a shadow once scrolled, the page is no wider than the screen", async ({ page }) => {
  await page.setViewportSize(PHONE);
  for (const { path, table } of LISTS) {
    await page.goto(path);
    const rows = await rowsOf(page, table);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), path).toBeLessThanOrEqual(0);
    const scroller = page.getByTestId(table).locator("xpath=..");
    expect(await scroller.evaluate((box) => box.scrollWidth > box.clientWidth), `${path} scrolls sideways`).toBe(true);
    const first = rows.first().locator("td[data-sticky=left]").last();
    expect(await first.evaluate((cell) => getComputedStyle(cell).position)).toBe("sticky");
    await expect(first).not.toHaveAttribute("data-shadow");
    // more to see on the right: the operations column casts its shadow
    await expect(rows.first().locator("td[data-sticky=right]")).toHaveAttribute("data-shadow", "");
    const left = await first.evaluate((cell) => cell.getBoundingClientRect().left);
    await scroller.evaluate((box) => box.scrollTo({ left: 200 }));
    await expect(first).toHaveAttribute("data-shadow", "");
    expect(await first.evaluate((cell) => cell.getBoundingClientRect().left)).toBeCloseTo(left, 0);
  }
});

test("执行退款 names the after-sale, the order and the amount in yuan first; cancelling sends nothing", async ({ page }) => {
  await page.goto("/finance/refund?status=awaiting_refund");
  const row = page.getByTestId("finance-refund-table").getByTestId(/^finance-refund-row-/).filter({ has: page.getByTestId("finance-refund-execute") }).first();
  await expect(row).toBeVisible();
  const cells = row.locator("td");
  const afterSaleNo = (await cells.nth(0).innerText()).trim();
  const orderNo = (await cells.nth(1).innerText()).trim();
  const amount = (await cells.nth(3).innerText()).match(/¥\d+\.\d{2}/)?.[0] ?? "";
  expect(amount).not.toBe("");

  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("finance_refund/refund_order")) sent.push(request.url());
  });
  await row.getByTestId("finance-refund-execute").click();
  const dialog = page.getByTestId("confirm-dialog");
  await expect(dialog).toContainText(afterSaleNo);
  await expect(dialog).toContainText(orderNo);
  await expect(dialog).toContainText(amount);
  await page.getByTestId("confirm-cancel").click();
  await expect(dialog).toHaveCount(0);
  await page.waitForTimeout(500);
  expect(sent).toEqual([]);
  await page.reload();
  await expect(page.getByTestId(`finance-refund-row-${afterSaleNo}`)).toHaveAttribute("data-status", "awaiting_refund");
});
