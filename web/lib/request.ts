/**
 * The browser's request layer (spec §7.1, §8): every call goes to this app's /api/bff route,
 * which adds the session's token server-side. What the interface shows is injected by
 * <RequestBridge>, so this module stays free of React.
 */
import type { PathsWithMethod } from "openapi-typescript-helpers";
import type { paths as CorePaths } from "@/lib/api/core-types";
import { CONSOLE_HEADER } from "@/lib/cross-site";
import {
  envelopeOutcome,
  FAILURE_TOAST_DURATION,
  fieldErrors,
  failureMessage,
  isFileResponse,
  type Message,
  REQUEST_TIMEOUT,
  type TransportFailure,
} from "@/lib/outcome";
import type { Transfer } from "@/lib/transfer";

/** Every answer of the BFF and the core: HTTP 200 with the outcome in `code`. */
export interface Envelope<T = unknown> {
  code?: number | string;
  msg?: string;
  info?: string;
  data?: T;
}

export interface RequestHandlers {
  /** toast or notification for a failed call */
  show(kind: "error" | "warning" | "notify", message: Message, duration?: number): void;
  /** the 'login has expired' prompt */
  relogin(): void;
  /** a long download's progress (a toast with its bar), by transfer; null ends it */
  transfer(id: number, state: Transfer | null): void;
}

let handlers: RequestHandlers | null = null;

export function setRequestHandlers(next: RequestHandlers): () => void {
  handlers = next;
  return () => {
    if (handlers === next) handlers = null;
  };
}

/** The rejection of a failed call; the interface has already been told. */
export class RequestError extends Error {
  /** a refused form's problems by field (wire name), shown under the fields as well as in the toast */
  constructor(readonly detail: Message, readonly fields: Readonly<Record<string, string>> = {}) {
    super("key" in detail ? detail.key : detail.text);
  }
}

type Params = Record<string, unknown>;

/** GET parameters and form bodies: empty values dropped, objects as key[sub] (params[beginTime]). */
export function toQuery(params: Params | undefined): string {
  const search = new URLSearchParams();
  const empty = (value: unknown) => value === undefined || value === null || value === "";
  for (const [key, value] of Object.entries(params ?? {})) {
    if (empty(value)) continue;
    if (typeof value === "object" && !Array.isArray(value)) {
      for (const [sub, inner] of Object.entries(value as Params)) {
        if (!empty(inner)) search.append(`${key}[${sub}]`, String(inner));
      }
    } else {
      search.append(key, String(value));
    }
  }
  return search.toString();
}

function bffUrl(path: string, params?: Params): string {
  const query = toQuery(params);
  return `/api/bff/${path.replace(/^\/+/, "")}${query ? `?${query}` : ""}`;
}

function fail(failure: TransportFailure): never {
  const message = failureMessage(failure);
  handlers?.show("error", message, FAILURE_TOAST_DURATION);
  throw new RequestError(message);
}

/** Every call says it is the console's own (see lib/cross-site.ts): GETs that change state need it. */
export function consoleHeaders(headers?: HeadersInit): Headers {
  const all = new Headers(headers);
  all.set(CONSOLE_HEADER, "1");
  return all;
}

async function send(url: string | Request, init: RequestInit, timeout: number): Promise<Response> {
  let response: Response;
  try {
    const options = { ...init, headers: consoleHeaders(init.headers), signal: AbortSignal.timeout(timeout) };
    response = await fetch(new Request(url, options)); // happy-dom drops init headers beside a Request
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return fail({ type: timedOut ? "timeout" : "network" });
  }
  if (!response.ok) fail({ type: "http", status: response.status });
  return response;
}

/** What a refused envelope does: the user is told (or asked to sign in again), the call rejects. */
function refuse(body: Envelope): never | void {
  const outcome = envelopeOutcome(body);
  if (outcome.action === "resolve") return;
  if (outcome.action === "relogin") handlers?.relogin();
  else handlers?.show(outcome.action, outcome.message);
  throw new RequestError(outcome.message, fieldErrors(body));
}

/**
 * The typed clients' fetch (lib/api/core.ts): the console's header and the timeout, transport failures
 * and refused envelopes told to the user and rejected; a success (JSON or file) is answered as it came.
 */
export async function exchange(call: Request): Promise<Response> {
  const response = await send(call, { headers: call.headers }, REQUEST_TIMEOUT);
  if (isFileResponse(response.headers.get("content-type"))) return response;
  const text = await response.text();
  let body: Envelope;
  try {
    body = JSON.parse(text) as Envelope;
  } catch {
    return fail({ type: "http", status: response.status });
  }
  refuse(body);
  // read once (a clone's body is not dependable everywhere): the client reads this copy
  return new Response(text, { status: response.status, headers: response.headers });
}

export const FORM_TYPE = "application/x-www-form-urlencoded";

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  params?: Params;
  data?: unknown;
  timeout?: number;
}

/** A BFF call; resolves with the envelope on success, rejects (after telling the user) otherwise. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const init: RequestInit = { method: options.method ?? "GET" };
  if (options.data !== undefined) {
    init.body = JSON.stringify(options.data);
    init.headers = { "Content-Type": "application/json" };
  }
  const response = await send(bffUrl(path, options.params), init, options.timeout ?? REQUEST_TIMEOUT);
  let body: Envelope<T>;
  try {
    body = (await response.json()) as Envelope<T>;
  } catch {
    return fail({ type: "http", status: response.status });
  }
  refuse(body);
  return body;
}

export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

let transfers = 0;

/** Shows a transfer's progress while `work` runs (it reports through `show`), and ends it after. */
export async function withTransfer<T>(first: Transfer, work: (show: (state: Transfer) => void) => Promise<T>): Promise<T> {
  const id = ++transfers;
  const show = (state: Transfer) => handlers?.transfer(id, state);
  show(first);
  try {
    return await work(show);
  } finally {
    handlers?.transfer(id, null);
  }
}

export interface UploadOptions {
  params?: Params;
  /** the file's bytes as they are sent, then "processing" until the server answers */
  onProgress?: (transfer: Transfer) => void;
  timeout?: number;
  /** resolve with a refusal's body too (the import's per-row report); 401 still asks to sign in */
  acceptFailure?: boolean;
}

/**
 * A multipart upload (imports, images) to a core path, with progress; resolves with the envelope like
 * request(). The path is one the core's document declares for POST.
 */
export function upload<T = unknown>(path: PathsWithMethod<CorePaths, "post">, form: FormData, options: UploadOptions = {}): Promise<Envelope<T> & Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", bffUrl(`api${path}`, options.params));
    xhr.setRequestHeader(CONSOLE_HEADER, "1");
    xhr.timeout = options.timeout ?? REQUEST_TIMEOUT;
    const name = [...form.values()].find((value): value is File => value instanceof File)?.name ?? "";
    xhr.upload.onprogress = (event) => {
      options.onProgress?.({ phase: "sending", name, loaded: event.loaded, total: event.lengthComputable ? event.total : null });
    };
    xhr.upload.onload = () => options.onProgress?.({ phase: "processing", name, loaded: 0, total: null });
    const failWith = (failure: TransportFailure) => {
      try {
        fail(failure);
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => failWith({ type: "network" });
    xhr.ontimeout = () => failWith({ type: "timeout" });
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return failWith({ type: "http", status: xhr.status });
      let body: Envelope<T> & Record<string, unknown>;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        return failWith({ type: "http", status: xhr.status });
      }
      const outcome = envelopeOutcome(body);
      if (outcome.action === "resolve" || (options.acceptFailure && outcome.action !== "relogin")) return resolve(body);
      if (outcome.action === "relogin") handlers?.relogin();
      else handlers?.show(outcome.action, outcome.message);
      reject(new RequestError(outcome.message));
    };
    xhr.send(form);
  });
}
