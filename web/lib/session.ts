/** The signed-in operator on the server: the core token from the JWT cookie and the session screen. */
import { NextRequest } from "next/server";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getToken } from "next-auth/jwt";
import { cache } from "react";
import type { SessionData } from "@/lib/api/types";
import { bffCall, type BffInit, type BffResult } from "@/lib/bff";
import { getMessageText } from "@/lib/i18n-server";
import { PAGE_PATH_HEADER } from "@/lib/page-path";
import { effectiveRoles } from "@/lib/permission";

/** The core token of this request's session, or null when signed out. */
export const getAccessToken = cache(async (): Promise<string | null> => {
  // getToken reads the (possibly chunked) session cookie of a request: this one's headers (its Cookie header) as one
  const req = new NextRequest("http://console.local/", { headers: await headers() });
  const token = await getToken({ req, secret: process.env.NEXTAUTH_SECRET });
  return token?.accessToken ?? null;
});

/**
 * Where to go when the BFF no longer accepts the session (the prompt, then sign-in and back to
 * `from`), or the session screen fails.
 */
export function sessionEndedPath(reason: "expired" | "error", options: { text?: string; from?: string | null } = {}) {
  const params = new URLSearchParams({ reason });
  if (options.text) params.set("text", options.text.slice(0, 200));
  if (options.from) params.set("from", options.from.slice(0, 1000));
  return `/session-ended?${params}`;
}

/** The page this request renders (set by the proxy), to come back to after signing in again. */
async function pagePath(): Promise<string | null> {
  return (await headers()).get(PAGE_PATH_HEADER);
}

/** A screen call with the session's token; an ended session signs the operator out. */
export async function loadScreen<T>(path: string, init: Omit<BffInit, "token"> = {}): Promise<BffResult<T>> {
  const token = await getAccessToken();
  if (!token) redirect(sessionEndedPath("expired", { from: await pagePath() }));
  const result = await bffCall<T>(path, { ...init, token });
  if (!result.ok && result.status === "expired") redirect(sessionEndedPath("expired", { from: await pagePath() }));
  return result;
}

/** Once per request: user, roles (ROLE_DEFAULT when none), permissions, routers, dictionaries. */
export const loadConsoleSession = cache(async (): Promise<SessionData> => {
  const result = await loadScreen<SessionData>("/bff/screens/session");
  if (!result.ok) redirect(sessionEndedPath("error", { text: (await getMessageText())(result.message) }));
  return { ...result.data, roles: effectiveRoles(result.data.roles) };
});
