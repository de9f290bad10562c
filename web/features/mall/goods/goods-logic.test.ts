import { describe, expect, it } from "vitest";
import { combinations, specKey, toggleValue } from "./goods-logic";

const attrs = [
  { id: 1, shopId: 0, name: "颜色", values: [{ id: 11, value: "红" }, { id: 12, value: "黑" }, { id: 13, value: "白" }] },
  { id: 2, shopId: 0, name: "尺码", values: [{ id: 3, value: "M" }, { id: 21, value: "L" }] },
];

describe("the SKU matrix", () => {
  it("keys a combination by its sorted value ids, as the server does", () => {
    expect(specKey([21, 3, 11])).toBe("3_11_21");
    expect(specKey([])).toBe("");
  });
  it("gives every combination of the chosen values: 3 × 2 = 6", () => {
    const rows = combinations([{ attrId: 1, valueIds: [11, 12, 13] }, { attrId: 2, valueIds: [3, 21] }], attrs);
    expect(rows).toHaveLength(6);
    expect(rows[0]).toEqual({ key: "3_11", valueIds: [11, 3], spec: "颜色:红;尺码:M" });
    expect(combinations([], attrs)).toEqual([{ key: "", valueIds: [], spec: "" }]);
  });
  it("toggles a value and drops an attribute left without values", () => {
    let specs = toggleValue([], 1, 11);
    specs = toggleValue(specs, 2, 3);
    expect(specs).toEqual([{ attrId: 1, valueIds: [11] }, { attrId: 2, valueIds: [3] }]);
    expect(toggleValue(specs, 1, 11)).toEqual([{ attrId: 2, valueIds: [3] }]);
  });
});
