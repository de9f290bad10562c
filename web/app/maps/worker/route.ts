import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";

/**
 * MapLibre's web worker (maplibre-gl 6 is ESM-only and a bundler cannot place its worker): served same-origin
 * from the installed package, so the map picker needs no CDN (the page policy allows `worker-src 'self'`).
 */
const require = createRequire(import.meta.url);
let cached: Promise<Buffer> | null = null;

export async function GET(): Promise<Response> {
  cached ??= readFile(require.resolve("maplibre-gl/dist/maplibre-gl-worker.mjs"));
  return new Response(new Uint8Array(await cached), {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
