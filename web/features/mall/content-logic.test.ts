import { describe, expect, it } from "vitest";
import { goodsIds } from "./content-logic";

describe("mall content logic", () => {
  it("reads typed goods ids", () => {
    expect(goodsIds("1, 2，3 3")).toBe("1,2,3");
    expect(goodsIds("1,a")).toBeNull();
    expect(goodsIds("  ")).toBeNull();
  });
});
