"use client";

import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { type ColumnChoice, moveColumns, splitColumns, type Visibility } from "@/lib/columns";

/** The column show/hide dialog: title 显示/隐藏, a 显示 and a 隐藏 list, moved across with the arrows. */
export function ColumnDialog({
  open,
  onOpenChange,
  columns,
  visibility,
  onChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  columns: ColumnChoice[];
  visibility: Visibility;
  onChange: (next: Visibility) => void;
}) {
  const t = useTranslations("list");
  const [picked, setPicked] = useState<string[]>([]);
  const { shown, hidden } = splitColumns(columns, visibility);
  const move = (ids: string[], visible: boolean) => {
    onChange(moveColumns(visibility, ids, visible));
    setPicked([]);
  };
  const toggle = (id: string, on: boolean) => setPicked((list) => (on ? [...list, id] : list.filter((x) => x !== id)));
  const list = (title: string, items: ColumnChoice[], testId: string) => (
    <div data-testid={testId} className="flex h-64 w-44 flex-col rounded-md border">
      <div className="border-b bg-muted/60 px-3 py-2 text-sm font-medium">{title}</div>
      <ul className="flex-1 overflow-auto p-2 text-sm">
        {items.map((column) => (
          <li key={column.id}>
            <label className="flex items-center gap-2 rounded px-1 py-1 hover:bg-muted">
              <Checkbox
                data-testid={`column-${column.id}`}
                checked={picked.includes(column.id)}
                onCheckedChange={(value) => toggle(column.id, value === true)}
              />
              {column.label}
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
  const pickedShown = picked.filter((id) => shown.some((c) => c.id === id));
  const pickedHidden = picked.filter((id) => hidden.some((c) => c.id === id));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="column-dialog" className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t("columnsTitle")}</DialogTitle>
        </DialogHeader>
        <div className="flex items-center justify-center gap-3">
          {list(t("shown"), shown, "columns-shown")}
          <div className="flex flex-col gap-2">
            <Button size="icon" variant="outline" data-testid="columns-to-hidden" disabled={!pickedShown.length} onClick={() => move(pickedShown, false)}>
              <ChevronRightIcon />
            </Button>
            <Button size="icon" variant="outline" data-testid="columns-to-shown" disabled={!pickedHidden.length} onClick={() => move(pickedHidden, true)}>
              <ChevronLeftIcon />
            </Button>
          </div>
          {list(t("hidden"), hidden, "columns-hidden")}
        </div>
      </DialogContent>
    </Dialog>
  );
}
