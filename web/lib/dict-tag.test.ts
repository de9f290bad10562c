import { describe, expect, it } from "vitest";
import { type DictOption, dictTagItems } from "./dict";

const status: DictOption[] = [
  { label: "正常", value: "0", listClass: "primary", cssClass: null },
  { label: "停用", value: "1", listClass: "danger", cssClass: "" },
];
const plain: DictOption[] = [
  { label: "男", value: "0", listClass: "", cssClass: null },
  { label: "女", value: "1", listClass: "default", cssClass: null },
  { label: "未知", value: "2", listClass: "default", cssClass: "text-bold" },
];

describe("dictTagItems", () => {
  it("colours a value by its listClass", () => {
    expect(dictTagItems(status, "1")).toEqual([{ value: "1", label: "停用", tag: "danger", cssClass: null }]);
  });

  it("shows default and empty listClass as plain text, unless a cssClass is set", () => {
    expect(dictTagItems(plain, 0)[0].tag).toBeNull();
    expect(dictTagItems(plain, "1")[0].tag).toBeNull();
    expect(dictTagItems(plain, "2")[0]).toEqual({ value: "2", label: "未知", tag: "default", cssClass: "text-bold" });
  });

  it("maps a comma list (or an array) to a list of labels", () => {
    expect(dictTagItems(status, "0,1").map((item) => item.label)).toEqual(["正常", "停用"]);
    expect(dictTagItems(status, ["1", "0"]).map((item) => item.label)).toEqual(["停用", "正常"]);
  });

  it("shows an unknown value as it is, and nothing for an empty value", () => {
    expect(dictTagItems(status, "9")).toEqual([{ value: "9", label: "9", tag: null, cssClass: null }]);
    expect(dictTagItems(status, "")).toEqual([]);
    expect(dictTagItems(status, null)).toEqual([]);
  });
});
