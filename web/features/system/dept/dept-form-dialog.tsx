"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useEffect, useEffectEvent, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { NumberField, RadioField, TextField } from "@/components/form/fields";
import { FormDialog } from "@/components/form/form-dialog";
import { TreeSelectField } from "@/components/form/tree-select-field";
import { answer, core, done } from "@/lib/api/core";
import type { Dicts } from "@/lib/api/types";
import { dictOptions } from "@/lib/dict";
import { type SelectNode, toSelectTree } from "@/lib/tree";

type T = (key: string) => string;
function deptSchema(t: T) {
  return z.object({
    deptId: z.number().optional(),
    parentId: z.number({ error: t("parentRequired") }),
    deptName: z.string().trim().min(1, t("deptNameRequired")).max(30),
    orderNum: z.number({ error: t("orderNumRequired") }).int().min(0),
    leader: z.string().max(20).optional(),
    phone: z.string().refine((v) => !v || /^1[3-9]\d{9}$/.test(v), t("phoneInvalid")).optional(),
    email: z.string().refine((v) => !v || z.email().safeParse(v).success, t("emailInvalid")).optional(),
    status: z.string(),
  });
}
type DeptForm = z.infer<ReturnType<typeof deptSchema>>;

export type DeptTarget = { deptId: number } | { parentId: number | undefined } | null;

/** 添加部门 / 修改部门; a department moves only under one outside its own subtree. */
export function DeptFormDialog({ target, onClose, dicts, onSaved }: { target: DeptTarget; onClose: () => void; dicts: Dicts; onSaved: (parentId: number | undefined) => void }) {
  const t = useTranslations("dept");
  const tl = useTranslations("list");
  const creating = target !== null && !("deptId" in target);
  const form = useForm<DeptForm>({ resolver: zodResolver(deptSchema(t)) });
  const [parents, setParents] = useState<SelectNode[]>([]);
  const [root, setRoot] = useState(false);

  const { reset } = form;
  const close = useEffectEvent(onClose);
  useEffect(() => {
    if (!target) return;
    let live = true;
    (async () => {
      const editing = "deptId" in target;
      const [options, detail] = await Promise.all([
        answer(editing ? core.GET("/system/dept/list/exclude/{deptId}", { params: { path: { deptId: target.deptId } } }) : core.GET("/system/dept/list")),
        editing ? answer(core.GET("/system/dept/{deptId}", { params: { path: { deptId: target.deptId } } })) : null,
      ]);
      if (!live) return;
      setParents(toSelectTree(options.data, { id: "deptId", parentId: "parentId", label: "deptName", disabled: (d) => d.status === "1" }));
      const dept = detail?.data;
      setRoot(!!dept && dept.parentId === 0);
      reset(
        dept
          ? { deptId: dept.deptId, parentId: dept.parentId, deptName: dept.deptName, orderNum: dept.orderNum, leader: dept.leader ?? "", phone: dept.phone ?? "", email: dept.email ?? "", status: dept.status }
          : { parentId: "parentId" in target ? target.parentId : undefined, deptName: "", orderNum: 0, leader: "", phone: "", email: "", status: "0" },
      );
    })().catch(close);
    return () => {
      live = false;
    };
  }, [target, reset]);

  const save = form.handleSubmit(async (values) => {
    if (await done(creating ? core.POST("/system/dept", { body: values }) : core.PUT("/system/dept", { body: values }))) {
      toast.success(creating ? tl("added") : tl("updated"));
      onClose();
      onSaved(values.parentId);
    }
  });
  const control = form.control;
  return (
    <FormDialog open={target !== null} onOpenChange={(open) => !open && onClose()} title={creating ? t("addTitle") : t("editTitle")} testId="dept-form" onSubmit={save} submitting={form.formState.isSubmitting}>
      {!root && <TreeSelectField control={control} name="parentId" label={t("parent")} nodes={parents} required full placeholder={t("parentPlaceholder")} />}
      <TextField control={control} name="deptName" label={t("deptName")} required maxLength={30} />
      <NumberField control={control} name="orderNum" label={t("orderNum")} required min={0} />
      <TextField control={control} name="leader" label={t("leader")} maxLength={20} />
      <TextField control={control} name="phone" label={t("phone")} maxLength={11} />
      <TextField control={control} name="email" label={t("email")} maxLength={50} />
      <RadioField control={control} name="status" label={t("status")} options={dictOptions(dicts.sys_normal_disable)} />
    </FormDialog>
  );
}
