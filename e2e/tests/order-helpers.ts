import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, type Page } from "./fixtures";
import { partnerPost, walletPaid } from "./chat-helpers";

const ROOT = path.resolve(__dirname, "../..");
const PYTHON = path.join(ROOT, ".venv", "bin", "python");

/** Runs a short Python snippet against the stack's own settings and database (CONSOLE_VAR_DIR,
 * CONSOLE_DATABASE_URL...: the same environment as the stack) and answers its last printed line. */
export function stackPython(lines: string[], ...args: string[]): string {
  const out = execFileSync(PYTHON, ["-c", lines.join("\n"), ...args], { cwd: ROOT }).toString().trim().split("\n");
  return out[out.length - 1] ?? "";
}

/** A new shop's express order, paid and waiting to be shipped, written as a paid checkout leaves it; its number. */
export function seedPaidOrder(name: string): string {
  return stackPython(
    [
      "import asyncio, sys",
      "from core_api.model_index import model_modules",
      "from core_api.platform import db",
      "from core_api.platform.settings import Settings",
      "from tests.mall_support import make_shop",
      "from tests.order_support import goods_of, make_order",
      "async def main():",
      "    ctx = await db.init_db(Settings(), model_modules())",
      "    shop = await make_shop(sys.argv[1] + '店')",
      "    _, skus = await goods_of(shop, sys.argv[1])",
      "    order = await make_order(shop, 10000001, [(skus[0], 1)], goods_name=sys.argv[1])",
      "    print(order.order_no)",
      "    await db.close_db(ctx)",
      "asyncio.run(main())",
    ],
    name,
  );
}

export interface Goods {
  shopId: number;
  goodsId: number;
  skus: number[];
}

/** A shop of this run with one approved goods item on shelf, two SKUs (50.00 and 30.00 yuan, ``stock`` each): the
 * shops' and goods' own screens are other specs' subject, and no demo row is shared with them. */
export function seedGoods(name: string, stock: number): Goods {
  return JSON.parse(
    stackPython(
      [
        "import asyncio, json, sys",
        "from core_api.model_index import model_modules",
        "from core_api.platform import db",
        "from core_api.platform.settings import Settings",
        "from tests.mall_support import make_shop",
        "from tests.order_support import goods_of",
        "async def main():",
        "    ctx = await db.init_db(Settings(), model_modules())",
        "    shop = await make_shop(sys.argv[1] + '店')",
        "    goods, skus = await goods_of(shop, sys.argv[1], (5000, 3000), stock=int(sys.argv[2]))",
        "    print(json.dumps({'shopId': shop.id, 'goodsId': goods.id, 'skus': [s.id for s in skus]}))",
        "    await db.close_db(ctx)",
        "asyncio.run(main())",
      ],
      name,
      String(stock),
    ) || "{}",
  ) as Goods;
}

export interface Line {
  lineId: number;
  skuId: number;
  quantity: number;
  payFen: number;
  pointsUsed: number;
}

export interface Placed {
  orderNo: string;
  payFen: number;
  pointsUsed: number;
  shopOrders: { orderNo: string; status: string; payFen: number; kind: string; teamId: number | null; lines: Line[] }[];
}

let placements = 0;

/** The app's checkout (POST orders/place) with a request number no earlier run used. */
export async function placeOrder(uid: number, body: Record<string, unknown>): Promise<Placed> {
  placements += 1;
  return partnerPost<Placed>("/api/partner/v1/orders/place", {
    requestNo: `e2e-${uid}-${Date.now()}-${placements}`,
    uid,
    address: { name: "流程买家", phone: "13800138000", area: "北京市朝阳区", address: "望京街1号" },
    ...body,
  });
}

/** Asks for a pay code and sends the local wallet's signed callback once paid (a second callback, the provider's
 * retry, pays nothing twice). */
export async function payOrder(uid: number, orderNo: string): Promise<void> {
  const pay = await partnerPost<{ outTradeNo: string; payFen: number; codeUrl: string }>("/api/partner/v1/orders/pay", { uid, orderNo });
  expect(pay.codeUrl).toMatch(/^localpay:\/\//);
  expect(await walletPaid(pay.outTradeNo, pay.payFen)).toBe("paid");
  expect(await walletPaid(pay.outTradeNo, pay.payFen)).toBe("repeat");
}

/** The app's checkout: place, ask for a pay code, and the local wallet's signed callback once paid. */
export async function placeAndPay(uid: number, body: Record<string, unknown>): Promise<Placed> {
  const placed = await placeOrder(uid, body);
  await payOrder(uid, placed.orderNo);
  return placed;
}

/** The goods screen's stock and sales of the item (its SKUs together), read by the columns' headers. */
export async function goodsStock(page: Page, name: string): Promise<{ stock: number; sales: number }> {
  await page.goto(`/mall/goods?name=${encodeURIComponent(name)}`);
  const table = page.getByTestId("resource-screen-table");
  const row = table.getByTestId("table-row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  const headers = (await table.locator("thead th").allInnerTexts()).map((h) => h.trim());
  const cells = await row.locator("td").allInnerTexts();
  const cell = (label: string) => Number(cells[headers.indexOf(label)]?.trim());
  return { stock: cell("库存"), sales: cell("销量") };
}

/** A row of a resource screen's table holding this text. */
export function resourceRow(page: Page, text: string) {
  return page.getByTestId("resource-screen-table").getByTestId("table-row").filter({ hasText: text });
}
