/** A node of POST /admin/CommonCategory/v2/list: a root, with its children when two levels were asked. */
export interface CategoryNode {
  id: number;
  parentId: number;
  level: number;
  kind: string;
  name: string;
  sort: number;
  status: string;
  children?: CategoryNode[];
}

export interface LevelRow {
  node: CategoryNode;
  depth: number;
  childCount: number;
}

/** The tree as table rows: each root, then (two levels) its children indented under it. */
export function levelRows(tree: readonly CategoryNode[], depth: 1 | 2): LevelRow[] {
  return tree.flatMap((root) => [
    { node: root, depth: 0, childCount: root.children?.length ?? 0 },
    ...(depth === 2 ? (root.children ?? []).map((child) => ({ node: child, depth: 1, childCount: 0 })) : []),
  ]);
}

/** The body of POST /admin/category/edit for a new frame (a root) or organisation (under a frame). */
export function newCategoryBody(kind: "frame" | "organisation", name: string, sort: number, frameId: number | null) {
  const body: Record<string, unknown> = { kind, name: name.trim(), sort };
  if (kind === "organisation") body.parentId = frameId;
  return body;
}
