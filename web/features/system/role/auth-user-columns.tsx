"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { CircleXIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import type { Features } from "@/components/data-table/features";
import { RowAction } from "@/components/data-table/operations";
import { DictTag } from "@/components/dict-tag";
import type { AuthUserRow, Dicts } from "@/lib/api/types";

const helper = createColumnHelper<Features, AuthUserRow>();

/** The users of a role (and of the select-users dialog, without the cancel action). */
export function useAuthUserColumns(dicts: Dicts, cancel?: (row: AuthUserRow) => void) {
  const t = useTranslations("user");
  const tl = useTranslations("list");
  const tr = useTranslations("role");
  return useMemo(
    () =>
      helper.columns([
        helper.accessor("userName", { header: t("userName") }),
        helper.accessor("nickName", { header: t("nickName") }),
        helper.accessor("email", { header: t("email") }),
        helper.accessor("phonenumber", { header: t("phonenumber") }),
        helper.accessor("status", { header: tl("status"), cell: (info) => <DictTag options={dicts.sys_normal_disable} value={info.getValue()} /> }),
        helper.accessor("createTime", { header: tl("createTime") }),
        ...(cancel
          ? [
              helper.display({
                id: "operations",
                header: tl("operations"),
                cell: ({ row }) => (
                  <RowAction perms="system:role:remove" testId="row-cancel-auth" icon={<CircleXIcon />} label={tr("cancelAuth")} onClick={() => cancel(row.original)} />
                ),
              }),
            ]
          : []),
      ]),
    [t, tl, tr, dicts, cancel],
  );
}
