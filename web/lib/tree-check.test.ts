import { describe, expect, it } from "vitest";
import {
  checkAll,
  filterTree,
  halfChecked,
  initialChecked,
  keysToSave,
  parentIds,
  toggleNode,
  type TreeNode,
} from "./tree-check";

const tree: TreeNode[] = [
  {
    id: 1,
    label: "系统管理",
    children: [
      { id: 2, label: "用户管理", children: [{ id: 3, label: "用户查询" }, { id: 4, label: "用户新增" }] },
      { id: 5, label: "角色管理" },
    ],
  },
  { id: 6, label: "系统监控" },
];
const sorted = (set: Set<number>) => [...set].sort((a, b) => a - b);

describe("linked checking", () => {
  it("checks a subtree and settles the parents", () => {
    const checked = toggleNode(tree, new Set(), 2, true, true);
    expect(sorted(checked)).toEqual([2, 3, 4]);
    expect(sorted(halfChecked(tree, checked))).toEqual([1]);
    const all = toggleNode(tree, checked, 5, true, true);
    expect(sorted(all)).toEqual([1, 2, 3, 4, 5]);
  });

  it("unchecks a leaf and its ancestors", () => {
    const all = checkAll(tree, true);
    expect(sorted(toggleNode(tree, all, 3, false, true))).toEqual([4, 5, 6]);
  });

  it("starts from the leaves the server reports", () => {
    const checked = initialChecked(tree, [3, 4], true);
    expect(sorted(checked)).toEqual([2, 3, 4]);
    expect(keysToSave(tree, checked, true)).toEqual([1, 2, 3, 4]);
  });
});

describe("independent checking", () => {
  it("checks only the node itself and saves only checked ones", () => {
    const checked = toggleNode(tree, initialChecked(tree, [1], false), 3, true, false);
    expect(sorted(checked)).toEqual([1, 3]);
    expect(keysToSave(tree, checked, false)).toEqual([1, 3]);
  });
});

describe("tree helpers", () => {
  it("lists the parents for expand all", () => {
    expect(parentIds(tree)).toEqual([1, 2]);
  });

  it("filters by label keeping ancestors", () => {
    const found = filterTree(tree, "新增");
    expect(found).toEqual([{ ...tree[0], children: [{ ...tree[0].children![0], children: [{ id: 4, label: "用户新增" }] }] }]);
    expect(filterTree(tree, " ")).toHaveLength(2);
  });
});
