/**
 * The contract's times ("yyyy-MM-dd HH:mm:ss", dates "yyyy-MM-dd") and the browser's date inputs
 * ("yyyy-MM-ddTHH:mm" for datetime-local).
 */
export type DateKind = "datetime" | "date";

const WIRE_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2})?/;
const DAY = /^\d{4}-\d{2}-\d{2}/;

/** The input's value for a value of the wire; anything unreadable is empty. */
export function toDateInput(value: unknown, kind: DateKind): string {
  const text = typeof value === "string" ? value.trim() : "";
  if (kind === "date") return DAY.exec(text)?.[0] ?? "";
  const match = WIRE_TIME.exec(text);
  if (match) return `${match[1]}T${match[2]}`;
  const day = DAY.exec(text)?.[0];
  return day ? `${day}T00:00` : "";
}

/** The wire's value for the input's; empty stays empty. */
export function fromDateInput(value: string, kind: DateKind): string {
  if (!value) return "";
  if (kind === "date") return DAY.exec(value)?.[0] ?? "";
  const match = WIRE_TIME.exec(value);
  return match ? `${match[1]} ${match[2]}${match[3] ?? ":00"}` : "";
}

/** A comma-joined value (the contract's multi-choice fields) as a list, and back. */
export function splitValues(value: unknown): string[] {
  return typeof value === "string" ? value.split(",").map((item) => item.trim()).filter(Boolean) : [];
}

export function joinValues(values: readonly string[]): string {
  return values.filter(Boolean).join(",");
}
