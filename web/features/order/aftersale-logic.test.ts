import { describe, expect, it } from "vitest";
import { decisionBody, decisionsFor, executable } from "./aftersale-logic";

describe("after-sale decisions", () => {
  it("offers only the legal decisions", () => {
    expect(decisionsFor("applied")).toEqual(["approve", "reject"]);
    expect(decisionsFor("return_shipped")).toEqual(["receive", "reject"]);
    for (const s of ["awaiting_return", "awaiting_refund", "refunding", "refunded", "cancelled", "rejected"] as const) {
      expect(decisionsFor(s)).toEqual([]);
    }
  });
  it("lets finance execute awaiting and failed refunds only", () => {
    expect(executable("awaiting_refund")).toBe(true);
    expect(executable("refund_failed")).toBe(true);
    expect(executable("refunding")).toBe(false);
    expect(executable("refunded")).toBe(false);
    expect(executable("applied")).toBe(false);
  });
  it("builds the decision body", () => {
    expect(decisionBody(3, "reject", "  ", false)).toBeNull();
    expect(decisionBody(3, "reject", " 破损 ", false)).toEqual({ id: 3, action: "reject", reason: "破损" });
    expect(decisionBody(3, "receive", "", true)).toEqual({ id: 3, action: "receive", sellable: true });
    expect(decisionBody(3, "approve", "x", true)).toEqual({ id: 3, action: "approve" });
  });
});
