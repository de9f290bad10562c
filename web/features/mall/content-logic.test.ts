import { describe, expect, it } from "vitest";
import { fenToYuan, goodsIds } from "./content-logic";

describe("mall content logic", () => {
  it("shows fen as yuan", () => {
    expect(fenToYuan(4800)).toBe("48.00");
    expect(fenToYuan(5)).toBe("0.05");
    expect(fenToYuan(null)).toBe("");
  });
  it("reads typed goods ids", () => {
    expect(goodsIds("1, 2，3 3")).toBe("1,2,3");
    expect(goodsIds("1,a")).toBeNull();
    expect(goodsIds("  ")).toBeNull();
  });
});
