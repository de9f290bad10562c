import { expect, test } from "./fixtures";
import { ADMIN_STATE } from "./helpers";
import { toast } from "./monitor-helpers";
import { seedPaidOrder } from "./order-helpers";
import { unique } from "./system-helpers";

test.use({ storageState: ADMIN_STATE });

const BASE_URL = process.env.E2E_BASE_URL ?? "http://127.0.0.1:3000";

test("an English console shows dictionary labels and business refusals in English", async ({ page, context }) => {
  const orderNo = seedPaidOrder(unique("英文订单"));
  await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: BASE_URL }]);

  // the user list's status filter and the post list's status tags (sys_normal_disable)
  await page.goto("/system/user");
  const filter = page.getByTestId("query-status").locator("option");
  await expect(filter).toHaveText([/.+/, "Normal", "Disabled"]);
  await page.goto("/system/post");
  await expect(page.getByTestId("post-screen-table").getByTestId("dict-tag").first()).toHaveText("Normal");

  // a business screen: the shop order's state
  await page.goto(`/order/shop?orderNo=${orderNo}`);
  const order = page.getByTestId("resource-screen-table").getByTestId("table-row").filter({ hasText: orderNo });
  await expect(order).toContainText("To ship");
  await expect(order).not.toContainText("待发货");

  // the dictionary entry form takes the English label; a duplicate value is refused in English, changing nothing
  await page.goto("/system/dict");
  await page.getByTestId("dict-type-link").filter({ hasText: "sys_normal_disable" }).click();
  await expect(page).toHaveURL(/\/system\/dict-data\/index\/\d+$/);
  const table = page.getByTestId("dict-data-screen-table");
  await expect(table).toContainText("Disabled");
  await page.getByTestId("toolbar-add").click();
  const form = page.getByTestId("dict-data-form");
  await form.getByTestId("form-dictLabel").fill("重复");
  await form.getByTestId("form-dictLabelEn").fill("Twice");
  await form.getByTestId("form-dictValue").fill("0");
  await expect(form.getByTestId("dict-tag-preview")).toContainText("Twice");
  await form.getByTestId("form-submit").click();
  await expect(toast(page, "Creating dictionary entry '重复' failed: the value already exists")).toBeVisible();
  await expect(form).toBeVisible();
  await form.getByTestId("form-cancel").click();
  await expect(table.getByTestId("table-row")).toHaveCount(2);
});
