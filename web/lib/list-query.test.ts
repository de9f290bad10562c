import { describe, expect, it } from "vitest";
import { collapsedPanelHeight, dateRangeParams, nextSort, screenQuery, sortOf } from "./list-query";

describe("date ranges", () => {
  it("are sent as params[beginTime] and params[endTime]", () => {
    expect(dateRangeParams(["2026-01-01", "2026-01-31"])).toEqual({
      "params[beginTime]": "2026-01-01",
      "params[endTime]": "2026-01-31",
    });
  });

  it("name a field as params[begin{Field}] and params[end{Field}]", () => {
    expect(dateRangeParams(["2026-01-01", "2026-02-01"], "loginDate")).toEqual({
      "params[beginLoginDate]": "2026-01-01",
      "params[endLoginDate]": "2026-02-01",
    });
  });

  it("leave empty ends and empty ranges out", () => {
    expect(dateRangeParams(["", "2026-01-31"])).toEqual({ "params[endTime]": "2026-01-31" });
    expect(dateRangeParams(null)).toEqual({});
  });
});

describe("screenQuery", () => {
  it("drops empty filters and moves range ends into params[...]", () => {
    const query = screenQuery({ pageNum: 2, pageSize: 20, userName: "", status: "0", beginTime: "2026-01-01", endTime: null });
    expect(new URLSearchParams(query).get("params[beginTime]")).toBe("2026-01-01");
    expect(query).toBe("pageNum=2&pageSize=20&status=0&params%5BbeginTime%5D=2026-01-01");
  });

  it("treats begin{Field} keys as ranges but leaves other keys alone", () => {
    const query = new URLSearchParams(screenQuery({ beginLoginDate: "2026-01-01", beginner: "x" }));
    expect(query.get("params[beginLoginDate]")).toBe("2026-01-01");
    expect(query.get("beginner")).toBe("x");
  });

  it("adds extra values such as the id of a hidden page", () => {
    expect(screenQuery({ pageNum: 1 }, { roleId: "2" })).toBe("pageNum=1&roleId=2");
  });
});

describe("sorting", () => {
  it("cycles ascending, descending, none", () => {
    const none = { orderByColumn: "", isAsc: "" } as const;
    const asc = nextSort(none, "createTime");
    expect(asc).toEqual({ orderByColumn: "createTime", isAsc: "ascending" });
    const desc = nextSort(asc, "createTime");
    expect(desc).toEqual({ orderByColumn: "createTime", isAsc: "descending" });
    expect(nextSort(desc, "createTime")).toEqual(none);
    expect(nextSort(desc, "userName")).toEqual({ orderByColumn: "userName", isAsc: "ascending" });
    expect(sortOf(desc, "createTime")).toBe("descending");
    expect(sortOf(desc, "userName")).toBeNull();
  });
});

describe("query panel collapsed height", () => {
  it("is the bottom of the first row of fields, so that no second row peeks through", () => {
    // three fields of 32 px in a row, the fourth wrapped 28 px below (the default size)
    const row = [0, 0, 0].map((top) => ({ top, height: 32 }));
    expect(collapsedPanelHeight([...row, { top: 60, height: 32 }])).toBe(32);
    // the smallest size: 26 px fields and a 23 px gap; a select 2 px taller than the inputs
    expect(collapsedPanelHeight([{ top: 0, height: 26 }, { top: 0, height: 28 }, { top: 51, height: 26 }])).toBe(28);
  });

  it("is null (no 展开 toggle) when every field fits in the first row", () => {
    expect(collapsedPanelHeight([{ top: 0, height: 32 }, { top: 0, height: 32 }])).toBeNull();
    expect(collapsedPanelHeight([])).toBeNull();
  });
});
