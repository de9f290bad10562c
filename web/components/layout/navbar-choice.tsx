"use client";

import type { ReactNode } from "react";
import { DropdownMenu, DropdownMenuContent, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { cn } from "@/lib/utils";

/** A navbar icon that opens a one-of choice (language, size): the options' test ids are {testId prefix}-{value}. */
export function NavbarChoice({
  testId,
  optionTestId,
  label,
  icon,
  className,
  value,
  options,
  onChange,
}: {
  testId: string;
  optionTestId: string;
  label: string;
  icon: ReactNode;
  className?: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger data-testid={testId} aria-label={label} className={cn("flex h-full items-center px-2 text-muted-foreground hover:text-foreground", className)}>
        {icon}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuRadioGroup value={value} onValueChange={onChange}>
          {options.map((option) => (
            <DropdownMenuRadioItem key={option.value} value={option.value} data-testid={`${optionTestId}-${option.value}`}>
              {option.label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
