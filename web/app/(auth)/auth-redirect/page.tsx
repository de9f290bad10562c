"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { AuthCard } from "@/components/auth-card";

/** Third-party sign-in hand-off: the opener reads the code from local storage, this pop-up closes. */
export default function AuthRedirectPage() {
  const t = useTranslations("publicPages");
  useEffect(() => {
    localStorage.setItem("x-admin-oauth-code", window.location.search.slice(1));
    window.close();
  }, []);
  return (
    <AuthCard title={t("authRedirectTitle")}>
      <p className="text-sm text-muted-foreground">{t("authRedirectDetail")}</p>
      <Link href="/login" className="mt-4 block text-sm text-primary hover:underline">
        {t("toLogin")}
      </Link>
    </AuthCard>
  );
}
