import { expect, type Page, test } from "./fixtures";
import { partnerPost, uniquePeerId } from "./chat-helpers";
import { ADMIN_STATE, businessToday, pickDateRange } from "./helpers";

// Operators work in the business zone: the page's default range ends on the browser's today, which on a UTC
// machine after 16:00 is still yesterday in Asia/Shanghai (where the sign-ins are counted).
test.use({ storageState: ADMIN_STATE, timezoneId: process.env.CONSOLE_TIMEZONE || "Asia/Shanghai" });

async function counts(page: Page): Promise<{ days: number; xinjiang: number; tibet: number }> {
  const charts = page.getByTestId("login-charts");
  await expect(charts.getByTestId("chart-days")).toBeVisible();
  await expect(charts.getByTestId("chart-map")).toBeVisible();
  return {
    days: Number(await charts.getByTestId("chart-days").getAttribute("data-total")),
    xinjiang: Number(await charts.getByTestId("province-新疆").getAttribute("data-count")),
    tibet: Number(await charts.getByTestId("province-西藏").getAttribute("data-count")),
  };
}

test("sign-in charts: per day and on the map of China, driven by the date range; a phone fits", async ({ page }) => {
  await page.goto("/account/chartLogin");
  await expect(page.getByTestId("resource-screen")).toBeVisible(); // the declared list stays below
  const before = await counts(page);

  // Two app users sign in from 乌鲁木齐 (as the app server reports it, full province name) and one from 拉萨.
  const uids = [uniquePeerId(), uniquePeerId() + 1];
  const now = Math.floor(Date.now() / 1000);
  for (const uid of uids) await partnerPost("/api/partner/v1/consumers", { uid, nickName: `图表${uid}` });
  await partnerPost("/api/partner/v1/consumers/sign_in", { uid: uids[0], province: "新疆维吾尔自治区", city: "乌鲁木齐", time: now - 60 });
  await partnerPost("/api/partner/v1/consumers/sign_in", { uid: uids[1], province: "新疆", city: "乌鲁木齐", time: now - 30 });
  await partnerPost("/api/partner/v1/consumers/sign_in", { uid: uids[1], province: "西藏自治区", city: "拉萨", time: now - 10 });

  await page.reload();
  const after = await counts(page);
  expect(after.days - before.days).toBe(3);
  expect(after.xinjiang - before.xinjiang).toBe(2);
  expect(after.tibet - before.tibet).toBe(1);
  const xinjiang = page.getByTestId("province-新疆");
  await expect(xinjiang).toHaveAttribute("data-highlighted", "true");
  await xinjiang.hover();
  await expect(page.getByTestId("chart-map-hover")).toContainText(`新疆：${after.xinjiang} 次登录`);

  // A range before any of today's sign-ins: both the day chart and the map follow it.
  const today = businessToday();
  const lastYear = `${Number(today.slice(0, 4)) - 1}${today.slice(4, 8)}01`;
  const lastYearEnd = `${Number(today.slice(0, 4)) - 1}${today.slice(4, 8)}02`;
  await pickDateRange(page, lastYear, lastYearEnd, "chart-range");
  await expect(page.getByTestId("chart-range")).toHaveAttribute("data-end", lastYearEnd);
  await expect(page.getByTestId("chart-days")).toHaveAttribute("data-days", "2");
  await expect(page.getByTestId("province-新疆")).toHaveAttribute("data-count", /^\d+$/);

  // On a phone the charts stack and the page does not scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId("chart-map")).toBeVisible();
  const box = await page.getByTestId("chart-map").boundingBox();
  expect(box!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
});
