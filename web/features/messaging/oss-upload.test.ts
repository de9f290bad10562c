import { describe, expect, it, vi } from "vitest";
import {
  checkFiles,
  decodePolicy,
  NetworkError,
  OSS_MESSAGES,
  ossUpload,
  OssUploadError,
  pickerOptions,
  storageKey,
  type Transport,
  type UploadCredentials,
} from "./oss-upload";

const token = (policy: object) => btoa(JSON.stringify(policy));
const file = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: "image/png" });
const s3: UploadCredentials = {
  visitPrefix: "https://cdn.example/bucket",
  token: token({ url: "https://s3.example/bucket", fields: { policy: "p", "x-amz-signature": "s", key: "file/chat/${filename}" } }),
  folderPath: "file/chat/",
};
const local: UploadCredentials = { visitPrefix: "/profile", token: token({ url: "/common/upload", fields: {} }), folderPath: "chat/" };

async function rejection(promise: Promise<unknown>): Promise<OssUploadError> {
  try {
    await promise;
  } catch (error) {
    return error as OssUploadError;
  }
  throw new Error("expected a rejection");
}

describe("the upload's checks (spec 5)", () => {
  it("refuses a non-array, a missing callback, no file and a file over the maximum", () => {
    expect(checkFiles("x", true)?.message).toBe("files must be an array type");
    expect(checkFiles([file("a.png")], false)?.message).toBe(OSS_MESSAGES.noCallback);
    const none = checkFiles([], true);
    expect(none?.message).toBe("No file found to upload");
    expect(none?.statusCode).toBe(1);
    expect(checkFiles([file("a.png", 11)], true, 10)?.message).toBe("图片过大，请重新上传");
    expect(checkFiles([file("a.png", 10)], true, 10)).toBeNull();
  });

  it("rejects before asking for credentials", async () => {
    const getToken = vi.fn(async () => s3);
    expect((await rejection(ossUpload({ files: [], getToken }))).statusCode).toBe(1);
    expect((await rejection(ossUpload({ files: {} as unknown, getToken }))).message).toBe(OSS_MESSAGES.notArray);
    expect((await rejection(ossUpload({ files: [file("a.png")] }))).message).toBe(OSS_MESSAGES.noCallback);
    expect(getToken).not.toHaveBeenCalled();
  });

  it("offers image types for images, video types for videos, several files when count > 0", () => {
    expect(pickerOptions("image")).toEqual({ accept: ".png,.jpg,.jpeg,.gif,.webp,image/*", multiple: false });
    expect(pickerOptions("video", 3).accept).toContain("video/*");
    expect(pickerOptions("video", 3).multiple).toBe(true);
    expect(pickerOptions("image", 0, ["png"]).accept).toBe(".png,image/*");
  });
});

describe("storage keys and tokens", () => {
  it("builds file/ + folder + timestamp + 10 of [0-9a-z] + extension", () => {
    const key = storageKey("chat/", "photo.JPG", 1_700_000_000_000, () => 0.99);
    expect(key).toBe("file/chat/1700000000000zzzzzzzzzz.jpg");
    expect(storageKey("file/chat/", "a.png", 1, () => 0)).toBe("file/chat/10000000000.png");
    expect(storageKey("chat", "noext", 5, () => 0)).toMatch(/^file\/chat\/5[0-9a-z]{10}$/);
  });

  it("decodes the base64 policy and refuses anything else", () => {
    expect(decodePolicy(local.token)).toEqual({ url: "/common/upload", fields: {} });
    expect(decodePolicy("!!")).toBeNull();
    expect(decodePolicy(btoa("{}"))).toBeNull();
  });
});

describe("ossUpload", () => {
  it("posts each file with the policy's fields and its own key, reporting progress per file", async () => {
    const sent: { url: string; key: FormDataEntryValue | null; policy: FormDataEntryValue | null }[] = [];
    const transport: Transport = async ({ url, form, onProgress }) => {
      sent.push({ url, key: form.get("key"), policy: form.get("policy") });
      onProgress(50);
      return { status: 204, body: "" };
    };
    const progress: { fileIndex: number; percent: number }[] = [];
    const result = await ossUpload({
      files: [file("a.png"), file("b.jpg")],
      getToken: async () => s3,
      transport,
      now: () => 1000,
      random: () => 0,
      onProgress: (p) => progress.push(p),
    });
    expect(sent.map((s) => s.url)).toEqual(["https://s3.example/bucket", "https://s3.example/bucket"]);
    expect(sent[0].key).toBe("file/chat/10000000000000.png");
    expect(sent[0].policy).toBe("p");
    expect(result).toEqual([
      { fileIndex: 0, name: "a.png", url: "https://cdn.example/bucket/file/chat/10000000000000.png" },
      { fileIndex: 1, name: "b.jpg", url: "https://cdn.example/bucket/file/chat/10000000000000.jpg" },
    ]);
    expect(progress).toEqual([
      { fileIndex: 0, percent: 50 },
      { fileIndex: 0, percent: 100 },
      { fileIndex: 1, percent: 50 },
      { fileIndex: 1, percent: 100 },
    ]);
  });

  it("with local storage sends the file to the console's own upload and keeps its stored path", async () => {
    const transport: Transport = async ({ url, form }) => {
      expect(url).toBe("/api/bff/api/common/upload");
      expect(form.get("key")).toBeNull();
      return { status: 200, body: JSON.stringify({ code: 200, fileName: "/profile/upload/x.png" }) };
    };
    const result = await ossUpload({ files: [file("x.png")], getToken: async () => local, transport });
    expect(result).toEqual([{ fileIndex: 0, name: "x.png", url: "/profile/upload/x.png" }]);
  });

  it("passes a refusal of the local upload on", async () => {
    const transport: Transport = async () => ({ status: 200, body: JSON.stringify({ code: 500, msg: "文件类型不允许" }) });
    const error = await rejection(ossUpload({ files: [file("x.png")], getToken: async () => local, transport }));
    expect(error.message).toBe("文件类型不允许");
  });

  it("shows the network message for 2 s when the store cannot be reached", async () => {
    const notify = vi.fn();
    const transport: Transport = async () => {
      throw new NetworkError("down");
    };
    const error = await rejection(ossUpload({ files: [file("x.png")], getToken: async () => s3, transport, notify }));
    expect(error.message).toBe("网络错误，请检查一下网络");
    expect(notify).toHaveBeenCalledWith("网络错误，请检查一下网络", 2000);
  });

  it("fails when the store refuses", async () => {
    const transport: Transport = async () => ({ status: 403, body: "<Error/>" });
    const error = await rejection(ossUpload({ files: [file("x.png")], getToken: async () => s3, transport }));
    expect(error.message).toBe(OSS_MESSAGES.failed);
  });
});
