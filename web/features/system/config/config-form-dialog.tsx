"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { RadioField, TextareaField, TextField } from "@/components/form/fields";
import { FormDialog } from "@/components/form/form-dialog";
import { useRecordForm } from "@/components/form/use-record-form";
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

export function ConfigFormDialog({ configId, open, onClose, dicts, onSaved }: { configId: number | null; open: boolean; onClose: () => void; dicts: Dicts; onSaved: () => void }) {
  const t = useTranslations("config");
  const tl = useTranslations("list");
  const form = useForm<ConfigForm>({ resolver: zodResolver(schema(t)) });
  const save = useRecordForm(form, {
    open,
    id: configId,
    onClose,
    onSaved,
    blank: () => ({ configName: "", configKey: "", configValue: "", configType: "Y", remark: "" }),
    read: async (configId) => {
      const { data } = await answer(core.GET("/system/config/{configId}", { params: { path: { configId } } }));
      return { ...data, remark: data.remark ?? "" };
    },
    write: (body, creating) => done(creating ? core.POST("/system/config", { body }) : core.PUT("/system/config", { body })),
  });
  const control = form.control;
  return (
    <FormDialog open={open} onOpenChange={(v) => !v && onClose()} title={configId === null ? t("addTitle") : t("editTitle")} testId="config-form" onSubmit={save} submitting={form.formState.isSubmitting}>
      <TextField control={control} name="configName" label={t("configName")} required maxLength={100} />
      <TextField control={control} name="configKey" label={t("configKey")} required maxLength={100} />
      <TextareaField control={control} name="configValue" label={t("configValue")} required />
      <RadioField control={control} name="configType" label={t("configType")} options={dictOptions(dicts.sys_yes_no)} />
      <TextareaField control={control} name="remark" label={tl("remark")} />
    </FormDialog>
  );
}
