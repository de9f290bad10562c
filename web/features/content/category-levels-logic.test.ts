import { describe, expect, it } from "vitest";
import { type LevelNode, levelRows, newCategoryBody } from "./category-levels-logic";

const node = (id: number, name: string, children?: LevelNode[]): LevelNode => ({
  id, level: 1, kind: "frame", name, sort: 0, status: "0", children,
});

describe("category levels", () => {
  const tree = [node(1, "总部", [node(2, "华东"), node(3, "华南")]), node(4, "新闻", [])];

  it("lists one level, or each root followed by its children", () => {
    expect(levelRows(tree, 1).map((r) => [r.node.name, r.depth, r.childCount])).toEqual([["总部", 0, 2], ["新闻", 0, 0]]);
    expect(levelRows(tree, 2).map((r) => [r.node.name, r.depth])).toEqual([["总部", 0], ["华东", 1], ["华南", 1], ["新闻", 0]]);
  });

  it("builds a frame at the root and an organisation under its frame", () => {
    expect(newCategoryBody("frame", " 集团 ", 2, 9)).toEqual({ kind: "frame", name: "集团", sort: 2 });
    expect(newCategoryBody("organisation", "研发", 0, 9)).toEqual({ kind: "organisation", name: "研发", sort: 0, parentId: 9 });
  });
});
