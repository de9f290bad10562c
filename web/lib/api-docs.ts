/**
 * The core's API documentation (Swagger UI at its /docs/), embedded same-origin: the browser loads
 * /api-docs/docs/*, the web's route passes it to the BFF's /bff/pages/tool/docs/* and that to the core.
 * "Try it out" calls made by the page go to /api-docs/<core path> (the page prefixes its own mount)
 * and reach the core as the operator of the page's cookie, only with the X-Docs-Request header; those
 * on the BFF's document (/api-docs/bff/...) reach the BFF with the operator's console session, also only
 * with that header (which no other site's page can set).
 */

export const DOCS_MOUNT = "/api-docs";
export const DOCS_COOKIE = "console_docs";
export const DOCS_HEADER = "x-docs-request";
/** The page itself: Next drops a trailing slash, so the page is addressed by a file name. */
export const DOCS_PAGE = `${DOCS_MOUNT}/docs/index.html`;

const SEGMENT = /^[A-Za-z0-9_,.-]+$/;

/** The frame's address for a ticket of POST /tool/swagger/ticket. */
export function docsFrameSrc(ticket: string): string {
  return `${DOCS_MOUNT}/docs/open?ticket=${encodeURIComponent(ticket)}`;
}

/** The BFF's own calls that "try it out" on the BFF's document may make (not its pages, not sign-in). */
const BFF_CALLS = new Set(["screens", "api", "chat", "files"]);

export type DocsTarget = { kind: "page" | "call" | "bff"; bffPath: string } | null;

/** Where an /api-docs address goes at the BFF, or null when it is not one the page may use. */
export function docsTarget(segments: readonly string[], search: string): DocsTarget {
  if (segments.length === 0 || segments.length > 8) return null;
  if (!segments.every((segment) => SEGMENT.test(segment) && segment !== "." && segment !== "..")) return null;
  if (segments[0] === "docs") {
    const rest = segments.slice(1);
    if (rest.some((segment) => segment.includes(","))) return null;
    const path = rest.length === 1 && rest[0] === "index.html" ? "" : rest.join("/");
    return { kind: "page", bffPath: `/bff/pages/tool/docs/${path}${search}` };
  }
  if (segments[0] === "bff") {
    // the BFF's document: its calls go to the BFF as the signed-in operator, as the console's own do
    if (segments.length < 3 || !BFF_CALLS.has(segments[1])) return null;
    return { kind: "bff", bffPath: `/${segments.join("/")}${search}` };
  }
  return { kind: "call", bffPath: `/bff/pages/tool/docs-call/${segments.join("/")}${search}` };
}

/** A redirect of the docs pages as the browser should follow it: always back onto the page. */
export function docsLocation(location: string | null): string | null {
  if (!location) return null;
  if (location.startsWith("/docs/") && location !== "/docs/" && !location.startsWith("//")) {
    const rest = location.slice("/docs/".length);
    if (/^[A-Za-z0-9_.\-/?=&%]+$/.test(rest) && !rest.includes("..")) return `${DOCS_MOUNT}/docs/${rest}`;
  }
  return DOCS_PAGE;
}
