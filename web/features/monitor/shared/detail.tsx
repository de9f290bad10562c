import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** A read-only label/value row of a detail dialog (RuoYi's el-form of spans). */
export function DetailItem({ label, children, full, testId }: { label: string; children: ReactNode; full?: boolean; testId?: string }) {
  return (
    <div className={cn("flex min-w-0 items-start gap-3 text-sm", full && "sm:col-span-2")}>
      <span className="w-24 shrink-0 text-right font-medium text-foreground/80">{label}：</span>
      <span data-testid={testId} className="min-w-0 flex-1 break-words">
        {children ?? "-"}
      </span>
    </div>
  );
}

/** A block of text the server stored (parameters, results, exceptions): kept as written, scrolling. */
export function DetailText({ value, testId }: { value?: string | null; testId?: string }) {
  return (
    <pre data-testid={testId} className="max-h-60 overflow-auto rounded-md bg-muted p-2 font-mono text-xs leading-relaxed whitespace-pre-wrap break-all">
      {value || "-"}
    </pre>
  );
}

export function DetailGrid({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">{children}</div>;
}
