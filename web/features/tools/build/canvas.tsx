"use client";

import { useDraggable, useDroppable } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ArrowDownIcon, ArrowUpIcon, CopyIcon, GripVerticalIcon, Trash2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { type DesignField, type FieldType, PALETTE } from "./schema";
import { cn } from "@/lib/utils";

export const PALETTE_PREFIX = "palette:";

/** One palette entry: click to add at the end, or drag onto the canvas. */
function PaletteItem({ type, label, onAdd }: { type: FieldType; label: string; onAdd: (type: FieldType) => void }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: `${PALETTE_PREFIX}${type}` });
  return (
    <button
      type="button"
      ref={setNodeRef}
      data-testid={`palette-${type}`}
      className={cn("rounded border bg-background px-2 py-1.5 text-left text-xs hover:border-primary hover:text-primary", isDragging && "opacity-50")}
      onClick={() => onAdd(type)}
      {...attributes}
      {...listeners}
    >
      {label}
    </button>
  );
}

export function Palette({ onAdd }: { onAdd: (type: FieldType) => void }) {
  const t = useTranslations("tools.build");
  return (
    <div data-testid="build-palette" className="flex flex-col gap-2">
      <div className="text-sm font-medium">{t("palette")}</div>
      <div className="grid grid-cols-2 gap-1.5">
        {PALETTE.map((entry) => (
          <PaletteItem key={entry.type} type={entry.type} label={t(`type_${entry.type}`)} onAdd={onAdd} />
        ))}
      </div>
    </div>
  );
}

interface ItemActions {
  selected: string | null;
  onSelect: (id: string) => void;
  onRemove: (id: string) => void;
  onCopy: (id: string) => void;
  onShift: (id: string, step: -1 | 1) => void;
}

/** What the canvas shows of a control: its kind and placeholder, not a working control. */
function Sketch({ field }: { field: DesignField }) {
  const t = useTranslations("tools.build");
  const text = field.placeholder || t(`type_${field.type}`);
  if (field.type === "radio" || field.type === "checkbox") {
    return <div className="flex flex-wrap gap-3 text-xs text-muted-foreground">{field.options.map((o) => <span key={o.value}>{field.type === "radio" ? "◯" : "☐"} {o.label}</span>)}</div>;
  }
  return <div className={cn("rounded border border-dashed px-2 py-1 text-xs text-muted-foreground", (field.type === "textarea" || field.type === "editor") && "h-14")}>{text}</div>;
}

function FieldItem({ field, actions, children }: { field: DesignField; actions: ItemActions; children?: React.ReactNode }) {
  const t = useTranslations("tools.build");
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: field.id });
  const selected = actions.selected === field.id;
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition, width: field.type === "row" ? "100%" : `calc(${(field.span / 24) * 100}% - 0.5rem)` }}
      data-testid="canvas-field"
      data-name={field.name}
      data-type={field.type}
      data-selected={selected}
      className={cn("group relative rounded border bg-background p-2", selected ? "border-primary ring-1 ring-primary" : "border-border", isDragging && "z-10 opacity-60")}
      onClick={(event) => {
        event.stopPropagation();
        actions.onSelect(field.id);
      }}
    >
      <div className="mb-1 flex items-center gap-1">
        <button type="button" ref={setActivatorNodeRef} data-testid="drag-handle" aria-label={t("drag")} className="cursor-grab text-muted-foreground" {...attributes} {...listeners}>
          <GripVerticalIcon className="size-4" />
        </button>
        <span className="flex-1 truncate text-sm">
          {field.required && <span className="text-destructive">*</span>}
          {field.type === "row" ? t("type_row") : field.label || field.name}
          <span className="ml-2 font-mono text-xs text-muted-foreground">{field.name}</span>
        </span>
        <span className="hidden gap-0.5 group-hover:flex group-data-[selected=true]:flex">
          <Button type="button" size="icon" variant="ghost" className="size-6" aria-label={t("up")} data-testid="field-up" onClick={() => actions.onShift(field.id, -1)}><ArrowUpIcon /></Button>
          <Button type="button" size="icon" variant="ghost" className="size-6" aria-label={t("down")} data-testid="field-down" onClick={() => actions.onShift(field.id, 1)}><ArrowDownIcon /></Button>
          <Button type="button" size="icon" variant="ghost" className="size-6" aria-label={t("copy")} data-testid="field-copy" onClick={() => actions.onCopy(field.id)}><CopyIcon /></Button>
          <Button type="button" size="icon" variant="ghost" className="size-6 text-destructive" aria-label={t("remove")} data-testid="field-remove" onClick={() => actions.onRemove(field.id)}><Trash2Icon /></Button>
        </span>
      </div>
      {children ?? <Sketch field={field} />}
    </div>
  );
}

function RowItem({ field, actions }: { field: DesignField; actions: ItemActions }) {
  const t = useTranslations("tools.build");
  const { setNodeRef, isOver } = useDroppable({ id: `row:${field.id}` });
  return (
    <FieldItem field={field} actions={actions}>
      <SortableContext items={field.children.map((child) => child.id)} strategy={verticalListSortingStrategy}>
        <div ref={setNodeRef} data-testid="row-drop" className={cn("flex min-h-12 flex-wrap gap-2 rounded border border-dashed p-2", isOver && "border-primary bg-primary/5")}>
          {field.children.map((child) => (
            <FieldItem key={child.id} field={child} actions={actions} />
          ))}
          {field.children.length === 0 && <span className="m-auto text-xs text-muted-foreground">{t("dropIntoRow")}</span>}
        </div>
      </SortableContext>
    </FieldItem>
  );
}

/** The form being designed: sortable fields; a row is a drop zone of its own. */
export function Canvas({ fields, actions }: { fields: DesignField[]; actions: ItemActions }) {
  const t = useTranslations("tools.build");
  const { setNodeRef, isOver } = useDroppable({ id: "root" });
  return (
    <SortableContext items={fields.map((field) => field.id)} strategy={verticalListSortingStrategy}>
      <div
        ref={setNodeRef}
        data-testid="build-canvas"
        className={cn("flex min-h-[420px] flex-wrap content-start gap-2 rounded border border-dashed p-3", isOver && "border-primary")}
        onClick={() => actions.onSelect("")}
      >
        {fields.map((field) => (field.type === "row" ? <RowItem key={field.id} field={field} actions={actions} /> : <FieldItem key={field.id} field={field} actions={actions} />))}
        {fields.length === 0 && <div className="m-auto text-sm text-muted-foreground">{t("emptyCanvas")}</div>}
      </div>
    </SortableContext>
  );
}
