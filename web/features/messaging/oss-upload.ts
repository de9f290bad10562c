/**
 * Direct-to-storage upload (spec §5, §7.5, §8): the browser sends each file straight to the object
 * store with short-lived credentials from GET /admin/open/v1/qiniu_upload ({visitPrefix, token,
 * folderPath}; token = base64 JSON {url, fields}, a presigned POST for one folder). With local storage
 * the token's url is the console's own /common/upload, reached through the BFF.
 *
 * Rules: files must be an array ('files must be an array type'); a credential callback is required;
 * no file rejects with 'No file found to upload' (statusCode 1); a file over the maximum rejects with
 * '图片过大，请重新上传'; per-file progress; a network failure shows '网络错误，请检查一下网络' for 2 s.
 */
import type { components } from "@/lib/api/core-types";

export const OSS_MESSAGES = {
  tooLarge: "图片过大，请重新上传",
  notArray: "files must be an array type",
  noCallback: "请添加获取对象存储上传凭证的回调函数 getToken",
  noFile: "No file found to upload",
  network: "网络错误，请检查一下网络",
  failed: "上传失败, 请重试",
} as const;

export const NETWORK_MESSAGE_DURATION = 2000;
export const DEFAULT_MAX_SIZE = 5 * 1024 * 1024;
export const IMAGE_TYPES = ["png", "jpg", "jpeg", "gif", "webp"] as const;
export const VIDEO_TYPES = ["mp4", "mov", "webm"] as const;
/** Where the browser reaches the core's own upload call (local storage). */
export const LOCAL_UPLOAD = "/common/upload";
const RANDOM_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

/** The token-based provider's answer. */
export type UploadCredentials = components["schemas"]["UploadCredentials"];

export interface UploadPolicy {
  url: string;
  fields: Record<string, string>;
}

/** One uploaded file (spec §3: fileIndex, name, url). */
export interface UploadedFile {
  fileIndex: number;
  name: string;
  url: string;
}

export class OssUploadError extends Error {
  constructor(
    message: string,
    readonly statusCode?: number,
  ) {
    super(message);
    this.name = "OssUploadError";
  }
}

/** A failure to reach the store at all (as opposed to a refusal). */
export class NetworkError extends Error {}

export interface TransportRequest {
  url: string;
  form: FormData;
  onProgress: (percent: number) => void;
}

export type Transport = (request: TransportRequest) => Promise<{ status: number; body: string }>;

export interface OssUploadOptions {
  files: unknown;
  getToken?: () => Promise<UploadCredentials>;
  /** bytes; default 5 MB */
  maxSize?: number;
  onProgress?: (progress: { fileIndex: number; percent: number }) => void;
  /** shows a message for a while (the network failure) */
  notify?: (message: string, duration: number) => void;
  transport?: Transport;
  now?: () => number;
  random?: () => number;
}

interface FileLike {
  name: string;
  size: number;
}

export function extensionWithDot(name: string): string {
  const dot = name.lastIndexOf(".");
  if (dot <= 0 || dot === name.length - 1) return "";
  return name.slice(dot).toLowerCase();
}

export function randomSuffix(length = 10, random: () => number = Math.random): string {
  let out = "";
  for (let i = 0; i < length; i += 1) out += RANDOM_ALPHABET[Math.floor(random() * RANDOM_ALPHABET.length) % 36];
  return out;
}

/**
 * The storage key: 'file/' + folderPath + timestamp + 10 random [0-9a-z] + the original extension.
 * A folder path that already starts with 'file/' (the S3 policy's) is not prefixed twice.
 */
export function storageKey(folderPath: string, fileName: string, now: number, random: () => number = Math.random): string {
  const folder = folderPath.replace(/^\/+/, "");
  const base = folder.startsWith("file/") ? folder : `file/${folder}`;
  const dir = base === "" || base.endsWith("/") ? base : `${base}/`;
  return `${dir}${now}${randomSuffix(10, random)}${extensionWithDot(fileName)}`;
}

/** The token's upload policy (base64 JSON {url, fields}); null when it is not one. */
export function decodePolicy(token: string): UploadPolicy | null {
  try {
    const text = typeof atob === "function" ? atob(token) : Buffer.from(token, "base64").toString("binary");
    const bytes = Uint8Array.from(text, (ch) => ch.charCodeAt(0));
    const value = JSON.parse(new TextDecoder().decode(bytes)) as Partial<UploadPolicy>;
    if (typeof value?.url !== "string" || !value.url) return null;
    return { url: value.url, fields: value.fields && typeof value.fields === "object" ? value.fields : {} };
  } catch {
    return null;
  }
}

/** The checks made before anything is sent; the refusal as an error, or null. */
export function checkFiles(files: unknown, hasCallback: boolean, maxSize: number = DEFAULT_MAX_SIZE): OssUploadError | null {
  if (!Array.isArray(files)) return new OssUploadError(OSS_MESSAGES.notArray);
  if (!hasCallback) return new OssUploadError(OSS_MESSAGES.noCallback);
  if (files.length === 0) return new OssUploadError(OSS_MESSAGES.noFile, 1);
  if ((files as FileLike[]).some((file) => !file || typeof file.size !== "number" || file.size > maxSize)) {
    return new OssUploadError(OSS_MESSAGES.tooLarge);
  }
  return null;
}

/** The file input's settings: image types by default for images, video types for videos; count > 0 → several. */
export function pickerOptions(kind: "image" | "video", count = 0, types?: readonly string[]): { accept: string; multiple: boolean } {
  const list = types?.length ? types : kind === "image" ? IMAGE_TYPES : VIDEO_TYPES;
  const family = kind === "image" ? "image/*" : "video/*";
  return { accept: [...list.map((type) => `.${type}`), family].join(","), multiple: count > 0 };
}

/** Opens the browser's file chooser; resolves with the chosen files (none when cancelled). */
export function chooseFiles(kind: "image" | "video", count = 0, types?: readonly string[]): Promise<File[]> {
  return new Promise((resolve) => {
    const input = document.createElement("input");
    const { accept, multiple } = pickerOptions(kind, count, types);
    input.type = "file";
    input.accept = accept;
    input.multiple = multiple;
    input.style.display = "none";
    input.addEventListener("change", () => {
      const files = [...(input.files ?? [])];
      input.remove();
      resolve(count > 0 ? files.slice(0, count) : files.slice(0, 1));
    });
    input.addEventListener("cancel", () => {
      input.remove();
      resolve([]);
    });
    document.body.appendChild(input);
    input.click();
  });
}

/** XMLHttpRequest: the only browser API with upload progress. */
export const xhrTransport: Transport = ({ url, form, onProgress }) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.timeout = 10 * 60_000;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new NetworkError("network"));
    xhr.ontimeout = () => reject(new NetworkError("timeout"));
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText });
    xhr.send(form);
  });

function joinUrl(prefix: string, key: string): string {
  return `${prefix.replace(/\/+$/, "")}/${key.replace(/^\/+/, "")}`;
}

/** The local upload answers with the envelope of /common/upload: its fileName is the stored path. */
function localAnswer(status: number, body: string): string {
  if (status < 200 || status >= 300) throw new OssUploadError(OSS_MESSAGES.failed);
  let envelope: { code?: number | string; msg?: string; fileName?: string };
  try {
    envelope = JSON.parse(body);
  } catch {
    throw new OssUploadError(OSS_MESSAGES.failed);
  }
  const code = String(envelope.code ?? 200);
  if (code !== "200" && code !== "0000") throw new OssUploadError(envelope.msg || OSS_MESSAGES.failed, Number(code) || undefined);
  if (!envelope.fileName) throw new OssUploadError(OSS_MESSAGES.failed);
  return envelope.fileName;
}

/** Uploads every file, one after another; resolves with their addresses in order. */
export async function ossUpload(options: OssUploadOptions): Promise<UploadedFile[]> {
  const refused = checkFiles(options.files, typeof options.getToken === "function", options.maxSize ?? DEFAULT_MAX_SIZE);
  if (refused) throw refused;
  const files = options.files as File[];
  const transport = options.transport ?? xhrTransport;
  const now = options.now ?? Date.now;
  const credentials = await (options.getToken as () => Promise<UploadCredentials>)();
  const policy = decodePolicy(credentials?.token ?? "");
  if (!policy) throw new OssUploadError(OSS_MESSAGES.failed);
  const local = policy.url.startsWith("/");
  const uploaded: UploadedFile[] = [];
  for (const [fileIndex, file] of files.entries()) {
    const form = new FormData();
    const key = storageKey(credentials.folderPath ?? "", file.name, now(), options.random);
    if (!local) {
      for (const [name, value] of Object.entries(policy.fields)) form.append(name, value);
      form.set("key", key);
    }
    form.append("file", file, file.name);
    const onProgress = (percent: number) => options.onProgress?.({ fileIndex, percent });
    let answer: { status: number; body: string };
    try {
      answer = await transport({ url: local ? `/api/bff/api${policy.url}` : policy.url, form, onProgress });
    } catch (error) {
      if (error instanceof NetworkError) {
        options.notify?.(OSS_MESSAGES.network, NETWORK_MESSAGE_DURATION);
        throw new OssUploadError(OSS_MESSAGES.network);
      }
      throw error;
    }
    let url: string;
    if (local) {
      url = localAnswer(answer.status, answer.body);
    } else {
      if (answer.status < 200 || answer.status >= 300) throw new OssUploadError(OSS_MESSAGES.failed);
      url = joinUrl(credentials.visitPrefix, key);
    }
    onProgress(100);
    uploaded.push({ fileIndex, name: file.name, url });
  }
  return uploaded;
}
