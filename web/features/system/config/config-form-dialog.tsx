"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";

import { z } from "zod";
import { RadioField, TextareaField, TextField } from "@/components/form/fields";
import { FormDialog } from "@/components/form/form-dialog";
import { type RecordDialogProps, useRecordDialog } from "@/components/form/use-record-form";
import { answer, core, done } from "@/lib/api/core";
import type { Dicts } from "@/lib/api/types";
import { dictOptions } from "@/lib/dict";

type T = (key: string) => string;
const schema = (t: T) =>
  z.object({
    configId: z.number().optional(),
    configName: z.string().trim().min(1, t("configNameRequired")).max(100),
    configKey: z.string().trim().min(1, t("configKeyRequired")).max(100),
    configValue: z.string().trim().min(1, t("configValueRequired")).max(500),
    configType: z.string(),
    remark: z.string().max(500).optional(),
  });
type ConfigForm = z.infer<ReturnType<typeof schema>>;

export function ConfigFormDialog({ configId, dicts, ...props }: RecordDialogProps & { configId: number | null; dicts: Dicts }) {
  const t = useTranslations("config");
  const tl = useTranslations("list");
  const { control, dialog } = useRecordDialog<ConfigForm>(zodResolver(schema(t)), {
    ...props,
    id: configId,
    titles: [t("addTitle"), t("editTitle")],
    blank: () => ({ configName: "", configKey: "", configValue: "", configType: "Y", remark: "" }),
    read: async (configId) => {
      const { data } = await answer(core.GET("/system/config/{configId}", { params: { path: { configId } } }));
      return { ...data, remark: data.remark ?? "" };
    },
    write: (body, creating) => done(creating ? core.POST("/system/config", { body }) : core.PUT("/system/config", { body })),
  });
  return (
    <FormDialog {...dialog} testId="config-form">
      <TextField control={control} name="configName" label={t("configName")} required maxLength={100} />
      <TextField control={control} name="configKey" label={t("configKey")} required maxLength={100} />
      <TextareaField control={control} name="configValue" label={t("configValue")} required />
      <RadioField control={control} name="configType" label={t("configType")} options={dictOptions(dicts.sys_yes_no)} />
      <TextareaField control={control} name="remark" label={tl("remark")} />
    </FormDialog>
  );
}
