"use client";

import type { ReactNode } from "react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { cn } from "@/lib/utils";

/** A choice of the top bar (language, size): an icon that opens its options, the current one checked. */
export function NavbarChoice<T extends string>({
  testId,
  label,
  icon,
  className,
  value,
  options,
  onChange,
}: {
  /** the trigger's test id; each option's is `${testId prefix}-${value}` */
  testId: string;
  label: string;
  icon: ReactNode;
  className?: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  const prefix = testId.replace(/-select$/, "");
  return (
    <DropdownMenu>
      <DropdownMenuTrigger data-testid={testId} aria-label={label} className={cn("flex h-full items-center px-2 text-muted-foreground hover:text-foreground", className)}>
        {icon}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuRadioGroup value={value} onValueChange={(next) => {
            const chosen = options.find((option) => option.value === next);
            if (chosen) onChange(chosen.value);
          }}>
          {options.map((option) => (
            <DropdownMenuRadioItem key={option.value} value={option.value} data-testid={`${prefix}-${option.value}`}>
              {option.label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
