import { describe, expect, it } from "vitest";
import { actionsFor, countdown, fenToYuan, secondsLeft, yuanInput } from "./finance-logic";

describe("finance money and states", () => {
  it("shows fen as yuan exactly", () => {
    expect(fenToYuan(12345)).toBe("123.45");
    expect(fenToYuan(5)).toBe("0.05");
    expect(fenToYuan(-1250)).toBe("-12.50");
    expect(fenToYuan(0)).toBe("0.00");
  });
  it("accepts yuan with at most two decimals", () => {
    expect(yuanInput(" 12.5 ")).toBe("12.5");
    expect(yuanInput("0.01")).toBe("0.01");
    for (const bad of ["", "0", "0.00", "12.345", "-1", "1e3", "01", "abc"]) expect(yuanInput(bad)).toBeNull();
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
