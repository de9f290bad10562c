import { expect, type Page, test } from "./fixtures";
import { ADMIN_STATE } from "./helpers";
import { api, row, unique } from "./system-helpers";

test.use({ storageState: ADMIN_STATE });

/** A hospital service placed through the API (somewhere in Beijing, apart from earlier runs' places). */
async function anchor(page: Page, name: string) {
  const at = { longitude: Math.round((116.3 + Math.random() * 0.2) * 1e6) / 1e6, latitude: Math.round((39.85 + Math.random() * 0.1) * 1e6) / 1e6 };
  await api(page, "POST", "admin/service/edit", { name, serviceType: "hospital", price: 9900, address: "北京市东城区帅府园1号", ...at });
  return at;
}

async function openNewService(page: Page, name: string) {
  await page.goto("/consult/service");
  await page.getByTestId("toolbar-add").click();
  const form = page.getByTestId("resource-form");
  await form.getByTestId("form-name").fill(name);
  await form.getByTestId("form-serviceType").selectOption("hospital");
  await form.getByTestId("form-price").fill("88");
  return form;
}

test("a hospital service's address is picked on the map by search and by click", async ({ page }) => {
  const place = unique("协和测试院区");
  const at = await anchor(page, place);

  // by search: keywords, Enter, a result chosen: the map pans, the marker shows, the form is filled
  const bySearch = unique("专家门诊");
  let form = await openNewService(page, bySearch);
  // the map draws the shipped city outlines too (a static file MapLibre fetches), no tile server needed
  const cities = page.waitForResponse((r) => r.url().endsWith("/maps/china-cities.json"));
  await form.getByTestId("form-address-pick").click();
  const outlines = await cities;
  expect(outlines.status()).toBe(200);
  expect(((await outlines.json()) as { features: unknown[] }).features).toHaveLength(367);
  const picker = page.getByTestId("map-picker-dialog");
  await expect(picker.getByRole("heading", { name: "服务地址搜索" })).toBeVisible();
  await expect(picker.getByTestId("map-picker-results")).toContainText("请选择搜索结果");
  await expect(picker.getByTestId("map-picker-map")).toHaveAttribute("data-state", "ready");
  await expect(picker.locator("canvas.maplibregl-canvas")).toBeVisible();
  await picker.getByTestId("map-picker-keywords").fill(place);
  await picker.getByTestId("map-picker-keywords").press("Enter");
  const results = picker.getByTestId("map-picker-results");
  await expect(results.locator("option", { hasText: new RegExp(`^${place}`) })).toHaveCount(1);
  await results.selectOption({ label: await results.locator("option", { hasText: new RegExp(`^${place}`) }).innerText() });
  await expect(picker.locator(".maplibregl-marker")).toBeVisible();
  expect((await picker.locator("canvas.maplibregl-canvas").boundingBox())!.height).toBeGreaterThan(200);
  await expect(picker.getByTestId("map-picker-value")).toContainText(`${at.longitude.toFixed(6)}, ${at.latitude.toFixed(6)}`);
  await picker.getByTestId("map-picker-confirm").click();
  await expect(picker).toBeHidden();
  await expect(form.getByTestId("form-address")).toHaveValue(`北京市东城区帅府园1号${place}`);
  await expect(form.getByTestId("form-longitude")).toHaveValue(at.longitude.toFixed(6));
  await expect(form.getByTestId("form-latitude")).toHaveValue(at.latitude.toFixed(6));
  await form.getByTestId("form-submit").click();
  await expect(form).toBeHidden();
  await expect(row(page.getByTestId("resource-screen-table"), bySearch)).toContainText(`北京市东城区帅府园1号${place}`);

  // by click: the point is reverse geocoded (the nearest place within 300 m names it)
  const byClick = unique("上门护理");
  form = await openNewService(page, byClick);
  await form.getByTestId("form-address-pick").click();
  await expect(picker.getByTestId("map-picker-map")).toHaveAttribute("data-state", "ready");
  await picker.getByTestId("map-picker-keywords").fill(place);
  await picker.getByTestId("map-picker-keywords").press("Enter");
  await results.selectOption({ label: await results.locator("option", { hasText: new RegExp(`^${place}`) }).innerText() });
  const map = picker.getByTestId("map-picker-map");
  const box = (await map.boundingBox())!;
  const regeo = page.waitForResponse((r) => r.url().includes("map_regeo"));
  await page.mouse.click(box.x + box.width / 2 + 60, box.y + box.height / 2 + 40);
  const answer = await (await regeo).json();
  expect(answer.code).toBe(200);
  await expect(picker.getByTestId("map-picker-value")).toContainText(`（${place}附近）`);
  await picker.screenshot({ path: test.info().outputPath("map-picker.png") });
  await picker.getByTestId("map-picker-confirm").click();
  await expect(form.getByTestId("form-address")).toHaveValue(`北京市东城区帅府园1号（${place}附近）`);
  const lng = Number(await form.getByTestId("form-longitude").inputValue());
  const lat = Number(await form.getByTestId("form-latitude").inputValue());
  expect(lng).toBeGreaterThan(at.longitude); // clicked right of and below the centre
  expect(lat).toBeLessThan(at.latitude);
  expect((await form.getByTestId("form-longitude").inputValue()).split(".")[1]).toHaveLength(6);
  await form.getByTestId("form-submit").click();
  await expect(form).toBeHidden();
  await expect(row(page.getByTestId("resource-screen-table"), byClick)).toContainText(`（${place}附近）`);
});

test("a picker without a value opens over the configured city, outlines drawn, and finds the demo's hospitals", async ({ page }) => {
  const form = await openNewService(page, unique("空白地图"));
  await form.getByTestId("form-address-pick").click();
  const picker = page.getByTestId("map-picker-dialog");
  await expect(picker.getByTestId("map-picker-map")).toHaveAttribute("data-state", "ready");
  // the seeded parameter biz.map.defaultCity names Beijing's city: the hint says where the search looks
  await expect(picker.getByTestId("map-picker-hint")).toContainText("北京市");
  // a city's view shows outlines (province fill, its borders, the districts' dashed lines), not one flat colour:
  // a flat canvas compresses to a few hundred bytes
  await page.waitForTimeout(500);
  const shot = await picker.locator("canvas.maplibregl-canvas").screenshot();
  expect(shot.length).toBeGreaterThan(8000);
  await picker.getByTestId("map-picker-keywords").fill("医院");
  await picker.getByTestId("map-picker-keywords").press("Enter");
  const results = picker.getByTestId("map-picker-results");
  await expect(results.locator("option").nth(1)).toContainText("医院");
  await expect(results.locator("option", { hasText: "北京协和医院" })).toHaveCount(1);
  await expect(results.locator("option", { hasText: "北京同仁医院" })).toHaveCount(1);
  await results.selectOption({ label: await results.locator("option", { hasText: "北京协和医院" }).innerText() });
  await expect(picker.getByTestId("map-picker-value")).toContainText("北京市东城区帅府园1号北京协和医院");
});
