/**
 * The web's security headers (next.config.ts for every answer, proxy.ts for the pages' Content-Security-
 * Policy with a fresh nonce). No "@/" imports: next.config.ts loads this file too.
 *
 * Pages run only scripts that carry the request's nonce (Next puts it on its own scripts when it finds it in
 * the request's policy) and what those load ('strict-dynamic'); styles may be inline (React style attributes,
 * Radix). Images come from this origin, data:/blob: previews and the object store's public base; calls go to
 * this origin, the chat socket (CONSOLE_PUBLIC_CORE_URL) and the object store (direct uploads); frames are the
 * console's own embedded pages and the menus' external links (InnerLink). Nobody else may frame the console.
 */

type Env = Record<string, string | undefined>;

/** API answers and files: nothing to load, nothing to run, framed by nobody (as the core and BFF say). */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
export const HSTS = "max-age=31536000";

/** Headers every answer carries. */
export const COMMON_HEADERS: { key: string; value: string }[] = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "SAMEORIGIN" },
  { key: "Referrer-Policy", value: "same-origin" },
];

function trimmed(value: string | undefined): string {
  return (value ?? "").trim().replace(/\/+$/, "");
}

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** The object store's public base as the core computes it (CONSOLE_S3_VISIT_PREFIX, else endpoint/bucket); "" for local disk. */
export function storagePublicBase(env: Env = process.env): string {
  if ((env.CONSOLE_STORAGE_PROVIDER ?? "local") !== "s3") return "";
  const visit = trimmed(env.CONSOLE_S3_VISIT_PREFIX);
  if (visit) return visit;
  const endpoint = trimmed(env.CONSOLE_S3_ENDPOINT_URL);
  return endpoint && env.CONSOLE_S3_BUCKET ? `${endpoint}/${env.CONSOLE_S3_BUCKET}` : "";
}

/** Where the browser's direct uploads go: the S3 endpoint, or AWS itself when none is set. */
function uploadOrigins(env: Env): string[] {
  if ((env.CONSOLE_STORAGE_PROVIDER ?? "local") !== "s3") return [];
  const endpoint = trimmed(env.CONSOLE_S3_ENDPOINT_URL);
  if (!endpoint) return ["https://*.amazonaws.com"];
  const origin = originOf(endpoint);
  return origin ? [origin] : [];
}

/** The chat socket's origin in both forms: CSP's http(s) sources do not match ws(s) addresses. */
function socketOrigins(env: Env): string[] {
  const origin = originOf(trimmed(env.CONSOLE_PUBLIC_CORE_URL));
  return origin ? [origin, origin.replace(/^http/, "ws")] : [];
}

/** The pages' policy for one request's nonce. */
export function pagePolicy(nonce: string, env: Env = process.env): string {
  const dev = env.NODE_ENV === "development";
  const storage = originOf(storagePublicBase(env));
  const unique = (items: (string | null)[]) => [...new Set(items.filter((item): item is string => !!item))].join(" ");
  return [
    "default-src 'self'",
    // React rebuilds server error stacks with eval in development only.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${unique(["'self'", "data:", "blob:", storage])}`,
    "font-src 'self' data:",
    `connect-src ${unique(["'self'", ...socketOrigins(env), ...uploadOrigins(env), storage])}`,
    "media-src 'self' blob:",
    "frame-src 'self' http: https:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}

/** A fresh nonce: 16 random bytes, base64. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** Paths that are not pages of the app but route handlers relaying pages with their own policy. */
export function hasOwnPolicy(pathname: string): boolean {
  return /^\/(pool|api-docs|files)(\/|$)/.test(pathname);
}
