"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useEffect, useEffectEvent, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { NumberField, RadioField, SwitchField, TextField } from "@/components/form/fields";
import { FormDialog } from "@/components/form/form-dialog";
import { IconPickerField } from "@/components/form/icon-picker";
import { TreeSelectField } from "@/components/form/tree-select-field";
import { answer, core, done } from "@/lib/api/core";
import type { Dicts } from "@/lib/api/types";
import { dictOptions } from "@/lib/dict";
import { type SelectNode, toSelectTree } from "@/lib/tree";
import { BUTTON, DIRECTORY, MENU, type MenuForm, menuSchema } from "./menu-rules";

const EMPTY: MenuForm = {
  parentId: 0,
  menuType: DIRECTORY,
  icon: "",
  menuName: "",
  orderNum: 0,
  isFrame: "1",
  path: "",
  component: "",
  perms: "",
  query: "",
  routeName: "",
  isCache: "0",
  visible: "0",
  status: "0",
};

export type MenuTarget = { menuId: number } | { parentId: number } | null;

/** 添加菜单 / 修改菜单: the fields follow the type (目录 M, 菜单 C, 按钮 F). */
export function MenuFormDialog({ target, onClose, dicts, onSaved }: { target: MenuTarget; onClose: () => void; dicts: Dicts; onSaved: () => void }) {
  const t = useTranslations("menu");
  const tl = useTranslations("list");
  const creating = target !== null && !("menuId" in target);
  const form = useForm<MenuForm>({ resolver: zodResolver(menuSchema(t)), defaultValues: EMPTY });
  const [parents, setParents] = useState<SelectNode[]>([]);
  const type = useWatch({ control: form.control, name: "menuType" });

  const { reset } = form;
  const close = useEffectEvent(onClose);
  const rootLabel = t("root");
  useEffect(() => {
    if (!target) return;
    let live = true;
    (async () => {
      const [all, detail] = await Promise.all([
        answer(core.GET("/system/menu/list")),
        "menuId" in target ? answer(core.GET("/system/menu/{menuId}", { params: { path: { menuId: target.menuId } } })) : null,
      ]);
      if (!live) return;
      const menus = all.data.filter((menu) => menu.menuType !== BUTTON);
      setParents(toSelectTree(menus, { id: "menuId", parentId: "parentId", label: "menuName" }, { id: 0, label: rootLabel }));
      const menu = detail?.data;
      reset(
        menu
          ? {
              menuId: menu.menuId,
              parentId: menu.parentId,
              menuType: menu.menuType as MenuForm["menuType"],
              icon: menu.icon === "#" ? "" : (menu.icon ?? ""),
              menuName: menu.menuName,
              orderNum: menu.orderNum,
              isFrame: menu.isFrame,
              path: menu.path ?? "",
              component: menu.component ?? "",
              perms: menu.perms ?? "",
              query: menu.query ?? "",
              routeName: menu.routeName ?? "",
              isCache: menu.isCache,
              visible: menu.visible,
              status: menu.status,
            }
          : { ...EMPTY, parentId: "parentId" in target ? target.parentId : 0 },
      );
    })().catch(close);
    return () => {
      live = false;
    };
  }, [target, reset, rootLabel]);

  const save = form.handleSubmit(async (values) => {
    const body = { ...values, icon: values.icon || "#" };
    if (await done(creating ? core.POST("/system/menu", { body }) : core.PUT("/system/menu", { body }))) {
      toast.success(creating ? tl("added") : tl("updated"));
      onClose();
      onSaved();
    }
  });

  const control = form.control;
  const typeOptions = [DIRECTORY, MENU, BUTTON].map((value) => ({ value, label: t(`types.${value}`) }));
  return (
    <FormDialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={creating ? t("addTitle") : t("editTitle")}
      testId="menu-form"
      onSubmit={save}
      submitting={form.formState.isSubmitting}
    >
      <TreeSelectField control={control} name="parentId" label={t("parent")} nodes={parents} full />
      <RadioField control={control} name="menuType" label={t("menuType")} options={typeOptions} full />
      {type !== BUTTON && <IconPickerField control={control} name="icon" label={t("icon")} />}
      <TextField control={control} name="menuName" label={t("menuName")} required maxLength={50} />
      <NumberField control={control} name="orderNum" label={t("orderNum")} required min={0} />
      {type !== BUTTON && <SwitchField control={control} name="isFrame" label={t("isFrame")} onValue="0" offValue="1" />}
      {type !== BUTTON && <TextField control={control} name="path" label={t("path")} required maxLength={200} />}
      {type === MENU && <TextField control={control} name="component" label={t("component")} maxLength={255} />}
      {type !== DIRECTORY && <TextField control={control} name="perms" label={t("perms")} maxLength={100} />}
      {type === MENU && <TextField control={control} name="query" label={t("query")} maxLength={255} />}
      {type === MENU && <TextField control={control} name="routeName" label={t("routeName")} maxLength={50} />}
      {type === MENU && <SwitchField control={control} name="isCache" label={t("isCache")} onValue="0" offValue="1" />}
      {type !== BUTTON && <RadioField control={control} name="visible" label={t("visible")} options={dictOptions(dicts.sys_show_hide)} />}
      {type !== BUTTON && <RadioField control={control} name="status" label={t("status")} options={dictOptions(dicts.sys_normal_disable)} />}
    </FormDialog>
  );
}
