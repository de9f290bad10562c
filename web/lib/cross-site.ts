/**
 * Only the console's own pages may use the console's calls (/api/bff, the embedded pages): a page of
 * another site must not write through them with the operator's cookie, nor make a GET that changes state
 * (RuoYi's unlock and synchDb are GETs) by a link, an image or a top-level navigation.
 *
 * The browser says where a request comes from: `Sec-Fetch-Site` (every current browser) and `Origin` (on
 * every write, and on cross-origin reads). A request that carries neither is not a browser's (a script,
 * curl, a test runner) and cannot ride on a victim's cookie; only a GET that may change state then needs the
 * header that the console's own request layer always sets, which no other site can make a browser send
 * without asking (and this app never answers that question).
 */

export const CONSOLE_HEADER = "X-Console-Request";
export const CROSS_SITE_REFUSED = "已拒绝来自其他网站的请求，请在控制台页面中操作";
export const BODY_REFUSED = "请求体格式不支持，请以 JSON、表单或文件上传方式提交";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** JSON for calls, forms for RuoYi-style exports, multipart for uploads and imports. */
const BODY_TYPES = new Set(["application/json", "application/x-www-form-urlencoded", "multipart/form-data"]);

interface HeaderSource {
  get(name: string): string | null;
}

export interface Refusal {
  code: 403 | 415;
  msg: string;
}

function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}

/** The hosts the console answers as: the request's Host, a proxy's X-Forwarded-Host, and NEXTAUTH_URL's. */
export function ownHosts(headers: HeaderSource, publicUrl: string | undefined = process.env.NEXTAUTH_URL): Set<string> {
  const hosts = new Set<string>();
  for (const value of [headers.get("host"), headers.get("x-forwarded-host")?.split(",")[0]]) {
    if (value?.trim()) hosts.add(value.trim().toLowerCase());
  }
  const configured = hostOf(publicUrl);
  if (configured) hosts.add(configured);
  return hosts;
}

/**
 * Why a request must be refused, or null when it came from the console's own pages (or from no browser).
 * `changesState`: the call may change something even on GET (the pass-through to the core's RuoYi calls).
 */
export function crossSiteRefusal(method: string, headers: HeaderSource, changesState: boolean, hosts: Set<string> = ownHosts(headers)): Refusal | null {
  const refused: Refusal = { code: 403, msg: CROSS_SITE_REFUSED };
  const site = headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin") return refused;
  const origin = headers.get("origin");
  if (origin !== null) {
    const host = hostOf(origin); // "null" (a sandboxed frame, a privacy redirect) is nobody's
    if (!host || !hosts.has(host)) return refused;
  }
  const write = WRITES.has(method.toUpperCase());
  if (!write && changesState && site === null && headers.get(CONSOLE_HEADER) !== "1") return refused;
  return null;
}

/** 415 for a body that is none of the types the console sends (text/plain is what other sites post freely). */
export function bodyRefusal(headers: HeaderSource, bodyLength: number): Refusal | null {
  if (bodyLength === 0) return null;
  const type = (headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  return BODY_TYPES.has(type) ? null : { code: 415, msg: BODY_REFUSED };
}
