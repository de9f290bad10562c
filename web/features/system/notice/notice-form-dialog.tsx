"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { useController, useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { RichTextEditor } from "@/components/editor/rich-text-editor";
import { FormItem, RadioField, SelectField, TextField } from "@/components/form/fields";
import { FormDialog } from "@/components/form/form-dialog";
import type { Dicts, NoticeRow } from "@/lib/api/types";
import { dictOptions } from "@/lib/dict";
import { send } from "@/lib/mutations";
import { request } from "@/lib/request";

type T = (key: string) => string;
const schema = (t: T) =>
  z.object({
    noticeId: z.number().optional(),
    noticeTitle: z.string().trim().min(1, t("titleRequired")).max(50, t("titleLength")),
    noticeType: z.string().min(1, t("typeRequired")),
    status: z.string(),
    noticeContent: z.string().max(200_000),
  });
type NoticeForm = z.infer<ReturnType<typeof schema>>;

/** 添加公告 / 修改公告, the content in the rich-text editor (images uploaded and inserted by address). */
export function NoticeFormDialog({ noticeId, open, onClose, dicts, onSaved }: { noticeId: number | null; open: boolean; onClose: () => void; dicts: Dicts; onSaved: () => void }) {
  const t = useTranslations("notice");
  const tl = useTranslations("list");
  const form = useForm<NoticeForm>({ resolver: zodResolver(schema(t)), defaultValues: { noticeTitle: "", noticeType: "", status: "0", noticeContent: "" } });
  const content = useController({ control: form.control, name: "noticeContent" });
  useEffect(() => {
    if (!open) return;
    if (noticeId === null) {
      form.reset({ noticeTitle: "", noticeType: "", status: "0", noticeContent: "" });
      return;
    }
    request<NoticeRow & { noticeContent?: string }>(`api/system/notice/${noticeId}`)
      .then(({ data }) => data && form.reset({ noticeId: data.noticeId, noticeTitle: data.noticeTitle, noticeType: data.noticeType, status: data.status, noticeContent: data.noticeContent ?? "" }))
      .catch(onClose);
  }, [open, noticeId]);
  const save = form.handleSubmit(async (values) => {
    if (await send("system/notice", noticeId === null ? "POST" : "PUT", values)) {
      toast.success(noticeId === null ? tl("added") : tl("updated"));
      onClose();
      onSaved();
    }
  });
  const control = form.control;
  return (
    <FormDialog open={open} onOpenChange={(v) => !v && onClose()} title={noticeId === null ? t("addTitle") : t("editTitle")} testId="notice-form" className="sm:max-w-4xl" onSubmit={save} submitting={form.formState.isSubmitting}>
      <TextField control={control} name="noticeTitle" label={t("noticeTitle")} required maxLength={50} />
      <SelectField control={control} name="noticeType" label={t("noticeType")} required options={dictOptions(dicts.sys_notice_type)} />
      <RadioField control={control} name="status" label={tl("status")} options={dictOptions(dicts.sys_notice_status)} full />
      <FormItem label={t("content")} full error={content.fieldState.error?.message}>
        <RichTextEditor testId="notice-content" value={content.field.value} onChange={content.field.onChange} />
      </FormItem>
    </FormDialog>
  );
}
