"use client";

import { LoaderCircleIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type { FormEvent, ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { cn } from "@/lib/utils";

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
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  testId?: string;
  className?: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitting?: boolean;
  children: ReactNode;
}) {
  const t = useTranslations("common");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        data-testid={testId}
        className={cn("max-h-[90vh] overflow-y-auto sm:max-w-2xl", className)}
        onInteractOutside={(event) => event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="sr-only">{title}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <div className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2">{children}</div>
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
