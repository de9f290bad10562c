import path from "node:path";
import { expect, type Locator, type Page } from "./fixtures";

export const ADMIN = { username: "admin", password: "admin123" };
/** The admin session saved by admin.setup.ts (test-results is not committed), one per stack: ./ops/test runs two
 * stacks at once, and a session of one is no session on the other. */
export const ADMIN_STATE = path.resolve(
  __dirname,
  `../test-results/.auth/admin-${new URL(process.env.E2E_BASE_URL ?? "http://127.0.0.1:3000").port}.json`,
);
export const RY = { username: "ry", password: "admin123" };

/** Fills the sign-in form (the stack runs with the captcha off) and submits it. */
export async function submitLogin(page: Page, user: { username: string; password: string }) {
  await page.getByTestId("login-username").fill(user.username);
  await page.getByTestId("login-password").fill(user.password);
  await page.getByTestId("login-submit").click();
}

export async function signIn(page: Page, user = ADMIN) {
  await page.goto("/login");
  await submitLogin(page, user);
  await expect(page.getByTestId("sidebar")).toBeVisible();
}

/** Opens the avatar's menu and waits for `item` in it. The sidebar shows from the server's render: a click that
 * lands before the header's menu is hydrated only focuses the button, so the click is tried again until the item
 * shows. */
export async function openAvatarMenu(page: Page, item: string) {
  await expect(async () => {
    if (!(await page.getByTestId(item).isVisible())) await page.getByTestId("avatar-menu").click();
    await expect(page.getByTestId(item)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** Opens a sidebar directory (if closed) and clicks one of its pages. */
export async function openMenu(page: Page, directory: string, path: string) {
  const dir = page.getByTestId("sidebar").locator(`[data-testid="menu-dir"][data-title="${directory}"]`);
  if ((await dir.getAttribute("aria-expanded")) !== "true") await dir.click();
  await page.getByTestId("sidebar").locator(`[data-testid="menu-item"][data-path="${path}"]`).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

export function tag(page: Page, path: string) {
  return page.getByTestId("tags-view").locator(`[data-testid="tag"][data-path="${path}"]`);
}

export async function tagPaths(page: Page): Promise<string[]> {
  return page
    .getByTestId("tags-view")
    .locator('[data-testid="tag"]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-path") ?? ""));
}

/** Today in the console's business zone (CONSOLE_TIMEZONE, Asia/Shanghai by default): date filters count its days. */
export function businessToday(): string {
  return new Date().toLocaleDateString("sv-SE", { timeZone: process.env.CONSOLE_TIMEZONE || "Asia/Shanghai" });
}

/** Chooses a range in a date-range picker (components/date-range-picker.tsx): opens it, clicks both days. */
export async function pickDateRange(page: Page, begin: string, end: string, testId = "query-date-range") {
  await page.getByTestId(testId).click();
  const calendar = page.getByTestId(`${testId}-calendar`);
  for (const day of [begin, end]) {
    for (let step = 0; step < 48 && (await calendar.locator(`[data-day="${day}"]`).count()) === 0; step++) {
      const [year, month] = ((await calendar.getByTestId(`${testId}-month`).textContent()) ?? "").match(/\d+/g)!.map(Number);
      const shown = `${year}-${String(month).padStart(2, "0")}`;
      await calendar.getByTestId(day.slice(0, 7) < shown ? `${testId}-prev` : `${testId}-next`).click();
    }
    await calendar.locator(`[data-day="${day}"]`).click();
  }
  await expect(calendar).toBeHidden();
  await expect(page.getByTestId(testId)).toHaveAttribute("data-begin", begin <= end ? begin : end);
}

/** Clicks a row's operation by its test id: inline, or (the fourth and later) from the row's 更多 menu. */
export async function rowAction(row: Locator, testId: string) {
  const inline = row.getByTestId(testId);
  const more = row.getByTestId("row-more");
  await expect(inline.or(more).first()).toBeVisible();
  if ((await inline.count()) > 0) return inline.first().click();
  await more.click();
  await row.page().getByTestId("row-more-menu").getByTestId(testId).click();
}

/** Whether a row offers an operation, inline or under 更多 (the menu is closed again). */
export async function rowActionShown(row: Locator, testId: string): Promise<boolean> {
  if ((await row.getByTestId(testId).count()) > 0) return true;
  const more = row.getByTestId("row-more");
  if ((await more.count()) === 0) return false;
  await more.click();
  const menu = row.page().getByTestId("row-more-menu");
  await expect(menu).toBeVisible();
  const shown = (await menu.getByTestId(testId).count()) > 0;
  await row.page().keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  return shown;
}

interface RouterNode {
  path: string;
  component?: string;
  children?: RouterNode[];
  meta?: { link?: string | null } | null;
}

/** Every screen of the admin's menu (the core's GET /getRouters, as the session screen carries it). */
export async function menuScreens(page: Page): Promise<string[]> {
  const response = await page.request.get("/api/bff/screens/session");
  const body = (await response.json()) as { code: number; data: { routers: RouterNode[] } };
  expect(body.code).toBe(200);
  const routers = body.data.routers;
  const paths: string[] = [];
  const walk = (nodes: RouterNode[], base: string) => {
    for (const node of nodes) {
      const path = node.path.startsWith("/") || /^https?:/.test(node.path) ? node.path : `${base.replace(/\/$/, "")}/${node.path}`;
      if (node.children?.length) walk(node.children, path);
      // a leaf whose component is the shell itself is a permission holder (the chat desk), not a screen
      else if (!/^https?:/.test(path) && !node.meta?.link && node.component !== "Layout") paths.push(path);
    }
  };
  walk(routers, "");
  return paths;
}
