/** Optionally signed decimal with no leading zeros: 0, 12, -3.5 pass; 012, 1., abc fail. */
export function isNumeric(value: unknown): boolean {
  if (typeof value !== "string" && typeof value !== "number") return false;
  return /^-?(0|[1-9]\d*)(\.\d+)?$/.test(String(value));
}

/** A route parameter that must be a positive integer id. */
export function isNumericId(value: string | undefined): value is string {
  return value !== undefined && /^\d+$/.test(value);
}

export function isHttp(url: string | undefined | null): boolean {
  return !!url && /^https?:\/\//.test(url);
}

export function isExternal(path: string | undefined | null): boolean {
  return !!path && /^(https?:|mailto:|tel:)/.test(path);
}

/** Only same-site relative paths are accepted as a post-sign-in target. */
export function safeRedirect(target: string | null | undefined, fallback = "/index"): string {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) {
    return fallback;
  }
  if (target === "/login" || target.startsWith("/login?")) return fallback;
  return target;
}

/** Sign in again after an ended session: `/login?redirect=<from>`, or the bare sign-in page when
 * `from` is not one of the console's own pages. */
export function loginAgainPath(from: string | null | undefined): string {
  const back = safeRedirect(from, "");
  return back && !back.startsWith("/session-ended") ? `/login?redirect=${encodeURIComponent(back)}` : "/login";
}

/** The problems of a refused form that it has fields for (wire name → message): the others stay in the toast. */
export function knownFieldErrors(fields: Readonly<Record<string, string>>, names: readonly string[]): [string, string][] {
  return Object.entries(fields).filter(([name, message]) => names.includes(name) && message !== "");
}
