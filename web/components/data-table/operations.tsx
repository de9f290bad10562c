"use client";

import type { ReactNode } from "react";
import { Authorized } from "@/components/authorized";
import { Button } from "@/components/ui/button";

/** A row's text button (修改, 删除, ...), shown only with its permission. */
export function RowAction({
  perms,
  icon,
  label,
  onClick,
  testId,
}: {
  perms?: string | string[];
  icon: ReactNode;
  label: string;
  onClick: () => void;
  testId: string;
}) {
  const button = (
    <Button variant="link" size="sm" className="h-auto px-1 py-0" data-testid={testId} onClick={onClick}>
      {icon}
      {label}
    </Button>
  );
  return perms ? <Authorized perms={perms}>{button}</Authorized> : button;
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
