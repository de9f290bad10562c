import { expect, test } from "./fixtures";
import { ADMIN_STATE } from "./helpers";

test.use({ storageState: ADMIN_STATE });

test("staff approve a demo refund of one order line, finance executes it, the refund list shows it refunded", async ({ page }) => {
  await page.goto("/order/afterSale");
  await page.getByTestId("aftersale-tab-applied").click();
  const row = page.locator('[data-testid^="aftersale-row-"][data-status="applied"]').first();
  await expect(row).toBeVisible();
  const testId = (await row.getAttribute("data-testid")) ?? "";
  const afterSaleNo = testId.replace("aftersale-row-", "");
  await row.getByTestId("aftersale-approve").click();
  await page.getByTestId("aftersale-confirm").click();
  await page.getByTestId("aftersale-tab-awaiting_refund").click();
  await expect(page.getByTestId(`aftersale-row-${afterSaleNo}`)).toHaveAttribute("data-status", "awaiting_refund");

  await page.goto("/finance/refund");
  const queued = page.getByTestId(`finance-refund-row-${afterSaleNo}`);
  await expect(queued).toHaveAttribute("data-status", "awaiting_refund");
  await queued.getByTestId("finance-refund-execute").click();
  await page.getByTestId("confirm-ok").click(); // the refund is confirmed first, naming its amount
  await expect(queued).toHaveAttribute("data-status", "refunded");
  const refundNo = (await queued.locator("td").nth(5).innerText()).trim();
  expect(refundNo).toMatch(/^R\d+/);

  await page.goto("/order/refund");
  await expect(page.getByTestId(`refund-row-${refundNo}`)).toHaveAttribute("data-status", "refunded");
  await expect(page.getByTestId(`refund-row-${refundNo}`)).toContainText("已退款");
});
