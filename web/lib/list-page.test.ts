import { describe, expect, it } from "vitest";
import type { Envelope } from "@/lib/request";
import { type GiftPage, type ListPage, listPage } from "./list-page";

type Goods = { id: number; name: string };

describe("listPage", () => {
  it("reads a list_data answer: the figures, the rows and the cursor", () => {
    const answer: Envelope<ListPage> = {
      code: 200,
      msg: "查询成功",
      data: { pages: 3, total: 5, pageNo: 1, pageSize: 2, data: [{ id: 7, name: "苹果" }, { id: 6, name: "香蕉" }], next: "c1" },
    };
    const page = listPage<Goods>(answer);
    expect(page).toEqual({ pages: 3, total: 5, pageNo: 1, pageSize: 2, rows: [{ id: 7, name: "苹果" }, { id: 6, name: "香蕉" }], next: "c1" });
    expect(page.rows.map((row) => row.name)).toEqual(["苹果", "香蕉"]);
  });

  it("reads the last page's absent cursor as null", () => {
    const page = listPage<Goods>({ code: 200, data: { pages: 1, total: 1, pageNo: 1, pageSize: 20, data: [{ id: 1, name: "大米" }] } });
    expect(page.next).toBeNull();
    expect(page.rows).toHaveLength(1);
  });

  it("keeps a list's own figures beside the rows", () => {
    const answer: Envelope<GiftPage> = {
      code: 200,
      data: { pages: 1, total: 1, pageNo: 1, pageSize: 100, data: [{ id: 1, turntableId: 7, name: "谢谢参与", image: "", kind: "none", value: 0, weight: 10000, stock: 0, dailyCap: 0, sort: 0 }], totalWeight: 10000, version: 3, shelf: "1" },
    };
    const page = listPage<Goods, GiftPage>(answer);
    expect([page.totalWeight, page.version, page.shelf, page.total]).toEqual([10000, 3, "1", 1]);
  });

  it("refuses an answer that is not a business page, such as a table's total and rows", () => {
    expect(() => listPage<Goods>({ code: 200, msg: "查询成功" })).toThrow(TypeError);
    const table = { code: 200, msg: "查询成功", total: 1, rows: [{ id: 1, name: "大米" }] };
    expect(() => listPage<Goods>(table)).toThrow("not a business list's answer");
  });
});
