import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, type Mock, vi } from "vitest";
import { type RequestHandlers, RequestError, setRequestHandlers } from "@/lib/request";
import { answer as answerOf, asFile, bff, core, done, saveAs } from "./core";

/** A real HTTP server on loopback stands in for this app's /api/bff route; the typed clients use the real fetch. */
type Reply = (req: IncomingMessage, res: ServerResponse) => void;
let server: Server;
let origin: string;
let reply: Reply;
let seen: { method: string; url: string; body: string; contentType: string | undefined; console: string | undefined }[];
let handlers: { show: Mock<RequestHandlers["show"]>; relogin: Mock<RequestHandlers["relogin"]>; transfer: Mock<RequestHandlers["transfer"]> };
let release: () => void;

function json(body: unknown): Reply {
  return (_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const marker = req.headers["x-console-request"];
      seen.push({ method: req.method ?? "", url: req.url ?? "", body, contentType: req.headers["content-type"], console: Array.isArray(marker) ? marker[0] : marker });
      reply(req, res);
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
  reply = json({ code: 200, msg: "操作成功" });
  const dom = (window as Window & { happyDOM?: { setURL(url: string): void } }).happyDOM;
  if (!dom) throw new Error("these tests run in happy-dom");
  dom.setURL(`${origin}/system/post`);
  handlers = { show: vi.fn<RequestHandlers["show"]>(), relogin: vi.fn<RequestHandlers["relogin"]>(), transfer: vi.fn<RequestHandlers["transfer"]>() };
  release = setRequestHandlers(handlers);
});

afterEach(() => release());

describe("the typed core client", () => {
  it("fills the path's parameters and reaches the core through the BFF's relay, as the console", async () => {
    reply = json({ code: 200, msg: "操作成功", data: { postId: 4, postCode: "user", postName: "普通员工" } });
    const body = await answerOf(core.GET("/system/post/{postId}", { params: { path: { postId: 4 } } }));
    expect(body.data).toMatchObject({ postName: "普通员工" });
    expect(seen.map((r) => [r.method, r.url, r.console])).toEqual([["GET", "/api/bff/api/system/post/4", "1"]]);
  });

  it("sends a body as JSON and a query without its empty values", async () => {
    expect(await done(core.PUT("/system/post", { body: { postId: 4, postCode: "user", postName: "员工", postSort: 4, status: "0" } }))).toBe(true);
    await core.GET("/system/post/list", { params: { query: { postName: "", status: "0", pageNum: 2 } } });
    expect(seen.map((r) => [r.method, r.url, r.contentType])).toEqual([
      ["PUT", "/api/bff/api/system/post", "application/json"],
      ["GET", "/api/bff/api/system/post/list?status=0&pageNum=2", undefined],
    ]);
    expect(JSON.parse(seen[0].body)).toMatchObject({ postId: 4, postName: "员工" });
  });

  it("tells the user of a refusal and rejects; done() answers false so a form stays open", async () => {
    reply = json({ code: 500, msg: "岗位名称已存在" });
    await expect(core.POST("/system/post", { body: { postCode: "x", postName: "董事长", postSort: 1 } })).rejects.toBeInstanceOf(RequestError);
    expect(handlers.show).toHaveBeenCalledWith("error", { text: "岗位名称已存在" });
    expect(await done(core.DELETE("/system/post/{postIds}", { params: { path: { postIds: "1,2" } } }))).toBe(false);
  });

  it("asks to sign in again on 401", async () => {
    reply = json({ code: 401, msg: "认证失败" });
    expect(await done(core.GET("/getInfo"))).toBe(false);
    expect(handlers.relogin).toHaveBeenCalledOnce();
  });

  it("posts an export's filters as a form and keeps a refused export from saving anything", async () => {
    reply = json({ code: 500, msg: "导出失败" });
    expect(await saveAs(core.POST("/system/post/export", { body: { postName: "员工", status: "" }, ...asFile }), "post.xlsx")).toBe(false);
    expect(seen.map((r) => [r.method, r.url, r.body, r.contentType])).toEqual([
      ["POST", "/api/bff/api/system/post/export", "postName=%E5%91%98%E5%B7%A5", "application/x-www-form-urlencoded"],
    ]);
    expect(handlers.show).toHaveBeenCalledWith("error", { text: "导出失败" });
    // the toast said the file was being made, then went: no bytes were ever counted
    expect(handlers.transfer.mock.calls.map(([, state]) => state?.phase ?? null)).toEqual(["preparing", null]);
  });

  it("saves an export under the server's download-filename, its bytes counted against Content-Length as they come", async () => {
    // 200 KB sent in four writes, as a large export is: the toast's bar moves with them and ends at the size
    const chunk = "x".repeat(50 * 1024);
    reply = (_req, res) => {
      res.writeHead(200, { "content-type": "application/octet-stream", "download-filename": "%E5%B2%97%E4%BD%8D.xlsx", "content-length": String(4 * chunk.length) });
      let sent = 0;
      const next = () => (++sent < 4 ? res.write(chunk, () => setTimeout(next, 5)) : res.end(chunk));
      next();
    };
    const saved: { name: string; text: Promise<string> }[] = [];
    const objectUrls = new Map<string, Blob>();
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, text: objectUrls.get(this.href)?.text() ?? Promise.resolve("") });
    });
    const create = vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      objectUrls.set("blob:x", blob as Blob);
      return "blob:x";
    });
    const revoke = vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    expect(await saveAs(core.POST("/system/post/export", { body: {}, ...asFile }), "post.xlsx")).toBe(true);
    expect(saved.map((s) => s.name)).toEqual(["岗位.xlsx"]);
    expect(await saved[0].text).toBe(chunk.repeat(4));
    expect(handlers.show).not.toHaveBeenCalled();
    const states = handlers.transfer.mock.calls.map(([, state]) => state);
    const ids = new Set(handlers.transfer.mock.calls.map(([id]) => id));
    expect(ids.size).toBe(1); // one toast, updated
    expect(states[0]).toEqual({ phase: "preparing", name: "post.xlsx", loaded: 0, total: null });
    const received = states.filter((state) => state?.phase === "receiving");
    expect(received.length).toBeGreaterThan(2);
    expect(received.every((state) => state?.name === "岗位.xlsx" && state.total === 4 * chunk.length)).toBe(true);
    const loaded = received.map((state) => state?.loaded ?? -1);
    expect(loaded).toEqual([...loaded].sort((a, b) => a - b));
    expect(loaded.at(-1)).toBe(4 * chunk.length);
    expect(states.at(-1)).toBeNull();
    for (const spy of [click, create, revoke]) spy.mockRestore();
  });
});

describe("the typed BFF client", () => {
  it("reads a screen at its BFF path", async () => {
    reply = json({ code: 200, msg: "操作成功", data: { page: { rows: [], total: 0 }, dicts: {} } });
    const body = await answerOf(bff.GET("/bff/screens/system/post", { params: { query: { pageNum: 1, pageSize: 10 } } }));
    expect(body.data?.page.total).toBe(0);
    expect(seen.map((r) => r.url)).toEqual(["/api/bff/screens/system/post?pageNum=1&pageSize=10"]);
  });
});
