"use server";

/**
 * Where the browser's chat socket connects: the core's public address (CONSOLE_PUBLIC_CORE_URL, given
 * to the web server only). WebSockets do not pass reliably through Next's rewrites, so the browser
 * connects to the core directly; an empty answer means 'the same origin' (a reverse proxy in front).
 */
export async function chatSocketUrl(): Promise<string> {
  const url = (process.env.CONSOLE_PUBLIC_CORE_URL ?? "").trim().replace(/\/+$/, "");
  return /^https?:\/\/[^\s]+$/.test(url) ? url : "";
}
