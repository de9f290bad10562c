import { expect, test } from "@playwright/test";
import { ADMIN_STATE } from "./helpers";

test.use({ storageState: ADMIN_STATE });

/**
 * Every business screen of issue 11's areas that is built opens with the demo data the stack loads
 * (ops/stack.py prepare: `python -m core_api demo --consumers 200`): rows visible, no error panel.
 */
const SCREENS: [string, string][] = [
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
  ["富文本", "/content/richText"],
  ["消息管理", "/content/message"],
  ["用户消息", "/content/messageUser"],
  ["意见反馈", "/content/feedback"],
  ["版本管理", "/content/appVersion"],
  ["兑换码", "/content/cdkey"],
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
