"use client";

import { CircleCheckIcon, UserIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { CrudList, EditRemoveActions } from "@/components/data-table/crud-list";
import { declareColumns, useRemove, useStatusChange } from "@/components/data-table/declare";
import { RowAction } from "@/components/data-table/operations";
import { useListScreen } from "@/components/data-table/use-list";
import { Switch } from "@/components/ui/switch";
import { asFile, core, saveAs } from "@/lib/api/core";
import type { RoleRow, RoleScreenData } from "@/lib/api/types";
import { dateRangeParams } from "@/lib/list-query";
import { ROLE_FILTERS, roleParsers } from "./query";
import { RoleDialogsProvider, useRoleDialogs } from "./role-dialogs";

/** The admin role: neither selected, switched, edited nor removed. */
const ADMIN_ROLE_ID = 1;

/** 角色管理. */
export function RoleList({ data }: { data: RoleScreenData }) {
  const screen = useListScreen(roleParsers, ROLE_FILTERS, data.page.rows);
  return (
    <RoleDialogsProvider dicts={data.dicts} onSaved={screen.list.refresh}>
      <RoleListBody data={data} screen={screen} />
    </RoleDialogsProvider>
  );
}

function RoleListBody({ data, screen }: { data: RoleScreenData; screen: ReturnType<typeof useListScreen<typeof roleParsers>> }) {
  const t = useTranslations("role");
  const tl = useTranslations("list");
  const router = useRouter();
  const dialogs = useRoleDialogs();
  const { query, refresh } = screen.list;
  const remove = useRemove(t("roleId"), (roleIds) => core.DELETE("/system/role/{roleIds}", { params: { path: { roleIds } } }), refresh);
  const changeStatus = useStatusChange(t("kind"), refresh);
  const { columns, choices } = useMemo(
    () =>
      declareColumns<RoleRow>(
        [
          { key: "roleId", header: t("roleId"), sort: true },
          { key: "roleName", header: t("roleName") },
          { key: "roleKey", header: t("roleKey") },
          { key: "roleSort", header: t("roleSort"), sort: true },
          {
            key: "status",
            header: tl("status"),
            cell: (row) => (
              <Switch
                data-testid="status-switch"
                disabled={row.roleId === ADMIN_ROLE_ID}
                checked={row.status === "0"}
                onCheckedChange={(enabled) => void changeStatus(row.roleName, enabled, (status) => core.PUT("/system/role/changeStatus", { body: { roleId: row.roleId, status } }))}
              />
            ),
          },
          { key: "createTime", header: tl("createTime"), sort: true },
        ],
        {
          header: tl("operations"),
          fixed: true,
          cell: (row) =>
            row.roleId === ADMIN_ROLE_ID ? null : (
              <EditRemoveActions perm="system:role" onEdit={() => dialogs.edit(row.roleId)} onRemove={() => remove([row.roleId])}>
                <RowAction perms="system:role:edit" testId="row-data-scope" icon={<CircleCheckIcon />} label={t("dataScope")} onClick={() => dialogs.dataScope(row)} />
                <RowAction perms="system:role:edit" testId="row-auth-user" icon={<UserIcon />} label={t("authUser")} onClick={() => router.push(`/system/role-auth/user/${row.roleId}`)} />
              </EditRemoveActions>
            ),
        },
      ),
    [t, tl, router, dialogs, remove, changeStatus],
  );

  return (
    <CrudList
      testId="role-screen"
      tableTestId="role-table"
      perm="system:role"
      {...screen}
      query={[
        { kind: "input", name: "roleName", label: t("roleName") },
        { kind: "input", name: "roleKey", label: t("roleKey") },
        { kind: "dict", name: "status", label: tl("status"), options: data.dicts.sys_normal_disable },
        { kind: "range", label: tl("createTime") },
      ]}
      columns={columns}
      choices={choices}
      rows={data.page.rows}
      total={data.page.total}
      getRowId={(row) => String(row.roleId)}
      canSelect={(row) => row.roleId !== ADMIN_ROLE_ID}
      onAdd={dialogs.create}
      onEdit={dialogs.edit}
      onRemove={remove}
      onExport={() =>
        saveAs(core.POST("/system/role/export", { body: { roleName: query.roleName, roleKey: query.roleKey, status: query.status, ...dateRangeParams([query.beginTime, query.endTime]) }, ...asFile }), `role_${Date.now()}.xlsx`)
      }
    />
  );
}
