"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useController } from "react-hook-form";
import { z } from "zod";
import { RichTextEditor } from "@/components/editor/rich-text-editor";
import { FormItem, RadioField, SelectField, TextField } from "@/components/form/fields";
import { FormDialog } from "@/components/form/form-dialog";
import { type RecordDialogProps, useRecordDialog } from "@/components/form/use-record-form";
import { answer, core, done } from "@/lib/api/core";
import type { Dicts } from "@/lib/api/types";
import { dictOptions } from "@/lib/dict";

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
export function NoticeFormDialog({ noticeId, dicts, ...props }: RecordDialogProps & { noticeId: number | null; dicts: Dicts }) {
  const t = useTranslations("notice");
  const tl = useTranslations("list");
  const { control, dialog } = useRecordDialog<NoticeForm>(zodResolver(schema(t)), {
    ...props,
    id: noticeId,
    titles: [t("addTitle"), t("editTitle")],
    defaultValues: { noticeTitle: "", noticeType: "", status: "0", noticeContent: "" },
    blank: () => ({ noticeTitle: "", noticeType: "", status: "0", noticeContent: "" }),
    read: async (noticeId) => {
      const { data } = await answer(core.GET("/system/notice/{noticeId}", { params: { path: { noticeId } } }));
      return { noticeId: data.noticeId, noticeTitle: data.noticeTitle, noticeType: data.noticeType, status: data.status, noticeContent: data.noticeContent ?? "" };
    },
    write: (body, creating) => done(creating ? core.POST("/system/notice", { body }) : core.PUT("/system/notice", { body })),
  });
  const content = useController({ control, name: "noticeContent" });
  return (
    <FormDialog {...dialog} testId="notice-form" className="sm:max-w-4xl">
      <TextField control={control} name="noticeTitle" label={t("noticeTitle")} required maxLength={50} />
      <SelectField control={control} name="noticeType" label={t("noticeType")} required options={dictOptions(dicts.sys_notice_type)} />
      <RadioField control={control} name="status" label={tl("status")} options={dictOptions(dicts.sys_notice_status)} full />
      <FormItem label={t("content")} full error={content.fieldState.error?.message}>
        <RichTextEditor testId="notice-content" value={content.field.value} onChange={content.field.onChange} />
      </FormItem>
    </FormDialog>
  );
}
