"use client";

import { ChevronDownIcon } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { Input } from "@/components/ui/input";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { filterTree, parentIds, type TreeNode, walk } from "@/lib/tree-check";
import { cn } from "@/lib/utils";
import { toggleIn, TreeView } from "./tree-view";

/** One node out of a tree (a parent department or menu): a popover with a filter and the tree. */
export function TreeSelect({
  nodes,
  value,
  onChange,
  placeholder,
  testId,
  invalid,
}: {
  nodes: readonly TreeNode[];
  value: number | null | undefined;
  onChange: (id: number) => void;
  placeholder: string;
  testId?: string;
  invalid?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const [text, setText] = useState("");
  const visible = useMemo(() => filterTree(nodes, text), [nodes, text]);
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const expanded = useMemo(() => {
    const all = new Set(parentIds(visible));
    for (const id of collapsed) all.delete(id);
    return all;
  }, [visible, collapsed]);
  let label = "";
  walk(nodes, (node) => {
    if (node.id === value) label = node.label;
  });

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <button
          type="button"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          // a combobox takes no name from its text: what it asks for, and what is chosen
          aria-label={label ? `${placeholder}：${label}` : placeholder}
          data-testid={testId}
          aria-invalid={invalid || undefined}
          className="flex h-9 w-full items-center justify-between rounded-md border border-input bg-background px-3 text-left text-sm aria-invalid:border-destructive"
        >
          <span className={cn("truncate", !label && "text-muted-foreground")}>{label || placeholder}</span>
          <ChevronDownIcon className="size-4 text-muted-foreground" />
        </button>
      </PopoverTrigger>
      <PopoverContent id={listId} className="w-[var(--radix-popover-trigger-width)] min-w-64 p-2" data-testid={testId && `${testId}-popover`}>
        <Input value={text} onChange={(e) => setText(e.target.value)} placeholder={placeholder} className="mb-2 h-8" />
        <div className="max-h-64 overflow-auto">
          <TreeView
            nodes={visible}
            expanded={expanded}
            onToggle={(id) => setCollapsed(toggleIn(collapsed, id))}
            isSelected={(id) => id === value}
            renderLabel={(node) => (
              <button
                type="button"
                data-testid="tree-option"
                data-label={node.label}
                disabled={!!node.disabled}
                onClick={() => {
                  onChange(node.id);
                  setOpen(false);
                }}
                className={cn(
                  "rounded px-1 text-left hover:bg-muted disabled:cursor-not-allowed disabled:opacity-50",
                  node.id === value && "font-medium text-primary",
                )}
              >
                {node.label}
              </button>
            )}
          />
        </div>
      </PopoverContent>
    </Popover>
  );
}
