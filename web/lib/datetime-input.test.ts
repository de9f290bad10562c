import { describe, expect, it } from "vitest";
import { fromDateInput, joinValues, splitValues, toDateInput } from "./datetime-input";

describe("date inputs and the wire", () => {
  it("turns the contract's times into input values and back", () => {
    expect(toDateInput("2026-01-02 03:04:05", "datetime")).toBe("2026-01-02T03:04");
    expect(fromDateInput("2026-01-02T03:04", "datetime")).toBe("2026-01-02 03:04:00");
    expect(toDateInput("2026-01-02", "datetime")).toBe("2026-01-02T00:00");
    expect(toDateInput("2026-01-02 03:04:05", "date")).toBe("2026-01-02");
    expect(fromDateInput("2026-01-02", "date")).toBe("2026-01-02");
  });

  it("leaves empty or unreadable values empty", () => {
    expect(toDateInput(null, "datetime")).toBe("");
    expect(toDateInput("yesterday", "date")).toBe("");
    expect(fromDateInput("", "datetime")).toBe("");
  });

  it("splits and joins multi-choice values", () => {
    expect(splitValues("1, 2,,3")).toEqual(["1", "2", "3"]);
    expect(splitValues(null)).toEqual([]);
    expect(joinValues(["1", "", "3"])).toBe("1,3");
  });
});
