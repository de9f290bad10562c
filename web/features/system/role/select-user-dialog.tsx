"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { toast } from "sonner";
import { DataTable } from "@/components/data-table/data-table";
import { Pagination } from "@/components/data-table/pagination";
import { QueryInput } from "@/components/data-table/query-panel";
import { useSelection } from "@/components/data-table/use-list";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { AuthUserRow, Dicts } from "@/lib/api/types";
import { send } from "@/lib/mutations";
import { DEFAULT_PAGE_SIZE } from "@/lib/pager";
import { request } from "@/lib/request";
import { useAuthUserColumns } from "./auth-user-columns";

interface Page {
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
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [page, setPage] = useState<Page>({ rows: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const selection = useSelection(page.rows);
  const columns = useAuthUserColumns(dicts);

  const load = useCallback(
    async (next = paging, search = filters) => {
      setLoading(true);
      try {
        const body = (await request("api/system/role/authUser/unallocatedList", { params: { roleId, ...next, ...search } })) as unknown as Page;
        setPage({ rows: body.rows ?? [], total: body.total ?? 0 });
      } finally {
        setLoading(false);
      }
    },
    [roleId, paging, filters],
  );
  useEffect(() => {
    if (open) void load({ pageNum: 1, pageSize: paging.pageSize }).catch(() => undefined);
  }, [open]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    const next = { ...paging, pageNum: 1 };
    setPaging(next);
    void load(next).catch(() => undefined);
  };
  const submit = async () => {
    if (selection.ids.length === 0) return toast.error(t("chooseUsers"));
    if (await send("system/role/authUser/selectAll", "PUT", undefined, { roleId, userIds: selection.ids.join(",") })) {
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
          pageNum={paging.pageNum}
          pageSize={paging.pageSize}
          onChange={(next) => {
            setPaging(next);
            void load(next).catch(() => undefined);
          }}
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
