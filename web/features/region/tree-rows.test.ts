import { describe, expect, it } from "vitest";
import type { RegionNode } from "@/lib/area";
import { visibleRows } from "./tree-rows";

const node = (code: string, name: string, level: number): RegionNode => ({ code, name, level, parentCode: null, path: name, leaf: level === 4, hasChildren: level < 4 });

describe("region tree rows", () => {
  it("shows the children of expanded regions only, indented", () => {
    const roots = [node("110000", "北京市", 1), node("120000", "天津市", 1)];
    const children = new Map([["110000", [node("110100", "北京市", 2)]], ["110100", [node("110105", "朝阳区", 3)]]]);
    expect(visibleRows(roots, children, new Set()).map((r) => r.node.code)).toEqual(["110000", "120000"]);
    const open = visibleRows(roots, children, new Set(["110000", "110100"]));
    expect(open.map((r) => [r.node.code, r.depth])).toEqual([["110000", 0], ["110100", 1], ["110105", 2], ["120000", 0]]);
    expect(visibleRows(roots, children, new Set(["110100"])).length).toBe(2); // a collapsed parent hides all below
  });
});
