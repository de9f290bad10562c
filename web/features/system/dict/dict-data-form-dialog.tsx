"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useLocale, useTranslations } from "next-intl";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { DictTag } from "@/components/dict-tag";
import { FormItem, NumberField, RadioField, SelectField, TextareaField, TextField } from "@/components/form/fields";
import { FormDialog } from "@/components/form/form-dialog";
import { useRecordForm } from "@/components/form/use-record-form";
import { Input } from "@/components/ui/input";
import { answer, core, done } from "@/lib/api/core";
import type { Dicts } from "@/lib/api/types";
import { dictOptions, labelIn, LIST_CLASSES } from "@/lib/dict";

type T = (key: string) => string;
const schema = (t: T) =>
  z.object({
    dictCode: z.number().optional(),
    dictType: z.string(),
    dictLabel: z.string().trim().min(1, t("dictLabelRequired")).max(100),
    dictLabelEn: z.string().trim().max(100).optional(),
    dictValue: z.string().trim().min(1, t("dictValueRequired")).max(100),
    cssClass: z.string().max(100).regex(/^[A-Za-z0-9_\- ]*$/, t("cssClassPattern")).optional(),
    dictSort: z.number({ error: t("dictSortRequired") }).int().min(0),
    listClass: z.string().optional(),
    isDefault: z.string(),
    status: z.string(),
    remark: z.string().max(500).optional(),
  });
type DataForm = z.infer<ReturnType<typeof schema>>;

/** 添加字典数据 / 修改字典数据, with a live preview of the tag the lists will show. */
export function DictDataFormDialog({
  dictCode,
  dictType,
  open,
  onClose,
  dicts,
  onSaved,
}: {
  dictCode: number | null;
  dictType: string;
  open: boolean;
  onClose: () => void;
  dicts: Dicts;
  onSaved: () => void;
}) {
  const t = useTranslations("dict");
  const tl = useTranslations("list");
  const form = useForm<DataForm>({ resolver: zodResolver(schema(t)) });
  const locale = useLocale();
  const [label, labelEn, value, listClass, cssClass] = useWatch({ control: form.control, name: ["dictLabel", "dictLabelEn", "dictValue", "listClass", "cssClass"] });
  const shown = labelIn({ dictLabel: label ?? "", dictLabelEn: labelEn }, locale);

  const save = useRecordForm(form, {
    open,
    id: dictCode,
    onClose,
    onSaved,
    blank: () => ({ dictType, dictLabel: "", dictLabelEn: "", dictValue: "", cssClass: "", dictSort: 0, listClass: "default", isDefault: "N", status: "0", remark: "" }),
    read: async (dictCode) => {
      const { data } = await answer(core.GET("/system/dict/data/{dictCode}", { params: { path: { dictCode } } }));
      return {
        dictCode: data.dictCode,
        dictType: data.dictType,
        dictLabel: data.dictLabel,
        dictLabelEn: data.dictLabelEn ?? "",
        dictValue: data.dictValue,
        cssClass: data.cssClass ?? "",
        dictSort: data.dictSort,
        listClass: data.listClass || "default",
        isDefault: data.isDefault,
        status: data.status,
        remark: data.remark ?? "",
      };
    },
    write: (body, creating) => done(creating ? core.POST("/system/dict/data", { body }) : core.PUT("/system/dict/data", { body })),
  });
  const control = form.control;
  const classes = LIST_CLASSES.map((item) => ({ value: item, label: t(`listClasses.${item}`) }));
  return (
    <FormDialog open={open} onOpenChange={(v) => !v && onClose()} title={dictCode === null ? t("addDataTitle") : t("editDataTitle")} testId="dict-data-form" onSubmit={save} submitting={form.formState.isSubmitting}>
      <FormItem label={t("dictType")}>
        <Input value={dictType} disabled />
      </FormItem>
      <TextField control={control} name="dictLabel" label={t("dictLabel")} required maxLength={100} />
      <TextField control={control} name="dictLabelEn" label={t("dictLabelEn")} maxLength={100} />
      <TextField control={control} name="dictValue" label={t("dictValue")} required maxLength={100} />
      <TextField control={control} name="cssClass" label={t("cssClass")} maxLength={100} />
      <NumberField control={control} name="dictSort" label={t("dictSort")} required min={0} />
      <SelectField control={control} name="listClass" label={t("listClass")} options={classes} />
      <FormItem label={t("preview")} testId="dict-tag-preview">
        <div className="flex h-9 items-center">
          <DictTag options={[{ label: shown || t("previewText"), value: value || "-", listClass, cssClass }]} value={value || "-"} />
        </div>
      </FormItem>
      <RadioField control={control} name="status" label={tl("status")} options={dictOptions(dicts.sys_normal_disable)} />
      <TextareaField control={control} name="remark" label={tl("remark")} />
    </FormDialog>
  );
}
