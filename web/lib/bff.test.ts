// @vitest-environment node
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

/**
 * A real HTTP server on loopback stands in for the BFF (CONSOLE_BFF_URL points at it): it answers as the BFF
 * does for an English and for a Chinese caller, and keeps the headers of every request it saw.
 */
let server: Server;
let seen: IncomingHttpHeaders[];
let bff: typeof import("./bff");

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.headers);
    const english = (req.headers["accept-language"] ?? "").startsWith("en");
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ code: 500, msg: english ? "realName: is required" : "真实姓名不能为空" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.CONSOLE_BFF_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  bff = await import("./bff");
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
});

describe("bffFetch", () => {
  it("tells the BFF the operator's interface language, so refusals come back in it", async () => {
    const english = await bff.bffCall("/bff/api/admin/AccountUserAuth", { method: "POST", json: {}, locale: "en" });
    expect(english).toEqual({ ok: false, status: "failed", message: { text: "realName: is required" } });
    const chinese = await bff.bffCall("/bff/api/admin/AccountUserAuth", { method: "POST", json: {}, locale: "zh-CN" });
    expect(chinese).toEqual({ ok: false, status: "failed", message: { text: "真实姓名不能为空" } });
    expect(seen.map((headers) => headers["accept-language"])).toEqual(["en", "zh-CN"]);
  });

  it("sends the language beside the token and the caller's details", async () => {
    await bff.bffFetch("/bff/screens/session", {
      token: "t0ken",
      locale: "en",
      forwarded: { ip: "198.51.100.23", userAgent: "Firefox" },
    });
    expect(seen[0]).toMatchObject({
      "accept-language": "en",
      authorization: "Bearer t0ken",
      "x-forwarded-for": "198.51.100.23",
      "user-agent": "Firefox",
    });
  });
});
