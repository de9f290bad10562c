"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { RadioField, TextareaField, TextField } from "@/components/form/fields";
import { FormDialog } from "@/components/form/form-dialog";
import type { ConfigRow, Dicts } from "@/lib/api/types";
import { dictOptions } from "@/lib/dict";
import { send } from "@/lib/mutations";
import { request } from "@/lib/request";

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
  useEffect(() => {
    if (!open) return;
    if (configId === null) {
      form.reset({ configName: "", configKey: "", configValue: "", configType: "Y", remark: "" });
      return;
    }
    request<ConfigRow>(`api/system/config/${configId}`)
      .then(({ data }) => data && form.reset({ ...data, remark: data.remark ?? "" }))
      .catch(onClose);
  }, [open, configId]);
  const save = form.handleSubmit(async (values) => {
    if (await send("system/config", configId === null ? "POST" : "PUT", values)) {
      toast.success(configId === null ? tl("added") : tl("updated"));
      onClose();
      onSaved();
    }
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
