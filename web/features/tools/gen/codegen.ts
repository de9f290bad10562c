/**
 * The code generator's rules on the browser side, mirroring the core's (core_api/tools/gen/service.py):
 * identifiers that become code, the choices of each column, and helpers of the list and preview.
 */
import { z } from "zod";

export const QUERY_TYPES = ["EQ", "NE", "GT", "GTE", "LT", "LTE", "LIKE", "BETWEEN"] as const;
export const HTML_TYPES = ["input", "textarea", "select", "radio", "checkbox", "datetime", "imageUpload", "fileUpload", "editor"] as const;
export const PYTHON_TYPES = ["str", "int", "Decimal", "float", "bool", "datetime", "date"] as const;
export const TEMPLATES = ["crud", "tree", "sub"] as const;

export const CLASS_NAME = /^[A-Z][A-Za-z0-9]{0,62}$/;
export const LOWER_NAME = /^[a-z][a-zA-Z0-9]{0,29}$/;
export const DICT_TYPE = /^([a-z][a-z0-9_]*)?$/;
export const IDENTIFIER = /^[a-z][a-z0-9_]{0,62}$/;
export const PACKAGE_NAME = /^core_api\.generated(\.[a-z][a-z0-9_]{0,29}){0,3}$/;
export const FORM_COLUMNS = ["1", "2", "3", "4"] as const;

/** The TypeScript type the core stores for a Python type. */
export function tsTypeOf(pythonType: string): "number" | "boolean" | "string" {
  if (pythonType === "int" || pythonType === "float") return "number";
  if (pythonType === "bool") return "boolean";
  return "string";
}

const columnSchema = z.object({
  columnId: z.number().int(),
  columnName: z.string(),
  columnComment: z.string().max(200),
  pythonType: z.enum(PYTHON_TYPES),
  isRequired: z.boolean(),
  isInsert: z.boolean(),
  isEdit: z.boolean(),
  isList: z.boolean(),
  isQuery: z.boolean(),
  queryType: z.enum(QUERY_TYPES),
  htmlType: z.enum(HTML_TYPES),
  dictType: z.string().max(100).regex(DICT_TYPE, "字典类型格式不正确"),
  sort: z.number().int().min(0).max(999),
});

const optionName = z.string().regex(IDENTIFIER, "须为小写字母开头的列名").or(z.literal(""));

/** The edit page's form: the same rules the core applies to PUT /tool/gen. */
export const genFormSchema = z
  .object({
    tableId: z.number().int(),
    tableName: z.string(),
    tableComment: z.string().trim().min(1, "请输入表描述").max(200),
    className: z.string().regex(CLASS_NAME, "实体类名称须以大写字母开头，只含字母和数字"),
    functionAuthor: z.string().trim().min(1, "请输入作者").max(50),
    remark: z.string().max(500).optional(),
    tplCategory: z.enum(TEMPLATES),
    moduleName: z.string().regex(LOWER_NAME, "生成模块名须以小写字母开头，只含字母和数字"),
    businessName: z.string().regex(LOWER_NAME, "生成业务名须以小写字母开头，只含字母和数字"),
    functionName: z.string().trim().min(1, "请输入生成功能名").max(50),
    parentMenuId: z.number().int().nullable().optional(),
    packageName: z.string().regex(PACKAGE_NAME, "生成包路径须为 core_api.generated 或其下的包"),
    formColNum: z.enum(FORM_COLUMNS),
    treeCode: optionName,
    treeParentCode: optionName,
    treeName: optionName,
    subTableName: optionName,
    subTableFkName: optionName,
    columns: z.array(columnSchema).min(1),
  })
  .superRefine((form, ctx) => {
    if (form.tplCategory === "tree") {
      for (const key of ["treeCode", "treeParentCode", "treeName"] as const) {
        if (!form[key]) ctx.addIssue({ code: "custom", path: [key], message: "树表须选择此字段" });
      }
    }
    if (form.tplCategory === "sub") {
      for (const key of ["subTableName", "subTableFkName"] as const) {
        if (!form[key]) ctx.addIssue({ code: "custom", path: [key], message: "主子表须填写此项" });
      }
    }
  });
export type GenForm = z.infer<typeof genFormSchema>;

const OPTION_KEYS = { tree: ["treeCode", "treeParentCode", "treeName"], sub: ["subTableName", "subTableFkName"], crud: [] } as const;

/** The PUT /tool/gen body of a checked form: only the chosen template's options go as options. */
export function genBody(form: GenForm) {
  const { tableName: _name, treeCode, treeParentCode, treeName, subTableName, subTableFkName, ...rest } = form;
  const all = { treeCode, treeParentCode, treeName, subTableName, subTableFkName };
  const options = Object.fromEntries(OPTION_KEYS[form.tplCategory].map((key) => [key, all[key]]));
  return { ...rest, parentMenuId: rest.parentMenuId || null, formColNum: Number(rest.formColNum), options };
}

/** The tab title of a generated file: its name, with the folder when two files share it. */
export function previewTabs(paths: readonly string[]): { path: string; label: string }[] {
  const sorted = [...paths].sort();
  const base = (path: string) => path.slice(path.lastIndexOf("/") + 1);
  const count = new Map<string, number>();
  for (const path of sorted) count.set(base(path), (count.get(base(path)) ?? 0) + 1);
  return sorted.map((path) => {
    const name = base(path);
    if ((count.get(name) ?? 0) < 2) return { path, label: name };
    const parts = path.split("/");
    return { path, label: parts.slice(-2).join("/") };
  });
}

/** The tables whose code a zip holds: each once, only table names. */
export function codeTables(tableNames: readonly string[]): string[] {
  return [...new Set(tableNames)].filter((name) => IDENTIFIER.test(name));
}
