import { expect, test } from "./fixtures";
import { ADMIN_STATE, rowAction } from "./helpers";
import { api } from "./system-helpers";

test.use({ storageState: ADMIN_STATE });

interface DictRow {
  dictCode: number;
  dictLabel: string;
  dictValue: string;
}

test("a dictionary label edited on the data page shows in a list's tags", async ({ page }) => {
  await page.goto("/system/dict");
  await page.getByTestId("dict-type-link").filter({ hasText: "sys_normal_disable" }).click();
  await expect(page).toHaveURL(/\/system\/dict-data\/index\/\d+$/);
  const table = page.getByTestId("dict-data-screen-table");
  const data = await api<{ rows: DictRow[] }>(page, "GET", "system/dict/data/list?dictType=sys_normal_disable");
  const normal = data.rows.find((item) => item.dictValue === "0")!;
  try {
    await rowAction(table.locator(`[data-row-id="${normal.dictCode}"]`), "row-edit");
    const form = page.getByTestId("dict-data-form");
    await expect(form.getByTestId("form-dictLabel")).toHaveValue("正常");
    // the tag preview follows the style chosen
    await form.getByTestId("form-listClass").selectOption("danger");
    await expect(form.getByTestId("dict-tag-preview").locator("[data-list-class]")).toHaveAttribute("data-list-class", "danger");
    await form.getByTestId("form-listClass").selectOption("primary");
    await form.getByTestId("form-dictLabel").fill("运行中");
    await form.getByTestId("form-submit").click();
    await expect(form).toBeHidden();
    await expect(table.locator(`[data-row-id="${normal.dictCode}"]`)).toContainText("运行中");

    await page.goto("/system/post");
    const status = page.getByTestId("post-screen-table").locator('[data-testid="dict-tag"]').first();
    await expect(status).toHaveText("运行中");
  } finally {
    const detail = await api<{ data: Record<string, unknown> }>(page, "GET", `system/dict/data/${normal.dictCode}`);
    if (detail.data.dictLabel !== "正常") await api(page, "PUT", "system/dict/data", { ...detail.data, dictLabel: "正常" });
  }
});
