import { describe, expect, it } from "vitest";
import { createField, type DesignField, insertField, updateField } from "./schema";
import { buildSchema, defaultValues } from "./validation";

function build(): DesignField[] {
  let f: DesignField[] = [];
  f = insertField(f, { ...createField("input", f, "name"), name: "name", label: "姓名", required: true, rules: { maxLength: 4 } });
  f = insertField(f, { ...createField("input", f, "phone"), name: "phone", label: "手机", rules: { pattern: "^1\\d{10}$" } });
  f = insertField(f, { ...createField("number", f, "age"), name: "age", label: "年龄", rules: { min: 18, max: 60 } });
  f = insertField(f, { ...createField("row", f, "r"), name: "row1" });
  f = insertField(f, { ...createField("select", f, "city"), name: "city", label: "城市", required: true }, "r");
  f = insertField(f, { ...createField("checkbox", f, "tags"), name: "tags", label: "标签", required: true }, "r");
  return f;
}

describe("the preview's validation", () => {
  it("starts from the fields' defaults, rows flattened", () => {
    expect(defaultValues(build())).toEqual({ name: "", phone: "", age: undefined, city: "", tags: [] });
  });

  it("names each broken rule in the field's words", () => {
    const result = buildSchema(build()).safeParse({ name: "", phone: "123", age: 70, city: "9", tags: [] });
    const messages = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path[0], issue.message]));
    expect(messages).toEqual({ name: "姓名不能为空", phone: "手机格式不正确", age: "年龄不能大于60", city: "城市须为给出的选项之一", tags: "标签不能为空" });
  });

  it("accepts a valid answer and leaves optional fields out", () => {
    expect(buildSchema(build()).safeParse({ name: "张三", phone: "", city: "1", tags: ["2"] }).success).toBe(true);
    const long = buildSchema(build()).safeParse({ name: "张三李四王", city: "1", tags: ["1"] });
    expect(long.error?.issues[0].message).toBe("姓名最多4个字符");
  });

  it("ignores a pattern that is not a regular expression instead of failing", () => {
    const fields = updateField(build(), "phone", { rules: { pattern: "([" } });
    expect(buildSchema(fields).safeParse({ name: "a", phone: "x", city: "1", tags: ["1"] }).success).toBe(true);
  });
});
