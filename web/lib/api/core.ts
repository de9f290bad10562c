/**
 * The browser's typed clients (issue 27 §1): `core` calls the core API through this app's /api/bff route
 * and the BFF's relay, `bff` calls the BFF's own screens. Both are typed from the generated OpenAPI types,
 * so a wrong path, parameter or body fails the type check. A failed call tells the user (the request
 * layer's toasts and sign-in prompt) and rejects with RequestError; `answer()` gives the success envelope.
 */
import createClient from "openapi-fetch";
import type { components as BffComponents, paths as BffPaths } from "@/lib/api/bff-types";
import type { components, paths as CorePaths } from "@/lib/api/core-types";
import { downloadFileName, isFileResponse } from "@/lib/outcome";
import { FORM_TYPE, exchange, RequestError, saveFile, toQuery, withTransfer } from "@/lib/request";
import { contentLength, FILE_SIZE_HEADER, receive } from "@/lib/transfer";

type ErrorResult = components["schemas"]["ErrorResult"] | BffComponents["schemas"]["ErrorResult"];
type Success<T> = T extends ErrorResult ? (ErrorResult extends T ? never : T) : T;
/** A call's success answer: its declared model, or the plain envelope when it declares none. */
export type Answer<T> = [Success<T>] extends [never] ? T : Success<T>;

const querySerializer = (query: Record<string, unknown>) => toQuery(query);

/** The core API, its paths and bodies as its OpenAPI document declares them. */
export const core = createClient<CorePaths>({ baseUrl: "/api/bff/api", querySerializer, fetch: exchange });

/** The BFF's screens (a list's next page, a refresh) as the BFF's OpenAPI document declares them. */
export const bff = createClient<BffPaths>({ baseUrl: "/api", querySerializer, fetch: exchange });

/** The success envelope of a typed call (the request layer rejected any refusal after telling the user). */
export async function answer<T>(pending: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<Answer<T>> {
  const { data } = await pending;
  return data as Answer<T>;
}

/** What a form does with a refusal's field problems (wire name → text): shows each under its field. */
export type FieldRefusal = (fields: Readonly<Record<string, string>>) => void;

/** Whether a write was done: false when refused (the user was told), so a form stays open; a refusal naming
 * fields is also handed to `refused`, which shows each problem under its field. */
export async function done(pending: Promise<{ data?: unknown; error?: unknown; response: Response }>, refused?: FieldRefusal): Promise<boolean> {
  try {
    await pending;
    return true;
  } catch (error) {
    if (error instanceof RequestError) {
      if (refused && Object.keys(error.fields).length > 0) refused(error.fields);
      return false;
    }
    throw error;
  }
}

/**
 * The options of a RuoYi export: the list's filters posted as a form, the answer read as a stream (saveAs shows
 * its bytes coming). Use as `saveAs(core.POST("/system/post/export", { body: filters, ...asFile }), "post.xlsx")`.
 */
export const asFile = {
  bodySerializer: (body: unknown) => toQuery(body as Record<string, unknown>),
  headers: { "Content-Type": FORM_TYPE },
  parseAs: "stream",
} as const;

/**
 * Saves the file a typed call answered (asked with `parseAs: "stream"`), named by the server (or `fileName`),
 * with its progress in a toast: "preparing" while the server makes it, then the bytes received against its
 * Content-Length; false when refused (the user was told).
 */
export async function saveAs(pending: Promise<{ data?: ReadableStream<Uint8Array> | null; response: Response }>, fileName: string): Promise<boolean> {
  return withTransfer({ phase: "preparing", name: fileName, loaded: 0, total: null }, (show) =>
    done(
      pending.then(async ({ data, response }) => {
        const type = response.headers.get("content-type");
        if (data && isFileResponse(type)) {
          const name = downloadFileName(response.headers.get("download-filename"), fileName);
          const total = contentLength(response.headers.get("content-length") ?? response.headers.get(FILE_SIZE_HEADER));
          saveFile(await receive(data, { name, total }, show, type ?? ""), name);
        }
        return { data, response };
      }),
    ),
  );
}
