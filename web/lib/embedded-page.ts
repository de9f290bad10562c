/**
 * Pages of the core that the console embeds on its own origin (the pool page at /pool, the API docs at
 * /api-docs): each authenticates with a cookie of its own, opened by a one-time ticket.
 */

/** That one cookie out of the browser's Cookie header; the console's own cookies stay here. */
export function onlyCookie(cookieHeader: string | null, name: string): string | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      if (value) return `${name}=${value}`;
    }
  }
  return null;
}

/** A Set-Cookie of the page scoped to where the console mounts it, so the browser sends it nowhere else. */
export function mountedCookie(setCookie: string, mount: string): string {
  const parts = setCookie.split(";").filter((part) => !/^\s*path\s*=/i.test(part));
  return [...parts, ` Path=${mount}`].join(";");
}
