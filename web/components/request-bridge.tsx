"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { toast } from "sonner";
import { useConfirm } from "@/components/confirm-provider";
import { signOutToLogin } from "@/components/sign-out";
import { TransferProgress } from "@/components/transfer-progress";
import { useMessageText } from "@/lib/i18n-client";
import { setRequestHandlers } from "@/lib/request";

/** Gives the request layer its toasts, its 'login has expired' prompt and its transfers' progress toasts. */
export function RequestBridge() {
  const t = useTranslations("request");
  const text = useMessageText();
  const confirm = useConfirm();
  const prompting = useRef(false);

  useEffect(
    () =>
      setRequestHandlers({
        show(kind, message, duration) {
          const options = duration ? { duration } : undefined;
          if (kind === "warning") toast.warning(text(message), options);
          else toast.error(text(message), options);
        },
        async relogin() {
          if (prompting.current) return;
          prompting.current = true;
          const ok = await confirm({
            message: t("expired"),
            confirmText: t("relogin"),
            cancelText: t("cancel"),
          });
          prompting.current = false;
          if (ok) await signOutToLogin(window.location.pathname + window.location.search);
        },
        transfer(id, state) {
          const toastId = `transfer-${id}`;
          if (state) toast(<TransferProgress transfer={state} />, { id: toastId, duration: Infinity, closeButton: false });
          else toast.dismiss(toastId);
        },
      }),
    [confirm, t, text],
  );

  return null;
}
