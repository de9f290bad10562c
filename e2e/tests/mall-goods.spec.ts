import { expect, test } from "./fixtures";
import { ADMIN_STATE, signIn } from "./helpers";
import { api, unique } from "./system-helpers";

test.use({ storageState: ADMIN_STATE });

const q = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

test("a shop's staff creates a goods item with a 3 × 2 spec matrix and submits it; the operator approves it", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const tag = unique("g");
  // the platform's category tree and attributes (operators keep them; the edit call takes query parameters)
  const top = await api<{ data: { id: number } }>(page, "POST", "admin/shop_type/add_edit", { name: `服饰${tag}` });
  const leafName = `T恤${tag}`;
  await api(page, "POST", "admin/shop_type/add_edit", { name: leafName, parentId: top.data.id });
  const attrs: Record<string, string[]> = { [`颜色${tag}`]: ["红", "黑", "白"], [`尺码${tag}`]: ["M", "L"] };
  for (const [name, values] of Object.entries(attrs)) {
    const made = await api<{ data: { id: number } }>(page, "POST", `admin/mall/shop_mall_attr/edit_attr?${q({ name })}`);
    for (const [i, value] of values.entries()) await api(page, "POST", `admin/mall/shop_mall_attr/edit_attr_val?${q({ attrId: made.data.id, value, sort: i })}`);
  }
  // a shop and its first account: a settlement application the operator approves (the shops area's calls)
  const account = `shop${tag}`.replace(/[^A-Za-z0-9_]/g, "").slice(0, 30);
  const password = "Shop12345";
  const applied = await api<{ data: { id: number } }>(page, "POST", "admin/mall/settled", {
    shopName: `e2e店铺${tag}`, contact: "王店长", phone: "13800138000", areaCode: "110105", account,
  });
  await api(page, "POST", "admin/settled_mall/audit_settled", { id: applied.data.id, status: "approved", password });

  // the shop's staff signs in and creates the item
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const shop = await context.newPage();
  await signIn(shop, { username: account, password });
  await shop.goto("/mall/goods");
  await expect(shop.getByTestId("resource-screen")).toBeVisible();
  await expect(shop.locator('[data-testid="table-row"]')).toHaveCount(0); // its own shop's goods only: none yet
  await shop.getByTestId("toolbar-action-add").click();
  await expect(shop).toHaveURL(/\/mall\/goods-edit/);
  const edit = shop.getByTestId("goods-edit");
  await expect(edit).toBeVisible();
  const goodsName = `纯棉T恤${tag}`;
  await edit.getByTestId("goods-name").fill(goodsName);
  // the detail is written in the notices' rich-text editor: a bold line survives the save
  const detail = edit.getByTestId("goods-detail-content");
  await detail.click();
  await shop.keyboard.press("ControlOrMeta+b");
  await shop.keyboard.type("精梳纯棉");
  await shop.keyboard.press("ControlOrMeta+b");
  await shop.keyboard.type("，亲肤透气");
  await edit.getByTestId("goods-category").selectOption({ label: leafName });
  for (const [name, values] of Object.entries(attrs)) {
    for (const value of values) await edit.getByTestId(`value-${name}-${value}`).click();
  }
  await expect(edit.getByTestId("sku-row")).toHaveCount(6);
  await edit.getByTestId("fill-price").fill("59.9");
  await edit.getByTestId("fill-stock").fill("10");
  await edit.getByTestId("fill-all").click();
  await edit.getByTestId("sku-price").first().fill("49.9");
  await edit.getByTestId("goods-save").click();
  await expect(edit.getByTestId("goods-review")).toHaveText("草稿");
  await expect(shop).toHaveURL(/id=\d+/);
  await expect(edit.getByTestId("sku-row")).toHaveCount(6);
  await expect(edit.getByTestId("sku-price").first()).toHaveValue("49.90");
  await shop.reload(); // as stored
  await expect(edit.getByTestId("goods-detail-content").locator("strong")).toHaveText("精梳纯棉");
  await expect(edit.getByTestId("goods-detail-content")).toContainText("精梳纯棉，亲肤透气");
  await edit.getByTestId("goods-submit").click();
  await expect(edit.getByTestId("goods-review")).toHaveText("待审核");
  // its goods list shows it waiting, priced at its cheapest SKU
  await shop.goto("/mall/goods");
  const listed = shop.locator('[data-testid="table-row"]', { hasText: goodsName });
  await expect(listed).toContainText("待审核");
  await expect(listed).toContainText("49.90");
  // the category filter takes a first-level category (its goods sit on its children) or a leaf
  await shop.getByTestId("query-categoryId").selectOption({ label: `服饰${tag}` });
  await shop.getByTestId("query-search").click();
  await expect(shop.locator('[data-testid="table-row"]', { hasText: goodsName })).toHaveCount(1);

  // the operator reviews it
  await page.goto("/mall/review");
  const pending = page.getByTestId(`review-row-${goodsName}`);
  await expect(pending).toContainText(`e2e店铺${tag}`);
  await pending.getByTestId("review-open").click();
  await expect(page.getByTestId("settle-sku")).toHaveCount(6);
  await page.getByTestId("review-approve").click();
  await expect(pending).toHaveCount(0);
  await page.getByTestId("review-filter-approved").click();
  await expect(page.getByTestId(`review-row-${goodsName}`)).toBeVisible();

  // the shop sees it approved
  await shop.reload();
  await expect(shop.locator('[data-testid="table-row"]', { hasText: goodsName })).toContainText("已通过");
  await context.close();
});
