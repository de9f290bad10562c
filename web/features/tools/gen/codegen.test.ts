import { describe, expect, it } from "vitest";
import { type GenForm, genBody, codeTables, genFormSchema, previewTabs, tsTypeOf } from "./codegen";

const form: GenForm = {
  tableId: 3,
  tableName: "shop_coupon",
  tableComment: "优惠券",
  className: "ShopCoupon",
  functionAuthor: "console",
  remark: "",
  tplCategory: "crud",
  moduleName: "shop",
  businessName: "coupon",
  functionName: "优惠券",
  parentMenuId: 0,
  packageName: "core_api.generated",
  formColNum: "2",
  treeCode: "coupon_id",
  treeParentCode: "",
  treeName: "",
  subTableName: "",
  subTableFkName: "",
  columns: [
    { columnId: 1, columnName: "coupon_id", columnComment: "编号", pythonType: "int", isRequired: false, isInsert: false, isEdit: false, isList: true, isQuery: false, queryType: "EQ", htmlType: "input", dictType: "", sort: 1 },
  ],
};

describe("generation settings", () => {
  it("accepts what the core accepts and names the rule it breaks otherwise", () => {
    expect(genFormSchema.safeParse(form).success).toBe(true);
    for (const [key, value] of [
      ["className", "shopCoupon"],
      ["className", "Shop Coupon"],
      ["moduleName", "Shop"],
      ["businessName", "coupon_item"],
      ["businessName", "x\"; alert(1)"],
      ["packageName", "core_api.other"],
      ["packageName", "core_api.generated.Shop"],
      ["packageName", "core_api.generated..x"],
    ] as const) {
      const result = genFormSchema.safeParse({ ...form, [key]: value });
      expect(result.success, `${key}=${value}`).toBe(false);
      expect(result.error?.issues[0].path).toEqual([key]);
    }
    const badDict = genFormSchema.safeParse({ ...form, columns: [{ ...form.columns[0], dictType: "Sys-Type" }] });
    expect(badDict.error?.issues[0].path).toEqual(["columns", 0, "dictType"]);
  });

  it("asks for the tree columns of a tree template and sends only the chosen template's options", () => {
    const tree = genFormSchema.safeParse({ ...form, tplCategory: "tree" });
    expect(tree.error?.issues.map((issue) => issue.path[0])).toEqual(["treeParentCode", "treeName"]);
    expect(genBody(form)).toMatchObject({ options: {}, parentMenuId: null, packageName: "core_api.generated", formColNum: 2 });
    expect(genBody({ ...form, tplCategory: "tree", treeParentCode: "parent_id", treeName: "coupon_name" }).options).toEqual({
      treeCode: "coupon_id",
      treeParentCode: "parent_id",
      treeName: "coupon_name",
    });
    expect(genBody(form)).not.toHaveProperty("tableName");
  });

  it("derives the TypeScript type from the Python one", () => {
    expect(["int", "float", "bool", "Decimal", "datetime", "str"].map(tsTypeOf)).toEqual(["number", "number", "boolean", "string", "string", "string"]);
  });
});

describe("preview and download", () => {
  it("labels a tab with the file name, and with its folder when two files share a name", () => {
    expect(previewTabs(["web/features/generated/shop/coupon/screen.tsx", "core_api/generated/shop_coupon/routes.py", "bff/screens/routes.py"])).toEqual([
      { path: "bff/screens/routes.py", label: "screens/routes.py" },
      { path: "core_api/generated/shop_coupon/routes.py", label: "shop_coupon/routes.py" },
      { path: "web/features/generated/shop/coupon/screen.tsx", label: "screen.tsx" },
    ]);
  });

  it("asks for one table's zip by name and several tables' in one batch, dropping names that are not identifiers", () => {
    expect(codeTables(["shop_coupon"])).toEqual(["shop_coupon"]);
    expect(codeTables(["a_b", "c", "a_b", "../x"])).toEqual(["a_b", "c"]);
  });
});
