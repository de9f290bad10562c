"use client";

import { DownloadIcon, PencilIcon, PlusIcon, Trash2Icon, UploadIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { useConfirmedAction } from "@/components/confirm-provider";
import { ListFrame } from "@/components/data-table/list-frame";
import { ToolbarButton } from "@/components/data-table/operations";
import { QueryDictSelect, QueryDraftRange, QueryInput } from "@/components/data-table/query-panel";
import { useList, useQueryDraft, useSelection } from "@/components/data-table/use-list";
import { FilterTree } from "@/components/tree/filter-tree";
import { Card, CardContent } from "@/components/ui/card";
import { asFile, core, done, saveAs } from "@/lib/api/core";
import type { UserRow, UserScreenData } from "@/lib/api/types";
import { dateRangeParams } from "@/lib/list-query";
import { USER_COLUMN_IDS, type UserActions, useUserColumns } from "./columns";
import { USER_FILTERS, userParsers } from "./query";
import { UserDialogsProvider, useUserDialogs } from "./user-dialogs";

/** 用户管理: the department tree beside the list. */
export function UserList({ data }: { data: UserScreenData }) {
  const list = useList(userParsers);
  return (
    <UserDialogsProvider deptTree={data.deptTree} dicts={data.dicts} onSaved={list.refresh}>
      <UserListBody data={data} list={list} />
    </UserDialogsProvider>
  );
}

function UserListBody({ data, list }: { data: UserScreenData; list: ReturnType<typeof useList<typeof userParsers>> }) {
  const t = useTranslations("user");
  const tl = useTranslations("list");
  const router = useRouter();
  const dialogs = useUserDialogs();
  const confirmed = useConfirmedAction();
  const { query, setQuery } = list;
  const draft = useQueryDraft(query, USER_FILTERS, setQuery);
  const rows = data.page.rows;
  const selection = useSelection(rows);
  const choices = useMemo(() => USER_COLUMN_IDS.map((id) => ({ id, label: t(id === "deptName" ? "dept" : id === "status" ? "statusLabel" : id) })), [t]);

  const remove = (ids: number[]) =>
    confirmed(tl("removeConfirm", { name: t("userId"), ids: ids.join(",") }), () => done(core.DELETE("/system/user/{userIds}", { params: { path: { userIds: ids.join(",") } } }))).then(
      (ok) => ok && list.refresh(),
    );
  const actions = useMemo<UserActions>(
    () => ({
      edit: (row) => dialogs.edit(row.userId),
      remove: (row) => remove([row.userId]),
      resetPwd: dialogs.resetPwd,
      authRole: (row) => router.push(`/system/user-auth/role/${row.userId}`),
      changeStatus: (row: UserRow, enabled: boolean) => {
        const action = enabled ? tl("enable") : tl("disable");
        void confirmed(
          tl("statusConfirm", { action, name: row.userName, kind: t("kind") }),
          () => done(core.PUT("/system/user/changeStatus", { body: { userId: row.userId, status: enabled ? "0" : "1" } })),
          tl("statusDone", { action }),
        ).then((ok) => ok && list.refresh());
      },
    }),
    [dialogs, router, tl, t],
  );
  const columns = useUserColumns(actions);
  const exportUsers = () =>
    saveAs(core.POST("/system/user/export", { body: {
        userName: query.userName,
        phonenumber: query.phonenumber,
        status: query.status,
        deptId: query.deptId ?? undefined,
        ...dateRangeParams([query.beginTime, query.endTime]),
      }, ...asFile }), `user_${Date.now()}.xlsx`);

  return (
    <div data-testid="user-screen" className="grid grid-cols-1 gap-4 lg:grid-cols-[240px_minmax(0,1fr)]">
      <Card className="py-4">
        <CardContent className="px-3">
          <FilterTree
            testId="dept-tree"
            nodes={data.deptTree}
            selected={query.deptId}
            onSelect={(deptId) => setQuery({ deptId, pageNum: 1 })}
            placeholder={t("deptFilter")}
          />
        </CardContent>
      </Card>
      <ListFrame
        testId="user-list"
        tableTestId="user-table"
        list={list}
        selection={selection}
        onSearch={draft.search}
        onReset={draft.reset}
        filters={
          <>
            <QueryInput label={t("userName")} name="userName" value={draft.draft.userName} onChange={(v) => draft.set("userName", v)} />
            <QueryInput label={t("phonenumber")} name="phonenumber" value={draft.draft.phonenumber} onChange={(v) => draft.set("phonenumber", v)} />
            <QueryDictSelect label={tl("status")} name="status" value={draft.draft.status} onChange={(v) => draft.set("status", v)} options={data.dicts.sys_normal_disable} />
            <QueryDraftRange label={tl("createTime")} draft={draft} />
          </>
        }
        buttons={
          <>
            <ToolbarButton perms="system:user:add" testId="toolbar-add" icon={<PlusIcon />} label={tl("add")} onClick={dialogs.create} />
            <ToolbarButton perms="system:user:edit" testId="toolbar-edit" icon={<PencilIcon />} label={tl("edit")} disabled={selection.ids.length !== 1} onClick={() => dialogs.edit(selection.ids[0])} />
            <ToolbarButton perms="system:user:remove" testId="toolbar-remove" icon={<Trash2Icon />} label={tl("remove")} disabled={selection.ids.length === 0} onClick={() => remove(selection.ids)} />
            <ToolbarButton perms="system:user:import" testId="toolbar-import" icon={<UploadIcon />} label={tl("import")} onClick={dialogs.importUsers} />
            <ToolbarButton perms="system:user:export" testId="toolbar-export" icon={<DownloadIcon />} label={tl("export")} onClick={exportUsers} />
          </>
        }
        columns={columns}
        choices={choices}
        rows={rows}
        total={data.page.total}
        getRowId={(row) => String(row.userId)}
        canSelect={(row) => row.userId !== 1}
      />
    </div>
  );
}
