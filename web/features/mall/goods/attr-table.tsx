"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { Authorized } from "@/components/authorized";
import { useConfirm } from "@/components/confirm-provider";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { HeadedTable } from "@/components/headed-table";
import { TableCell, TableRow } from "@/components/ui/table";
import type { components } from "@/lib/api/bff-types";
import { answer, core } from "@/lib/api/core";
import { RequestError } from "@/lib/request";

/**
 * Goods attributes (mall/attr/index): the platform's and the shop's own, each with its values, as the BFF screen
 * answered; a change goes to the core and the screen is read again (router.refresh()).
 */
export function AttrTable({ data }: { data: components["schemas"]["AttrScreen"] }) {
  const t = useTranslations("mallGoods");
  const router = useRouter();
  const confirm = useConfirm();
  const rows = data.attrs.data;
  const [newName, setNewName] = useState("");
  const [newValue, setNewValue] = useState<Record<number, string>>({});

  // the edit calls take their parameters in the query string, as the spec says
  const call = async (pending: Promise<{ data?: { msg?: string }; error?: unknown; response: Response }>) => {
    try {
      toast.success((await answer(pending)).msg ?? t("done"));
      router.refresh();
      return true;
    } catch (error) {
      if (error instanceof RequestError) return false;
      throw error;
    }
  };
  const addAttr = (name: string) => call(core.POST("/admin/mall/shop_mall_attr/edit_attr", { params: { query: { name } } }));
  const addValue = (attrId: number, value: string, sort: number) =>
    call(core.POST("/admin/mall/shop_mall_attr/edit_attr_val", { params: { query: { attrId, value, sort } } }));
  const removeAttr = (id: number) => call(core.GET("/admin/mall/shop_mall_attr/del_attr", { params: { query: { id } } }));
  const removeValue = (id: number) => call(core.GET("/admin/mall/shop_mall_attr/del_attr_val", { params: { query: { id } } }));

  const remove = (drop: (id: number) => Promise<boolean>, id: number, label: string) =>
    void confirm({ message: t("removeConfirm", { name: label }) }).then((yes) => yes && drop(id));

  return (
    <div className="space-y-3 p-4" data-testid="attr-screen">
      <Authorized perms={["mall:attr:edit"]}>
        <div className="flex gap-2">
          <Input className="w-48" data-testid="attr-new-name" placeholder={t("attrName")} maxLength={32} value={newName} onChange={(e) => setNewName(e.target.value)} />
          <Button data-testid="attr-add" disabled={!newName.trim()} onClick={() => void addAttr(newName.trim()).then((ok) => ok && setNewName(""))}>
            {t("addAttr")}
          </Button>
        </div>
      </Authorized>
      <HeadedTable data-testid="attr-table" headers={[t("attrName"), t("shop"), t("values"), t("operations")]}>
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
                        <button type="button" aria-label={t("remove")} className="text-muted-foreground hover:text-destructive" onClick={() => remove(removeValue, v.id, v.value)}>
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
                        if (e.key === "Enter" && value) void addValue(attr.id, value, attr.values.length).then((ok) => ok && setNewValue({ ...newValue, [attr.id]: "" }));
                      }} />
                  </Authorized>
                )}
              </div>
            </TableCell>
            <TableCell>
              {attr.editable && (
                <Authorized perms={["mall:attr:remove"]}>
                  <Button size="sm" variant="link" className="text-destructive" onClick={() => remove(removeAttr, attr.id, attr.name)}>
                    {t("remove")}
                  </Button>
                </Authorized>
              )}
            </TableCell>
          </TableRow>
        ))}
      </HeadedTable>
    </div>
  );
}
