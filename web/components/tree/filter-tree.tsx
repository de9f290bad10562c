"use client";

import { SearchIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { Input } from "@/components/ui/input";
import { filterTree, parentIds, type TreeNode } from "@/lib/tree-check";
import { cn } from "@/lib/utils";
import { toggleIn, TreeView } from "./tree-view";

/** A clickable tree with a filter box (the users screen's departments); every branch starts open. */
export function FilterTree({
  nodes,
  selected,
  onSelect,
  placeholder,
  testId,
}: {
  nodes: readonly TreeNode[];
  selected: number | null;
  onSelect: (id: number | null) => void;
  placeholder: string;
  testId?: string;
}) {
  const [text, setText] = useState("");
  const visible = useMemo(() => filterTree(nodes, text), [nodes, text]);
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const expanded = useMemo(() => {
    const open = new Set(parentIds(visible));
    for (const id of collapsed) open.delete(id);
    return open;
  }, [visible, collapsed]);

  return (
    <div data-testid={testId} className="flex flex-col gap-2">
      <div className="relative">
        <SearchIcon className="absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          data-testid="tree-filter"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={placeholder}
          className="h-8 pl-8"
        />
      </div>
      <TreeView
        nodes={visible}
        expanded={expanded}
        onToggle={(id) => setCollapsed(toggleIn(collapsed, id))}
        isSelected={(id) => selected === id}
        renderLabel={(node) => (
          <button
            type="button"
            data-testid="tree-label"
            data-label={node.label}
            aria-current={selected === node.id || undefined}
            onClick={() => onSelect(selected === node.id ? null : node.id)}
            className={cn("rounded px-1 text-left hover:bg-muted", selected === node.id && "bg-primary/10 text-primary")}
          >
            {node.label}
          </button>
        )}
      />
    </div>
  );
}
