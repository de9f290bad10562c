/**
 * The database-pool page of the core (monitor/druid/index embeds it), served on this origin so that
 * its frame is same-origin: /pool/* → BFF /bff/pages/monitor/pool/* → core /monitor/pool/*. The
 * page authenticates with its own cookie (opened by a one-time ticket); only that cookie is passed on.
 */
import { type NextRequest, NextResponse } from "next/server";
import { crossSiteRefusal } from "@/lib/cross-site";
import { bffPoolPath, isPoolPath, POOL_COOKIE, POOL_MOUNT, poolLocation } from "@/lib/monitor-pool";
import { relayPage } from "@/lib/page-relay";
import { getAccessToken } from "@/lib/session";

const PASSED_HEADERS = ["content-type", "cache-control", "content-security-policy", "x-content-type-options"];

export async function GET(request: NextRequest, context: { params: Promise<{ path?: string[] }> }) {
  const { path = [] } = await context.params;
  if (!isPoolPath(path)) return new NextResponse(null, { status: 404 });
  // The page lives in the console's frame; no other site opens it (its ticket is a secret, so no state).
  const refused = crossSiteRefusal(request.method, request.headers, false);
  if (refused) return NextResponse.json(refused);
  const token = await getAccessToken();
  if (!token) return new NextResponse(null, { status: 401 });
  return relayPage(request, {
    bffPath: bffPoolPath(path, request.nextUrl.search),
    token,
    mount: POOL_MOUNT,
    cookie: POOL_COOKIE,
    passed: PASSED_HEADERS,
    location: (value) => poolLocation(value) ?? POOL_MOUNT,
  });
}
