"use client";

import { useTranslations } from "next-intl";
import { createContext, type ReactNode, useCallback, useContext, useState } from "react";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";

export interface ConfirmOptions {
  message: string;
  /** '系统提示' unless given */
  title?: string;
  confirmText?: string;
  cancelText?: string;
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/** The spec's confirmation dialog: title 系统提示, buttons 确定 / 取消. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const t = useTranslations("common");
  const [pending, setPending] = useState<{ options: ConfirmOptions; resolve: (ok: boolean) => void } | null>(null);

  const confirm = useCallback<Confirm>(
    (options) => new Promise<boolean>((resolve) => setPending({ options, resolve })),
    [],
  );

  const close = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <AlertDialog open={pending !== null} onOpenChange={(open) => !open && close(false)}>
        <AlertDialogContent data-testid="confirm-dialog">
          <AlertDialogHeader>
            <AlertDialogTitle>{pending?.options.title ?? t("systemPrompt")}</AlertDialogTitle>
            <AlertDialogDescription>{pending?.options.message}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel data-testid="confirm-cancel" onClick={() => close(false)}>
              {pending?.options.cancelText ?? t("cancel")}
            </AlertDialogCancel>
            <AlertDialogAction data-testid="confirm-ok" onClick={() => close(true)}>
              {pending?.options.confirmText ?? t("confirm")}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error("useConfirm needs a <ConfirmProvider>");
  return confirm;
}

/** Confirm, write, toast: the shape of every delete and status change (`run` resolves false when refused). */
export function useConfirmedAction() {
  const confirm = useConfirm();
  const t = useTranslations("list");
  return useCallback(
    async (message: string, run: () => Promise<boolean>, done = t("deleted")) => {
      if (!(await confirm({ message }))) return false;
      const ok = await run();
      if (ok) toast.success(done);
      return ok;
    },
    [confirm, t],
  );
}
