import type { RegionNode } from "@/lib/area";

export interface TreeRow {
  node: RegionNode;
  depth: number;
  expanded: boolean;
}

/** The visible rows of the lazily loaded tree: the provinces, and under each expanded region its loaded children. */
export function visibleRows(roots: readonly RegionNode[], children: ReadonlyMap<string, readonly RegionNode[]>, expanded: ReadonlySet<string>): TreeRow[] {
  const out: TreeRow[] = [];
  const walk = (nodes: readonly RegionNode[], depth: number) => {
    for (const node of nodes) {
      const open = expanded.has(node.code);
      out.push({ node, depth, expanded: open });
      const loaded = children.get(node.code);
      if (open && loaded) walk(loaded, depth + 1);
    }
  };
  walk(roots, 0);
  return out;
}
