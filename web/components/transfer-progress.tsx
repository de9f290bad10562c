"use client";

import { useTranslations } from "next-intl";
import { Progress } from "@/components/ui/progress";
import { percent, type Transfer, transferBytes } from "@/lib/transfer";
import { cn } from "@/lib/utils";

/**
 * A long transfer's bar (issue 28 §3), the same in a download's toast and in the import dialog: what is
 * happening to which file, the bar (filling with the bytes, pulsing while the server works), the bytes so far.
 */
export function TransferProgress({ transfer, className }: { transfer: Transfer; className?: string }) {
  const t = useTranslations("transfer");
  const value = percent(transfer);
  const label = t(transfer.phase, { name: transfer.name });
  return (
    <div data-testid="transfer-progress" data-phase={transfer.phase} className={cn("flex w-full min-w-56 flex-col gap-1.5", className)}>
      <span data-testid="transfer-label" className="text-sm break-all">
        {label}
      </span>
      <Progress
        data-testid="transfer-bar"
        aria-label={label}
        value={value}
        className={cn(value === null && "animate-pulse [&>[data-slot=progress-indicator]]:transform-none!")}
      />
      <span data-testid="transfer-bytes" className="text-xs text-muted-foreground tabular-nums">
        {value === null ? "\u00a0" : `${value}% · ${transferBytes(transfer)}`}
      </span>
    </div>
  );
}
