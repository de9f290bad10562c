"use client";

import { useTranslations } from "next-intl";
import { useEffect, useEffectEvent, useState } from "react";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { answer, bff } from "@/lib/api/core";
import type { components } from "@/lib/api/bff-types";
import { RequestError } from "@/lib/request";

export type ShopOption = components["schemas"]["ShopOption"];

async function shopOptions(query: { keyword?: string; id?: number }): Promise<ShopOption[]> {
  try {
    return (await answer(bff.GET("/bff/resources/options/shops", { params: { query } }))).data;
  } catch (error) {
    if (error instanceof RequestError) return [];
    throw error;
  }
}

/**
 * A searchable select of the mall's shops (the `shop` field kind's, registered in features/field-pickers.tsx): a keyword box narrows the choices
 * (the BFF's shop options, at most 20), the chosen shop stays listed with its name.
 */
export function ShopPicker({ value, onChange, id, testId, invalid }: { value: number | null; onChange: (id: number | null) => void; id?: string; testId?: string; invalid?: boolean }) {
  const t = useTranslations("resource");
  const [keyword, setKeyword] = useState("");
  const [options, setOptions] = useState<ShopOption[]>([]);
  const [chosen, setChosen] = useState<ShopOption | null>(null);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      void shopOptions(keyword.trim() ? { keyword: keyword.trim() } : {}).then((found) => live && setOptions(found));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [keyword]);

  const isChosen = useEffectEvent((id: number) => id === chosen?.id);
  useEffect(() => {
    if (value === null || value === undefined || isChosen(value)) return;
    let live = true;
    void shopOptions({ id: value }).then((found) => live && setChosen(found[0] ?? { id: value, name: `#${value}` }));
    return () => {
      live = false;
    };
  }, [value]);

  const shown = chosen && !options.some((o) => o.id === chosen.id) ? [chosen, ...options] : options;
  return (
    <div className="flex w-full gap-2">
      <Input className="w-32" placeholder={t("shopSearch")} value={keyword} onChange={(e) => setKeyword(e.target.value)} data-testid={testId ? `${testId}-search` : undefined} />
      <NativeSelect
        id={id}
        className="min-w-40 flex-1"
        data-testid={testId}
        value={value === null || value === undefined ? "" : String(value)}
        aria-invalid={invalid}
        onChange={(e) => {
          const next = e.target.value ? Number(e.target.value) : null;
          setChosen(shown.find((o) => o.id === next) ?? null);
          onChange(next);
        }}
      >
        <option value="">{t("shopChoose")}</option>
        {shown.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
