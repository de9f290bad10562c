"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { allIds, checkAll, halfChecked, parentIds, toggleNode, type TreeNode } from "@/lib/tree-check";
import { toggleIn, TreeView } from "./tree-view";

/**
 * The role dialogs' checkable tree with RuoYi's three switches: 展开/折叠, 全选/全不选 and 父子联动
 * (linked: checking a node checks its subtree; the saved keys then include the half-checked parents).
 */
export function CheckTree({
  nodes,
  checked,
  onCheckedChange,
  linked,
  onLinkedChange,
  testId,
}: {
  nodes: readonly TreeNode[];
  checked: ReadonlySet<number>;
  onCheckedChange: (next: Set<number>) => void;
  linked: boolean;
  onLinkedChange: (linked: boolean) => void;
  testId?: string;
}) {
  const t = useTranslations("tree");
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const half = linked ? halfChecked(nodes, checked) : new Set<number>();
  const total = allIds(nodes).length;
  const allExpanded = expanded.size > 0 && expanded.size >= parentIds(nodes).length;

  return (
    <div data-testid={testId} className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-4 text-sm">
        <label className="flex items-center gap-1.5">
          <Checkbox
            data-testid="tree-expand-all"
            checked={allExpanded}
            onCheckedChange={(value) => setExpanded(value === true ? new Set(parentIds(nodes)) : new Set())}
          />
          {t("expandAll")}
        </label>
        <label className="flex items-center gap-1.5">
          <Checkbox
            data-testid="tree-check-all"
            checked={checked.size > 0 && checked.size >= total}
            onCheckedChange={(value) => onCheckedChange(checkAll(nodes, value === true))}
          />
          {t("checkAll")}
        </label>
        <label className="flex items-center gap-1.5">
          <Checkbox data-testid="tree-linked" checked={linked} onCheckedChange={(value) => onLinkedChange(value === true)} />
          {t("linked")}
        </label>
      </div>
      <div className="max-h-72 overflow-auto rounded-md border p-2">
        <TreeView
          nodes={nodes}
          expanded={expanded}
          onToggle={(id) => setExpanded(toggleIn(expanded, id))}
          isSelected={(id) => checked.has(id)}
          renderLabel={(node) => (
            <label className="flex items-center gap-1.5">
              <Checkbox
                data-testid="tree-check"
                data-label={node.label}
                checked={checked.has(node.id) ? true : half.has(node.id) ? "indeterminate" : false}
                onCheckedChange={(value) => onCheckedChange(toggleNode(nodes, checked, node.id, value === true, linked))}
              />
              {node.label}
            </label>
          )}
        />
      </div>
    </div>
  );
}
