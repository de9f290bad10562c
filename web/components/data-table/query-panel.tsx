"use client";

import { ChevronDownIcon, ChevronUpIcon, RotateCcwIcon, SearchIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { DateRangePicker } from "@/components/date-range-picker";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { useQueryDraft } from "@/components/data-table/use-list";
import { NativeSelect } from "@/components/ui/native-select";
import type { DictDataItem } from "@/lib/api/types";
import { collapsedPanelHeight } from "@/lib/list-query";
import { cn } from "@/lib/utils";

/**
 * The collapsible query panel of spec §2.8: collapsed, its first row of fields whole (never a peeking
 * half row); 展开/收起 only when there are more rows. 搜索 and 重置 sit outside the folded part, so they
 * show whether it is open or not (beside the fields on a wide screen, under them on a narrow one).
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
  const [collapsedHeight, setCollapsedHeight] = useState<number | null>(null);

  useEffect(() => {
    const node = content.current;
    if (!node) return;
    const measure = () =>
      setCollapsedHeight(
        collapsedPanelHeight([...node.children].map((child) => ({ top: (child as HTMLElement).offsetTop, height: (child as HTMLElement).offsetHeight }))),
      );
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [show]);

  if (!show) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  const toggle = collapsedHeight !== null;
  return (
    <form data-testid="query-panel" onSubmit={submit} className="mb-2 flex flex-wrap items-start gap-x-4 gap-y-3 pb-3">
      <div
        data-testid="query-fields"
        data-collapsed={toggle && !expanded ? "true" : undefined}
        className="min-w-[min(100%,20rem)] flex-1 overflow-hidden transition-[max-height] duration-300"
        style={{ maxHeight: toggle && !expanded ? collapsedHeight : undefined }}
      >
        <div ref={content} className="relative flex flex-wrap items-center gap-x-6 gap-y-7">
          {children}
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <Button type="submit" size="sm" data-testid="query-search">
          <SearchIcon />
          {t("search")}
        </Button>
        <Button type="button" size="sm" variant="outline" data-testid="query-reset" onClick={onReset}>
          <RotateCcwIcon />
          {t("reset")}
        </Button>
        {toggle && (
          <Button type="button" size="sm" variant="link" data-testid="query-toggle" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
            {expanded ? t("collapse") : t("expand")}
            {expanded ? <ChevronUpIcon /> : <ChevronDownIcon />}
          </Button>
        )}
      </div>
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

/** A date range filter (the one picker of every range filter), sent as params[beginTime] / params[endTime] (or begin/end{Field}). */
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
  return (
    <div className="flex items-center gap-2 text-sm">
      <span className="shrink-0 font-medium text-foreground/80">{label}</span>
      <DateRangePicker testId="query-date-range" begin={begin} end={end} onChange={onChange} />
    </div>
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
