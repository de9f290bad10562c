"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { DownloadIcon, EyeIcon, PencilIcon, RefreshCwIcon, Trash2Icon, UploadIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useMemo, useState } from "react";
import type { Features } from "@/components/data-table/features";
import { ListFrame } from "@/components/data-table/list-frame";
import { Badge } from "@/components/ui/badge";
import { QueryDraftRange, QueryInput } from "@/components/data-table/query-panel";
import { useList, useQueryDraft, useSelection } from "@/components/data-table/use-list";
import { RowAction, ToolbarButton } from "@/components/data-table/operations";
import { useConfirmedAction } from "@/components/confirm-provider";
import { codeTables } from "./codegen";
import { core, done, saveAs } from "@/lib/api/core";
import type { GenScreenData, GenTableRow } from "../types";
import { ImportTableDialog } from "./import-dialog";
import { PreviewDialog } from "./preview-dialog";
import { GEN_FILTERS, genParsers } from "./query";

const helper = createColumnHelper<Features, GenTableRow>();

/** 代码生成: the imported tables, with import, edit, preview, sync, delete and the code zips. */
export function GenList({ data }: { data: GenScreenData }) {
  const t = useTranslations("tools.gen");
  const tl = useTranslations("list");
  const router = useRouter();
  const list = useList(genParsers);
  const draft = useQueryDraft(list.query, GEN_FILTERS, list.setQuery);
  const rows = data.page.rows;
  const selection = useSelection(rows);
  const confirmed = useConfirmedAction();
  const [importing, setImporting] = useState(false);
  const [preview, setPreview] = useState<number | null>(null);

  const namesOf = (ids: number[]) => rows.filter((row) => ids.includes(row.tableId)).map((row) => row.tableName);
  const { refresh } = list;
  const edit = useCallback((tableId: number) => router.push(`/tool/gen-edit/index/${tableId}`), [router]);
  const remove = useCallback(
    (ids: number[]) =>
      void confirmed(tl("removeConfirm", { name: t("tableId"), ids: ids.join(",") }), () => done(core.DELETE("/tool/gen/{tableIds}", { params: { path: { tableIds: ids.join(",") } } }))).then(
        (ok) => ok && refresh(),
      ),
    [confirmed, t, tl, refresh],
  );
  const sync = useCallback(
    (name: string) =>
      void confirmed(t("syncConfirm", { name }), () => done(core.GET("/tool/gen/synchDb/{tableName}", { params: { path: { tableName: name } } })), t("synced")).then((ok) => ok && refresh()),
    [confirmed, t, refresh],
  );
  const code = (names: string[]) => {
    const [first, ...others] = codeTables(names);
    const zip =
      others.length === 0
        ? core.GET("/tool/gen/genCode/{tableName}", { params: { path: { tableName: first } }, parseAs: "blob" })
        : core.GET("/tool/gen/batchGenCode", { params: { query: { tables: [first, ...others].join(",") } }, parseAs: "blob" });
    void saveAs(zip, names.length === 1 ? `${names[0]}.zip` : "console-code.zip");
  };

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("tableId", { header: t("tableId"), meta: { sortKey: "tableId" } }),
        helper.accessor("tableName", {
          header: t("tableName"),
          meta: { sortKey: "tableName" },
          // the product's own tables generate too (a zip, never written over the product), marked as such
          cell: (info) => (
            <span className="inline-flex items-center gap-2">
              {info.getValue()}
              {info.row.original.managed && <Badge variant="warning">{t("managed")}</Badge>}
            </span>
          ),
        }),
        helper.accessor("tableComment", { header: t("tableComment") }),
        helper.accessor("className", { header: t("className") }),
        helper.accessor("createTime", { header: tl("createTime"), meta: { sortKey: "createTime" } }),
        helper.accessor("updateTime", { header: t("updateTime"), meta: { sortKey: "updateTime" } }),
        helper.display({
          id: "operations",
          header: tl("operations"),
          meta: { fixed: true },
          cell: ({ row }) => (
            <span className="flex flex-wrap gap-x-1">
              <RowAction perms="tool:gen:preview" testId="row-preview" icon={<EyeIcon />} label={t("preview")} onClick={() => setPreview(row.original.tableId)} />
              <RowAction perms="tool:gen:edit" testId="row-edit" icon={<PencilIcon />} label={t("editConfig")} onClick={() => edit(row.original.tableId)} />
              <RowAction perms="tool:gen:remove" testId="row-remove" icon={<Trash2Icon />} label={tl("remove")} onClick={() => remove([row.original.tableId])} />
              <RowAction perms="tool:gen:edit" testId="row-sync" icon={<RefreshCwIcon />} label={t("sync")} onClick={() => sync(row.original.tableName)} />
              <RowAction perms="tool:gen:code" testId="row-code" icon={<DownloadIcon />} label={t("genCode")} onClick={() => code([row.original.tableName])} />
            </span>
          ),
        }),
      ]),
    [t, tl, edit, remove, sync],
  );
  const choices = useMemo(
    () => [
      { id: "tableId", label: t("tableId") },
      { id: "tableName", label: t("tableName") },
      { id: "tableComment", label: t("tableComment") },
      { id: "className", label: t("className") },
      { id: "createTime", label: tl("createTime") },
      { id: "updateTime", label: t("updateTime") },
    ],
    [t, tl],
  );
  return (
    <ListFrame
      testId="gen-screen"
      tableTestId="gen-table"
      list={list}
      selection={selection}
      onSearch={draft.search}
      onReset={draft.reset}
      filters={
        <>
          <QueryInput label={t("tableName")} name="tableName" value={draft.draft.tableName} onChange={(v) => draft.set("tableName", v)} />
          <QueryInput label={t("tableComment")} name="tableComment" value={draft.draft.tableComment} onChange={(v) => draft.set("tableComment", v)} />
          <QueryDraftRange label={tl("createTime")} draft={draft} />
        </>
      }
      buttons={
        <>
          <ToolbarButton perms="tool:gen:code" testId="toolbar-code" variant="default" icon={<DownloadIcon />} label={t("genCode")} disabled={selection.ids.length === 0} onClick={() => code(namesOf(selection.ids))} />
          <ToolbarButton perms="tool:gen:import" testId="toolbar-import" icon={<UploadIcon />} label={tl("import")} onClick={() => setImporting(true)} />
          <ToolbarButton perms="tool:gen:edit" testId="toolbar-edit" icon={<PencilIcon />} label={tl("edit")} disabled={selection.ids.length !== 1} onClick={() => edit(selection.ids[0])} />
          <ToolbarButton perms="tool:gen:remove" testId="toolbar-remove" icon={<Trash2Icon />} label={tl("remove")} disabled={selection.ids.length === 0} onClick={() => remove(selection.ids)} />
        </>
      }
      columns={columns}
      choices={choices}
      rows={rows}
      total={data.page.total}
      getRowId={(row) => String(row.tableId)}
    >
      <ImportTableDialog key={importing ? "open" : "closed"} open={importing} onClose={() => setImporting(false)} onImported={list.refresh} />
      <PreviewDialog tableId={preview} onClose={() => setPreview(null)} />
    </ListFrame>
  );
}
