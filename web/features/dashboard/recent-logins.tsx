"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { DataTable } from "@/components/data-table/data-table";
import type { Features } from "@/components/data-table/features";
import { Badge } from "@/components/ui/badge";
import type { RecentLogin } from "@/lib/api/types";

const helper = createColumnHelper<Features, RecentLogin>();

/** sys_common_status: '0' success, '1' failure. */
function LoginStatus({ status }: { status: string }) {
  const t = useTranslations("dashboard");
  const ok = status === "0";
  return <Badge variant={ok ? "success" : "danger"}>{ok ? t("success") : t("failure")}</Badge>;
}

export function RecentLogins({ data }: { data: RecentLogin[] }) {
  const t = useTranslations("dashboard.recent");
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("userName", { header: t("userName") }),
        helper.accessor("ipaddr", { header: t("ipaddr") }),
        helper.accessor("status", {
          header: t("status"),
          cell: (info) => <LoginStatus status={info.getValue()} />,
        }),
        helper.accessor("msg", { header: t("msg") }),
        helper.accessor("loginTime", { header: t("loginTime") }),
      ]),
    [t],
  );
  return <DataTable testId="recent-logins" columns={columns} data={data} empty={t("empty")} />;
}
