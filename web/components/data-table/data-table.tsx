"use client";

import {
  type ColumnDef,
  type ExpandedState,
  type OnChangeFn,
  type Row,
  type RowData,
  type RowSelectionState,
  useTable,
} from "@tanstack/react-table";
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, ChevronRightIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { type ComponentProps, type ReactNode, type RefObject, useEffect, useMemo, useRef, useState } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Visibility } from "@/lib/columns";
import { type SortState, sortOf } from "@/lib/list-query";
import { cn } from "@/lib/utils";
import { type Features, features } from "./features";

export type ListColumn<T extends RowData> = ColumnDef<Features, T, unknown>;

interface DataTableProps<T extends object> {
  /** must be stable (module scope or memo) */
  columns: ListColumn<T>[];
  data: T[];
  empty?: string;
  testId?: string;
  getRowId?: (row: T) => string;
  /** row selection for batch actions: a checkbox column is added */
  rowSelection?: RowSelectionState;
  onRowSelectionChange?: OnChangeFn<RowSelectionState>;
  canSelect?: (row: T) => boolean;
  columnVisibility?: Visibility;
  /** server-side sorting of the columns whose meta has a sortKey */
  sort?: SortState;
  onSort?: (column: string) => void;
  /** a tree table: children rows and which are open (true: all) */
  getSubRows?: (row: T) => T[] | undefined;
  expanded?: ExpandedState;
  onExpandedChange?: OnChangeFn<ExpandedState>;
  pending?: boolean;
  /** a row's own attributes (its test id, its state) over the shared data-testid="table-row" */
  rowAttributes?: (row: T) => Record<`data-${string}`, string>;
}

/** Every list's table: selection, column visibility, server sorting and tree rows on the shared features. */
export function DataTable<T extends object>(props: DataTableProps<T>) {
  const t = useTranslations("list");
  const { columns, data, rowSelection, onRowSelectionChange, canSelect } = props;
  const selectable = rowSelection !== undefined;
  const allColumns = useMemo(
    () => (selectable ? [selectionColumn<T>(), ...columns] : columns),
    [selectable, columns],
  );
  const table = useTable({
    features,
    columns: allColumns,
    data,
    getRowId: props.getRowId ? (row) => props.getRowId!(row) : undefined,
    getSubRows: props.getSubRows ? (row) => props.getSubRows!(row) : undefined,
    enableRowSelection: canSelect ? (row) => canSelect(row.original) : true,
    enableSubRowSelection: false,
    state: {
      ...(rowSelection !== undefined && { rowSelection }),
      ...(props.columnVisibility && { columnVisibility: props.columnVisibility }),
      ...(props.expanded !== undefined && { expanded: props.expanded }),
    },
    onRowSelectionChange,
    onExpandedChange: props.onExpandedChange,
    // a refresh (new data) keeps the rows the operator opened instead of folding the tree
    autoResetExpanded: false,
  });
  const rows = table.getRowModel().rows;
  const box = useRef<HTMLDivElement>(null);
  const scrolled = useScrolled(box);
  const stuck = stickyColumns(table.getVisibleLeafColumns().map((column) => column.id));
  const stick = (id: string, head: boolean) => {
    const side = stuck.get(id);
    if (!side) return { className: undefined, style: undefined, data: {} };
    const shadow = side.side === "left" ? scrolled.left : scrolled.right;
    return {
      className: cn(
        "sticky z-10",
        head ? "bg-muted" : "bg-card",
        side.side === "right" ? "right-0 w-px" : undefined,
        shadow && (side.side === "left" ? "shadow-[6px_0_6px_-6px_rgb(0_0_0/0.25)]" : "shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.25)]"),
      ),
      style: side.side === "left" ? { left: side.offset } : undefined,
      data: { "data-sticky": side.side, "data-shadow": shadow ? "" : undefined },
    };
  };

  return (
    <div ref={box} className={cn("relative transition-opacity", props.pending && "pointer-events-none opacity-60")}>
      <Table data-testid={props.testId} aria-busy={props.pending || undefined}>
        <TableHeader>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id}>
              {group.headers.map((header) => {
                const meta = header.column.columnDef.meta;
                const sortKey = meta?.sortKey;
                const sticky = stick(header.column.id, true);
                return (
                  <TableHead key={header.id} className={cn(meta?.className, sticky.className)} style={sticky.style} {...sticky.data}>
                    {header.isPlaceholder ? null : sortKey && props.sort && props.onSort ? (
                      <SortButton order={sortOf(props.sort, sortKey)} onClick={() => props.onSort!(sortKey)}>
                        <table.FlexRender header={header} />
                      </SortButton>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </TableHead>
                );
              })}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={table.getVisibleLeafColumns().length} className="h-20 text-center text-muted-foreground">
                {props.empty ?? t("empty")}
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row) => (
              <TableRow key={row.id} data-testid="table-row" data-row-id={row.id} data-state={row.getIsSelected() ? "selected" : undefined} {...props.rowAttributes?.(row.original)}>
                {row.getVisibleCells().map((cell) => {
                  const sticky = stick(cell.column.id, false);
                  return (
                    <TableCell key={cell.id} className={cn(cell.column.columnDef.meta?.className, sticky.className)} style={sticky.style} {...sticky.data}>
                      <table.FlexRender cell={cell} />
                    </TableCell>
                  );
                })}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </div>
  );
}

/** The selection column's width (its class w-10): the first data column sticks right after it. */
const SELECT_WIDTH = "2.5rem";

/**
 * The columns that stay in view while the table scrolls sideways: the first one (after the selection
 * checkbox, which sticks too) on the left, the operations column on the right.
 */
export function stickyColumns(ids: readonly string[]): Map<string, { side: "left" | "right"; offset: string }> {
  const stuck = new Map<string, { side: "left" | "right"; offset: string }>();
  const data = ids.filter((id) => id !== "select" && id !== "operations");
  if (ids[0] === "select") stuck.set("select", { side: "left", offset: "0" });
  if (data.length > 1) stuck.set(data[0], { side: "left", offset: ids[0] === "select" ? SELECT_WIDTH : "0" });
  if (ids.includes("operations")) stuck.set("operations", { side: "right", offset: "0" });
  return stuck;
}

/** Whether the table's scroll box hides columns on its left (scrolled) or right (more to see). */
export function useScrolled(box: RefObject<HTMLDivElement | null>) {
  const [scrolled, setScrolled] = useState({ left: false, right: false });
  useEffect(() => {
    const scroller = box.current?.querySelector<HTMLElement>("[data-slot=table-container]");
    if (!scroller) return;
    const measure = () => {
      const left = scroller.scrollLeft > 0;
      const right = scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1;
      setScrolled((current) => (current.left === left && current.right === right ? current : { left, right }));
    };
    measure();
    scroller.addEventListener("scroll", measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    if (scroller.firstElementChild) observer.observe(scroller.firstElementChild);
    return () => {
      scroller.removeEventListener("scroll", measure);
      observer.disconnect();
    };
  }, [box]);
  return scrolled;
}

function SortButton({ order, onClick, children }: { order: string | null; onClick: () => void; children: ReactNode }) {
  const Icon = order === "ascending" ? ArrowUpIcon : order === "descending" ? ArrowDownIcon : ArrowUpDownIcon;
  return (
    <button
      type="button"
      data-testid="sort-header"
      data-order={order ?? "none"}
      onClick={onClick}
      className={cn("inline-flex items-center gap-1 hover:text-foreground", order && "text-primary")}
    >
      {children}
      <Icon className="size-3.5" />
    </button>
  );
}

/** The selection column's checkbox, named in the operator's language for screen readers. */
function SelectBox({ all, ...props }: ComponentProps<typeof Checkbox> & { all?: boolean }) {
  const t = useTranslations("list");
  return <Checkbox aria-label={all ? t("selectAll") : t("selectRow")} {...props} />;
}

function selectionColumn<T extends RowData>(): ListColumn<T> {
  return {
    id: "select",
    meta: { fixed: true, className: "w-10" },
    header: ({ table }) => (
      <SelectBox
        all
        data-testid="select-all"
        checked={table.getIsAllRowsSelected() ? true : table.getIsSomeRowsSelected() ? "indeterminate" : false}
        onCheckedChange={(value) => table.toggleAllRowsSelected(value === true)}
      />
    ),
    cell: ({ row }) => (
      <SelectBox
        data-testid="select-row"
        disabled={!row.getCanSelect()}
        checked={row.getIsSelected()}
        onCheckedChange={(value) => row.toggleSelected(value === true)}
      />
    ),
  };
}

/** The first cell of a tree table: indented by depth, with the row's expander. */
export function TreeCell<T extends RowData>({ row, children }: { row: Row<Features, T>; children: ReactNode }) {
  const t = useTranslations("list");
  return (
    <span className="inline-flex items-center gap-1" style={{ paddingLeft: `${row.depth * 1.25}rem` }}>
      {row.getCanExpand() ? (
        <button
          type="button"
          data-testid="row-expander"
          aria-expanded={row.getIsExpanded()}
          aria-label={t("expandToggle")}
          onClick={row.getToggleExpandedHandler()}
          className="rounded p-0.5 hover:bg-muted"
        >
          <ChevronRightIcon className={cn("size-3.5 transition-transform", row.getIsExpanded() && "rotate-90")} />
        </button>
      ) : (
        <span className="inline-block w-4.5" />
      )}
      {children}
    </span>
  );
}
