import { request, RequestError } from "@/lib/request";

/**
 * A write through the BFF pass-through; resolves false when refused (the request layer told the user). Only the
 * code generator's screens use it (their routes are not in core-types.ts until the generated code is merged).
 */
export async function send(path: string, method: "POST" | "PUT" | "DELETE", data?: unknown, params?: Record<string, unknown>) {
  try {
    await request(`api/${path.replace(/^\//, "")}`, { method, data, params });
    return true;
  } catch (error) {
    if (error instanceof RequestError) return false;
    throw error;
  }
}
