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
