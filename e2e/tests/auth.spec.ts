import { expect, type Page, request, test } from "./fixtures";
import { ADMIN, openAvatarMenu, RY, signIn, submitLogin } from "./helpers";

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
  await openAvatarMenu(page, "menu-logout");
  await page.getByTestId("menu-logout").click();
  const dialog = page.getByTestId("confirm-dialog");
  await expect(dialog).toContainText("确定注销并退出系统吗？");
  await expect(dialog).toContainText("系统提示");
  await page.getByTestId("confirm-ok").click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto("/index");
  await expect(page).toHaveURL(/\/login\?redirect=%2Findex$/);
});

/** Ends every session of `userName` as an administrator would (Monitor > Online users), through the core API. */
async function forceOut(userName: string) {
  const core = process.env.E2E_CORE_URL;
  if (!core) throw new Error("E2E_CORE_URL is needed (run through ops.stack)");
  const api = await request.newContext({ baseURL: core });
  try {
    const signedIn = await (await api.post("/login", { data: ADMIN })).json();
    const headers = { Authorization: `Bearer ${signedIn.token}` };
    const online = await (await api.get("/monitor/online/list", { headers, params: { userName } })).json();
    const ids = online.rows.filter((row: { userName: string }) => row.userName === userName).map((row: { tokenId: string }) => row.tokenId);
    expect(ids.length).toBeGreaterThan(0);
    const ended = await (await api.delete(`/monitor/online/${ids.join(",")}`, { headers })).json();
    expect(ended.code).toBe(200);
    await api.post("/logout", { headers });
  } finally {
    await api.dispose();
  }
}

async function expectExpiredPrompt(page: Page) {
  const dialog = page.getByTestId("confirm-dialog");
  await expect(dialog).toContainText("登录状态已过期，您可以继续留在该页面，或者重新登录");
  await expect(dialog.getByTestId("confirm-ok")).toHaveText("重新登录");
  return dialog;
}

test("an ended session met by a reload asks to sign in again and comes back to the list", async ({ page }) => {
  await signIn(page, RY);
  await page.goto("/system/user?userName=ry");
  await expect(page.getByTestId("user-screen")).toBeVisible();
  await forceOut(RY.username);
  await page.reload();
  const dialog = await expectExpiredPrompt(page);
  await dialog.getByTestId("confirm-ok").click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsystem%2Fuser%3FuserName%3Dry$/);
  await submitLogin(page, RY);
  await expect(page).toHaveURL(/\/system\/user\?userName=ry$/);
  await expect(page.getByTestId("user-screen")).toBeVisible();
});

test("an ended session met by a menu click asks to sign in again and comes back to that page", async ({ page }) => {
  await signIn(page, RY);
  await forceOut(RY.username);
  const sidebar = page.getByTestId("sidebar");
  await sidebar.locator('[data-testid="menu-dir"][data-title="系统管理"]').click();
  await sidebar.locator('[data-testid="menu-item"][data-path="/system/user"]').click();
  // 取消 keeps the operator here, with the way to sign in again
  await (await expectExpiredPrompt(page)).getByTestId("confirm-cancel").click();
  await page.getByTestId("session-ended-relogin").click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsystem%2Fuser$/);
  await submitLogin(page, RY);
  await expect(page).toHaveURL(/\/system\/user$/);
  await expect(page.getByTestId("user-screen")).toBeVisible();
});
