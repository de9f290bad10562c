import { expect, test } from "./fixtures";
import { ADMIN_STATE, rowAction, rowActionShown } from "./helpers";
import { partnerPost } from "./chat-helpers";
import { api, confirmDialog, row, unique } from "./system-helpers";

test.use({ storageState: ADMIN_STATE });

/** A declared business resource (issue 11 §1) drawn from its declaration alone: 实名认证 has no screen of its own. */
test("identity verification: create, filter, shelve, audit, read the history, delete", async ({ page }) => {
  const name = unique("认证");
  const uid = String(100000 + Math.floor(Math.random() * 800000));
  await partnerPost("/api/partner/v1/consumers", { uid: Number(uid), nickName: name }); // a record names an app user
  await page.goto("/account/auth");
  const screen = page.getByTestId("resource-screen");
  await expect(screen).toBeVisible();
  await expect(screen.getByTestId("sort-header").first()).toBeVisible();

  // 新增: the form from the declaration (status, audit fields and the like are not editable)
  await page.getByTestId("toolbar-add").click();
  const form = page.getByTestId("resource-form");
  await expect(form).toContainText("新增实名认证");
  await expect(form.getByTestId("form-status")).toHaveCount(0);
  await form.getByTestId("form-submit").click();
  await expect(form.getByTestId("field-error").first()).toContainText("不能为空");
  await form.getByTestId("form-uid").fill(uid);
  await form.getByTestId("form-realName").fill(name);
  await form.getByTestId("form-idNumber").fill("123");
  await form.getByTestId("form-submit").click();
  await expect(form).toContainText("身份证号格式不正确");
  await form.getByTestId("form-idNumber").fill("11010119900318123X");
  await form.getByTestId("form-submit").click();
  await expect(form).toBeHidden();

  // in the list with its dictionary tags
  const table = page.getByTestId("resource-screen-table");
  const record = row(table, name);
  await expect(record).toContainText(uid);
  await expect(record.getByTestId("dict-tag").filter({ hasText: "待审核" })).toBeVisible();
  await expect(record.getByTestId("dict-tag").filter({ hasText: "上架" })).toBeVisible();

  // 真实姓名 by a fragment
  await page.getByTestId("query-realName").fill(name.slice(2));
  await page.getByTestId("query-search").click();
  await expect(page).toHaveURL(/realName=/);
  await expect(table.getByTestId("table-row")).toHaveCount(1);
  await expect(record).toBeVisible();

  // 下架 and back
  await rowAction(record, "row-shelf");
  await confirmDialog(page);
  await expect(record.getByTestId("dict-tag").filter({ hasText: "下架" })).toBeVisible();
  await expect(record.getByTestId("row-shelf")).toContainText("上架");

  // 审核 (only for a pending record): the action's small form
  await rowAction(record, "row-action-audit");
  const audit = page.getByTestId("resource-action");
  await expect(audit).toContainText("审核");
  await audit.getByTestId("form-pass").selectOption("true");
  await audit.getByTestId("form-remark").fill("资料齐全");
  await audit.getByTestId("form-submit").click();
  // a decision cannot be changed: asked once more, naming the record
  await expect(page.getByTestId("confirm-dialog")).toContainText(`"${name}"`);
  await confirmDialog(page);
  await expect(audit).toBeHidden();
  await expect(record.getByTestId("dict-tag").filter({ hasText: "已通过" })).toBeVisible();
  await expect.poll(() => rowActionShown(record, "row-action-audit")).toBe(false);

  // 历史: the audit, the shelf toggle and the creation, newest first
  await rowAction(record, "row-history");
  const history = page.getByTestId("resource-history");
  const entries = history.getByTestId("history-entry");
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toHaveAttribute("data-action", "action");
  await expect(entries.nth(0)).toContainText("审核通过");
  await expect(entries.nth(0)).toContainText("admin");
  await expect(entries.nth(0)).toContainText("审核状态: 待审核 → 已通过");
  await expect(entries.nth(1)).toContainText("上架: 上架 → 下架");
  await expect(entries.nth(2)).toHaveAttribute("data-action", "create");
  await page.keyboard.press("Escape");
  await expect(history).toBeHidden();

  // 删除
  await rowAction(record, "row-remove");
  await confirmDialog(page);
  await expect(record).toHaveCount(0);
});

test("a view path no resource declares still shows the not-built panel", async ({ page }) => {
  // every seeded menu of the business issues gets built: the test's own menu names a view nothing serves
  const orders = await api<{ data: { menuId: number; menuName: string; parentId: number }[] }>(
    page, "GET", "system/menu/list?menuName=订单管理");
  const parent = orders.data.find((m) => m.menuName === "订单管理" && m.parentId === 0);
  expect(parent).toBeDefined();
  const path = unique("nb");
  await api(page, "POST", "system/menu", { menuName: `未建页面${path}`, parentId: parent?.menuId ?? 0, orderNum: 99, path,
    component: "e2e/notBuilt/index", menuType: "C", visible: "0", status: "0" });
  const made = await api<{ data: { menuId: number }[] }>(page, "GET", `system/menu/list?menuName=未建页面${path}`);
  try {
    await page.goto(`/order/${path}`);
    await expect(page.getByTestId("not-built")).toBeVisible();
    await expect(page.getByTestId("not-built-view")).toHaveText("e2e/notBuilt/index");
  } finally {
    await api(page, "DELETE", `system/menu/${made.data[0].menuId}`);
  }
});
