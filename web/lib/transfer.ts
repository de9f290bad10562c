/**
 * A long transfer's progress (issue 28 §3): a file sent then processed by the server (an import), or a
 * file the server makes then sends (an export, the code generator's zip). Free of React: the request
 * layer reports these states, the request bridge shows them (components/transfer-progress.tsx).
 */

/** preparing: the server makes the file; receiving: its bytes come; sending: the file goes; processing: the
 * server works on what it received. */
export type TransferPhase = "preparing" | "receiving" | "sending" | "processing";

export interface Transfer {
  phase: TransferPhase;
  /** the file's name, as the user chose it or the server named it */
  name: string;
  loaded: number;
  /** null when the size is not known (no Content-Length): the bar cannot fill */
  total: number | null;
}

/** 0–100 while bytes move against a known size; null (a bar without a value) otherwise. */
export function percent(transfer: Transfer): number | null {
  const moving = transfer.phase === "receiving" || transfer.phase === "sending";
  if (!moving || !transfer.total) return null;
  return Math.min(100, Math.floor((transfer.loaded / transfer.total) * 100));
}

const UNITS = ["B", "KB", "MB", "GB"];

/** A size for people: 980 B, 12.3 KB, 4.5 MB. */
export function byteSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** What the bar's line under it says: bytes so far, against the size when known ('' while none move). */
export function transferBytes(transfer: Transfer): string {
  if (percent(transfer) === null && transfer.loaded === 0) return "";
  return transfer.total ? `${byteSize(transfer.loaded)} / ${byteSize(transfer.total)}` : byteSize(transfer.loaded);
}

/** The size of a relayed file under a name of ours: Next's server drops a streamed body's Content-Length. */
export const FILE_SIZE_HEADER = "x-file-size";

/** A Content-Length header as a size; null when absent or not a number. */
export function contentLength(header: string | null): number | null {
  const size = Number(header ?? "");
  return header && Number.isSafeInteger(size) && size > 0 ? size : null;
}

/**
 * Reads a response body to its end, reporting each step of the bar (a report whenever the whole percent
 * moves, or each chunk when the size is unknown), and answers the bytes as one Blob of `type`.
 */
export async function receive(
  body: ReadableStream<Uint8Array>,
  start: Omit<Transfer, "phase" | "loaded">,
  report: (transfer: Transfer) => void,
  type = "",
): Promise<Blob> {
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let transfer: Transfer = { ...start, phase: "receiving", loaded: 0 };
  report(transfer);
  let shown = percent(transfer);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    transfer = { ...transfer, loaded: transfer.loaded + value.byteLength };
    const now = percent(transfer);
    if (now === null || now !== shown) report(transfer);
    shown = now;
  }
  return new Blob(parts as BlobPart[], { type });
}
