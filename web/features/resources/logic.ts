/** What the resource screen derives from a declaration's metadata: the URL's list keys, the form's
 * values and rules, money in yuan, the rows an action applies to and what it sends. */
import { z } from "zod";
import type { components } from "@/lib/api/core-types";
import type { ResourceActionMeta, ResourceFieldMeta, ResourceMeta, ResourceRow } from "@/lib/api/types";
import { pagingParsers, text } from "@/lib/list-parsers";
import { fenToYuan, yuanToFen } from "@/lib/money";

type Field = Pick<ResourceFieldMeta, "name" | "kind"> & Partial<ResourceFieldMeta>;

// ---- money: integer fen on the wire, yuan with two decimals on the screen (lib/money.ts)

/** A money column's value as yuan: 12345 → "123.45"; nothing → ""; a value that is not a whole number of fen is
 * shown as it came rather than guessed at (a row's values are whatever the declaration's column holds). */
export function moneyText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  const fen = Number(value);
  return Number.isSafeInteger(fen) ? fenToYuan(fen) : String(value);
}

// ---- the list's URL state

const capital = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** The URL keys of a resource's filters: exact and fragment by the field's name, a range as begin/end<Field>. */
export function filterKeys(fields: readonly Field[]): string[] {
  return fields.flatMap((f) => {
    if (f.filter === "range") return [`begin${capital(f.name)}`, `end${capital(f.name)}`];
    return f.filter ? [f.name] : [];
  });
}

export function resourceParsers(fields: readonly Field[]) {
  const filters = Object.fromEntries(filterKeys(fields).map((key) => [key, text()])) as Record<string, ReturnType<typeof text>>;
  // `after`: the previous page's cursor when the pager turned one page on (the next page is sought, not skipped)
  return { ...filters, ...pagingParsers, after: text() };
}

/** The filters of the URL as the export's form sends them (empty ones left out). */
export function filterValues(fields: readonly Field[], query: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of filterKeys(fields)) {
    const value = query[key];
    if (value !== null && value !== undefined && value !== "") out[key] = String(value);
  }
  return out;
}

// ---- rows and actions

/** Whether an action applies to a row: every field named in `when` holds one of its values. */
export function matchesWhen(when: ResourceActionMeta["when"], row: ResourceRow): boolean {
  if (!when) return true;
  return Object.entries(when).every(([field, values]) => values.includes(String(row[field] ?? "")));
}

/** What an action sends: the row's fields under their wire names, merged with the dialog's values. */
export function actionPayload(action: Pick<ResourceActionMeta, "params">, row: ResourceRow, values: Record<string, unknown> = {}) {
  const out: Record<string, unknown> = {};
  for (const [wire, field] of Object.entries(action.params ?? {})) out[wire] = row[field];
  return { ...out, ...values };
}

/** A LINK action's address: the user's page of the action's view path, the row's params as its query. */
export function linkHref(entries: readonly { path: string; component: string }[], action: Pick<ResourceActionMeta, "path" | "params">, row: ResourceRow): string | null {
  const entry = entries.find((e) => e.component === action.path);
  if (!entry) return null;
  const query = new URLSearchParams();
  for (const [wire, value] of Object.entries(actionPayload(action, row))) {
    if (value !== null && value !== undefined && value !== "") query.set(wire, String(value));
  }
  const text = query.toString();
  return text ? `${entry.path}?${text}` : entry.path;
}

/** Where a row carries the name of a shop field's shop: shopId → shopName (the core's `{field}Name`). */
export function shopNameKey(name: string): string {
  return name.endsWith("Id") ? `${name.slice(0, -2)}Name` : `${name}Name`;
}

/** The fields a shop account's screen shows: its records take its own shop, so the shop fields go. */
export function withoutOwnShop<F extends Field>(fields: readonly F[], ownShop: number | null | undefined): F[] {
  return ownShop === null || ownShop === undefined ? [...fields] : fields.filter((f) => f.kind !== "shop");
}

export const onShelf = (value: unknown) => String(value ?? "") === "1";

// ---- the form

export type FormMode = "create" | "edit";

/** The fields a create or edit form shows: edit=always, and edit=create only when creating. */
export function formFields<F extends Field>(fields: readonly F[], mode: FormMode, key?: string): F[] {
  return fields.filter((f) => f.name !== key && f.kind !== "id" && (f.edit === "always" || f.edit === undefined || (f.edit === "create" && mode === "create")));
}

const NUMERIC = new Set(["int", "uid", "id", "shop", "category"]);

/** A record (or nothing, when creating) as the form holds it: numbers stay numbers, money in yuan, text as text. */
export function formValues(fields: readonly Field[], row: ResourceRow | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const value = row?.[f.name];
    if (f.kind === "money") out[f.name] = moneyText(value);
    else if (NUMERIC.has(f.kind)) out[f.name] = value === null || value === undefined || value === "" ? undefined : Number(value);
    else if (f.kind === "datetime") out[f.name] = value ? String(value).replace(" ", "T") : "";
    else out[f.name] = value === null || value === undefined ? "" : String(value);
  }
  return out;
}

/**
 * The form's values as the core reads them: money in fen, empty optional values as null, a date-time as
 * "yyyy-MM-dd HH:mm:ss". When editing, a masked value the operator left as it came is not sent back.
 */
export function bodyOf(fields: readonly Field[], values: Record<string, unknown>, loaded: Record<string, unknown> | null = null) {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    let value = values[f.name];
    if (loaded && f.masked && value === loaded[f.name]) continue;
    if (f.kind === "money") value = yuanToFen(String(value ?? ""));
    else if (f.kind === "datetime" && typeof value === "string" && value) value = withSeconds(value.replace("T", " "));
    else if (COORDINATES.has(f.kind) && typeof value === "string" && value.trim()) value = Math.round(Number(value) * 1e6) / 1e6;
    if (value === "" && !TEXT_KINDS.has(f.kind)) value = null;
    out[f.name] = value === undefined ? null : value;
  }
  return out;
}

function withSeconds(value: string) {
  return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(value) ? `${value}:00` : value;
}

const TEXT_KINDS = new Set(["text", "password", "textarea", "richtext", "phone", "idcard", "url", "image", "images", "location", "targets"]);
const COORDINATES = new Set(["lng", "lat"]);

/** The lng and lat fields beside a location field (the declaration has at most one of each). */
export function coordinateNames(fields: readonly Field[]): { lng?: string; lat?: string } {
  return { lng: fields.find((f) => f.kind === "lng")?.name, lat: fields.find((f) => f.kind === "lat")?.name };
}

/** The form's address and coordinates as the map picker takes them. */
export function pickedOf(address: unknown, lng: unknown, lat: unknown) {
  const n = (v: unknown) => (v === "" || v === null || v === undefined || !Number.isFinite(Number(v)) ? null : Number(v));
  return { address: typeof address === "string" ? address : "", lng: n(lng), lat: n(lat) };
}
const PATTERNS: Record<string, RegExp> = { phone: /^1\d{10}$/, idcard: /^\d{17}[\dXx]$/, url: /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?([/?#]\S*)?$/i };

export interface RuleWords {
  required: (label: string) => string;
  tooLong: (label: string, max: number) => string;
  /** the bound as a number, or money's in yuan text ("0.01") */
  tooSmall: (label: string, min: number | string) => string;
  tooLarge: (label: string, max: number | string) => string;
  invalid: (label: string) => string;
}

/** The form's rules from the declaration: required, maxLength, min and max (money's in fen), phone and ID patterns. */
export function formSchema(fields: readonly Field[], words: RuleWords, loaded: Record<string, unknown> | null = null) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of fields) {
    const label = f.label ?? f.name;
    if (NUMERIC.has(f.kind)) {
      let n = z.number({ error: words.required(label) }).int(words.invalid(label));
      if (f.min !== null && f.min !== undefined) n = n.min(f.min, words.tooSmall(label, f.min));
      if (f.max !== null && f.max !== undefined) n = n.max(f.max, words.tooLarge(label, f.max));
      shape[f.name] = f.required ? n : n.optional().nullable();
    } else if (f.kind === "money") {
      shape[f.name] = z.string().superRefine((value, ctx) => {
        const fen = yuanToFen(value ?? "");
        if (fen === null) {
          if (f.required) ctx.addIssue({ code: "custom", message: words.required(label) });
        } else if (fen === undefined) ctx.addIssue({ code: "custom", message: words.invalid(label) });
        else if (f.min !== null && f.min !== undefined && fen < f.min) ctx.addIssue({ code: "custom", message: words.tooSmall(label, fenToYuan(f.min)) });
        else if (f.max !== null && f.max !== undefined && fen > f.max) ctx.addIssue({ code: "custom", message: words.tooLarge(label, fenToYuan(f.max)) });
      });
    } else if (COORDINATES.has(f.kind)) {
      const bound = f.kind === "lng" ? 180 : 90;
      shape[f.name] = z.string().refine((value) => {
        if (!value.trim()) return !f.required;
        const n = Number(value);
        return Number.isFinite(n) && n >= -bound && n <= bound;
      }, words.invalid(label));
    } else {
      let s = z.string();
      if (f.required) s = s.trim().min(1, words.required(label));
      if (f.maxLength) s = s.max(f.maxLength, words.tooLong(label, f.maxLength));
      const pattern = PATTERNS[f.kind];
      // a masked value (13*******21) left as it came is not sent back, so it is not checked either
      const kept = (value: string) => !!loaded && !!f.masked && value === loaded[f.name];
      shape[f.name] = pattern ? s.refine((value) => value === "" || pattern.test(value) || kept(value), words.invalid(label)) : s;
    }
  }
  return z.object(shape);
}

// ---- the history

/** A changed value as the history shows it: a dictionary's label, money in yuan, nothing as "—". */
export function shownValue(field: Field | undefined, value: unknown, labelOf: (dictType: string, value: string) => string): string {
  if (value === null || value === undefined || value === "") return "—";
  if (field?.kind === "money") return moneyText(value);
  if (field?.dictType) return labelOf(field.dictType, String(value));
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

export type { ResourceMeta };

// ---- links to sub-pages and background exports

/** A background export's progress, as the core answers it. */
export type ExportProgress = components["schemas"]["ExportProgress"];

/** Whether a background export is still being built (the screen keeps asking). */
export const exportRunning = (progress: Pick<ExportProgress, "status"> | null) =>
  !progress || progress.status === "queued" || progress.status === "running";

/** The initial values of an action's dialog: the row's values of the fields it names, but masked ones. A dialog
 * that only sets one yes/no flag (上架/下架, 推荐) opens on the other state: confirming it as it opens changes
 * the record, rather than asking for what already is. */
export function actionInitial(fields: readonly Field[], action: Pick<ResourceActionMeta, "fields">, row: ResourceRow): ResourceRow {
  const masked = new Set(fields.filter((f) => f.masked).map((f) => f.name));
  const out: ResourceRow = {};
  for (const f of action.fields ?? []) if (!masked.has(f.name) && f.kind !== "password" && f.name in row) out[f.name] = row[f.name];
  const only = action.fields?.length === 1 ? action.fields[0] : undefined;
  if (only?.kind === "flag" && (out[only.name] === "0" || out[only.name] === "1" || out[only.name] === 0 || out[only.name] === 1)) {
    out[only.name] = String(out[only.name]) === "1" ? "0" : "1";
  }
  return out;
}

/** The name an export is saved under: the resource's name and the moment it was asked for. */
export function exportFileName(name: string, now: number = Date.now()): string {
  return `${name}_${now}.xlsx`;
}
