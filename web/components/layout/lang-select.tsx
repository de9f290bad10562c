"use client";

import { LanguagesIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { NavbarChoice } from "@/components/layout/navbar-choice";
import { LOCALES } from "@/lib/i18n";
import { LOCALE_COOKIE } from "@/lib/settings";

const LABELS: Record<(typeof LOCALES)[number], string> = { "zh-CN": "中文", en: "English" };
const OPTIONS = LOCALES.map((value): { value: string; label: string } => ({ value, label: LABELS[value] }));

/** zh-CN / English, kept in a cookie that the server reads. */
export function LangSelect() {
  const t = useTranslations("navbar");
  const locale = useLocale();
  const router = useRouter();

  const change = (value: string) => {
    document.cookie = `${LOCALE_COOKIE}=${value}; path=/; max-age=31536000; samesite=lax`;
    router.refresh();
  };

  return <NavbarChoice testId="lang-select" label={t("language")} icon={<LanguagesIcon className="size-[18px]" />} value={locale} options={OPTIONS} onChange={change} />;
}
