"use client";

import { LoaderCircleIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";

/** A read-only dialog (log details): its content, or a spinner while it loads, and 关闭. */
export function DetailDialog({
  open,
  onClose,
  title,
  testId,
  loading,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  testId: string;
  loading?: boolean;
  children: ReactNode;
}) {
  const tl = useTranslations("list");
  return (
    <Dialog open={open} onOpenChange={(value) => !value && onClose()}>
      <DialogContent data-testid={testId} className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="sr-only">{title}</DialogDescription>
        </DialogHeader>
        {loading ? (
          <div data-testid="detail-loading" className="flex h-32 items-center justify-center text-primary">
            <LoaderCircleIcon className="size-6 animate-spin" />
          </div>
        ) : (
          children
        )}
        <div className="flex justify-end">
          <Button type="button" variant="outline" data-testid="detail-close" onClick={onClose}>
            {tl("close")}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
