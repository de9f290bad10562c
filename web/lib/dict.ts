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

/** The tag colours of a dictionary entry's listClass (Element's tag types). */
export const LIST_CLASSES = ["default", "primary", "success", "info", "warning", "danger"] as const;
export type ListClass = (typeof LIST_CLASSES)[number];

export interface DictTagItem {
  value: string;
  label: string;
  /** a coloured tag's type; null shows the label as plain text */
  tag: ListClass | null;
  cssClass: string | null;
}

function toListClass(value: string | null | undefined): ListClass | null {
  return LIST_CLASSES.find((item) => item === value) ?? null;
}

/**
 * What a dictionary tag shows for a value or a comma list of values: each known value's label,
 * coloured by its listClass ('default' and '' are plain text unless a cssClass is set), and each
 * unknown value as it is.
 */
export function dictTagItems(options: readonly DictOption[], value: unknown, separator = ","): DictTagItem[] {
  if (value === undefined || value === null || value === "") return [];
  const values = Array.isArray(value) ? value.map(String) : String(value).split(separator);
  return values
    .filter((item) => item !== "")
    .map((item) => {
      const option = options.find((candidate) => candidate.value === item);
      if (!option) return { value: item, label: item, tag: null, cssClass: null };
      const listClass = toListClass(option.listClass);
      const cssClass = option.cssClass?.trim() || null;
      const plain = (listClass === null || listClass === "default") && !cssClass;
      return { value: item, label: option.label, tag: plain ? null : (listClass ?? "default"), cssClass };
    });
}

/**
 * The label an operator reads in their language: an English console shows an entry's English label
 * (dictLabelEn) and, when it has none, its Chinese one. The BFF's screens already answer their dictionaries this
 * way (bff/screens/system_shared.py in_language); this serves what reads an entry from the core as it is stored,
 * like the dictionary screen's preview.
 */
export function labelIn(entry: { dictLabel: string; dictLabelEn?: string | null }, locale: string): string {
  const english = locale.toLowerCase().startsWith("en") ? entry.dictLabelEn?.trim() : "";
  return english || entry.dictLabel;
}

/** Dictionary entries as a generated screen's BFF call returns them (label, value, classes). */
export interface DictEntry {
  dictLabel: string;
  dictValue: string;
  listClass?: string | null;
  cssClass?: string | null;
}

export function entryOptions(items: readonly DictEntry[] | undefined): DictOption[] {
  return (items ?? []).map((item) => ({ label: item.dictLabel, value: item.dictValue, listClass: item.listClass, cssClass: item.cssClass }));
}
