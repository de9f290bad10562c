import { describe, expect, it } from "vitest";
import {
  actionInitial,
  exportFileName,
  exportRunning,
  actionPayload,
  bodyOf,
  filterKeys,
  filterValues,
  formFields,
  formSchema,
  formValues,
  linkHref,
  matchesWhen,
  moneyText,
  shownValue,
} from "./logic";

const words = {
  required: (l: string) => `${l}不能为空`,
  tooLong: (l: string, n: number) => `${l}最多${n}个字符`,
  tooSmall: (l: string, n: number | string) => `${l}不能小于${n}`,
  tooLarge: (l: string, n: number | string) => `${l}不能大于${n}`,
  invalid: (l: string) => `${l}格式不正确`,
};

const fields = [
  { name: "id", label: "编号", kind: "id", edit: "never" },
  { name: "uid", label: "用户UID", kind: "uid", required: true, edit: "create", filter: "exact" },
  { name: "realName", label: "真实姓名", kind: "text", required: true, maxLength: 4, filter: "fragment" },
  { name: "idNumber", label: "身份证号", kind: "idcard", required: true, masked: true },
  { name: "price", label: "价格", kind: "money", min: 1, max: 100000 },
  { name: "status", label: "状态", kind: "dict", dictType: "biz_audit_status", edit: "never", filter: "exact" },
  { name: "createTime", label: "提交时间", kind: "datetime", edit: "never", filter: "range" },
  { name: "startAt", label: "开始", kind: "datetime" },
] as const;

describe("a money column", () => {
  it("shows the column's fen as yuan, and what is not fen as it came", () => {
    expect(moneyText(12345)).toBe("123.45");
    expect(moneyText(-5)).toBe("-0.05");
    expect(moneyText(0)).toBe("0.00");
    expect(moneyText("1999")).toBe("19.99");
    expect(moneyText(null)).toBe("");
    expect(moneyText("")).toBe("");
    expect(moneyText("abc")).toBe("abc");
    expect(moneyText(12.5)).toBe("12.5");
  });
});

describe("list state from the declaration", () => {
  it("names the filters' URL keys", () => {
    expect(filterKeys(fields)).toEqual(["uid", "realName", "status", "beginCreateTime", "endCreateTime"]);
  });
  it("sends the set filters to the export", () => {
    expect(filterValues(fields, { realName: "张", status: "", beginCreateTime: "2026-01-01", pageNum: 2 })).toEqual({
      realName: "张",
      beginCreateTime: "2026-01-01",
    });
  });
});

describe("actions", () => {
  it("apply to the rows their `when` names", () => {
    expect(matchesWhen({ status: ["0"] }, { status: "0" })).toBe(true);
    expect(matchesWhen({ status: ["0"] }, { status: "1" })).toBe(false);
    expect(matchesWhen({ status: ["0", "2"], shelf: ["1"] }, { status: "2", shelf: "0" })).toBe(false);
    expect(matchesWhen(null, {})).toBe(true);
  });
  it("take their parameters from the row and their values from the dialog", () => {
    expect(actionPayload({ params: { id: "id", user: "uid" } }, { id: 7, uid: 10001, realName: "x" }, { pass: "true" })).toEqual({
      id: 7,
      user: 10001,
      pass: "true",
    });
  });
});

describe("the form", () => {
  it("shows create-only fields only when creating", () => {
    expect(formFields(fields, "create", "id").map((f) => f.name)).toEqual(["uid", "realName", "idNumber", "price", "startAt"]);
    expect(formFields(fields, "edit", "id").map((f) => f.name)).toEqual(["realName", "idNumber", "price", "startAt"]);
  });
  it("round-trips a record through the form", () => {
    const editable = formFields(fields, "edit", "id");
    const row = { id: 3, realName: "张*", idNumber: "1101**********123X", price: 1999, startAt: "2026-01-02 10:30:00" };
    const values = formValues(editable, row);
    expect(values).toEqual({ realName: "张*", idNumber: "1101**********123X", price: "19.99", startAt: "2026-01-02T10:30:00" });
    // a masked value left as it came is neither checked nor sent
    const loaded = values;
    expect(formSchema(editable, words, loaded).safeParse(values).success).toBe(true);
    expect(bodyOf(editable, { ...values, price: "20", startAt: "2026-01-03T08:00" }, loaded)).toEqual({
      realName: "张*",
      price: 2000,
      startAt: "2026-01-03 08:00:00",
    });
    expect(bodyOf(editable, { ...values, idNumber: "11010119900318123X", price: "" }, loaded)).toMatchObject({
      idNumber: "11010119900318123X",
      price: null,
    });
  });
  it("checks required, length, patterns and money bounds", () => {
    const schema = formSchema(formFields(fields, "create", "id"), words);
    const good = { uid: 1, realName: "张三", idNumber: "11010119900318123X", price: "0.01", startAt: "" };
    expect(schema.safeParse(good).success).toBe(true);
    const errors = (values: object) => schema.safeParse({ ...good, ...values }).error?.issues.map((i) => i.message);
    expect(errors({ uid: undefined })).toEqual(["用户UID不能为空"]);
    expect(errors({ realName: " " })).toEqual(["真实姓名不能为空"]);
    expect(errors({ realName: "张三丰李四" })).toEqual(["真实姓名最多4个字符"]);
    expect(errors({ idNumber: "123" })).toEqual(["身份证号格式不正确"]);
    expect(errors({ price: "0.001" })).toEqual(["价格格式不正确"]);
    expect(errors({ price: "0.00" })).toEqual(["价格不能小于0.01"]);
    expect(errors({ price: "1000.01" })).toEqual(["价格不能大于1000.00"]);
    expect(errors({ price: "" })).toBeUndefined();
  });
});

describe("the history", () => {
  it("shows dictionary labels, yuan and nothing", () => {
    const label = (type: string, value: string) => `${type}:${value}`;
    expect(shownValue(fields[5], "1", label)).toBe("biz_audit_status:1");
    expect(shownValue(fields[4], 150, label)).toBe("1.50");
    expect(shownValue(undefined, null, label)).toBe("—");
  });
});

describe("linkHref", () => {
  const entries = [{ path: "/content/feedback-user", component: "content/feedback/user" }];
  it("opens the user's page of the view path with the row's params", () => {
    expect(linkHref(entries, { path: "content/feedback/user", params: { uid: "uid" } }, { uid: 7, id: 1 })).toBe("/content/feedback-user?uid=7");
    expect(linkHref(entries, { path: "content/feedback/user", params: { uid: "uid" } }, { uid: null })).toBe("/content/feedback-user");
  });
  it("gives nothing for a page the user cannot open", () => {
    expect(linkHref(entries, { path: "content/feedback/group", params: {} }, {})).toBeNull();
  });
});

describe("background exports and action dialogs", () => {
  it("keeps asking while an export is queued or running", () => {
    expect(exportRunning(null)).toBe(true);
    expect(exportRunning({ status: "running" })).toBe(true);
    expect(exportRunning({ status: "done" })).toBe(false);
    expect(exportRunning({ status: "failed" })).toBe(false);
  });
  it("names an answered export after the resource and the moment it was asked for", () => {
    expect(exportFileName("goods", 1767225600000)).toBe("goods_1767225600000.xlsx");
  });
  it("starts an action's dialog from the row, but masked and password fields", () => {
    const fields = [
      { name: "phone", kind: "phone", masked: true },
      { name: "nickName", kind: "text" },
    ] as const;
    const action = {
      fields: [
        { name: "nickName", kind: "text" },
        { name: "phone", kind: "phone" },
        { name: "password", kind: "password" },
      ],
    } as never;
    expect(actionInitial(fields, action, { nickName: "张三", phone: "138****0000", password: "x" })).toEqual({ nickName: "张三" });
  });

  it("opens a dialog that only sets a flag (上架/下架) on the other state than the record's", () => {
    const shelf = { fields: [{ name: "shelf", kind: "flag", dictType: "biz_shelf" }] } as never;
    expect(actionInitial([], shelf, { id: 1, shelf: "1" })).toEqual({ shelf: "0" });
    expect(actionInitial([], shelf, { id: 2, shelf: "0" })).toEqual({ shelf: "1" });
    const decision = { fields: [{ name: "status", kind: "dict" }] } as never;
    expect(actionInitial([], decision, { status: "1" })).toEqual({ status: "1" });
  });
});

describe("the shop field kind", () => {
  it("shows a shop by the name the row carries beside its id", async () => {
    const { shopNameKey } = await import("./logic");
    expect(shopNameKey("shopId")).toBe("shopName");
    expect(shopNameKey("id")).toBe("idName");
  });
  it("leaves the shop fields out of a shop account's forms and filters", async () => {
    const { withoutOwnShop, formValues, bodyOf } = await import("./logic");
    const fields = [{ name: "shopId", kind: "shop" as const }, { name: "title", kind: "text" as const }];
    expect(withoutOwnShop(fields, 7).map((f) => f.name)).toEqual(["title"]);
    expect(withoutOwnShop(fields, null).map((f) => f.name)).toEqual(["shopId", "title"]);
    expect(formValues(fields, { shopId: "12", title: "x" }).shopId).toBe(12);
    expect(bodyOf(fields, { shopId: "", title: "x" })).toEqual({ shopId: null, title: "x" });
  });
});
