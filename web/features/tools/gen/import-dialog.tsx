"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { Pagination } from "@/components/data-table/pagination";
import { QueryInput } from "@/components/data-table/query-panel";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { answer, bff, core, done } from "@/lib/api/core";
import type { DbTablePage } from "../types";

const PAGE_SIZE = 10;

/** 导入表: the database's tables not imported yet; the product's own are marked and cannot be chosen. */
export function ImportTableDialog({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: () => void }) {
  const t = useTranslations("tools.gen");
  const tl = useTranslations("list");
  const [filter, setFilter] = useState({ tableName: "", tableComment: "" });
  const [applied, setApplied] = useState(filter);
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<DbTablePage>({ rows: [], total: 0 });
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  // the list keys this dialog by its opening: each opening starts with nothing chosen
  useEffect(() => {
    if (!open) return;
    let live = true;
    answer(bff.GET("/bff/screens/tool/gen/db", { params: { query: { ...applied, pageNum, pageSize: PAGE_SIZE } } }))
      .then(({ data }) => live && setPage(data))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [open, applied, pageNum]);

  const toggle = (name: string, on: boolean) => setChosen((current) => (on ? [...current, name] : current.filter((item) => item !== name)));
  const submit = async () => {
    if (chosen.length === 0) {
      toast.error(t("chooseTables"));
      return;
    }
    setBusy(true);
    const ok = await done(core.POST("/tool/gen/importTable", { params: { query: { tables: chosen.join(",") } } }));
    setBusy(false);
    if (ok) {
      toast.success(t("imported"));
      onClose();
      onImported();
    }
  };
  return (
    <Dialog open={open} onOpenChange={(value) => !value && onClose()}>
      <DialogContent data-testid="gen-import-dialog" className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t("importTitle")}</DialogTitle>
          <DialogDescription className="sr-only">{t("importTitle")}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-end gap-3">
          <QueryInput label={t("tableName")} name="importTableName" value={filter.tableName} onChange={(v) => setFilter({ ...filter, tableName: v })} />
          <QueryInput label={t("tableComment")} name="importTableComment" value={filter.tableComment} onChange={(v) => setFilter({ ...filter, tableComment: v })} />
          <Button size="sm" data-testid="import-search" onClick={() => { setPageNum(1); setApplied({ ...filter }); }}>
            {tl("search")}
          </Button>
        </div>
        <div className="max-h-[50vh] overflow-auto rounded border">
          <table className="w-full text-sm" data-testid="import-table">
            <thead className="bg-muted/50">
              <tr>
                <th className="w-10 p-2" />
                <th className="p-2 text-left">{t("tableName")}</th>
                <th className="p-2 text-left">{t("tableComment")}</th>
                <th className="p-2 text-left" />
              </tr>
            </thead>
            <tbody>
              {page.rows.map((row) => (
                <tr key={row.tableName} data-testid="import-row" data-table={row.tableName} className="border-t">
                  <td className="p-2">
                    <Checkbox
                      aria-label={row.tableName}
                      data-testid={`import-check-${row.tableName}`}
                      checked={chosen.includes(row.tableName)}
                      onCheckedChange={(on) => toggle(row.tableName, on === true)}
                    />
                  </td>
                  <td className="p-2 font-mono">{row.tableName}</td>
                  <td className="p-2">{row.tableComment}</td>
                  <td className="p-2">{row.managed && <Badge variant="warning">{t("managed")}</Badge>}</td>
                </tr>
              ))}
              {page.rows.length === 0 && (
                <tr>
                  <td colSpan={4} className="p-4 text-center text-muted-foreground">
                    {tl("empty")}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
        <Pagination total={page.total} pageNum={pageNum} pageSize={PAGE_SIZE} onChange={(next) => next.pageNum && setPageNum(next.pageNum)} />
        <div className="flex justify-end gap-2">
          <Button data-testid="import-submit" disabled={busy} onClick={submit}>
            {tl("confirm")}
          </Button>
          <Button variant="outline" onClick={onClose}>
            {tl("cancel")}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
