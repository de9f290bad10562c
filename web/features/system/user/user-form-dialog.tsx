"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { CheckboxGroupField, RadioField, SelectField, TextareaField, TextField } from "@/components/form/fields";
import { FormDialog } from "@/components/form/form-dialog";
import { useRecordSubmit } from "@/components/form/use-record-form";
import { TreeSelectField } from "@/components/form/tree-select-field";
import { answer, bff, core, done } from "@/lib/api/core";
import type { Dicts, PostRow, RoleRow, TreeSelectNode } from "@/lib/api/types";
import { dictOptions } from "@/lib/dict";
import { type UserForm, userSchema } from "./user-rules";

const EMPTY: UserForm = {
  deptId: null,
  userName: "",
  nickName: "",
  password: "",
  phonenumber: "",
  email: "",
  sex: "",
  status: "0",
  postIds: [],
  roleIds: [],
  remark: "",
};

/** 添加用户 / 修改用户: the record with its post and role options from GET /system/user/{id}. */
export function UserFormDialog({
  userId,
  open,
  onOpenChange,
  deptTree,
  dicts,
  onSaved,
}: {
  userId: number | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  deptTree: TreeSelectNode[];
  dicts: Dicts;
  onSaved: () => void;
}) {
  const t = useTranslations("user");
  const tl = useTranslations("list");
  const creating = userId === null;
  const [options, setOptions] = useState<{ posts: PostRow[]; roles: RoleRow[] }>({ posts: [], roles: [] });
  const form = useForm<UserForm>({ resolver: zodResolver(userSchema(t, creating)), defaultValues: EMPTY });

  useEffect(() => {
    if (!open) return;
    let live = true;
    (async () => {
      if (creating) {
        // empty at once: a reset after the options arrive would wipe what the operator typed meanwhile
        form.reset(EMPTY);
        // the core's GET /system/user/ (empty id): Next drops the trailing slash, so the BFF screen asks for it
        const [options, init] = await Promise.all([
          answer(bff.GET("/bff/screens/system/user/options")),
          answer(core.GET("/system/config/configKey/{configKey}", { params: { path: { configKey: "sys.user.initPassword" } } })).catch(() => null),
        ]);
        if (!live) return;
        setOptions({ posts: options.data.posts, roles: options.data.roles });
        if (!form.getValues("password") && init?.msg) form.setValue("password", init.msg);
        return;
      }
      const body = await answer(core.GET("/system/user/{userId}", { params: { path: { userId } } }));
      if (!live) return;
      setOptions({ posts: body.posts, roles: body.roles });
      const user = body.data;
      form.reset({
          userId: user.userId,
          deptId: user.deptId ?? null,
          userName: user.userName,
          nickName: user.nickName,
          password: "",
          phonenumber: user.phonenumber ?? "",
          email: user.email ?? "",
          sex: user.sex ?? "",
          status: user.status,
          postIds: body.postIds,
          roleIds: body.roleIds,
          remark: user.remark ?? "",
        });
    })().catch(() => onOpenChange(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loaded again only when the dialog opens on another record
  }, [open, userId]);

  const write = (values: UserForm) => {
    const filled = { ...values, sex: values.sex || undefined };
    const body = creating ? filled : { ...filled, userName: undefined, password: undefined };
    return done(creating ? core.POST("/system/user", { body }) : core.PUT("/system/user", { body }));
  };
  const save = useRecordSubmit(form, { creating, write, onClose: () => onOpenChange(false), onSaved });

  const control = form.control;
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={creating ? t("addTitle") : t("editTitle")} testId="user-form" onSubmit={save} submitting={form.formState.isSubmitting}>
      <TextField control={control} name="nickName" label={t("nickName")} required maxLength={30} />
      <TreeSelectField control={control} name="deptId" label={t("dept")} nodes={deptTree} placeholder={t("deptPlaceholder")} />
      <TextField control={control} name="phonenumber" label={t("phonenumber")} maxLength={11} />
      <TextField control={control} name="email" label={t("email")} maxLength={50} />
      {creating && <TextField control={control} name="userName" label={t("userName")} required maxLength={20} />}
      {creating && <TextField control={control} name="password" type="password" label={t("password")} required maxLength={20} />}
      <SelectField control={control} name="sex" label={t("sex")} options={dictOptions(dicts.sys_user_sex)} />
      <RadioField control={control} name="status" label={tl("status")} options={dictOptions(dicts.sys_normal_disable)} />
      <CheckboxGroupField
        control={control}
        name="postIds"
        label={t("posts")}
        full
        options={options.posts.map((post) => ({ label: post.postName, value: String(post.postId), disabled: post.status === "1" }))}
      />
      <CheckboxGroupField
        control={control}
        name="roleIds"
        label={t("roles")}
        full
        options={options.roles.map((role) => ({ label: role.roleName, value: String(role.roleId), disabled: role.status === "1" }))}
      />
      <TextareaField control={control} name="remark" label={tl("remark")} />
    </FormDialog>
  );
}
