import { expect, type Locator, type Page } from "./fixtures";
import { api } from "./system-helpers";

/** The menu addresses of the monitor screens (core_api/seed/menus.py). */
export const MONITOR = {
  operlog: "/system/log/operlog",
  logininfor: "/system/log/logininfor",
  online: "/monitor/online",
  job: "/monitor/job",
  jobLog: "/monitor/job-log/index",
  pool: "/monitor/druid",
  server: "/monitor/server",
  cache: "/monitor/cache",
  cacheList: "/monitor/cacheList",
} as const;

/** A sonner toast with this text. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator("[data-sonner-toast]", { hasText: text });
}

/** Writes one operation-log row (a delete of no rows is still an operation) and returns its URL. */
export async function logAnOperation(page: Page): Promise<string> {
  const path = `monitor/operlog/${900_000_000 + Math.floor(Math.random() * 1000)}`;
  await api(page, "DELETE", path);
  return `/${path}`;
}

/** Clicks the list's 刷新 until a row with the text shows (server-rendered lists refresh on demand). */
export async function refreshUntilRow(page: Page, table: Locator, text: string, timeout = 20_000) {
  const target = table.locator('[data-testid="table-row"]', { hasText: text });
  await expect(async () => {
    await page.getByTestId("toolbar-refresh").click();
    await expect(target.first()).toBeVisible({ timeout: 1_500 });
  }).toPass({ timeout });
  return target.first();
}

export async function confirmOk(page: Page, text?: string | RegExp) {
  const dialog = page.getByTestId("confirm-dialog");
  await expect(dialog).toContainText("系统提示");
  if (text) await expect(dialog).toContainText(text);
  await page.getByTestId("confirm-ok").click();
  await expect(dialog).toBeHidden();
}
