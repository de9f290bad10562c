import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { ADMIN_STATE, businessToday, pickDateRange, rowAction } from "./helpers";
import { confirmOk, logAnOperation, MONITOR, toast } from "./monitor-helpers";
import { row } from "./system-helpers";

test.use({ storageState: ADMIN_STATE });

const rows = '[data-testid="table-row"]';

test("the operation log is filtered, sorted, read in detail, exported, pruned and cleaned", async ({ page }) => {
  const url = await logAnOperation(page);
  await page.goto(MONITOR.operlog);
  const table = page.getByTestId("operlog-screen-table");
  // newest first by default
  await expect(table.locator(rows).first()).toContainText("操作日志");
  await expect(table.locator(rows).first()).toContainText("删除");

  // filters: module, type (sys_oper_type), status and today's range
  const today = businessToday();
  await page.getByTestId("query-title").fill("操作日志");
  await page.getByTestId("query-businessType").selectOption("3");
  await page.getByTestId("query-status").selectOption("0");
  await pickDateRange(page, today, today);
  await page.getByTestId("query-search").click();
  await expect(page).toHaveURL(/businessType=3/);
  await expect(page).toHaveURL(/beginTime=/);
  await expect(table.locator(rows).first()).toBeVisible();
  await page.getByTestId("query-businessType").selectOption("5");
  await page.getByTestId("query-search").click();
  await expect(table).toContainText("暂无数据");
  await page.getByTestId("query-reset").click();
  await expect(page).not.toHaveURL(/businessType/);

  // sortable by time and cost
  const cost = table.getByTestId("sort-header").filter({ hasText: "消耗时间" });
  await cost.click();
  await expect(page).toHaveURL(/orderByColumn=costTime/);
  await expect(cost).toHaveAttribute("data-order", "ascending");
  const time = table.getByTestId("sort-header").filter({ hasText: "操作时间" });
  await time.click();
  await time.click();
  await expect(page).toHaveURL(/orderByColumn=operTime&isAsc=descending|isAsc=descending.*orderByColumn=operTime/);

  // the detail: request, parameters, result, cost
  await page.goto(MONITOR.operlog);
  const mine = table.locator(rows).filter({ hasText: "操作日志" }).first();
  await rowAction(mine, "row-detail");
  const detail = page.getByTestId("operlog-detail");
  await expect(detail).toContainText(url);
  await expect(detail).toContainText("DELETE");
  await expect(detail.getByTestId("detail-result")).toContainText('"code":200');
  await expect(detail.getByTestId("detail-cost")).toContainText("毫秒");
  await expect(detail.getByTestId("detail-status")).toContainText("成功");
  await detail.getByTestId("detail-close").click();

  // export
  const downloading = page.waitForEvent("download");
  await page.getByTestId("toolbar-export").click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  expect((await readFile(await file.path())).subarray(0, 2).toString()).toBe("PK");

  // delete the selected row
  const id = await mine.getAttribute("data-row-id");
  await mine.getByTestId("select-row").click();
  await page.getByTestId("toolbar-remove").click();
  await confirmOk(page, `是否确认删除日志编号为"${id}"的数据项？`);
  await expect(table.locator(`[data-row-id="${id}"]`)).toHaveCount(0);

  // clean: only the clean itself is left
  await page.getByTestId("toolbar-clean").click();
  await confirmOk(page, "是否确认清空所有操作日志数据项？");
  await expect(toast(page, "清空成功")).toBeVisible();
  await page.getByTestId("toolbar-refresh").click();
  await expect(table.locator(rows)).toHaveCount(1);
  await expect(table.locator(rows).first()).toContainText("清空数据");
});

test("the login log is filtered, exported, pruned, and unlocks the selected account", async ({ page }) => {
  await page.goto(`${MONITOR.logininfor}?userName=admin&status=0`);
  const table = page.getByTestId("logininfor-screen-table");
  const admin = row(table, "admin").first();
  await expect(admin).toContainText("成功");
  await expect(page.getByTestId("query-userName")).toHaveValue("admin");

  // unlock needs exactly one selected row; it lifts that account's wrong-password lock
  await expect(page.getByTestId("toolbar-unlock")).toBeDisabled();
  await admin.getByTestId("select-row").click();
  await page.getByTestId("toolbar-unlock").click();
  await confirmOk(page, '是否确认解锁用户"admin"数据项？');
  await expect(toast(page, "用户admin解锁成功")).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByTestId("toolbar-export").click();
  expect((await downloading).suggestedFilename()).toMatch(/\.xlsx$/);

  // delete the selected row
  const id = await admin.getAttribute("data-row-id");
  await page.getByTestId("toolbar-remove").click();
  await confirmOk(page, `是否确认删除访问编号为"${id}"的数据项？`);
  await expect(table.locator(`[data-row-id="${id}"]`)).toHaveCount(0);

  // clean asks first (cancelled here: other suites read the login log)
  await page.getByTestId("toolbar-clean").click();
  await expect(page.getByTestId("confirm-dialog")).toContainText("是否确认清空所有登录日志数据项？");
  await page.getByTestId("confirm-cancel").click();
  await expect(page.getByTestId("confirm-dialog")).toBeHidden();
  await expect(toast(page, "清空成功")).toHaveCount(0);

  // the failed attempts filter
  await page.getByTestId("query-status").selectOption("1");
  await page.getByTestId("query-search").click();
  await expect(page).toHaveURL(/status=1/);
});
