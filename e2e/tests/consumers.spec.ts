import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./fixtures";
import { coreEnv, partnerPost } from "./chat-helpers";
import { ADMIN_STATE, rowAction, rowActionShown } from "./helpers";
import { api, confirmDialog, row, unique } from "./system-helpers";

test.use({ storageState: ADMIN_STATE });

interface Hook {
  event: string;
  data: Record<string, unknown>;
  signed: boolean;
}

/** The app server: a small HTTP server on loopback that records the console's webhooks and checks their signature. */
async function appServer(key: string): Promise<{ server: Server; url: string; received: Hook[] }> {
  const received: Hook[] = [];
  const read = (request: IncomingMessage) =>
    new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => resolve(Buffer.concat(chunks)));
    });
  const server = createServer((request, response) => {
    void read(request).then((body) => {
      const timestamp = String(request.headers["x-console-timestamp"] ?? "");
      const expected = createHmac("sha256", key).update(`${timestamp}\n`).update(body).digest("hex");
      const event = JSON.parse(body.toString()) as { event: string; data: Record<string, unknown> };
      received.push({ event: event.event, data: event.data, signed: expected === request.headers["x-console-signature"] });
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/hooks/console`, received };
}

/** A consumer registered as the app's server does it: POST /api/partner/v1/consumers, HMAC-signed. */
async function registerConsumer(uid: number, fields: Record<string, unknown>) {
  await partnerPost("/api/partner/v1/consumers", { uid, ...fields });
}

test("app users: freeze one and the app server hears it; export the filtered list and download it from the message centre", async ({ page }) => {
  test.setTimeout(120_000);
  const { key } = coreEnv();
  const hooks = await appServer(key);
  const tag = unique("e2e用户");
  const base = 200_000_000 + Math.floor(Math.random() * 1_000_000) * 10;
  await registerConsumer(base + 1, { nickName: `${tag}甲`, phone: `139${String(base + 1).slice(-8)}` });
  await registerConsumer(base + 2, { nickName: `${tag}乙` });

  // the operator points the webhooks at the app server (System → Parameters: biz.app.webhookUrl)
  const found = await api<{ rows: { configId: number }[] }>(page, "GET", "system/config/list?configKey=biz.app.webhookUrl");
  const entry = { configName: "应用服务器回调地址", configKey: "biz.app.webhookUrl", configValue: hooks.url, configType: "N" };
  if (found.rows.length) await api(page, "PUT", "system/config", { ...entry, configId: found.rows[0].configId });
  else await api(page, "POST", "system/config", entry);

  try {
    await page.goto("/account/consumer");
    const screen = page.getByTestId("resource-screen");
    await expect(screen).toBeVisible();
    await page.getByTestId("query-nickName").fill(tag);
    await page.getByTestId("query-search").click();
    const table = page.getByTestId("resource-screen-table");
    await expect(table.getByTestId("table-row")).toHaveCount(2);
    const first = row(table, `${tag}甲`);
    await expect(first).toContainText(String(base + 1));

    // 冻结: the row turns frozen, the 解冻 action replaces it, and the app server receives the signed event
    await rowAction(first, "row-action-freeze");
    await confirmDialog(page);
    await expect.poll(() => rowActionShown(first, "row-action-unfreeze")).toBe(true);
    await expect.poll(() => rowActionShown(first, "row-action-freeze")).toBe(false);
    await expect
      .poll(() => hooks.received.find((h) => h.event === "consumer.frozen" && h.data.uid === base + 1), { timeout: 30_000 })
      .toBeTruthy();
    expect(hooks.received.every((h) => h.signed)).toBe(true);

    // 好友列表: the row opens the friend sub-page of that user
    await rowAction(first, "row-action-friends");
    await expect(page).toHaveURL(new RegExp(`uid=${base + 1}`));
    await expect(page.getByTestId("resource-screen")).toBeVisible();
    await page.goBack();
    await expect(table.getByTestId("table-row")).toHaveCount(2);

    // 导出: built in the background with a progress bar, then downloaded from the message centre
    await page.getByTestId("toolbar-export").click();
    const progress = page.getByTestId("export-progress");
    await expect(progress).toBeVisible();
    await expect(progress).toHaveAttribute("data-status", "done", { timeout: 60_000 });
    await expect(progress.getByTestId("export-progress-figure")).toContainText("2 / 2");
    await page.keyboard.press("Escape");
    await expect(progress).toBeHidden();

    await expect
      .poll(
        async () => {
          await page.getByTestId("unread-badge").click();
          const count = await page.getByTestId("message-list-sys").locator('[data-testid="message-item"][data-type="1801"]').count();
          await page.keyboard.press("Escape");
          return count;
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    await page.getByTestId("unread-badge").click();
    await page.getByTestId("message-list-sys").locator('[data-testid="message-item"][data-type="1801"]').first().click();
    const detail = page.getByTestId("message-detail");
    await expect(detail.getByTestId("message-detail-title")).toContainText("导出完成");
    await expect(detail.getByTestId("message-detail-content")).toContainText("共 2 条");
    const downloading = page.waitForEvent("download");
    await detail.getByTestId("message-detail-download").click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const saved = await file.path();
    expect(saved).toBeTruthy();
  } finally {
    hooks.server.close();
  }
});
