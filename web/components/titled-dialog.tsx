"use client";

import type { ComponentProps, ReactNode } from "react";
import { Dialog, DialogContent, DialogHeader, DialogTitle } from "@/components/ui/dialog";

/**
 * A dialog with its title over what it asks (a reason, the payment password, a decision) or shows (a
 * detail): open while `open`, closed by its ✕, Esc or a click outside through `onClose`.
 */
export function TitledDialog({ open, onClose, title, children, ...content }: Omit<ComponentProps<typeof DialogContent>, "title"> & { open: boolean; onClose: () => void; title: ReactNode }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent {...content}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
