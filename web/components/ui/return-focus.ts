"use client";

import { useRef } from "react";

type AutoFocus = ((event: Event) => void) | undefined;

/**
 * Focus back on what opened a dialog (its 新增 button, a row's action) when it closes, by Escape, the close button
 * or a save: Radix returns it only to a Dialog.Trigger, and most dialogs here open from state. The opener is what
 * had focus when the dialog opened; one that is gone by then (a row removed, a menu closed) leaves Radix's default.
 */
export function useReturnFocus(onOpenAutoFocus: AutoFocus, onCloseAutoFocus: AutoFocus) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      onCloseAutoFocus?.(event);
      const back = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !back?.isConnected) return;
      event.preventDefault();
      back.focus();
    },
  };
}
