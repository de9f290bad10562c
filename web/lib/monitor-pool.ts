/**
 * The database-pool page, embedded same-origin: the browser loads /pool/*, the web's route passes it
 * to the BFF's /bff/pages/monitor/pool/* and that to the core's /monitor/pool/*. Only the page's own
 * cookie travels; the core's redirects come back pointed at /pool.
 */

/** Where the web mounts the core's /monitor/pool. */
export const POOL_MOUNT = "/pool";
export const POOL_COOKIE = "console_pool";

/** The frame's address for a ticket of POST /monitor/druid/ticket. */
export function poolFrameSrc(ticket: string): string {
  return `${POOL_MOUNT}/open?ticket=${encodeURIComponent(ticket)}`;
}

/** The path segments a /pool address may carry (letters, digits, '-' and '_'). */
export function isPoolPath(segments: readonly string[]): boolean {
  return segments.length <= 4 && segments.every((segment) => /^[A-Za-z0-9_-]+$/.test(segment));
}

/** The BFF address of a /pool address. */
export function bffPoolPath(segments: readonly string[], search: string): string {
  return `/bff/pages/monitor/pool/${segments.join("/")}${search}`;
}

/**
 * A redirect of the page as the browser should follow it: the mount's own root without the trailing
 * slash (Next would redirect it once more); anything off the mount goes to the mount's root.
 */
export function poolLocation(location: string | null): string | null {
  if (!location) return null;
  if (location === POOL_MOUNT || location === `${POOL_MOUNT}/`) return POOL_MOUNT;
  if (location.startsWith(`${POOL_MOUNT}/`) || location.startsWith(`${POOL_MOUNT}?`)) return location;
  return POOL_MOUNT;
}
