"use client";

import { KeyRoundIcon, UserCheckIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useMemo } from "react";
import { CrudList, EditRemoveActions } from "@/components/data-table/crud-list";
import { useNamedRemove } from "@/components/confirm-provider";
import { declareList, useLabels, useStatusChange } from "@/components/data-table/declare";
import { StatusSwitch } from "@/components/data-table/status-switch";
import { useListScreen } from "@/components/data-table/use-list";
import { FilterTree } from "@/components/tree/filter-tree";
import { Card, CardContent } from "@/components/ui/card";
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
  const label = useLabels("user");
  const router = useRouter();
  const dialogs = useUserDialogs();
  const { query, setQuery, refresh } = screen.list;
  // the confirmation names the user (its account name) or counts the selected ones
  const remove = useNamedRemove(label("kind"), (id) => data.page.rows.find((row) => row.userId === id)?.userName, (userIds) => core.DELETE("/system/user/{userIds}", { params: { path: { userIds } } }), refresh);
  const changeStatus = useStatusChange(label("kind"), refresh);
  const status = data.dicts.sys_normal_disable;
  const declared = useMemo(() => {
    const statusSwitch = (row: UserRow) => (
      <StatusSwitch
        name={row.userName}
        checked={row.status === "0"}
        onCheckedChange={(enabled) => void changeStatus(row.userName, enabled, (status) => core.PUT("/system/user/changeStatus", { body: { userId: row.userId, status } }))}
      />
    );
    const operations = (row: UserRow) =>
      row.userId === SUPER_ADMIN_ID ? null : (
        <EditRemoveActions
          perm="system:user"
          onEdit={() => dialogs.edit(row.userId)}
          onRemove={() => remove([row.userId])}
          actions={[
            { perms: "system:user:resetPwd", testId: "row-reset-pwd", icon: <KeyRoundIcon />, label: label("resetPwd"), onClick: () => dialogs.resetPwd(row) },
            { perms: "system:user:edit", testId: "row-auth-role", icon: <UserCheckIcon />, label: label("authRole"), onClick: () => router.push(`/system/user-auth/role/${row.userId}`) },
          ]}
        />
      );
    return declareList<UserRow>(label, {
      fields: [
        { key: "userId", sort: true },
        { key: "userName", sort: true },
        { key: "nickName" },
        { key: "dept", id: "deptName", header: label("dept"), cell: (row) => row.dept?.deptName ?? "" },
        { key: "phonenumber" },
        { key: "status", cell: statusSwitch },
        { key: "createTime", sort: true },
      ],
      filters: [{ kind: "input", name: "userName" }, { kind: "input", name: "phonenumber" }, { kind: "dict", name: "status", options: status }, { kind: "range" }],
      operations: { fixed: true, cell: operations },
    });
  }, [label, status, router, dialogs, remove, changeStatus]);
  const exportUsers = () => {
    const body = { userName: query.userName, phonenumber: query.phonenumber, status: query.status, deptId: query.deptId ?? undefined, ...dateRangeParams([query.beginTime, query.endTime]) };
    return saveAs(core.POST("/system/user/export", { body, ...asFile }), `user_${Date.now()}.xlsx`);
  };

  return (
    <div data-testid="user-screen" className="grid grid-cols-1 gap-4 lg:grid-cols-[240px_minmax(0,1fr)]">
      <Card className="py-4">
        <CardContent className="px-3">
          <FilterTree testId="dept-tree" nodes={data.deptTree} selected={query.deptId} onSelect={(deptId) => setQuery({ deptId, pageNum: 1 })} placeholder={label("deptFilter")} />
        </CardContent>
      </Card>
      <CrudList
        testId="user-list"
        tableTestId="user-table"
        perm="system:user"
        {...screen}
        {...declared}
        page={data.page}
        rowKey="userId"
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
