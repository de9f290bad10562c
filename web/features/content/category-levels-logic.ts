import { parseAsNumberLiteral } from "nuqs/server";
import type { components } from "@/lib/api/bff-types";
import type { components as CoreComponents } from "@/lib/api/core-types";

/** What the levels table reads of a node of the tree (the BFF's CategoryNode). */
export type LevelNode = Pick<components["schemas"]["CategoryNode"], "id" | "name" | "kind" | "level" | "sort" | "status"> & {
  children?: LevelNode[] | null;
};

/** The levels page's URL state: one level or two. */
export const categoryLevelsParsers = { depth: parseAsNumberLiteral([1, 2] as const).withDefault(2) };

export interface LevelRow {
  node: LevelNode;
  depth: number;
  childCount: number;
}

/** The tree as table rows: each root, then (two levels) its children indented under it. */
export function levelRows(tree: readonly LevelNode[], depth: 1 | 2): LevelRow[] {
  return tree.flatMap((root) => [
    { node: root, depth: 0, childCount: root.children?.length ?? 0 },
    ...(depth === 2 ? (root.children ?? []).map((child) => ({ node: child, depth: 1, childCount: 0 })) : []),
  ]);
}

/** The body of POST /admin/category/edit for a new frame (a root) or organisation (under a frame). */
export function newCategoryBody(kind: "frame" | "organisation", name: string, sort: number, frameId: number | null) {
  const body: CoreComponents["schemas"]["CategoryEdit"] = { kind, name: name.trim(), sort };
  if (kind === "organisation") body.parentId = frameId;
  return body;
}
