import type { components } from "@/lib/api/bff-types";
import type { components as CoreComponents } from "@/lib/api/core-types";
import { fenToYuan, yuanToFen } from "@/lib/money";

/** A configuration page's form, drawn from its metadata (the BFF's config page screen). */
export type ConfigField = components["schemas"]["ConfigPageField"];
export type ConfigMeta = components["schemas"]["ConfigPageMeta"];
export type HistoryEntry = components["schemas"]["ConfigPageHistoryEntry"];
export type ConfigScreen = components["schemas"]["ConfigPageScreen"];
/** A save's body: the whole object, the version it was loaded at, a scoped page's selector. */
export type ConfigSave = CoreComponents["schemas"]["ConfigPageWrite"];

export type FormValues = Record<string, string | boolean>;
const META_KEYS = ["version", "updateBy", "updateTime", "secretsSet"];

/** The loaded object as the form edits it: numbers and lists as text, secrets blank (write-only). */
export function toForm(fields: ConfigField[], data: Record<string, unknown>): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    const v = data[f.name];
    if (f.kind === "switch") out[f.name] = Boolean(v);
    else if (f.kind === "lines") out[f.name] = Array.isArray(v) ? v.join("\n") : "";
    else if (f.secret) out[f.name] = "";
    else if (f.kind === "money") out[f.name] = typeof v === "number" ? fenToYuan(v) : ""; // fen on the wire, yuan on screen
    else out[f.name] = v === null || v === undefined ? "" : String(v);
  }
  return out;
}

/** The save's body: the whole object in its types, the version it was made from, the scope if any. */
export function toBody(fields: ConfigField[], values: FormValues, version: number, scope?: { name: string; value: string }): ConfigSave {
  const body: ConfigSave = { version };
  for (const f of fields) {
    const v = values[f.name];
    if (f.kind === "switch") body[f.name] = Boolean(v);
    else if (f.kind === "money") {
      // yuan as typed → fen; a malformed amount is sent as typed, for the server to refuse under its field
      const fen = yuanToFen(String(v ?? ""));
      body[f.name] = fen === undefined ? String(v) : fen;
    } else if (f.kind === "int") body[f.name] = v === "" ? null : Number(v);
    else if (f.kind === "lines")
      body[f.name] = String(v ?? "")
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean);
    else body[f.name] = String(v ?? "");
  }
  if (scope) body[scope.name] = scope.value;
  return body;
}

/** A history value as the dialog shows it. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "✓" : "✗";
  if (Array.isArray(value)) return value.join("、") || "—";
  const text = typeof value === "object" ? JSON.stringify(value) : String(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

export function isMetaKey(key: string) {
  return META_KEYS.includes(key);
}
