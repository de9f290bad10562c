"use client";

import { CalendarIcon, ChevronLeftIcon, ChevronRightIcon, XIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { addMonths, dayRole, type Month, monthGrid, openingMonth, pickDay, rangeText, today } from "@/lib/date-range";
import { cn } from "@/lib/utils";

const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;

/**
 * The one date-range picker of every range filter: a button showing the range that opens a month
 * calendar; two clicks choose the two ends (in either order) and close it; × clears the range.
 * Values are "yyyy-MM-dd" or "".
 */
export function DateRangePicker({
  begin,
  end,
  onChange,
  testId = "date-range",
  className,
}: {
  begin: string;
  end: string;
  onChange: (begin: string, end: string) => void;
  testId?: string;
  className?: string;
}) {
  const t = useTranslations("dateRange");
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState<string | null>(null);
  const [month, setMonth] = useState<Month>(() => openingMonth(begin, today()));
  const text = rangeText(begin, end, t("to"));

  const openChange = (next: boolean) => {
    setOpen(next);
    setPending(null);
    if (next) setMonth(openingMonth(begin, today()));
  };
  const pick = (day: string) => {
    const step = pickDay(pending, day);
    setPending(step.pending);
    if (step.range) {
      onChange(...step.range);
      setOpen(false);
    }
  };

  return (
    <Popover open={open} onOpenChange={openChange}>
      <span className={cn("relative inline-flex w-60 max-w-full", className)}>
        <PopoverTrigger asChild>
          <button
            type="button"
            data-testid={testId}
            data-begin={begin || undefined}
            data-end={end || undefined}
            className="flex h-8 w-full min-w-0 items-center gap-2 rounded-md border border-input bg-transparent px-2.5 pr-7 text-left text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <CalendarIcon className="size-4 shrink-0 text-muted-foreground" />
            {text ? (
              <span className="truncate">{text}</span>
            ) : (
              <span className="truncate text-muted-foreground">
                {t("begin")} {t("to")} {t("end")}
              </span>
            )}
          </button>
        </PopoverTrigger>
        {text && (
          <button
            type="button"
            data-testid={`${testId}-clear`}
            aria-label={t("clear")}
            onClick={() => onChange("", "")}
            className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded p-0.5 text-muted-foreground hover:text-foreground"
          >
            <XIcon className="size-3.5" />
          </button>
        )}
      </span>
      <PopoverContent data-testid={`${testId}-calendar`} className="w-auto p-3">
        <div className="mb-2 flex items-center justify-between">
          <button type="button" data-testid={`${testId}-prev`} aria-label={t("prevMonth")} onClick={() => setMonth(addMonths(month, -1))} className="rounded p-1 hover:bg-muted">
            <ChevronLeftIcon className="size-4" />
          </button>
          <span data-testid={`${testId}-month`} className="text-sm font-medium">
            {t("month", { year: month.year, month: month.month })}
          </span>
          <button type="button" data-testid={`${testId}-next`} aria-label={t("nextMonth")} onClick={() => setMonth(addMonths(month, 1))} className="rounded p-1 hover:bg-muted">
            <ChevronRightIcon className="size-4" />
          </button>
        </div>
        <div role="grid" className="grid grid-cols-7 gap-y-1 text-center text-xs">
          {WEEKDAYS.map((day) => (
            <span key={day} className="py-1 text-muted-foreground">
              {t(day)}
            </span>
          ))}
          {monthGrid(month).map(({ day, inMonth }) => {
            const role = dayRole(day, begin, end, pending);
            return (
              <button
                key={day}
                type="button"
                data-day={day}
                data-role={role ?? undefined}
                aria-pressed={role === "end"}
                onClick={() => pick(day)}
                className={cn(
                  "size-8 rounded-md hover:bg-muted",
                  !inMonth && "text-muted-foreground/60",
                  role === "inside" && "rounded-none bg-primary/10",
                  role === "end" && "bg-primary text-primary-foreground hover:bg-primary/90",
                )}
              >
                {Number(day.slice(8))}
              </button>
            );
          })}
        </div>
        <p className="mt-2 text-center text-xs text-muted-foreground">{pending ? t("pickEnd") : t("pickBegin")}</p>
      </PopoverContent>
    </Popover>
  );
}
