import { expect, test, type Page } from "./fixtures";
import { partnerPost, uniquePeerId } from "./chat-helpers";
import { ADMIN_STATE, rowAction } from "./helpers";
import { confirmOk, MONITOR, toast } from "./monitor-helpers";
import { goodsStock, payOrder, placeOrder, type Placed, resourceRow, seedGoods, stackPython } from "./order-helpers";
import { api, unique } from "./system-helpers";

test.use({ storageState: ADMIN_STATE });

const STOCK = 20;
const EXPIRE_JOB = "拼团超时失败退款"; // the seeded job calling expireGroupTeams (core_api/seed/data.py)

/** A day's time in the console's business zone as the activity form sends it ("YYYY-MM-DD HH:mm:ss"). */
function businessTime(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toLocaleString("sv-SE", { timeZone: process.env.CONSOLE_TIMEZONE || "Asia/Shanghai" });
}

/** The hour of a team's time limit goes by. An activity's limit is 1 to 72 hours (the add form and the core both
 * refuse less) and the stack's clock is the machine's, so a spec of two minutes cannot wait for it: the team's
 * deadline, set by the core when the leader paid, is moved an hour and a minute back in the stack's database, as
 * if that time had passed. Nothing else is touched: the expiry itself is the registered job's, run by an
 * operator from Monitor > Jobs (the delayed message, an hour away, then finds the team expired and does nothing). */
function letTimeLimitPass(teamId: number): void {
  const moved = stackPython(
    [
      "import asyncio, sys",
      "from datetime import timedelta",
      "from core_api.model_index import model_modules",
      "from core_api.platform import db",
      "from core_api.platform.settings import Settings",
      "from core_api.mall.market.models import MallGroupTeam",
      "async def main():",
      "    ctx = await db.init_db(Settings(), model_modules())",
      "    team = await MallGroupTeam.get(id=int(sys.argv[1]))",
      "    print(await MallGroupTeam.filter(id=team.id, status='open').update(",
      "        expires_at=team.expires_at - timedelta(hours=team.hours, minutes=1)))",
      "    await db.close_db(ctx)",
      "asyncio.run(main())",
    ],
    String(teamId),
  );
  expect(moved).toBe("1");
}

async function newBuyer(): Promise<number> {
  const uid = uniquePeerId();
  await partnerPost("/api/partner/v1/consumers", { uid, nickName: `拼团买家${uid}` });
  return uid;
}

function allRows(page: Page) {
  return page.getByTestId("resource-screen-table").getByTestId("table-row");
}

/** The teams screen (拼团订单) filtered to one team. */
async function teamRow(page: Page, teamId: number) {
  await page.goto(`/order/group?id=${teamId}`);
  const row = allRows(page);
  await expect(row).toHaveCount(1);
  return row;
}

/** The members page (参团成员), opened from the team's row as staff do. */
async function openMembers(page: Page, teamId: number) {
  const row = await teamRow(page, teamId);
  await rowAction(row, "row-action-followers");
  await expect(page).toHaveURL(new RegExp(`/order/group-followers\\?teamId=${teamId}$`));
}

function only(placed: Placed) {
  expect(placed.shopOrders).toHaveLength(1);
  return placed.shopOrders[0];
}

test("a group buy fills and its members' orders go to be shipped; another expires and every paid member is refunded once", async ({ page }) => {
  test.setTimeout(120_000);
  const name = unique("拼团流程");
  const goods = seedGoods(name, STOCK);
  const [skuA, skuB] = goods.skus;
  // the shop's activity: teams of 3 within the shortest allowed limit, 39.90 and 19.90 yuan
  const activity = (
    await api<{ data: { id: number } }>(page, "POST", "admin/market_manage/add", {
      goodsId: goods.goodsId, teamSize: 3, hours: 1, startTime: businessTime(-1), endTime: businessTime(7),
      skus: [{ skuId: skuA, priceFen: 3990 }, { skuId: skuB, priceFen: 1990 }],
    })
  ).data.id;
  const group = (skuId: number, quantity: number, teamId?: number) => ({
    groupActivityId: activity, teamId, shops: [{ shopId: goods.shopId, delivery: "express", items: [{ skuId, quantity }] }],
  });

  // team 1: the leader opens it by paying, two buyers join and pay; the third payment fills it
  const [leader1, joinerA, joinerB] = [await newBuyer(), await newBuyer(), await newBuyer()];
  const open1 = await placeOrder(leader1, group(skuA, 1));
  expect(only(open1)).toMatchObject({ kind: "group", status: "unpaid", payFen: 3990 });
  const team1 = only(open1).teamId!;
  await payOrder(leader1, open1.orderNo);
  const joined1: Placed[] = [];
  for (const uid of [joinerA, joinerB]) {
    const placed = await placeOrder(uid, group(skuA, 1, team1));
    expect(only(placed).teamId).toBe(team1);
    await payOrder(uid, placed.orderNo);
    joined1.push(placed);
  }
  const full = [open1, ...joined1].map((p) => only(p).orderNo);

  // team 2: the leader pays for two units, one buyer joins and pays, another holds the last seat unpaid
  const [leader2, joinerC, joinerD] = [await newBuyer(), await newBuyer(), await newBuyer()];
  const open2 = await placeOrder(leader2, group(skuB, 2));
  const team2 = only(open2).teamId!;
  expect(team2).not.toBe(team1);
  await payOrder(leader2, open2.orderNo);
  const paid2 = await placeOrder(joinerC, group(skuB, 1, team2));
  await payOrder(joinerC, paid2.orderNo);
  const unpaid2 = await placeOrder(joinerD, group(skuB, 1, team2));
  const refunded = [open2, paid2];
  expect(refunded.map((p) => p.payFen)).toEqual([3980, 1990]);

  // staff: team 1 is full with its three paid members, each order now to be shipped
  let row = await teamRow(page, team1);
  await expect(row).toContainText("已成团");
  await expect(row).toContainText(name);
  await openMembers(page, team1);
  await expect(allRows(page)).toHaveCount(3);
  for (const orderNo of full) {
    const member = resourceRow(page, orderNo);
    for (const text of ["已支付", "待发货", "39.90"]) await expect(member).toContainText(text);
  }
  await expect(resourceRow(page, full[0])).toContainText("团长");

  // team 2 is still grouping; its seats hold stock: 3 units of team 1, 2 + 1 + 1 of team 2
  row = await teamRow(page, team2);
  await expect(row).toContainText("拼团中");
  expect(await goodsStock(page, name)).toEqual({ stock: 2 * STOCK - 7, sales: 7 });

  // the hour passes; an operator runs the expiry job once from Monitor > Jobs
  letTimeLimitPass(team2);
  await page.goto(`${MONITOR.job}?jobName=${encodeURIComponent(EXPIRE_JOB)}`);
  const jobs = page.getByTestId("job-screen-table").locator('[data-testid="table-row"]', { hasText: EXPIRE_JOB });
  await expect(jobs).toHaveCount(1);
  await expect(jobs).toContainText("expireGroupTeams");
  await rowAction(jobs, "row-run");
  await confirmOk(page, `确认要立即执行一次"${EXPIRE_JOB}"任务吗？`);
  await expect(toast(page, "执行成功")).toBeVisible();
  await expect(async () => {
    await expect(await teamRow(page, team2)).toContainText("拼团失败", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });

  // run again: this run finds nothing due and refunds nothing twice (the counts below are after it)
  await page.goto(`${MONITOR.job}?jobName=${encodeURIComponent(EXPIRE_JOB)}`);
  await rowAction(jobs, "row-log");
  const logTotal = async () => Number(((await page.getByTestId("pagination-total").textContent()) ?? "").replace(/\D/g, ""));
  await expect(page).toHaveURL(/\/monitor\/job-log\/index\?jobId=\d+$/);
  await expect(page.getByTestId("pagination-total")).toHaveText(/\d/);
  const before = await logTotal();
  await page.goto(`${MONITOR.job}?jobName=${encodeURIComponent(EXPIRE_JOB)}`);
  await rowAction(jobs, "row-run");
  await confirmOk(page);
  await rowAction(jobs, "row-log");
  const logs = page.getByTestId("job-log-screen-table").locator('[data-testid="table-row"]');
  await expect(async () => {
    await page.getByTestId("toolbar-refresh").click();
    expect(await logTotal()).toBeGreaterThan(before);
    await expect(logs.first()).toContainText("没有到期的拼团", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

  // the members page: the two paid members closed and refunded in full; the unpaid seat was given back
  await openMembers(page, team2);
  await expect(allRows(page)).toHaveCount(2);
  await expect(resourceRow(page, only(unpaid2).orderNo)).toHaveCount(0);
  for (const placed of refunded) {
    const member = resourceRow(page, only(placed).orderNo);
    await expect(member).toContainText("已关闭");
    await expect(member.locator("td", { hasText: (placed.payFen / 100).toFixed(2) })).toHaveCount(2); // paid, refunded
  }

  // after-sales: one system refund per paid member, refunded; the refund list: one refund each, refunded
  await page.goto("/order/afterSale");
  for (const placed of refunded) {
    const rows = page.getByTestId("aftersale-table").locator("tbody tr", { hasText: only(placed).orderNo });
    await expect(rows).toHaveCount(1);
    await expect(rows).toHaveAttribute("data-status", "refunded");
    await expect(rows).toContainText("拼团失败，系统全额退款");
    await expect(rows).toContainText(`¥${(placed.payFen / 100).toFixed(2)}`);
  }
  await page.goto("/order/refund");
  for (const placed of refunded) {
    const rows = page.getByTestId("refund-table").locator("tbody tr", { hasText: placed.orderNo });
    await expect(rows).toHaveCount(1);
    await expect(rows).toHaveAttribute("data-status", "refunded");
    await expect(rows).toContainText(`¥${(placed.payFen / 100).toFixed(2)}`);
  }

  // the leader's order log: the system refund, the stock back, closed as a failed group
  await page.goto(`/myMenu/orderDetail?orderNo=${only(open2).orderNo}`);
  await expect(page.getByTestId("order-detail-status").first()).toHaveText("已关闭");
  const log = page.getByTestId("order-detail-log-row");
  for (const step of ["拼团失败，系统退款", `库存退回 SKU ${skuB} × 2`, "拼团失败，已全额退款"]) {
    await expect(log.filter({ hasText: step }), step).toHaveCount(1);
  }

  // stock back: only team 1's three units stay sold; team 1 is still full
  expect(await goodsStock(page, name)).toEqual({ stock: 2 * STOCK - 3, sales: 3 });
  await expect(await teamRow(page, team1)).toContainText("已成团");
});
