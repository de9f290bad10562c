import { expect, type Locator, type Page } from "./fixtures";

/** A 1×1 PNG: the core checks an image's content against its extension. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
  "base64",
);

/** Seed ids of a fresh database (core_api/seed). */
export const SEED = {
  deptChangsha: 102,
  deptChangshaMarket: 108,
  deptResearch: 103,
  menuSystem: 1,
  menuUser: 2,
  roleCommon: 2,
} as const;

/** A unique suffix so reruns against a kept database do not collide. */
export function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 100)}`;
}

/** A core call through the web's BFF route with the page's session (setup steps only). */
export async function api<T = Record<string, unknown>>(page: Page, method: string, path: string, data?: unknown): Promise<T> {
  // the header the console's request layer sets (lib/cross-site.ts): GETs of the pass-through need it
  const response = await page.request.fetch(`/api/bff/api/${path}`, { method, data, headers: { "X-Console-Request": "1" } });
  expect(response.ok()).toBeTruthy();
  const body = (await response.json()) as T & { code: number; msg: string };
  expect(body.code, body.msg).toBe(200);
  return body;
}

export interface NewUser {
  userName: string;
  nickName: string;
  password: string;
  deptId?: number;
  roleIds?: number[];
}

/** Creates a user through the API and returns its id. */
export async function createUser(page: Page, user: NewUser): Promise<number> {
  await api(page, "POST", "system/user", { status: "0", sex: "0", postIds: [], roleIds: [], ...user });
  const list = await api<{ rows: { userId: number }[] }>(page, "GET", `system/user/list?userName=${user.userName}`);
  return list.rows[0].userId;
}

export function row(table: Locator, text: string): Locator {
  return table.locator('[data-testid="table-row"]', { hasText: text });
}

/** Picks a node of a TreeSelect field by its id. */
export async function pickTreeOption(page: Page, field: string, id: number) {
  await page.getByTestId(field).click();
  await page.locator(`[data-testid="tree-node"][data-id="${id}"] > div [data-testid="tree-option"]`).first().click();
}

export async function confirmDialog(page: Page) {
  await expect(page.getByTestId("confirm-dialog")).toContainText("系统提示");
  await page.getByTestId("confirm-ok").click();
}

/** Signs in on a fresh page (no shared state) with a user's own password. */
export async function signInAs(page: Page, userName: string, password: string) {
  await page.goto("/login");
  await page.getByTestId("login-username").fill(userName);
  await page.getByTestId("login-password").fill(password);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("sidebar")).toBeVisible();
}
