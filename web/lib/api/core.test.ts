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
let handlers: { show: Mock<RequestHandlers["show"]>; relogin: Mock<RequestHandlers["relogin"]>; loading: Mock<RequestHandlers["loading"]> };
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
  handlers = { show: vi.fn<RequestHandlers["show"]>(), relogin: vi.fn<RequestHandlers["relogin"]>(), loading: vi.fn<RequestHandlers["loading"]>() };
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
    expect(handlers.loading.mock.calls).toEqual([[{ key: "downloading" }], [null]]);
  });

  it("saves an export under the server's download-filename behind the loading layer", async () => {
    reply = (_req, res) => {
      res.writeHead(200, { "content-type": "application/octet-stream", "download-filename": "%E5%B2%97%E4%BD%8D.xlsx" });
      res.end("xlsx-bytes");
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
    expect(await saved[0].text).toBe("xlsx-bytes");
    expect(handlers.show).not.toHaveBeenCalled();
    expect(handlers.loading.mock.calls).toEqual([[{ key: "downloading" }], [null]]);
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
