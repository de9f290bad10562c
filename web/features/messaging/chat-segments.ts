/**
 * Chat message content (spec §3): a list of segments, an image ({type: 'img', url}) or text
 * ({type: 'txt', txt}). Outgoing text is split with the core's emoji catalogue: an emoji with a known
 * icon becomes an image segment (keeping the emoji as its txt), anything else text.
 */
import type { components } from "@/lib/api/core-types";
import { fileUrl, STORED_PREFIX } from "@/lib/files";

export type ChatSegment = components["schemas"]["ChatSegment"];

export type ContentType = ChatSegment["type"];

/** One entry of the emoji catalogue (GET /admin/chat/v1/emoji). */
export type EmojiEntry = components["schemas"]["EmojiEntry"];

/** Emoji (as its code points) → entry, for entries that have an icon. */
export type EmojiIndex = Map<string, EmojiEntry>;

const VARIATION_SELECTOR = "\uFE0F";
export const IMAGE_PREVIEW = "[图片]";
export const NO_MESSAGE = "暂无消息";

export function emojiIndex(catalogue: readonly EmojiEntry[]): EmojiIndex {
  const index: EmojiIndex = new Map();
  for (const entry of catalogue) {
    const key = entry.emoji.replaceAll(VARIATION_SELECTOR, "");
    if (entry.icon && key) index.set(key, entry);
  }
  return index;
}

/** The longest catalogue emoji starting at code point i (catalogue entries are one or two code points). */
function matchAt(points: string[], i: number, index: EmojiIndex): { entry: EmojiEntry; length: number } | null {
  for (const length of [2, 1]) {
    if (i + length > points.length) continue;
    const entry = index.get(points.slice(i, i + length).join(""));
    if (entry) return { entry, length };
  }
  return null;
}

/** Outgoing text as segments; runs of plain text stay one segment. */
export function splitSegments(text: string, index: EmojiIndex): ChatSegment[] {
  const points = Array.from(text);
  const out: ChatSegment[] = [];
  let buffer = "";
  for (let i = 0; i < points.length; ) {
    const match = index.size ? matchAt(points, i, index) : null;
    if (!match) {
      buffer += points[i];
      i += 1;
      continue;
    }
    if (buffer) out.push({ type: "txt", txt: buffer });
    buffer = "";
    out.push({ type: "img", url: match.entry.icon, txt: match.entry.emoji });
    i += match.length;
    if (points[i] === VARIATION_SELECTOR) i += 1; // '❤️' is the catalogue's '❤' with a presentation selector
  }
  if (buffer) out.push({ type: "txt", txt: buffer });
  return out;
}

/** The text a segment carries (txt, or text in some senders' form). */
export function segmentText(segment: ChatSegment): string {
  return segment.txt ?? segment.text ?? "";
}

/** Is this image segment an inline emoji (an icon of the catalogue) rather than a sent picture? */
export function isEmojiSegment(segment: ChatSegment): boolean {
  return segment.type === "img" && !!segment.url && /^\/chat\/emoji\/|\/bff\/chat\/emoji\//.test(segment.url);
}

/** The room list's last message as segments: '[图片]' for images, '暂无消息' when none, else text with emoji. */
export function lastMessageSegments(lastMessage: string | null | undefined, contentType: string | null | undefined, index: EmojiIndex): ChatSegment[] {
  if (contentType === "img") return [{ type: "txt", txt: IMAGE_PREVIEW }];
  const text = (lastMessage ?? "").trim();
  if (!text) return [{ type: "txt", txt: NO_MESSAGE }];
  return splitSegments(text, index);
}

/** What a room shows as its last content after a message: the image marker or the text with emoji. */
export function previewOf(content: readonly ChatSegment[], contentType: ContentType): string {
  if (contentType === "img") return IMAGE_PREVIEW;
  return content.map(segmentText).join("").slice(0, 200);
}

/** A stored file's path below its prefix, as the core's storage names them (core_api/platform/storage.py):
 * segments that never start with a dot (no '.' or '..'), no '%', '\\', '?', '#' or empty segment. */
const STORED_PATH = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;
const CHAT_ASSET = /^\/chat\/(emoji\/[0-9a-f]{1,6}\.svg|sound\/notify\.wav)$/;

/** The object store's public base that the server gave the page (the root layout's data-storage-base). */
export function pageStorageBase(): string {
  return typeof document === "undefined" ? "" : (document.documentElement.dataset.storageBase ?? "");
}

/**
 * Where the browser loads a chat asset (a picture, an avatar, an emoji icon, the sound), or "" when the
 * address is none of the console's own: emoji icons and the sound through the BFF (same origin), stored
 * uploads through /files, the object store's files from its public base. Anything else (another host,
 * javascript:, a '..' that the browser would resolve to one of the console's own calls) is never loaded.
 */
export function chatAssetUrl(url: string | null | undefined, storageBase: string = pageStorageBase()): string {
  if (!url) return "";
  if (CHAT_ASSET.test(url)) return `/api/bff${url}`;
  if (url.startsWith(STORED_PREFIX) && STORED_PATH.test(url.slice(STORED_PREFIX.length))) return fileUrl(url);
  const base = storageBase.replace(/\/+$/, "");
  if (/^https?:\/\//.test(base) && url.startsWith(`${base}/`) && STORED_PATH.test(url.slice(base.length + 1))) return url;
  return "";
}

/** A client message id for an idempotent send (the core accepts [A-Za-z0-9_-:.], up to 64). */
export function clientMessageId(now: number = Date.now(), random: () => number = Math.random): string {
  return `w${now.toString(36)}${Math.floor(random() * 36 ** 8).toString(36).padStart(8, "0")}`;
}

/** Inserts text (a picked emoji) at the textarea's cursor, replacing a selection; gives where the cursor goes. */
export function insertAt(value: string, start: number, end: number, text: string): { value: string; cursor: number } {
  const from = Math.max(0, Math.min(start, value.length));
  const to = Math.max(from, Math.min(end, value.length));
  return { value: value.slice(0, from) + text + value.slice(to), cursor: from + text.length };
}
