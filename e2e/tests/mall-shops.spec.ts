import { expect, test } from "./fixtures";
import { partnerPost, uniquePeerId } from "./chat-helpers";
import { ADMIN_STATE, submitLogin, rowAction, rowActionShown } from "./helpers";

test.use({ storageState: ADMIN_STATE });

test("an operator approves a settlement application; the new shop's account sees only its own shop", async ({ page, browser }) => {
  const uid = uniquePeerId();
  const shopName = `鲜果小铺${uid}`;
  const account = `shop${uid}`;
  await partnerPost("/api/partner/v1/consumers", { uid, nickName: "入驻申请人" });
  await partnerPost("/api/partner/v1/mall/settled", {
    uid, shopName, contact: "王店长", phone: "13912345678", areaCode: "110105", address: "朝阳路1号", account,
  });

  await page.goto("/mall/settled");
  await page.getByTestId("query-shopName").fill(shopName);
  await page.getByTestId("query-search").click();
  const table = page.getByTestId("resource-screen-table");
  const application = table.getByTestId("table-row").filter({ hasText: shopName });
  await expect(application.getByTestId("dict-tag").filter({ hasText: "待审核" })).toBeVisible();
  await rowAction(application, "row-action-audit");
  const dialog = page.getByTestId("resource-action");
  await dialog.getByTestId("form-status").selectOption("approved");
  await dialog.getByTestId("form-password").fill("Shop12345");
  await dialog.getByTestId("form-submit").click();
  // a decision cannot be changed: asked once more, naming the shop
  await expect(page.getByTestId("confirm-dialog")).toContainText(shopName);
  await page.getByTestId("confirm-ok").click();
  await expect(dialog).toBeHidden();
  await expect(application.getByTestId("dict-tag").filter({ hasText: "已通过" })).toBeVisible();
  await expect.poll(() => rowActionShown(application, "row-action-audit")).toBe(false);

  // the operator's shops list holds the new shop among the others
  await page.goto("/mall/shop");
  const shopRow = page.getByTestId("resource-screen-table").getByTestId("table-row").filter({ hasText: shopName });
  await expect(shopRow).toHaveCount(1);
  // the operator sets its commission (basis points) in the rate dialog
  await rowAction(shopRow, "row-action-rate");
  await dialog.getByTestId("form-rateBp").fill("650");
  await dialog.getByTestId("form-submit").click();
  await expect(dialog).toBeHidden();
  await expect(shopRow).toContainText("650");

  // the new shop's account signs in: its shops list and its shop accounts list show only its own shop
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const shopPage = await context.newPage();
  await shopPage.goto("/login");
  await submitLogin(shopPage, { username: account, password: "Shop12345" });
  await expect(shopPage.getByTestId("sidebar")).toBeVisible();
  await shopPage.goto("/mall/shop");
  const shops = shopPage.getByTestId("resource-screen-table").getByTestId("table-row");
  await expect(shops).toHaveCount(1);
  await expect(shops.first()).toContainText(shopName);
  await expect.poll(() => rowActionShown(shops.first(), "row-action-rate")).toBe(false); // operators only
  // its info page: the shop's own details, saved
  await rowAction(shops.first(), "row-action-info");
  await expect(shopPage.getByTestId("shop-info-facts")).toContainText("650");
  await shopPage.getByTestId("shop-info-intro").fill("每日新鲜水果，同城配送");
  await shopPage.getByTestId("shop-info-save").click();
  await expect(shopPage.getByText("店铺信息已保存")).toBeVisible();
  await shopPage.goto("/mall/shopAccount");
  const accounts = shopPage.getByTestId("resource-screen-table").getByTestId("table-row");
  await expect(accounts).toHaveCount(1);
  await expect(accounts.first()).toContainText(account);
  await expect(accounts.first()).toContainText(shopName);
  await context.close();
});
