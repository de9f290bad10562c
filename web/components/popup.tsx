"use client";

import { Dialog as DialogPrimitive } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** Popup types of spec §2.9: 1000 slides in from the bottom, 2000 appears centred. */
export const POPUP_BOTTOM = 1000;
export const POPUP_CENTRE = 2000;
export const POPUP_Z_INDEX = 500;

export function Popup({
  open,
  onOpenChange,
  type = POPUP_CENTRE,
  zIndex = POPUP_Z_INDEX,
  title,
  children,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  type?: typeof POPUP_BOTTOM | typeof POPUP_CENTRE;
  zIndex?: number;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const bottom = type === POPUP_BOTTOM;
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay
          className="fixed inset-0 bg-black/40 data-[state=open]:animate-in data-[state=open]:fade-in-0"
          style={{ zIndex }}
        />
        <DialogPrimitive.Content
          data-testid="popup"
          data-type={type}
          style={{ zIndex }}
          className={cn(
            "fixed bg-background p-4 shadow-lg outline-none",
            bottom
              ? "inset-x-0 bottom-0 max-h-[80vh] overflow-auto rounded-t-xl data-[state=open]:animate-in data-[state=open]:slide-in-from-bottom"
              : "top-1/2 left-1/2 max-h-[80vh] w-[min(90vw,32rem)] -translate-x-1/2 -translate-y-1/2 overflow-auto rounded-lg data-[state=open]:animate-in data-[state=open]:fade-in-0 data-[state=open]:zoom-in-95",
            className,
          )}
        >
          <DialogPrimitive.Title className="mb-3 text-base font-semibold">{title}</DialogPrimitive.Title>
          <DialogPrimitive.Description className="sr-only">{title}</DialogPrimitive.Description>
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
