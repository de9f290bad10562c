/**
 * The server side of the embedded pages (/pool, /api-docs): a browser request passed to the BFF as the
 * signed-in operator, with only the page's own cookie, and the answer passed back with the headers the
 * page needs, its cookies scoped to the mount and its redirects kept on it.
 */
import { type NextRequest, NextResponse } from "next/server";
import { forwardedChain } from "@/lib/auth";
import { mountedCookie, onlyCookie } from "@/lib/embedded-page";
import { operatorLocale } from "@/lib/operator-locale";
import { REQUEST_TIMEOUT } from "@/lib/outcome";

const BFF_URL = (process.env.CONSOLE_BFF_URL ?? "http://127.0.0.1:8020").replace(/\/+$/, "");

export interface PageRelay {
  bffPath: string;
  token: string;
  mount: string;
  /** the page's cookie passed on; null passes none */
  cookie: string | null;
  passed: readonly string[];
  /** where a redirect of the page goes, as the browser should follow it */
  location: (value: string) => string;
  headers?: Record<string, string>;
}

export async function relayPage(request: NextRequest, relay: PageRelay): Promise<NextResponse> {
  const headers = new Headers({
    Authorization: `Bearer ${relay.token}`,
    "X-Forwarded-Prefix": relay.mount,
    "Accept-Language": await operatorLocale(),
    ...relay.headers,
  });
  const cookie = relay.cookie ? onlyCookie(request.headers.get("cookie"), relay.cookie) : null;
  if (cookie) headers.set("Cookie", cookie);
  for (const name of ["content-type", "user-agent"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const ip = forwardedChain(request.headers.get("x-forwarded-for"));
  if (ip) headers.set("X-Forwarded-For", ip);
  const hasBody = request.method !== "GET" && request.method !== "HEAD";

  let upstream: Response;
  try {
    upstream = await fetch(`${BFF_URL}${relay.bffPath}`, {
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
  for (const name of relay.passed) {
    const value = upstream.headers.get(name);
    if (value) out.set(name, value);
  }
  for (const value of upstream.headers.getSetCookie()) out.append("Set-Cookie", mountedCookie(value, relay.mount));
  const location = upstream.headers.get("location");
  if (location) out.set("Location", relay.location(location));
  return new NextResponse(upstream.status === 304 ? null : upstream.body, { status: upstream.status, headers: out });
}
