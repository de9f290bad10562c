import { expect, test } from "./fixtures";
import { partnerPost, uniquePeerId } from "./chat-helpers";
import { ADMIN_STATE } from "./helpers";

test.use({ storageState: ADMIN_STATE });

test("a pay code is shown as a QR image with its amount and expiry, then paid through the local provider", async ({ page }) => {
  await page.goto("/finance/payCode");
  await page.getByTestId("pay-code-amount").fill("12.5");
  await page.getByTestId("pay-code-subject").fill("门店收款");
  await page.getByTestId("pay-code-create").click();
  const current = page.getByTestId("pay-code-current");
  await expect(current.getByTestId("pay-code-qr")).toBeVisible();
  expect(await current.getByTestId("pay-code-qr").getAttribute("src")).toMatch(/^data:image\/png;base64,/);
  await expect(current.getByTestId("pay-code-shown-amount")).toHaveText("¥12.50");
  await expect(current.getByTestId("pay-code-expiry")).toContainText(/剩余 1[45]:\d\d/);
  // the local provider's signed callback, as the screen's simulate button sends it; the page learns by polling
  await current.getByTestId("pay-code-simulate").click();
  await expect(current.getByTestId("pay-code-status")).toHaveText("已支付", { timeout: 10_000 });
  await expect(page.getByTestId("pay-code-list")).toContainText("已支付");
});

test("a withdrawal goes through freeze, approve and pay; another is rejected and unfrozen", async ({ page }) => {
  const uid = uniquePeerId();
  await partnerPost("/api/partner/v1/consumers", { uid, nickName: "提现测试" });
  await partnerPost("/api/partner/v1/wallet/credit", { uid, amountFen: 50_000, bizNo: `e2e-${uid}` });
  const paid = await partnerPost<{ withdrawNo: string; frozenFen: number }>("/api/partner/v1/withdrawals", {
    uid, amountFen: 12_000, requestNo: `e2e-a-${uid}`, channel: "wallet", payeeAccount: "13800138000", payeeName: "王小明",
  });
  const rejected = await partnerPost<{ withdrawNo: string; availableFen: number; frozenFen: number }>("/api/partner/v1/withdrawals", {
    uid, amountFen: 8_000, requestNo: `e2e-b-${uid}`, channel: "bank", payeeAccount: "6222020200001234", payeeName: "王小明",
  });
  expect([rejected.availableFen, rejected.frozenFen]).toEqual([30_000, 20_000]);

  await page.goto("/finance/withdrawal");
  await page.getByTestId("withdrawal-uid").fill(String(uid));
  await page.getByTestId("withdrawal-uid").press("Enter");
  const first = page.getByTestId(`withdrawal-row-${paid.withdrawNo}`);
  await expect(first).toHaveAttribute("data-status", "applied");
  await expect(first).toContainText("138****8000");
  await first.getByTestId("withdrawal-approve").click();
  await expect(page.getByTestId("confirm-dialog")).toContainText(`${paid.withdrawNo}（用户 ${uid}，收款人 王**），金额 ¥120.00`);
  await page.getByTestId("confirm-ok").click();
  await expect(first).toHaveAttribute("data-status", "approved");
  await first.getByTestId("withdrawal-pay").click();
  await expect(page.getByTestId("confirm-dialog")).toContainText("打款 ¥120.00");
  await page.getByTestId("confirm-ok").click();
  await expect(first).toHaveAttribute("data-status", "paid");

  const second = page.getByTestId(`withdrawal-row-${rejected.withdrawNo}`);
  await second.getByTestId("withdrawal-reject").click();
  await expect(page.getByTestId("withdrawal-dialog-subject")).toContainText("¥80.00");
  await page.getByTestId("withdrawal-dialog-input").fill("收款人信息不符");
  await page.getByTestId("withdrawal-dialog-confirm").click();
  await expect(second).toHaveAttribute("data-status", "rejected");
  await expect(second).toContainText("收款人信息不符");

  await second.getByTestId("withdrawal-detail").click();
  const detail = page.getByTestId("withdrawal-detail-dialog");
  await expect(detail.getByTestId("withdrawal-balances")).toHaveText("可用 ¥380.00，冻结 ¥0.00");
  await expect(detail.locator('[data-kind="unfreeze"]')).toHaveCount(1);
  await page.keyboard.press("Escape");
  await page.getByTestId("ledger-tab").click();
  await expect(page.getByTestId("ledger-table").locator('[data-kind="payout"]')).toHaveCount(1);
  // the ledger in the list frame: toolbar, its own filter and pager (credit, 2 freezes, payout, unfreeze)
  const ledger = page.getByTestId("withdrawal-ledger");
  await expect(ledger.getByTestId("toolbar-refresh")).toBeVisible();
  await expect(ledger.getByTestId("toolbar-columns")).toBeVisible();
  await expect(ledger.getByTestId("pagination-total")).toContainText("5");
  await ledger.getByTestId("query-ledgerKind").selectOption("freeze");
  await ledger.getByTestId("query-search").click();
  await expect(ledger.getByTestId("table-row")).toHaveCount(2);
  await expect(ledger.getByTestId("pagination-total")).toContainText("2");
  // a later page of two: the oldest entry, the credit; the queue keeps its own page
  await page.goto(`/finance/withdrawal?uid=${uid}&ledgerPage=3&ledgerPageSize=2`);
  await expect(ledger.getByTestId("table-row")).toHaveCount(1);
  await expect(ledger.getByTestId("table-row")).toHaveAttribute("data-kind", "commission");
});
