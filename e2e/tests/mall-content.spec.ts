import { expect, test } from "./fixtures";
import { ADMIN_STATE, rowAction } from "./helpers";
import { api, unique } from "./system-helpers";

test.use({ storageState: ADMIN_STATE });

interface Shops {
  data: { shops: { id: string; localShopId: number | null }[] };
}
/** A business list's page (list_data): the rows in data.data. */
interface Cloud {
  data: { total: number; data: { id: string; localGoodsId: number | null }[] };
}

test("a supply-chain goods item is synced from the screen, once; its shop's ad category takes it with a sort and a status", async ({ page }) => {
  await page.goto("/mall/supply");
  await expect(page.getByRole("table", { name: "供应链店铺" })).toContainText("优选食品供应仓");
  await page.getByTestId("supply-sync-g10003").click();
  await expect(page.getByTestId("supply-result")).toContainText(/新疆灰枣 1kg：(新建商品 \d+（规格 1 个）|商品 \d+ 无变化)/);
  await expect(page.getByTestId("supply-sync-g10003")).toBeEnabled();
  await page.getByTestId("supply-sync-g10003").click();
  await expect(page.getByTestId("supply-result")).toContainText(/新疆灰枣 1kg：商品 \d+ 无变化/);
  await expect(page.getByTestId("supply-goods-table")).toContainText("已同步");
  // the cloud goods in the list frame: toolbar, search by name through the URL
  const goods = page.getByTestId("supply-goods");
  await expect(goods.getByTestId("toolbar-refresh")).toBeVisible();
  await goods.getByTestId("query-keyword").fill("新疆灰枣");
  await goods.getByTestId("query-search").click();
  await expect(page).toHaveURL(/keyword=/);
  await expect(goods.getByTestId("table-row")).toHaveCount(1);

  const shops = await api<Shops>(page, "GET", "admin/supply_chain/get_all_shops");
  const shopId = shops.data.shops.find((s) => s.id === "sc1001")?.localShopId;
  const cloud = await api<Cloud>(page, "POST", "admin/supply_chain/list_data", { keyword: "新疆灰枣" });
  const goodsId = cloud.data.data[0].localGoodsId;
  expect(shopId && goodsId).toBeTruthy();
  const name = unique("推荐");
  const made = await api<{ data: { id: number } }>(page, "POST", "admin/shopAd_category/add_edit", { shopId, name });

  await page.goto(`/mall/adCategory-goods?id=${made.data.id}`);
  const frame = page.getByTestId("ad-goods");
  await expect(frame.getByTestId("toolbar-refresh")).toBeVisible();
  await expect(frame.getByTestId("table-row")).toHaveCount(0);
  await expect(frame.getByTestId("ad-goods-table")).toContainText("该分类还没有商品");
  await page.getByLabel("商品编号").fill(`${goodsId}, ${goodsId}`);
  await page.getByTestId("ad-add-goods").click();
  const table = page.getByTestId("ad-goods-table");
  await expect(table).toContainText("新疆灰枣 1kg");
  await expect(table).toContainText("39.90");
  await table.getByLabel("排序").fill("7");
  await table.getByRole("button", { name: "保存排序" }).click();
  await expect(table.getByLabel("排序")).toHaveValue("7");
  await table.getByRole("button", { name: "隐藏" }).click();
  await expect(table.getByRole("button", { name: "显示" })).toBeVisible();
  await expect(page.getByText("共 1 个商品")).toBeVisible();
});

/** The declared mall content lists open with the demo's rows (drawn by features/resources, no TSX of their own). */
const SCREENS: [string, string][] = [
  ["搜索关键词", "/mall/keyword"],
  ["首页轮播", "/mall/carousel"],
  ["图片库", "/mall/picture"],
  ["广告分类", "/mall/adCategory"],
  ["积分商品", "/mall/integralGoods"],
];

for (const [title, url] of SCREENS) {
  test(`${title} opens with demo data`, async ({ page }) => {
    await page.goto(url);
    await expect(page.getByTestId("resource-screen")).toBeVisible();
    await expect(page.getByTestId("screen-error")).toHaveCount(0);
    await expect(page.getByTestId("not-built")).toHaveCount(0);
    await expect(page.getByTestId("resource-screen-table").getByTestId("table-row").first()).toBeVisible();
  });
}

test("an ad category's goods open from its row", async ({ page }) => {
  await page.goto("/mall/adCategory");
  const row = page.getByTestId("resource-screen-table").getByTestId("table-row").filter({ hasText: "本周推荐" }).first();
  await rowAction(row, "row-action-goods");
  await expect(page).toHaveURL(/\/mall\/adCategory-goods\?id=\d+/);
  await expect(page.getByRole("table", { name: "广告分类商品" }).getByRole("row")).not.toHaveCount(1);
});
