import { describe, expect, it } from "vitest";
import { actionsFor, countdown, payCodeFen, secondsLeft } from "./finance-logic";

describe("finance amounts and states", () => {
  it("takes a pay code's amount in yuan with at most two decimals, as fen", () => {
    expect(payCodeFen(" 12.5 ")).toBe(1250);
    expect(payCodeFen("0.01")).toBe(1);
    expect(payCodeFen("0.29")).toBe(29);
    for (const bad of ["", "0", "0.00", "12.345", "-1", "1e3", "01", "abc"]) expect(payCodeFen(bad)).toBeNull();
  });
  it("counts down to the expiry", () => {
    const now = 1_700_000_000_000;
    expect(secondsLeft(now + 75_000, now)).toBe(75);
    expect(secondsLeft(now - 5_000, now)).toBe(0);
    expect(countdown(75)).toBe("01:15");
  });
  it("offers the actions a status allows", () => {
    expect(actionsFor("applied")).toEqual(["approve", "reject"]);
    expect(actionsFor("approved")).toEqual(["pay", "reject"]);
    expect(actionsFor("paying")).toEqual(["pay"]);
    expect(actionsFor("paid")).toEqual([]);
  });
});
