/**
 * The API documentation of the core (tool/swagger/index embeds it), served on this origin so that
 * its frame is same-origin: /api-docs/docs/* → BFF /bff/pages/tool/docs/* → core /docs/*, and the
 * page's "try it out" calls /api-docs/<path> → BFF /bff/pages/tool/docs-call/<path> → core /<path>
 * (with the page's own cookie only), and on the BFF's document /api-docs/bff/<path> → BFF /bff/<path>
 * with the operator's console session.
 */
import { type NextRequest, NextResponse } from "next/server";
import { DOCS_COOKIE, docsLocation, docsTarget, DOCS_HEADER, DOCS_MOUNT } from "@/lib/api-docs";
import { crossSiteRefusal } from "@/lib/cross-site";
import { relayPage } from "@/lib/page-relay";
import { getAccessToken } from "@/lib/session";

const PASSED_HEADERS = ["content-type", "cache-control", "content-disposition", "download-filename", "content-security-policy", "x-content-type-options"];

type Context = { params: Promise<{ path?: string[] }> };

async function handle(request: NextRequest, context: Context) {
  const { path = [] } = await context.params;
  const target = docsTarget(path, request.nextUrl.search);
  if (!target) return new NextResponse(null, { status: 404 });
  if (target.kind === "page" && request.method !== "GET") return new NextResponse(null, { status: 405 });
  if (target.kind !== "page" && request.headers.get(DOCS_HEADER) !== "1") return new NextResponse(null, { status: 404 });
  // The page and its calls live in the console's frame; the calls' header already shows they are the page's.
  const refused = crossSiteRefusal(request.method, request.headers, false);
  if (refused) return NextResponse.json(refused);
  const token = await getAccessToken();
  if (!token) return new NextResponse(null, { status: 401 });
  return relayPage(request, {
    bffPath: target.bffPath,
    token,
    mount: DOCS_MOUNT,
    cookie: target.kind === "bff" ? null : DOCS_COOKIE,
    passed: PASSED_HEADERS,
    location: (value) => docsLocation(value) ?? DOCS_MOUNT,
    headers: target.kind === "call" ? { "X-Docs-Request": "1" } : undefined,
  });
}

export { handle as DELETE, handle as GET, handle as POST, handle as PUT };
