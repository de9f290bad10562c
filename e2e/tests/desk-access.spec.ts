import { expect, test } from "./fixtures";
import { ADMIN_STATE, submitLogin } from "./helpers";
import { api, createUser, unique } from "./system-helpers";

test.use({ storageState: ADMIN_STATE });

/**
 * The chat desk and the dashboard's latest sign-ins follow their permissions (chat:desk:list,
 * monitor:logininfor:list): an operator with only the dashboard sees neither, the administrator both.
 */
test("without chat:desk:list no chat button, without the login log no latest sign-ins", async ({ page, browser }) => {
  await page.goto("/index");
  await expect(page.getByTestId("dashboard")).toBeVisible();
  await expect(page.getByTestId("chat-open")).toBeVisible();
  await expect(page.getByTestId("recent-logins")).toBeVisible();

  const menus = await api<{ data: { menuId: number }[] }>(page, "GET", "system/menu/list?menuName=统计报表");
  const roleKey = unique("viewer_");
  await api(page, "POST", "system/role", { roleName: roleKey, roleKey, roleSort: 9, menuIds: [menus.data[0].menuId] });
  const roles = await api<{ rows: { roleId: number }[] }>(page, "GET", `system/role/list?roleKey=${roleKey}`);
  const userName = unique("viewer");
  await createUser(page, { userName, nickName: "看板员", password: "viewer-pass1", roleIds: [roles.rows[0].roleId] });

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const viewer = await context.newPage();
  await viewer.goto("/login");
  await submitLogin(viewer, { username: userName, password: "viewer-pass1" });
  await expect(viewer.getByTestId("dashboard")).toBeVisible();
  await expect(viewer.getByTestId("navbar")).toBeVisible();
  await expect(viewer.getByTestId("chat-open")).toHaveCount(0);
  await expect(viewer.getByTestId("recent-logins")).toHaveCount(0);
  await context.close();
});
