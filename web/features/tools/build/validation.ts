/** The live preview's validation: a zod schema and default values built from the designed fields. */
import { z } from "zod";
import type { DesignField, FieldValue } from "./schema";

/** The leaf fields (rows give their children). */
export function leafFields(fields: readonly DesignField[]): DesignField[] {
  return fields.flatMap((field) => (field.type === "row" ? field.children : [field]));
}

export function requiredMessage(field: Pick<DesignField, "label" | "name">): string {
  return `${field.label || field.name}不能为空`;
}

function safePattern(pattern: string | undefined): RegExp | null {
  if (!pattern) return null;
  try {
    return new RegExp(pattern);
  } catch {
    return null;
  }
}

function hasFiles(value: unknown): boolean {
  return !!value && typeof (value as { length?: unknown }).length === "number" && (value as { length: number }).length > 0;
}

/** One field's rule. */
export function fieldSchema(field: DesignField): z.ZodType {
  const { rules } = field;
  const required = requiredMessage(field);
  switch (field.type) {
    case "number":
    case "rate":
    case "slider": {
      let number = z.number({ error: required });
      if (rules.min !== undefined) number = number.min(rules.min, `${field.label || field.name}不能小于${rules.min}`);
      if (rules.max !== undefined) number = number.max(rules.max, `${field.label || field.name}不能大于${rules.max}`);
      return field.required ? number : number.nullable().optional();
    }
    case "switch":
      return z.boolean();
    case "checkbox": {
      const list = z.array(z.string());
      return field.required ? list.min(1, required) : list;
    }
    case "daterange": {
      const pair = z.tuple([z.string(), z.string()]);
      return field.required ? pair.refine(([begin, end]) => !!begin && !!end, required) : pair.or(z.array(z.string()).max(0)).optional();
    }
    case "upload":
      return z.any().refine((value) => !field.required || hasFiles(value), required);
    default: {
      // an optional field left empty passes; its other rules apply once something is typed
      const label = field.label || field.name;
      let text = z.string();
      if (field.required) text = text.trim().min(1, required);
      if (rules.maxLength !== undefined) text = text.max(rules.maxLength, `${label}最多${rules.maxLength}个字符`);
      const skip = (value: string) => !field.required && value === "";
      const pattern = safePattern(rules.pattern);
      const values = field.options.map((option) => option.value);
      const choices = (field.type === "select" || field.type === "radio") && values.length > 0;
      const checked = text
        .refine((value) => skip(value) || rules.minLength === undefined || value.length >= rules.minLength, `${label}至少${rules.minLength}个字符`)
        .refine((value) => skip(value) || !pattern || pattern.test(value), rules.message || `${label}格式不正确`)
        .refine((value) => value === "" || !choices || values.includes(value), `${label}须为给出的选项之一`);
      return field.required ? checked : checked.optional();
    }
  }
}

export function buildSchema(fields: readonly DesignField[]) {
  return z.object(Object.fromEntries(leafFields(fields).map((field) => [field.name, fieldSchema(field)])));
}

function defaultOf(field: DesignField): FieldValue | [string, string] | undefined {
  switch (field.type) {
    case "checkbox":
      return Array.isArray(field.default) ? field.default : [];
    case "switch":
      return field.default === true;
    case "number":
    case "rate":
    case "slider":
      return typeof field.default === "number" ? field.default : field.default === "" || field.default === null ? undefined : Number(field.default);
    case "daterange":
      return ["", ""];
    case "upload":
      return undefined;
    default:
      return field.default === null || field.default === undefined ? "" : String(field.default);
  }
}

export function defaultValues(fields: readonly DesignField[]): Record<string, unknown> {
  return Object.fromEntries(leafFields(fields).map((field) => [field.name, defaultOf(field)]));
}
