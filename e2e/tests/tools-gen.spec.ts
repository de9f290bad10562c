import { expect, test } from "./fixtures";
import { ADMIN_STATE, rowAction } from "./helpers";
import { confirmDialog, row } from "./system-helpers";
import { createSampleTable, zipEntries } from "./tools-helpers";

test.use({ storageState: ADMIN_STATE });

test("import a table, edit its generation config, preview it and download its code", async ({ page }) => {
  const stamp = Date.now().toString(36).replace(/[^a-z0-9]/g, "");
  const table = `e2e_coupon${stamp}`;
  createSampleTable(table);

  await page.goto("/tool/gen");
  await page.getByTestId("toolbar-import").click();
  const dialog = page.getByTestId("gen-import-dialog");
  // the product's own tables are listed and marked, and can be chosen like any other (RuoYi generates sys_post)
  await dialog.getByTestId("query-importTableName").fill("sys_user");
  await dialog.getByTestId("import-search").click();
  const own = dialog.locator('[data-testid="import-row"][data-table="sys_user"]');
  await expect(own).toContainText("系统表");
  await expect(own.getByTestId("import-check-sys_user")).toBeEnabled();
  await dialog.getByTestId("query-importTableName").fill(table);
  await dialog.getByTestId("import-search").click();
  await dialog.getByTestId(`import-check-${table}`).click();
  await dialog.getByTestId("import-submit").click();
  await expect(dialog).toBeHidden();
  const imported = row(page.getByTestId("gen-table"), table);
  await expect(imported).toContainText(`E2eCoupon${stamp}`);

  // edit: a bad business name is refused on the page, a good config is saved
  await rowAction(imported, "row-edit");
  await expect(page).toHaveURL(/\/tool\/gen-edit\/index\/\d+$/);
  const edit = page.getByTestId("gen-edit");
  await edit.getByTestId("col-comment-coupon_name").fill("券名称");
  await edit.getByTestId("col-html-status").selectOption("radio");
  await edit.getByTestId("col-dict-status").selectOption("sys_normal_disable");
  await edit.getByTestId("col-isQuery-amount").check();
  await edit.getByTestId("col-query-amount").selectOption("GTE");
  await edit.getByTestId("col-python-amount").selectOption("float");
  await expect(edit.getByTestId("col-ts-amount")).toHaveText("number");
  await edit.getByTestId("gen-tab-gen").click();
  await edit.getByTestId("form-businessName").fill("Bad-Name");
  await edit.getByTestId("form-functionName").fill("优惠券");
  await edit.getByTestId("gen-save").click();
  await expect(edit.getByTestId("field-error")).toContainText("生成业务名须以小写字母开头");
  await expect(page).toHaveURL(/\/tool\/gen-edit\/index\/\d+$/);
  await edit.getByTestId("form-businessName").fill("coupon");
  await edit.getByTestId("form-moduleName").fill("promo");
  await edit.getByTestId("gen-save").click();
  await expect(page).toHaveURL(/\/tool\/gen(\?.*)?$/);

  // the saved config shows when the page is opened again
  await rowAction(row(page.getByTestId("gen-table"), table), "row-edit");
  await expect(page.getByTestId("col-comment-coupon_name")).toHaveValue("券名称");
  await expect(page.getByTestId("col-query-amount")).toHaveValue("GTE");
  await page.getByTestId("gen-back").click();

  // preview: one tab per file, the settings in the code
  await row(page.getByTestId("gen-table"), table).getByTestId("row-preview").click();
  const preview = page.getByTestId("gen-preview-dialog");
  await expect(preview.getByTestId("preview-tab")).toHaveCount(9);
  await preview.getByTestId("preview-tab").filter({ hasText: "list.tsx" }).click();
  const code = preview.locator('[data-testid="preview-code"]:visible');
  await expect(code).toContainText('const TITLE = "优惠券";');
  await expect(code).toContainText('label={"券名称"}');
  await expect(preview.locator('[data-testid="preview-path"]:visible')).toHaveText("web/features/generated/promo/coupon/list.tsx");
  await page.keyboard.press("Escape");
  await expect(preview).toBeHidden();

  // download: a zip named by the core, holding the code of every layer
  const downloading = page.waitForEvent("download");
  await rowAction(row(page.getByTestId("gen-table"), table), "row-code");
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${table}.zip`);
  const entries = zipEntries(await download.path());
  expect(entries).toEqual(
    expect.arrayContaining([
      "core_api/generated/promo_coupon/models.py",
      "core_api/generated/promo_coupon/routes.py",
      "bff/screens/gen_promo_coupon.py",
      `tests/test_gen_promo_coupon.py`,
      "web/features/generated/promo/coupon/list.tsx",
      "web/features/generated/promo/coupon/view.tsx",
    ]),
  );
  expect(entries.some((entry) => new RegExp(`^core_api/migrations/\\d{4}_gen_${table}\\.py$`).test(entry))).toBe(true);

  // sync keeps the settings; delete forgets the table
  await rowAction(row(page.getByTestId("gen-table"), table), "row-sync");
  await confirmDialog(page);
  await expect(page.getByText("同步成功")).toBeVisible();
  await rowAction(row(page.getByTestId("gen-table"), table), "row-remove");
  await confirmDialog(page);
  await expect(row(page.getByTestId("gen-table"), table)).toHaveCount(0);
});

test("a table of the product itself is imported, marked, previewed and zipped like any other", async ({ page }) => {
  await page.goto("/tool/gen");
  await page.getByTestId("toolbar-import").click();
  const dialog = page.getByTestId("gen-import-dialog");
  await dialog.getByTestId("query-importTableName").fill("sys_post");
  await dialog.getByTestId("import-search").click();
  await dialog.getByTestId("import-check-sys_post").click();
  await dialog.getByTestId("import-submit").click();
  await expect(dialog).toBeHidden();
  const imported = row(page.getByTestId("gen-table"), "sys_post");
  await expect(imported).toContainText("系统表");
  await expect(imported).toContainText("SysPost");

  await imported.getByTestId("row-preview").click();
  const preview = page.getByTestId("gen-preview-dialog");
  await preview.getByTestId("preview-tab").filter({ hasText: "models.py" }).click();
  await expect(preview.locator('[data-testid="preview-code"]:visible')).toContainText("class SysPost(Model)");
  await page.keyboard.press("Escape");
  await expect(preview).toBeHidden();

  const downloading = page.waitForEvent("download");
  await rowAction(row(page.getByTestId("gen-table"), "sys_post"), "row-code");
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("sys_post.zip");
  expect(zipEntries(await download.path())).toContain("core_api/generated/sys_post/models.py");

  await rowAction(row(page.getByTestId("gen-table"), "sys_post"), "row-remove");
  await confirmDialog(page);
  await expect(row(page.getByTestId("gen-table"), "sys_post")).toHaveCount(0);
});
