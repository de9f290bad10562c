"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { FormItem, NumberField, RadioField, TextareaField, TextField } from "@/components/form/fields";
import { FormDialog } from "@/components/form/form-dialog";
import { useRecordSubmit } from "@/components/form/use-record-form";
import { CheckTree } from "@/components/tree/check-tree";
import { answer, core, done } from "@/lib/api/core";
import type { Dicts, RoleRow, TreeSelectNode } from "@/lib/api/types";
import { dictOptions } from "@/lib/dict";
import { initialChecked, keysToSave } from "@/lib/tree-check";
import { type RoleForm, roleSchema } from "./role-rules";

const EMPTY: RoleForm = { roleName: "", roleKey: "", roleSort: 0, status: "0", remark: "" };

/** 添加角色 / 修改角色 with the menu tree (父子联动 is the role's menuCheckStrictly). */
export function RoleFormDialog({
  roleId,
  open,
  onOpenChange,
  dicts,
  onSaved,
}: {
  roleId: number | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  dicts: Dicts;
  onSaved: () => void;
}) {
  const t = useTranslations("role");
  const tl = useTranslations("list");
  const creating = roleId === null;
  const form = useForm<RoleForm>({ resolver: zodResolver(roleSchema(t)), defaultValues: EMPTY });
  const [menus, setMenus] = useState<TreeSelectNode[]>([]);
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const [linked, setLinked] = useState(true);
  const [role, setRole] = useState<RoleRow | null>(null);

  useEffect(() => {
    if (!open) return;
    let live = true;
    (async () => {
      if (creating) {
        // empty at once: a reset after the menu tree arrives would wipe what the operator typed meanwhile
        form.reset(EMPTY);
        setChecked(new Set());
        setLinked(true);
        setRole(null);
        const tree = await answer(core.GET("/system/menu/treeselect"));
        if (!live) return;
        setMenus(tree.data);
        return;
      }
      const [detail, tree] = await Promise.all([
        answer(core.GET("/system/role/{roleId}", { params: { path: { roleId } } })),
        answer(core.GET("/system/menu/roleMenuTreeselect/{roleId}", { params: { path: { roleId } } })),
      ]);
      if (!live) return;
      const current = detail.data;
      setRole(current);
      setMenus(tree.menus);
      setLinked(current.menuCheckStrictly);
      setChecked(initialChecked(tree.menus, tree.checkedKeys, current.menuCheckStrictly));
      form.reset({
        roleId: current.roleId,
        roleName: current.roleName,
        roleKey: current.roleKey,
        roleSort: current.roleSort,
        status: current.status,
        remark: current.remark ?? "",
      });
    })().catch(() => onOpenChange(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loaded again only when the dialog opens on another record
  }, [open, roleId]);

  const write = (values: RoleForm) => {
    const body = { ...values, menuCheckStrictly: linked, deptCheckStrictly: role?.deptCheckStrictly ?? true, dataScope: role?.dataScope, menuIds: keysToSave(menus, checked, linked) };
    return done(creating ? core.POST("/system/role", { body }) : core.PUT("/system/role", { body }));
  };
  const save = useRecordSubmit(form, { creating, write, onClose: () => onOpenChange(false), onSaved });

  const control = form.control;
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={creating ? t("addTitle") : t("editTitle")} testId="role-form" onSubmit={save} submitting={form.formState.isSubmitting}>
      <TextField control={control} name="roleName" label={t("roleName")} required maxLength={30} />
      <TextField control={control} name="roleKey" label={t("roleKey")} required maxLength={100} />
      <NumberField control={control} name="roleSort" label={t("roleSort")} required min={0} />
      <RadioField control={control} name="status" label={tl("status")} options={dictOptions(dicts.sys_normal_disable)} />
      <FormItem label={t("menus")} full>
        <CheckTree testId="role-menu-tree" nodes={menus} checked={checked} onCheckedChange={setChecked} linked={linked} onLinkedChange={setLinked} />
      </FormItem>
      <TextareaField control={control} name="remark" label={tl("remark")} />
    </FormDialog>
  );
}

