"use client";

import { ChevronLeftIcon, ChevronRightIcon, EllipsisIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useLayout } from "@/components/layout/settings-provider";
import { NativeSelect } from "@/components/ui/native-select";
import {
  clampPage,
  moreTarget,
  PAGE_SIZES,
  pageAfterSizeChange,
  pageCount,
  pagerCountFor,
  pagerItems,
  scrollWindowTo,
} from "@/lib/pager";
import { cn } from "@/lib/utils";

/** total, sizes, prev, pager (5 buttons below 992 px, else 7), next, jumper; a change scrolls to top in 800 ms. */
export function Pagination({
  total,
  pageNum,
  pageSize,
  onChange,
}: {
  total: number;
  pageNum: number;
  pageSize: number;
  onChange: (next: { pageNum: number; pageSize: number }) => void;
}) {
  const t = useTranslations("list");
  const { mobile } = useLayout();
  const pagerCount = pagerCountFor(mobile ? 0 : 992);
  const pages = pageCount(total, pageSize);
  const current = clampPage(pageNum, pages);
  // what is typed in the jumper, for the page it was typed on: another page shows its own number
  const [typed, setTyped] = useState({ page: current, text: String(current) });
  const jump = typed.page === current ? typed.text : String(current);
  const setJump = (text: string) => setTyped({ page: current, text });

  if (total <= 0) return null;
  const go = (next: { pageNum: number; pageSize: number }) => {
    onChange(next);
    scrollWindowTo(0);
  };
  const goPage = (page: number) => page !== current && go({ pageNum: clampPage(page, pages), pageSize });
  const pagerButton = "inline-flex h-7 min-w-7 items-center justify-center rounded px-1.5 text-sm";

  return (
    <nav data-testid="pagination" aria-label={t("pagination")} className="mt-3 flex flex-wrap items-center justify-end gap-2 text-sm">
      <span data-testid="pagination-total">{t("total", { total })}</span>
      <NativeSelect
        data-testid="pagination-size"
        aria-label={t("pageSize")}
        className="w-28"
        value={pageSize}
        onChange={(e) => {
          const size = Number(e.target.value);
          go({ pageNum: pageAfterSizeChange(current, pageSize, size, total), pageSize: size });
        }}
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {t("perPage", { size })}
          </option>
        ))}
      </NativeSelect>
      <button type="button" data-testid="pagination-prev" aria-label={t("prev")} disabled={current <= 1} className={cn(pagerButton, "disabled:opacity-40")} onClick={() => goPage(current - 1)}>
        <ChevronLeftIcon className="size-4" />
      </button>
      <ul className="flex items-center gap-1">
        {pagerItems(current, pages, pagerCount).map((item) => (
          <li key={item}>
            {typeof item === "number" ? (
              <button
                type="button"
                data-testid="pagination-page"
                aria-current={item === current ? "page" : undefined}
                className={cn(pagerButton, item === current ? "bg-primary text-primary-foreground" : "hover:text-primary")}
                onClick={() => goPage(item)}
              >
                {item}
              </button>
            ) : (
              <button type="button" aria-label={item} className={cn(pagerButton, "hover:text-primary")} onClick={() => goPage(moreTarget(item, current, pages, pagerCount))}>
                <EllipsisIcon className="size-4" />
              </button>
            )}
          </li>
        ))}
      </ul>
      <button type="button" data-testid="pagination-next" aria-label={t("next")} disabled={current >= pages} className={cn(pagerButton, "disabled:opacity-40")} onClick={() => goPage(current + 1)}>
        <ChevronRightIcon className="size-4" />
      </button>
      <label className="flex items-center gap-1">
        {t("jumpTo")}
        <input
          data-testid="pagination-jump"
          inputMode="numeric"
          className="h-7 w-12 rounded-md border border-input text-center"
          value={jump}
          onChange={(e) => setJump(e.target.value.replace(/\D/g, ""))}
          onKeyDown={(e) => e.key === "Enter" && goPage(Number(jump))}
          onBlur={() => jump && goPage(Number(jump))}
        />
        {t("pageUnit")}
      </label>
    </nav>
  );
}
