"use client";

import { CircleXIcon, PlusIcon, XIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { useConfirmedAction } from "@/components/confirm-provider";
import { DataTable } from "@/components/data-table/data-table";
import { ToolbarButton } from "@/components/data-table/operations";
import { Pagination } from "@/components/data-table/pagination";
import { QueryInput, QueryPanel } from "@/components/data-table/query-panel";
import { ListToolbar } from "@/components/data-table/toolbar";
import { useList, useQueryDraft, useSelection } from "@/components/data-table/use-list";
import { Card, CardContent } from "@/components/ui/card";
import { core, done } from "@/lib/api/core";
import type { AuthUserRow, AuthUserScreenData } from "@/lib/api/types";
import { useAuthUserColumns } from "./auth-user-columns";
import { AUTH_USER_FILTERS, authUserParsers } from "./query";
import { SelectUserDialog } from "./select-user-dialog";

/** The users who hold one role: add some (select-users dialog), cancel one, cancel the selected. */
export function AuthUser({ data }: { data: AuthUserScreenData }) {
  const t = useTranslations("role");
  const tl = useTranslations("list");
  const router = useRouter();
  const list = useList(authUserParsers);
  const { query, setQuery, refresh } = list;
  const draft = useQueryDraft(query, AUTH_USER_FILTERS, setQuery);
  const [showSearch, setShowSearch] = useState(true);
  const [selecting, setSelecting] = useState(false);
  const selection = useSelection(data.page.rows);
  const confirmed = useConfirmedAction();
  const roleId = data.role.roleId;

  const cancel = useCallback(
    (row: AuthUserRow) =>
      void confirmed(t("cancelConfirm", { name: row.userName }), () => done(core.PUT("/system/role/authUser/cancel", { body: { userId: row.userId, roleId } })), t("cancelDone")).then(
        (ok) => ok && refresh(),
      ),
    [confirmed, roleId, t, refresh],
  );
  const cancelSelected = () =>
    void confirmed(
      t("cancelAllConfirm"),
      () => done(core.PUT("/system/role/authUser/cancelAll", { params: { query: { roleId, userIds: selection.ids.join(",") } } })),
      t("cancelDone"),
    ).then((ok) => ok && list.refresh());
  const columns = useAuthUserColumns(data.dicts, cancel);

  return (
    <Card data-testid="auth-user-screen" className="py-4">
      <CardContent className="px-4">
        <p className="mb-3 text-sm text-muted-foreground">
          {t("roleName")}: <span data-testid="auth-user-role" className="text-foreground">{data.role.roleName}</span>
        </p>
        <QueryPanel show={showSearch} onSearch={draft.search} onReset={draft.reset}>
          <QueryInput label={t("userName")} name="userName" value={draft.draft.userName} onChange={(v) => draft.set("userName", v)} />
          <QueryInput label={t("phonenumber")} name="phonenumber" value={draft.draft.phonenumber} onChange={(v) => draft.set("phonenumber", v)} />
        </QueryPanel>
        <ListToolbar showSearch={showSearch} onToggleSearch={() => setShowSearch(!showSearch)} onRefresh={list.refresh}>
          <ToolbarButton perms="system:role:add" testId="toolbar-add-user" icon={<PlusIcon />} label={t("addUser")} onClick={() => setSelecting(true)} />
          <ToolbarButton
            perms="system:role:remove"
            testId="toolbar-cancel-all"
            icon={<CircleXIcon />}
            label={t("cancelAll")}
            disabled={selection.ids.length === 0}
            onClick={cancelSelected}
          />
          <ToolbarButton testId="toolbar-close" icon={<XIcon />} label={tl("close")} onClick={() => router.push("/system/role")} />
        </ListToolbar>
        <DataTable
          testId="auth-user-table"
          columns={columns}
          data={data.page.rows}
          getRowId={(row) => String(row.userId)}
          rowSelection={selection.rowSelection}
          onRowSelectionChange={selection.setRowSelection}
          pending={list.pending}
        />
        <Pagination total={data.page.total} pageNum={query.pageNum} pageSize={query.pageSize} onChange={setQuery} />
        <SelectUserDialog key={selecting ? "open" : "closed"} roleId={roleId} dicts={data.dicts} open={selecting} onOpenChange={setSelecting} onSaved={list.refresh} />
      </CardContent>
    </Card>
  );
}
