import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./fixtures";
import { ADMIN_STATE, rowAction } from "./helpers";
import { partnerPost } from "./chat-helpers";
import { api, row, unique } from "./system-helpers";

test.use({ storageState: ADMIN_STATE });

/** Categories (issue 11 §3): a tree built on the screens, the levels sub-page, a sensitive-word group. */
test("categories: a frame, an organisation under it on the levels page, sensitive words", async ({ page }) => {
  const frame = unique("架构");
  const org = unique("组织");
  const group = unique("词库");
  await page.goto("/content/category");
  const table = page.getByTestId("resource-screen-table");
  await expect(page.getByTestId("resource-screen")).toBeVisible();

  // 新增 a frame through the declaration's form; a bad combination is refused with the server's message
  await page.getByTestId("toolbar-add").click();
  const form = page.getByTestId("resource-form");
  await form.getByTestId("form-kind").selectOption("organisation");
  await form.getByTestId("form-name").fill(org);
  await form.getByTestId("form-submit").click();
  await expect(page.getByText("组织必须建在架构之下")).toBeVisible();
  await form.getByTestId("form-kind").selectOption("frame");
  await form.getByTestId("form-name").fill(frame);
  await form.getByTestId("form-submit").click();
  await expect(form).toBeHidden();
  await expect(row(table, frame).getByTestId("dict-tag").filter({ hasText: "架构" })).toBeVisible();

  // the levels sub-page: add an organisation under the frame, read the one/two-level lists
  await page.goto("/content/category-levels");
  await expect(page.getByTestId("category-levels-screen").getByTestId("toolbar-refresh")).toBeVisible();
  await page.getByRole("button", { name: "添加组织" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("所属架构").selectOption({ label: frame });
  await dialog.getByLabel("名称").fill(org);
  await dialog.getByRole("button", { name: "确定" }).click();
  await expect(dialog).toBeHidden();
  const levels = page.getByRole("table", { name: "分类层级" });
  await page.getByRole("button", { name: "一二级列表" }).click();
  await expect(levels.getByRole("row", { name: new RegExp(org) })).toContainText("组织");
  // 展开/折叠 hides the organisations under their frames and shows them again
  await page.getByTestId("toolbar-expand").click();
  await expect(levels.getByRole("row", { name: new RegExp(org) })).toHaveCount(0);
  await expect(levels.getByRole("row", { name: new RegExp(frame) })).toBeVisible();
  await page.getByTestId("toolbar-expand").click();
  await expect(levels.getByRole("row", { name: new RegExp(org) })).toBeVisible();
  await page.getByRole("button", { name: "一级列表" }).click();
  await expect(levels.getByRole("row", { name: new RegExp(org) })).toHaveCount(0);
  await expect(levels.getByRole("row", { name: new RegExp(frame) })).toContainText("1");

  // a sensitive-word group and its words through the row action
  await page.goto("/content/category");
  await page.getByTestId("toolbar-add").click();
  await form.getByTestId("form-kind").selectOption("sensitive");
  await form.getByTestId("form-name").fill(group);
  await form.getByTestId("form-submit").click();
  await expect(form).toBeHidden();
  const record = row(table, group);
  await rowAction(record, "row-action-sensitiveWords");
  const action = page.getByTestId("resource-action");
  await action.getByTestId("form-add").fill(`${group}甲\n${group}乙`);
  await action.getByTestId("form-submit").click();
  await expect(action).toBeHidden();
  await expect(record).toContainText("2");
  const listed = await api<{ rows: { id: number }[] }>(page, "GET", `admin/CommonCategory/list?name=${encodeURIComponent(group)}`);
  const words = await api<{ data: { words: string[] } }>(page, "POST", "admin/CommonCategory/sensitive_words", { id: listed.rows[0].id });
  expect(words.data.words).toEqual([`${group}甲`, `${group}乙`]);
});

/** Intercepted words: send an alarm to the webhook channel, here a small server on loopback. */
test("intercepted words: send an alarm to the configured webhook", async ({ page }) => {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const configs = await api<{ rows: { configId: number; configName: string; configKey: string; configType: string }[] }>(
    page,
    "GET",
    "system/config/list?configKey=biz.alarm",
  );
  const set = async (key: string, value: string) => {
    const config = configs.rows.find((c) => c.configKey === key);
    if (!config) throw new Error(`${key} is not seeded`);
    const { configId, configName, configKey, configType } = config;
    await api(page, "PUT", "system/config", { configId, configName, configKey, configType, configValue: value });
  };
  const word = unique("违禁");
  try {
    await set("biz.alarm.channel", `webhook:http://127.0.0.1:${port}/alarm`);
    await set("biz.alarm.secret", "e2e-alarm-secret");
    await partnerPost("/api/partner/v1/consumers", { uid: 20001, nickName: "告警测试" });
    await api(page, "POST", "admin/WordsInterceptRecord", { uid: 20001, word, category: "广告", scene: "service", content: `含${word}` });

    await page.goto("/im/intercept");
    const record = row(page.getByTestId("resource-screen-table"), word);
    await rowAction(record, "row-action-alarm");
    const action = page.getByTestId("resource-action");
    await action.getByTestId("form-message").fill("请尽快处理");
    await action.getByTestId("form-submit").click();
    await expect(action).toBeHidden();
    await expect.poll(() => received.length).toBe(1);
    const payload = JSON.parse(received[0].body) as { text: string; operator: string };
    expect(payload.text).toContain(word);
    expect(payload.text).toContain("请尽快处理");
    expect(payload.operator).toBe("admin");
    expect(received[0].headers["x-alarm-signature"]).toMatch(/^[0-9a-f]{64}$/);
    await expect(record).toContainText("1");
  } finally {
    await set("biz.alarm.channel", "");
    await set("biz.alarm.secret", "");
    server.close();
  }
});
