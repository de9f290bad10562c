import { expect, test } from "./fixtures";
import { ADMIN_STATE, rowAction } from "./helpers";
import { row, unique } from "./system-helpers";

test.use({ storageState: ADMIN_STATE });

test("the region tree opens level by level and the search shows paths", async ({ page }) => {
  await page.goto("/region/list");
  const tree = page.getByTestId("region-tree");
  await expect(tree.getByTestId("region-row-710000")).toContainText("台湾省");
  await tree.getByTestId("region-toggle-110000").click();
  await tree.getByTestId("region-toggle-110100").click();
  await expect(tree.getByTestId("region-row-110105")).toContainText("朝阳区");
  await tree.getByTestId("region-toggle-110105").click();
  await expect(tree.getByTestId("region-row-110105001")).toContainText("建外街道");
  await tree.getByTestId("region-toggle-110000").click(); // collapsing the province hides everything below it
  await expect(tree.getByTestId("region-row-110105")).toBeHidden();
  // the frame's toolbar: 折叠 closes every open level
  await tree.getByTestId("region-toggle-110000").click();
  await expect(tree.getByTestId("region-row-110100")).toBeVisible();
  await page.getByTestId("toolbar-collapse").click();
  await expect(tree.getByTestId("region-row-110100")).toBeHidden();
  await expect(page.getByTestId("toolbar-refresh")).toBeVisible();

  await page.getByTestId("region-keyword").fill("朝阳区");
  await page.getByTestId("query-search").click();
  const matches = page.getByTestId("region-matches");
  await expect(matches.getByTestId("region-match-110105")).toContainText("北京市/北京市/朝阳区");
  await expect(matches.getByTestId("region-match-220104")).toContainText("吉林省/长春市/朝阳区");
});

test("a hospital's area is picked in the cascader and its path is listed", async ({ page }) => {
  const name = unique("e2e医院");
  await page.goto("/consult/hospital");
  await page.getByTestId("toolbar-add").click();
  const form = page.getByTestId("resource-form");
  await form.getByTestId("form-name").fill(name);
  const picker = form.getByTestId("form-areaCode");
  await picker.getByTestId("form-areaCode-level-0").selectOption({ label: "上海市" });
  await picker.getByTestId("form-areaCode-level-1").selectOption({ label: "上海市" });
  await picker.getByTestId("form-areaCode-level-2").selectOption({ label: "浦东新区" });
  await picker.getByTestId("form-areaCode-level-3").selectOption({ label: "陆家嘴街道" });
  await expect(picker.getByTestId("form-areaCode-path")).toContainText("上海市/上海市/浦东新区/陆家嘴街道（310115005）");
  await form.getByTestId("form-submit").click();
  await expect(form).toBeHidden();
  const record = row(page.getByTestId("resource-screen-table"), name);
  await expect(record).toContainText("上海市/上海市/浦东新区/陆家嘴街道");

  // editing: the picker opens on the stored area; a district is a valid choice too (the street cleared)
  await rowAction(record, "row-edit");
  await expect(picker.getByTestId("form-areaCode-path")).toContainText("上海市/上海市/浦东新区/陆家嘴街道（310115005）");
  await expect(picker.getByTestId("form-areaCode-level-3")).toHaveValue("310115005");
  await picker.getByTestId("form-areaCode-level-3").selectOption("");
  await expect(picker.getByTestId("form-areaCode-path")).toContainText("上海市/上海市/浦东新区（310115）");
  await form.getByTestId("form-submit").click();
  await expect(form).toBeHidden();
  await expect(record).toContainText("上海市/上海市/浦东新区");
  await expect(record).not.toContainText("陆家嘴街道");

  // the area filter takes in every region under the one chosen
  const table = page.getByTestId("resource-screen-table");
  const filter = page.getByTestId("query-areaCode");
  // the picker takes the choice after loading the next level: search once it shows the code, as an operator would
  await filter.getByTestId("query-areaCode-level-0").selectOption({ label: "北京市" });
  await expect(filter).toContainText("110000");
  await page.getByTestId("query-search").click();
  await expect(row(table, name)).toBeHidden();
  await filter.getByTestId("query-areaCode-level-0").selectOption({ label: "上海市" });
  await expect(filter).toContainText("310000");
  await page.getByTestId("query-search").click();
  await expect(row(table, name)).toBeVisible();
});
