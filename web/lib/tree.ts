type Node = Record<string, unknown>;

/** Builds a tree from a flat list by id / parentId; a node whose parent is not in the list is a root. */
export function handleTree<T extends object>(
  data: readonly T[],
  id = "id",
  parentId = "parentId",
  children = "children",
): T[] {
  const copies = data.map((item) => ({ ...item }) as Node);
  const byId = new Map<unknown, Node>();
  for (const node of copies) byId.set(node[id], node);

  const roots: Node[] = [];
  for (const node of copies) {
    const parent = byId.get(node[parentId]);
    if (parent && parent !== node) {
      const list = (parent[children] as Node[] | undefined) ?? [];
      list.push(node);
      parent[children] = list;
    } else {
      roots.push(node);
    }
  }
  return roots as T[];
}

export interface SelectNode {
  id: number;
  label: string;
  disabled?: boolean;
  children?: SelectNode[];
}

/** Flat rows as TreeSelect nodes (a parent picker), optionally under one root node (e.g. 主类目, id 0). */
export function toSelectTree<T extends object>(
  rows: readonly T[],
  keys: { id: keyof T; parentId: keyof T; label: keyof T; disabled?: (row: T) => boolean },
  root?: { id: number; label: string },
): SelectNode[] {
  const convert = (node: T & { children?: T[] }): SelectNode => ({
    id: Number(node[keys.id]),
    label: String(node[keys.label]),
    ...(keys.disabled?.(node) && { disabled: true }),
    ...(node.children?.length && { children: node.children.map(convert) }),
  });
  const nodes = handleTree(rows, String(keys.id), String(keys.parentId)).map((node) => convert(node as T & { children?: T[] }));
  return root ? [{ ...root, children: nodes }] : nodes;
}

/** The ids from the root down to `target` (itself included) in flat rows; [] when it is not there. */
export function pathTo<T extends object>(rows: readonly T[], target: unknown, id = "id", parentId = "parentId"): string[] {
  const byId = new Map<unknown, Node>((rows as readonly Node[]).map((row) => [row[id], row]));
  const path: string[] = [];
  for (let node = byId.get(target); node && !path.includes(String(node[id])); node = byId.get(node[parentId])) {
    path.unshift(String(node[id]));
  }
  return path;
}

/** A tree table's expansion (true: all open) with the given rows opened too. */
export function expandRows(expanded: true | Record<string, boolean>, ids: readonly string[]): true | Record<string, boolean> {
  if (expanded === true) return true;
  return { ...expanded, ...Object.fromEntries(ids.map((rowId) => [rowId, true])) };
}
