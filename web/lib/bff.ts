/**
 * Server-side calls to the BFF (never imported by client components): the core token is added
 * here, so it never leaves the web server.
 */
import type { Envelope } from "@/lib/request";
import type { Locale } from "@/lib/i18n";
import { operatorLocale } from "@/lib/operator-locale";
import {
  envelopeOutcome,
  failureMessage,
  type Message,
  REQUEST_TIMEOUT,
  type TransportFailure,
} from "@/lib/outcome";

const BFF_URL = (process.env.CONSOLE_BFF_URL ?? "http://127.0.0.1:8020").replace(/\/+$/, "");

export interface BffInit {
  method?: string;
  token?: string | null;
  /** a JSON value, or a body passed on as it is with its content type */
  json?: unknown;
  body?: BodyInit | null;
  contentType?: string | null;
  timeout?: number;
  /** caller details the BFF passes on: X-Forwarded-For and User-Agent */
  forwarded?: { ip?: string | null; userAgent?: string | null };
  /** the language the BFF and the core answer refusals in; by default the operator's interface language */
  locale?: Locale;
}

/** Thrown for a call that got no HTTP answer in time or at all, or a non-2xx one. */
export class BffTransportError extends Error {
  constructor(readonly failure: TransportFailure) {
    super(failure.type === "http" ? `BFF HTTP ${failure.status}` : `BFF ${failure.type}`);
  }
}

/** The raw HTTP exchange with the BFF; used as it is by the pass-through route. */
export async function bffFetch(path: string, init: BffInit = {}): Promise<Response> {
  const headers = new Headers({ Accept: "application/json", "Accept-Language": init.locale ?? (await operatorLocale()) });
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  if (init.forwarded?.ip) headers.set("X-Forwarded-For", init.forwarded.ip);
  if (init.forwarded?.userAgent) headers.set("User-Agent", init.forwarded.userAgent);
  let body = init.body ?? null;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers.set("Content-Type", "application/json");
  } else if (init.contentType) {
    headers.set("Content-Type", init.contentType);
  }
  try {
    return await fetch(`${BFF_URL}${path}`, {
      method: init.method ?? "GET",
      headers,
      body,
      cache: "no-store",
      signal: AbortSignal.timeout(init.timeout ?? REQUEST_TIMEOUT),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    throw new BffTransportError({ type: timedOut ? "timeout" : "network" });
  }
}

export type BffResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: "expired" | "forbidden" | "missing" | "failed"; message: Message };

/** A call whose answer is read as the envelope: success gives `data`, anything else a message. */
export async function bffCall<T>(path: string, init: BffInit = {}): Promise<BffResult<T>> {
  let envelope: Envelope<T>;
  try {
    const response = await bffFetch(path, init);
    if (!response.ok) throw new BffTransportError({ type: "http", status: response.status });
    envelope = (await response.json()) as Envelope<T>;
  } catch (error) {
    const failure: TransportFailure =
      error instanceof BffTransportError ? error.failure : { type: "http", status: 502 };
    return { ok: false, status: "failed", message: failureMessage(failure) };
  }
  const outcome = envelopeOutcome(envelope);
  if (outcome.action === "resolve") return { ok: true, data: envelope.data as T };
  if (outcome.action === "relogin") return { ok: false, status: "expired", message: outcome.message };
  const code = String(envelope.code);
  return { ok: false, status: code === "403" ? "forbidden" : code === "404" ? "missing" : "failed", message: outcome.message };
}
