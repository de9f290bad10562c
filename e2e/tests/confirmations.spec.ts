import { expect, test } from "./fixtures";
import { partnerPost, uniquePeerId } from "./chat-helpers";
import { ADMIN_STATE, rowAction } from "./helpers";
import { createUser, row, unique } from "./system-helpers";

test.use({ storageState: ADMIN_STATE });

/** Issue 28 §2 and §3: what cannot be undone asks first naming the record, refused fields show under the fields. */

test("rejecting a shop's application asks naming the shop; cancelling changes nothing", async ({ page }) => {
  const uid = uniquePeerId();
  const shopName = `驳回小铺${uid}`;
  await partnerPost("/api/partner/v1/consumers", { uid, nickName: "入驻申请人" });
  await partnerPost("/api/partner/v1/mall/settled", { uid, shopName, contact: "王店长", phone: "13912345678", areaCode: "110105", address: "朝阳路1号", account: `rej${uid}` });
  await page.goto("/mall/settled");
  await page.getByTestId("query-shopName").fill(shopName);
  await page.getByTestId("query-search").click();
  const application = page.getByTestId("resource-screen-table").getByTestId("table-row").filter({ hasText: shopName });
  await application.getByTestId("row-action-audit").click();
  const dialog = page.getByTestId("resource-action");
  await dialog.getByTestId("form-status").selectOption("rejected");
  await dialog.getByTestId("form-reason").fill("资料不全");
  await dialog.getByTestId("form-submit").click();
  const confirm = page.getByTestId("confirm-dialog");
  await expect(confirm).toContainText(`"${shopName}"`);
  await expect(confirm).toContainText("审核结果提交后不可更改");
  await page.getByTestId("confirm-cancel").click();
  await expect(confirm).toBeHidden();
  await page.getByTestId("form-cancel").click();
  await page.reload();
  await expect(application.getByTestId("dict-tag").filter({ hasText: "待审核" })).toBeVisible();
});

test("deleting a user names the user; cancelling keeps it", async ({ page }) => {
  const userName = unique("del");
  await createUser(page, { userName, nickName: "待删用户", password: "admin123" });
  await page.goto("/system/user");
  const table = page.getByTestId("user-table");
  await row(table, userName).getByTestId("row-remove").click();
  const confirm = page.getByTestId("confirm-dialog");
  await expect(confirm).toContainText(`确认删除用户"${userName}"吗？`);
  await page.getByTestId("confirm-cancel").click();
  await expect(row(table, userName)).toHaveCount(1);
  await row(table, userName).getByTestId("row-remove").click();
  await page.getByTestId("confirm-ok").click();
  await expect(row(table, userName)).toHaveCount(0);
});

test("deleting a post, a parameter, a dictionary or a notice names it; cancelling keeps it", async ({ page }) => {
  const title = unique("删公告");
  await page.goto("/system/notice");
  await page.getByTestId("toolbar-add").click();
  const form = page.getByTestId("notice-form");
  await form.getByTestId("form-noticeTitle").fill(title);
  await form.getByTestId("form-noticeType").selectOption("1");
  await form.getByTestId("form-submit").click();
  await expect(form).toBeHidden();
  const cases = [
    { path: "/system/post", table: "post-screen-table", name: "董事长", text: '确认删除岗位"董事长"吗？' },
    { path: "/system/config", table: "config-screen-table", name: "sys.index.skinName", text: '确认删除参数"主框架页-默认皮肤样式名称"吗？' },
    { path: "/system/dict", table: "dict-type-screen-table", name: "sys_user_sex", text: '确认删除字典"用户性别"吗？' },
    { path: "/system/notice", table: "notice-screen-table", name: title, text: `确认删除公告"${title}"吗？` },
  ];
  for (const { path, table, name, text } of cases) {
    await page.goto(path);
    const record = row(page.getByTestId(table), name);
    await rowAction(record, "row-remove");
    await expect(page.getByTestId("confirm-dialog")).toContainText(text);
    await page.getByTestId("confirm-cancel").click();
    await expect(record).toHaveCount(1);
  }
});

test("a configuration page's refused value shows its error under the field", async ({ page }) => {
  await page.goto("/setting/group");
  const input = page.getByTestId("config-field-maxMembers");
  await input.fill("-1");
  await page.getByTestId("config-save").click();
  const error = page.locator("#config-field-maxMembers-error");
  await expect(error).toHaveText("普通群人数上限不能小于3");
  await expect(input).toHaveAttribute("aria-describedby", "config-field-maxMembers-error");
  await input.fill("500");
  await expect(error).toHaveCount(0);
});

test("a declared form shows the server's refusal of a field under it", async ({ page }) => {
  await page.goto("/account/auth");
  await page.getByTestId("toolbar-add").click();
  const form = page.getByTestId("resource-form");
  const missing = 900_000_000 + Math.floor(Math.random() * 90_000_000); // no app user has this uid
  await form.getByTestId("form-uid").fill(String(missing));
  await form.getByTestId("form-realName").fill(unique("认证"));
  await form.getByTestId("form-idNumber").fill("11010119900318123X");
  await form.getByTestId("form-submit").click();
  const uid = form.getByTestId("form-uid");
  await expect(uid).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#field-uid-error")).toHaveText(`用户UID：用户 ${missing} 不存在`);
  await expect(form).toBeVisible();
});

test("a money field takes yuan and the list shows it as ¥ with two decimals", async ({ page }) => {
  const name = unique("理疗");
  await page.goto("/consult/service");
  await page.getByTestId("toolbar-add").click();
  const form = page.getByTestId("resource-form");
  await form.getByTestId("form-name").fill(name);
  await form.getByTestId("form-serviceType").selectOption({ index: 1 });
  await form.getByTestId("form-price").fill("12.5");
  await form.getByTestId("form-submit").click();
  await expect(form).toBeHidden();
  await expect(row(page.getByTestId("resource-screen-table"), name)).toContainText("¥12.50");
});
