import { expect, test } from "./fixtures";
import { ADMIN_STATE } from "./helpers";
import { seedPaidOrder } from "./order-helpers";
import { unique } from "./system-helpers";

/** Issue 28 §6: focus goes back to what opened a dialog; a plain table scrolls under a sticky first column. */
test.use({ storageState: ADMIN_STATE });

test("a dialog opened from state gives focus back to its 新增 when closed by Escape or by its close button", async ({ page }) => {
  await page.goto("/system/post");
  const add = page.getByTestId("toolbar-add");
  const dialog = page.getByRole("dialog");
  await add.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();
  await add.click();
  await dialog.getByRole("button", { name: "关闭" }).click();
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();
});

test("at 390 px the order detail's goods table scrolls under its sticky first column, with a shadow once scrolled", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const orderNo = seedPaidOrder(unique("窄屏"));
  await page.goto(`/myMenu/orderDetail?orderNo=${orderNo}`);
  const table = page.getByTestId("order-detail").getByTestId("headed-table").last();
  await expect(table).toHaveAttribute("data-sticky", "left");
  await expect(table).not.toHaveAttribute("data-shadow");
  const first = table.locator("tbody tr").first().locator("td").first();
  await expect(first).toHaveCSS("position", "sticky");
  const scroller = table.locator("[data-slot=table-container]");
  const before = await first.boundingBox();
  await scroller.evaluate((el) => el.scrollBy({ left: 200 }));
  await expect(table).toHaveAttribute("data-shadow", "");
  // the first cell stays where it was while the others move left; the page itself is not wider than the screen
  expect((await first.boundingBox())?.x).toBeCloseTo(before?.x ?? -1, 0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
