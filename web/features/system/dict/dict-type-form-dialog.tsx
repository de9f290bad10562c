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
    dictId: z.number().optional(),
    dictName: z.string().trim().min(1, t("dictNameRequired")).max(100),
    dictType: z.string().trim().min(1, t("dictTypeRequired")).max(100).regex(/^[a-z][a-z0-9_]*$/, t("dictTypePattern")),
    status: z.string(),
    remark: z.string().max(500).optional(),
  });
type TypeForm = z.infer<ReturnType<typeof schema>>;

export function DictTypeFormDialog({ dictId, dicts, ...props }: RecordDialogProps & { dictId: number | null; dicts: Dicts }) {
  const t = useTranslations("dict");
  const tl = useTranslations("list");
  const { control, dialog } = useRecordDialog<TypeForm>(zodResolver(schema(t)), {
    ...props,
    id: dictId,
    titles: [t("addTypeTitle"), t("editTypeTitle")],
    blank: () => ({ dictName: "", dictType: "", status: "0", remark: "" }),
    read: async (dictId) => {
      const { data } = await answer(core.GET("/system/dict/type/{dictId}", { params: { path: { dictId } } }));
      return { dictId: data.dictId, dictName: data.dictName, dictType: data.dictType, status: data.status, remark: data.remark ?? "" };
    },
    write: (body, creating) => done(creating ? core.POST("/system/dict/type", { body }) : core.PUT("/system/dict/type", { body })),
  });
  return (
    <FormDialog {...dialog} testId="dict-type-form">
      <TextField control={control} name="dictName" label={t("dictName")} required maxLength={100} />
      <TextField control={control} name="dictType" label={t("dictType")} required maxLength={100} />
      <RadioField control={control} name="status" label={tl("status")} options={dictOptions(dicts.sys_normal_disable)} />
      <TextareaField control={control} name="remark" label={tl("remark")} />
    </FormDialog>
  );
}
