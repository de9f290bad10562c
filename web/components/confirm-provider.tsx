"use client";

import { useTranslations } from "next-intl";
import { createContext, type ReactNode, useCallback, useContext, useLayoutEffect, useMemo, useRef, useState } from "react";
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
import { type ConfirmWords, confirmText } from "@/lib/confirm-text";
import { RequestError } from "@/lib/request";

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

/** The operator's words of a confirmation that names its record and amount (lib/confirm-text.ts). */
export function useConfirmWords(): ConfirmWords {
  const t = useTranslations("confirm");
  return useMemo(() => ({ named: (values) => t("named", values), many: (values) => t("many", values), amount: (values) => t("amount", values) }), [t]);
}

/**
 * 删除 of a list naming what goes: '确认删除用户"张三"吗？' for one record, '确认删除选中的 3 条数据吗？' for several.
 * `nameOf` names a record by its id (from the rows shown); `call` gets the ids joined by commas.
 */
export function useNamedRemove(kind: string, nameOf: (id: number) => string | undefined, call: (ids: string) => Promise<unknown>, refresh: () => void) {
  const confirmed = useConfirmedAction();
  const words = useConfirmWords();
  const t = useTranslations("confirm");
  // stable, so that the columns memoised with it do not change: the latest names and call are read when it runs
  const latest = useRef({ kind, nameOf, call, refresh });
  useLayoutEffect(() => {
    latest.current = { kind, nameOf, call, refresh };
  });
  return useCallback(async (ids: number[]) => {
    const { kind, nameOf, call, refresh } = latest.current;
    const names = ids.map((id) => nameOf(id) ?? String(id));
    const ok = await confirmed(confirmText(words, { action: t("remove"), kind, names }), async () => {
      try {
        await call(ids.join(","));
        return true;
      } catch (error) {
        if (error instanceof RequestError) return false;
        throw error;
      }
    });
    if (ok) refresh();
    return ok;
  }, [confirmed, words, t]);
}
