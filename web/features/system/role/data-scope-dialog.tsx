"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, useEffect, useEffectEvent, useState } from "react";
import { toast } from "sonner";
import { FormItem } from "@/components/form/fields";
import { FormDialog } from "@/components/form/form-dialog";
import { CheckTree } from "@/components/tree/check-tree";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { answer, core, done } from "@/lib/api/core";
import type { RoleRow, TreeSelectNode } from "@/lib/api/types";
import { initialChecked, keysToSave } from "@/lib/tree-check";
import { CUSTOM_SCOPE, DATA_SCOPES } from "./role-rules";

/** 分配数据权限: the role's data scope; a custom scope grants the departments ticked in the tree. */
export function DataScopeDialog({ role, onClose, onSaved }: { role: RoleRow | null; onClose: () => void; onSaved: () => void }) {
  const t = useTranslations("role");
  const tl = useTranslations("list");
  // the screen keys this dialog by the role: a role's own values start each opening
  const [scope, setScope] = useState(role?.dataScope ?? "1");
  const [depts, setDepts] = useState<TreeSelectNode[]>([]);
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const [linked, setLinked] = useState(role?.deptCheckStrictly ?? true);
  const [saving, setSaving] = useState(false);

  const failed = useEffectEvent(() => onClose());
  useEffect(() => {
    if (!role) return;
    let live = true;
    answer(core.GET("/system/role/deptTree/{roleId}", { params: { path: { roleId: role.roleId } } }))
      .then((tree) => {
        if (!live) return;
        setDepts(tree.depts);
        setChecked(initialChecked(tree.depts, tree.checkedKeys, role.deptCheckStrictly));
      })
      .catch(() => failed());
    return () => {
      live = false;
    };
  }, [role]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!role) return;
    setSaving(true);
    const ok = await done(core.PUT("/system/role/dataScope", { body: {
      roleId: role.roleId,
      roleName: role.roleName,
      roleKey: role.roleKey,
      roleSort: role.roleSort,
      status: role.status,
      menuCheckStrictly: role.menuCheckStrictly,
      dataScope: scope,
      deptCheckStrictly: linked,
      deptIds: scope === CUSTOM_SCOPE ? keysToSave(depts, checked, linked) : [],
    } }));
    setSaving(false);
    if (ok) {
      toast.success(tl("updated"));
      onClose();
      onSaved();
    }
  };

  return (
    <FormDialog open={role !== null} onOpenChange={(open) => !open && onClose()} title={t("dataScopeTitle")} testId="data-scope-form" onSubmit={save} submitting={saving}>
      <FormItem label={t("roleName")}>
        <Input value={role?.roleName ?? ""} disabled />
      </FormItem>
      <FormItem label={t("roleKey")}>
        <Input value={role?.roleKey ?? ""} disabled />
      </FormItem>
      <FormItem label={t("dataScopeLabel")} full>
        <NativeSelect data-testid="form-dataScope" value={scope} onChange={(e) => setScope(e.target.value)}>
          {DATA_SCOPES.map((value) => (
            <option key={value} value={value}>
              {t(`scopes.${value}`)}
            </option>
          ))}
        </NativeSelect>
      </FormItem>
      {scope === CUSTOM_SCOPE && (
        <FormItem label={t("deptScope")} full>
          <CheckTree testId="role-dept-tree" nodes={depts} checked={checked} onCheckedChange={setChecked} linked={linked} onLinkedChange={setLinked} />
        </FormItem>
      )}
    </FormDialog>
  );
}
