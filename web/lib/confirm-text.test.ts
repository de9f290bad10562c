import { describe, expect, it } from "vitest";
import { type ConfirmWords, confirmText, recordName } from "./confirm-text";
import { knownFieldErrors } from "./validate";
import { fieldErrors } from "./outcome";

const zh: ConfirmWords = {
  named: ({ action, kind, name }) => `确认${action}${kind}"${name}"吗？`,
  many: ({ action, count }) => `确认${action}选中的 ${count} 条数据吗？`,
  amount: ({ amount }) => `涉及金额 ¥${amount}。`,
};

describe("confirmText", () => {
  it("names the one record a delete removes", () => {
    expect(confirmText(zh, { action: "删除", kind: "用户", names: ["张三"] })).toBe('确认删除用户"张三"吗？');
  });

  it("counts the selected records of a delete of several", () => {
    expect(confirmText(zh, { action: "删除", kind: "用户", names: ["张三", "李四", "王五"] })).toBe("确认删除选中的 3 条数据吗？");
  });

  it("says the money an action moves in yuan, then the declaration's caution", () => {
    const text = confirmText(zh, { action: "退款", kind: "订单", names: ["20260101123456"], amountFen: 1250, caution: "退款后不可撤销。" });
    expect(text).toBe('确认退款订单"20260101123456"吗？ 涉及金额 ¥12.50。 退款后不可撤销。');
  });

  it("leaves out an amount the row does not carry", () => {
    expect(confirmText(zh, { action: "驳回", kind: "店铺", names: ["鲜果坊"], amountFen: Number(undefined) })).toBe('确认驳回店铺"鲜果坊"吗？');
  });
});

describe("recordName", () => {
  it("is the naming field's value, else the id", () => {
    expect(recordName({ id: 7, name: "青花瓷杯" }, "name", 7)).toBe("青花瓷杯");
    expect(recordName({ id: 7, name: "" }, "name", 7)).toBe("7");
    expect(recordName({ id: 7 }, null, 7)).toBe("7");
  });
});

describe("field errors of a refusal", () => {
  it("reads the envelope's fields member, ignoring what is not text", () => {
    expect(fieldErrors({ code: 500, msg: "用户名不能为空", fields: { userName: "用户名不能为空", bad: 3 } })).toEqual({ userName: "用户名不能为空" });
    expect(fieldErrors({ code: 500, msg: "x", fields: ["userName"] })).toEqual({});
    expect(fieldErrors({ code: 500, msg: "x" })).toEqual({});
  });

  it("keeps only the problems the form has fields for", () => {
    expect(knownFieldErrors({ userName: "用户名不能为空", version: "版本不能为空" }, ["userName", "nickName"])).toEqual([["userName", "用户名不能为空"]]);
  });
});
