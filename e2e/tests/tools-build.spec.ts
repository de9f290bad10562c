import { expect, type Locator, type Page, test } from "./fixtures";
import { ADMIN_STATE } from "./helpers";
import { unique } from "./system-helpers";
import { readText } from "./tools-helpers";

test.use({ storageState: ADMIN_STATE });

function names(page: Page) {
  return page.getByTestId("build-canvas").locator('[data-testid="canvas-field"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-name")));
}

function field(page: Page, name: string): Locator {
  return page.getByTestId("build-canvas").locator(`[data-testid="canvas-field"][data-name="${name}"]`);
}

/** Selects a field on the canvas and waits until the property panel shows it (a click straight after a drop can
 * land while the canvas is still settling; the panel, not the click, says what is selected). */
async function select(page: Page, name: string) {
  await expect(async () => {
    await field(page, name).click();
    await expect(page.getByTestId("prop-name")).toHaveValue(name, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

/** Drags with the mouse, in small steps as a hand does, to a point of the target (its top by default). */
async function drag(page: Page, handle: Locator, to: Locator, at: "top" | "bottom" = "top") {
  const source = await handle.boundingBox();
  const target = await to.boundingBox();
  if (!source || !target) throw new Error("not on screen");
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(source.x + source.width / 2 + 10, source.y + source.height / 2 + 10, { steps: 4 });
  await page.mouse.move(target.x + target.width / 2, at === "top" ? target.y + 6 : target.y + target.height - 20, { steps: 12 });
  await page.mouse.up();
  // the drop is over only when no handle is still pressed (dnd-kit's aria-pressed): a click before that can
  // land while the sorter still holds the drag, and the order it then commits undoes an undo
  await expect(page.locator('[data-testid="build-canvas"] [aria-pressed="true"]')).toHaveCount(0);
}

test("build a form with three fields, reorder, undo and redo, check it live, export it and reopen it", async ({ page }) => {
  await page.goto("/tool/build");
  await page.getByTestId("palette-input").click();
  await page.getByTestId("palette-select").click();
  // the third comes by dragging from the palette onto the canvas
  await drag(page, page.getByTestId("palette-number"), page.getByTestId("build-canvas"), "bottom");
  await expect.poll(() => names(page)).toEqual(["field1", "field2", "field3"]);

  await select(page, "field1");
  await page.getByTestId("prop-label").fill("姓名");
  await page.getByTestId("prop-required").click();
  await page.getByTestId("prop-maxLength").fill("4");
  await select(page, "field3");
  await page.getByTestId("prop-label").fill("年龄");
  await page.getByTestId("prop-max").fill("60");

  // reorder: 年龄 dragged above 姓名, one step of the history (data-history: steps to undo / to redo)
  const screen = page.getByTestId("build-screen");
  const steps = Number((await screen.getAttribute("data-history"))?.split("/")[0]);
  await drag(page, field(page, "field3").getByTestId("drag-handle"), field(page, "field1"));
  await expect.poll(() => names(page)).toEqual(["field3", "field1", "field2"]);
  await expect(screen).toHaveAttribute("data-history", `${steps + 1}/0`);

  // undo with the button and with Ctrl-Z, redo with the button and with Ctrl-Shift-Z
  await page.getByTestId("build-undo").click();
  await expect(screen).toHaveAttribute("data-history", `${steps}/1`);
  await expect.poll(() => names(page)).toEqual(["field1", "field2", "field3"]);
  await page.getByTestId("build-redo").click();
  await expect(screen).toHaveAttribute("data-history", `${steps + 1}/0`);
  await expect.poll(() => names(page)).toEqual(["field3", "field1", "field2"]);
  await page.getByTestId("build-canvas").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("Control+z");
  await expect.poll(() => names(page)).toEqual(["field1", "field2", "field3"]);
  await page.keyboard.press("Control+Shift+z");
  await expect.poll(() => names(page)).toEqual(["field3", "field1", "field2"]);
  await expect(field(page, "field3")).toContainText("年龄");

  // live preview validates with the rules set
  await page.getByTestId("build-tab-preview").click();
  const preview = page.getByTestId("build-preview");
  await preview.getByTestId("preview-submit").click();
  await expect(preview.getByTestId("preview-error")).toHaveText(["姓名不能为空"]);
  await preview.getByTestId("preview-field1").fill("张三李四王");
  await preview.getByTestId("preview-field3").fill("70");
  await preview.getByTestId("preview-submit").click();
  await expect(preview.getByTestId("preview-error")).toHaveText(["年龄不能大于60", "姓名最多4个字符"]);
  await preview.getByTestId("preview-field1").fill("张三");
  await preview.getByTestId("preview-field3").fill("30");
  await preview.getByTestId("preview-submit").click();
  await expect(preview.getByTestId("preview-error")).toHaveCount(0);
  await expect(page.getByText("校验通过")).toBeVisible();
  await page.getByTestId("build-tab-design").click();

  // export as JSON: shown and downloaded, in the new order
  const formName = unique("form");
  await page.getByTestId("build-name").fill(formName);
  await page.getByTestId("build-export-json").click();
  const exported = page.getByTestId("build-export");
  await expect(exported.getByTestId("export-code")).toContainText('"label": "姓名"');
  let downloading = page.waitForEvent("download");
  await exported.getByTestId("export-download").click();
  let file = await downloading;
  expect(file.suggestedFilename()).toBe(`${formName}.json`);
  const json = JSON.parse(readText(await file.path()));
  expect(json.fields.map((f: { name: string }) => f.name)).toEqual(["field3", "field1", "field2"]);
  expect(json.fields[1]).toMatchObject({ label: "姓名", required: true, rules: { maxLength: 4 } });
  await page.keyboard.press("Escape");
  await expect(exported).toBeHidden(); // closed (its exit animation done) before the next button is clicked

  // export as a React component
  await page.getByTestId("build-export-react").click();
  await expect(exported.getByTestId("export-code")).toContainText("zodResolver(schema)");
  await expect(exported.getByTestId("export-code")).toContainText('field1: z.string().trim().min(1, "姓名不能为空").max(4, "姓名最多4个字符")');
  downloading = page.waitForEvent("download");
  await exported.getByTestId("export-download").click();
  file = await downloading;
  expect(file.suggestedFilename()).toMatch(/Form\.tsx$/);
  expect(readText(await file.path())).toContain("export function");
  await page.keyboard.press("Escape");
  await expect(exported).toBeHidden(); // closed (its exit animation done) before the next button is clicked

  // saved by name, reopened after a reload
  await page.getByTestId("build-save").click();
  await expect(page.getByText("保存成功")).toBeVisible();
  await page.reload();
  await expect.poll(() => names(page)).toEqual([]);
  await page.getByTestId("build-saved").selectOption({ label: formName });
  await page.getByTestId("build-open").click();
  await expect.poll(() => names(page)).toEqual(["field3", "field1", "field2"]);
  await expect(field(page, "field1")).toContainText("姓名");
});
