"use client";

import { CircleCheckIcon, UserIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useMemo } from "react";
import { CrudList, EditRemoveActions } from "@/components/data-table/crud-list";
import { useNamedRemove } from "@/components/confirm-provider";
import { declareList, useLabels, useStatusChange } from "@/components/data-table/declare";
import { StatusSwitch } from "@/components/data-table/status-switch";
import { useListScreen } from "@/components/data-table/use-list";
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
  const label = useLabels("role");
  const router = useRouter();
  const dialogs = useRoleDialogs();
  const { query, refresh } = screen.list;
  // the confirmation names the role or counts the selected ones
  const remove = useNamedRemove(label("kind"), (id) => data.page.rows.find((row) => row.roleId === id)?.roleName, (roleIds) => core.DELETE("/system/role/{roleIds}", { params: { path: { roleIds } } }), refresh);
  const changeStatus = useStatusChange(label("kind"), refresh);
  const status = data.dicts.sys_normal_disable;
  const declared = useMemo(() => {
    const statusSwitch = (row: RoleRow) => (
      <StatusSwitch
        name={row.roleName}
        disabled={row.roleId === ADMIN_ROLE_ID}
        checked={row.status === "0"}
        onCheckedChange={(enabled) => void changeStatus(row.roleName, enabled, (status) => core.PUT("/system/role/changeStatus", { body: { roleId: row.roleId, status } }))}
      />
    );
    const operations = (row: RoleRow) =>
      row.roleId === ADMIN_ROLE_ID ? null : (
        <EditRemoveActions
          perm="system:role"
          onEdit={() => dialogs.edit(row.roleId)}
          onRemove={() => remove([row.roleId])}
          actions={[
            { perms: "system:role:edit", testId: "row-data-scope", icon: <CircleCheckIcon />, label: label("dataScope"), onClick: () => dialogs.dataScope(row) },
            { perms: "system:role:edit", testId: "row-auth-user", icon: <UserIcon />, label: label("authUser"), onClick: () => router.push(`/system/role-auth/user/${row.roleId}`) },
          ]}
        />
      );
    return declareList<RoleRow>(label, {
      fields: [{ key: "roleId", sort: true }, { key: "roleName" }, { key: "roleKey" }, { key: "roleSort", sort: true }, { key: "status", cell: statusSwitch }, { key: "createTime", sort: true }],
      filters: [{ kind: "input", name: "roleName" }, { kind: "input", name: "roleKey" }, { kind: "dict", name: "status", options: status }, { kind: "range" }],
      operations: { fixed: true, cell: operations },
    });
  }, [label, status, router, dialogs, remove, changeStatus]);
  const exportRoles = () => {
    const body = { roleName: query.roleName, roleKey: query.roleKey, status: query.status, ...dateRangeParams([query.beginTime, query.endTime]) };
    return saveAs(core.POST("/system/role/export", { body, ...asFile }), `role_${Date.now()}.xlsx`);
  };
  return (
    <CrudList
      testId="role-screen"
      tableTestId="role-table"
      perm="system:role"
      {...screen}
      {...declared}
      page={data.page}
      rowKey="roleId"
      canSelect={(row) => row.roleId !== ADMIN_ROLE_ID}
      onAdd={dialogs.create}
      onEdit={dialogs.edit}
      onRemove={remove}
      onExport={exportRoles}
    />
  );
}
