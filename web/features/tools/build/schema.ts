/**
 * The form designer's model: a form is a list of fields; a "row" holds fields side by side. Every
 * change is a pure function returning a new list (so the undo stack can keep the old ones).
 * Saved forms use the core's shape (core_api/platform/contract/system.py FormField), without the ids.
 */
import type { components } from "@/lib/api/core-types";

export const FIELD_TYPES = ["input", "textarea", "number", "select", "radio", "checkbox", "switch", "date", "daterange", "time", "rate", "slider", "color", "upload", "editor", "row"] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** A field name becomes an object key and an identifier in exported code: the core's rule. */
export const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;

export interface FieldOption {
  label: string;
  value: string;
}

export interface FieldRules {
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  pattern?: string;
  message?: string;
}

export type FieldValue = string | number | boolean | string[] | null;

export interface DesignField {
  id: string;
  type: FieldType;
  name: string;
  label: string;
  default: FieldValue;
  placeholder: string;
  required: boolean;
  rules: FieldRules;
  options: FieldOption[];
  /** width in 24ths of the line */
  span: number;
  children: DesignField[];
}

/** What the palette shows and what a new field of each type starts as. */
export const PALETTE: readonly { type: FieldType; label: string }[] = [
  { type: "input", label: "单行文本" },
  { type: "textarea", label: "多行文本" },
  { type: "number", label: "计数器" },
  { type: "select", label: "下拉选择" },
  { type: "radio", label: "单选框组" },
  { type: "checkbox", label: "多选框组" },
  { type: "switch", label: "开关" },
  { type: "date", label: "日期选择" },
  { type: "daterange", label: "日期范围" },
  { type: "time", label: "时间选择" },
  { type: "rate", label: "评分" },
  { type: "slider", label: "滑块" },
  { type: "color", label: "颜色选择" },
  { type: "upload", label: "上传" },
  { type: "editor", label: "富文本" },
  { type: "row", label: "行容器" },
];

export const OPTION_TYPES: readonly FieldType[] = ["select", "radio", "checkbox"];
export const LENGTH_TYPES: readonly FieldType[] = ["input", "textarea", "editor"];
export const RANGE_TYPES: readonly FieldType[] = ["number", "rate", "slider"];

const DEFAULT_OPTIONS: FieldOption[] = [
  { label: "选项一", value: "1" },
  { label: "选项二", value: "2" },
];

function initialDefault(type: FieldType): FieldValue {
  if (type === "switch") return false;
  if (type === "checkbox") return [];
  if (type === "number" || type === "rate" || type === "slider") return null;
  if (type === "color") return "#409EFF";
  return "";
}

/** Every field name in the form, rows' children included. */
export function fieldNames(fields: readonly DesignField[]): string[] {
  return fields.flatMap((field) => (field.type === "row" ? [field.name, ...fieldNames(field.children)] : [field.name]));
}

/** field1, field2, ...: the first free name. */
export function freeName(fields: readonly DesignField[], base = "field"): string {
  const used = new Set(fieldNames(fields));
  let n = 1;
  while (used.has(`${base}${n}`)) n += 1;
  return `${base}${n}`;
}

let counter = 0;
export function newId(): string {
  counter += 1;
  return `f${Date.now().toString(36)}${counter.toString(36)}`;
}

export function createField(type: FieldType, fields: readonly DesignField[], id: string = newId()): DesignField {
  const label = PALETTE.find((entry) => entry.type === type)?.label ?? type;
  return {
    id,
    type,
    name: freeName(fields, type === "row" ? "row" : "field"),
    label: type === "row" ? "" : label,
    default: initialDefault(type),
    placeholder: "",
    required: false,
    rules: {},
    options: OPTION_TYPES.includes(type) ? DEFAULT_OPTIONS.map((option) => ({ ...option })) : [],
    span: 24,
    children: [],
  };
}

/** The list that holds a field: "root" or the id of its row. */
export function containerOf(fields: readonly DesignField[], id: string): string | null {
  if (fields.some((field) => field.id === id)) return "root";
  for (const field of fields) if (field.type === "row" && field.children.some((child) => child.id === id)) return field.id;
  return null;
}

export function findField(fields: readonly DesignField[], id: string | null): DesignField | undefined {
  if (!id) return undefined;
  for (const field of fields) {
    if (field.id === id) return field;
    const inner = field.children.find((child) => child.id === id);
    if (inner) return inner;
  }
  return undefined;
}

function listOf(fields: readonly DesignField[], container: string): readonly DesignField[] {
  return container === "root" ? fields : (fields.find((field) => field.id === container)?.children ?? []);
}

function withList(fields: readonly DesignField[], container: string, list: DesignField[]): DesignField[] {
  if (container === "root") return list;
  return fields.map((field) => (field.id === container ? { ...field, children: list } : field));
}

/** Adds a field at `index` (the end when left out) of the root or of a row; rows never nest. */
export function insertField(fields: readonly DesignField[], field: DesignField, container = "root", index?: number): DesignField[] {
  const target = container !== "root" && field.type === "row" ? "root" : container;
  const list = [...listOf(fields, target)];
  list.splice(index === undefined || index < 0 || index > list.length ? list.length : index, 0, field);
  return withList(fields, target, list);
}

export function removeField(fields: readonly DesignField[], id: string): DesignField[] {
  return fields.filter((field) => field.id !== id).map((field) => (field.type === "row" ? { ...field, children: field.children.filter((child) => child.id !== id) } : field));
}

/** A copy of a field (and a row's children) with fresh ids and free names, placed after it. */
export function duplicateField(fields: readonly DesignField[], id: string): DesignField[] {
  const source = findField(fields, id);
  const container = containerOf(fields, id);
  if (!source || !container) return [...fields];
  let next = [...fields];
  const copy: DesignField = { ...source, id: newId(), name: freeName(next, source.type === "row" ? "row" : "field"), children: [] };
  next = insertField(next, copy, container, listOf(next, container).findIndex((field) => field.id === id) + 1);
  for (const child of source.children) {
    next = insertField(next, { ...child, id: newId(), name: freeName(next), children: [] }, copy.id);
  }
  return next;
}

/**
 * Moves a field onto the place of another (drag and drop): within one list the two swap order as in a
 * sortable list; onto a row's own drop zone ("row:<id>") it goes to that row's end; onto "root" to the end.
 */
export function moveField(fields: readonly DesignField[], activeId: string, overId: string): DesignField[] {
  const moving = findField(fields, activeId);
  const from = containerOf(fields, activeId);
  if (!moving || !from || activeId === overId) return [...fields];
  let to: string | null;
  let index: number | undefined;
  if (overId === "root") to = "root";
  else if (overId.startsWith("row:")) to = overId.slice(4);
  else {
    to = containerOf(fields, overId);
    if (!to) return [...fields];
    index = listOf(fields, to).findIndex((field) => field.id === overId);
  }
  if (to !== "root" && (moving.type === "row" || to === activeId)) return [...fields];
  if (from === to && index !== undefined) {
    const list = [...listOf(fields, from)];
    const old = list.findIndex((field) => field.id === activeId);
    list.splice(old, 1);
    list.splice(index, 0, moving);
    return withList(fields, from, list);
  }
  return insertField(removeField(fields, activeId), moving, to, index);
}

/** Moves a field one place up (-1) or down (+1) in its list. */
export function shiftField(fields: readonly DesignField[], id: string, step: -1 | 1): DesignField[] {
  const container = containerOf(fields, id);
  if (!container) return [...fields];
  const list = listOf(fields, container);
  const index = list.findIndex((field) => field.id === id);
  const target = list[index + step];
  return target ? moveField(fields, id, target.id) : [...fields];
}

export function updateField(fields: readonly DesignField[], id: string, patch: Partial<Omit<DesignField, "id" | "children">>): DesignField[] {
  return fields.map((field) => {
    if (field.id === id) return { ...field, ...patch };
    if (field.type === "row" && field.children.some((child) => child.id === id)) {
      return { ...field, children: field.children.map((child) => (child.id === id ? { ...child, ...patch } : child)) };
    }
    return field;
  });
}

/** Why the form cannot be saved or exported yet, or null. */
export function formProblem(fields: readonly DesignField[]): string | null {
  const names = fieldNames(fields);
  const bad = names.find((name) => !FIELD_NAME.test(name));
  if (bad !== undefined) return `字段名"${bad}"不合规：以字母开头，只含字母、数字和下划线`;
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) return `字段名"${name}"重复`;
    seen.add(name);
  }
  for (const field of fields.flatMap((f) => (f.type === "row" ? f.children : [f]))) {
    if (field.rules.pattern) {
      try {
        new RegExp(field.rules.pattern);
      } catch {
        return `字段"${field.label || field.name}"的正则表达式不正确`;
      }
    }
  }
  return null;
}

/** A field as saved (the core's body) and as read back (its answer). */
export type SavedField = components["schemas"]["FormField-Input"];
type ReadField = components["schemas"]["FormField-Output"];

/** The saved (core) shape: no ids. */
export function toSaved(fields: readonly DesignField[]): SavedField[] {
  return fields.map(({ id: _id, children, rules, options, ...rest }) => ({
    ...rest,
    rules: { ...rules },
    options: options.map((option) => ({ ...option })),
    children: toSaved(children),
  }));
}

/** A saved field's rules: those the designer knows, of their types. */
function savedRules(rules: Record<string, unknown>): FieldRules {
  const out: FieldRules = {};
  for (const key of ["minLength", "maxLength", "min", "max"] as const) if (typeof rules[key] === "number") out[key] = rules[key];
  for (const key of ["pattern", "message"] as const) if (typeof rules[key] === "string") out[key] = rules[key];
  return out;
}

/** A saved form back into the designer: fresh ids, anything missing filled with defaults. */
export function fromSaved(saved: readonly Partial<ReadField>[] | undefined): DesignField[] {
  const out: DesignField[] = [];
  for (const item of saved ?? []) {
    const type = (FIELD_TYPES as readonly string[]).includes(String(item.type)) ? (item.type as FieldType) : "input";
    const base = createField(type, out);
    out.push({
      ...base,
      name: typeof item.name === "string" ? item.name : base.name,
      label: typeof item.label === "string" ? item.label : base.label,
      default: item.default === undefined ? base.default : (item.default as FieldValue),
      placeholder: typeof item.placeholder === "string" ? item.placeholder : "",
      required: item.required === true,
      rules: item.rules && typeof item.rules === "object" ? savedRules(item.rules) : {},
      options: Array.isArray(item.options) ? item.options.map((o) => ({ label: String(o.label ?? ""), value: String(o.value ?? "") })) : base.options,
      span: typeof item.span === "number" && item.span >= 1 && item.span <= 24 ? item.span : 24,
      children: type === "row" ? fromSaved(item.children).filter((child) => child.type !== "row") : [],
    });
  }
  return out;
}
