"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { signOut } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { AuthCard } from "@/components/auth-card";
import { useConfirm } from "@/components/confirm-provider";
import { signOutToLogin } from "@/components/sign-out";
import { Button } from "@/components/ui/button";
import { useMessageText } from "@/lib/i18n-client";

/**
 * Reached when a page rendered on the server met an ended session (a reload, a menu click) or the
 * session screen failed. An ended session asks as a call from the browser does ('登录状态已过期…',
 * 重新登录 / 取消), then signs out and goes to /login?redirect=<the page>; with 取消 the page stays
 * here (there is nothing to stay on) with the button to sign in again. Any other failure shows the
 * error and goes to /.
 */
export default function SessionEndedPage() {
  const router = useRouter();
  const params = useSearchParams();
  const t = useTranslations("request");
  const text = useMessageText();
  const confirm = useConfirm();
  const done = useRef(false);
  const [declined, setDeclined] = useState(false);
  const from = params.get("from");

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (params.get("reason") === "error") {
      const detail = params.get("text");
      toast.error(text(detail ? { text: detail } : { key: "codeDefault" }));
      signOut({ redirect: false }).finally(() => router.replace("/"));
      return;
    }
    confirm({ message: t("expired"), confirmText: t("relogin"), cancelText: t("cancel") }).then((ok) =>
      ok ? signOutToLogin(from ?? "") : setDeclined(true),
    );
  }, [confirm, from, params, router, t, text]);

  if (!declined) return null;
  return (
    <AuthCard title={t("expired")}>
      <Button data-testid="session-ended-relogin" className="w-full" onClick={() => signOutToLogin(from ?? "")}>
        {t("relogin")}
      </Button>
    </AuthCard>
  );
}
