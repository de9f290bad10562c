import { expect, request as http, test } from "./fixtures";
import { ADMIN_STATE, rowAction } from "./helpers";
import { partnerPost } from "./chat-helpers";
import { confirmDialog, PNG, row, unique } from "./system-helpers";

test.use({ storageState: ADMIN_STATE });

/** The open read, as an app reads it: straight from the core API, without a session. */
async function openRead(code: string) {
  const core = process.env.E2E_CORE_URL;
  if (!core) throw new Error("E2E_CORE_URL is needed (run through ops.stack)");
  const context = await http.newContext({ baseURL: core });
  try {
    const answer = await context.get("/api/open/v1/rich_text", { params: { code } });
    return (await answer.json()) as { code: number; data?: { content: string; title: string } };
  } finally {
    await context.dispose();
  }
}

test("a rich text edited with an uploaded image is read publicly while on the shelf", async ({ page }) => {
  const code = `e2e_${Date.now()}`;
  const title = unique("富文本");
  await page.goto("/content/richText");
  await page.getByTestId("toolbar-add").click();
  const form = page.getByTestId("resource-form");
  await form.getByTestId("form-code").fill(code);
  await form.getByTestId("form-title").fill(title);
  await form.getByTestId("form-content-content").click();
  await page.keyboard.type("初稿");
  await form.getByTestId("form-submit").click();
  await expect(form).toBeHidden();

  // 编辑内容: the row's link to the editing page
  const record = row(page.getByTestId("resource-screen-table"), title);
  await rowAction(record, "row-action-text");
  await expect(page).toHaveURL(/\/content\/richText-info\?id=\d+/);
  const editor = page.getByTestId("rich-text-editor-content");
  await expect(page.getByTestId("rich-text-version")).toContainText("第1版");
  await expect(editor).toContainText("初稿");
  await editor.click();
  await page.keyboard.press("End");
  await page.keyboard.type("，第二版带图片");
  await page.getByTestId("editor-image-input").setInputFiles({ name: "dot.png", mimeType: "image/png", buffer: PNG });
  await expect(editor.locator("img")).toHaveAttribute("src", /^\/files\/upload\//);
  await page.getByTestId("rich-text-save").click();
  await expect(page.getByTestId("rich-text-version")).toContainText("第2版");
  await expect(page.getByTestId("rich-text-versions")).toContainText("第1版");

  const read = await openRead(code);
  expect(read.code).toBe(200);
  expect(read.data?.content).toContain("第二版带图片");
  expect(read.data?.content).toMatch(/<img src="\/files\/upload\/[^"]+\.png"/);

  // off the shelf: gone for the public; back on: there again
  await page.goto("/content/richText");
  await rowAction(record, "row-shelf");
  await confirmDialog(page);
  await expect(record.getByTestId("dict-tag").filter({ hasText: "下架" })).toBeVisible();
  await expect.poll(async () => (await openRead(code)).code).toBe(404);
  await rowAction(record, "row-shelf");
  await confirmDialog(page);
  await expect(record.getByTestId("dict-tag").filter({ hasText: "上架" })).toBeVisible();
  await expect.poll(async () => (await openRead(code)).code).toBe(200);
});

test("about us: every save is a new version, the earlier ones listed", async ({ page }) => {
  // a configuration page since issue 12: the form is drawn from the page's model, versions in its history
  await page.goto("/content/about");
  const version = page.getByTestId("config-version");
  await expect(version).toContainText(/第\d+版/);
  const before = Number((await version.textContent())?.match(/\d+/)?.[0]);
  const editor = page.getByTestId("config-field-content-content");
  await editor.click();
  await page.keyboard.press("End");
  const added = unique("关于我们");
  await page.keyboard.type(added);
  await page.getByTestId("config-save").click();
  await expect(version).toContainText(`第${before + 1}版`);
  await page.getByTestId("config-history").click();
  await expect(page.getByTestId(`config-history-${before + 1}`)).toContainText(added);
  await page.reload();
  await expect(version).toContainText(`第${before + 1}版`);
  const read = await openRead("about_us");
  expect(read.code).toBe(200);
  expect(read.data?.content).toContain(added);
});

test("info push to chosen users goes out and its progress reaches done", async ({ page }) => {
  const title = unique("推送");
  for (const uid of [9100001, 9100002, 9100003]) await partnerPost("/api/partner/v1/consumers", { uid, nickName: `推送${uid}` });
  await page.goto("/content/infoPush");
  await page.getByTestId("toolbar-action-push").click();
  const form = page.getByTestId("resource-action");
  await form.getByTestId("form-title").fill(title);
  await form.getByTestId("form-content").fill("今晚系统维护");
  await form.getByTestId("form-type").selectOption("0");
  await form.getByTestId("form-target").selectOption("users");
  await form.getByTestId("form-uids").fill("9100001, 9100002\n9100003");
  await form.getByTestId("form-submit").click();
  await expect(form).toBeHidden();
  const record = row(page.getByTestId("resource-screen-table"), title);
  await expect(record).toBeVisible();
  await expect
    .poll(async () => {
      await page.reload();
      return (await record.textContent()) ?? "";
    }, { timeout: 30_000 })
    .toContain("已推送");
  await expect(record).toContainText("指定用户");
  await expect(record.getByRole("cell").filter({ hasText: /^3$/ })).toHaveCount(2);
});

test("a feedback row opens its user's and its type's feedback sub-pages", async ({ page }) => {
  const text = unique("反馈");
  const uid = String(9_200_000 + Math.floor(Math.random() * 100_000));
  await partnerPost("/api/partner/v1/consumers", { uid: Number(uid), nickName: text });
  await page.goto("/content/feedback");
  await page.getByTestId("toolbar-add").click();
  const form = page.getByTestId("resource-form");
  await form.getByTestId("form-uid").fill(uid);
  await form.getByTestId("form-content").fill(text);
  await form.getByTestId("form-submit").click();
  await expect(form).toBeHidden();
  const record = row(page.getByTestId("resource-screen-table"), text);
  await rowAction(record, "row-action-byUser");
  await expect(page).toHaveURL(new RegExp(`/content/feedback-user\\?uid=${uid}$`));
  const table = page.getByTestId("resource-screen-table");
  await expect(table.getByTestId("table-row")).toHaveCount(1);
  await expect(row(table, text)).toContainText(uid);
  await expect(page.getByTestId("toolbar-add")).toHaveCount(0);
  await page.goBack();
  await rowAction(record, "row-action-byGroup");
  await expect(page).toHaveURL(/\/content\/feedback-group\?type=0$/);
  await expect(row(page.getByTestId("resource-screen-table"), text)).toBeVisible();
});
