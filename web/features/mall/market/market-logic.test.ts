import { describe, expect, it } from "vitest";
import { groupPriceProblem, oddsReady, oddsTotal, percent } from "./market-logic";

describe("group prices", () => {
  it("says why a group price cannot be sent", () => {
    expect(groupPriceProblem("", 1000)).toBe("missing");
    expect(groupPriceProblem("  ", 1000)).toBe("missing");
    expect(groupPriceProblem("x", 1000)).toBe("bad");
    expect(groupPriceProblem("0", 1000)).toBe("bad");
    expect(groupPriceProblem("0.00", 1000)).toBe("bad");
    expect(groupPriceProblem("-1", 1000)).toBe("bad");
    expect(groupPriceProblem("1.234", 1000)).toBe("bad");
    expect(groupPriceProblem("0.01", 1000)).toBeNull();
    expect(groupPriceProblem("10", 1000)).toBe("notBelow");
    expect(groupPriceProblem("10.01", 1000)).toBe("notBelow");
    expect(groupPriceProblem("9.99", 1000)).toBeNull();
  });
});

describe("odds", () => {
  const gifts = [
    { id: 1, kind: "none", weight: 6000 },
    { id: 2, kind: "points", weight: 3000 },
  ];
  it("totals the weights as they would be after a save", () => {
    expect(oddsTotal(gifts)).toBe(9000);
    expect(oddsTotal(gifts, { kind: "points", weight: 1000 })).toBe(10_000);
    expect(oddsTotal(gifts, { id: 2, kind: "points", weight: 4000 })).toBe(10_000);
  });
  it("is ready for the shelf only at 10 000 with a no-prize slot", () => {
    expect(oddsReady(gifts)).toBe(false);
    expect(oddsReady([...gifts, { id: 3, kind: "coupon", weight: 1000 }])).toBe(true);
    expect(oddsReady([{ id: 1, kind: "points", weight: 10_000 }])).toBe(false);
    expect(percent(1250)).toBe("12.50%");
    expect(percent(1)).toBe("0.01%");
  });
});
