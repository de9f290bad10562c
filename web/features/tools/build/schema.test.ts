import { describe, expect, it } from "vitest";
import { createField, type DesignField, duplicateField, fieldNames, formProblem, fromSaved, insertField, moveField, removeField, shiftField, toSaved, updateField } from "./schema";

function form(): DesignField[] {
  let fields: DesignField[] = [];
  fields = insertField(fields, createField("input", fields, "a"));
  fields = insertField(fields, createField("select", fields, "b"));
  fields = insertField(fields, createField("row", fields, "r"));
  fields = insertField(fields, createField("number", fields, "c"), "r");
  return fields;
}

describe("form designer model", () => {
  it("gives new fields free names and their type's defaults", () => {
    const fields = form();
    expect(fieldNames(fields)).toEqual(["field1", "field2", "row1", "field3"]);
    expect(fields[1].options.map((o) => o.value)).toEqual(["1", "2"]);
    expect(createField("switch", fields).default).toBe(false);
    expect(createField("checkbox", fields).default).toEqual([]);
  });

  it("reorders within a list, moves into and out of a row, and never nests rows", () => {
    const fields = form();
    expect(moveField(fields, "a", "b").map((f) => f.id)).toEqual(["b", "a", "r"]);
    expect(moveField(fields, "b", "a").map((f) => f.id)).toEqual(["b", "a", "r"]);
    const intoRow = moveField(fields, "a", "row:r");
    expect(intoRow.map((f) => f.id)).toEqual(["b", "r"]);
    expect(intoRow[1].children.map((f) => f.id)).toEqual(["c", "a"]);
    expect(moveField(intoRow, "c", "b").map((f) => f.id)).toEqual(["c", "b", "r"]);
    expect(moveField(fields, "r", "row:r")).toEqual(fields);
    const nested = insertField(fields, createField("row", fields, "r2"), "r");
    expect(nested.map((f) => f.id)).toEqual(["a", "b", "r", "r2"]);
    expect(shiftField(fields, "a", 1).map((f) => f.id)).toEqual(["b", "a", "r"]);
    expect(shiftField(fields, "a", -1)).toEqual(fields);
  });

  it("updates, duplicates and removes fields anywhere, leaving the old list untouched", () => {
    const fields = form();
    const renamed = updateField(fields, "c", { label: "年龄", required: true });
    expect(renamed[2].children[0]).toMatchObject({ label: "年龄", required: true });
    expect(fields[2].children[0].label).not.toBe("年龄");
    const copied = duplicateField(fields, "r");
    expect(copied.map((f) => f.type)).toEqual(["input", "select", "row", "row"]);
    expect(new Set(fieldNames(copied)).size).toBe(fieldNames(copied).length);
    expect(removeField(fields, "c")[2].children).toEqual([]);
    expect(removeField(fields, "r").map((f) => f.id)).toEqual(["a", "b"]);
  });

  it("refuses names that are not identifiers, repeated names and broken patterns", () => {
    const fields = form();
    expect(formProblem(fields)).toBeNull();
    expect(formProblem(updateField(fields, "a", { name: "x-y" }))).toContain("x-y");
    expect(formProblem(updateField(fields, "a", { name: "field2" }))).toContain("重复");
    expect(formProblem(updateField(fields, "a", { rules: { pattern: "(" } }))).toContain("正则");
  });

  it("round-trips through the saved shape without ids", () => {
    const fields = form();
    const saved = toSaved(fields);
    expect(JSON.stringify(saved)).not.toContain('"id"');
    const reopened = fromSaved(saved);
    expect(toSaved(reopened)).toEqual(saved);
    expect(fromSaved([{ type: "bogus" as never, name: "x" }])[0].type).toBe("input");
  });
});
