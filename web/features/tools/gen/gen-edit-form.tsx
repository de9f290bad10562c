"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { type FieldErrors, type UseFormRegister, useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { SelectField, TextareaField, TextField } from "@/components/form/fields";
import { TreeSelectField } from "@/components/form/tree-select-field";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { NativeSelect } from "@/components/ui/native-select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { FORM_COLUMNS, type GenForm, genBody, genFormSchema, HTML_TYPES, PYTHON_TYPES, QUERY_TYPES, TEMPLATES, tsTypeOf } from "./codegen";
import { core, done } from "@/lib/api/core";
import type { TreeNode } from "@/lib/tree-check";
import type { GenEditScreenData } from "../types";

type Tab = "basic" | "columns" | "gen";
const BASIC_KEYS = ["tableComment", "className", "functionAuthor", "remark"];

function tabOf(errors: FieldErrors<GenForm>): Tab {
  const keys = Object.keys(errors);
  if (keys.some((key) => BASIC_KEYS.includes(key))) return "basic";
  if (keys.includes("columns")) return "columns";
  return "gen";
}

function initial(data: GenEditScreenData): GenForm {
  const { info } = data;
  const option = (key: string) => String((info.options as Record<string, unknown>)?.[key] ?? "");
  return {
    tableId: info.tableId,
    tableName: info.tableName,
    tableComment: info.tableComment,
    className: info.className,
    functionAuthor: info.functionAuthor,
    remark: info.remark ?? "",
    tplCategory: (TEMPLATES as readonly string[]).includes(info.tplCategory) ? (info.tplCategory as GenForm["tplCategory"]) : "crud",
    moduleName: info.moduleName,
    businessName: info.businessName,
    functionName: info.functionName,
    parentMenuId: info.parentMenuId ?? null,
    packageName: info.packageName ?? "core_api.generated",
    formColNum: (FORM_COLUMNS as readonly string[]).includes(String(info.formColNum)) ? (String(info.formColNum) as GenForm["formColNum"]) : "2",
    treeCode: option("treeCode"),
    treeParentCode: option("treeParentCode"),
    treeName: option("treeName"),
    subTableName: option("subTableName"),
    subTableFkName: option("subTableFkName"),
    columns: data.rows.map((c) => ({
      columnId: c.columnId,
      columnName: c.columnName,
      columnComment: c.columnComment,
      pythonType: c.pythonType as GenForm["columns"][number]["pythonType"],
      isRequired: c.isRequired,
      isInsert: c.isInsert,
      isEdit: c.isEdit,
      isList: c.isList,
      isQuery: c.isQuery,
      queryType: c.queryType as GenForm["columns"][number]["queryType"],
      htmlType: c.htmlType as GenForm["columns"][number]["htmlType"],
      dictType: c.dictType,
      sort: c.sort,
    })),
  };
}

/** 修改生成配置: 基本信息, 字段信息, 生成信息; 保存 sends PUT /tool/gen and goes back to the list. */
export function GenEditForm({ data }: { data: GenEditScreenData }) {
  const t = useTranslations("tools.gen");
  const router = useRouter();
  const [tab, setTab] = useState<Tab>("columns");
  const form = useForm<GenForm>({ resolver: zodResolver(genFormSchema), defaultValues: initial(data) });
  const { control, register } = form;
  const template = useWatch({ control, name: "tplCategory" });
  const columns = useWatch({ control, name: "columns" });
  const columnOptions = data.rows.map((c) => ({ value: c.columnName, label: `${c.columnName}：${c.columnComment}` }));
  const tableOptions = data.tables.filter((tbl) => tbl.tableId !== data.info.tableId).map((tbl) => ({ value: tbl.tableName, label: `${tbl.tableName}：${tbl.tableComment}` }));
  const save = form.handleSubmit(
    async (values) => {
      if (await done(core.PUT("/tool/gen", { body: genBody(values) }))) {
        toast.success(t("saved"));
        router.push("/tool/gen");
      }
    },
    (errors) => {
      setTab(tabOf(errors));
      toast.error(t("checkForm"));
    },
  );
  const back = () => router.push("/tool/gen");
  return (
    <Card data-testid="gen-edit" className="py-4">
      <CardContent className="px-4">
        <form noValidate onSubmit={save}>
          <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
            <TabsList>
              <TabsTrigger value="basic" data-testid="gen-tab-basic">{t("basicTab")}</TabsTrigger>
              <TabsTrigger value="columns" data-testid="gen-tab-columns">{t("columnsTab")}</TabsTrigger>
              <TabsTrigger value="gen" data-testid="gen-tab-gen">{t("genTab")}</TabsTrigger>
            </TabsList>
            <TabsContent value="basic" forceMount hidden={tab !== "basic"}>
              <div className="grid grid-cols-1 gap-4 py-4 sm:grid-cols-2">
                <TextField control={control} name="tableName" label={t("tableName")} disabled />
                <TextField control={control} name="tableComment" label={t("tableComment")} required maxLength={200} />
                <TextField control={control} name="className" label={t("className")} required maxLength={64} />
                <TextField control={control} name="functionAuthor" label={t("author")} required maxLength={50} />
                <TextareaField control={control} name="remark" label={t("remark")} />
              </div>
            </TabsContent>
            <TabsContent value="columns" forceMount hidden={tab !== "columns"}>
              <ColumnsGrid register={register} columns={columns} errors={form.formState.errors} dictTypes={data.dictTypes} setPython={(i, v) => form.setValue(`columns.${i}.pythonType`, v as never)} columnTypes={data.rows.map((c) => c.columnType)} />
            </TabsContent>
            <TabsContent value="gen" forceMount hidden={tab !== "gen"}>
              <div className="grid grid-cols-1 gap-4 py-4 sm:grid-cols-2">
                <SelectField control={control} name="tplCategory" label={t("template")} required options={TEMPLATES.map((v) => ({ value: v, label: t(`tpl_${v}`) }))} />
                <TreeSelectField control={control} name="parentMenuId" label={t("parentMenu")} nodes={data.menus as TreeNode[]} />
                <TextField control={control} name="moduleName" label={t("moduleName")} required maxLength={30} />
                <TextField control={control} name="businessName" label={t("businessName")} required maxLength={30} />
                <TextField control={control} name="functionName" label={t("functionName")} required maxLength={50} />
                <TextField control={control} name="packageName" label={t("packageName")} required maxLength={100} />
                <SelectField control={control} name="formColNum" label={t("formColNum")} required options={FORM_COLUMNS.map((n) => ({ value: n, label: t(`cols_${n}`) }))} />
                {template === "tree" && (
                  <>
                    <SelectField control={control} name="treeCode" label={t("treeCode")} required options={columnOptions} />
                    <SelectField control={control} name="treeParentCode" label={t("treeParentCode")} required options={columnOptions} />
                    <SelectField control={control} name="treeName" label={t("treeName")} required options={columnOptions} />
                  </>
                )}
                {template === "sub" && (
                  <>
                    <SelectField control={control} name="subTableName" label={t("subTableName")} required options={tableOptions} />
                    <TextField control={control} name="subTableFkName" label={t("subTableFkName")} required maxLength={63} />
                  </>
                )}
              </div>
            </TabsContent>
          </Tabs>
          <div className="mt-4 flex justify-center gap-2">
            <Button type="submit" data-testid="gen-save" disabled={form.formState.isSubmitting}>
              {t("save")}
            </Button>
            <Button type="button" variant="outline" data-testid="gen-back" onClick={back}>
              {t("back")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function ColumnsGrid({
  register,
  columns,
  errors,
  dictTypes,
  setPython,
  columnTypes,
}: {
  columnTypes: string[];
  register: UseFormRegister<GenForm>;
  columns: GenForm["columns"];
  errors: FieldErrors<GenForm>;
  dictTypes: GenEditScreenData["dictTypes"];
  setPython: (index: number, value: string) => void;
}) {
  const t = useTranslations("tools.gen");
  const flags = ["isInsert", "isEdit", "isList", "isQuery"] as const;
  return (
    <div className="overflow-x-auto py-2">
      <table className="w-full min-w-[1100px] text-sm" data-testid="gen-columns">
        <thead className="bg-muted/50 text-left">
          <tr>
            <th className="p-1.5">{t("columnName")}</th>
            <th className="p-1.5">{t("columnComment")}</th>
            <th className="p-1.5">{t("columnType")}</th>
            <th className="p-1.5">{t("pythonType")}</th>
            <th className="p-1.5">{t("tsType")}</th>
            {flags.map((flag) => (
              <th key={flag} className="p-1.5 text-center">{t(flag)}</th>
            ))}
            <th className="p-1.5 text-center">{t("isRequired")}</th>
            <th className="p-1.5">{t("queryType")}</th>
            <th className="p-1.5">{t("htmlType")}</th>
            <th className="p-1.5">{t("dictType")}</th>
          </tr>
        </thead>
        <tbody>
          {columns.map((column, i) => {
            const error = errors.columns?.[i];
            return (
              <tr key={column.columnId} className="border-t" data-testid="gen-column" data-column={column.columnName}>
                <td className="p-1.5 font-mono">{column.columnName}</td>
                <td className="p-1.5">
                  <input className="h-8 w-full rounded border bg-background px-2" aria-label={t("columnComment")} data-testid={`col-comment-${column.columnName}`} {...register(`columns.${i}.columnComment`)} />
                  {error?.columnComment && <p className="text-xs text-destructive">{error.columnComment.message}</p>}
                </td>
                <td className="p-1.5 text-muted-foreground">{columnTypes[i]}</td>
                <td className="p-1.5">
                  <NativeSelect className="h-8" aria-label={t("pythonType")} data-testid={`col-python-${column.columnName}`} value={column.pythonType} onChange={(e) => setPython(i, e.target.value)}>
                    {PYTHON_TYPES.map((v) => <option key={v} value={v}>{v}</option>)}
                  </NativeSelect>
                </td>
                <td className="p-1.5 font-mono text-muted-foreground" data-testid={`col-ts-${column.columnName}`}>{tsTypeOf(column.pythonType)}</td>
                {flags.map((flag) => (
                  <td key={flag} className="p-1.5 text-center">
                    <input type="checkbox" className="size-4" aria-label={t(flag)} data-testid={`col-${flag}-${column.columnName}`} {...register(`columns.${i}.${flag}`)} />
                  </td>
                ))}
                <td className="p-1.5 text-center">
                  <input type="checkbox" className="size-4" aria-label={t("isRequired")} data-testid={`col-isRequired-${column.columnName}`} {...register(`columns.${i}.isRequired`)} />
                </td>
                <td className="p-1.5">
                  <NativeSelect className="h-8" aria-label={t("queryType")} data-testid={`col-query-${column.columnName}`} {...register(`columns.${i}.queryType`)}>
                    {QUERY_TYPES.map((v) => <option key={v} value={v}>{t(`query_${v}`)}</option>)}
                  </NativeSelect>
                </td>
                <td className="p-1.5">
                  <NativeSelect className="h-8" aria-label={t("htmlType")} data-testid={`col-html-${column.columnName}`} {...register(`columns.${i}.htmlType`)}>
                    {HTML_TYPES.map((v) => <option key={v} value={v}>{t(`html_${v}`)}</option>)}
                  </NativeSelect>
                </td>
                <td className="p-1.5">
                  <NativeSelect className="h-8" aria-label={t("dictType")} data-testid={`col-dict-${column.columnName}`} {...register(`columns.${i}.dictType`)}>
                    <option value="">{t("noDict")}</option>
                    {dictTypes.map((d) => <option key={d.dictType} value={d.dictType}>{`${d.dictName}（${d.dictType}）`}</option>)}
                  </NativeSelect>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
