"use client";

import { LoaderCircleIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type { FormEvent, ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { cn } from "@/lib/utils";

// Fields per row on wider screens (a generated screen's formColNum), and the dialog's width for them.
const LAYOUTS = {
  1: { grid: "sm:grid-cols-1", width: "" },
  2: { grid: "sm:grid-cols-2", width: "" },
  3: { grid: "sm:grid-cols-3", width: "sm:max-w-4xl" },
  4: { grid: "sm:grid-cols-4", width: "sm:max-w-6xl" },
} as const;

/**
 * A create/edit dialog around a react-hook-form form: field errors show beside their fields, a
 * refusal of the server (its msg) arrives as a toast from the request layer and the dialog stays open.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  testId,
  className,
  onSubmit,
  submitting,
  columns = 2,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  testId?: string;
  className?: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitting?: boolean;
  columns?: 1 | 2 | 3 | 4;
  children: ReactNode;
}) {
  const t = useTranslations("common");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        data-testid={testId}
        className={cn("max-h-[90vh] overflow-y-auto sm:max-w-2xl", LAYOUTS[columns].width, className)}
        onInteractOutside={(event) => event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="sr-only">{title}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <div className={cn("grid grid-cols-1 gap-x-6 gap-y-4", LAYOUTS[columns].grid)}>{children}</div>
          <div className="flex justify-end gap-2">
            <Button type="submit" data-testid="form-submit" disabled={submitting}>
              {submitting && <LoaderCircleIcon className="animate-spin" />}
              {t("confirm")}
            </Button>
            <Button type="button" variant="outline" data-testid="form-cancel" onClick={() => onOpenChange(false)}>
              {t("cancel")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
