import { describe, expect, it } from "vitest";
import { dictOptions, labelIn, selectDictLabel, selectDictLabels, toOption } from "./dict";

const sex = dictOptions([
  { dictCode: 1, dictLabel: "男", dictValue: "0", dictSort: 1, dictType: "sys_user_sex", isDefault: "N", status: "0" },
  { dictCode: 2, dictLabel: "女", dictValue: "1", dictSort: 2, dictType: "sys_user_sex", isDefault: "N", status: "0" },
  { dictCode: 3, dictLabel: "未知", dictValue: "2", dictSort: 3, dictType: "sys_user_sex", isDefault: "N", status: "0" },
]);

describe("toOption", () => {
  it("takes the label from label, name or title", () => {
    expect(toOption({ label: "A", name: "B", value: 1 }).label).toBe("A");
    expect(toOption({ name: "B", title: "C", id: 1 }).label).toBe("B");
    expect(toOption({ title: "C", id: 1 }).label).toBe("C");
  });

  it("takes the value from value, id, uid or key", () => {
    expect(toOption({ label: "x", value: 0, id: 9 }).value).toBe("0");
    expect(toOption({ label: "x", id: 7, uid: 8 }).value).toBe("7");
    expect(toOption({ label: "x", uid: 8, key: "k" }).value).toBe("8");
    expect(toOption({ label: "x", key: "k" }).value).toBe("k");
  });
});

describe("selectDictLabel", () => {
  it("maps a value to its label, numbers included", () => {
    expect(selectDictLabel(sex, "1")).toBe("女");
    expect(selectDictLabel(sex, 2)).toBe("未知");
  });

  it("shows an unknown value as it is and nothing as empty", () => {
    expect(selectDictLabel(sex, "9")).toBe("9");
    expect(selectDictLabel(sex, undefined)).toBe("");
  });

  it("works on generic option lists", () => {
    expect(selectDictLabel([{ name: "上架", id: 1 }], 1)).toBe("上架");
  });
});

describe("selectDictLabels", () => {
  it("maps a comma-separated list to labels", () => {
    expect(selectDictLabels(sex, "0,1")).toEqual(["男", "女"]);
    expect(selectDictLabels(sex, ["2", "7"])).toEqual(["未知", "7"]);
    expect(selectDictLabels(sex, "0|2", "|")).toEqual(["男", "未知"]);
    expect(selectDictLabels(sex, "")).toEqual([]);
  });
});

describe("labelIn", () => {
  const on = { dictLabel: "上架", dictLabelEn: "On shelf" };
  it("shows an English console the English label and a Chinese one RuoYi's", () => {
    expect(labelIn(on, "en")).toBe("On shelf");
    expect(labelIn(on, "en-US")).toBe("On shelf");
    expect(labelIn(on, "zh-CN")).toBe("上架");
  });

  it("falls back to the Chinese label when an entry has no English", () => {
    expect(labelIn({ dictLabel: "其他", dictLabelEn: null }, "en")).toBe("其他");
    expect(labelIn({ dictLabel: "其他", dictLabelEn: "  " }, "en")).toBe("其他");
    expect(labelIn({ dictLabel: "其他" }, "en")).toBe("其他");
  });
});
