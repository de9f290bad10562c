/**
 * The one reader of the core's business lists: every list_data / page_data call answers
 * `{code, msg, data: {pages, total, pageNo, pageSize, data, next?}}` (CONTRACT.md "Envelopes"; the core's
 * `ListPage`, or a list's own page that adds its figures beside the rows, such as a turntable's `GiftPage`).
 * A screen reads the page through `listPage`: the page's figures, its rows as `rows`, and the keyset cursor
 * `next` (null on the last page; sent back as `after` with the next pageNum).
 */
import type { components } from "@/lib/api/core-types";
import type { Envelope } from "@/lib/request";

type Schemas = components["schemas"];

/** A business list's page as the core documents it. */
export type ListPage = Schemas["ListPage"];
/** The gifts of one turntable: the page and the weights' total, the odds version and the shelf flag. */
export type GiftPage = Schemas["GiftPage"];

/** A page as a screen reads it: the page's own fields but its rows, which come as `rows`, typed by the screen. */
export type RowsPage<Row, Page extends ListPage = ListPage> = Omit<Page, "data" | "next"> & { rows: Row[]; next: string | null };

/** A row of a business list: the core documents rows as objects; the screen names the fields it reads. */
type ListRow = Record<string, unknown>;

/**
 * The page of a business list's answer. The rows are the screen's to type (the core's rows are objects of the
 * list's own columns). A successful answer without a page is not a business list's: that is a caller's mistake
 * (a wrong path), thrown rather than shown as an empty list.
 */
export function listPage<Row extends ListRow = ListRow, Page extends ListPage = ListPage>(answer: Envelope<Page>): RowsPage<Row, Page> {
  const page = answer.data;
  if (!page || !Array.isArray(page.data)) throw new TypeError("not a business list's answer: no data.data");
  const { data, next, ...figures } = page;
  return { ...figures, rows: data as Row[], next: next ?? null };
}
