import { expect, test } from "./fixtures";
import { audit, type Finding, open, sweep, verdict } from "./a11y-helpers";
import { ADMIN_STATE } from "./helpers";

test.use({ storageState: ADMIN_STATE });

/** Issue 28 §6: WCAG 2.1 A/AA, nothing critical or serious. The first half of the menu screens (the second is
 * a11y-more.spec.ts, in the browser suite's other part), the main dialogs and the goods editor, the keyboard. */
sweep(0);

for (const scheme of ["light", "dark"] as const) {
  test(`axe finds nothing critical or serious in the main dialogs and the goods editor (${scheme})`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.emulateMedia({ colorScheme: scheme });
    const findings: Finding[] = [];
    // 新增 user
    await open(page, "/system/user");
    await page.getByTestId("toolbar-add").click();
    await expect(page.getByTestId("user-form")).toBeVisible();
    findings.push(...(await audit(page, "/system/user 新增")));
    await page.getByTestId("form-cancel").click();
    // a role's 修改 with its menu tree
    await open(page, "/system/role");
    await page.getByTestId("role-table").locator('[data-testid="table-row"][data-row-id="2"]').getByTestId("row-edit").click();
    await expect(page.getByTestId("role-form")).toBeVisible();
    findings.push(...(await audit(page, "/system/role 修改")));
    // the goods editor (新增商品): its SKU table with the single spec's row
    await open(page, "/mall/goods");
    await page.getByTestId("toolbar-action-add").click();
    await expect(page.getByTestId("goods-edit")).toBeVisible();
    await expect(page.getByTestId("sku-row").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    findings.push(...(await audit(page, "/mall/goods-edit")));
    verdict(findings);
  });
}

test("the sidebar, a dialog and a tab's close button work from the keyboard", async ({ page }) => {
  await open(page, "/system/user");
  // a sidebar directory opens and closes with Enter, its page is a link reached with Tab
  const title = await page.getByTestId("sidebar").locator('[data-testid="menu-dir"][aria-expanded="true"]').first().getAttribute("data-title");
  const dir = page.getByTestId("sidebar").locator(`[data-testid="menu-dir"][data-title="${title}"]`);
  await dir.focus();
  await page.keyboard.press("Enter");
  await expect(dir).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("Enter");
  await expect(dir).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Tab");
  await expect(page.locator(":focus")).toHaveAttribute("data-testid", "menu-item");
  await expect(page.getByTestId("sidebar").locator('[aria-current="page"]')).toHaveAttribute("data-path", "/system/user");
  // 新增 opens with Enter, focus moves into the dialog, Escape closes it
  await page.getByTestId("toolbar-add").focus();
  await page.keyboard.press("Enter");
  const form = page.getByTestId("user-form");
  await expect(form).toBeVisible();
  await expect.poll(() => form.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(form).toBeHidden();
  await expect(page.getByTestId("toolbar-add")).toBeFocused(); // back on 新增, though the dialog opened from state
  // a tab's close button is a button of its own beside the tab's link
  await open(page, "/system/role");
  const roleTab = page.getByTestId("tags-view").locator('[data-testid="tag"][data-path="/system/role"]');
  await expect(roleTab.getByRole("link")).toHaveAttribute("aria-current", "page");
  await roleTab.getByTestId("tag-close").focus();
  await page.keyboard.press("Enter");
  await expect(roleTab).toHaveCount(0);
});
