/**
 * A job handler's parameter form, generated from the JSON schema of its pydantic model
 * (GET /monitor/job/handlers): numbers, integers, booleans, strings, choices and nullable ones.
 * The form edits every value as text; parseParams turns the texts back into the job's jobParams.
 */

type JsonSchema = Record<string, unknown>;

export type ParamKind = "integer" | "number" | "boolean" | "string" | "enum" | "json";

export interface ParamField {
  name: string;
  label: string;
  description?: string;
  kind: ParamKind;
  /** null is a valid value (an empty input sends null) */
  nullable: boolean;
  /** no default: the value must be given */
  required: boolean;
  defaultValue?: unknown;
  min?: number;
  max?: number;
  exclusiveMin?: number;
  exclusiveMax?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  options?: readonly (string | number | boolean)[];
}

/** The form's texts by field name: numbers as typed, booleans as "true"/"false", "" for empty. */
export type ParamDraft = Record<string, string>;

export type ParamErrorKey =
  | "required"
  | "integer"
  | "number"
  | "boolean"
  | "option"
  | "json"
  | "min"
  | "max"
  | "minLength"
  | "maxLength"
  | "pattern";

export interface ParamError {
  key: ParamErrorKey;
  limit?: number | string;
}

function isObject(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function resolve(schema: JsonSchema, root: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== "string") return schema;
  const name = ref.replace(/^#\/(\$defs|definitions)\//, "");
  const defs = (isObject(root.$defs) ? root.$defs : isObject(root.definitions) ? root.definitions : {}) as JsonSchema;
  const target = defs[name];
  return isObject(target) ? { ...resolve(target, root), ...withoutKey(schema, "$ref") } : schema;
}

function withoutKey(schema: JsonSchema, key: string): JsonSchema {
  const { [key]: _drop, ...rest } = schema;
  return rest;
}

function num(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** One property: its anyOf / type list split into the value's own schema and whether null is allowed. */
function unwrap(prop: JsonSchema, root: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  let schema = resolve(prop, root);
  let nullable = false;
  const union = (Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : null) as unknown[] | null;
  if (union) {
    const branches = union.filter(isObject).map((branch) => resolve(branch, root));
    const values = branches.filter((branch) => branch.type !== "null");
    nullable = values.length < branches.length;
    const outer = withoutKey(withoutKey(schema, "anyOf"), "oneOf");
    schema = values.length === 1 ? { ...values[0], ...outer } : { ...outer, type: values.length ? "json" : "null" };
  }
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((type) => type !== "null");
    nullable = nullable || types.length < schema.type.length;
    schema = { ...schema, type: types.length === 1 ? types[0] : "json" };
  }
  return { schema, nullable };
}

function kindOf(schema: JsonSchema): ParamKind {
  if (Array.isArray(schema.enum)) return "enum";
  if (schema.const !== undefined) return "enum";
  switch (schema.type) {
    case "integer":
      return "integer";
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    case "string":
      return "string";
    default:
      return "json";
  }
}

/** The fields of a handler's parameter schema, in the model's order. */
export function paramFields(root: unknown): ParamField[] {
  if (!isObject(root)) return [];
  const properties = isObject(root.properties) ? root.properties : {};
  const required = new Set(Array.isArray(root.required) ? root.required.map(String) : []);
  return Object.entries(properties)
    .filter(([, prop]) => isObject(prop))
    .map(([name, prop]) => {
      const { schema, nullable } = unwrap(prop as JsonSchema, root);
      const kind = kindOf(schema);
      const field: ParamField = {
        name,
        label: typeof schema.title === "string" && schema.title ? schema.title : name,
        kind,
        nullable,
        required: required.has(name) || !("default" in schema),
      };
      if (typeof schema.description === "string") field.description = schema.description;
      if ("default" in schema) field.defaultValue = schema.default;
      const bounds = {
        min: num(schema.minimum),
        max: num(schema.maximum),
        exclusiveMin: num(schema.exclusiveMinimum),
        exclusiveMax: num(schema.exclusiveMaximum),
        minLength: num(schema.minLength),
        maxLength: num(schema.maxLength),
      };
      for (const key of Object.keys(bounds) as (keyof typeof bounds)[]) {
        const value = bounds[key];
        if (value !== undefined) field[key] = value;
      }
      if (typeof schema.pattern === "string") field.pattern = schema.pattern;
      if (kind === "enum") field.options = (Array.isArray(schema.enum) ? schema.enum : [schema.const]) as (string | number | boolean)[];
      return field;
    });
}

function asText(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/** The form's starting texts: the job's values where it has them, else each field's default. */
export function paramDraft(fields: readonly ParamField[], values?: Record<string, unknown> | null): ParamDraft {
  const draft: ParamDraft = {};
  for (const field of fields) {
    const given = values && Object.hasOwn(values, field.name) ? values[field.name] : field.defaultValue;
    draft[field.name] = field.kind === "boolean" && !field.nullable && (given === undefined || given === null) ? "false" : asText(given);
  }
  return draft;
}

/** Keeps what was typed for fields the new handler shares with the old one; the rest from defaults. */
export function carryDraft(fields: readonly ParamField[], previous: ParamDraft): ParamDraft {
  const fresh = paramDraft(fields);
  for (const field of fields) {
    if (Object.hasOwn(previous, field.name)) fresh[field.name] = previous[field.name];
  }
  return fresh;
}

function checkNumber(field: ParamField, value: number): ParamError | null {
  if (field.min !== undefined && value < field.min) return { key: "min", limit: field.min };
  if (field.exclusiveMin !== undefined && value <= field.exclusiveMin) return { key: "min", limit: field.exclusiveMin };
  if (field.max !== undefined && value > field.max) return { key: "max", limit: field.max };
  if (field.exclusiveMax !== undefined && value >= field.exclusiveMax) return { key: "max", limit: field.exclusiveMax };
  return null;
}

type Parsed = { value: unknown } | { omit: true } | { error: ParamError };

function parseOne(field: ParamField, raw: string): Parsed {
  const text = field.kind === "string" ? raw : raw.trim();
  if (text === "" && !(field.kind === "string" && !field.nullable)) {
    if (field.nullable) return { value: null };
    if (field.required) return { error: { key: "required" } };
    return { omit: true };
  }
  switch (field.kind) {
    case "integer": {
      if (!/^[-+]?\d+$/.test(text)) return { error: { key: "integer" } };
      const value = Number(text);
      const error = checkNumber(field, value);
      return error ? { error } : { value };
    }
    case "number": {
      const value = Number(text);
      if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text) || !Number.isFinite(value)) return { error: { key: "number" } };
      const error = checkNumber(field, value);
      return error ? { error } : { value };
    }
    case "boolean":
      if (text === "true") return { value: true };
      if (text === "false") return { value: false };
      return { error: { key: "boolean" } };
    case "enum": {
      const option = (field.options ?? []).find((item) => String(item) === text);
      return option === undefined ? { error: { key: "option" } } : { value: option };
    }
    case "json":
      try {
        return { value: JSON.parse(text) };
      } catch {
        return { error: { key: "json" } };
      }
    default: {
      if (text === "" && field.required && !field.nullable) return { error: { key: "required" } };
      if (field.minLength !== undefined && text.length < field.minLength) return { error: { key: "minLength", limit: field.minLength } };
      if (field.maxLength !== undefined && text.length > field.maxLength) return { error: { key: "maxLength", limit: field.maxLength } };
      if (field.pattern !== undefined && !new RegExp(field.pattern, "u").test(text)) return { error: { key: "pattern", limit: field.pattern } };
      return { value: text };
    }
  }
}

/** The job's jobParams from the form's texts, or the field errors that stop the save. */
export function parseParams(
  fields: readonly ParamField[],
  draft: ParamDraft,
): { ok: true; values: Record<string, unknown> } | { ok: false; errors: Record<string, ParamError> } {
  const values: Record<string, unknown> = {};
  const errors: Record<string, ParamError> = {};
  for (const field of fields) {
    const parsed = parseOne(field, draft[field.name] ?? "");
    if ("error" in parsed) errors[field.name] = parsed.error;
    else if ("value" in parsed) values[field.name] = parsed.value;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, values };
}
