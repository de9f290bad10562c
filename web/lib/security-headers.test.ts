import { describe, expect, it } from "vitest";
import { pagePolicy, storagePublicBase } from "@/lib/security-headers";

function directives(policy: string): Map<string, string> {
  return new Map(policy.split("; ").map((part) => [part.split(" ")[0], part.slice(part.indexOf(" ") + 1)]));
}

describe("the pages' Content-Security-Policy", () => {
  it("runs only the nonce's scripts and allows what the console loads", () => {
    const policy = directives(
      pagePolicy("abc", {
        NODE_ENV: "production",
        CONSOLE_PUBLIC_CORE_URL: "https://core.example.com/",
        CONSOLE_STORAGE_PROVIDER: "s3",
        CONSOLE_S3_ENDPOINT_URL: "http://127.0.0.1:9000",
        CONSOLE_S3_BUCKET: "console",
      }),
    );
    expect(policy.get("script-src")).toBe("'self' 'nonce-abc' 'strict-dynamic'");
    expect(policy.get("img-src")).toBe("'self' data: blob: http://127.0.0.1:9000");
    expect(policy.get("connect-src")).toBe("'self' https://core.example.com wss://core.example.com http://127.0.0.1:9000");
    expect(policy.get("frame-ancestors")).toBe("'self'");
    expect(policy.get("object-src")).toBe("'none'");
  });

  it("adds eval only in development and nothing foreign for local storage", () => {
    const policy = directives(pagePolicy("n", { NODE_ENV: "development" }));
    expect(policy.get("script-src")).toBe("'self' 'nonce-n' 'strict-dynamic' 'unsafe-eval'");
    expect(policy.get("img-src")).toBe("'self' data: blob:");
    expect(policy.get("connect-src")).toBe("'self'");
  });

  it("finds the object store's public base as the core does", () => {
    expect(storagePublicBase({})).toBe("");
    expect(storagePublicBase({ CONSOLE_STORAGE_PROVIDER: "s3", CONSOLE_S3_VISIT_PREFIX: "https://cdn.example.com/" })).toBe("https://cdn.example.com");
    expect(storagePublicBase({ CONSOLE_STORAGE_PROVIDER: "s3", CONSOLE_S3_ENDPOINT_URL: "http://s3:9000/", CONSOLE_S3_BUCKET: "b" })).toBe("http://s3:9000/b");
  });
});
