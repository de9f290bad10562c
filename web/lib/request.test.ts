import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { download, type RequestHandlers, request, setRequestHandlers, toQuery } from "./request";

function json(body: unknown, init: ResponseInit = {}) {
  return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" }, ...init });
}

describe("toQuery", () => {
  it("drops empty values and writes objects as key[sub]", () => {
    expect(toQuery({ pageNum: 1, userName: "", status: null, params: { beginTime: "2024-01-01", endTime: "" } })).toBe(
      "pageNum=1&params%5BbeginTime%5D=2024-01-01",
    );
  });
});

describe("request", () => {
  let handlers: { show: ReturnType<typeof vi.fn>; relogin: ReturnType<typeof vi.fn>; loading: ReturnType<typeof vi.fn> };
  let release: () => void;
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    handlers = { show: vi.fn(), relogin: vi.fn(), loading: vi.fn() };
    release = setRequestHandlers(handlers as unknown as RequestHandlers);
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
  });

  afterEach(() => {
    release();
    vi.unstubAllGlobals();
  });

  it("calls this app's /api/bff route with the query string and resolves the envelope", async () => {
    fetchMock.mockResolvedValue(json({ code: "0000", data: { x: 1 } }));
    const body = await request<{ x: number }>("/screens/x", { params: { a: 1 } });
    expect(body.data).toEqual({ x: 1 });
    expect(fetchMock.mock.calls[0][0]).toBe("/api/bff/screens/x?a=1");
    expect(handlers.show).not.toHaveBeenCalled();
  });

  it("prompts to sign in again on code 401 and rejects", async () => {
    fetchMock.mockResolvedValue(json({ code: 401, msg: "expired" }));
    await expect(request("screens/x")).rejects.toThrow("code401");
    expect(handlers.relogin).toHaveBeenCalledOnce();
    expect(handlers.show).not.toHaveBeenCalled();
  });

  it("shows the server's message on code 500", async () => {
    fetchMock.mockResolvedValue(json({ code: 500, msg: "验证码错误" }));
    await expect(request("auth/register", { method: "POST", data: {} })).rejects.toThrow("验证码错误");
    expect(handlers.show).toHaveBeenCalledWith("error", { text: "验证码错误" });
  });

  it("names network failures, time-outs and HTTP errors for 5 s", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await expect(request("a")).rejects.toThrow("network");
    expect(handlers.show).toHaveBeenLastCalledWith("error", { key: "network" }, 5000);

    fetchMock.mockRejectedValueOnce(new DOMException("timed out", "TimeoutError"));
    await expect(request("a")).rejects.toThrow("timeout");
    expect(handlers.show).toHaveBeenLastCalledWith("error", { key: "timeout" }, 5000);

    fetchMock.mockResolvedValueOnce(new Response("bad gateway", { status: 502 }));
    await expect(request("a")).rejects.toThrow("httpStatus");
    expect(handlers.show).toHaveBeenLastCalledWith("error", { key: "httpStatus", values: { status: 502 } }, 5000);
  });
});

describe("download", () => {
  let handlers: { show: ReturnType<typeof vi.fn>; relogin: ReturnType<typeof vi.fn>; loading: ReturnType<typeof vi.fn> };
  let release: () => void;

  beforeEach(() => {
    handlers = { show: vi.fn(), relogin: vi.fn(), loading: vi.fn() };
    release = setRequestHandlers(handlers as unknown as RequestHandlers);
  });

  afterEach(() => {
    release();
    vi.unstubAllGlobals();
  });

  it("shows the loading layer and reports an envelope instead of a file", async () => {
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(json({ code: 500, msg: "导出失败" })));
    await download("system/user/export", { status: "0" }, "user.xlsx");
    expect(handlers.loading).toHaveBeenNthCalledWith(1, { key: "downloading" });
    expect(handlers.loading).toHaveBeenLastCalledWith(null);
    expect(handlers.show).toHaveBeenCalledWith("error", { text: "导出失败" });
  });

  it("reports a failed download", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("offline")));
    await download("system/user/export", {}, "user.xlsx");
    expect(handlers.show).toHaveBeenCalledWith("error", { key: "downloadFailed" });
  });

  it("saves the file under the download-filename header", async () => {
    const file = new Response("xlsx-bytes", {
      headers: { "content-type": "application/octet-stream", "download-filename": "%E7%94%A8%E6%88%B7.xlsx" },
    });
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(file));
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => "blob:x");
    URL.revokeObjectURL = vi.fn();
    await download("system/user/export", {}, "user.xlsx");
    expect(names).toEqual(["用户.xlsx"]);
    expect(handlers.show).not.toHaveBeenCalled();
    click.mockRestore();
  });
});
