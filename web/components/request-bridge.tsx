"use client";

import { LoaderCircleIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { useConfirm } from "@/components/confirm-provider";
import { signOutToLogin } from "@/components/sign-out";
import { useMessageText } from "@/lib/i18n-client";
import type { Message } from "@/lib/outcome";
import { setRequestHandlers } from "@/lib/request";

/** Gives the request layer its toasts, its 'login has expired' prompt and its loading layer. */
export function RequestBridge() {
  const t = useTranslations("request");
  const text = useMessageText();
  const confirm = useConfirm();
  const [loading, setLoading] = useState<Message | null>(null);
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
        loading: setLoading,
      }),
    [confirm, t, text],
  );

  if (!loading) return null;
  return (
    <div
      data-testid="loading-layer"
      className="fixed inset-0 z-[100] flex flex-col items-center justify-center gap-3 bg-background/70 text-sm text-primary"
    >
      <LoaderCircleIcon className="size-8 animate-spin" />
      {text(loading)}
    </div>
  );
}
