/** List state (page, size, filters, sort) as the URL holds it and as the BFF screens read it. */

const DATE_RANGE_KEY = /^(begin|end)[A-Z]\w*$/;

type Scalar = string | number | boolean | null | undefined;

function empty(value: Scalar): boolean {
  return value === undefined || value === null || value === "";
}

/**
 * RuoYi's addDateRange: a [begin, end] pair as params[beginTime]/params[endTime], or, for a named
 * field, params[begin{Field}]/params[end{Field}]. Empty ends are left out.
 */
export function dateRangeParams(range: readonly [Scalar, Scalar] | null | undefined, field?: string) {
  const out: Record<string, string> = {};
  if (!range) return out;
  const suffix = field ? field.charAt(0).toUpperCase() + field.slice(1) : "Time";
  if (!empty(range[0])) out[`params[begin${suffix}]`] = String(range[0]);
  if (!empty(range[1])) out[`params[end${suffix}]`] = String(range[1]);
  return out;
}

/**
 * The query string of a screen call from the URL's list state: empty filters dropped, date-range
 * ends (beginTime, endTime, begin{Field}, end{Field}) sent as params[...].
 */
export function screenQuery(values: Readonly<Record<string, Scalar>>, extra: Record<string, Scalar> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...values, ...extra })) {
    if (empty(value)) continue;
    search.append(DATE_RANGE_KEY.test(key) ? `params[${key}]` : key, String(value));
  }
  return search.toString();
}

export type SortOrder = "ascending" | "descending";
export interface SortState {
  orderByColumn: string;
  isAsc: SortOrder | "";
}

/** A sortable header clicked: ascending, then descending, then no sort (Element's cycle). */
export function nextSort(current: SortState, column: string): SortState {
  if (current.orderByColumn !== column || !current.isAsc) return { orderByColumn: column, isAsc: "ascending" };
  if (current.isAsc === "ascending") return { orderByColumn: column, isAsc: "descending" };
  return { orderByColumn: "", isAsc: "" };
}

export function sortOf(current: SortState, column: string): SortOrder | null {
  return current.orderByColumn === column && current.isAsc ? current.isAsc : null;
}

/**
 * The collapsible query panel (spec §2.8): collapsed, it shows its first row of fields whole (58 px at
 * the default size; less at the small sizes, where a fixed 58 px let the next row peek through). Given the
 * fields' boxes (top and height within the panel, in order), the collapsed height, or null when every
 * field is in the first row and the panel needs no 展开/收起 toggle.
 */
export function collapsedPanelHeight(fields: readonly { top: number; height: number }[]): number | null {
  if (fields.length === 0) return null;
  const rowEnd = fields[0].top + fields[0].height;
  const firstRow = fields.filter((field) => field.top < rowEnd);
  if (firstRow.length === fields.length) return null;
  return Math.max(...firstRow.map((field) => field.top + field.height));
}
