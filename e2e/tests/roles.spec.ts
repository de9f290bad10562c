import { expect, test } from "./fixtures";
import { ADMIN_STATE, rowAction } from "./helpers";
import { api, createUser, row, SEED, signInAs, unique } from "./system-helpers";

test.use({ storageState: ADMIN_STATE });

test("a role with a custom data scope shows its users only the granted departments' users", async ({ page, browser }) => {
  const roleName = unique("范围");
  const roleKey = unique("scope_");
  await page.goto("/system/role");

  // the role, with the system user menu (checking it checks its buttons; the parent goes half-checked)
  await page.getByTestId("toolbar-add").click();
  const form = page.getByTestId("role-form");
  await form.getByTestId("form-roleName").fill(roleName);
  await form.getByTestId("form-roleKey").fill(roleKey);
  await form.getByTestId("form-roleSort").fill("9");
  await form.getByTestId("tree-expand-all").click();
  await form.locator(`[data-testid="tree-node"][data-id="${SEED.menuUser}"] > div [data-testid="tree-check"]`).click();
  await expect(form.locator(`[data-testid="tree-node"][data-id="${SEED.menuSystem}"] > div [data-testid="tree-check"]`)).toHaveAttribute(
    "data-state",
    "indeterminate",
  );
  await form.getByTestId("form-submit").click();
  await expect(form).toBeHidden();
  const roleRow = row(page.getByTestId("role-table"), roleKey);
  await expect(roleRow).toBeVisible();

  // its data scope: custom, the Changsha branch (its teams follow)
  await rowAction(roleRow, "row-data-scope");
  const scope = page.getByTestId("data-scope-form");
  await scope.getByTestId("form-dataScope").selectOption("2");
  await scope.getByTestId("tree-expand-all").click();
  await scope.locator(`[data-testid="tree-node"][data-id="${SEED.deptChangsha}"] > div [data-testid="tree-check"]`).click();
  await scope.getByTestId("form-submit").click();
  await expect(scope).toBeHidden();

  const roles = await api<{ rows: { roleId: number }[] }>(page, "GET", `system/role/list?roleKey=${roleKey}`);
  const scopedUser = unique("cs_");
  const password = "e2e-pass1";
  await createUser(page, { userName: scopedUser, nickName: "长沙用户", password, deptId: SEED.deptChangshaMarket, roleIds: [roles.rows[0].roleId] });

  // that user sees only the Changsha users and departments
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const scoped = await context.newPage();
  await signInAs(scoped, scopedUser, password);
  await scoped.goto("/system/user");
  const table = scoped.getByTestId("user-table");
  await expect(row(table, scopedUser)).toBeVisible();
  // the seed's users (research and test departments of the Shenzhen branch) are out of scope
  await expect(row(table, "超级管理员")).toHaveCount(0);
  await expect(row(table, "普通用户")).toHaveCount(0);
  await expect(table.locator('[data-testid="table-row"]', { hasText: "研发部门" })).toHaveCount(0);
  const tree = scoped.getByTestId("dept-tree");
  await expect(tree.locator('[data-label="长沙分公司"]')).toBeVisible();
  await expect(tree.locator('[data-label="深圳总公司"]')).toHaveCount(0);
  await context.close();
});
