/**
 * The browser's only way to the BFF: the session's core token is added here, server-side.
 * Answers pass through as they are (envelope or file); the BFF's own failures become HTTP errors.
 */
import { type NextRequest, NextResponse } from "next/server";
import { forwardedChain } from "@/lib/auth";
import { BffTransportError, bffFetch } from "@/lib/bff";
import { bodyRefusal, crossSiteRefusal } from "@/lib/cross-site";
import { CAPTCHA_TIMEOUT, REQUEST_TIMEOUT } from "@/lib/outcome";
import { getAccessToken } from "@/lib/session";
import { FILE_SIZE_HEADER } from "@/lib/transfer";

/** Sign-in and sign-out belong to next-auth: the token they carry must never reach the browser. */
const BLOCKED = new Set(["auth/login", "auth/logout"]);
/** Calls made without a session (spec §6: captcha and register carry no token). */
const ANONYMOUS = new Set(["auth/captcha", "auth/register"]);
const PASSED_HEADERS = ["content-type", "content-disposition", "download-filename"];

type Context = { params: Promise<{ path: string[] }> };

async function handle(request: NextRequest, context: Context) {
  const { path } = await context.params;
  if (path.some((segment) => segment === "." || segment === ".." || segment.includes("/"))) {
    return NextResponse.json({ code: 404, msg: "访问资源不存在" });
  }
  const route = path.join("/");
  if (BLOCKED.has(route)) return NextResponse.json({ code: 404, msg: "访问资源不存在" });
  // The pass-through reaches the core's RuoYi calls, some of which change state on GET (unlock, synchDb).
  const refused = crossSiteRefusal(request.method, request.headers, route.startsWith("api/"));
  if (refused) return NextResponse.json(refused, { headers: { "Cache-Control": "no-store" } });

  const token = ANONYMOUS.has(route) ? null : await getAccessToken();
  if (!ANONYMOUS.has(route) && !token) {
    return NextResponse.json({ code: 401, msg: "认证失败，无法访问系统资源" });
  }

  const body = request.method !== "GET" && request.method !== "HEAD" ? await request.arrayBuffer() : null;
  const wrongBody = bodyRefusal(request.headers, body?.byteLength ?? 0);
  if (wrongBody) return NextResponse.json(wrongBody, { headers: { "Cache-Control": "no-store" } });
  try {
    const upstream = await bffFetch(`/bff/${path.map(encodeURIComponent).join("/")}${request.nextUrl.search}`, {
      method: request.method,
      token,
      body,
      contentType: request.headers.get("content-type"),
      timeout: route === "auth/captcha" ? CAPTCHA_TIMEOUT : REQUEST_TIMEOUT,
      forwarded: {
        ip: forwardedChain(request.headers.get("x-forwarded-for")),
        userAgent: request.headers.get("user-agent"),
      },
    });
    const headers = new Headers({ "Cache-Control": "no-store" });
    for (const name of PASSED_HEADERS) {
      const value = upstream.headers.get(name);
      if (value) headers.set(name, value);
    }
    // a file's size, for the download's progress bar: the bytes pass unchanged unless the BFF compressed them.
    // Next's server drops a streamed body's Content-Length, so the size also travels under a name of ours.
    const size = upstream.headers.get("content-length");
    if (size && !upstream.headers.get("content-encoding")) {
      headers.set("content-length", size);
      headers.set(FILE_SIZE_HEADER, size);
    }
    return new NextResponse(upstream.body, { status: upstream.status, headers });
  } catch (error) {
    const timedOut = error instanceof BffTransportError && error.failure.type === "timeout";
    return new NextResponse(null, { status: timedOut ? 504 : 502 });
  }
}

export { handle as DELETE, handle as GET, handle as POST, handle as PUT };
