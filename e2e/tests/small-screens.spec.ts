import { expect, type Page, test } from "./fixtures";
import { customerSays, openConsole, room, uniquePeerId } from "./chat-helpers";
import { ADMIN_STATE, businessToday, pickDateRange } from "./helpers";
import { api, row, unique } from "./system-helpers";

test.use({ storageState: ADMIN_STATE });

const PHONE = { width: 390, height: 844 };
const DESK = { width: 1440, height: 900 };

/** The lists whose query panel folds (spec 2.8). */
const LISTS = [
  "/system/user",
  "/system/role",
  "/system/menu",
  "/system/dept",
  "/system/post",
  "/system/dict",
  "/system/config",
  "/system/notice",
  "/system/log/operlog",
  "/system/log/logininfor",
  "/monitor/online",
  "/monitor/job",
  "/monitor/job-log/index",
  "/tool/gen",
];

/** How far the page itself is wider than the window (0: nothing to scroll sideways). */
async function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test("a list's wide table scrolls inside its card on a phone", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/system/user");
  const table = page.getByTestId("user-table");
  await expect(table.getByTestId("table-row").first()).toBeVisible();
  const container = table.locator("xpath=..");
  const [scrollWidth, clientWidth] = await container.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(scrollWidth).toBeGreaterThan(clientWidth);
  expect(await pageOverflow(page)).toBe(0);
});

test("below 992 px a dialog is a full-screen sheet; on a desk it stays centred", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/system/user");
  await page.getByTestId("toolbar-add").click();
  const form = page.getByTestId("user-form");
  await expect(form).toBeVisible();
  await expect.poll(() => form.boundingBox()).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
  await expect(form.getByTestId("form-nickName")).toBeInViewport();
  // the sheet scrolls to its buttons
  await form.getByTestId("form-submit").scrollIntoViewIfNeeded();
  await expect(form.getByTestId("form-submit")).toBeInViewport();
  await form.getByTestId("form-cancel").click();
  await expect(form).toBeHidden();

  await page.setViewportSize(DESK);
  await page.getByTestId("toolbar-add").click();
  const box = await form.boundingBox();
  expect(box!.width).toBeLessThan(800);
  expect(box!.x).toBeGreaterThan(100);
});

test("on a phone the chat is a full-screen sheet: the rooms, then the open room with its input", async ({ page }) => {
  test.setTimeout(120_000);
  const id = uniquePeerId();
  const name = `小手机${id}`;
  await page.setViewportSize(PHONE);
  await openConsole(page);
  await customerSays({ id, name, say: ["手机上看得到吗"] });
  await page.getByTestId("chat-open").click();
  const popup = page.getByTestId("chat-popup");
  await expect.poll(() => popup.boundingBox()).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
  await expect(page.getByTestId("chat-sidebar")).toBeInViewport({ ratio: 1 });
  await room(page, name).click();
  const pane = page.getByTestId("chat-pane");
  await expect(pane.getByTestId("chat-pane-name")).toHaveText(name);
  await expect(page.getByTestId("chat-sidebar")).toBeHidden();
  expect(await pane.evaluate((el) => el.getBoundingClientRect().width)).toBe(PHONE.width);
  await expect(pane.getByTestId("chat-message").last()).toContainText("手机上看得到吗");
  await expect(pane.getByTestId("chat-message").last()).toBeInViewport();
  await expect(pane.getByTestId("chat-input")).toBeInViewport();
  await expect(pane.getByTestId("chat-send")).toBeInViewport({ ratio: 1 });
  // the picker fits the phone and its images are drawn
  await pane.getByTestId("chat-emoji-button").click();
  const panel = pane.getByTestId("chat-emoji-panel");
  await expect(panel).toBeInViewport({ ratio: 1 });
  const icon = panel.locator('[data-testid="chat-emoji-option"][data-emoji="👍"] img');
  await expect.poll(() => icon.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth)).toBe(64);
  await panel.locator('[data-testid="chat-emoji-option"][data-emoji="👍"]').click();
  await expect(panel).toBeHidden();
  await expect(pane.getByTestId("chat-input")).toHaveValue("👍");
  // closing the room goes back to the list
  await pane.getByTestId("chat-pane-close").click();
  await expect(page.getByTestId("chat-sidebar")).toBeVisible();
});

/** The collapsed panel shows whole rows: every field is wholly inside the fold or wholly below it. */
async function foldState(page: Page) {
  return page.getByTestId("query-fields").evaluate((fold) => {
    const bottom = fold.getBoundingClientRect().bottom;
    const fields = [...(fold.firstElementChild?.children ?? [])].map((el) => el.getBoundingClientRect());
    return {
      collapsed: fold.getAttribute("data-collapsed") === "true",
      halfShown: fields.filter((box) => box.top < bottom - 0.5 && box.bottom > bottom + 0.5).length,
      shown: fields.filter((box) => box.bottom <= bottom + 0.5).length,
      fields: fields.length,
    };
  });
}

for (const size of ["medium", "mini"] as const) {
  test(`the folded query panel keeps 搜索 and 重置 and shows no half rows (${size} size)`, async ({ page, context }) => {
    test.setTimeout(180_000);
    await context.addCookies([{ name: "size", value: size, url: process.env.E2E_BASE_URL ?? "http://127.0.0.1:3000" }]);
    let folded = 0;
    for (const viewport of [DESK, PHONE]) {
      await page.setViewportSize(viewport);
      for (const path of LISTS) {
        await page.goto(path);
        const panel = page.getByTestId("query-panel");
        await expect(panel).toBeVisible();
        await expect(panel.getByTestId("query-search"), path).toBeInViewport({ ratio: 1 });
        await expect(panel.getByTestId("query-reset"), path).toBeInViewport({ ratio: 1 });
        await expect.poll(async () => (await foldState(page)).halfShown, { message: path }).toBe(0);
        const state = await foldState(page);
        if (!state.collapsed) continue;
        folded += 1;
        expect(state.shown, path).toBeLessThan(state.fields);
        await panel.getByTestId("query-toggle").click();
        await expect.poll(async () => (await foldState(page)).shown, { message: path }).toBe(state.fields);
        await expect(panel.getByTestId("query-search")).toBeVisible();
      }
    }
    // several lists fold on a desk, more on a phone
    expect(folded).toBeGreaterThan(7);
  });
}

test("after adding a department the tree keeps what was open and shows the new one", async ({ page }) => {
  await page.goto("/system/dept");
  const table = page.getByTestId("dept-table");
  await expect(row(table, "研发部门")).toBeVisible();
  // fold everything, then open the root only
  await page.getByTestId("toolbar-expand").click();
  await expect(table.getByTestId("table-row")).toHaveCount(1);
  await table.getByTestId("table-row").first().getByTestId("row-expander").click();
  const company = row(table, "深圳总公司");
  await expect(company).toBeVisible();
  await expect(row(table, "研发部门")).toBeHidden();
  const name = unique("新部门");
  await company.getByTestId("row-add").click();
  const form = page.getByTestId("dept-form");
  await form.getByTestId("form-deptName").fill(name);
  await form.getByTestId("form-submit").click();
  await expect(form).toBeHidden();
  // the root stays open and the way to the new department opens
  await expect(row(table, name)).toBeVisible();
  await expect(row(table, "长沙分公司")).toBeVisible();
  await expect(row(table, "研发部门")).toBeVisible();
});

test("window titles follow the spec: page title and system name, the product name without a page", async ({ page }) => {
  await page.goto("/index");
  await expect(page).toHaveTitle("首页 - 密讯管理系统");
  await page.goto("/system/user");
  await expect(page).toHaveTitle("用户管理 - 密讯管理系统");
  // a client-side navigation keeps it
  await page.getByTestId("sidebar").locator('[data-testid="menu-item"][data-path="/system/role"]').click();
  await expect(page).toHaveTitle("角色管理 - 密讯管理系统");
  await page.goto("/404");
  await expect(page).toHaveTitle("密讯");
  await page.goto("/401");
  await expect(page).toHaveTitle("密讯");
  // dynamic titles off (settings drawer): the fixed system name everywhere
  await page.evaluate(() => localStorage.setItem("layout-setting", JSON.stringify({ dynamicTitle: false })));
  await page.goto("/system/user");
  await expect(page).toHaveTitle("密讯管理系统");
  await page.evaluate(() => localStorage.removeItem("layout-setting"));
});

test("registration closed (sys.account.registerUser false): no 立即注册, /register says so", async ({ page, browser }) => {
  const config = await api<{ rows: { configId: number; configKey: string; configValue: string }[] }>(
    page,
    "GET",
    "system/config/list?configKey=sys.account.registerUser",
  );
  const entry = config.rows[0];
  expect(entry.configValue).toBe("false");
  const visitor = await browser.newPage({ storageState: { cookies: [], origins: [] } });
  try {
    await visitor.goto("/login");
    await expect(visitor.getByTestId("login-submit")).toBeVisible();
    await expect(visitor.getByTestId("login-username")).toBeVisible();
    await expect(visitor.getByText("立即注册")).toHaveCount(0);
    await visitor.goto("/register");
    await expect(visitor.getByTestId("register-closed")).toContainText("当前系统没有开启注册功能！");
    await expect(visitor.getByTestId("register-form")).toHaveCount(0);

    // opened: the link and the form come back
    await api(page, "PUT", "system/config", { ...entry, configValue: "true" });
    await visitor.goto("/login");
    await expect(visitor.getByTestId("login-register")).toHaveText("立即注册");
    await visitor.getByTestId("login-register").click();
    await expect(visitor.getByTestId("register-form")).toBeVisible();
    // a registration goes through and lands on sign-in; the same name again is refused with the server's reason
    const username = unique("reg").slice(0, 20);
    const register = async () => {
      await visitor.getByTestId("register-username").fill(username);
      await visitor.getByTestId("register-password").fill("Passw0rd!");
      await visitor.getByTestId("register-confirmPassword").fill("Passw0rd!");
      await visitor.getByTestId("register-submit").click();
    };
    await register();
    await expect(visitor.getByText(`恭喜你，您的账号 ${username} 注册成功！`)).toBeVisible();
    await expect(visitor).toHaveURL(/\/login$/);
    await visitor.goto("/register");
    await register();
    await expect(visitor.getByText(`保存用户'${username}'失败，注册账号已存在`)).toBeVisible();
    await expect(visitor).toHaveURL(/\/register$/);
  } finally {
    await api(page, "PUT", "system/config", { ...entry, configValue: "false" });
    await visitor.close();
  }
});

test("a range filter is chosen on the calendar and kept in the URL as beginTime/endTime", async ({ page }) => {
  await page.goto("/system/log/logininfor");
  // days of the console's business zone: the setup step's sign-in is on its today
  const end = businessToday();
  const [year, month] = end.split("-").map(Number);
  const back = new Date(Date.UTC(year, month - 2, 15));
  const begin = `${back.getUTCFullYear()}-${String(back.getUTCMonth() + 1).padStart(2, "0")}-15`;
  // the end first, then the beginning a month back: the picker orders them
  await pickDateRange(page, end, begin);
  await expect(page.getByTestId("query-date-range")).toHaveText(`${begin} 至 ${end}`);
  await page.getByTestId("query-search").click();
  await expect(page).toHaveURL(new RegExp(`[?&]beginTime=${begin}(&|$)`));
  await expect(page).toHaveURL(new RegExp(`[?&]endTime=${end}(&|$)`));
  // the sign-in of the setup step is in the range
  await expect(page.getByTestId("logininfor-screen-table").getByTestId("table-row").first()).toBeVisible();
  // a reload shows the same range; × clears it
  await page.reload();
  await expect(page.getByTestId("query-date-range")).toHaveText(`${begin} 至 ${end}`);
  await page.getByTestId("query-date-range-clear").click();
  await expect(page.getByTestId("query-date-range")).toHaveText("开始日期 至 结束日期");
});
