import type { DictDataItem } from "@/lib/api/types";

export interface Option {
  label: string;
  value: string;
}

export interface DictOption extends Option {
  listClass?: string | null;
  cssClass?: string | null;
}

type Raw = Record<string, unknown>;

function firstDefined(item: Raw, keys: readonly string[]): unknown {
  for (const key of keys) {
    if (item[key] !== undefined && item[key] !== null) return item[key];
  }
  return undefined;
}

/** Generic option defaults: label from label, name or title; value from value, id, uid or key. */
export function toOption(item: Raw): Option {
  return {
    label: String(firstDefined(item, ["label", "name", "title"]) ?? ""),
    value: String(firstDefined(item, ["value", "id", "uid", "key"]) ?? ""),
  };
}

export function dictOptions(items: readonly DictDataItem[] | undefined): DictOption[] {
  return (items ?? []).map((item) => ({
    label: item.dictLabel,
    value: item.dictValue,
    listClass: item.listClass,
    cssClass: item.cssClass,
  }));
}

type OptionSource = readonly (Option | Raw)[];

function options(source: OptionSource): Option[] {
  return source.map((item) => toOption(item as Raw));
}

/** The label of one value; an unknown value is shown as it is. */
export function selectDictLabel(source: OptionSource, value: unknown): string {
  if (value === undefined || value === null || value === "") return "";
  const text = String(value);
  return options(source).find((option) => option.value === text)?.label ?? text;
}

/** The labels of a comma-separated value list (or an array of values). */
export function selectDictLabels(source: OptionSource, value: unknown, separator = ","): string[] {
  if (value === undefined || value === null) return [];
  const values = Array.isArray(value) ? value.map(String) : String(value).split(separator);
  return values.filter((item) => item !== "").map((item) => selectDictLabel(source, item));
}
