"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { RadioField, TextareaField, TextField } from "@/components/form/fields";
import { FormDialog } from "@/components/form/form-dialog";
import type { Dicts, DictTypeRow } from "@/lib/api/types";
import { dictOptions } from "@/lib/dict";
import { send } from "@/lib/mutations";
import { request } from "@/lib/request";

type T = (key: string) => string;
const schema = (t: T) =>
  z.object({
    dictId: z.number().optional(),
    dictName: z.string().trim().min(1, t("dictNameRequired")).max(100),
    dictType: z.string().trim().min(1, t("dictTypeRequired")).max(100).regex(/^[a-z][a-z0-9_]*$/, t("dictTypePattern")),
    status: z.string(),
    remark: z.string().max(500).optional(),
  });
type TypeForm = z.infer<ReturnType<typeof schema>>;

export function DictTypeFormDialog({ dictId, open, onClose, dicts, onSaved }: { dictId: number | null; open: boolean; onClose: () => void; dicts: Dicts; onSaved: () => void }) {
  const t = useTranslations("dict");
  const tl = useTranslations("list");
  const form = useForm<TypeForm>({ resolver: zodResolver(schema(t)) });
  useEffect(() => {
    if (!open) return;
    if (dictId === null) {
      form.reset({ dictName: "", dictType: "", status: "0", remark: "" });
      return;
    }
    request<DictTypeRow>(`api/system/dict/type/${dictId}`)
      .then(({ data }) => data && form.reset({ dictId: data.dictId, dictName: data.dictName, dictType: data.dictType, status: data.status, remark: data.remark ?? "" }))
      .catch(onClose);
  }, [open, dictId]);
  const save = form.handleSubmit(async (values) => {
    if (await send("system/dict/type", dictId === null ? "POST" : "PUT", values)) {
      toast.success(dictId === null ? tl("added") : tl("updated"));
      onClose();
      onSaved();
    }
  });
  const control = form.control;
  return (
    <FormDialog open={open} onOpenChange={(value) => !value && onClose()} title={dictId === null ? t("addTypeTitle") : t("editTypeTitle")} testId="dict-type-form" onSubmit={save} submitting={form.formState.isSubmitting}>
      <TextField control={control} name="dictName" label={t("dictName")} required maxLength={100} />
      <TextField control={control} name="dictType" label={t("dictType")} required maxLength={100} />
      <RadioField control={control} name="status" label={tl("status")} options={dictOptions(dicts.sys_normal_disable)} />
      <TextareaField control={control} name="remark" label={tl("remark")} />
    </FormDialog>
  );
}
