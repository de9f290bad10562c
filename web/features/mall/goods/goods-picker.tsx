"use client";

import { XIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { answer, bff } from "@/lib/api/core";
import type { components } from "@/lib/api/bff-types";
import { RequestError } from "@/lib/request";
import { goodsSearchParams, labelsOf, toggleId } from "@/features/resources/picker-logic";

type GoodsHit = components["schemas"]["GoodsOption"];

/**
 * Several goods chosen by searching their names (a goods coupon's): the goods list call (name fragment, at most
 * 20, within `shopId` when it is a shop's); the chosen ones stay listed by name and each can be removed.
 * `labels`: the names of the ids the record came with.
 */
export function GoodsMultiPicker({ value, onChange, shopId, labels, testId }: { value: number[]; onChange: (ids: number[]) => void; shopId?: unknown; labels?: readonly { id: number; name: string }[]; testId?: string }) {
  const t = useTranslations("resource");
  const [keyword, setKeyword] = useState("");
  const [hits, setHits] = useState<GoodsHit[]>([]);
  // the names of goods added from the search; the record's own (labels) are read beside them
  const [found, setFound] = useState<ReadonlyMap<number, string>>(() => new Map());
  const names = useMemo(() => new Map([...found, ...(labels ?? []).map((l) => [l.id, l.name] as const)]), [found, labels]);
  const params = useMemo(() => goodsSearchParams(keyword, shopId), [keyword, shopId]);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      answer(bff.GET("/bff/resources/options/goods", { params: { query: params } }))
        .then(({ data }) => live && setHits(data))
        .catch((error: unknown) => {
          if (!(error instanceof RequestError)) throw error;
        });
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [params]);

  const add = (hit: GoodsHit) => {
    setFound((known) => new Map(known).set(hit.id, hit.name));
    if (!value.includes(hit.id)) onChange([...value, hit.id]);
  };
  const chosen = labelsOf(value, names);
  return (
    <div className="space-y-2" data-testid={testId}>
      <div className="flex flex-wrap gap-1" data-testid={testId ? `${testId}-chosen` : undefined}>
        {chosen.map((c) => (
          <span key={c.id} className="inline-flex items-center gap-1 rounded-md border bg-muted px-2 py-0.5 text-sm" data-testid="chosen-goods">
            {c.name}
            <button type="button" className="text-muted-foreground hover:text-destructive" aria-label={t("goodsRemove", { name: c.name })} onClick={() => onChange(toggleId(value, c.id))}>
              <XIcon className="size-3.5" />
            </button>
          </span>
        ))}
      </div>
      <p className="text-xs text-muted-foreground">{t("goodsChosen", { n: value.length })}</p>
      <Input placeholder={t("goodsSearch")} value={keyword} maxLength={100} onChange={(e) => setKeyword(e.target.value)} data-testid={testId ? `${testId}-search` : undefined} />
      <div className="max-h-48 overflow-y-auto rounded-md border">
        {hits.length === 0 && <p className="p-2 text-sm text-muted-foreground">{t("goodsNone")}</p>}
        {hits.map((hit) => (
          <div key={hit.id} className="flex items-center justify-between gap-2 border-b px-2 py-1 text-sm last:border-b-0" data-testid="goods-hit">
            <span className="truncate">
              {hit.name}
              {hit.shopName ? <span className="ml-2 text-xs text-muted-foreground">{hit.shopName}</span> : null}
            </span>
            <Button type="button" size="sm" variant="outline" disabled={value.includes(hit.id)} onClick={() => add(hit)}>
              {t("goodsAdd")}
            </Button>
          </div>
        ))}
      </div>
    </div>
  );
}
