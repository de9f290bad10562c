import { expect, test } from "./fixtures";
import { partnerPost, uniquePeerId } from "./chat-helpers";
import { ADMIN_STATE, rowAction, rowActionShown } from "./helpers";
import { confirmDialog, row } from "./system-helpers";

test.use({ storageState: ADMIN_STATE });

/** Two app users registered as the app's server does it; the first refers the second (or owns the group). */
async function twoUsers(tag: string): Promise<[number, number]> {
  const first = uniquePeerId() * 10;
  const second = first + 1;
  for (const uid of [first, second]) await partnerPost("/api/partner/v1/consumers", { uid, nickName: `${tag}${uid}` });
  return [first, second];
}

test("referrals: a relationship the app reported is confirmed once by an operator", async ({ page }) => {
  const [referrer, uid] = await twoUsers("推荐");
  await partnerPost("/api/partner/v1/referrals", { uid, referrerUid: referrer, source: "1" });

  await page.goto("/account/recommend");
  await page.getByTestId("query-uid").fill(String(uid));
  await page.getByTestId("query-search").click();
  const table = page.getByTestId("resource-screen-table");
  const record = row(table, String(referrer));
  await expect(table.getByTestId("table-row")).toHaveCount(1);
  await expect(record.getByTestId("dict-tag").filter({ hasText: "待确认" })).toBeVisible();

  await rowAction(record, "row-action-confirm");
  await confirmDialog(page);
  await expect(record.getByTestId("dict-tag").filter({ hasText: "已确认" })).toBeVisible();
  await expect(record).toContainText("admin");
  // a confirmed relationship offers no second confirmation
  await expect.poll(() => rowActionShown(record, "row-action-confirm")).toBe(false);
});

test("IM groups: open a group's members from its row and block one, then unblock", async ({ page }) => {
  const [owner, member] = await twoUsers("群员");
  const groupId = `e2e${owner}`;
  await partnerPost("/api/partner/v1/im_groups", { groupId, name: `测试群${owner}`, ownerUid: owner, memberCount: 2 });
  await partnerPost("/api/partner/v1/im_group_members", { groupId, uid: member, nick: "小成员", role: "member" });

  await page.goto("/im/group");
  await page.getByTestId("query-groupId").fill(groupId);
  await page.getByTestId("query-search").click();
  const group = row(page.getByTestId("resource-screen-table"), groupId);
  await rowAction(group, "row-action-members");
  await expect(page).toHaveURL(new RegExp(`/im/group-users\\?groupId=${groupId}`));

  const members = page.getByTestId("resource-screen-table");
  const record = row(members, "小成员");
  await expect(members.getByTestId("table-row")).toHaveCount(1);
  await expect(record.getByTestId("dict-tag").filter({ hasText: "正常" })).toBeVisible();

  await rowAction(record, "row-action-block");
  const dialog = page.getByTestId("resource-action");
  await dialog.getByTestId("form-block").selectOption("1");
  await dialog.getByTestId("form-submit").click();
  await expect(dialog).toBeHidden();
  await expect(record.getByTestId("dict-tag").filter({ hasText: "已屏蔽" })).toBeVisible();

  // blocking a blocked member again is refused with the reason, and unblocking brings it back
  await rowAction(record, "row-action-block");
  await dialog.getByTestId("form-block").selectOption("1");
  await dialog.getByTestId("form-submit").click();
  await expect(page.getByText("该成员已被屏蔽").first()).toBeVisible();
  await dialog.getByTestId("form-block").selectOption("0");
  await dialog.getByTestId("form-submit").click();
  await expect(dialog).toBeHidden();
  await expect(record.getByTestId("dict-tag").filter({ hasText: "正常" })).toBeVisible();
});
