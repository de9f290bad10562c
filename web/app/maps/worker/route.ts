import { access, readFile } from "node:fs/promises";
import path from "node:path";

/**
 * MapLibre's web worker (maplibre-gl 6 is ESM-only and a bundler cannot place its worker): served same-origin
 * from the installed package, so the map picker needs no CDN (the page policy allows `worker-src 'self'`).
 * The file is looked up from the server's directory upwards (web/node_modules, then the workspace's).
 */
const FILE = path.join("node_modules", "maplibre-gl", "dist", "maplibre-gl-worker.mjs");
let cached: Promise<Buffer> | null = null;

async function find(): Promise<Buffer> {
  let dir = process.cwd();
  for (;;) {
    const candidate = path.join(dir, FILE);
    try {
      await access(candidate);
      return await readFile(candidate);
    } catch {
      const up = path.dirname(dir);
      if (up === dir) throw new Error(`${FILE} not found`);
      dir = up;
    }
  }
}

export async function GET(): Promise<Response> {
  cached ??= find().catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return new Response(new Uint8Array(await cached), {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
