import { describe, expect, it } from "vitest";
import {
  codeMessage,
  downloadFileName,
  envelopeOutcome,
  failureMessage,
  isFileResponse,
  isSuccessCode,
} from "./outcome";

describe("envelopeOutcome", () => {
  it("resolves on 200, '0000' and a missing code", () => {
    expect(envelopeOutcome({ code: 200, msg: "操作成功" })).toEqual({ action: "resolve" });
    expect(envelopeOutcome({ code: "0000" })).toEqual({ action: "resolve" });
    expect(envelopeOutcome({ msg: "no code" })).toEqual({ action: "resolve" });
    expect(isSuccessCode("200")).toBe(true);
    expect(isSuccessCode(0)).toBe(false);
  });

  it("asks to sign in again on 401 with the mapped message", () => {
    expect(envelopeOutcome({ code: 401, msg: "token expired" })).toEqual({
      action: "relogin",
      message: { key: "code401" },
    });
  });

  it("toasts the server's message on 500 and '9999'", () => {
    expect(envelopeOutcome({ code: 500, msg: "验证码错误" })).toEqual({
      action: "error",
      message: { text: "验证码错误" },
    });
    expect(envelopeOutcome({ code: "9999", info: "出错了" })).toEqual({
      action: "error",
      message: { text: "出错了" },
    });
    expect(envelopeOutcome({ code: 500 })).toEqual({ action: "error", message: { key: "codeDefault" } });
  });

  it("warns on 601 and notifies on any other code", () => {
    expect(envelopeOutcome({ code: 601, msg: "注意" })).toEqual({ action: "warning", message: { text: "注意" } });
    expect(envelopeOutcome({ code: 403, msg: "x" })).toEqual({ action: "notify", message: { key: "code403" } });
    expect(envelopeOutcome({ code: 404 })).toEqual({ action: "notify", message: { key: "code404" } });
    expect(envelopeOutcome({ code: 418, msg: "teapot" })).toEqual({ action: "notify", message: { text: "teapot" } });
  });
});

describe("codeMessage", () => {
  it("prefers the map, then msg, then info, then the default", () => {
    expect(codeMessage({ code: 403, msg: "ignored" })).toEqual({ key: "code403" });
    expect(codeMessage({ code: 500, msg: "m", info: "i" })).toEqual({ text: "m" });
    expect(codeMessage({ code: 500, info: "i" })).toEqual({ text: "i" });
    expect(codeMessage({ code: 500 })).toEqual({ key: "codeDefault" });
  });
});

describe("failureMessage", () => {
  it("names network errors, time-outs and HTTP statuses", () => {
    expect(failureMessage({ type: "network" })).toEqual({ key: "network" });
    expect(failureMessage({ type: "timeout" })).toEqual({ key: "timeout" });
    expect(failureMessage({ type: "http", status: 502 })).toEqual({ key: "httpStatus", values: { status: 502 } });
  });
});

describe("downloads", () => {
  it("tells a file from a JSON envelope", () => {
    expect(isFileResponse("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")).toBe(true);
    expect(isFileResponse("application/json; charset=utf-8")).toBe(false);
  });

  it("reads the URL-encoded download-filename header", () => {
    expect(downloadFileName("%E7%94%A8%E6%88%B7.xlsx", "x.xlsx")).toBe("用户.xlsx");
    expect(downloadFileName(null, "x.xlsx")).toBe("x.xlsx");
    expect(downloadFileName("%E0%A4%A", "x.xlsx")).toBe("%E0%A4%A");
  });
});
