/**
 * The request conventions of spec §7.1 and the error catalogue of §8 as pure functions:
 * from a BFF envelope or a transport failure to what the interface must do.
 */

/** A message to show: an i18n key of the `request` namespace, or the server's own text. */
export type Message = { key: string; values?: Record<string, string | number> } | { text: string };

export type Outcome =
  | { action: "resolve" }
  /** 401: ask to sign in again */
  | { action: "relogin"; message: Message }
  /** 500 / '9999': error toast */
  | { action: "error"; message: Message }
  /** 601: warning toast */
  | { action: "warning"; message: Message }
  /** any other code: error notification titled with the message */
  | { action: "notify"; message: Message };

export type TransportFailure = { type: "network" } | { type: "timeout" } | { type: "http"; status: number };

export const REQUEST_TIMEOUT = 60_000;
export const CAPTCHA_TIMEOUT = 20_000;
export const FAILURE_TOAST_DURATION = 5_000;

export interface EnvelopeLike {
  code?: unknown;
  msg?: unknown;
  info?: unknown;
  /** a validation refusal: each refused field's problem by its wire name */
  fields?: unknown;
}

/** Each field's problem a refusal names (`{"userName": "用户名不能为空"}`); nothing when it names none. */
export function fieldErrors(body: EnvelopeLike): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof body.fields !== "object" || body.fields === null || Array.isArray(body.fields)) return out;
  for (const [name, text] of Object.entries(body.fields)) if (typeof text === "string" && text) out[name] = text;
  return out;
}

/** The code, read as a number where it is one; '0000' and '9999' stay strings. */
function normaliseCode(code: unknown): number | string {
  if (code === undefined || code === null || code === "") return 200;
  if (typeof code === "number") return code;
  const text = String(code);
  if (text === "0000" || text === "9999") return text;
  return /^\d+$/.test(text) ? Number(text) : text;
}

export function isSuccessCode(code: unknown): boolean {
  const value = normaliseCode(code);
  return value === 200 || value === "0000";
}

const MAPPED_CODES = new Set<number | string>([401, 403, 404]);

/** The code-to-message map first, then msg, then info, then the default. */
export function codeMessage(body: EnvelopeLike): Message {
  const code = normaliseCode(body.code);
  if (MAPPED_CODES.has(code)) return { key: `code${code}` };
  if (typeof body.msg === "string" && body.msg) return { text: body.msg };
  if (typeof body.info === "string" && body.info) return { text: body.info };
  return { key: "codeDefault" };
}

export function envelopeOutcome(body: EnvelopeLike): Outcome {
  const code = normaliseCode(body.code);
  if (code === 200 || code === "0000") return { action: "resolve" };
  const message = codeMessage(body);
  if (code === 401) return { action: "relogin", message };
  if (code === 500 || code === "9999") return { action: "error", message };
  if (code === 601) return { action: "warning", message };
  return { action: "notify", message };
}

/** Network error, time-out and HTTP failure messages, each shown 5 s. */
export function failureMessage(failure: TransportFailure): Message {
  switch (failure.type) {
    case "network":
      return { key: "network" };
    case "timeout":
      return { key: "timeout" };
    case "http":
      return { key: "httpStatus", values: { status: failure.status } };
  }
}

/** What a file download answered with: a file, or a JSON envelope explaining why not. */
export function isFileResponse(contentType: string | null): boolean {
  return !contentType || !contentType.toLowerCase().includes("application/json");
}

/** The file name from the `download-filename` header (URL-encoded), else the fallback. */
export function downloadFileName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  try {
    return decodeURIComponent(header);
  } catch {
    return header;
  }
}
