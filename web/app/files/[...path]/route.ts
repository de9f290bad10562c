/**
 * Uploaded files as the browser reads them: /files/<path> streams the core's /profile/<path>
 * through the BFF, for a signed-in operator only.
 */
import { type NextRequest, NextResponse } from "next/server";
import { BffTransportError, bffFetch } from "@/lib/bff";
import { getAccessToken } from "@/lib/session";

const PASSED_HEADERS = ["content-type", "content-length", "content-disposition", "cache-control", "last-modified", "etag", "x-content-type-options"];

export async function GET(_request: NextRequest, context: { params: Promise<{ path: string[] }> }) {
  const { path } = await context.params;
  if (path.some((segment) => !segment || segment === "." || segment === ".." || segment.includes("/") || segment.includes("\\"))) {
    return new NextResponse(null, { status: 404 });
  }
  const token = await getAccessToken();
  if (!token) return new NextResponse(null, { status: 401 });
  try {
    const upstream = await bffFetch(`/bff/files/${path.map(encodeURIComponent).join("/")}`, { token });
    const type = upstream.headers.get("content-type") ?? "";
    if (!upstream.ok || type.includes("application/json")) return new NextResponse(null, { status: 404 });
    const headers = new Headers();
    for (const name of PASSED_HEADERS) {
      const value = upstream.headers.get(name);
      if (value) headers.set(name, value);
    }
    return new NextResponse(upstream.body, { status: 200, headers });
  } catch (error) {
    const timedOut = error instanceof BffTransportError && error.failure.type === "timeout";
    return new NextResponse(null, { status: timedOut ? 504 : 502 });
  }
}
