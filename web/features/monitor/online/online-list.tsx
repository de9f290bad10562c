"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { LogOutIcon, UsersIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useCallback, useMemo } from "react";
import { useConfirmedAction } from "@/components/confirm-provider";
import type { Features } from "@/components/data-table/features";
import { ListFrame } from "@/components/data-table/list-frame";
import { RowAction, ToolbarButton } from "@/components/data-table/operations";
import { QueryInput } from "@/components/data-table/query-panel";
import { useList, useQueryDraft, useSelection } from "@/components/data-table/use-list";
import type { OnlineRow, OnlineScreenData } from "@/lib/api/types";
import { ONLINE_FILTERS, onlineParsers } from "./query";
import { core, done } from "@/lib/api/core";

const helper = createColumnHelper<Features, OnlineRow>();
const COLUMN_IDS = ["tokenId", "userName", "deptName", "ipaddr", "loginLocation", "browser", "os", "loginTime"] as const;

/** 在线用户: the live sessions; 强退 ends one at once, 批量强退 the selected ones. */
export function OnlineList({ data }: { data: OnlineScreenData }) {
  const t = useTranslations("monitor.online");
  const tl = useTranslations("list");
  const list = useList(onlineParsers);
  const { query } = list;
  const draft = useQueryDraft(query, ONLINE_FILTERS, list.setQuery);
  const rows = data.page.rows;
  const selection = useSelection(rows);
  const confirmed = useConfirmedAction();
  const { refresh } = list;
  const forceLogout = useCallback(
    (targets: OnlineRow[]) => {
      if (!targets.length) return;
      const names = [...new Set(targets.map((row) => row.userName))].join(",");
      void confirmed(t("forceConfirm", { name: names }), () => done(core.DELETE("/monitor/online/{tokenIds}", { params: { path: { tokenIds: targets.map((row) => row.tokenId).join(",") } } })), t("forced")).then(
        (ok) => ok && refresh(),
      );
    },
    [confirmed, t, refresh],
  );
  const offset = (query.pageNum - 1) * query.pageSize;

  const columns = useMemo(
    () =>
      helper.columns([
        helper.display({ id: "index", header: t("index"), cell: ({ row }) => offset + row.index + 1 }),
        helper.accessor("tokenId", { header: t("tokenId") }),
        helper.accessor("userName", { header: t("userName") }),
        helper.accessor("deptName", { header: t("deptName") }),
        helper.accessor("ipaddr", { header: t("ipaddr") }),
        helper.accessor("loginLocation", { header: t("loginLocation") }),
        helper.accessor("browser", { header: t("browser") }),
        helper.accessor("os", { header: t("os") }),
        helper.accessor("loginTime", { header: t("loginTime") }),
        helper.display({
          id: "operations",
          header: tl("operations"),
          meta: { fixed: true },
          cell: ({ row }) => (
            <RowAction perms="monitor:online:forceLogout" testId="row-force-logout" icon={<LogOutIcon />} label={t("forceLogout")} onClick={() => forceLogout([row.original])} />
          ),
        }),
      ]),
    [t, tl, offset, forceLogout],
  );
  const choices = useMemo(() => ["index", ...COLUMN_IDS].map((id) => ({ id, label: t(id) })), [t]);
  const selected = rows.filter((row) => selection.ids.includes(Number(row.tokenId)));

  return (
    <ListFrame
      testId="online-screen"
      list={list}
      selection={selection}
      onSearch={draft.search}
      onReset={draft.reset}
      filters={
        <>
          <QueryInput label={t("ipaddr")} name="ipaddr" value={draft.draft.ipaddr} onChange={(v) => draft.set("ipaddr", v)} />
          <QueryInput label={t("userName")} name="userName" value={draft.draft.userName} onChange={(v) => draft.set("userName", v)} />
        </>
      }
      buttons={
        <ToolbarButton
          perms="monitor:online:batchLogout"
          testId="toolbar-batch-logout"
          icon={<UsersIcon />}
          label={t("batchLogout")}
          variant="destructive"
          disabled={selected.length === 0}
          onClick={() => forceLogout(selected)}
        />
      }
      columns={columns}
      choices={choices}
      rows={rows}
      total={data.page.total}
      getRowId={(row) => row.tokenId}
    />
  );
}
