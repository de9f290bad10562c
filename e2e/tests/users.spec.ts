import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { ADMIN_STATE, businessToday, pickDateRange, rowAction } from "./helpers";
import { confirmDialog, createUser, pickTreeOption, row, SEED, unique } from "./system-helpers";

test.use({ storageState: ADMIN_STATE });

test("a user is created, edited, found by the filters, exported and deleted", async ({ page }) => {
  const userName = unique("e2e_");
  await page.goto("/system/user");
  const table = page.getByTestId("user-table");
  await expect(table).toBeVisible();

  // create: the form checks its fields beside them, then the server takes it
  await page.getByTestId("toolbar-add").click();
  const form = page.getByTestId("user-form");
  await form.getByTestId("form-password").fill("");
  await form.getByTestId("form-submit").click();
  await expect(form.getByTestId("field-error").first()).toBeVisible();
  await form.getByTestId("form-nickName").fill("端到端用户");
  await pickTreeOption(page, "form-deptId", SEED.deptResearch);
  await form.getByTestId("form-userName").fill(userName);
  await form.getByTestId("form-password").fill("e2e-pass1");
  await form.getByTestId("form-phonenumber").fill(`139${Date.now().toString().slice(-8)}`);
  await form.getByTestId("form-submit").click();
  await expect(form).toBeHidden();
  await expect(row(table, userName)).toContainText("端到端用户");

  // filter by name (the URL holds the list state) and by a date range
  await page.getByTestId("query-userName").fill(userName);
  await page.getByTestId("query-search").click();
  await expect(page).toHaveURL(new RegExp(`userName=${userName}`));
  await expect(table.locator('[data-testid="table-row"]')).toHaveCount(1);
  const today = businessToday();
  await pickDateRange(page, today, today);
  await page.getByTestId("query-search").click();
  await expect(page).toHaveURL(/beginTime=/);
  await expect(table.locator('[data-testid="table-row"]')).toHaveCount(1);

  // edit
  await rowAction(row(table, userName), "row-edit");
  await expect(form.getByTestId("form-nickName")).toHaveValue("端到端用户");
  await form.getByTestId("form-nickName").fill("改过的昵称");
  await form.getByTestId("form-submit").click();
  await expect(form).toBeHidden();
  await expect(row(table, userName)).toContainText("改过的昵称");

  // export: the filtered list arrives as an xlsx
  const downloading = page.waitForEvent("download");
  await page.getByTestId("toolbar-export").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 2).toString()).toBe("PK");

  // delete, after the 系统提示 confirmation
  await rowAction(row(table, userName), "row-remove");
  await confirmDialog(page);
  await expect(table.locator('[data-testid="table-row"]')).toHaveCount(0);
  await expect(table).toContainText("暂无数据");
});

test("roles are assigned to a user on the assign-roles page", async ({ page }) => {
  const userName = unique("roles_");
  const userId = await createUser(page, { userName, nickName: "分配角色", password: "e2e-pass1", deptId: SEED.deptResearch });
  await page.goto("/system/user");
  await page.getByTestId("query-userName").fill(userName);
  await page.getByTestId("query-search").click();
  await rowAction(row(page.getByTestId("user-table"), userName), "row-auth-role");
  await expect(page).toHaveURL(new RegExp(`/system/user-auth/role/${userId}$`));
  await expect(page.getByTestId("auth-role-user-name")).toHaveValue(userName);

  const common = page.getByTestId("auth-role-table").locator(`[data-row-id="${SEED.roleCommon}"]`);
  await expect(common.getByTestId("select-row")).not.toBeChecked();
  await common.getByTestId("select-row").click();
  await page.getByTestId("auth-role-submit").click();
  await expect(page).toHaveURL(/\/system\/user$/);

  await page.goto(`/system/user-auth/role/${userId}`);
  await expect(page.getByTestId("auth-role-table").locator(`[data-row-id="${SEED.roleCommon}"]`).getByTestId("select-row")).toBeChecked();
});
