"use client";

import { createColumnHelper, type RowSelectionState } from "@tanstack/react-table";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { DataTable } from "@/components/data-table/data-table";
import type { Features } from "@/components/data-table/features";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { core, done } from "@/lib/api/core";
import type { AuthRoleScreenData, RoleRow } from "@/lib/api/types";

const helper = createColumnHelper<Features, RoleRow>();

/** The roles of one user: every role it may hold, the held ones ticked; 提交 saves the ticked set. */
export function AuthRole({ data }: { data: AuthRoleScreenData }) {
  const t = useTranslations("user");
  const tl = useTranslations("list");
  const router = useRouter();
  const [selection, setSelection] = useState<RowSelectionState>(() =>
    Object.fromEntries(data.roles.filter((role) => role.flag).map((role) => [String(role.roleId), true as const])),
  );
  const [saving, setSaving] = useState(false);
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("roleId", { header: t("roleId") }),
        helper.accessor("roleName", { header: t("roleName") }),
        helper.accessor("roleKey", { header: t("roleKey") }),
        helper.accessor("createTime", { header: tl("createTime") }),
      ]),
    [t, tl],
  );
  const submit = async () => {
    setSaving(true);
    const roleIds = Object.keys(selection).filter((id) => selection[id]).join(",");
    const ok = await done(core.PUT("/system/user/authRole", { params: { query: { userId: data.user.userId, roleIds } } }));
    setSaving(false);
    if (ok) {
      toast.success(t("authRoleSaved"));
      router.push("/system/user");
    }
  };

  return (
    <div data-testid="auth-role-screen" className="flex flex-col gap-4">
      <Card>
        <CardHeader>
          <CardTitle>{t("basicInfo")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <label className="flex items-center gap-3 text-sm">
            <span className="w-20 text-right">{t("nickName")}</span>
            <Input data-testid="auth-role-nick-name" value={data.user.nickName} disabled />
          </label>
          <label className="flex items-center gap-3 text-sm">
            <span className="w-20 text-right">{t("userName")}</span>
            <Input data-testid="auth-role-user-name" value={data.user.userName} disabled />
          </label>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("roleInfo")}</CardTitle>
        </CardHeader>
        <CardContent>
          <DataTable
            testId="auth-role-table"
            columns={columns}
            data={data.roles}
            getRowId={(row) => String(row.roleId)}
            rowSelection={selection}
            onRowSelectionChange={setSelection}
            canSelect={(row) => row.status === "0"}
          />
          <div className="mt-4 flex justify-center gap-2">
            <Button data-testid="auth-role-submit" disabled={saving} onClick={submit}>
              {tl("submit")}
            </Button>
            <Button variant="outline" onClick={() => router.push("/system/user")}>
              {tl("back")}
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
