import { expect, test } from "@playwright/test";
import { ADMIN, RY, signIn, submitLogin } from "./helpers";

test("a signed-out deep link goes to sign-in and comes back after it", async ({ page }) => {
  await page.goto("/system/user");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsystem%2Fuser$/);
  await submitLogin(page, ADMIN);
  await expect(page).toHaveURL(/\/system\/user$/);
  await expect(page.getByTestId("user-screen")).toBeVisible();
});

test("a wrong password shows the server's message", async ({ page }) => {
  await page.goto("/login");
  await submitLogin(page, { username: RY.username, password: "wrong-password" });
  await expect(page.getByTestId("login-error")).toHaveText("用户不存在/密码错误");
  await expect(page).toHaveURL(/\/login/);
});

test("ry does not see the admin-only menus", async ({ page }) => {
  await signIn(page, RY);
  const sidebar = page.getByTestId("sidebar");
  await expect(sidebar.locator('[data-testid="menu-dir"][data-title="系统工具"]')).toHaveCount(0);
  await sidebar.locator('[data-testid="menu-dir"][data-title="系统管理"]').click();
  await expect(sidebar.locator('[data-testid="menu-item"][data-path="/system/user"]')).toBeVisible();
  await expect(sidebar.locator('[data-path="/system/role"]')).toHaveCount(0);
  await expect(sidebar.locator('[data-path="/system/menu"]')).toHaveCount(0);
  await sidebar.locator('[data-testid="menu-dir"][data-title="系统监控"]').click();
  await expect(sidebar.locator('[data-testid="menu-item"][data-path="/monitor/online"]')).toBeVisible();
  await expect(sidebar.locator('[data-path="/monitor/job"]')).toHaveCount(0);
  // a page outside the menu is refused, and so is a hidden page without its permission
  await page.goto("/system/menu");
  await expect(page).toHaveURL(/\/404$/);
  await page.goto("/tool/gen-edit/index");
  await expect(page.getByTestId("status-401")).toBeVisible();
});

test("signing out asks first, then lands on the sign-in page", async ({ page }) => {
  await signIn(page);
  await page.getByTestId("avatar-menu").click();
  await page.getByTestId("menu-logout").click();
  const dialog = page.getByTestId("confirm-dialog");
  await expect(dialog).toContainText("确定注销并退出系统吗？");
  await expect(dialog).toContainText("系统提示");
  await page.getByTestId("confirm-ok").click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto("/index");
  await expect(page).toHaveURL(/\/login\?redirect=%2Findex$/);
});
