"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";

import { z } from "zod";
import { NumberField, RadioField, TextareaField, TextField } from "@/components/form/fields";
import { FormDialog } from "@/components/form/form-dialog";
import { type RecordDialogProps, useRecordDialog } from "@/components/form/use-record-form";
import { answer, core, done } from "@/lib/api/core";
import type { Dicts } from "@/lib/api/types";
import { dictOptions } from "@/lib/dict";

type T = (key: string) => string;
const postSchema = (t: T) =>
  z.object({
    postId: z.number().optional(),
    postName: z.string().trim().min(1, t("postNameRequired")).max(50),
    postCode: z.string().trim().min(1, t("postCodeRequired")).max(64),
    postSort: z.number({ error: t("postSortRequired") }).int().min(0),
    status: z.string(),
    remark: z.string().max(500).optional(),
  });
type PostForm = z.infer<ReturnType<typeof postSchema>>;

/** 添加岗位 / 修改岗位; postId null creates. */
export function PostFormDialog({ postId, dicts, ...props }: RecordDialogProps & { postId: number | null; dicts: Dicts }) {
  const t = useTranslations("post");
  const tl = useTranslations("list");
  const { control, dialog } = useRecordDialog<PostForm>(zodResolver(postSchema(t)), {
    ...props,
    id: postId,
    titles: [t("addTitle"), t("editTitle")],
    blank: () => ({ postName: "", postCode: "", postSort: 0, status: "0", remark: "" }),
    read: async (postId) => {
      const { data } = await answer(core.GET("/system/post/{postId}", { params: { path: { postId } } }));
      return { ...data, remark: data.remark ?? "" };
    },
    write: (body, creating) => done(creating ? core.POST("/system/post", { body }) : core.PUT("/system/post", { body })),
  });
  return (
    <FormDialog {...dialog} testId="post-form">
      <TextField control={control} name="postName" label={t("postName")} required maxLength={50} />
      <TextField control={control} name="postCode" label={t("postCode")} required maxLength={64} />
      <NumberField control={control} name="postSort" label={t("postSort")} required min={0} />
      <RadioField control={control} name="status" label={tl("status")} options={dictOptions(dicts.sys_normal_disable)} />
      <TextareaField control={control} name="remark" label={tl("remark")} />
    </FormDialog>
  );
}
