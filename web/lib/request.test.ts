import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, type Mock, vi } from "vitest";
import { type RequestHandlers, request, setRequestHandlers, toQuery } from "./request";

/**
 * A real HTTP server on loopback stands in for the BFF: the page's origin is pointed at it, so request() goes
 * through the real fetch. Each test says how it answers; every request it saw is kept.
 */
type Answer = (req: IncomingMessage, res: ServerResponse, body: string) => void;
let server: Server;
let origin: string;
let answer: Answer;
let seen: { method: string; url: string; body: string; contentType: string | undefined }[];

function json(body: unknown, status = 200): Answer {
  return (_req, res) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
}

function pointPageAt(url: string) {
  const dom = (window as Window & { happyDOM?: { setURL(url: string): void } }).happyDOM;
  if (!dom) throw new Error("these tests run in happy-dom");
  dom.setURL(url);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", body, contentType: req.headers["content-type"] });
      answer(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
  answer = json({ code: 200 });
  pointPageAt(`${origin}/index`);
});

describe("toQuery", () => {
  it("drops empty values and writes objects as key[sub]", () => {
    expect(toQuery({ pageNum: 1, userName: "", status: null, params: { beginTime: "2024-01-01", endTime: "" } })).toBe(
      "pageNum=1&params%5BbeginTime%5D=2024-01-01",
    );
  });
});

describe("request", () => {
  let handlers: { show: Mock<RequestHandlers["show"]>; relogin: Mock<RequestHandlers["relogin"]>; transfer: Mock<RequestHandlers["transfer"]> };
  let release: () => void;

  beforeEach(() => {
    handlers = { show: vi.fn<RequestHandlers["show"]>(), relogin: vi.fn<RequestHandlers["relogin"]>(), transfer: vi.fn<RequestHandlers["transfer"]>() };
    release = setRequestHandlers(handlers);
  });

  afterEach(() => release());

  it("calls this app's /api/bff route with the query string and resolves the envelope", async () => {
    answer = json({ code: "0000", data: { x: 1 } });
    const body = await request<{ x: number }>("/screens/x", { params: { a: 1 } });
    expect(body.data).toEqual({ x: 1 });
    expect(seen.map((r) => [r.method, r.url])).toEqual([["GET", "/api/bff/screens/x?a=1"]]);
    expect(handlers.show).not.toHaveBeenCalled();
  });

  it("sends a body as JSON", async () => {
    await request("system/user", { method: "PUT", data: { userId: 2, nickName: "若依" } });
    expect(seen).toEqual([
      { method: "PUT", url: "/api/bff/system/user", body: '{"userId":2,"nickName":"若依"}', contentType: "application/json" },
    ]);
  });

  it("prompts to sign in again on code 401 and rejects", async () => {
    answer = json({ code: 401, msg: "expired" });
    await expect(request("screens/x")).rejects.toThrow("code401");
    expect(handlers.relogin).toHaveBeenCalledOnce();
    expect(handlers.show).not.toHaveBeenCalled();
  });

  it("shows the server's message on code 500", async () => {
    answer = json({ code: 500, msg: "验证码错误" });
    await expect(request("auth/register", { method: "POST", data: {} })).rejects.toThrow("验证码错误");
    expect(handlers.show).toHaveBeenCalledWith("error", { text: "验证码错误" });
  });

  it("names time-outs, HTTP errors and network failures for 5 s", async () => {
    answer = () => undefined; // never answers
    await expect(request("a", { timeout: 200 })).rejects.toThrow("timeout");
    expect(handlers.show).toHaveBeenLastCalledWith("error", { key: "timeout" }, 5000);

    answer = (_req, res) => {
      res.writeHead(502);
      res.end("bad gateway");
    };
    await expect(request("a")).rejects.toThrow("httpStatus");
    expect(handlers.show).toHaveBeenLastCalledWith("error", { key: "httpStatus", values: { status: 502 } }, 5000);

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve)); // nothing listens there any more
    pointPageAt(`http://127.0.0.1:${port}/index`);
    await expect(request("a")).rejects.toThrow("network");
    expect(handlers.show).toHaveBeenLastCalledWith("error", { key: "network" }, 5000);
  });
});
