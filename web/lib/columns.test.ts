import { describe, expect, it } from "vitest";
import { initialVisibility, moveColumns, splitColumns } from "./columns";

const columns = [
  { id: "userId", label: "用户编号" },
  { id: "userName", label: "用户名称" },
  { id: "phonenumber", label: "手机号码" },
];

describe("column visibility", () => {
  it("starts with every column shown but those hidden by default", () => {
    expect(initialVisibility(columns, ["phonenumber"])).toEqual({ userId: true, userName: true, phonenumber: false });
  });

  it("splits the columns into the shown and hidden lists in table order", () => {
    const { shown, hidden } = splitColumns(columns, { userId: false, userName: true, phonenumber: false });
    expect(shown.map((c) => c.id)).toEqual(["userName"]);
    expect(hidden.map((c) => c.id)).toEqual(["userId", "phonenumber"]);
  });

  it("moves chosen columns between the lists and ignores unknown ids", () => {
    const start = initialVisibility(columns);
    const moved = moveColumns(start, ["userId", "nope"], false);
    expect(moved).toEqual({ userId: false, userName: true, phonenumber: true });
    expect(moveColumns(moved, ["userId"], true)).toEqual(start);
    expect(start.userId).toBe(true);
  });
});
