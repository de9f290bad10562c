"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { components as BffComponents } from "@/lib/api/bff-types";
import { answer, core, done } from "@/lib/api/core";
import type { components } from "@/lib/api/core-types";
import { RequestError } from "@/lib/request";
import { ODDS_TOTAL, oddsReady, oddsTotal, percent } from "./market-logic";

type Turntable = BffComponents["schemas"]["TurntableChoice"];
/** A gift as saved (an id) or being added (none yet). */
type Gift = Omit<components["schemas"]["GiftRow"], "id" | "image"> & { id?: number };

/** The gifts of the chosen turntable, with the weights' total, the odds version and the shelf flag. */
type GiftList = components["schemas"]["GiftPage"];

const KINDS = ["none", "points", "coupon", "goods"] as const;
/** The gifts read at once: every gift of a turntable (the list's page size at most). */
const GIFTS_PAGE = 500;

async function quietly<T>(call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof RequestError)) throw error;
    return undefined;
  }
}

/** Turntables (mall/turntable/index): above the declared list, the gifts of one turntable (`turntables`, from the
 * list's screen, to pick it from) with the odds total kept live, and the shelf action (the core refuses it unless
 * the weights total 10 000 with a no-prize slot). */
export function TurntableGiftsPanel({ turntables }: { turntables: Turntable[] }) {
  const t = useTranslations("mallMarket.turntable");
  const router = useRouter();
  const [current, setCurrent] = useState<number | null>(null);
  const [list, setList] = useState<GiftList | null>(null);
  const [editing, setEditing] = useState<Gift | null>(null);

  const loadGifts = useCallback(async (id: number) => {
    const found = await quietly(() => answer(core.GET("/admin/turntable/gift/list_data", { params: { query: { turntableId: id, pageSize: GIFTS_PAGE } } })));
    if (found) setList(found.data);
  }, []);

  const pick = (id: number | null) => {
    setCurrent(id);
    setList(null);
    if (id !== null) void loadGifts(id);
  };

  const shelf = async () => {
    if (current === null) return;
    const shelved = await quietly(() => answer(core.GET("/admin/turntable/del_shelf", { params: { query: { id: current, action: "shelf" } } })));
    if (!shelved) return;
    toast.success(shelved.msg ?? "");
    await loadGifts(current);
    router.refresh();
  };

  const gifts: Gift[] = list?.data ?? [];
  const total = oddsTotal(gifts);
  const onShelf = list?.shelf === "1";
  return (
    <Card className="min-w-0" data-testid="turntable-gifts-panel">
      <CardHeader>
        <CardTitle>{t("gifts")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Label htmlFor="turntable-pick">{t("turntable")}</Label>
          <NativeSelect
            id="turntable-pick"
            data-testid="turntable-pick"
            value={current ?? ""}
            onFocus={() => router.refresh()}
            onChange={(e) => pick(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">{t("pick")}</option>
            {turntables.map((tt) => (
              <option key={tt.id} value={tt.id}>
                {tt.id} {tt.name}
              </option>
            ))}
          </NativeSelect>
          {list && (
            <>
              <Badge variant={onShelf ? "success" : "outline"} data-testid="turntable-shelf-state">
                {onShelf ? t("onShelf") : t("offShelf")}
              </Badge>
              <span className="text-muted-foreground text-sm" data-testid="turntable-version">
                {t("version", { version: list.version })}
              </span>
            </>
          )}
        </div>
        {list && current !== null && (
          <>
            <div className="overflow-x-auto">
              <Table data-testid="turntable-gift-table">
                <TableHeader>
                  <TableRow>
                    <TableHead>{t("name")}</TableHead>
                    <TableHead>{t("kind")}</TableHead>
                    <TableHead>{t("value")}</TableHead>
                    <TableHead>{t("weight")}</TableHead>
                    <TableHead>{t("stock")}</TableHead>
                    <TableHead>{t("dailyCap")}</TableHead>
                    <TableHead />
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {gifts.map((gift) => (
                    <TableRow key={gift.id} data-testid="turntable-gift-row">
                      <TableCell>{gift.name}</TableCell>
                      <TableCell>{t(`kinds.${gift.kind}`)}</TableCell>
                      <TableCell>{gift.kind === "none" ? "-" : gift.value}</TableCell>
                      <TableCell>
                        {gift.weight} ({percent(gift.weight)})
                      </TableCell>
                      <TableCell>{gift.kind === "none" ? "-" : gift.stock}</TableCell>
                      <TableCell>{gift.kind === "none" ? "-" : gift.dailyCap || t("noCap")}</TableCell>
                      <TableCell>
                        <Button size="sm" variant="outline" data-testid="turntable-gift-edit" onClick={() => setEditing(gift)}>
                          {t("edit")}
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <span data-testid="turntable-odds-total" data-ready={oddsReady(gifts) ? "1" : "0"} className={total === ODDS_TOTAL ? "" : "text-destructive"}>
                {t("total", { total, of: ODDS_TOTAL })}
              </span>
              <Button
                size="sm"
                data-testid="turntable-gift-add"
                onClick={() => setEditing({ turntableId: current, name: "", kind: gifts.some((g) => g.kind === "none") ? "points" : "none", value: 0, weight: 0, stock: 0, dailyCap: 0, sort: gifts.length })}
              >
                {t("add")}
              </Button>
              <Button size="sm" variant="outline" data-testid="turntable-shelf" onClick={() => void shelf()}>
                {onShelf ? t("takeOff") : t("putOn")}
              </Button>
            </div>
          </>
        )}
        {editing && (
          <GiftDialog
            gift={editing}
            gifts={gifts}
            onClose={() => setEditing(null)}
            onSaved={async () => {
              setEditing(null);
              if (current !== null) await loadGifts(current);
            }}
          />
        )}
      </CardContent>
    </Card>
  );
}

function GiftDialog({ gift, gifts, onClose, onSaved }: { gift: Gift; gifts: Gift[]; onClose: () => void; onSaved: () => Promise<void> }) {
  const t = useTranslations("mallMarket.turntable");
  const [draft, setDraft] = useState({
    name: gift.name,
    kind: gift.kind,
    value: String(gift.value),
    weight: String(gift.weight),
    stock: String(gift.stock),
    dailyCap: String(gift.dailyCap),
    sort: String(gift.sort),
  });
  const [busy, setBusy] = useState(false);
  const int = (text: string) => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : NaN);
  const weight = int(draft.weight);
  const after = oddsTotal(gifts, { id: gift.id, kind: draft.kind, weight: Number.isNaN(weight) ? 0 : weight });
  const set = (key: keyof typeof draft) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setDraft({ ...draft, [key]: e.target.value });

  const save = async () => {
    const numbers = { value: int(draft.value), weight, stock: int(draft.stock), dailyCap: int(draft.dailyCap), sort: int(draft.sort) };
    if (!draft.name.trim() || Object.values(numbers).some(Number.isNaN) || weight > ODDS_TOTAL) {
      toast.error(t("badInput"));
      return;
    }
    setBusy(true);
    const saved = await done(
      core.POST("/admin/turntable/gift/add_edit", {
        body: { ...(gift.id ? { id: gift.id } : {}), turntableId: gift.turntableId, name: draft.name.trim(), kind: draft.kind, ...numbers },
      }),
    );
    setBusy(false);
    if (saved) await onSaved();
  };

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent data-testid="turntable-gift-dialog" className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{gift.id ? t("edit") : t("add")}</DialogTitle>
        </DialogHeader>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1">
            <Label htmlFor="gift-name">{t("name")}</Label>
            <Input id="gift-name" data-testid="gift-name" maxLength={64} value={draft.name} onChange={set("name")} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="gift-kind">{t("kind")}</Label>
            <NativeSelect id="gift-kind" data-testid="gift-kind" value={draft.kind} onChange={set("kind")}>
              {KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`kinds.${kind}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
          {draft.kind !== "none" && (
            <div className="grid gap-1">
              <Label htmlFor="gift-value">{t(`valueOf.${draft.kind}`)}</Label>
              <Input id="gift-value" data-testid="gift-value" inputMode="numeric" value={draft.value} onChange={set("value")} />
            </div>
          )}
          <div className="grid gap-1">
            <Label htmlFor="gift-weight">{t("weight")}</Label>
            <Input id="gift-weight" data-testid="gift-weight" inputMode="numeric" value={draft.weight} onChange={set("weight")} />
          </div>
          {draft.kind !== "none" && (
            <>
              <div className="grid gap-1">
                <Label htmlFor="gift-stock">{t("stock")}</Label>
                <Input id="gift-stock" data-testid="gift-stock" inputMode="numeric" value={draft.stock} onChange={set("stock")} />
              </div>
              <div className="grid gap-1">
                <Label htmlFor="gift-cap">{t("dailyCap")}</Label>
                <Input id="gift-cap" data-testid="gift-cap" inputMode="numeric" value={draft.dailyCap} onChange={set("dailyCap")} />
              </div>
            </>
          )}
          <div className="grid gap-1">
            <Label htmlFor="gift-sort">{t("sort")}</Label>
            <Input id="gift-sort" data-testid="gift-sort" inputMode="numeric" value={draft.sort} onChange={set("sort")} />
          </div>
        </div>
        <div data-testid="gift-odds-after" className={after === ODDS_TOTAL ? "text-sm" : "text-destructive text-sm"}>
          {t("totalAfter", { total: after, of: ODDS_TOTAL })}
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button data-testid="gift-submit" disabled={busy} onClick={() => void save()}>
            {t("save")}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
