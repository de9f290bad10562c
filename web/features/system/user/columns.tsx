"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { KeyRoundIcon, PencilIcon, Trash2Icon, UserCheckIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import type { Features } from "@/components/data-table/features";
import { RowAction } from "@/components/data-table/operations";
import { Switch } from "@/components/ui/switch";
import type { UserRow } from "@/lib/api/types";
import { SUPER_ADMIN_ID } from "./user-rules";

const helper = createColumnHelper<Features, UserRow>();

export interface UserActions {
  edit: (row: UserRow) => void;
  remove: (row: UserRow) => void;
  resetPwd: (row: UserRow) => void;
  authRole: (row: UserRow) => void;
  changeStatus: (row: UserRow, enabled: boolean) => void;
}

export const USER_COLUMN_IDS = ["userId", "userName", "nickName", "deptName", "phonenumber", "status", "createTime"] as const;

export function useUserColumns(actions: UserActions) {
  const t = useTranslations("user");
  const tl = useTranslations("list");
  return useMemo(
    () =>
      helper.columns([
        helper.accessor("userId", { header: t("userId"), meta: { sortKey: "userId" } }),
        helper.accessor("userName", { header: t("userName"), meta: { sortKey: "userName" } }),
        helper.accessor("nickName", { header: t("nickName") }),
        helper.accessor((row) => row.dept?.deptName ?? "", { id: "deptName", header: t("dept") }),
        helper.accessor("phonenumber", { header: t("phonenumber") }),
        helper.accessor("status", {
          header: tl("status"),
          cell: ({ row }) => (
            <Switch
              data-testid="status-switch"
              checked={row.original.status === "0"}
              onCheckedChange={(value) => actions.changeStatus(row.original, value)}
            />
          ),
        }),
        helper.accessor("createTime", { header: tl("createTime"), meta: { sortKey: "createTime" } }),
        helper.display({
          id: "operations",
          header: tl("operations"),
          meta: { fixed: true },
          cell: ({ row }) =>
            row.original.userId === SUPER_ADMIN_ID ? null : (
              <span className="flex flex-wrap gap-x-1">
                <RowAction perms="system:user:edit" testId="row-edit" icon={<PencilIcon />} label={tl("edit")} onClick={() => actions.edit(row.original)} />
                <RowAction perms="system:user:remove" testId="row-remove" icon={<Trash2Icon />} label={tl("remove")} onClick={() => actions.remove(row.original)} />
                <RowAction perms="system:user:resetPwd" testId="row-reset-pwd" icon={<KeyRoundIcon />} label={t("resetPwd")} onClick={() => actions.resetPwd(row.original)} />
                <RowAction perms="system:user:edit" testId="row-auth-role" icon={<UserCheckIcon />} label={t("authRole")} onClick={() => actions.authRole(row.original)} />
              </span>
            ),
        }),
      ]),
    [t, tl, actions],
  );
}
