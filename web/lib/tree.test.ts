import { describe, expect, it } from "vitest";
import { expandRows, handleTree, pathTo, toSelectTree } from "./tree";

interface Dept {
  deptId: number;
  parentId: number;
  deptName: string;
  children?: Dept[];
}

describe("handleTree", () => {
  const depts: Dept[] = [
    { deptId: 100, parentId: 0, deptName: "总公司" },
    { deptId: 101, parentId: 100, deptName: "深圳" },
    { deptId: 103, parentId: 101, deptName: "研发部" },
    { deptId: 102, parentId: 100, deptName: "长沙" },
  ];

  it("nests children under their parent and keeps orphans as roots", () => {
    const tree = handleTree(depts, "deptId");
    expect(tree).toHaveLength(1);
    const [root] = tree;
    expect(root.deptName).toBe("总公司");
    expect(root.children?.map((c) => c.deptName)).toEqual(["深圳", "长沙"]);
    expect(root.children?.[0].children?.[0].deptName).toBe("研发部");
    expect(root.children?.[1].children).toBeUndefined();
  });

  it("uses id/parentId/children by default and leaves the input untouched", () => {
    const flat = [
      { id: 1, parentId: null },
      { id: 2, parentId: 1 },
      { id: 3, parentId: 9 },
    ];
    const tree = handleTree(flat);
    expect(tree.map((n) => n.id)).toEqual([1, 3]);
    expect("children" in flat[0]).toBe(false);
  });

  it("accepts a custom children key", () => {
    const tree = handleTree([{ id: "a" }, { id: "b", parentId: "a" }], "id", "parentId", "nodes");
    expect((tree[0] as { nodes?: unknown[] }).nodes).toHaveLength(1);
  });
});

describe("toSelectTree", () => {
  const rows = [
    { menuId: 1, parentId: 0, menuName: "系统管理", status: "0" },
    { menuId: 2, parentId: 1, menuName: "用户管理", status: "1" },
  ];

  it("turns flat rows into TreeSelect nodes under an optional root", () => {
    const tree = toSelectTree(rows, { id: "menuId", parentId: "parentId", label: "menuName", disabled: (r) => r.status === "1" }, { id: 0, label: "主类目" });
    expect(tree).toEqual([
      { id: 0, label: "主类目", children: [{ id: 1, label: "系统管理", children: [{ id: 2, label: "用户管理", disabled: true }] }] },
    ]);
  });
});

describe("revealing a row of a tree table", () => {
  const depts = [
    { deptId: 100, parentId: 0 },
    { deptId: 101, parentId: 100 },
    { deptId: 103, parentId: 101 },
    { deptId: 200, parentId: 100 },
  ];

  it("finds the path from the root to a row", () => {
    expect(pathTo(depts, 103, "deptId")).toEqual(["100", "101", "103"]);
    expect(pathTo(depts, 100, "deptId")).toEqual(["100"]);
    expect(pathTo(depts, 999, "deptId")).toEqual([]);
    // a cycle in bad data ends instead of looping
    expect(pathTo([{ id: 1, parentId: 2 }, { id: 2, parentId: 1 }], 1)).toEqual(["2", "1"]);
  });

  it("opens the path and keeps what was open", () => {
    expect(expandRows({ "200": true }, ["100", "101"])).toEqual({ "200": true, "100": true, "101": true });
    expect(expandRows(true, ["100"])).toBe(true);
  });
});
