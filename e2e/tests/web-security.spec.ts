import { readFileSync } from "node:fs";
import { expect, type Page, test } from "./fixtures";
import { ADMIN_STATE, openMenu } from "./helpers";
import { unique } from "./system-helpers";

const BASE = process.env.E2E_BASE_URL ?? "http://127.0.0.1:3000";
const CROSS_SITE = { code: 403, msg: "已拒绝来自其他网站的请求，请在控制台页面中操作" };
const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The signed-in admin's cookies as a Cookie header, for requests made by the test runner itself. */
function adminCookie(): string {
  const state = JSON.parse(readFileSync(ADMIN_STATE, "utf8")) as { cookies: { name: string; value: string }[] };
  return state.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
}

/** A raw request to the web, as another site's page would make the browser send it (never through a page). */
async function raw(path: string, init: { method?: string; headers?: Record<string, string>; body?: string; signedIn?: boolean } = {}) {
  const response = await fetch(`${BASE}${path}`, {
    method: init.method ?? "GET",
    headers: { ...(init.signedIn === false ? {} : { Cookie: adminCookie() }), ...init.headers },
    body: init.body,
    redirect: "manual",
  });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** What the console's own pages send with a call. */
const OWN = { "Sec-Fetch-Site": "same-origin", Origin: new URL(BASE).origin, "X-Console-Request": "1" };

async function noticesTitled(title: string): Promise<number> {
  const answer = await raw(`/api/bff/api/system/notice/list?noticeTitle=${encodeURIComponent(title)}`, { headers: OWN });
  return (JSON.parse(answer.body) as { total: number }).total;
}

async function unlockLogs(): Promise<number> {
  const answer = await raw(`/api/bff/api/monitor/operlog/list?title=${encodeURIComponent("账户解锁")}&pageSize=1`, { headers: OWN });
  return (JSON.parse(answer.body) as { total: number }).total;
}

test("another site can neither write nor change state through the console's calls", async () => {
  const title = unique("跨站公告");
  const notice = JSON.stringify({ noticeTitle: title, noticeType: "1", status: "0", noticeContent: "x" });
  // a form of another site posting text/plain, and a fetch of another site posting JSON
  const forms: Record<string, string>[] = [
    { "Content-Type": "text/plain", Origin: "https://evil.example" },
    { "Content-Type": "application/json", Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    { "Content-Type": "application/json", "Sec-Fetch-Site": "same-site" },
    { "Content-Type": "application/json", Origin: "null" },
  ];
  for (const headers of forms) {
    const answer = await raw("/api/bff/api/system/notice", { method: "POST", headers, body: notice });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual(CROSS_SITE);
  }
  // a body of another type than the console sends: 415, whoever sends it
  const plain = await raw("/api/bff/api/system/notice", { method: "POST", headers: { "Content-Type": "text/plain" }, body: notice });
  expect(JSON.parse(plain.body)).toEqual({ code: 415, msg: "请求体格式不支持，请以 JSON、表单或文件上传方式提交" });
  expect(await noticesTitled(title)).toBe(0);

  // state-changing GETs: a link or a top-level navigation from another site, or no sign of the console's pages
  const before = await unlockLogs();
  const navigations: { path: string; headers: Record<string, string> }[] = [
    { path: "/api/bff/api/monitor/logininfor/unlock/admin", headers: { "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document" } },
    { path: "/api/bff/api/monitor/logininfor/unlock/admin", headers: { "Sec-Fetch-Site": "none", "Sec-Fetch-Mode": "navigate" } },
    { path: "/api/bff/api/monitor/logininfor/unlock/admin", headers: {} },
    { path: "/api/bff/api/tool/gen/synchDb/sys_user", headers: { "Sec-Fetch-Site": "same-site", "Sec-Fetch-Dest": "image" } },
  ];
  for (const { path, headers } of navigations) {
    const answer = await raw(path, { headers });
    expect(JSON.parse(answer.body), path).toEqual(CROSS_SITE);
  }

  // the console's own calls still work: the same notice and the same unlock from its pages
  const created = await raw("/api/bff/api/system/notice", { method: "POST", headers: { ...OWN, "Content-Type": "application/json" }, body: notice });
  expect(JSON.parse(created.body)).toMatchObject({ code: 200 });
  expect(await noticesTitled(title)).toBe(1);
  const unlocked = await raw("/api/bff/api/monitor/logininfor/unlock/admin", { headers: OWN });
  expect(JSON.parse(unlocked.body)).toMatchObject({ code: 200 });
  // the operation log counts exactly the one unlock that ran (it is written after the answer)
  await expect.poll(unlockLogs).toBe(before + 1);
});

test("pages and calls carry the security headers", async () => {
  const page = await raw("/login", { signedIn: false });
  expect(page.status).toBe(200);
  const policy = page.headers.get("content-security-policy") ?? "";
  expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'/);
  expect(policy).toContain("frame-ancestors 'self'");
  expect(policy).toContain("object-src 'none'");
  expect(policy).not.toContain("unsafe-eval");
  // a fresh nonce for every page, and it is the one on the page's scripts
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1] ?? "";
  expect(page.body).toContain(`nonce="${nonce}"`);
  const again = await raw("/login", { signedIn: false });
  expect(again.headers.get("content-security-policy")).not.toContain(nonce);
  for (const answer of [page, await raw("/api/bff/screens/session")]) {
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(answer.headers.get("referrer-policy")).toBe("same-origin");
    expect(answer.headers.get("strict-transport-security")).toBeNull();
  }
  expect((await raw("/api/bff/screens/session")).headers.get("content-security-policy")).toBe(API_POLICY);
  // behind a TLS proxy: HSTS
  const secure = await raw("/login", { signedIn: false, headers: { "X-Forwarded-Proto": "https" } });
  expect(secure.headers.get("strict-transport-security")).toBe("max-age=31536000");
});

test.describe("the console under its policy", () => {
  test.use({ storageState: ADMIN_STATE });

  /** Every CSP violation the pages (and their frames) report. */
  function watchViolations(page: Page): string[] {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (process.env.E2E_DEBUG) console.log(`[${message.type()}] ${message.text()}`);
      if (/Content.Security.Policy|CSP/i.test(message.text())) violations.push(message.text());
    });
    return violations;
  }

  test("the main screens run without a single policy violation", async ({ page }) => {
    test.setTimeout(120_000);
    const violations = watchViolations(page);
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} on ${location.pathname} (${event.sourceFile}:${event.lineNumber})`);
      });
    });
    // the pre-paint script (inline, with the nonce) applies a saved theme colour (darkened for white text on it)
    await page.addInitScript(() => localStorage.setItem("layout-setting", JSON.stringify({ theme: "#13c2c2" })));
    await page.goto("/index");
    await expect(page.getByTestId("sidebar")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.style.getPropertyValue("--primary-light"))).toBe("#0b7474");
    await openMenu(page, "系统管理", "/system/user");
    await expect(page.getByTestId("user-table")).toBeVisible();
    await openMenu(page, "系统管理", "/system/notice");
    await expect(page.getByTestId("notice-screen-table")).toBeVisible();
    await page.goto("/monitor/server");
    await expect(page.getByTestId("server-mem-total")).toHaveText(/^\d+\.\d{2} GB$/);
    // the embedded pages (same-origin frames with the core's own policy)
    await page.goto("/monitor/druid");
    await expect(page.frameLocator('[data-testid="inner-link"]').locator("h1")).toHaveText("数据库连接池");
    await page.goto("/tool/swagger");
    await expect(page.frameLocator('[data-testid="swagger-frame"]').locator(".swagger-ui .info .title")).toBeVisible({ timeout: 30_000 });
    // the chat (its socket goes to the core's origin)
    await page.goto("/index");
    await page.getByTestId("chat-open").click();
    await expect(page.getByTestId("chat-popup")).toBeVisible();
    await expect(page.getByTestId("chat-title")).toHaveText(/^客服消息（\d+）$/);
    expect(violations).toEqual([]);
  });
});
