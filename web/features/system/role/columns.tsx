"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { CircleCheckIcon, PencilIcon, Trash2Icon, UserIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import type { Features } from "@/components/data-table/features";
import { RowAction } from "@/components/data-table/operations";
import { Switch } from "@/components/ui/switch";
import type { RoleRow } from "@/lib/api/types";

const helper = createColumnHelper<Features, RoleRow>();
export const ADMIN_ROLE_ID = 1;

export interface RoleActions {
  edit: (row: RoleRow) => void;
  remove: (row: RoleRow) => void;
  dataScope: (row: RoleRow) => void;
  authUser: (row: RoleRow) => void;
  changeStatus: (row: RoleRow, enabled: boolean) => void;
}

export const ROLE_COLUMN_IDS = ["roleId", "roleName", "roleKey", "roleSort", "status", "createTime"] as const;

export function useRoleColumns(actions: RoleActions) {
  const t = useTranslations("role");
  const tl = useTranslations("list");
  return useMemo(
    () =>
      helper.columns([
        helper.accessor("roleId", { header: t("roleId"), meta: { sortKey: "roleId" } }),
        helper.accessor("roleName", { header: t("roleName") }),
        helper.accessor("roleKey", { header: t("roleKey") }),
        helper.accessor("roleSort", { header: t("roleSort"), meta: { sortKey: "roleSort" } }),
        helper.accessor("status", {
          header: tl("status"),
          cell: ({ row }) => (
            <Switch
              data-testid="status-switch"
              disabled={row.original.roleId === ADMIN_ROLE_ID}
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
            row.original.roleId === ADMIN_ROLE_ID ? null : (
              <span className="flex flex-wrap gap-x-1">
                <RowAction perms="system:role:edit" testId="row-edit" icon={<PencilIcon />} label={tl("edit")} onClick={() => actions.edit(row.original)} />
                <RowAction perms="system:role:remove" testId="row-remove" icon={<Trash2Icon />} label={tl("remove")} onClick={() => actions.remove(row.original)} />
                <RowAction perms="system:role:edit" testId="row-data-scope" icon={<CircleCheckIcon />} label={t("dataScope")} onClick={() => actions.dataScope(row.original)} />
                <RowAction perms="system:role:edit" testId="row-auth-user" icon={<UserIcon />} label={t("authUser")} onClick={() => actions.authUser(row.original)} />
              </span>
            ),
        }),
      ]),
    [t, tl, actions],
  );
}
