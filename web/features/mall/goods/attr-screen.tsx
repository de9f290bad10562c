"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { toast } from "sonner";
import { Authorized } from "@/components/authorized";
import { useConfirm } from "@/components/confirm-provider";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { type ListPage, listPage } from "@/lib/list-page";
import { request, RequestError } from "@/lib/request";

type Attr = {
  id: number;
  shopId: number;
  shopName: string;
  name: string;
  sort: number;
  editable: boolean;
  values: { id: number; value: string; sort: number }[];
};

const BASE = "api/admin/mall/shop_mall_attr";

/** Goods attributes (mall/attr/index): the platform's and the shop's own, each with its values. */
export function AttrScreen() {
  const t = useTranslations("mallGoods");
  const confirm = useConfirm();
  const [rows, setRows] = useState<Attr[]>([]);
  const [newName, setNewName] = useState("");
  const [newValue, setNewValue] = useState<Record<number, string>>({});

  const reload = useCallback(async () => {
    try {
      const answer = await request<ListPage>(`${BASE}/list_data`, { params: { pageSize: 200 } });
      setRows(listPage<Attr>(answer).rows);
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  // the edit calls take their parameters in the query string, as the spec says
  const call = async (path: string, params: Record<string, string | number>, method: "GET" | "POST" = "POST") => {
    try {
      const answer = await request(`${BASE}/${path}`, { method, params });
      toast.success(answer.msg ?? t("done"));
      await reload();
      return true;
    } catch (error) {
      if (error instanceof RequestError) return false;
      throw error;
    }
  };

  const remove = (path: string, id: number, label: string) =>
    void confirm({ message: t("removeConfirm", { name: label }) }).then((yes) => yes && call(path, { id }, "GET"));

  return (
    <div className="space-y-3 p-4" data-testid="attr-screen">
      <Authorized perms={["mall:attr:edit"]}>
        <div className="flex gap-2">
          <Input className="w-48" data-testid="attr-new-name" placeholder={t("attrName")} maxLength={32} value={newName} onChange={(e) => setNewName(e.target.value)} />
          <Button data-testid="attr-add" disabled={!newName.trim()} onClick={() => void call("edit_attr", { name: newName.trim() }).then((ok) => ok && setNewName(""))}>
            {t("addAttr")}
          </Button>
        </div>
      </Authorized>
      <Table data-testid="attr-table">
        <TableHeader>
          <TableRow>
            <TableHead>{t("attrName")}</TableHead>
            <TableHead>{t("shop")}</TableHead>
            <TableHead>{t("values")}</TableHead>
            <TableHead>{t("operations")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((attr) => (
            <TableRow key={attr.id} data-testid={`attr-row-${attr.name}`}>
              <TableCell className="font-medium">{attr.name}</TableCell>
              <TableCell>{attr.shopName}</TableCell>
              <TableCell>
                <div className="flex flex-wrap items-center gap-1">
                  {attr.values.map((v) => (
                    <Badge key={v.id} variant="outline" className="gap-1">
                      {v.value}
                      {attr.editable && (
                        <Authorized perms={["mall:attr:remove"]}>
                          <button type="button" aria-label={t("remove")} className="text-muted-foreground hover:text-destructive" onClick={() => remove("del_attr_val", v.id, v.value)}>
                            ×
                          </button>
                        </Authorized>
                      )}
                    </Badge>
                  ))}
                  {attr.editable && (
                    <Authorized perms={["mall:attr:edit"]}>
                      <Input className="h-7 w-24" data-testid={`value-new-${attr.name}`} placeholder={t("newValue")} maxLength={32} value={newValue[attr.id] ?? ""} onChange={(e) => setNewValue({ ...newValue, [attr.id]: e.target.value })} onKeyDown={(e) => {
                          const value = (newValue[attr.id] ?? "").trim();
                          if (e.key === "Enter" && value) void call("edit_attr_val", { attrId: attr.id, value, sort: attr.values.length }).then((ok) => ok && setNewValue({ ...newValue, [attr.id]: "" }));
                        }} />
                    </Authorized>
                  )}
                </div>
              </TableCell>
              <TableCell>
                {attr.editable && (
                  <Authorized perms={["mall:attr:remove"]}>
                    <Button size="sm" variant="link" className="text-destructive" onClick={() => remove("del_attr", attr.id, attr.name)}>
                      {t("remove")}
                    </Button>
                  </Authorized>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
