/** Which columns a list shows (the toolbar's 显示/隐藏 dialog): a map from column id to visible. */

export interface ColumnChoice {
  id: string;
  label: string;
}

export type Visibility = Record<string, boolean>;

export function initialVisibility(columns: readonly ColumnChoice[], hidden: readonly string[] = []): Visibility {
  return Object.fromEntries(columns.map((column) => [column.id, !hidden.includes(column.id)]));
}

/** The dialog's two lists, in the table's order. */
export function splitColumns(columns: readonly ColumnChoice[], visibility: Visibility) {
  return {
    shown: columns.filter((column) => visibility[column.id] !== false),
    hidden: columns.filter((column) => visibility[column.id] === false),
  };
}

/** Moves the chosen columns to the shown (true) or hidden (false) list. */
export function moveColumns(visibility: Visibility, ids: readonly string[], visible: boolean): Visibility {
  const next = { ...visibility };
  for (const id of ids) if (id in next) next[id] = visible;
  return next;
}
