"use client";

import { useTranslations } from "next-intl";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { answer, core, done } from "@/lib/api/core";
import type { components } from "@/lib/api/core-types";
import { fenToYuan, yuanToFen } from "@/lib/money";
import { RequestError } from "@/lib/request";
import { groupPriceProblem } from "./market-logic";

type Goods = components["schemas"]["GroupGoodsRow"];
type Sku = components["schemas"]["GroupSku"];
type ActivityInfo = components["schemas"]["GroupActivityInfo"];

const PAGE_SIZE = 10;
/** The list's filter the goods picker sets (the declaration's goods_id field). */
const GOODS_FILTER = "goodsId";

async function quietly<T>(call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof RequestError)) throw error;
    return undefined;
  }
}

/**
 * Group buys (mall/market/index): above the declared list, the "add activity" dialog (issue 13 §3), an activity by
 * its id, and the goods that have group buys (`goods`, from the list's screen) to filter the list by.
 */
export function GroupBuyPanel({ goods }: { goods: Goods[] }) {
  const t = useTranslations("mallMarket.group");
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [open, setOpen] = useState(false);
  const [lookup, setLookup] = useState("");
  const [info, setInfo] = useState<ActivityInfo | null>(null);
  const view = async () => {
    if (!/^[1-9]\d{0,17}$/.test(lookup.trim())) {
      toast.error(t("badId"));
      return;
    }
    const found = await quietly(() => answer(core.GET("/admin/market_manage/info", { params: { query: { id: Number(lookup.trim()) } } })));
    if (found) setInfo(found.data);
  };
  const filterBy = (goodsId: string) => {
    const next = new URLSearchParams(searchParams.toString());
    if (goodsId) next.set(GOODS_FILTER, goodsId);
    else next.delete(GOODS_FILTER);
    next.delete("pageNum");
    router.push(`${pathname}?${next.toString()}`);
  };
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="group-buy-panel">
      <Button data-testid="group-add" onClick={() => setOpen(true)}>
        {t("add")}
      </Button>
      {goods.length > 0 && (
        <NativeSelect aria-label={t("byGoods")} data-testid="group-goods-filter" className="w-56" value={searchParams.get(GOODS_FILTER) ?? ""} onChange={(e) => filterBy(e.target.value)}>
          <option value="">{t("allGoods")}</option>
          {goods.map((item) => (
            <option key={item.id} value={item.id}>
              {item.shopName ? `${item.name}（${item.shopName}）` : item.name}
            </option>
          ))}
        </NativeSelect>
      )}
      <Input className="w-32" data-testid="group-info-id" inputMode="numeric" placeholder={t("activityId")} value={lookup} onChange={(e) => setLookup(e.target.value)} />
      <Button variant="outline" data-testid="group-info" onClick={() => void view()}>
        {t("view")}
      </Button>
      {open && <AddActivityDialog onClose={() => setOpen(false)} />}
      {info && <InfoDialog info={info} onClose={() => setInfo(null)} />}
    </div>
  );
}

function InfoDialog({ info, onClose }: { info: ActivityInfo; onClose: () => void }) {
  const t = useTranslations("mallMarket.group");
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent data-testid="group-info-dialog" className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{info.goodsName}</DialogTitle>
        </DialogHeader>
        <div className="grid gap-1 text-sm">
          {info.shopName && <div>{t("shop")}: {info.shopName}</div>}
          <div data-testid="group-info-rule">{t("rule", { size: info.teamSize, hours: info.hours })}</div>
          <div>
            {info.startTime} – {info.endTime}
          </div>
          <div data-testid="group-info-teams">{t("teams", info.teams)}</div>
        </div>
        <div className="overflow-x-auto">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>{t("spec")}</TableHead>
                <TableHead>{t("skuPrice")}</TableHead>
                <TableHead>{t("groupPrice")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {info.skus.map((sku) => (
                <TableRow key={sku.skuId} data-testid="group-info-sku">
                  <TableCell>{sku.spec || sku.skuId}</TableCell>
                  <TableCell>¥{fenToYuan(sku.skuPriceFen)}</TableCell>
                  <TableCell>¥{fenToYuan(sku.priceFen)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function AddActivityDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations("mallMarket.group");
  const router = useRouter();
  const [name, setName] = useState("");
  const [pageNum, setPageNum] = useState(1);
  const [goods, setGoods] = useState<{ rows: Goods[]; total: number } | null>(null);
  const [chosen, setChosen] = useState<Goods | null>(null);
  const [skus, setSkus] = useState<Sku[]>([]);
  const [prices, setPrices] = useState<Record<number, string>>({});
  const [teamSize, setTeamSize] = useState("2");
  const [hours, setHours] = useState("24");
  const [start, setStart] = useState("");
  const [end, setEnd] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const search = async (page: number) => {
    const found = await quietly(() => answer(core.POST("/admin/market_manage/goods_data_list", { body: { name: name.trim() || undefined, pageNum: page, pageSize: PAGE_SIZE } })));
    if (found) {
      setGoods({ rows: found.rows, total: found.total });
      setPageNum(page);
    }
  };

  const choose = async (item: Goods) => {
    const found = await quietly(() => answer(core.GET("/admin/market_manage/goods_spec_data_list", { params: { query: { goodsIds: String(item.id) } } })));
    if (!found) return;
    setChosen(item);
    setSkus(found.data);
    setPrices({});
  };

  const submit = async () => {
    const next: Record<string, string> = {};
    for (const sku of skus) {
      const problem = groupPriceProblem(prices[sku.id] ?? "", sku.priceFen);
      if (problem) next[`sku${sku.id}`] = t(`priceError.${problem}`, { price: fenToYuan(sku.priceFen) });
    }
    const size = Number(teamSize);
    if (!Number.isInteger(size) || size < 2 || size > 10) next.teamSize = t("teamSizeRange");
    const limit = Number(hours);
    if (!Number.isInteger(limit) || limit < 1 || limit > 72) next.hours = t("hoursRange");
    if (!start || !end) next.window = t("windowMissing");
    else if (start >= end) next.window = t("windowOrder");
    setErrors(next);
    if (Object.keys(next).length || !chosen) return;
    setBusy(true);
    const added = await done(
      core.POST("/admin/market_manage/add", {
        body: {
          goodsId: chosen.id,
          teamSize: size,
          hours: limit,
          startTime: `${start.replace("T", " ")}:00`,
          endTime: `${end.replace("T", " ")}:00`,
          skus: skus.flatMap((sku) => {
            const fen = yuanToFen(prices[sku.id] ?? "");
            return typeof fen === "number" ? [{ skuId: sku.id, priceFen: fen }] : []; // each checked above
          }),
        },
      }),
    );
    setBusy(false);
    if (!added) return;
    toast.success(t("added"));
    onClose();
    router.refresh();
  };

  const pages = goods ? Math.max(1, Math.ceil(goods.total / PAGE_SIZE)) : 1;
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent data-testid="group-add-dialog" className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t("add")}</DialogTitle>
        </DialogHeader>
        {!chosen ? (
          <div className="grid gap-3">
            <div className="flex gap-2">
              <Input data-testid="group-goods-name" placeholder={t("goodsName")} value={name} onChange={(e) => setName(e.target.value)} onKeyDown={(e) => e.key === "Enter" && void search(1)} />
              <Button data-testid="group-goods-search" variant="outline" onClick={() => void search(1)}>
                {t("search")}
              </Button>
            </div>
            {goods && (
              <>
                <div className="overflow-x-auto">
                  <Table data-testid="group-goods-table">
                    <TableHeader>
                      <TableRow>
                        <TableHead>{t("goodsName")}</TableHead>
                        <TableHead>{t("shop")}</TableHead>
                        <TableHead>{t("price")}</TableHead>
                        <TableHead />
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {goods.rows.map((item) => (
                        <TableRow key={item.id} data-testid="group-goods-row">
                          <TableCell>{item.name}</TableCell>
                          <TableCell>{item.shopName ?? ""}</TableCell>
                          <TableCell>¥{fenToYuan(item.priceFen)}</TableCell>
                          <TableCell>
                            <Button size="sm" data-testid="group-goods-choose" onClick={() => void choose(item)}>
                              {t("choose")}
                            </Button>
                          </TableCell>
                        </TableRow>
                      ))}
                      {goods.rows.length === 0 && (
                        <TableRow>
                          <TableCell colSpan={4}>{t("noGoods")}</TableCell>
                        </TableRow>
                      )}
                    </TableBody>
                  </Table>
                </div>
                <div className="flex items-center gap-2 text-sm">
                  <Button size="sm" variant="outline" disabled={pageNum <= 1} onClick={() => void search(pageNum - 1)}>
                    {t("prev")}
                  </Button>
                  <span data-testid="group-goods-page">{t("page", { page: pageNum, pages, total: goods.total })}</span>
                  <Button size="sm" variant="outline" disabled={pageNum >= pages} onClick={() => void search(pageNum + 1)}>
                    {t("next")}
                  </Button>
                </div>
              </>
            )}
          </div>
        ) : (
          <div className="grid gap-3">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span data-testid="group-chosen">{chosen.name}</span>
              <Button size="sm" variant="outline" onClick={() => setChosen(null)}>
                {t("change")}
              </Button>
            </div>
            <div className="overflow-x-auto">
              <Table data-testid="group-sku-table">
                <TableHeader>
                  <TableRow>
                    <TableHead>{t("spec")}</TableHead>
                    <TableHead>{t("skuPrice")}</TableHead>
                    <TableHead>{t("stock")}</TableHead>
                    <TableHead>{t("groupPrice")}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {skus.map((sku) => (
                    <TableRow key={sku.id} data-testid="group-sku-row">
                      <TableCell>{sku.spec || sku.id}</TableCell>
                      <TableCell>¥{fenToYuan(sku.priceFen)}</TableCell>
                      <TableCell>{sku.stock}</TableCell>
                      <TableCell>
                        <Input
                          data-testid={`group-sku-price-${sku.id}`}
                          className="w-28"
                          inputMode="decimal"
                          placeholder="0.00"
                          value={prices[sku.id] ?? ""}
                          onChange={(e) => setPrices({ ...prices, [sku.id]: e.target.value })}
                        />
                        {errors[`sku${sku.id}`] && (
                          <div className="text-destructive text-xs" data-testid="group-field-error">
                            {errors[`sku${sku.id}`]}
                          </div>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="grid gap-1">
                <Label htmlFor="group-team-size">{t("teamSize")}</Label>
                <Input id="group-team-size" data-testid="group-team-size" type="number" min={2} max={10} value={teamSize} onChange={(e) => setTeamSize(e.target.value)} />
                {errors.teamSize && <div className="text-destructive text-xs" data-testid="group-field-error">{errors.teamSize}</div>}
              </div>
              <div className="grid gap-1">
                <Label htmlFor="group-hours">{t("hours")}</Label>
                <Input id="group-hours" data-testid="group-hours" type="number" min={1} max={72} value={hours} onChange={(e) => setHours(e.target.value)} />
                {errors.hours && <div className="text-destructive text-xs" data-testid="group-field-error">{errors.hours}</div>}
              </div>
              <div className="grid gap-1">
                <Label htmlFor="group-start">{t("start")}</Label>
                <Input id="group-start" data-testid="group-start" type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} />
              </div>
              <div className="grid gap-1">
                <Label htmlFor="group-end">{t("end")}</Label>
                <Input id="group-end" data-testid="group-end" type="datetime-local" value={end} onChange={(e) => setEnd(e.target.value)} />
              </div>
            </div>
            {errors.window && <div className="text-destructive text-xs" data-testid="group-field-error">{errors.window}</div>}
            <div className="flex justify-end gap-2">
              <Button variant="outline" onClick={onClose}>
                {t("cancel")}
              </Button>
              <Button data-testid="group-submit" disabled={busy || skus.length === 0} onClick={() => void submit()}>
                {t("submit")}
              </Button>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
