import { expect, type Page, test } from "./fixtures";
import { ADMIN_STATE } from "./helpers";
import { toast } from "./monitor-helpers";
import { unique } from "./system-helpers";

test.use({ storageState: ADMIN_STATE });

/** Every configuration page (issue 12 §1): its address and a field the test changes (a number goes up by one). */
const PAGES: { url: string; field: string; text?: boolean }[] = [
  { url: "/setting/product", field: "slogan", text: true },
  { url: "/setting/cdkey", field: "validDays" },
  { url: "/setting/group", field: "announcementMaxLength" },
  { url: "/setting/alarm", field: "silenceMinutes" },
  { url: "/setting/payWay", field: "orderTimeoutMinutes" },
  { url: "/setting/core", field: "minVersionCode" },
  { url: "/setting/common", field: "friendRequestDailyLimit" },
  { url: "/setting/meili", field: "bigEye" },
  { url: "/setting/integral", field: "signInPoints" },
  { url: "/setting/game", field: "minorDailyMinutes" },
  { url: "/content/about", field: "company", text: true },
  { url: "/consult/independence", field: "title", text: true },
];

async function versionOf(page: Page): Promise<number> {
  const version = page.getByTestId("config-version");
  await expect(version).toContainText(/第\d+版/);
  return Number((await version.textContent())?.match(/\d+/)?.[0]);
}

/** Changes a field to a new value and answers it. */
async function change(page: Page, field: string, text = false): Promise<string> {
  const input = page.getByTestId(`config-field-${field}`);
  const now = await input.inputValue();
  const max = Number((await input.getAttribute("max")) ?? "1000");
  const next = text ? unique("E2E") : String(Number(now) >= max ? Number(now) - 1 : Number(now) + 1);
  await input.fill(next);
  return next;
}

for (const { url, field, text } of PAGES) {
  test(`${url}: a save is a new version shown in the history`, async ({ page }) => {
    await page.goto(url);
    const before = await versionOf(page);
    const value = await change(page, field, text);
    await page.getByTestId("config-save").click();
    await expect(toast(page, `已保存为第${before + 1}版`)).toBeVisible();
    await expect(page.getByTestId("config-version")).toContainText(`第${before + 1}版`);
    await page.reload();
    await expect(page.getByTestId(`config-field-${field}`)).toHaveValue(value);
    await page.getByTestId("config-history").click();
    const entry = page.getByTestId(`config-history-${before + 1}`);
    await expect(entry).toContainText("admin");
    await expect(entry).toContainText(value);
  });
}

test("restoring an earlier version makes it the next one", async ({ page }) => {
  await page.goto("/setting/group");
  const start = await versionOf(page);
  const first = await change(page, "maxAdmins");
  await page.getByTestId("config-save").click();
  await expect(page.getByTestId("config-version")).toContainText(`第${start + 1}版`);
  const second = await change(page, "maxAdmins");
  expect(second).not.toBe(first);
  await page.getByTestId("config-save").click();
  await expect(page.getByTestId("config-version")).toContainText(`第${start + 2}版`);
  await page.getByTestId("config-history").click();
  await page.getByTestId(`config-restore-${start + 1}`).click();
  await expect(toast(page, `已恢复第${start + 1}版，现为第${start + 3}版`)).toBeVisible();
  await expect(page.getByTestId("config-field-maxAdmins")).toHaveValue(first);
  await page.getByTestId("config-history").click();
  await expect(page.getByTestId(`config-history-${start + 3}`)).toContainText(`恢复自第${start + 1}版`);
});

test("a save made from an older version is refused with the page's message", async ({ page, context }) => {
  await page.goto("/setting/cdkey");
  const other = await context.newPage();
  await other.goto("/setting/cdkey");
  const loaded = await versionOf(other);
  await change(page, "batchMax");
  await page.getByTestId("config-save").click();
  await expect(page.getByTestId("config-version")).toContainText(`第${loaded + 1}版`);
  await change(other, "dailyRedeemLimit");
  await other.getByTestId("config-save").click();
  await expect(toast(other, `配置已被他人修改（当前为第${loaded + 1}版），请刷新后再保存`)).toBeVisible();
  await expect(other.getByTestId("config-version")).toContainText(`第${loaded}版`);
});

test("a secret is write-only: set, then shown only as 已设置", async ({ page }) => {
  await page.goto("/setting/alarm");
  const token = page.getByTestId("config-field-webhookToken");
  await expect(token).toHaveAttribute("type", "password");
  const secret = unique("tok-");
  await token.fill(secret);
  await change(page, "silenceMinutes");
  await page.getByTestId("config-save").click();
  await expect(page.getByTestId("config-field-webhookToken-state")).toHaveText("已设置");
  await expect(token).toHaveValue("");
  await page.getByTestId("config-history").click();
  await expect(page.getByTestId("config-history-dialog")).toContainText("Webhook 密钥");
  await expect(page.getByTestId("config-history-dialog")).not.toContainText(secret);
  expect(await page.content()).not.toContain(secret);
});
