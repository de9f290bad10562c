import { type Browser, expect, type Page, test } from "./fixtures";
import { ADMIN_STATE, RY, signIn } from "./helpers";
import { confirmOk, logAnOperation, MONITOR, toast } from "./monitor-helpers";

test.use({ storageState: ADMIN_STATE });

/** ry, signed in in a browser of its own, on the operation log (which ry may read). */
async function ryOnTheOperationLog(browser: Browser) {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signIn(page, RY);
  await page.goto(MONITOR.operlog);
  await expect(page.getByTestId("operlog-screen-table").locator('[data-testid="table-row"]').first()).toBeVisible();
  return { context, page };
}

/** ry's next call from the browser (a log's detail) meets the ended session: the re-login prompt. */
async function expectReloginPrompt(page: Page) {
  await page.getByTestId("operlog-screen-table").getByTestId("row-detail").first().click();
  const dialog = page.getByTestId("confirm-dialog");
  await expect(dialog).toContainText("登录状态已过期，您可以继续留在该页面，或者重新登录");
  await expect(dialog.getByTestId("confirm-ok")).toHaveText("重新登录");
  await dialog.getByTestId("confirm-ok").click();
  // signed out, and sent to sign in again and back to the page it was on
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsystem%2Flog%2Foperlog/);
}

test("a forced logout ends a browser's session at once: its next call asks to sign in again", async ({ page, browser }) => {
  await logAnOperation(page); // so that ry's operation log has a row to open
  const first = await ryOnTheOperationLog(browser);
  const second = await ryOnTheOperationLog(browser);

  // the live sessions, newest first: the second browser's session heads ry's rows
  await page.goto(`${MONITOR.online}?userName=${RY.username}`);
  const table = page.getByTestId("online-screen-table");
  const ryRows = table.locator('[data-testid="table-row"]', { has: page.locator("td", { hasText: /^ry$/ }) });
  expect(await ryRows.count()).toBeGreaterThanOrEqual(2);
  await expect(ryRows.first()).toContainText("测试部门");
  await expect(ryRows.first()).toContainText(/Chrome|Chromium|HeadlessChrome/);
  const newest = await ryRows.first().getAttribute("data-row-id");
  const before = await ryRows.count();

  // 强退 one: the row goes, and that browser's next call gets the re-login prompt
  await ryRows.first().getByTestId("row-force-logout").click();
  await confirmOk(page, '是否确认强退名称为"ry"的用户？');
  await expect(toast(page, "强退成功")).toBeVisible();
  await expect(table.locator(`[data-row-id="${newest}"]`)).toHaveCount(0);
  await expect(ryRows).toHaveCount(before - 1);
  await expectReloginPrompt(second.page);

  // 批量强退 the rest of ry's sessions: the first browser is out too
  await expect(page.getByTestId("toolbar-batch-logout")).toBeDisabled();
  for (const id of await ryRows.evaluateAll((rows) => rows.map((r) => r.getAttribute("data-row-id")))) {
    await table.locator(`[data-row-id="${id}"]`).getByTestId("select-row").click();
  }
  await page.getByTestId("toolbar-batch-logout").click();
  await confirmOk(page, "ry");
  await expect(ryRows).toHaveCount(0);
  await expectReloginPrompt(first.page);

  // the admin's own session is untouched
  await page.getByTestId("toolbar-refresh").click();
  await expect(page.getByTestId("online-screen")).toBeVisible();
  await first.context.close();
  await second.context.close();
});
