/**
 * The database-pool page of the core (monitor/druid/index embeds it), served on this origin so that
 * its frame is same-origin: /pool/* → BFF /bff/pages/monitor/pool/* → core /monitor/pool/*. The
 * page authenticates with its own cookie (opened by a one-time ticket); only that cookie is passed on.
 */
import { type NextRequest, NextResponse } from "next/server";
import { forwardedChain } from "@/lib/auth";
import { mountedCookie, onlyCookie } from "@/lib/embedded-page";
import { bffPoolPath, isPoolPath, POOL_COOKIE, POOL_MOUNT, poolLocation } from "@/lib/monitor-pool";
import { REQUEST_TIMEOUT } from "@/lib/outcome";
import { getAccessToken } from "@/lib/session";

const BFF_URL = (process.env.CONSOLE_BFF_URL ?? "http://127.0.0.1:8020").replace(/\/+$/, "");
const PASSED_HEADERS = ["content-type", "cache-control", "content-security-policy", "x-content-type-options"];

export async function GET(request: NextRequest, context: { params: Promise<{ path?: string[] }> }) {
  const { path = [] } = await context.params;
  if (!isPoolPath(path)) return new NextResponse(null, { status: 404 });
  const token = await getAccessToken();
  if (!token) return new NextResponse(null, { status: 401 });

  const headers = new Headers({ Authorization: `Bearer ${token}`, "X-Forwarded-Prefix": POOL_MOUNT });
  const cookie = onlyCookie(request.headers.get("cookie"), POOL_COOKIE);
  if (cookie) headers.set("Cookie", cookie);
  const ip = forwardedChain(request.headers.get("x-forwarded-for"));
  if (ip) headers.set("X-Forwarded-For", ip);
  const userAgent = request.headers.get("user-agent");
  if (userAgent) headers.set("User-Agent", userAgent);

  let upstream: Response;
  try {
    upstream = await fetch(`${BFF_URL}${bffPoolPath(path, request.nextUrl.search)}`, {
      headers,
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
  for (const value of upstream.headers.getSetCookie()) out.append("Set-Cookie", mountedCookie(value, POOL_MOUNT));
  const location = poolLocation(upstream.headers.get("location"));
  if (location) out.set("Location", location);
  return new NextResponse(upstream.status === 304 ? null : upstream.body, { status: upstream.status, headers: out });
}
