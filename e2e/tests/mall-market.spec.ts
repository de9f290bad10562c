import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test, type Page } from "./fixtures";
import { partnerPost, uniquePeerId } from "./chat-helpers";
import { ADMIN_STATE, rowAction } from "./helpers";
import { api, unique } from "./system-helpers";

test.use({ storageState: ADMIN_STATE });

const PYTHON = path.resolve(__dirname, "../../.venv/bin/python");

/** A shop and an approved goods item with two SKUs (¥100.00 and ¥120.00), written by the core's own models in
 * the stack's database (SQLite under CONSOLE_VAR_DIR or CONSOLE_DATABASE_URL): the goods screens are another
 * feature's, and a group buy needs only an approved item. */
function seedGoods(name: string): { shopId: number; goodsId: number; skuIds: number[] } {
  const script = [
    "import asyncio, json, sys",
    "from core_api.model_index import model_modules",
    "from core_api.platform import db",
    "from core_api.platform.settings import Settings",
    "from core_api.mall.shop.models import MallShop",
    "from core_api.mall.goods.models import MallGoods, MallSku",
    "async def main():",
    "    ctx = await db.init_db(Settings(), model_modules())",
    "    name = sys.argv[1]",
    "    shop = await MallShop.create(name=name + '店')",
    "    goods = await MallGoods.create(shop_id=shop.id, category_id=0, name=name, price_fen=10000, stock=200, review='approved', shelf='1')",
    "    skus = [await MallSku.create(goods_id=goods.id, shop_id=shop.id, spec_key=k, spec=s, price_fen=p, stock=100)",
    "            for k, s, p in (('1', '红色', 10000), ('2', '蓝色', 12000))]",
    "    print(json.dumps({'shopId': shop.id, 'goodsId': goods.id, 'skuIds': [s.id for s in skus]}))",
    "    await db.close_db(ctx)",
    "asyncio.run(main())",
  ].join("\n");
  return JSON.parse(execFileSync(PYTHON, ["-c", script, name], { cwd: path.resolve(__dirname, "../..") }).toString()) as { shopId: number; goodsId: number; skuIds: number[] };
}

function localTime(offsetDays: number): string {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function row(page: Page, text: string) {
  return page.getByTestId("resource-screen-table").getByTestId("table-row").filter({ hasText: text });
}

test("an operator creates a shop coupon in the declared form", async ({ page }) => {
  const name = unique("券商品");
  const { shopId } = seedGoods(name);
  const coupon = unique("满100减10");
  await page.goto("/mall/coupon");
  await page.getByTestId("toolbar-add").click();
  const form = page.getByTestId("resource-form");
  await form.getByTestId("form-shopId-search").fill(`${name}店`);
  await expect(form.getByTestId("form-shopId").locator(`option[value="${shopId}"]`)).toHaveCount(1);
  await form.getByTestId("form-shopId").selectOption(String(shopId));
  await form.getByTestId("form-name").fill(coupon);
  await form.getByTestId("form-amountFen").fill("10");
  await form.getByTestId("form-thresholdFen").fill("100");
  await form.getByTestId("form-validStart").fill(localTime(0));
  await form.getByTestId("form-validEnd").fill(localTime(30));
  await form.getByTestId("form-total").fill("500");
  // the scope picks its goods: hidden for all goods, a search of the shop's goods by name for listed goods
  await expect(form.getByTestId("form-targetIds")).toHaveCount(0);
  await form.getByTestId("form-scope").selectOption("goods");
  await form.getByTestId("form-targetIds-search").fill(name);
  const hit = form.getByTestId("goods-hit").filter({ hasText: name });
  await expect(hit).toHaveCount(1);
  await hit.getByRole("button").click();
  await expect(form.getByTestId("chosen-goods")).toHaveText([name]);
  await form.getByTestId("form-submit").click();
  await expect(form).toBeHidden();
  const record = row(page, coupon);
  await expect(record).toContainText("500");
  await expect(record).toContainText(`${name}店`);
  // editing it shows the chosen goods by name; a category scope picks from the category tree instead
  await rowAction(record, "row-edit");
  await expect(form.getByTestId("chosen-goods")).toHaveText([name]);
  await form.getByTestId("form-scope").selectOption("category");
  await expect(form.getByTestId("chosen-goods")).toHaveCount(0);
  await expect(form.getByTestId("form-targetIds").getByRole("checkbox").first()).toBeVisible();
});

test("an operator adds a group buy: goods by name, a group price per SKU below its price", async ({ page }) => {
  const name = unique("拼团商品");
  const { goodsId, skuIds } = seedGoods(name);
  await page.goto("/mall/market");
  await page.getByTestId("group-add").click();
  const dialog = page.getByTestId("group-add-dialog");
  await dialog.getByTestId("group-goods-name").fill(name);
  await dialog.getByTestId("group-goods-search").click();
  await expect(dialog.getByTestId("group-goods-row")).toHaveCount(1);
  await expect(dialog.getByTestId("group-goods-row")).toContainText("¥100.00");
  await dialog.getByTestId("group-goods-choose").click();
  await expect(dialog.getByTestId("group-sku-row")).toHaveCount(2);
  // a group price not below the SKU's price is refused before it is sent
  await dialog.getByTestId(`group-sku-price-${skuIds[0]}`).fill("100");
  await dialog.getByTestId(`group-sku-price-${skuIds[1]}`).fill("99.9");
  await dialog.getByTestId("group-team-size").fill("3");
  await dialog.getByTestId("group-start").fill(localTime(0));
  await dialog.getByTestId("group-end").fill(localTime(7));
  await dialog.getByTestId("group-submit").click();
  await expect(dialog.getByTestId("group-field-error")).toHaveText("拼团价须低于原价 100.00 元");
  await dialog.getByTestId(`group-sku-price-${skuIds[0]}`).fill("79.9");
  const added = page.waitForResponse((r) => r.url().includes("market_manage/add"));
  await dialog.getByTestId("group-submit").click();
  const { data } = (await (await added).json()) as { data: { id: number } };
  await expect(dialog).toBeHidden();
  const record = row(page, name);
  await expect(record).toContainText("79.90");
  await expect(record).toContainText("3");

  // its details: the group price of each SKU, sent as integer fen
  await page.getByTestId("group-info-id").fill(String(data.id));
  await page.getByTestId("group-info").click();
  const info = page.getByTestId("group-info-dialog");
  await expect(info.getByTestId("group-info-sku")).toHaveText([/红色¥100\.00¥79\.90/, /蓝色¥120\.00¥99\.90/]);
  await expect(info.getByTestId("group-info-rule")).toHaveText("3 人成团，24 小时内有效");
  await expect(info.getByTestId("group-info-teams")).toHaveText("拼团中 0，已成团 0，已过期 0");
  await page.keyboard.press("Escape");

  // the same goods in an overlapping window: the core's refusal is shown
  await page.getByTestId("group-add").click();
  await dialog.getByTestId("group-goods-name").fill(name);
  await dialog.getByTestId("group-goods-search").click();
  await dialog.getByTestId("group-goods-choose").click();
  await dialog.getByTestId(`group-sku-price-${skuIds[0]}`).fill("80");
  await dialog.getByTestId(`group-sku-price-${skuIds[1]}`).fill("90");
  await dialog.getByTestId("group-start").fill(localTime(1));
  await dialog.getByTestId("group-end").fill(localTime(2));
  await dialog.getByTestId("group-submit").click();
  await expect(page.getByText("该商品在这段时间已有拼团活动")).toBeVisible();
  await page.keyboard.press("Escape");

  // the goods that have group buys filter the list (the panel's goods come with the list's screen)
  await page.goto("/mall/market");
  await page.getByTestId("group-goods-filter").selectOption(String(goodsId));
  await expect(page).toHaveURL(new RegExp(`goodsId=${goodsId}`));
  await expect(page.locator('[data-testid="table-row"]')).toHaveCount(1);
  await expect(row(page, name)).toContainText("79.90");
});

/** Draws made through the partner API (the 10 000), PARALLEL at a time: each prize's count within 4 standard
 * deviations of its odds, and Pearson's chi-square over the four slots (3 degrees of freedom) under 16.27, its
 * 0.1 % critical value: a fair wheel fails this one time in a thousand. */
const DRAWS = 10_000;
const PARALLEL = 16;
const CHI_SQUARE_3DF_999 = 16.27;

test("an operator sets a turntable's prizes to 10 000 and shelves it; the app's draws follow the odds", async ({ page }) => {
  test.setTimeout(900_000);
  const name = unique("转盘");
  const { id } = (await api<{ data: { id: number } }>(page, "POST", "admin/turntable/add_edit", { name, points: 1, dailyLimit: 10_000 })).data;
  await page.goto("/mall/turntable");
  const panel = page.getByTestId("turntable-gifts-panel");
  await panel.getByTestId("turntable-pick").focus();
  await expect(panel.getByTestId("turntable-pick").locator(`option[value="${id}"]`)).toHaveCount(1);
  await panel.getByTestId("turntable-pick").selectOption(String(id));
  await expect(panel.getByTestId("turntable-odds-total")).toHaveText("权重合计 0 / 10000");

  const gifts = [
    { name: "谢谢参与", kind: "none", value: "0", weight: 5000 },
    { name: "1积分", kind: "points", value: "1", weight: 3000 },
    { name: "5积分", kind: "points", value: "5", weight: 1500 },
    { name: "20积分", kind: "points", value: "20", weight: 500 },
  ];
  let total = 0;
  for (const gift of gifts) {
    await panel.getByTestId("turntable-gift-add").click();
    const dialog = page.getByTestId("turntable-gift-dialog");
    await dialog.getByTestId("gift-name").fill(gift.name);
    await dialog.getByTestId("gift-kind").selectOption(gift.kind);
    if (gift.kind !== "none") {
      await dialog.getByTestId("gift-value").fill(gift.value);
      await dialog.getByTestId("gift-stock").fill("1000000");
    }
    await dialog.getByTestId("gift-weight").fill(String(gift.weight));
    await expect(dialog.getByTestId("gift-odds-after")).toHaveText(`保存后权重合计 ${total + gift.weight} / 10000`);
    await dialog.getByTestId("gift-submit").click();
    await expect(dialog).toBeHidden();
    total += gift.weight;
    await expect(panel.getByTestId("turntable-odds-total")).toHaveText(`权重合计 ${total} / 10000`);
    if (total === 9_500) {
      // 9 500 of 10 000: the core refuses the shelf and says why
      await panel.getByTestId("turntable-shelf").click();
      await expect(page.getByText("中奖权重合计须为10000（当前合计9500）")).toBeVisible();
      await expect(panel.getByTestId("turntable-shelf-state")).toHaveText("未上架");
    }
  }
  await expect(panel.getByTestId("turntable-gift-row")).toHaveCount(4);
  await expect(panel.getByTestId("turntable-odds-total")).toHaveAttribute("data-ready", "1");
  await panel.getByTestId("turntable-shelf").click();
  await expect(panel.getByTestId("turntable-shelf-state")).toHaveText("已上架");
  // while on shelf a save that breaks the total is refused
  await panel.getByTestId("turntable-gift-row").filter({ hasText: "20积分" }).getByTestId("turntable-gift-edit").click();
  const dialog = page.getByTestId("turntable-gift-dialog");
  await dialog.getByTestId("gift-weight").fill("600");
  await expect(dialog.getByTestId("gift-odds-after")).toHaveText("保存后权重合计 10100 / 10000");
  await dialog.getByTestId("gift-submit").click();
  await expect(page.getByText("转盘上架中，请先下架再调整概率")).toBeVisible();
  await page.keyboard.press("Escape");

  // the app server: a user with points draws DRAWS times
  const uid = uniquePeerId();
  await partnerPost("/api/partner/v1/consumers", { uid, nickName: "转盘测试" });
  await partnerPost("/api/partner/v1/points/credit", { uid, points: DRAWS, bizNo: `e2e-tt-${uid}` });
  const counts: Record<string, number> = {};
  const started = Date.now();
  for (let i = 0; i < DRAWS; i += PARALLEL) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(PARALLEL, DRAWS - i) }, (_, k) =>
        partnerPost<{ giftName: string; fellBack: boolean }>("/api/partner/v1/turntable/draw", { uid, turntableId: id, requestId: `e2e-${uid}-${i + k}` }),
      ),
    );
    for (const draw of batch) {
      expect(draw.fellBack).toBe(false);
      counts[draw.giftName] = (counts[draw.giftName] ?? 0) + 1;
    }
  }
  console.log(`${DRAWS} draws in ${Date.now() - started} ms`, counts);
  expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(DRAWS);
  let chiSquare = 0;
  for (const gift of gifts) {
    const p = gift.weight / 10_000;
    const sd = Math.sqrt(DRAWS * p * (1 - p));
    const got = counts[gift.name] ?? 0;
    expect(Math.abs(got - DRAWS * p), `${gift.name}: ${got}`).toBeLessThan(4 * sd);
    chiSquare += (got - DRAWS * p) ** 2 / (DRAWS * p);
  }
  expect(chiSquare, `chi-square ${chiSquare.toFixed(2)} over ${JSON.stringify(counts)}`).toBeLessThan(CHI_SQUARE_3DF_999);
});
