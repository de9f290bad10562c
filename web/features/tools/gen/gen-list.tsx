"use client";

import { DownloadIcon, EyeIcon, PencilIcon, RefreshCwIcon, Trash2Icon, UploadIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useMemo, useState } from "react";
import { declareList, useLabels, useRemove } from "@/components/data-table/declare";
import { ListFrame } from "@/components/data-table/list-frame";
import { Badge } from "@/components/ui/badge";
import { useListScreen } from "@/components/data-table/use-list";
import { RowActions, ToolbarButton } from "@/components/data-table/operations";
import { useConfirmedAction } from "@/components/confirm-provider";
import { codeTables } from "./codegen";
import { core, done, saveAs } from "@/lib/api/core";
import type { GenScreenData, GenTableRow } from "../types";
import { ImportTableDialog } from "./import-dialog";
import { PreviewDialog } from "./preview-dialog";
import { GEN_FILTERS, genParsers } from "./query";

/** 代码生成: the imported tables, with import, edit, preview, sync, delete and the code zips. */
export function GenList({ data }: { data: GenScreenData }) {
  const t = useTranslations("tools.gen");
  const tl = useTranslations("list");
  const label = useLabels("tools.gen");
  const router = useRouter();
  const rows = data.page.rows;
  const screen = useListScreen(genParsers, GEN_FILTERS, rows);
  const { selection } = screen;
  const { refresh } = screen.list;
  const confirmed = useConfirmedAction();
  const [importing, setImporting] = useState(false);
  const [preview, setPreview] = useState<number | null>(null);

  const namesOf = (ids: number[]) => rows.filter((row) => ids.includes(row.tableId)).map((row) => row.tableName);
  const edit = useCallback((tableId: number) => router.push(`/tool/gen-edit/index/${tableId}`), [router]);
  const remove = useRemove(t("tableId"), (tableIds) => core.DELETE("/tool/gen/{tableIds}", { params: { path: { tableIds } } }), refresh);
  const sync = useCallback(
    (name: string) =>
      void confirmed(t("syncConfirm", { name }), () => done(core.GET("/tool/gen/synchDb/{tableName}", { params: { path: { tableName: name } } })), t("synced")).then((ok) => ok && refresh()),
    [confirmed, t, refresh],
  );
  const code = useCallback((names: string[]) => {
    const [first, ...others] = codeTables(names);
    const zip =
      others.length === 0
        ? core.GET("/tool/gen/genCode/{tableName}", { params: { path: { tableName: first } }, parseAs: "stream" })
        : core.GET("/tool/gen/batchGenCode", { params: { query: { tables: [first, ...others].join(",") } }, parseAs: "stream" });
    void saveAs(zip, names.length === 1 ? `${names[0]}.zip` : "console-code.zip");
  }, []);

  const declared = useMemo(() => {
    // the product's own tables generate too (a zip, never written over the product), marked as such
    const tableName = (row: GenTableRow) => (
      <span className="inline-flex items-center gap-2">
        {row.tableName}
        {row.managed && <Badge variant="warning">{t("managed")}</Badge>}
      </span>
    );
    const operations = (row: GenTableRow) => (
      <RowActions
        actions={[
          { perms: "tool:gen:preview", testId: "row-preview", icon: <EyeIcon />, label: t("preview"), onClick: () => setPreview(row.tableId) },
          { perms: "tool:gen:edit", testId: "row-edit", icon: <PencilIcon />, label: t("editConfig"), onClick: () => edit(row.tableId) },
          { perms: "tool:gen:remove", testId: "row-remove", icon: <Trash2Icon />, label: tl("remove"), onClick: () => void remove([row.tableId]) },
          { perms: "tool:gen:edit", testId: "row-sync", icon: <RefreshCwIcon />, label: t("sync"), onClick: () => sync(row.tableName) },
          { perms: "tool:gen:code", testId: "row-code", icon: <DownloadIcon />, label: t("genCode"), onClick: () => code([row.tableName]) },
        ]}
      />
    );
    return declareList<GenTableRow>(label, {
      fields: [
        { key: "tableId", sort: true },
        { key: "tableName", sort: true, cell: tableName },
        { key: "tableComment" },
        { key: "className" },
        { key: "createTime", sort: true },
        { key: "updateTime", sort: true },
      ],
      filters: [{ kind: "input", name: "tableName" }, { kind: "input", name: "tableComment" }, { kind: "range" }],
      operations: { fixed: true, cell: operations },
    });
  }, [t, tl, label, edit, remove, sync, code]);
  return (
    <ListFrame
      testId="gen-screen"
      tableTestId="gen-table"
      {...screen}
      {...declared}
      buttons={
        <>
          <ToolbarButton perms="tool:gen:code" testId="toolbar-code" variant="default" icon={<DownloadIcon />} label={t("genCode")} disabled={selection.ids.length === 0} onClick={() => code(namesOf(selection.ids))} />
          <ToolbarButton perms="tool:gen:import" testId="toolbar-import" icon={<UploadIcon />} label={tl("import")} onClick={() => setImporting(true)} />
          <ToolbarButton perms="tool:gen:edit" testId="toolbar-edit" icon={<PencilIcon />} label={tl("edit")} disabled={selection.ids.length !== 1} onClick={() => edit(selection.ids[0])} />
          <ToolbarButton perms="tool:gen:remove" testId="toolbar-remove" icon={<Trash2Icon />} label={tl("remove")} disabled={selection.ids.length === 0} onClick={() => void remove(selection.ids)} />
        </>
      }
      page={data.page}
      rowKey="tableId"
    >
      <ImportTableDialog key={importing ? "open" : "closed"} open={importing} onClose={() => setImporting(false)} onImported={refresh} />
      <PreviewDialog tableId={preview} onClose={() => setPreview(null)} />
    </ListFrame>
  );
}
