import os from "node:os";
import { expect, test } from "./fixtures";
import { ADMIN_STATE } from "./helpers";
import { MONITOR, confirmOk, toast } from "./monitor-helpers";
import { api } from "./system-helpers";

test.use({ storageState: ADMIN_STATE });

test("the server screen shows real figures and refreshes them every 5 s", async ({ page }) => {
  await page.goto(MONITOR.server);
  // the stack runs on this machine: the screen shows its processor count and memory
  await expect(page.getByTestId("server-cpu-num")).toHaveText(String(os.cpus().length));
  await expect(page.getByTestId("server-mem-total")).toHaveText(/^\d+\.\d{2} GB$/);
  const memory = Number.parseFloat((await page.getByTestId("server-mem-total").textContent()) ?? "0");
  expect(Math.abs(memory - os.totalmem() / 1024 ** 3)).toBeLessThanOrEqual(0.01);
  await expect(page.getByTestId("server-runtime")).toContainText(/CPython|PyPy/);
  await expect(page.getByTestId("server-cpu")).toContainText("%");
  await expect(page.getByTestId("server-host")).toContainText(/Linux|Darwin|Windows/);
  // a later measurement replaces the first
  const first = await page.getByTestId("server-updated").textContent();
  await expect(page.getByTestId("server-updated")).not.toHaveText(first ?? "", { timeout: 12_000 });
  await expect(page.getByTestId("server-updated")).not.toHaveAttribute("data-paused", "true");
});

test("the cache screen shows the store's figures with both charts", async ({ page }) => {
  await page.goto(MONITOR.cache);
  await expect(page.getByTestId("cache-info")).toBeVisible();
  if (process.env.CONSOLE_REDIS_URL) {
    // on Redis (the production run): its own mode, and no note about the embedded store
    await expect(page.getByTestId("cache-mode")).toHaveText("单机");
    await expect(page.getByTestId("cache-process")).toHaveCount(0);
  } else {
    // the embedded store (no Redis) told in Chinese, not the server's "database table sys_kv"
    await expect(page.getByTestId("cache-process")).toContainText("未配置 Redis：短期键存放在数据库表 sys_kv；各进程缓存条目：");
  }
  await expect(page.getByTestId("cache-db-size")).toHaveText(/^\d+$/);
  expect(Number(await page.getByTestId("cache-db-size").textContent())).toBeGreaterThan(0);
  await expect(page.getByTestId("cache-used-memory")).toHaveText(/^\d+(\.\d+)?[BKMG]/);
  const gauge = page.getByTestId("cache-memory-gauge");
  await expect(gauge).toBeVisible();
  await expect(gauge.locator("svg path").first()).toBeVisible();
  expect(Number(await gauge.getAttribute("data-value"))).toBeGreaterThan(0);
  await expect(page.getByTestId("cache-commands").locator('[data-testid="cache-commands-chart"], [data-testid="cache-commands-empty"]')).toBeVisible();
  await page.getByTestId("cache-refresh").click();
  await expect(page.getByTestId("cache-info")).toBeVisible();
});

test("the cache list: three panes with 刷新, a key and a name are cleared only after a confirmation naming them", async ({ page }) => {
  await page.goto(MONITOR.cacheList);
  const names = page.getByTestId("cache-name");
  // the names the server serves, in its order (RuoYi's list plus the console's own)
  const served = (await api<{ data: { cacheName: string }[] }>(page, "GET", "monitor/cache/getNames")).data.map((n) => n.cacheName);
  expect(served).toContain("sys_dict:");
  await expect(names).toHaveCount(served.length);
  expect(await names.evaluateAll((items) => items.map((item) => item.getAttribute("data-name")))).toEqual(served);
  for (const pane of ["cache-names", "cache-keys", "cache-content"]) await expect(page.getByTestId(pane).getByTestId("toolbar-refresh")).toBeVisible();
  // keyboard: a focused name opens its keys with Enter
  await page.locator('[data-testid="cache-name"][data-name="sys_dict:"]').focus();
  await page.keyboard.press("Enter");
  const keys = page.getByTestId("cache-key");
  await expect(keys.first()).toBeVisible();
  const key = (await keys.first().getAttribute("data-key")) ?? "";
  await keys.first().click();
  await expect(page.getByTestId("cache-value-name")).toHaveValue("sys_dict:");
  await expect(page.getByTestId("cache-value-key")).toHaveValue(key);
  await expect(page.getByTestId("cache-value")).not.toHaveValue("");
  const storedKeys = async () => (await api<{ data: string[] }>(page, "GET", `monitor/cache/getKeys/${encodeURIComponent("sys_dict:")}`)).data;

  // 删除 a key asks naming it; 取消 sends nothing, 确定 removes it
  await keys.first().getByTestId("cache-key-clear").click();
  await expect(page.getByTestId("confirm-dialog")).toContainText(`是否确认删除缓存键名“${key}”？`);
  await page.getByTestId("confirm-cancel").click();
  expect(await storedKeys()).toContain(key);
  await keys.first().getByTestId("cache-key-clear").click();
  await confirmOk(page, key);
  await expect(toast(page, `清理缓存键名[${key}]成功`)).toBeVisible();
  await expect(page.locator(`[data-testid="cache-key"][data-key="${key}"]`)).toHaveCount(0);

  // reading two dictionaries fills the cache again; the keys pane's 刷新 shows them
  for (const type of ["sys_user_sex", "sys_normal_disable"]) await api(page, "GET", `system/dict/data/type/${type}`);
  await page.getByTestId("cache-keys").getByTestId("toolbar-refresh").click();
  await expect(page.locator('[data-testid="cache-key"][data-key="sys_user_sex"]')).toBeVisible();

  // 清理 a name asks naming the cache; 取消 keeps its keys, 确定 empties it
  const left = await storedKeys();
  expect(left).toContain("sys_normal_disable");
  const sysDict = page.locator('[data-testid="cache-name"][data-name="sys_dict:"]');
  await sysDict.getByTestId("cache-name-clear").click();
  await expect(page.getByTestId("confirm-dialog")).toContainText("是否确认清理缓存名称“sys_dict:”下的全部缓存？");
  await page.getByTestId("confirm-cancel").click();
  expect(await storedKeys()).toEqual(left);
  await sysDict.getByTestId("cache-name-clear").click();
  await confirmOk(page, "sys_dict:");
  await expect(toast(page, "清理缓存名称[sys_dict:]成功")).toBeVisible();
  await expect(page.getByTestId("cache-keys-empty")).toHaveText("暂无键名");
  await page.getByTestId("cache-names").getByTestId("toolbar-refresh").click();
  await expect(names).toHaveCount(served.length);
});

test("the database pool page opens with a ticket inside the console's frame", async ({ page }) => {
  await page.goto(MONITOR.pool);
  const frame = page.getByTestId("inner-link");
  await expect(frame).toHaveAttribute("src", /^\/pool\/open\?ticket=/);
  const box = await frame.boundingBox();
  expect(Math.abs((box?.height ?? 0) - (900 - 94.5))).toBeLessThan(2);
  const inner = page.frameLocator('[data-testid="inner-link"]');
  await expect(inner.locator("h1")).toHaveText("数据库连接池");
  await expect(inner.locator("table").first()).toContainText("连接数");
  // the ticket is spent: opening it again is refused, while the cookie session keeps the page
  const src = (await frame.getAttribute("src")) ?? "";
  const again = await page.request.get(src, { maxRedirects: 0 });
  expect(again.status()).toBe(403);
  const kept = await page.request.get("/pool", { maxRedirects: 0 });
  expect(kept.status()).toBe(200);
  expect(await kept.text()).toContain("数据库连接池");
});
