import {
  columnVisibilityFeature,
  createExpandedRowModel,
  rowExpandingFeature,
  rowSelectionFeature,
  tableFeatures,
} from "@tanstack/react-table";

/** What a column may declare beside its header and cell. */
export interface ListColumnMeta {
  /** the list's orderByColumn for a sortable column (the server sorts) */
  sortKey?: string;
  /** the column's name in the show/hide dialog when its header is not plain text */
  label?: string;
  /** fixed columns (selection, operations) are never hidden */
  fixed?: boolean;
  className?: string;
}

/** The one TanStack Table v9 feature set every list shares. */
export const features = tableFeatures({
  rowSelectionFeature,
  columnVisibilityFeature,
  rowExpandingFeature,
  expandedRowModel: createExpandedRowModel(),
  columnMeta: {} as ListColumnMeta,
});

export type Features = typeof features;
