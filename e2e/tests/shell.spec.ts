import { expect, test } from "./fixtures";
import { ADMIN_STATE, openMenu, tag, tagPaths } from "./helpers";

test.use({ storageState: ADMIN_STATE });

test.beforeEach(async ({ page }) => {
  await page.goto("/index");
  await expect(page.getByTestId("sidebar")).toBeVisible();
});

test("the menu shows the admin's directories and pages", async ({ page }) => {
  const sidebar = page.getByTestId("sidebar");
  await expect(sidebar.locator('[data-testid="menu-dir"][data-title="系统管理"]')).toBeVisible();
  await sidebar.locator('[data-testid="menu-dir"][data-title="系统管理"]').click();
  await expect(sidebar.locator('[data-testid="menu-item"][data-path="/system/user"]')).toHaveText("用户管理");
  await expect(page.getByTestId("dashboard")).toBeVisible();
  await expect(page.getByTestId("breadcrumb")).toHaveText("首页");
});

test("screens open from the menu and the tab menu closes others and all", async ({ page }) => {
  await openMenu(page, "系统管理", "/system/user");
  await openMenu(page, "系统管理", "/system/role");
  await openMenu(page, "系统监控", "/monitor/online");
  await expect(page.getByTestId("breadcrumb")).toContainText("系统监控");
  expect(await tagPaths(page)).toEqual(["/index", "/system/user", "/system/role", "/monitor/online"]);

  await tag(page, "/system/role").click({ button: "right" });
  await page.getByTestId("tag-menu-close-others").click();
  await expect(page).toHaveURL(/\/system\/role$/);
  await expect.poll(() => tagPaths(page)).toEqual(["/index", "/system/role"]);

  await tag(page, "/system/role").click({ button: "right" });
  await page.getByTestId("tag-menu-close-all").click();
  await expect(page).toHaveURL(/\/index$/);
  await expect.poll(() => tagPaths(page)).toEqual(["/index"]);
});

test("the header search finds a page and goes there", async ({ page }) => {
  await page.getByTestId("header-search").click();
  await page.getByTestId("header-search-input").fill("操作日志");
  const first = page.getByTestId("header-search-item").first();
  await expect(first).toHaveAttribute("data-path", "/system/log/operlog");
  await first.click();
  await expect(page).toHaveURL(/\/system\/log\/operlog$/);
  await expect(tag(page, "/system/log/operlog")).toBeVisible();
});

test("theme colour and sidebar theme persist after Save and reload", async ({ page }) => {
  await page.getByTestId("avatar-menu").click();
  await page.getByTestId("menu-settings").click();
  const drawer = page.getByTestId("settings-drawer");
  await expect(drawer).toBeVisible();
  await drawer.getByTestId("theme-color-#11a983").click();
  await drawer.getByTestId("side-theme-light").click();
  await drawer.getByTestId("settings-save").click();

  await page.reload();
  await expect(page.getByTestId("sidebar")).toBeVisible();
  const primary = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue("--primary").trim().toLowerCase(),
  );
  // the preset, darkened until white text on it reaches 4.5:1 (lib/theme.ts)
  expect(primary).toBe("#0c765c");
  await expect(page.locator("html")).toHaveAttribute("data-side-theme", "light");
  await expect(page.getByTestId("sidebar")).toHaveCSS("background-color", "rgb(255, 255, 255)");
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("layout-setting") ?? "{}"));
  expect(saved).toMatchObject({ theme: "#11a983", sideTheme: "light" });
});

test("hidden pages check their id and highlight their menu", async ({ page }) => {
  await page.goto("/system/user-auth/role/1");
  await expect(page.getByTestId("auth-role-user-name")).toHaveValue("admin");
  await expect(page.getByTestId("breadcrumb")).toContainText("系统管理");
  await expect(page.getByTestId("sidebar").locator('[data-path="/system/user"]')).toHaveClass(/text-sidebar-active/);
  await page.goto("/system/user-auth/role/abc");
  await expect(page).toHaveURL(/\/404$/);
});
