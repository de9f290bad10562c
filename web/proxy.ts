import { type NextRequest, NextResponse } from "next/server";
import { getToken } from "next-auth/jwt";
import { PAGE_PATH_HEADER } from "@/lib/page-path";
import { hasOwnPolicy, newNonce, pagePolicy } from "@/lib/security-headers";

/** Pages that need no sign-in (spec §2.1), plus the page that finishes an ended session. */
const PUBLIC_PATHS = new Set([
  "/login",
  "/auth-redirect",
  "/bind",
  "/register",
  "/webview",
  "/401",
  "/404",
  "/session-ended",
]);

/**
 * The page rendered with a fresh nonce: Next finds it in the request's Content-Security-Policy and puts it
 * on its scripts; the layout reads x-nonce for its own. Relayed pages (/pool, /api-docs) keep their policy.
 */
function render(request: NextRequest, headers = new Headers(request.headers)): NextResponse {
  if (hasOwnPolicy(request.nextUrl.pathname)) return NextResponse.next({ request: { headers } });
  const nonce = newNonce();
  const policy = pagePolicy(nonce);
  headers.set("x-nonce", nonce);
  headers.set("Content-Security-Policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const to = (path: string) => NextResponse.redirect(new URL(path, request.url));

  if (pathname === "/" || pathname === "") return to("/index");

  const token = await getToken({ req: request, secret: process.env.NEXTAUTH_SECRET });
  const signedIn = !!token?.accessToken;

  if (pathname === "/login" && signedIn) return to("/index");
  if (PUBLIC_PATHS.has(pathname)) return render(request);
  if (!signedIn) return to(`/login?redirect=${encodeURIComponent(pathname + search)}`);
  // The page being rendered, for the server components: an ended session sends the operator to
  // sign in again and back here (`PAGE_PATH_HEADER` is always set here, never taken from the browser).
  const headers = new Headers(request.headers);
  headers.set(PAGE_PATH_HEADER, pagePath(request.nextUrl));
  return render(request, headers);
}

/** The address of a page request without Next's own query parameter (`_rsc` on client navigations). */
function pagePath(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete("_rsc");
  const query = params.toString();
  return url.pathname + (query ? `?${query}` : "");
}

export const config = {
  // everything but Next's own files, the API routes and files with an extension
  matcher: ["/((?!api/|_next/|favicon.ico|.*\\.[a-zA-Z0-9]+$).*)"],
};
