import { execFileSync } from "node:child_process";
import { copyFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "./fixtures";
import { ADMIN_STATE, rowAction } from "./helpers";
import { row } from "./system-helpers";
import { createSampleTable, zipEntries } from "./tools-helpers";

test.use({ storageState: ADMIN_STATE });

const PYTHON = path.resolve(__dirname, "../../.venv/bin/python");

/** Every state a transfer's bar went through on this page: phase, the bar's value ('' without one), the bytes. */
async function recordTransfers(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { transfers: string[] }).transfers = seen;
    new MutationObserver(() => {
      for (const bar of document.querySelectorAll('[data-testid="transfer-progress"]')) {
        const value = bar.querySelector('[role="progressbar"]')?.getAttribute("aria-valuenow") ?? "";
        const state = `${bar.getAttribute("data-phase")} ${value} ${bar.querySelector('[data-testid="transfer-bytes"]')?.textContent?.trim() ?? ""}`;
        if (seen.at(-1) !== state) seen.push(state);
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { transfers: string[] }).transfers.splice(0));
}

/** The network as slow as a poor line (bytes a second each way), so that a small file's progress is seen moving. */
async function slowLine(page: Page, bytesPerSecond: number | null) {
  const cdp = await page.context().newCDPSession(page);
  const throughput = bytesPerSecond ?? -1;
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: throughput, uploadThroughput: throughput });
}

test("a user import shows its bytes sent, then 处理中, and ends in its report and the rows counted", async ({ page }) => {
  const transfers = await recordTransfers(page);
  await page.goto("/system/user");
  await page.getByTestId("toolbar-import").click();
  const dialog = page.getByTestId("import-dialog");
  // the template comes with the download's bar: made on the server, then its bytes against its size
  const downloading = page.waitForEvent("download");
  await dialog.getByTestId("import-template").click();
  const template = await (await downloading).path();
  // the download's toast has gone before its states are read: its last one may be drawn after the file is saved
  await expect(page.getByTestId("transfer-progress")).toHaveCount(0);
  const downloaded = await transfers();
  expect(downloaded[0]).toMatch(/^preparing {2}/);
  // a small file may come in one piece: whatever of its bytes was shown ends at its whole size
  const received = downloaded.filter((state) => state.startsWith("receiving"));
  if (received.length) expect(received.at(-1)).toMatch(/^receiving 100 100% · [\d.]+ KB \/ [\d.]+ KB$/);

  // one user written into the template itself, as an operator would
  const userName = `bar${Date.now().toString(36)}`;
  const source = `${template}.xlsx`; // the download's own path has no extension, which openpyxl needs
  copyFileSync(template, source);
  const filled = `${template}-filled.xlsx`;
  const script = "import sys, openpyxl\nwb = openpyxl.load_workbook(sys.argv[1])\nwb.active.append([sys.argv[3], '进度条', 105, None, None, '男', '正常'])\nwb.save(sys.argv[2])";
  execFileSync(PYTHON, ["-c", script, source, filled, userName]);
  await dialog.getByTestId("import-file").setInputFiles(filled);
  // a line with some latency: on a fast one the answer can come within the frame that ends the upload, and the
  // browser then never draws 处理中 (React renders the last state only)
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 600, downloadThroughput: -1, uploadThroughput: -1 });
  await dialog.getByTestId("import-submit").click();
  const report = page.getByTestId("import-report");
  await expect(report).toContainText(`账号 ${userName} 导入成功`);
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "已导入 1 条" })).toBeVisible();
  const uploaded = await transfers();
  expect(uploaded[0]).toMatch(/^sending 0 0% · 0 B \/ [\d.]+ KB$/);
  expect(uploaded).toContainEqual(expect.stringMatching(/^processing {2}/));
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("transfer-progress")).toHaveCount(0);
});

test("the code generator's zip shows its bytes coming on a slow line, then is saved whole", async ({ page }) => {
  const table = `e2e_bar${Date.now().toString(36).replace(/[^a-z0-9]/g, "")}`;
  createSampleTable(table);
  const transfers = await recordTransfers(page);
  await page.goto("/tool/gen");
  await page.getByTestId("toolbar-import").click();
  const dialog = page.getByTestId("gen-import-dialog");
  await dialog.getByTestId("query-importTableName").fill(table);
  await dialog.getByTestId("import-search").click();
  await dialog.getByTestId(`import-check-${table}`).click();
  await dialog.getByTestId("import-submit").click();
  await expect(dialog).toBeHidden();

  // 9.7 KB at 4 KB/s, over two seconds: the bar is drawn part way (at 16 KB/s a loaded run drew 0 % then 100 %)
  await slowLine(page, 4 * 1024);
  const downloading = page.waitForEvent("download");
  await rowAction(row(page.getByTestId("gen-table"), table), "row-code");
  // the toast's bar, part way: some bytes of the zip's known size
  const bar = page.locator("[data-sonner-toast]").getByTestId("transfer-progress");
  await expect(bar).toHaveAttribute("data-phase", "receiving");
  await expect(bar.getByTestId("transfer-label")).toHaveText(`正在下载 ${table}.zip`);
  const download = await downloading;
  await slowLine(page, null);
  expect(zipEntries(await download.path())).toContainEqual(expect.stringMatching(/^core_api\/generated\/.+\/routes\.py$/));
  const seen = await transfers();
  const values = seen.filter((state) => state.startsWith("receiving")).map((state) => Number(state.split(" ")[1]));
  expect(values.some((value) => value > 0 && value < 100), seen.join("\n")).toBe(true);
  expect(values).toEqual([...values].sort((a, b) => a - b));
  expect(values.at(-1)).toBe(100);
  await expect(bar).toHaveCount(0);
});
