"use client";

import { KeyRoundIcon, UserCheckIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { CrudList, EditRemoveActions } from "@/components/data-table/crud-list";
import { declareColumns, useRemove, useStatusChange } from "@/components/data-table/declare";
import { RowAction } from "@/components/data-table/operations";
import { useListScreen } from "@/components/data-table/use-list";
import { FilterTree } from "@/components/tree/filter-tree";
import { Card, CardContent } from "@/components/ui/card";
import { Switch } from "@/components/ui/switch";
import { asFile, core, saveAs } from "@/lib/api/core";
import type { UserRow, UserScreenData } from "@/lib/api/types";
import { dateRangeParams } from "@/lib/list-query";
import { USER_FILTERS, userParsers } from "./query";
import { UserDialogsProvider, useUserDialogs } from "./user-dialogs";
import { SUPER_ADMIN_ID } from "./user-rules";

/** 用户管理: the department tree beside the list. */
export function UserList({ data }: { data: UserScreenData }) {
  const screen = useListScreen(userParsers, USER_FILTERS, data.page.rows);
  return (
    <UserDialogsProvider deptTree={data.deptTree} dicts={data.dicts} onSaved={screen.list.refresh}>
      <UserListBody data={data} screen={screen} />
    </UserDialogsProvider>
  );
}

function UserListBody({ data, screen }: { data: UserScreenData; screen: ReturnType<typeof useListScreen<typeof userParsers>> }) {
  const t = useTranslations("user");
  const tl = useTranslations("list");
  const router = useRouter();
  const dialogs = useUserDialogs();
  const { query, setQuery, refresh } = screen.list;
  const remove = useRemove(t("userId"), (userIds) => core.DELETE("/system/user/{userIds}", { params: { path: { userIds } } }), refresh);
  const changeStatus = useStatusChange(t("kind"), refresh);
  const { columns, choices } = useMemo(
    () =>
      declareColumns<UserRow>(
        [
          { key: "userId", header: t("userId"), sort: true },
          { key: "userName", header: t("userName"), sort: true },
          { key: "nickName", header: t("nickName") },
          { key: "dept", id: "deptName", header: t("dept"), cell: (row) => row.dept?.deptName ?? "" },
          { key: "phonenumber", header: t("phonenumber") },
          {
            key: "status",
            header: tl("status"),
            cell: (row) => (
              <Switch
                data-testid="status-switch"
                checked={row.status === "0"}
                onCheckedChange={(enabled) => void changeStatus(row.userName, enabled, (status) => core.PUT("/system/user/changeStatus", { body: { userId: row.userId, status } }))}
              />
            ),
          },
          { key: "createTime", header: tl("createTime"), sort: true },
        ],
        {
          header: tl("operations"),
          fixed: true,
          cell: (row) =>
            row.userId === SUPER_ADMIN_ID ? null : (
              <EditRemoveActions perm="system:user" onEdit={() => dialogs.edit(row.userId)} onRemove={() => remove([row.userId])}>
                <RowAction perms="system:user:resetPwd" testId="row-reset-pwd" icon={<KeyRoundIcon />} label={t("resetPwd")} onClick={() => dialogs.resetPwd(row)} />
                <RowAction perms="system:user:edit" testId="row-auth-role" icon={<UserCheckIcon />} label={t("authRole")} onClick={() => router.push(`/system/user-auth/role/${row.userId}`)} />
              </EditRemoveActions>
            ),
        },
      ),
    [t, tl, router, dialogs, remove, changeStatus],
  );
  const exportUsers = () => {
    const body = { userName: query.userName, phonenumber: query.phonenumber, status: query.status, deptId: query.deptId ?? undefined, ...dateRangeParams([query.beginTime, query.endTime]) };
    return saveAs(core.POST("/system/user/export", { body, ...asFile }), `user_${Date.now()}.xlsx`);
  };

  return (
    <div data-testid="user-screen" className="grid grid-cols-1 gap-4 lg:grid-cols-[240px_minmax(0,1fr)]">
      <Card className="py-4">
        <CardContent className="px-3">
          <FilterTree testId="dept-tree" nodes={data.deptTree} selected={query.deptId} onSelect={(deptId) => setQuery({ deptId, pageNum: 1 })} placeholder={t("deptFilter")} />
        </CardContent>
      </Card>
      <CrudList
        testId="user-list"
        tableTestId="user-table"
        perm="system:user"
        {...screen}
        query={[
          { kind: "input", name: "userName", label: t("userName") },
          { kind: "input", name: "phonenumber", label: t("phonenumber") },
          { kind: "dict", name: "status", label: tl("status"), options: data.dicts.sys_normal_disable },
          { kind: "range", label: tl("createTime") },
        ]}
        columns={columns}
        choices={choices}
        rows={data.page.rows}
        total={data.page.total}
        getRowId={(row) => String(row.userId)}
        canSelect={(row) => row.userId !== SUPER_ADMIN_ID}
        onAdd={dialogs.create}
        onEdit={dialogs.edit}
        onRemove={remove}
        onImport={dialogs.importUsers}
        onExport={exportUsers}
      />
    </div>
  );
}
