/**
 * Uploaded files: the core stores them under /profile/..., the browser reads them through this app's
 * /files/... route (the "API base" of spec §2.9), and the upload checks of spec §5.
 */
import { isHttp } from "@/lib/validate";

export const STORED_PREFIX = "/profile/";
export const WEB_PREFIX = "/files/";

export const IMAGE_LIMIT = { count: 5, sizeMb: 5, types: ["png", "jpg", "jpeg"] } as const;
export const FILE_LIMIT = { count: 5, sizeMb: 5, types: ["doc", "xls", "ppt", "txt", "pdf"] } as const;
export const EDITOR_IMAGE_MB = 5;

/** Where the browser reads a stored path: /profile/x → /files/x; absolute URLs stay as they are. */
export function fileUrl(path: string | null | undefined): string {
  if (!path) return "";
  if (isHttp(path) || path.startsWith("data:") || path.startsWith("blob:")) return path;
  if (path.startsWith(STORED_PREFIX)) return WEB_PREFIX + path.slice(STORED_PREFIX.length);
  return path;
}

/** The value to store for a browser address: the API base prefix stripped again. */
export function storedPath(url: string): string {
  return url.startsWith(WEB_PREFIX) ? STORED_PREFIX + url.slice(WEB_PREFIX.length) : url;
}

/** A field holding several files is one comma-joined string. */
export function splitFiles(value: string | null | undefined): string[] {
  return (value ?? "").split(",").map((item) => item.trim()).filter(Boolean);
}

export function joinFiles(paths: readonly string[]): string {
  return paths.filter(Boolean).join(",");
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

export interface UploadRule {
  /** allowed extensions; empty for an image means any image type */
  types: readonly string[];
  sizeMb: number;
  image?: boolean;
  /** the image message names the avatar, as the spec's catalogue does */
  avatar?: boolean;
}

/** The spec's refusal message for a chosen file, or null when it may be uploaded. */
export function uploadError(file: { name: string; type: string; size: number }, rule: UploadRule): string | null {
  const ext = extensionOf(file.name);
  if (rule.image) {
    const allowed = rule.types.length === 0 ? file.type.startsWith("image/") : rule.types.includes(ext);
    if (!allowed) return `文件格式不正确, 请上传${rule.types.join("/")}图片格式文件!`;
  } else if (rule.types.length > 0 && !rule.types.includes(ext)) {
    return `文件格式不正确, 请上传${rule.types.join("/")}格式文件!`;
  }
  if (file.size > rule.sizeMb * 1024 * 1024) {
    return rule.image && rule.avatar
      ? `上传头像图片大小不能超过 ${rule.sizeMb} MB!`
      : `上传文件大小不能超过 ${rule.sizeMb} MB!`;
  }
  return null;
}

export function countError(current: number, adding: number, limit: number): string | null {
  return current + adding > limit ? `上传文件数量不能超过 ${limit} 个!` : null;
}

/** An import's report ('…<br/>…') as lines of text, never HTML: names in it come from the uploaded file. */
export function reportLines(msg: string | undefined): string[] {
  return (msg ?? "")
    .split(/<br\s*\/?>/i)
    .map((line) => line.trim())
    .filter(Boolean);
}
