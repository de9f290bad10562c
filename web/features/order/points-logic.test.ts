import { describe, expect, it } from "vitest";
import { actionBody, actionProblem, actionTextKey, detailActions, detailId, POINTS_STATUSES, showsLogistics, statusCount } from "./points-logic";

describe("points orders panel logic", () => {
  it("reads each status's count, to-ship first", () => {
    expect(POINTS_STATUSES[0]).toBe("to_ship");
    const counts = { toShip: 4, shipped: 3, completed: 2, cancelled: 1 };
    expect(POINTS_STATUSES.map((status) => statusCount(counts, status))).toEqual([4, 3, 2, 1]);
  });
});

describe("points order detail logic", () => {
  const ship = { key: "ship", method: "POST", perm: "order:integral:ship", when: { status: ["to_ship", "shipped"] } };
  const cancel = { key: "cancel", method: "POST", perm: "order:integral:cancel", when: { status: ["to_ship"] } };
  const detail = { key: "detail", method: "LINK", perm: "order:integral:query", when: null };
  const all = [detail, ship, cancel];
  const everything = () => true;

  it("reads only a positive id from the address", () => {
    expect(detailId("42")).toBe("42");
    expect(detailId(" 7 ")).toBe("7");
    for (const bad of [undefined, "", "0", "-1", "1.5", "abc", "1;drop", "1234567890123456789"]) expect(detailId(bad)).toBeNull();
  });

  it("offers what the status allows: ship and cancel while to ship, an edit once shipped, nothing after", () => {
    expect(detailActions(all, { status: "to_ship" }, everything).map((a) => a.key)).toEqual(["ship", "cancel"]);
    expect(detailActions(all, { status: "shipped" }, everything).map((a) => a.key)).toEqual(["ship"]);
    expect(detailActions(all, { status: "completed" }, everything)).toEqual([]);
    expect(detailActions(all, { status: "cancelled" }, everything)).toEqual([]);
    expect(actionTextKey("ship", "to_ship")).toBe("ship");
    expect(actionTextKey("ship", "shipped")).toBe("editLogistics");
    expect(actionTextKey("cancel", "to_ship")).toBe("cancel");
  });

  it("hides the actions the user lacks", () => {
    const held = new Set(["order:integral:query", "order:integral:cancel"]);
    expect(detailActions(all, { status: "to_ship" }, (p) => held.has(p)).map((a) => a.key)).toEqual(["cancel"]);
    expect(detailActions(all, { status: "to_ship" }, () => false)).toEqual([]);
  });

  it("shows the logistics only once shipped", () => {
    expect(showsLogistics({ status: "to_ship", trackingNo: "" })).toBe(false);
    expect(showsLogistics({ status: "shipped", trackingNo: "SF1234567" })).toBe(true);
    expect(showsLogistics({ status: "completed", trackingNo: "SF1234567" })).toBe(true);
    expect(showsLogistics({ status: "cancelled", trackingNo: "" })).toBe(false);
  });

  it("names what is wrong before sending, as the core would refuse it", () => {
    const carriers = ["SF", "ZTO"];
    expect(actionProblem("ship", { carrier: "", trackingNo: "SF1234567" }, carriers)).toBe("carrierRequired");
    expect(actionProblem("ship", { carrier: "XX", trackingNo: "SF1234567" }, carriers)).toBe("carrierUnknown");
    expect(actionProblem("ship", { carrier: "SF", trackingNo: "SF1" }, carriers)).toBe("trackingInvalid");
    expect(actionProblem("ship", { carrier: "SF", trackingNo: "有中文1234" }, carriers)).toBe("trackingInvalid");
    expect(actionProblem("ship", { carrier: "SF", trackingNo: "x".repeat(65) }, carriers)).toBe("trackingInvalid");
    expect(actionProblem("ship", { carrier: "SF", trackingNo: " SF-1234567 " }, carriers)).toBeNull();
    expect(actionProblem("ship", { carrier: "ANY", trackingNo: "SF1234567" }, [])).toBeNull();
    expect(actionProblem("cancel", { reason: "  " }, carriers)).toBe("reasonRequired");
    expect(actionProblem("cancel", { reason: "缺".repeat(201) }, carriers)).toBe("reasonTooLong");
    expect(actionProblem("cancel", { reason: "用户申请" }, carriers)).toBeNull();
  });

  it("sends the order's id with the trimmed values", () => {
    expect(actionBody(9, { carrier: "SF", trackingNo: " SF1234567 " })).toEqual({ id: 9, carrier: "SF", trackingNo: "SF1234567" });
    expect(actionBody(9, { reason: " 缺货 " })).toEqual({ id: 9, reason: "缺货" });
  });
});
