"use client";

import { ChevronRightIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { TreeNode } from "@/lib/tree-check";
import { cn } from "@/lib/utils";

/** A tree drawn from TreeSelect nodes; each row's content comes from `renderLabel`. */
export function TreeView({
  nodes,
  expanded,
  onToggle,
  renderLabel,
  isSelected = () => false,
  testId,
}: {
  nodes: readonly TreeNode[];
  expanded: ReadonlySet<number>;
  onToggle: (id: number) => void;
  renderLabel: (node: TreeNode) => ReactNode;
  /** whether a node is the chosen one (or checked): its treeitem's aria-selected */
  isSelected?: (id: number) => boolean;
  testId?: string;
}) {
  const t = useTranslations("tree");
  const branch = (list: readonly TreeNode[], depth: number): ReactNode => (
    <ul role={depth === 0 ? "tree" : "group"}>
      {list.map((node) => {
        const open = expanded.has(node.id);
        const parent = !!node.children?.length;
        return (
          <li key={node.id} role="treeitem" aria-selected={isSelected(node.id)} aria-expanded={parent ? open : undefined} data-testid="tree-node" data-id={node.id}>
            <div className="flex items-center gap-1 py-0.5" style={{ paddingLeft: depth * 16 }}>
              {parent ? (
                <button type="button" aria-label={t("toggleNode")} onClick={() => onToggle(node.id)} className="rounded p-0.5 hover:bg-muted">
                  <ChevronRightIcon className={cn("size-3.5 transition-transform", open && "rotate-90")} />
                </button>
              ) : (
                <span className="inline-block w-4.5" />
              )}
              {renderLabel(node)}
            </div>
            {parent && open && branch(node.children!, depth + 1)}
          </li>
        );
      })}
    </ul>
  );
  return (
    <div data-testid={testId} className="text-sm">
      {branch(nodes, 0)}
    </div>
  );
}

export function toggleIn(set: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
