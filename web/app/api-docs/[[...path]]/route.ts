/**
 * The API documentation of the core (tool/swagger/index embeds it), served on this origin so that
 * its frame is same-origin: /api-docs/docs/* → BFF /bff/pages/tool/docs/* → core /docs/*, and the
 * page's "try it out" calls /api-docs/<path> → BFF /bff/pages/tool/docs-call/<path> → core /<path>
 * (with the page's own cookie only), and on the BFF's document /api-docs/bff/<path> → BFF /bff/<path>
 * with the operator's console session.
 */
import { type NextRequest, NextResponse } from "next/server";
import { DOCS_COOKIE, docsLocation, docsTarget, DOCS_HEADER, DOCS_MOUNT } from "@/lib/api-docs";
import { mountedCookie, onlyCookie } from "@/lib/embedded-page";
import { forwardedChain } from "@/lib/auth";
import { REQUEST_TIMEOUT } from "@/lib/outcome";
import { getAccessToken } from "@/lib/session";

const BFF_URL = (process.env.CONSOLE_BFF_URL ?? "http://127.0.0.1:8020").replace(/\/+$/, "");
const PASSED_HEADERS = ["content-type", "cache-control", "content-disposition", "download-filename", "content-security-policy", "x-content-type-options"];

type Context = { params: Promise<{ path?: string[] }> };

async function handle(request: NextRequest, context: Context) {
  const { path = [] } = await context.params;
  const target = docsTarget(path, request.nextUrl.search);
  if (!target) return new NextResponse(null, { status: 404 });
  if (target.kind === "page" && request.method !== "GET") return new NextResponse(null, { status: 405 });
  if (target.kind !== "page" && request.headers.get(DOCS_HEADER) !== "1") return new NextResponse(null, { status: 404 });
  const token = await getAccessToken();
  if (!token) return new NextResponse(null, { status: 401 });

  const headers = new Headers({ Authorization: `Bearer ${token}`, "X-Forwarded-Prefix": DOCS_MOUNT });
  const cookie = onlyCookie(request.headers.get("cookie"), DOCS_COOKIE);
  if (cookie && target.kind !== "bff") headers.set("Cookie", cookie);
  if (target.kind === "call") headers.set("X-Docs-Request", "1");
  const contentType = request.headers.get("content-type");
  if (contentType) headers.set("Content-Type", contentType);
  const ip = forwardedChain(request.headers.get("x-forwarded-for"));
  if (ip) headers.set("X-Forwarded-For", ip);
  const userAgent = request.headers.get("user-agent");
  if (userAgent) headers.set("User-Agent", userAgent);
  const hasBody = request.method !== "GET" && request.method !== "HEAD";

  let upstream: Response;
  try {
    upstream = await fetch(`${BFF_URL}${target.bffPath}`, {
      method: request.method,
      headers,
      body: hasBody ? await request.arrayBuffer() : undefined,
      redirect: "manual",
      cache: "no-store",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return new NextResponse(null, { status: timedOut ? 504 : 502 });
  }
  const out = new Headers({ "Cache-Control": "no-store" });
  for (const name of PASSED_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) out.set(name, value);
  }
  for (const value of upstream.headers.getSetCookie()) out.append("Set-Cookie", mountedCookie(value, DOCS_MOUNT));
  const location = upstream.headers.get("location");
  if (location) out.set("Location", docsLocation(location) ?? DOCS_MOUNT);
  return new NextResponse(upstream.status === 304 ? null : upstream.body, { status: upstream.status, headers: out });
}

export { handle as DELETE, handle as GET, handle as POST, handle as PUT };
