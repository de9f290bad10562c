"use client";

import { ChevronDownIcon, ChevronUpIcon, RotateCcwIcon, SearchIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { useQueryDraft } from "@/components/data-table/use-list";
import { NativeSelect } from "@/components/ui/native-select";
import type { DictDataItem } from "@/lib/api/types";
import { needsPanelToggle, QUERY_PANEL_COLLAPSED } from "@/lib/list-query";
import { cn } from "@/lib/utils";

/**
 * The collapsible query panel of spec §2.8: 58 px high when collapsed, 展开/收起 shown only when the
 * fields are taller than that; 搜索 and 重置 end the form.
 */
export function QueryPanel({
  show = true,
  onSearch,
  onReset,
  children,
}: {
  show?: boolean;
  onSearch: () => void;
  onReset: () => void;
  children: ReactNode;
}) {
  const t = useTranslations("list");
  const content = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [toggle, setToggle] = useState(false);

  useEffect(() => {
    const node = content.current;
    if (!node) return;
    const observer = new ResizeObserver(() => setToggle(needsPanelToggle(node.scrollHeight)));
    observer.observe(node);
    return () => observer.disconnect();
  }, [show]);

  if (!show) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  return (
    <form data-testid="query-panel" onSubmit={submit} className="mb-2 flex items-start gap-2">
      <div
        className="flex-1 overflow-hidden transition-[max-height] duration-300"
        style={{ maxHeight: expanded || !toggle ? undefined : QUERY_PANEL_COLLAPSED }}
      >
        <div ref={content} className="flex flex-wrap items-center gap-x-6 gap-y-7 pb-3">
          {children}
          <div className="flex gap-2">
            <Button type="submit" size="sm" data-testid="query-search">
              <SearchIcon />
              {t("search")}
            </Button>
            <Button type="button" size="sm" variant="outline" data-testid="query-reset" onClick={onReset}>
              <RotateCcwIcon />
              {t("reset")}
            </Button>
          </div>
        </div>
      </div>
      {toggle && (
        <Button
          type="button"
          size="sm"
          variant="link"
          data-testid="query-toggle"
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? t("collapse") : t("expand")}
          {expanded ? <ChevronUpIcon /> : <ChevronDownIcon />}
        </Button>
      )}
    </form>
  );
}

export function QueryField({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <label className={cn("flex items-center gap-2 text-sm", className)}>
      <span className="shrink-0 font-medium text-foreground/80">{label}</span>
      <span className="w-48">{children}</span>
    </label>
  );
}

export function QueryInput({
  label,
  name,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}) {
  return (
    <QueryField label={label}>
      <Input
        data-testid={`query-${name}`}
        name={name}
        value={value}
        placeholder={placeholder ?? label}
        onChange={(event) => onChange(event.target.value)}
        className="h-8"
      />
    </QueryField>
  );
}

/** A filter by a dictionary: its labels as options, '' for any. */
export function QueryDictSelect({
  label,
  name,
  value,
  onChange,
  options,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly Pick<DictDataItem, "dictLabel" | "dictValue">[] | undefined;
}) {
  return (
    <QueryField label={label}>
      <NativeSelect data-testid={`query-${name}`} name={name} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{label}</option>
        {(options ?? []).map((option) => (
          <option key={option.dictValue} value={option.dictValue}>
            {option.dictLabel}
          </option>
        ))}
      </NativeSelect>
    </QueryField>
  );
}

/** A date range filter: two days, sent as params[beginTime] / params[endTime] (or begin/end{Field}). */
export function QueryDateRange({
  label,
  begin,
  end,
  onChange,
}: {
  label: string;
  begin: string;
  end: string;
  onChange: (begin: string, end: string) => void;
}) {
  const t = useTranslations("list");
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="shrink-0 font-medium text-foreground/80">{label}</span>
      <span className="flex items-center gap-1">
        <Input
          type="date"
          data-testid="query-begin"
          aria-label={t("beginDate")}
          value={begin}
          max={end || undefined}
          onChange={(e) => onChange(e.target.value, end)}
          className="h-8 w-36"
        />
        <span className="text-muted-foreground">-</span>
        <Input
          type="date"
          data-testid="query-end"
          aria-label={t("endDate")}
          value={end}
          min={begin || undefined}
          onChange={(e) => onChange(begin, e.target.value)}
          className="h-8 w-36"
        />
      </span>
    </label>
  );
}

/** The date range of a list's query draft, under its `beginTime` / `endTime` keys (or the given ones). */
export function QueryDraftRange({
  label,
  draft,
  begin = "beginTime",
  end = "endTime",
}: {
  label: string;
  draft: ReturnType<typeof useQueryDraft>;
  begin?: string;
  end?: string;
}) {
  return (
    <QueryDateRange
      label={label}
      begin={draft.draft[begin] ?? ""}
      end={draft.draft[end] ?? ""}
      onChange={(from, to) => {
        draft.set(begin, from);
        draft.set(end, to);
      }}
    />
  );
}
