"use client";

import { EllipsisIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Authorized } from "@/components/authorized";
import { useConsole } from "@/components/layout/console-context";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { hasPermi } from "@/lib/permission";
import { INLINE_ACTIONS, splitActions } from "@/lib/row-actions";

/** One of a row's operations, as data: RowActions shows it inline or under 更多. */
export interface RowActionSpec {
  perms?: string | string[];
  icon: ReactNode;
  label: string;
  onClick: () => void;
  testId: string;
  /** React key when the test id repeats */
  key?: string;
}

function InlineAction({ icon, label, onClick, testId }: Omit<RowActionSpec, "perms" | "key">) {
  return (
    <Button variant="link" size="sm" className="h-auto px-1 py-0 whitespace-nowrap" data-testid={testId} onClick={onClick}>
      {icon}
      {label}
    </Button>
  );
}

/** A row's single text button (修改, 删除, ...), shown only with its permission. */
export function RowAction({ perms, ...action }: RowActionSpec) {
  const button = <InlineAction {...action} />;
  return perms ? <Authorized perms={perms}>{button}</Authorized> : button;
}

/**
 * Every list's operations cell: the first three permitted actions inline on one line, the rest under a
 * 更多 menu (keyboard usable; its items keep their test ids). Left-out entries (false, null) are skipped.
 */
export function RowActions({ actions, inline = INLINE_ACTIONS }: { actions: readonly (RowActionSpec | false | null | undefined)[]; inline?: number }) {
  const access = useConsole();
  const tl = useTranslations("list");
  const split = splitActions(actions, (perms) => hasPermi(access, perms), inline);
  if (split.inline.length === 0) return null;
  return (
    <span data-testid="row-actions" className="inline-flex flex-nowrap items-center gap-x-1 whitespace-nowrap">
      {split.inline.map(({ key, perms: _perms, ...action }) => (
        <InlineAction key={key ?? action.testId} {...action} />
      ))}
      {split.more.length > 0 && (
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button variant="link" size="sm" className="h-auto px-1 py-0 whitespace-nowrap" data-testid="row-more" aria-label={tl("more")}>
              {tl("more")}
              <EllipsisIcon />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" data-testid="row-more-menu">
            {split.more.map(({ key, icon, label, onClick, testId }) => (
              <DropdownMenuItem key={key ?? testId} data-testid={testId} onSelect={onClick}>
                {icon}
                {label}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      )}
    </span>
  );
}

/** A toolbar button (新增, 修改, 删除, 导出, ...), shown only with its permission. */
export function ToolbarButton({
  perms,
  icon,
  label,
  onClick,
  disabled,
  variant = "outline",
  testId,
}: {
  perms?: string | string[];
  icon: ReactNode;
  label: string;
  onClick: () => void;
  disabled?: boolean;
  variant?: "default" | "outline" | "destructive" | "secondary";
  testId: string;
}) {
  const button = (
    <Button size="sm" variant={variant} data-testid={testId} disabled={disabled} onClick={onClick}>
      {icon}
      {label}
    </Button>
  );
  return perms ? <Authorized perms={perms}>{button}</Authorized> : button;
}
