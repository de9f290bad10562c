import { expect, test } from "./fixtures";
import { ADMIN_STATE } from "./helpers";

test.use({ storageState: ADMIN_STATE });

/**
 * Every declared business list of issues 11 and 12 opens with the demo data the stack loads
 * (ops/stack.py prepare: `python -m core_api demo --consumers 200`): rows visible, no error panel.
 */
const SCREENS: [string, string][] = [
  ["用户列表", "/account/consumer"],
  ["好友列表", "/account/consumer-friends?uid=10000001"],
  ["实名认证", "/account/auth"],
  ["用户收藏", "/account/collect"],
  ["用户发布", "/account/release"],
  ["发布评论", "/account/releaseComment"],
  ["发布权限", "/account/releasePermission"],
  ["登录令牌", "/account/token"],
  ["登录校验", "/account/loginCheck"],
  ["登录统计", "/account/chartLogin"],
  ["推荐关系", "/account/recommend"],
  ["补单列表", "/account/replenishment"],
  ["群组管理", "/im/group"],
  ["群成员", "/im/group-users?groupId=g100001"],
  ["群聊记录", "/im/record"],
  ["单聊记录", "/im/recordSingle"],
  ["拦截记录", "/im/intercept"],
  ["分类管理", "/content/category"],
  ["登记管理", "/content/register"],
  ["人员管理", "/content/personnel"],
  ["富文本", "/content/richText"],
  ["信息推送", "/content/infoPush"],
  ["消息管理", "/content/message"],
  ["用户消息", "/content/messageUser"],
  ["意见反馈", "/content/feedback"],
  ["反馈分组", "/content/feedback-group"],
  ["反馈用户", "/content/feedback-user"],
  ["反馈链接", "/content/feedback-link"],
  ["版本管理", "/content/appVersion"],
  ["兑换码", "/content/cdkey"],
  ["配置记录", "/setting/commonConfig"],
  ["配置记录 V2", "/setting/commonConfigV2"],
  ["服务项目", "/consult/service"],
  ["问诊医生", "/consult/doctor"],
  ["医院管理", "/consult/hospital"],
];

for (const [title, url] of SCREENS) {
  test(`${title} opens with demo data`, async ({ page }) => {
    await page.goto(url);
    const screen = page.getByTestId("resource-screen");
    await expect(screen).toBeVisible();
    await expect(page.getByTestId("screen-error")).toHaveCount(0);
    await expect(page.getByTestId("not-built")).toHaveCount(0);
    const rows = page.getByTestId("resource-screen-table").getByTestId("table-row");
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThan(0);
  });
}

/** The content pages that are not lists: each opens with the demo's page and its versions (about us is a
 * configuration page: e2e/tests/config-pages.spec.ts). */
const PAGES: [string, string][] = [["用户协议", "/content/agreement"]];

for (const [title, url] of PAGES) {
  test(`${title} opens with its demo page`, async ({ page }) => {
    await page.goto(url);
    await expect(page.getByTestId("rich-text-page")).toBeVisible();
    await expect(page.getByTestId("rich-text-title")).toHaveText(title);
    await expect(page.getByTestId("rich-text-versions").getByRole("listitem").first()).toBeVisible();
  });
}

test("登录统计 draws the day chart and the map over the demo's sign-ins", async ({ page }) => {
  await page.goto("/account/chartLogin");
  await expect(page.getByTestId("chart-days")).toBeVisible();
  await expect(page.getByTestId("chart-map")).toBeVisible();
  expect(Number(await page.getByTestId("chart-days").getAttribute("data-total"))).toBeGreaterThan(0);
});

test("分类层级 opens from the categories' toolbar and lists the demo's frames", async ({ page }) => {
  await page.goto("/content/category");
  await page.getByTestId("toolbar-action-levels").click();
  await expect(page).toHaveURL(/\/content\/category-levels/);
  await expect(page.getByRole("table", { name: "分类层级" }).getByRole("row").nth(1)).toBeVisible();
});

test("单聊记录 turns one page on by its cursor and shows the page OFFSET would", async ({ page }) => {
  await page.goto("/im/recordSingle");
  const rows = page.getByTestId("resource-screen-table").getByTestId("table-row");
  await expect(rows.first()).toBeVisible();
  const first = await rows.allInnerTexts();
  await page.getByTestId("pagination-next").click();
  await expect(page).toHaveURL(/pageNum=2/);
  await expect(page).toHaveURL(/after=/);
  await expect.poll(async () => (await rows.allInnerTexts())[0]).not.toBe(first[0]);
  const sought = await rows.allInnerTexts();
  expect(sought.filter((text) => first.includes(text))).toEqual([]);
  // the same page asked for by its number alone (read by OFFSET) shows the same rows
  await page.goto("/im/recordSingle?pageNum=2");
  await expect.poll(async () => await rows.allInnerTexts()).toEqual(sought);
});
