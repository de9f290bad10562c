"use client";

import { DownloadIcon, PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { useConfirmedAction } from "@/components/confirm-provider";
import { ListFrame } from "@/components/data-table/list-frame";
import { ToolbarButton } from "@/components/data-table/operations";
import { QueryDictSelect, QueryDraftRange, QueryInput } from "@/components/data-table/query-panel";
import { useList, useQueryDraft, useSelection } from "@/components/data-table/use-list";
import { asFile, core, done, saveAs } from "@/lib/api/core";
import type { RoleScreenData } from "@/lib/api/types";
import { dateRangeParams } from "@/lib/list-query";
import { ADMIN_ROLE_ID, ROLE_COLUMN_IDS, type RoleActions, useRoleColumns } from "./columns";
import { ROLE_FILTERS, roleParsers } from "./query";
import { RoleDialogsProvider, useRoleDialogs } from "./role-dialogs";

/** 角色管理. */
export function RoleList({ data }: { data: RoleScreenData }) {
  const list = useList(roleParsers);
  return (
    <RoleDialogsProvider dicts={data.dicts} onSaved={list.refresh}>
      <RoleListBody data={data} list={list} />
    </RoleDialogsProvider>
  );
}

function RoleListBody({ data, list }: { data: RoleScreenData; list: ReturnType<typeof useList<typeof roleParsers>> }) {
  const t = useTranslations("role");
  const tl = useTranslations("list");
  const router = useRouter();
  const dialogs = useRoleDialogs();
  const confirmed = useConfirmedAction();
  const { query, setQuery } = list;
  const draft = useQueryDraft(query, ROLE_FILTERS, setQuery);
  const selection = useSelection(data.page.rows);
  const choices = useMemo(() => ROLE_COLUMN_IDS.map((id) => ({ id, label: id === "status" ? tl("status") : id === "createTime" ? tl("createTime") : t(id) })), [t, tl]);

  const remove = (ids: number[]) =>
    confirmed(tl("removeConfirm", { name: t("roleId"), ids: ids.join(",") }), () => done(core.DELETE("/system/role/{roleIds}", { params: { path: { roleIds: ids.join(",") } } }))).then(
      (ok) => ok && list.refresh(),
    );
  const actions = useMemo<RoleActions>(
    () => ({
      edit: (row) => dialogs.edit(row.roleId),
      remove: (row) => remove([row.roleId]),
      dataScope: dialogs.dataScope,
      authUser: (row) => router.push(`/system/role-auth/user/${row.roleId}`),
      changeStatus: (row, enabled) => {
        const action = enabled ? tl("enable") : tl("disable");
        void confirmed(
          tl("statusConfirm", { action, name: row.roleName, kind: t("kind") }),
          () => done(core.PUT("/system/role/changeStatus", { body: { roleId: row.roleId, status: enabled ? "0" : "1" } })),
          tl("statusDone", { action }),
        ).then((ok) => ok && list.refresh());
      },
    }),
    [dialogs, router, t, tl],
  );
  const columns = useRoleColumns(actions);
  const exportRoles = () =>
    saveAs(core.POST("/system/role/export", { body: { roleName: query.roleName, roleKey: query.roleKey, status: query.status, ...dateRangeParams([query.beginTime, query.endTime]) }, ...asFile }), `role_${Date.now()}.xlsx`);

  return (
    <ListFrame
      testId="role-screen"
      tableTestId="role-table"
      list={list}
      selection={selection}
      onSearch={draft.search}
      onReset={draft.reset}
      filters={
        <>
          <QueryInput label={t("roleName")} name="roleName" value={draft.draft.roleName} onChange={(v) => draft.set("roleName", v)} />
          <QueryInput label={t("roleKey")} name="roleKey" value={draft.draft.roleKey} onChange={(v) => draft.set("roleKey", v)} />
          <QueryDictSelect label={tl("status")} name="status" value={draft.draft.status} onChange={(v) => draft.set("status", v)} options={data.dicts.sys_normal_disable} />
          <QueryDraftRange label={tl("createTime")} draft={draft} />
        </>
      }
      buttons={
        <>
          <ToolbarButton perms="system:role:add" testId="toolbar-add" icon={<PlusIcon />} label={tl("add")} onClick={dialogs.create} />
          <ToolbarButton perms="system:role:edit" testId="toolbar-edit" icon={<PencilIcon />} label={tl("edit")} disabled={selection.ids.length !== 1} onClick={() => dialogs.edit(selection.ids[0])} />
          <ToolbarButton perms="system:role:remove" testId="toolbar-remove" icon={<Trash2Icon />} label={tl("remove")} disabled={selection.ids.length === 0} onClick={() => remove(selection.ids)} />
          <ToolbarButton perms="system:role:export" testId="toolbar-export" icon={<DownloadIcon />} label={tl("export")} onClick={exportRoles} />
        </>
      }
      columns={columns}
      choices={choices}
      rows={data.page.rows}
      total={data.page.total}
      getRowId={(row) => String(row.roleId)}
      canSelect={(row) => row.roleId !== ADMIN_ROLE_ID}
    />
  );
}
