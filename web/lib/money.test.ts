import { describe, expect, it } from "vitest";
import { fenToYuan, yuanToFen } from "./money";

describe("fenToYuan", () => {
  it("shows integer fen as yuan with two decimals", () => {
    expect(fenToYuan(12345)).toBe("123.45");
    expect(fenToYuan(4800)).toBe("48.00");
    expect(fenToYuan(5)).toBe("0.05");
    expect(fenToYuan(29)).toBe("0.29");
    expect(fenToYuan(0)).toBe("0.00");
  });

  it("shows a refund or a ledger debit with its minus sign", () => {
    expect(fenToYuan(-1230)).toBe("-12.30");
    expect(fenToYuan(-5)).toBe("-0.05");
    expect(fenToYuan(-100)).toBe("-1.00");
    expect(fenToYuan(-0)).toBe("0.00");
  });

  it("keeps every fen of amounts beyond 2^31 and up to 2^53", () => {
    expect(fenToYuan(2 ** 31 + 1)).toBe("21474836.49");
    expect(fenToYuan(-(2 ** 31) - 1)).toBe("-21474836.49");
    expect(fenToYuan(Number.MAX_SAFE_INTEGER)).toBe("90071992547409.91");
    expect(fenToYuan(-Number.MAX_SAFE_INTEGER)).toBe("-90071992547409.91");
  });

  it("groups thousands only when asked (the business report's totals)", () => {
    expect(fenToYuan(123456)).toBe("1234.56");
    expect(fenToYuan(123456, { grouped: true })).toBe("1,234.56");
    expect(fenToYuan(99999, { grouped: true })).toBe("999.99");
    expect(fenToYuan(100000, { grouped: true })).toBe("1,000.00");
    expect(fenToYuan(-2550, { grouped: true })).toBe("-25.50");
    expect(fenToYuan(-123456789, { grouped: true })).toBe("-1,234,567.89");
    expect(fenToYuan(900719925474099, { grouped: true })).toBe("9,007,199,254,740.99");
  });

  it("rounds a fraction of a fen to the nearest fen, half away from zero, and never shows -0.00", () => {
    expect(fenToYuan(1234.4)).toBe("12.34");
    expect(fenToYuan(1234.5)).toBe("12.35");
    expect(fenToYuan(-1234.5)).toBe("-12.35");
    expect(fenToYuan(-0.4)).toBe("0.00");
    expect(fenToYuan(0.1 * 3 * 100)).toBe("0.30"); // 30.000000000000004
  });

  it("shows nothing for no amount", () => {
    expect(fenToYuan(null)).toBe("");
    expect(fenToYuan(undefined)).toBe("");
    expect(fenToYuan(Number.NaN)).toBe("");
    expect(fenToYuan(Number.POSITIVE_INFINITY)).toBe("");
  });
});

describe("yuanToFen", () => {
  it("reads yuan by its digits, never through a float product", () => {
    expect(yuanToFen("12.3")).toBe(1230);
    expect(yuanToFen("12.30")).toBe(1230);
    expect(yuanToFen("12")).toBe(1200);
    expect(yuanToFen("0.1")).toBe(10);
    expect(yuanToFen("0.29")).toBe(29); // 0.29 * 100 is 28.999999999999996
    expect(yuanToFen("1.1")).toBe(110); // 1.1 * 100 is 110.00000000000001
    expect(yuanToFen("19.99")).toBe(1999);
    expect(yuanToFen(" 0.07 ")).toBe(7);
    expect(yuanToFen("0")).toBe(0);
  });

  it("reads a negative amount and zero without a sign", () => {
    expect(yuanToFen("-12.3")).toBe(-1230);
    expect(yuanToFen("-0.5")).toBe(-50);
    expect(Object.is(yuanToFen("-0"), 0)).toBe(true);
    expect(Object.is(yuanToFen("-0.00"), 0)).toBe(true);
  });

  it("reads amounts beyond 2^31 fen exactly, up to 13 whole digits", () => {
    expect(yuanToFen("21474836.49")).toBe(2 ** 31 + 1);
    expect(yuanToFen("9999999999999.99")).toBe(999_999_999_999_999);
    expect(yuanToFen("10000000000000")).toBeUndefined();
  });

  it("refuses more than two decimals rather than rounding them", () => {
    expect(yuanToFen("1.234")).toBeUndefined();
    expect(yuanToFen("1.235")).toBeUndefined();
    expect(yuanToFen("0.001")).toBeUndefined();
    expect(yuanToFen("1.230")).toBeUndefined();
  });

  it("refuses what is not an amount in yuan, and tells empty apart", () => {
    expect(yuanToFen("")).toBeNull();
    expect(yuanToFen("   ")).toBeNull();
    for (const bad of ["abc", "1,234.50", "01", "1.", ".5", "+1", "--1", "1e3", "0x10", "1 2", "¥12", "Infinity", "NaN"]) {
      expect(yuanToFen(bad), bad).toBeUndefined();
    }
  });

  it("reads back every amount it shows", () => {
    for (const fen of [0, 1, 29, 99, 100, 110, 123456789, 2 ** 31 + 1, -1230, -5, 999_999_999_999_999]) {
      expect(yuanToFen(fenToYuan(fen))).toBe(fen);
    }
  });
});
