"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, useEffect, useState } from "react";
import { toast } from "sonner";
import { DataTable } from "@/components/data-table/data-table";
import { Pagination } from "@/components/data-table/pagination";
import { QueryInput } from "@/components/data-table/query-panel";
import { useSelection } from "@/components/data-table/use-list";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { answer, core, done } from "@/lib/api/core";
import type { AuthUserRow, Dicts } from "@/lib/api/types";
import { DEFAULT_PAGE_SIZE } from "@/lib/pager";
import { useAuthUserColumns } from "./auth-user-columns";

interface Applied {
  pageNum: number;
  pageSize: number;
  userName: string;
  phonenumber: string;
}

/** The rows shown and the query they answer (null before the first answer): loading while it is not the one applied. */
interface Page {
  of: Applied | null;
  rows: AuthUserRow[];
  total: number;
}

/** 选择用户: the users without the role (paged, searchable); 确定 gives it to the ticked ones. */
export function SelectUserDialog({
  roleId,
  dicts,
  open,
  onOpenChange,
  onSaved,
}: {
  roleId: number;
  dicts: Dicts;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const t = useTranslations("role");
  const tl = useTranslations("list");
  const [filters, setFilters] = useState({ userName: "", phonenumber: "" });
  // the screen keys this dialog by its opening: each opening starts on page 1 with no filter
  const [applied, setApplied] = useState<Applied>({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE, userName: "", phonenumber: "" });
  const [page, setPage] = useState<Page>({ of: null, rows: [], total: 0 });
  const loading = open && page.of !== applied;
  const selection = useSelection(page.rows);
  const columns = useAuthUserColumns(dicts);

  useEffect(() => {
    if (!open) return;
    let live = true;
    answer(core.GET("/system/role/authUser/unallocatedList", { params: { query: { roleId, ...applied } } }))
      .then((body) => live && setPage({ of: applied, rows: body.rows, total: body.total }))
      .catch(() => live && setPage((shown) => ({ ...shown, of: applied })));
    return () => {
      live = false;
    };
  }, [open, roleId, applied]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setApplied({ ...filters, pageNum: 1, pageSize: applied.pageSize });
  };
  const submit = async () => {
    if (selection.ids.length === 0) return toast.error(t("chooseUsers"));
    if (await done(core.PUT("/system/role/authUser/selectAll", { params: { query: { roleId, userIds: selection.ids.join(",") } } }))) {
      toast.success(t("selectDone"));
      onOpenChange(false);
      onSaved();
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="select-user-dialog" className="sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>{t("selectUser")}</DialogTitle>
          <DialogDescription className="sr-only">{t("selectUser")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={search} className="flex flex-wrap items-center gap-4">
          <QueryInput label={t("userName")} name="selectUserName" value={filters.userName} onChange={(v) => setFilters({ ...filters, userName: v })} />
          <QueryInput label={t("phonenumber")} name="selectPhonenumber" value={filters.phonenumber} onChange={(v) => setFilters({ ...filters, phonenumber: v })} />
          <Button type="submit" size="sm" data-testid="select-user-search">
            {tl("search")}
          </Button>
        </form>
        <div className="max-h-[50vh] overflow-auto">
          <DataTable
            testId="select-user-table"
            columns={columns}
            data={page.rows}
            getRowId={(row) => String(row.userId)}
            rowSelection={selection.rowSelection}
            onRowSelectionChange={selection.setRowSelection}
            pending={loading}
          />
        </div>
        <Pagination
          total={page.total}
          pageNum={applied.pageNum}
          pageSize={applied.pageSize}
          onChange={(next) => setApplied({ ...applied, ...next })}
        />
        <div className="flex justify-end gap-2">
          <Button data-testid="select-user-submit" onClick={submit}>
            {tl("confirm")}
          </Button>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {tl("cancel")}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
